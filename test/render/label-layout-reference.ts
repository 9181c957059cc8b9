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
