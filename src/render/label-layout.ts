/**
 * Label layout for the canvas, with no drawing in it (no pixi): labels asked for with a priority,
 * places to try and texts from full to short; obstacles they must not cover (the judged line's
 * segments). Each label is placed at the first place, with the first text, where its box overlaps
 * no label already placed, crosses no obstacle segment and lies inside the canvas; else it is
 * dropped. Higher priorities are placed first, so the chosen pair and its verdict always win.
 */

/** A screen box: [x0, y0, x1, y1] (px, y down). */
export type Box = [number, number, number, number];

export interface LabelRequest {
  id: string;
  /** higher first */
  priority: number;
  /** places to try, in order (screen px): the box is centred on each */
  at: [number, number][];
  /** texts to try, full first (each at every place before the next, shorter one) */
  texts: string[];
  color: number;
}

export interface PlacedLabel {
  id: string;
  text: string;
  /** the box's centre */
  x: number;
  y: number;
  box: Box;
  color: number;
  priority: number;
}

/** A segment a label must not cover, `pad` px wide on each side (a line's half width and a margin). */
export interface Segment {
  a: [number, number];
  b: [number, number];
  pad: number;
}

export interface LayoutOptions {
  /** the text's box size (px) */
  measure(text: string): { w: number; h: number };
  /** the canvas: a label's box must lie inside it */
  bounds: Box;
  /** segments no label may cover */
  segments?: Segment[];
  /** px kept between two labels' boxes */
  gap?: number;
  /** boxes no label may meet (the canvas's legend) */
  keepOut?: Box[];
}

export interface LayoutResult {
  placed: PlacedLabel[];
  dropped: string[];
}

const CELL = 64;

/** Lay the labels out (see the module's comment). Deterministic: ties keep the requests' order. */
export function layoutLabels(requests: LabelRequest[], opt: LayoutOptions): LayoutResult {
  const gap = opt.gap ?? 2;
  const [bx0, by0, bx1, by1] = opt.bounds;
  const segs = opt.segments ?? [];
  const order = requests
    .map((r, i) => [r, i] as const)
    .sort((p, q) => q[0].priority - p[0].priority || p[1] - q[1]);
  const placed: PlacedLabel[] = [];
  const dropped: string[] = [];
  // placed boxes by grid cell: a label is tested only against its neighbours
  const grid = new Map<number, PlacedLabel[]>();
  const cells = (b: Box, f: (k: number) => void) => {
    const cx0 = Math.floor(b[0] / CELL),
      cx1 = Math.floor(b[2] / CELL),
      cy0 = Math.floor(b[1] / CELL),
      cy1 = Math.floor(b[3] / CELL);
    for (let cx = cx0; cx <= cx1; cx++) for (let cy = cy0; cy <= cy1; cy++) f(cx * 100003 + cy);
  };
  const free = (b: Box) => {
    if (b[0] < bx0 || b[1] < by0 || b[2] > bx1 || b[3] > by1) return false;
    if (opt.keepOut?.some((k) => boxesOverlap(b, k, gap))) return false;
    let ok = true;
    cells(b, (k) => {
      if (!ok) return;
      for (const p of grid.get(k) ?? [])
        if (boxesOverlap(b, p.box, gap)) {
          ok = false;
          return;
        }
    });
    if (!ok) return false;
    for (const s of segs) if (segmentHitsBox(s.a, s.b, grow(b, s.pad))) return false;
    return true;
  };
  for (const [r] of order) {
    let done = false;
    for (const text of r.texts) {
      const { w, h } = opt.measure(text);
      for (const [x, y] of r.at) {
        if (!Number.isFinite(x + y)) continue;
        const b: Box = [x - w / 2, y - h / 2, x + w / 2, y + h / 2];
        if (!free(b)) continue;
        const p: PlacedLabel = { id: r.id, text, x, y, box: b, color: r.color, priority: r.priority };
        placed.push(p);
        cells(b, (k) => {
          const l = grid.get(k);
          if (l) l.push(p);
          else grid.set(k, [p]);
        });
        done = true;
        break;
      }
      if (done) break;
    }
    if (!done) dropped.push(r.id);
  }
  return { placed, dropped };
}

/** Whether two boxes come closer than `gap` px (touching at exactly `gap` is apart). */
export function boxesOverlap(a: Box, b: Box, gap = 0): boolean {
  return a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap;
}

const grow = (b: Box, d: number): Box => [b[0] - d, b[1] - d, b[2] + d, b[3] + d];

/** Whether segment a-b meets the box (Liang-Barsky: some part of the segment lies inside it). */
export function segmentHitsBox(a: [number, number], b: [number, number], box: Box): boolean {
  let t0 = 0,
    t1 = 1;
  const dx = b[0] - a[0],
    dy = b[1] - a[1];
  const edges: [number, number][] = [
    [-dx, a[0] - box[0]],
    [dx, box[2] - a[0]],
    [-dy, a[1] - box[1]],
    [dy, box[3] - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  return t0 <= t1;
}

/** Places around an anchor: on it, then above, below, right, left and the corners, at one and two steps. */
export function around(x: number, y: number, w: number, h: number): [number, number][] {
  const out: [number, number][] = [[x, y]];
  for (const k of [1, 2]) {
    const dy = k * (h / 2 + 4) + ((k - 1) * h) / 2,
      dx = k * (w / 2 + 6);
    out.push(
      [x, y - dy],
      [x, y + dy],
      [x + dx, y],
      [x - dx, y],
      [x + dx, y - dy],
      [x - dx, y - dy],
      [x + dx, y + dy],
      [x - dx, y + dy],
    );
  }
  return out;
}

/** Places beside a line p-q: at the fractions `ts` along it, `off` px to either side. */
export function besideLine(
  p: [number, number],
  q: [number, number],
  ts: number[],
  off: number[],
): [number, number][] {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
  const nx = -(q[1] - p[1]) / len,
    ny = (q[0] - p[0]) / len;
  const out: [number, number][] = [];
  for (const t of ts) {
    const x = p[0] + (q[0] - p[0]) * t,
      y = p[1] + (q[1] - p[1]) * t;
    for (const o of off) out.push([x + nx * o, y + ny * o], [x - nx * o, y - ny * o]);
  }
  return out;
}

/** A text cut to `n` characters with an ellipsis (itself when short enough). */
export const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, Math.max(1, n - 1))}…`);

/** An estimate of an 11 px system-ui label's box with its 3 px outline (tests, and where nothing measures). */
export const estimateBox = (text: string) => ({ w: Math.max(8, text.length * 6.4) + 4, h: 16 });
