import { Application, Container, Graphics, RenderTexture, Text } from 'pixi.js';
import type { Circle } from '../geometry/circle';
import type { Polygon } from '../geometry/polygon';
import type { HullZoneName } from '../model/catalog';
import type { AttackReport, XY } from '../model/report';
import type { LiveAnalysis } from '../state/analysis';
import type { AppState } from '../state/store';
import type { Entry, ObstacleEntry } from '../rules/world';
import { GRAZE, LOS, OBSTACLE, OVERLAP, PLAYER, PLAYER_DARK, SELECT } from './colours';
import { grownRings } from '../geometry/offset';
import { MAX_OUTLINED, type Overlays } from './overlays';
import { fitBoxView, fitView, toScreen, type View } from './view';

/** The background grid's spacing: one foot, as players count the table. */
const FOOT_MM = 304.8;

type Pts = number[];

/** Extra things to draw that come from rule modules (regions, verdicts), prepared by the caller. */
export type { Overlays };

export class Scene {
  readonly app = new Application();
  view: View = { scale: 1, ox: 0, oy: 0 };
  private layers!: { table: Graphics; pieces: Graphics; marks: Graphics; lines: Graphics; handles: Graphics; labels: Container };
  private labels = new Map<string, Text>();
  private fitted = false;
  private last: [AppState, LiveAnalysis, Overlays] | null = null;
  /** line widths' factor: thinner in magnified pictures, where a 3 px outline would hide a 0.1 mm gap */
  private thin = 1;
  /** where render() draws: the canvas, or a small texture for a picture */
  private target: RenderTexture | null = null;

  /** `?aa=0` in the address turns antialiasing off, for slow devices (and software rendering). */
  async init(host: HTMLElement) {
    await this.app.init({ resizeTo: host, antialias: new URLSearchParams(location.search).get('aa') !== '0', background: 0x101418, preference: 'webgl', autoDensity: true, resolution: Math.min(2, window.devicePixelRatio || 1) });
    host.appendChild(this.app.canvas);
    const g = () => new Graphics();
    this.layers = { table: g(), pieces: g(), marks: g(), lines: g(), handles: g(), labels: new Container() };
    this.app.stage.addChild(this.layers.table, this.layers.pieces, this.layers.marks, this.layers.lines, this.layers.handles, this.layers.labels);
    this.app.ticker.stop();
  }

  get width() { return this.app.screen.width; }
  get height() { return this.app.screen.height; }

  /** whether the picture is turned 90 degrees (the 6' edge down a portrait screen) */
  turned = false;

  fit(tableW: number, tableH: number) {
    this.view = fitView(this.width, this.height, tableW, tableH, this.width < 500 || this.height < 500 ? 6 : 24, this.turned);
    this.fitted = true;
  }

  /** Zoom so the table box [x0, y0, x1, y1] (mm) fills the canvas. */
  fitBox(x0: number, y0: number, x1: number, y1: number) {
    this.view = fitBoxView(this.width, this.height, x0, y0, x1, y1, this.turned);
    this.fitted = true;
  }

  ensureFitted(tableW: number, tableH: number) {
    if (!this.fitted) this.fit(tableW, tableH);
  }

  // ---- drawing helpers, all in screen pixels ----
  private S(x: number, y: number): [number, number] { return toScreen(this.view, x, y); }

  private poly(p: Polygon | XY[]): Pts {
    const out: Pts = [];
    if (Array.isArray(p)) for (const [x, y] of p) out.push(...this.S(x, y));
    else for (let i = 0; i < p.n; i++) out.push(...this.S(p.xy[2 * i], p.xy[2 * i + 1]));
    return out;
  }

  private shape(g: Graphics, s: Polygon | Circle) {
    if (s.kind === 'circle') {
      const [x, y] = this.S(s.cx, s.cy);
      g.circle(x, y, s.r * this.view.scale);
    } else g.poly(this.poly(s), true);
    return g;
  }

  private line(g: Graphics, a: XY, b: XY, width: number, color: number, alpha = 1, dash = 0) {
    width *= this.thin;
    const [px, py] = this.S(a[0], a[1]);
    const [qx, qy] = this.S(b[0], b[1]);
    // clipped to the canvas (and a margin): a zoomed-in picture would otherwise dash a line
    // thousands of pixels long off screen
    const c = clipToBox(px, py, qx, qy, -20, -20, this.width + 20, this.height + 20);
    if (!c) return;
    const [ax, ay, bx, by] = c;
    if (!dash) {
      g.moveTo(ax, ay).lineTo(bx, by).stroke({ width, color, alpha });
      return;
    }
    const len = Math.hypot(bx - ax, by - ay);
    if (!(len > 0)) return;
    const ux = (bx - ax) / len, uy = (by - ay) / len;
    // dashes keep their phase from the line's own start, so they do not crawl as the clip moves
    const t0 = Math.hypot(ax - px, ay - py) % (dash * 2);
    for (let t = -t0; t < len; t += dash * 2) {
      const s0 = Math.max(0, t), e = Math.min(len, t + dash);
      if (e > s0) g.moveTo(ax + ux * s0, ay + uy * s0).lineTo(ax + ux * e, ay + uy * e);
    }
    g.stroke({ width, color, alpha });
  }

  /** screen boxes of the piece labels drawn this frame (see label's `crowd`) */
  private placed: number[][] = [];

  /**
   * minScale: below this zoom (px per mm) the label is left off, so names declutter as the table
   * shrinks. crowd: a piece's label is left off where it would lie more than half over one
   * already drawn (unreadable there, and on a pile of 200 pieces 350 labels on one spot, each a
   * texture drawn at every frame).
   */
  private label(id: string, text: string, x: number, y: number, color = 0xffffff, minScale = 0, crowd = false) {
    if (this.view.scale < minScale) return;
    if (crowd) {
      const [sx, sy] = this.S(x, y);
      // the text's box, estimated (11 px type): about 6 px a character, 14 px high
      const w = Math.max(12, text.length * 6), b = [sx - w / 2, sy - 7, sx + w / 2, sy + 7];
      for (const p of this.placed) {
        const ox = Math.min(b[2], p[2]) - Math.max(b[0], p[0]), oy = Math.min(b[3], p[3]) - Math.max(b[1], p[1]);
        if (ox > 0 && oy > 0 && ox * oy > 0.5 * Math.min(w, p[2] - p[0]) * 14) return;
      }
      this.placed.push(b);
    }
    let t = this.labels.get(id);
    if (!t) {
      t = new Text({ text, style: { fontFamily: 'system-ui, sans-serif', fontSize: 11, fill: color, stroke: { color: 0x000000, width: 3 } } });
      t.anchor.set(0.5, 0.5);
      this.labels.set(id, t);
      this.layers.labels.addChild(t);
    }
    t.text = text;
    t.style.fill = color;
    const [sx, sy] = this.S(x, y);
    t.position.set(sx, sy);
    t.visible = true;
  }

  /** Where the rotation handle of a piece is, in table mm (null: the piece does not turn). */
  handleOf(e: Entry): XY | null {
    if (e.kind === 'ship') {
      const { x, y, rotation } = e.piece;
      const reach = (e.shapes.base.maxY - e.shapes.base.minY + e.shapes.base.maxX - e.shapes.base.minX) / 2;
      const r = ((rotation + 90) * Math.PI) / 180;
      const d = Math.max(reach * 0.75, 60);
      return [x + Math.cos(r) * d, y + Math.sin(r) * d];
    }
    if (e.kind === 'obstacle') {
      const { x, y, rotation } = e.piece;
      const r = ((rotation + 90) * Math.PI) / 180;
      const d = Math.max(e.outline.maxY - e.outline.minY, e.outline.maxX - e.outline.minX) / 2 + 20;
      return [x + Math.cos(r) * d, y + Math.sin(r) * d];
    }
    return null;
  }

  /** The chosen attack (the dispute card's): above the rest, outlined, labelled, with band-end ticks. */
  private chosenAttack(r: AttackReport, world: LiveAnalysis['world'], g: Graphics) {
    const defender = world.byId.get(r.defender.split('.')[0]);
    const zone = r.defender.split('.')[1] as HullZoneName | undefined;
    if (defender?.kind === 'ship' && zone) g.poly(this.poly(defender.shapes.hullZones[zone]), true).stroke({ width: 3, color: 0xffffff });
    else if (defender?.kind === 'squadron') this.shape(g, defender.circle).stroke({ width: 3, color: 0xffffff });
    if (r.rangeLine) {
      this.line(g, r.rangeLine[0], r.rangeLine[1], 4.5, 0x000000, 0.8);
      this.line(g, r.rangeLine[0], r.rangeLine[1], 2.5, 0xffffff, 1, 5);
      const [[px, py], [qx, qy]] = r.rangeLine;
      const len = Math.hypot(qx - px, qy - py);
      const ux = (qx - px) / (len || 1), uy = (qy - py) / (len || 1);
      const bands = r.attacker.includes('.') ? world.catalog.ruler.range : world.catalog.ruler.distance.slice(0, 1);
      const tick = 8 / this.view.scale;
      for (const b of bands) {
        if (b.end > len + 60) continue;
        const c: XY = [px + ux * b.end, py + uy * b.end];
        this.line(g, [c[0] - uy * tick, c[1] + ux * tick], [c[0] + uy * tick, c[1] - ux * tick], 2, 0xffe066);
      }
      const m: XY = [px + (qx - px) * 0.62, py + (qy - py) * 0.62];
      this.label('chosen:range', `range ${r.range}${r.rangeMm !== null ? ` ${r.rangeMm.toFixed(2)} mm` : ''}`, m[0] - uy * 14 / this.view.scale, m[1] + ux * 14 / this.view.scale, 0xffffff);
    }
    this.line(g, r.losLine[0], r.losLine[1], 6.5, 0x000000, 0.85);
    this.line(g, r.losLine[0], r.losLine[1], 4, LOS[r.los]);
    const [[ax, ay], [bx, by]] = r.losLine;
    this.label('chosen:los', `line of sight: ${r.los}`, ax + (bx - ax) * 0.38, ay + (by - ay) * 0.38 - 12 / this.view.scale, LOS[r.los]);
  }

  /**
   * Pictures of the table, each around `at` (mm), `spanMm` across, in a `w` x `h` px canvas: the
   * same drawing as the canvas, at that zoom (the dispute card's loupes and saved picture).
   */
  pictures(shots: { at: XY; spanMm: number; w: number; h: number }[]): (HTMLCanvasElement | null)[] {
    const last = this.last;
    if (!last) return shots.map(() => null);
    const saved = this.view, res = this.app.renderer.resolution;
    this.thin = 0.4;
    this.layers.labels.visible = false;
    try {
      return shots.map(({ at, spanMm, w, h }) => {
        if (!(spanMm > 0) || !Number.isFinite(at[0] + at[1])) return null;
        const scale = w / spanMm;
        this.view = { scale, ox: w / 2 - at[0] * scale, oy: h / 2 + at[1] * scale };
        // drawn into a texture of the picture's size: software rendering rasterises only that
        const target = RenderTexture.create({ width: w, height: h, resolution: res, antialias: true });
        this.target = target;
        try {
          this.render(...last);
          const out = this.app.renderer.extract.canvas(target) as HTMLCanvasElement;
          return out;
        } finally {
          this.target = null;
          target.destroy(true);
        }
      });
    } finally {
      // one render back at the canvas's own view, whatever the number of pictures
      this.view = saved;
      this.thin = 1;
      this.layers.labels.visible = true;
      this.render(...last);
    }
  }

  render(state: AppState, a: LiveAnalysis, ov: Overlays) {
    this.last = [state, a, ov];
    const { world, report } = a;
    const L = this.layers;
    for (const g of [L.table, L.pieces, L.marks, L.lines, L.handles]) g.clear();
    for (const t of this.labels.values()) t.visible = false;
    this.placed = [];
    const spec = world.catalog.tables[world.table.table];
    this.ensureFitted(spec.width, spec.height);
    const px = 1;

    // table, setup area, deployment zones, one-foot grid
    L.table.poly(this.poly([[0, 0], [spec.width, 0], [spec.width, spec.height], [0, spec.height]]), true).fill({ color: 0x0b1426 });
    const sa = spec.setupArea;
    L.table.poly(this.poly([[sa.x0, sa.y0], [sa.x1, sa.y0], [sa.x1, sa.y1], [sa.x0, sa.y1]]), true).fill({ color: 0x13233f }).stroke({ width: 1.5, color: 0x5c7cfa, alpha: 0.8 });
    const d3 = world.catalog.ruler.distance[2].end;
    for (const [p, y0, y1] of [[1, sa.y0, sa.y0 + d3], [2, sa.y1 - d3, sa.y1]] as const) {
      L.table.poly(this.poly([[sa.x0, y0], [sa.x1, y0], [sa.x1, y1], [sa.x0, y1]]), true).fill({ color: PLAYER[p], alpha: 0.12 }).stroke({ width: 1, color: PLAYER[p], alpha: 0.5 });
      if (!this.view.turn) this.label(`zone${p}`, `player ${p} deployment zone`, (sa.x0 + sa.x1) / 2, (y0 + y1) / 2, PLAYER[p]);
    }
    for (let x = FOOT_MM; x < spec.width - 1; x += FOOT_MM) this.line(L.table, [x, 0], [x, spec.height], 1, 0xffffff, 0.06);
    for (let y = FOOT_MM; y < spec.height - 1; y += FOOT_MM) this.line(L.table, [0, y], [spec.width, y], 1, 0xffffff, 0.06);
    L.table.poly(this.poly([[0, 0], [spec.width, 0], [spec.width, spec.height], [0, spec.height]]), true).stroke({ width: 2, color: 0xced4da });

    // the pieces outlined as overlapping: at most MAX_OUTLINED (a pile of 200 has 190)
    const overlapped = new Set<string>();
    for (const o of report.overlaps) {
      if (overlapped.size >= MAX_OUTLINED) break;
      overlapped.add(o.piece);
      overlapped.add(o.obstacle);
    }

    // obstacles (and exogorths being placed, drawn as ghosts)
    const drawObstacle = (e: ObstacleEntry, ghost: boolean) => {
      const c = OBSTACLE[e.obstacleKind];
      L.pieces.poly(this.poly(e.outline), true).fill({ color: c.fill, alpha: ghost ? 0.55 : c.alpha }).stroke({ width: 1.5, color: c.line });
      this.label(e.id, e.id, e.piece.x, e.piece.y, 0xffffff, 0.25, true);
    };
    for (const e of world.obstacles) drawObstacle(e, false);
    for (const g of ov.ghosts) if (g.entry.kind === 'obstacle') drawObstacle(g.entry, true);
    // where a displaced squadron is to go: a faint base of its player's colour, named
    for (const g of ov.ghosts) {
      if (g.entry.kind !== 'squadron') continue;
      const e = g.entry;
      this.shape(L.pieces, e.circle).fill({ color: PLAYER[e.piece.player], alpha: 0.45 }).stroke({ width: 1.5, color: 0xffffff, alpha: 0.8 });
      this.label(e.id, e.id.split('.')[1] ?? e.id, e.piece.x, e.piece.y + e.circle.r + 6, 0xffffff, 0.4, true);
    }
    // regions from the rules (rift bands, reach, legal areas, visible dust): over obstacles, under ships
    for (const r of ov.regions) {
      for (const p of r.polygons) {
        L.pieces.poly(this.poly(p), true).fill({ color: r.color, alpha: r.alpha ?? 0.18 }).stroke({ width: 1.5 * px, color: r.color, alpha: 0.9 });
      }
    }



    // ships
    for (const e of world.ships) {
      const s = e.shapes;
      const p = e.piece.player;
      L.pieces.poly(this.poly(s.footprint), true).fill({ color: 0x2b2f36 }).stroke({ width: 1, color: 0x868e96 });
      for (const z of s.zones) L.pieces.poly(this.poly(s.dials[z]), true).fill({ color: 0x495057 });
      L.pieces.poly(this.poly(s.base), true).stroke({ width: 2, color: PLAYER[p] });
      // a huge ship's two plastic bases inside its whole base (the gap between them drawn apart)
      for (const b of s.bases) L.pieces.poly(this.poly(b), true).fill({ color: 0x3a3f47 }).stroke({ width: 2, color: PLAYER[p] });
      for (const z of s.zones) {
        const sel = state.attacker === `${e.id}.${z}`;
        L.pieces.poly(this.poly(s.hullZones[z]), true).fill({ color: sel ? PLAYER[p] : PLAYER_DARK[p], alpha: sel ? 0.9 : 0.85 }).stroke({ width: 1, color: 0xdee2e6, alpha: 0.6 });
      }
      for (const l of Object.values(s.arcLines)) this.line(L.pieces, [l[0].x, l[0].y], [l[1].x, l[1].y], 1.5, 0xffffff);
      // the token is as wide as a huge ship's bases and hides them: their outlines again on top, so the gap shows
      for (const b of s.bases) L.pieces.poly(this.poly(b), true).stroke({ width: 1.5, color: PLAYER[p], alpha: 0.8 });
      for (const z of s.zones) {
        const t = s.targetingPoints[z];
        const [tx, ty] = this.S(t.x, t.y);
        // a measured point is a yellow dot; an estimated one (no measurement for the class) a hollow ring
        if (s.targetingEstimated) L.pieces.circle(tx, ty, 2.5).stroke({ width: 1.5, color: 0xffe066 });
        else L.pieces.circle(tx, ty, 2.5).fill({ color: 0xffe066 });
      }
      this.label(e.id, e.piece.name ? `${e.piece.name} (${e.id})` : e.id, e.piece.x, e.piece.y, 0xffffff, 0.25, true);
    }
    for (const e of world.tokens) {
      this.shape(L.pieces, e.circle).fill({ color: 0xf2c94c }).stroke({ width: 1, color: 0x000000 });
      this.label(e.id, e.id, e.piece.x, e.piece.y - e.circle.r - 6, 0xffffff, 0.4, true);
    }
    for (const e of world.squadrons) {
      this.shape(L.pieces, e.circle).fill({ color: PLAYER[e.piece.player] }).stroke({ width: 1.5, color: 0xffffff });
      this.label(e.id, e.piece.name ? `${e.piece.name} (${e.id})` : e.id, e.piece.x, e.piece.y - e.circle.r - 6, 0xffffff, 0.4, true);
    }

    // overlaps: the piece and the obstacle outlined in the overlap colour
    for (const id of overlapped) {
      const e = world.byId.get(id);
      if (!e) continue;
      const s = e.kind === 'ship' ? e.shapes.footprint : e.kind === 'obstacle' ? e.outline : e.kind === 'squadron' || e.kind === 'token' ? e.circle : null;
      if (s) this.shape(L.marks, s).stroke({ width: 4, color: OVERLAP });
    }
    // one label per piece (a piece on a pile of 40 obstacles gets one, naming the first and counting the rest: each label is a texture)
    const firstOverlap = new Map<string, { o: (typeof report.overlaps)[number]; n: number }>();
    for (const o of report.overlaps) {
      const f = firstOverlap.get(o.piece);
      if (f) f.n++; else firstOverlap.set(o.piece, { o, n: 1 });
    }
    for (const { o, n } of firstOverlap.values()) {
      if (!overlapped.has(o.piece)) continue; // labelled where outlined
      const e = world.byId.get(o.piece);
      if (!e || (e.kind !== 'ship' && e.kind !== 'squadron')) continue;
      const top = e.kind === 'ship' ? e.shapes.footprint.maxY : e.circle.cy + e.circle.r;
      this.label(`overlap:${o.piece}:${o.obstacle}`, `${o.obstacle}: ${o.effect}${n > 1 ? ` (and ${n - 1} more)` : ''}`, e.piece.x, top + 10, OVERLAP, 0, true);
    }
    for (const m of ov.marks) {
      for (const s of m.shapes) this.shape(L.marks, s).stroke({ width: m.width ?? 3, color: m.color, alpha: 0.95 });
    }

    // selected attacker: lines of sight and range lines to every defender
    const attacks: AttackReport[] = state.attacker ? report.attacks.filter((r) => r.attacker === state.attacker) : [];
    const obstructing = new Set<string>(), grazing = new Set<string>();
    const chosen = state.defender ? attacks.find((r) => r.defender === state.defender) : undefined;
    for (const r of attacks) {
      if (chosen && r !== chosen) {
        // the other attacks faint, under the chosen one
        if (r.rangeLine) this.line(L.lines, r.rangeLine[0], r.rangeLine[1], 1, 0xffffff, 0.15, 4);
        this.line(L.lines, r.losLine[0], r.losLine[1], 1.5, LOS[r.los], 0.3);
        continue;
      }
      const live = r.inArc && r.range !== 'beyond';
      if (r.rangeLine) this.line(L.lines, r.rangeLine[0], r.rangeLine[1], 1.5, 0xffffff, live ? 0.9 : 0.3, 4);
      this.line(L.lines, r.losLine[0], r.losLine[1], live ? 3.5 : 2, LOS[r.los], live ? 1 : 0.7);
      for (const o of r.obstructedBy) obstructing.add(o);
      for (const o of r.grazing) grazing.add(o);
      for (const l of Array.isArray(r.lines) ? (r.lines as { piece: string; verdict: string }[]) : []) if (l.verdict === 'near') grazing.add(l.piece);
    }
    if (chosen) this.chosenAttack(chosen, world, L.lines);
    for (const [ids, color] of [[obstructing, LOS.obstructed], [grazing, GRAZE]] as const) {
      for (const id of ids) {
        const e = world.byId.get(id);
        const width = 3 * this.thin;
        if (e?.kind === 'obstacle') L.marks.poly(this.poly(e.outline), true).stroke({ width, color, alpha: 0.95 });
        else if (e?.kind === 'ship') L.marks.poly(this.poly(e.shapes.base), true).stroke({ width, color, alpha: 0.95 });
        else if (e && (e.kind === 'squadron' || e.kind === 'token')) this.shape(L.marks, e.circle).stroke({ width, color });
      }
    }
    for (const l of ov.lines) this.line(L.lines, l.a, l.b, l.width ?? 2, l.color, 1, l.dash ?? 0);

    // selection, distance rings, rotation handle
    const sel = state.selected ? world.byId.get(state.selected) ?? ov.ghosts.find((g) => g.entry.id === state.selected)?.entry : undefined;
    if (sel) {
      const shape = sel.kind === 'ship' ? sel.shapes.base : sel.kind === 'obstacle' ? sel.outline : sel.circle;
      this.shape(L.handles, shape).stroke({ width: 1.5, color: SELECT, alpha: 0.9 });
      if (state.rings) {
        const bands = world.catalog.ruler.distance;
        bands.forEach((b, i) => {
          if (shape.kind === 'circle') {
            const [cx, cy] = this.S(shape.cx, shape.cy);
            L.handles.circle(cx, cy, (shape.r + b.end) * this.view.scale);
          } else for (const ring of grownRings(shape, b.end)) L.handles.poly(this.poly(ring), true);
          L.handles.stroke({ width: 1.5, color: 0x74c0fc, alpha: 0.85 - i * 0.1 });
          const top = shape.kind === 'circle' ? shape.cy + shape.r : shape.maxY;
          const cx = shape.kind === 'circle' ? shape.cx : (shape.minX + shape.maxX) / 2;
          this.label(`ring${i}`, String(i + 1), cx, top + b.end, 0x74c0fc);
        });
      }
      const h = this.handleOf(sel);
      if (h) {
        this.line(L.handles, [sel.piece.x, sel.piece.y], h, 1, SELECT, 0.7);
        const [hx, hy] = this.S(h[0], h[1]);
        L.handles.circle(hx, hy, 7).fill({ color: SELECT }).stroke({ width: 2, color: 0x000000 });
      }
    }
    if (this.target) this.app.renderer.render({ container: this.app.stage, target: this.target, clear: true, clearColor: 0x101418 });
    else this.app.render();
  }
}

export const zoneOfPoint = (e: Entry, x: number, y: number): HullZoneName | null => {
  if (e.kind !== 'ship') return null;
  for (const z of e.shapes.zones) if (e.shapes.hullZones[z].locate(x, y) !== 'outside') return z;
  return null;
};

/** The part of segment p-q inside the box (Liang-Barsky), or null when none is. */
function clipToBox(px: number, py: number, qx: number, qy: number, x0: number, y0: number, x1: number, y1: number): [number, number, number, number] | null {
  let t0 = 0, t1 = 1;
  const dx = qx - px, dy = qy - py;
  const edges: [number, number][] = [[-dx, px - x0], [dx, x1 - px], [-dy, py - y0], [dy, y1 - py]];
  for (const [p, q] of edges) {
    if (p === 0) { if (q < 0) return null; continue; }
    const r = q / p;
    if (p < 0) { if (r > t1) return null; if (r > t0) t0 = r; } else { if (r < t0) return null; if (r < t1) t1 = r; }
  }
  return [px + dx * t0, py + dy * t0, px + dx * t1, py + dy * t1];
}
