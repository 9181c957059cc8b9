/**
 * How deep two overlapping shapes reach into each other: the minimum translation distance, the
 * least distance one must move (in any direction) so that they no longer overlap. Exact for
 * unions of convex polygons (a ship's footprint is its base and four dial frames, each convex).
 *
 * A translated by t overlaps B where t lies inside some Minkowski difference Bj - Ai (convex: the
 * hull of every vertex difference). The depth is the distance from the origin to the nearest
 * point outside the union of those differences. That point lies on the union's boundary: a
 * vertex of one difference, the foot of the origin on one of its edges, or where edges of two
 * differences cross; every such candidate not strictly inside another difference is outside-or-on
 * the union, and the nearest of them is the answer.
 */
import { convexHullXY as hull } from './hull';
import { Polygon } from './polygon';

type Ring = Float64Array; // x0, y0, x1, y1, ... counter-clockwise, convex

/** The Minkowski difference B - A of two convex polygons: every t with (A + t) meeting B. */
function minkowskiDifference(A: Polygon, B: Polygon): Ring {
  const pts: number[] = [];
  for (let j = 0; j < B.n; j++) for (let i = 0; i < A.n; i++) pts.push(B.x(j) - A.x(i), B.y(j) - A.y(i));
  return hull(pts);
}

/** Is (x, y) inside the convex ring by more than eps (mm) from every edge line? */
function strictlyInside(R: Ring, x: number, y: number, eps: number): boolean {
  const n = R.length / 2;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = R[2 * i],
      ay = R[2 * i + 1],
      ex = R[2 * j] - ax,
      ey = R[2 * j + 1] - ay;
    const len = Math.sqrt(ex * ex + ey * ey);
    if ((ex * (y - ay) - ey * (x - ax)) / len <= eps) return false;
  }
  return true;
}

/** Slack of the inside test: far above rounding (~1e-12 mm here), far below the tolerance. */
const EPS = 1e-9;

/**
 * The minimum translation distance between two unions of convex polygons (0 when they do not
 * overlap), with the move of `a` that achieves it. `a` and `b` are the parts, each convex.
 */
export function penetration(
  a: readonly Polygon[],
  b: readonly Polygon[],
): { depth: number; dx: number; dy: number } {
  const diffs: Ring[] = [];
  for (const A of a) for (const B of b) diffs.push(minkowskiDifference(A, B));
  if (!diffs.some((R) => strictlyInside(R, 0, 0, EPS))) return { depth: 0, dx: 0, dy: 0 };
  let best = Infinity,
    bx = 0,
    by = 0;
  const consider = (x: number, y: number) => {
    const d = Math.sqrt(x * x + y * y);
    if (d >= best) return;
    for (const R of diffs) if (strictlyInside(R, x, y, EPS)) return;
    best = d;
    bx = x;
    by = y;
  };
  // edges as flat lists: ax, ay, bx, by; and each edge's distance from the origin
  const edges: number[] = [];
  for (const R of diffs) {
    const n = R.length / 2;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      edges.push(R[2 * i], R[2 * i + 1], R[2 * j], R[2 * j + 1]);
    }
  }
  const m = edges.length / 4;
  const reach = new Float64Array(m);
  // the vertices and the origin's feet on the edges (vertex k, then foot k: the plain search's order),
  // taken nearest first: the first outside every difference is the nearest of them (ties: the earlier,
  // as the plain search keeps the first of equals), and the rest need no inside test
  const cx = new Float64Array(2 * m),
    cy = new Float64Array(2 * m),
    cd = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    const ax = edges[4 * k],
      ay = edges[4 * k + 1],
      dx = edges[4 * k + 2] - ax,
      dy = edges[4 * k + 3] - ay,
      l2 = dx * dx + dy * dy;
    const t = Math.min(1, Math.max(0, -(ax * dx + ay * dy) / l2));
    const fx = ax + t * dx,
      fy = ay + t * dy;
    cx[2 * k] = ax;
    cy[2 * k] = ay;
    cd[2 * k] = Math.sqrt(ax * ax + ay * ay);
    cx[2 * k + 1] = fx;
    cy[2 * k + 1] = fy;
    cd[2 * k + 1] = reach[k] = Math.sqrt(fx * fx + fy * fy);
  }
  const order: number[] = [];
  for (let c = 0; c < 2 * m; c++) if (cd[c] === cd[c]) order.push(c); // NaN (a point edge's foot) is never taken
  order.sort((p, q) => cd[p] - cd[q] || p - q);
  for (const c of order) {
    consider(cx[c], cy[c]);
    if (best < Infinity) break;
  }
  // where edges of the union's parts cross. A crossing lies on both edges, so it is no nearer the origin
  // than either edge: an edge farther than the best so far (by more than rounding, PRUNE_MM) has no
  // crossing consider() would take, and its pairs are skipped (ship against ship, some 20,000 pairs of
  // edges, most of them far; test/geometry/penetration.test.ts holds this to the plain search);
  // the crossings nearer than that, nearest first as well (they come after the vertices and feet)
  const { xx, xy, xd } = crossingsNearer(edges, reach, best);
  const crossings = xd.map((_, i) => i).sort((p, q) => xd[p] - xd[q] || p - q);
  for (const c of crossings) {
    consider(xx[c], xy[c]);
    if (best === xd[c]) break;
  }
  return { depth: best, dx: bx, dy: by };
}

/** Where two edges nearer the origin than `best` cross, nearer than `best` (flat lists; see penetration). */
function crossingsNearer(edges: number[], reach: Float64Array, best: number) {
  const m = reach.length;
  const near: number[] = [];
  for (let k = 0; k < m; k++) if (reach[k] <= best + PRUNE_MM) near.push(k);
  const xx: number[] = [],
    xy: number[] = [],
    xd: number[] = [];
  for (let i = 0; i < near.length; i++) {
    const k = near[i];
    const ax = edges[4 * k],
      ay = edges[4 * k + 1],
      rx = edges[4 * k + 2] - ax,
      ry = edges[4 * k + 3] - ay;
    for (let j = i + 1; j < near.length; j++) {
      const l = near[j];
      const qx = edges[4 * l],
        qy = edges[4 * l + 1],
        sx = edges[4 * l + 2] - qx,
        sy = edges[4 * l + 3] - qy;
      const den = rx * sy - ry * sx;
      if (den === 0) continue;
      const t = ((qx - ax) * sy - (qy - ay) * sx) / den,
        u = ((qx - ax) * ry - (qy - ay) * rx) / den;
      if (t < 0 || t > 1 || u < 0 || u > 1) continue;
      const px = ax + t * rx,
        py = ay + t * ry,
        d = Math.sqrt(px * px + py * py);
      if (!(d < best)) continue;
      xx.push(px);
      xy.push(py);
      xd.push(d);
    }
  }
  return { xx, xy, xd };
}

/** Far above the rounding of an edge's distance from the origin (~1e-13 mm), far below the tolerance. */
const PRUNE_MM = 1e-7;

/** penetration()'s depth alone. */
export function penetrationDepth(a: readonly Polygon[], b: readonly Polygon[]): number {
  return penetration(a, b).depth;
}
