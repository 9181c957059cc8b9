/**
 * The canvas's labels for one frame, asked for and laid out (label-layout.ts), with no drawing in
 * it: the scene draws what this places. Priorities: the chosen attack's verdict labels, then the
 * chosen pair's pieces, the selected piece, overlaps, distance rings, ships, squadrons, obstacles,
 * the deployment zones. The chosen attack's line of sight and range line are obstacles no label
 * may cover. Names are the players' (src/model/names.ts): a ship's name or its class's short name.
 */
import type { AttackReport } from '../model/report';
import { pieceNames } from '../model/names';
import type { Entry, World } from '../rules/world';
import type { Report } from '../model/report';
import {
  around,
  besideLine,
  cut,
  type LabelRequest,
  layoutLabels,
  type Box,
  type LayoutResult,
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
  /** squadrons drawn as ghosts (a displaced squadron's proposed place) */
  ghosts: Entry[];
  /** colours the scene uses */
  colours: { player: Record<number, number>; overlap: number; los: Record<string, number> };
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
const sameView = (a: View, b: View) =>
  a.scale === b.scale && a.ox === b.ox && a.oy === b.oy && !a.turn === !b.turn;

/** The requests for one frame, asked for in the order the steps below run. */
class Asker {
  readonly reqs: LabelRequest[] = [];
  readonly segments: Segment[] = [];
  readonly names: Map<string, string>;
  readonly pairIds: Set<string>;

  constructor(readonly inp: SceneLabelInput) {
    this.names = pieceNames(inp.world.table);
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
   * A piece's label: its last request when nothing it rests on changed (keptRequests), else asked anew
   * at place() with texts(name).
   */
  askPiece(
    e: object,
    id: string,
    priority: number,
    name: string,
    place: () => [number, number],
    texts: (name: string) => string[],
  ) {
    const k = keptRequests.get(e);
    if (k && k.name === name && k.req.priority === priority && sameView(k.view, this.inp.view)) {
      this.reqs.push(k.req);
      return;
    }
    const [x, y] = place();
    this.ask(id, priority, x, y, texts(name), LABEL_COLOURS.text);
    keptRequests.set(e, { view: this.inp.view, name, req: this.reqs[this.reqs.length - 1] });
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
  }

  // pieces: each name at the piece (ships, obstacles) or beside it (squadrons, tokens)
  pieces() {
    const { world, view } = this.inp;
    if (view.scale >= 0.25) {
      const at = (e: Entry) => () => this.S(e.piece.x, e.piece.y);
      for (const e of world.obstacles)
        this.askPiece(e, e.id, this.rank(e.id, PRIORITY.obstacle), e.id, at(e), (n) => [n]);
      for (const e of world.ships) {
        const name = this.names.get(e.id) ?? e.id;
        this.askPiece(e, e.id, this.rank(e.id, PRIORITY.ship), name, at(e), (n) => this.short(n));
      }
    }
    if (view.scale >= 0.4) this.smallPieces();
  }

  /** tokens, squadrons and squadrons' proposed places: each name below it */
  smallPieces() {
    const { world, view } = this.inp;
    const below = (e: { circle: { cx: number; cy: number; r: number } }): [number, number] => {
      const [x, y] = this.S(e.circle.cx, e.circle.cy);
      return [x, y + e.circle.r * view.scale + 9];
    };
    for (const e of world.tokens)
      this.askPiece(
        e,
        e.id,
        this.rank(e.id, PRIORITY.token),
        e.id,
        () => below(e),
        (n) => [n],
      );
    for (const e of world.squadrons) {
      const name = this.names.get(e.id) ?? e.id;
      this.askPiece(
        e,
        e.id,
        this.rank(e.id, PRIORITY.squadron),
        name,
        () => below(e),
        (n) => this.short(n),
      );
    }
    for (const g of this.inp.ghosts) {
      if (g.kind !== 'squadron') continue;
      const [x, y] = below(g);
      this.ask(`ghost:${g.id}`, PRIORITY.ghost, x, y, [g.id.split('.')[1] ?? g.id], LABEL_COLOURS.text);
    }
  }

  // overlaps: one label per piece, naming the first obstacle and counting the rest
  overlaps() {
    const { world, report } = this.inp;
    const first = new Map<string, { obstacle: string; effect: string; n: number }>();
    for (const o of report.overlaps) {
      const f = first.get(o.piece);
      if (f) f.n++;
      else first.set(o.piece, { obstacle: o.obstacle, effect: o.effect, n: 1 });
    }
    for (const [piece, o] of first) {
      if (!this.inp.overlapped.has(piece)) continue;
      const e = world.byId.get(piece);
      if (!e || (e.kind !== 'ship' && e.kind !== 'squadron')) continue;
      const top = e.kind === 'ship' ? e.shapes.footprint.maxY : e.circle.cy + e.circle.r;
      const [x, y] = this.S(e.piece.x, top + 10);
      const more = o.n > 1 ? ` (and ${o.n - 1} more)` : '';
      this.ask(
        `overlap:${piece}:${o.obstacle}`,
        PRIORITY.overlap,
        x,
        y,
        [
          `${o.obstacle}: ${o.effect}${more}`,
          `${o.obstacle}: ${cut(o.effect, 24)}${more}`,
          `on ${o.obstacle}${more}`,
        ],
        this.inp.colours.overlap,
      );
    }
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
    const texts = [
      `range ${chosen.range}${mm !== null ? ` ${mm.toFixed(2)} mm` : ''}`,
      ...(mm !== null ? [`${chosen.range} ${mm.toFixed(0)} mm`] : []),
      chosen.range,
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
  });
  return { requests: a.reqs, segments: a.segments, layout, chosen };
}
