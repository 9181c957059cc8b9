/**
 * The plain label layout that src/render/label-layout.ts's layoutLabels is written out from (a box per
 * place tried, closures for the grid's cells, a list of clips per segment test): the tests hold the fast
 * one to it, placement for placement.
 */
import {
  type Box,
  boxesOverlap,
  type LabelRequest,
  type LayoutOptions,
  type LayoutResult,
  PIECE_PAD,
  type PlacedLabel,
} from '../../src/render/label-layout';

const CELL = 64;

/** layoutLabels as first written: a box per place tried, closures for the grid's cells. */
export function layoutLabelsPlain(requests: LabelRequest[], opt: LayoutOptions): LayoutResult {
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
    for (const s of segs) if (segmentHitsBoxPlain(s.a, s.b, grow(b, s.pad))) return false;
    return true;
  };
  const pieces = piecesOf(opt);
  const coversPiece = (b: Box, id: string) =>
    pieces.some((f) => f.owner !== id && (f.kind === 'disc' ? discMeets(f, b) : polygonMeets(f.xy, b)));
  const place = (r: LabelRequest, clear: boolean) => {
    for (const text of r.texts) {
      const { w, h } = opt.measure(text);
      for (const [ax, ay, sx = 0, sy = 0] of r.at) {
        const x = ax - (sx * w) / 2,
          y = ay - (sy * h) / 2;
        if (!Number.isFinite(x + y)) continue;
        const b: Box = [x - w / 2, y - h / 2, x + w / 2, y + h / 2];
        if (!free(b)) continue;
        if (clear && coversPiece(b, r.id)) continue;
        const p: PlacedLabel = { id: r.id, text, x, y, box: b, color: r.color, priority: r.priority };
        placed.push(p);
        cells(b, (k) => {
          const l = grid.get(k);
          if (l) l.push(p);
          else grid.set(k, [p]);
        });
        return true;
      }
    }
    return false;
  };
  for (const [r] of order) {
    const done =
      place(r, pieces.length > 0) || (pieces.length > 0 && r.overPieces !== 'never' && place(r, false));
    if (!done) dropped.push(r.id);
  }
  return { placed, dropped };
}

type Print =
  | { kind: 'disc'; cx: number; cy: number; r: number; owner: string }
  | { kind: 'polygon'; xy: number[]; owner: string };

/** The footprints as objects. */
function piecesOf(opt: LayoutOptions): Print[] {
  const f = opt.pieces;
  if (!f) return [];
  const out: Print[] = [];
  for (let i = 0; i < f.count; i++) {
    const s = f.start[i],
      d = f.data;
    const owner = f.owner[i] || '\u0000none';
    if (d[s] === 0) out.push({ kind: 'disc', cx: d[s + 1], cy: d[s + 2], r: d[s + 3], owner });
    else out.push({ kind: 'polygon', xy: [...d.slice(s + 2, s + 2 + 2 * d[s + 1])], owner });
  }
  return out;
}

/** A disc meets the box grown by PIECE_PAD: the box's point nearest the centre lies within r. */
function discMeets(c: { cx: number; cy: number; r: number }, b: Box): boolean {
  const g = grow(b, PIECE_PAD);
  const nx = Math.min(Math.max(c.cx, g[0]), g[2]),
    ny = Math.min(Math.max(c.cy, g[1]), g[3]);
  return (nx - c.cx) ** 2 + (ny - c.cy) ** 2 < c.r * c.r;
}

/** A convex polygon meets the box grown by PIECE_PAD: no axis (the box's, the edges' normals) parts them. */
function polygonMeets(xy: number[], b: Box): boolean {
  const g = grow(b, PIECE_PAD);
  const pts = xy.flatMap((_, i) => (i % 2 ? [] : [[xy[i], xy[i + 1]] as const]));
  const corners = [
    [g[0], g[1]],
    [g[2], g[1]],
    [g[2], g[3]],
    [g[0], g[3]],
  ] as const;
  const axes: (readonly [number, number])[] = [
    [1, 0],
    [0, 1],
    ...pts.map((p, i) => {
      const q = pts[(i + 1) % pts.length];
      return [q[1] - p[1], p[0] - q[0]] as const;
    }),
  ];
  return axes.every(([nx, ny]) => {
    const a = pts.map((p) => p[0] * nx + p[1] * ny),
      c = corners.map((p) => p[0] * nx + p[1] * ny);
    return Math.min(...c) < Math.max(...a) && Math.min(...a) < Math.max(...c);
  });
}

const grow = (b: Box, d: number): Box => [b[0] - d, b[1] - d, b[2] + d, b[3] + d];

/** Whether segment a-b meets the box (Liang-Barsky), with the clips as a list. */
export function segmentHitsBoxPlain(a: [number, number], b: [number, number], box: Box): boolean {
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
