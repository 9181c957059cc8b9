/**
 * The canvas's labels for one frame, asked for and laid out (label-layout.ts), with no drawing in
 * it: the scene draws what this places. Priorities: the chosen attack's verdict labels, then the
 * chosen pair's pieces, the selected piece, overlaps, distance rings, ships, squadrons, obstacles,
 * the deployment zones. The chosen attack's line of sight and range line are obstacles no label
 * may cover; squadrons' discs and ships' bases are pieces a label covers only when no place clear of
 * them is free, and a squadron's name never (left out, the canvas's legend counts it). A piece's name is
 * tried on it (a ship, an obstacle) or beside it, never more than LABEL_REACH_PX from it. Names are the
 * players' (src/model/names.ts): a ship's name or its class's short name.
 */
import type { AttackReport } from '../model/report';
import { pieceNames } from '../model/names';
import type { Table } from '../model/table';
import type { OverlapCalls } from '../rules/overlap-words';
import type { Entry, World } from '../rules/world';
import type { Report } from '../model/report';
import {
  around,
  beside,
  besideLine,
  cut,
  type Footprints,
  LABEL_REACH_PX,
  withinReach,
  type LabelRequest,
  layoutLabels,
  type Box,
  type LayoutResult,
  type Place,
  type Segment,
} from './label-layout';
import { toScreen, type View } from './view';

export const LABEL_COLOURS = { text: 0xffffff, ring: 0x74c0fc } as const;

export interface SceneLabelInput {
  world: World;
  report: Report;
  attacker: string | null;
  defender: string | null;
  selected: string | null;
  rings: boolean;
  view: View;
  width: number;
  height: number;
  /** the pieces outlined as overlapping (the scene's cap applied) */
  overlapped: Set<string>;
  /** the pieces outlined as touching an obstacle or missing it by less than the precision (the cap applied) */
  touched?: Set<string>;
  /** the overlaps section in words (src/rules/overlap-words.ts): depths, gaps, close calls */
  calls?: OverlapCalls;
  /** squadrons drawn as ghosts (a displaced squadron's proposed place) */
  ghosts: Entry[];
  /** colours the scene uses */
  colours: { player: Record<number, number>; overlap: number; touch?: number; los: Record<string, number> };
  measure(text: string): { w: number; h: number };
  /** boxes (px) no label may cover: the canvas's legend */
  keepOut?: Box[];
}

const PRIORITY = {
  verdict: 100,
  pair: 90,
  selected: 80,
  overlap: 70,
  ring: 60,
  ship: 50,
  ghost: 45,
  squadron: 40,
  obstacle: 30,
  token: 25,
  zone: 10,
} as const;

/**
 * A piece's label request as last asked, by the piece's entry (a World keeps an unmoved piece's entry): while
 * the view, the rank and the name are the same it is asked again as it was (a drag step moves one piece, and
 * the places around each of 40 labels were some 45 KB a step). layoutLabels only reads requests.
 */
const keptRequests = new WeakMap<object, { view: View; name: string; req: LabelRequest }>();
/** the deployment zones' requests as last asked: asked again while the view, the table and colours are */
let keptZones: {
  view: View;
  sa: object;
  d3: number;
  c1: number;
  c2: number;
  reqs: LabelRequest[];
} | null = null;
const sameView = (a: View, b: View) =>
  a.scale === b.scale && a.ox === b.ox && a.oy === b.oy && !a.turn === !b.turn;

/**
 * pieceNames of the last table asked, kept while its ships and squadrons are the same pieces but for their
 * places (a drag step moves one): names do not rest on where pieces stand.
 */
let named: { ships: readonly object[]; squadrons: readonly object[]; names: Map<string, string> } | null =
  null;
function namesOf(t: Table): Map<string, string> {
  if (named && samePieces(named.ships, t.ships) && samePieces(named.squadrons, t.squadrons)) {
    named.ships = t.ships;
    named.squadrons = t.squadrons;
  } else named = { ships: t.ships, squadrons: t.squadrons, names: pieceNames(t) };
  return named.names;
}

/** Whether two lists hold the same pieces in the same order, but for their places (x, y, rotation). */
export function samePieces(a: readonly object[], b: readonly object[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i] as Record<string, unknown>,
      q = b[i] as Record<string, unknown>;
    if (p === q) continue;
    for (const k in p) if (k !== 'x' && k !== 'y' && k !== 'rotation' && p[k] !== q[k]) return false;
    for (const k in q) if (!(k in p)) return false;
  }
  return true;
}

const NO_CORNERS: number[] = [];

/** The requests for one frame, asked for in the order the steps below run. */
class Asker {
  readonly reqs: LabelRequest[] = [];
  readonly segments: Segment[] = [];
  readonly names: Map<string, string>;
  readonly pairIds: Set<string>;

  constructor(readonly inp: SceneLabelInput) {
    this.names = namesOf(inp.world.table);
    this.pairIds = new Set(
      [inp.attacker, inp.defender].filter((v): v is string => !!v).map((k) => k.split('.')[0]),
    );
  }

  S(x: number, y: number) {
    return toScreen(this.inp.view, x, y);
  }

  rank(id: string, base: number) {
    const inp = this.inp;
    return this.pairIds.has(id) && inp.defender
      ? PRIORITY.pair
      : id === inp.selected
        ? PRIORITY.selected
        : base;
  }

  ask(id: string, priority: number, ax: number, ay: number, texts: string[], color: number) {
    const m = this.inp.measure(texts[0]);
    this.reqs.push({ id, priority, at: around(ax, ay, m.w, m.h), texts, color });
  }

  /**
   * Piece entry e's label as last asked, when nothing it rests on changed (keptRequests): asked again, and
   * true; false when it is to be asked anew (askNew). Two steps, no closures: every piece at every frame.
   */
  askKept(e: object, priority: number, name: string): boolean {
    const k = keptRequests.get(e);
    if (!k || k.name !== name || k.req.priority !== priority || !sameView(k.view, this.inp.view))
      return false;
    this.reqs.push(k.req);
    return true;
  }

  /**
   * Piece entry e's label asked anew at the places `at` (a squadron's: 'never' over a piece), kept for the
   * next frames (keptRequests).
   */
  askNew(e: object, id: string, priority: number, name: string, at: Place[], texts: string[], never = false) {
    const req: LabelRequest = { id, priority, at, texts, color: LABEL_COLOURS.text };
    if (never) req.overPieces = 'never';
    this.reqs.push(req);
    keptRequests.set(e, { view: this.inp.view, name, req });
  }

  /**
   * The places for a name on a piece's outline (screen corners x, y run together): on it, then beside it,
   * each kept when every text's box there lies within LABEL_REACH_PX of the outline.
   */
  onOrBeside(xy: number[], texts: string[]): Place[] {
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (let i = 0; i < xy.length; i += 2) {
      x0 = Math.min(x0, xy[i]);
      x1 = Math.max(x1, xy[i]);
      y0 = Math.min(y0, xy[i + 1]);
      y1 = Math.max(y1, xy[i + 1]);
    }
    const out: Place[] = [[(x0 + x1) / 2, (y0 + y1) / 2]];
    for (const p of beside(x0, y0, 0, x1, y1)) if (this.near(p, texts, 0, 0, 0, xy)) out.push(p);
    return out;
  }

  /** The places for a name beside a disc (a squadron, a token): those within LABEL_REACH_PX for every text. */
  besideDisc(c: { cx: number; cy: number; r: number }, texts: string[]): Place[] {
    const [x, y] = this.S(c.cx, c.cy),
      r = c.r * this.inp.view.scale;
    const out: Place[] = [];
    for (const p of beside(x, y, r)) if (this.near(p, texts, x, y, r, NO_CORNERS)) out.push(p);
    return out;
  }

  /**
   * Whether every text's box at place p lies within LABEL_REACH_PX of the disc or outline (withinReach). The
   * boxes at one place nest (one side, corner or centre held), so the least of them is the farthest: when one
   * text's box is the least both ways, it alone is measured.
   */
  near(p: Place, texts: string[], x: number, y: number, r: number, xy: ArrayLike<number>): boolean {
    let least = 0;
    for (let i = 1; i < texts.length; i++) {
      const m = this.inp.measure(texts[i]),
        l = this.inp.measure(texts[least]);
      if (m.w <= l.w && m.h <= l.h) least = i;
    }
    const l = this.inp.measure(texts[least]);
    for (let i = 0; i < texts.length; i++) {
      const m = this.inp.measure(texts[i]);
      if (i !== least && (m.w < l.w || m.h < l.h) && !withinReach(p, m.w, m.h, LABEL_REACH_PX, x, y, r, xy))
        return false;
    }
    return withinReach(p, l.w, l.h, LABEL_REACH_PX, x, y, r, xy);
  }

  /** A polygon's corners on screen, x, y run together. */
  screenXY(xy: Float64Array): number[] {
    const v = this.inp.view,
      out: number[] = [];
    for (let i = 0; i < xy.length; i += 2)
      if (v.turn) out.push(v.ox + xy[i + 1] * v.scale, v.oy + xy[i] * v.scale);
      else out.push(v.ox + xy[i] * v.scale, v.oy - xy[i + 1] * v.scale);
    return out;
  }

  short(s: string) {
    return [...new Set([s, cut(s, 10), cut(s, 6)])];
  }

  // the deployment zones (not in the turned view: the text would run across the zone's short side)
  zones() {
    const { world, view } = this.inp;
    const spec = world.catalog.tables[world.table.table];
    const sa = spec.setupArea,
      d3 = world.catalog.ruler.distance[2].end;
    if (view.turn) return;
    const c = this.inp.colours.player,
      k = keptZones;
    if (k && k.sa === sa && k.d3 === d3 && k.c1 === c[1] && k.c2 === c[2] && sameView(k.view, view)) {
      for (let i = 0; i < k.reqs.length; i++) this.reqs.push(k.reqs[i]);
      return;
    }
    const from = this.reqs.length;
    for (const [p, y0, y1] of [
      [1, sa.y0, sa.y0 + d3],
      [2, sa.y1 - d3, sa.y1],
    ] as const) {
      const [x, y] = this.S((sa.x0 + sa.x1) / 2, (y0 + y1) / 2);
      this.ask(
        `zone${p}`,
        PRIORITY.zone,
        x,
        y,
        [`player ${p} deployment zone`, `player ${p} zone`],
        this.inp.colours.player[p],
      );
    }
    keptZones = { view, sa, d3, c1: c[1], c2: c[2], reqs: this.reqs.slice(from) };
  }

  // pieces: each name at the piece (ships, obstacles) or beside it (squadrons, tokens)
  pieces() {
    const { world, view } = this.inp;
    if (view.scale >= 0.25) {
      for (let i = 0; i < world.obstacles.length; i++) {
        const e = world.obstacles[i],
          priority = this.rank(e.id, PRIORITY.obstacle);
        if (this.askKept(e, priority, e.id)) continue;
        const at = this.onOrBeside(this.screenXY(e.outline.xy), [e.id]);
        // an obstacle's name at its position (its outline's centre may lie off a crooked one)
        at[0] = this.S(e.piece.x, e.piece.y);
        this.askNew(e, e.id, priority, e.id, at, [e.id]);
      }
      for (let i = 0; i < world.ships.length; i++) {
        const e = world.ships[i],
          priority = this.rank(e.id, PRIORITY.ship),
          name = this.names.get(e.id) ?? e.id;
        if (this.askKept(e, priority, name)) continue;
        const texts = this.short(name);
        const at = this.onOrBeside(this.screenXY(e.shapes.base.xy), texts);
        at[0] = this.S(e.piece.x, e.piece.y);
        this.askNew(e, e.id, priority, name, at, texts);
      }
    }
    if (view.scale >= 0.4) this.smallPieces();
  }

  /** tokens, squadrons and squadrons' proposed places: each name beside it, below first */
  smallPieces() {
    const { world } = this.inp;
    for (let i = 0; i < world.tokens.length; i++) {
      const e = world.tokens[i],
        priority = this.rank(e.id, PRIORITY.token);
      if (this.askKept(e, priority, e.id)) continue;
      this.askNew(e, e.id, priority, e.id, this.besideDisc(e.circle, [e.id]), [e.id]);
    }
    for (let i = 0; i < world.squadrons.length; i++) {
      const e = world.squadrons[i],
        priority = this.rank(e.id, PRIORITY.squadron),
        name = this.names.get(e.id) ?? e.id;
      if (this.askKept(e, priority, name)) continue;
      const texts = this.short(name);
      this.askNew(e, e.id, priority, name, this.besideDisc(e.circle, texts), texts, true);
    }
    for (const g of this.inp.ghosts) {
      if (g.kind !== 'squadron') continue;
      const texts = [g.id.split('.')[1] ?? g.id];
      this.reqs.push({
        id: `ghost:${g.id}`,
        priority: PRIORITY.ghost,
        at: this.besideDisc(g.circle, texts),
        texts,
        color: LABEL_COLOURS.text,
      });
    }
  }

  // overlaps: one label per piece, naming the first obstacle (how deep, whether a close call) and counting
  // the rest; a piece overlapping nothing but touching or nearly touching an obstacle: how far apart
  overlaps() {
    const { world, report } = this.inp;
    const calls = this.inp.calls?.overlaps;
    const first = new Map<string, { obstacle: string; label: string[]; n: number }>();
    report.overlaps.forEach((o, i) => {
      const f = first.get(o.piece);
      if (f) f.n++;
      else
        first.set(o.piece, {
          obstacle: o.obstacle,
          label: calls?.[i]?.label ?? [
            `${o.obstacle}: ${o.effect}`,
            `${o.obstacle}: ${cut(o.effect, 24)}`,
            `on ${o.obstacle}`,
          ],
          n: 1,
        });
    });
    for (const [piece, o] of first) {
      if (!this.inp.overlapped.has(piece)) continue;
      const more = o.n > 1 ? ` (and ${o.n - 1} more)` : '';
      const texts = o.label.map((t) => t + more);
      this.overlapLabel(`overlap:${piece}:${o.obstacle}`, piece, texts, this.inp.colours.overlap);
    }
    const touched = new Set<string>();
    for (const c of [...(this.inp.calls?.touching ?? []), ...(this.inp.calls?.near ?? [])]) {
      if (first.has(c.piece) || touched.has(c.piece) || !this.inp.touched?.has(c.piece)) continue;
      touched.add(c.piece);
      this.overlapLabel(
        `${c.kind}:${c.piece}:${c.obstacle}`,
        c.piece,
        c.label,
        this.inp.colours.touch ?? this.inp.colours.overlap,
      );
    }
  }

  /** A label above a piece: an overlap's in the overlap colour, a touch's in the graze colour. */
  private overlapLabel(id: string, piece: string, texts: string[], colour: number) {
    const e = this.inp.world.byId.get(piece);
    if (!e || (e.kind !== 'ship' && e.kind !== 'squadron')) return;
    const top = e.kind === 'ship' ? e.shapes.footprint.maxY : e.circle.cy + e.circle.r;
    const [x, y] = this.S(e.piece.x, top + 10);
    this.ask(id, PRIORITY.overlap, x, y, texts, colour);
  }

  // distance rings around the selected piece: the band's number at the ring's top
  rings() {
    const { world, selected } = this.inp;
    const sel = selected ? world.byId.get(selected) : undefined;
    if (!sel || !this.inp.rings) return;
    const shape = sel.kind === 'ship' ? sel.shapes.base : sel.kind === 'obstacle' ? sel.outline : sel.circle;
    const top = shape.kind === 'circle' ? shape.cy + shape.r : shape.maxY;
    const cx = shape.kind === 'circle' ? shape.cx : (shape.minX + shape.maxX) / 2;
    world.catalog.ruler.distance.forEach((b, i) => {
      const [x, y] = this.S(cx, top + b.end);
      this.ask(`ring${i}`, PRIORITY.ring, x, y, [String(i + 1)], LABEL_COLOURS.ring);
    });
  }

  // the chosen attack: its verdict and range beside its lines, which no label covers
  chosen(): AttackReport | null {
    const { report, attacker, defender } = this.inp;
    const chosen =
      attacker && defender
        ? (report.attacks.find((r) => r.attacker === attacker && r.defender === defender) ?? null)
        : null;
    if (!chosen) return null;
    const [[ax, ay], [bx, by]] = chosen.losLine;
    const p = this.S(ax, ay),
      q = this.S(bx, by);
    this.segments.push({ a: p, b: q, pad: 4.5 });
    const m = this.inp.measure(`line of sight: ${chosen.los}`);
    const ts = [0.38, 0.5, 0.25, 0.62, 0.75, 0.15, 0.85];
    this.reqs.push({
      id: 'chosen:los',
      priority: PRIORITY.verdict + 1,
      at: [
        ...besideLine(p, q, ts, [m.h / 2 + 8, m.h / 2 + 22, m.h / 2 + 40]),
        ...around((p[0] + q[0]) / 2, (p[1] + q[1]) / 2, m.w * 1.6, m.h * 3),
      ],
      texts: [`line of sight: ${chosen.los}`, chosen.los],
      color: this.inp.colours.los[chosen.los] ?? LABEL_COLOURS.text,
    });
    if (chosen.rangeLine) this.rangeLabel(chosen, chosen.rangeLine);
    return chosen;
  }

  rangeLabel(chosen: AttackReport, line: NonNullable<AttackReport['rangeLine']>) {
    const r0 = this.S(line[0][0], line[0][1]),
      r1 = this.S(line[1][0], line[1][1]);
    this.segments.push({ a: r0, b: r1, pad: 3.5 });
    const mm = chosen.rangeMm !== null ? chosen.rangeMm : null;
    // a squadron's attack is at distance 1, not "range distance-1"
    const band = chosen.range === 'distance-1' ? 'distance 1' : chosen.range;
    const texts = [
      `${chosen.range === 'distance-1' ? band : `range ${band}`}${mm !== null ? ` ${mm.toFixed(2)} mm` : ''}`,
      ...(mm !== null ? [`${band} ${mm.toFixed(0)} mm`] : []),
      band,
    ];
    const h = this.inp.measure(texts[0]).h;
    this.reqs.push({
      id: 'chosen:range',
      priority: PRIORITY.verdict,
      at: [
        ...besideLine(r0, r1, [0.62, 0.5, 0.75, 0.38, 0.85, 0.25], [h / 2 + 8, h / 2 + 22, h / 2 + 40]),
        ...around((r0[0] + r1[0]) / 2, (r0[1] + r1[1]) / 2, this.inp.measure(texts[0]).w * 1.6, h * 3),
      ],
      texts,
      color: LABEL_COLOURS.text,
    });
  }
}

/** The requests and their layout for one frame. */
export function sceneLabels(inp: SceneLabelInput): {
  requests: LabelRequest[];
  segments: Segment[];
  layout: LayoutResult;
  chosen: AttackReport | null;
} {
  const a = new Asker(inp);
  a.zones();
  a.pieces();
  a.overlaps();
  a.rings();
  const chosen = a.chosen();
  const layout = layoutLabels(a.reqs, {
    measure: inp.measure,
    bounds: [0, 0, inp.width, inp.height],
    segments: a.segments,
    gap: 2,
    keepOut: inp.keepOut,
    pieces: footprints(inp.world, inp.view),
  });
  return { requests: a.reqs, segments: a.segments, layout, chosen };
}

/** The frame's footprints (label-layout.ts's Footprints), filled anew into the same arrays each frame. */
const prints: Footprints = { count: 0, data: new Float64Array(256), start: new Int32Array(64), owner: [] };

/**
 * The pieces no label should cover, on screen: each squadron's disc, each ship's plastic base (its own
 * name may lie on it). toScreen written out: every piece at every frame, no pair made.
 */
export function footprints(world: World, v: View): Footprints {
  const f = prints,
    ships = world.ships,
    sq = world.squadrons;
  const n = ships.length + sq.length;
  let size = 4 * sq.length;
  for (let i = 0; i < ships.length; i++) size += 2 + ships[i].shapes.base.xy.length;
  if (f.data.length < size) f.data = new Float64Array(2 * size);
  if (f.start.length < n + 1) f.start = new Int32Array(2 * (n + 1));
  const d = f.data,
    k = v.scale;
  let at = 0,
    i = 0;
  for (let j = 0; j < sq.length; j++, i++) {
    const c = sq[j].circle;
    f.start[i] = at;
    f.owner[i] = '';
    d[at] = 0;
    d[at + 1] = v.turn ? v.ox + c.cy * k : v.ox + c.cx * k;
    d[at + 2] = v.turn ? v.oy + c.cx * k : v.oy - c.cy * k;
    d[at + 3] = c.r * k;
    at += 4;
  }
  for (let j = 0; j < ships.length; j++, i++) {
    const xy = ships[j].shapes.base.xy;
    f.start[i] = at;
    f.owner[i] = ships[j].id;
    d[at] = 1;
    d[at + 1] = xy.length / 2;
    at += 2;
    for (let m = 0; m < xy.length; m += 2, at += 2) {
      d[at] = v.turn ? v.ox + xy[m + 1] * k : v.ox + xy[m] * k;
      d[at + 1] = v.turn ? v.oy + xy[m] * k : v.oy - xy[m + 1] * k;
    }
  }
  f.start[n] = at;
  f.count = n;
  f.owner.length = n;
  return f;
}
