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
  const pts = new Float64Array(2 * A.n * B.n);
  let k = 0;
  for (let j = 0; j < B.n; j++)
    for (let i = 0; i < A.n; i++) {
      pts[k++] = B.x(j) - A.x(i);
      pts[k++] = B.y(j) - A.y(i);
    }
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
  // written with typed arrays and no closures: a dragged ship lying on another is measured at every rest of
  // the pointer, some 25 differences of 16 points each (test/geometry/penetration-reference.ts is the plain
  // search, and test/geometry/penetration.test.ts holds this one to it)
  const diffs: Ring[] = [];
  for (const A of a) for (const B of b) diffs.push(minkowskiDifference(A, B));
  if (!insideAny(diffs, 0, 0)) return { depth: 0, dx: 0, dy: 0 };
  let best = Infinity,
    bx = 0,
    by = 0;
  // edges as flat lists: ax, ay, bx, by; and each edge's distance from the origin
  let m = 0;
  for (const R of diffs) m += R.length >> 1;
  const edges = new Float64Array(4 * m);
  let e = 0;
  for (const R of diffs) {
    const n = R.length / 2;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      edges[e++] = R[2 * i];
      edges[e++] = R[2 * i + 1];
      edges[e++] = R[2 * j];
      edges[e++] = R[2 * j + 1];
    }
  }
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
  // a place nearer the origin than the deepest difference's edge lines lies inside that difference: no need to
  // ask (a ship deep in an obstacle has most of its candidates so; left out as NaN, which nearestFirst drops)
  const skip = skipBelow(diffs);
  for (let c = 0; c < 2 * m; c++) if (cd[c] < skip) cd[c] = NaN;
  const order = nearestFirst(cd, 2 * m);
  for (let i = 0; i < order.length; i++) {
    const c = order[i];
    if (cd[c] < best && !insideAny(diffs, cx[c], cy[c])) {
      best = cd[c];
      bx = cx[c];
      by = cy[c];
    }
    if (best < Infinity) break;
  }
  // where edges of the union's parts cross. A crossing lies on both edges, so it is no nearer the origin
  // than either edge: an edge farther than the best so far (by more than rounding, PRUNE_MM) has no
  // crossing the search would take, and its pairs are skipped (ship against ship, some 20,000 pairs of
  // edges, most of them far; test/geometry/penetration.test.ts holds this to the plain search);
  // the crossings nearer than that, nearest first as well (they come after the vertices and feet)
  const x = crossingsNearer(edges, reach, best, diffs, skip);
  const crossings = nearestFirst(x.xd, x.n);
  for (let i = 0; i < crossings.length; i++) {
    const c = crossings[i];
    if (x.xd[c] < best && !insideAny(diffs, x.xx[c], x.xy[c])) {
      best = x.xd[c];
      bx = x.xx[c];
      by = x.xy[c];
    }
    if (best === x.xd[c]) break;
  }
  return { depth: best, dx: bx, dy: by };
}

/**
 * Below what distance from the origin every point is strictly inside some difference (by more than EPS): the
 * depth of the origin in the difference holding it deepest (the least distance to its edge lines), less a
 * margin far above rounding. Any point nearer is inside that difference by more than EPS: never taken.
 */
function skipBelow(diffs: Ring[]): number {
  let deepest = 0;
  for (const R of diffs) {
    const n = R.length / 2;
    let d = Infinity;
    for (let i = 0; i < n && d > deepest; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ax = R[2 * i],
        ay = R[2 * i + 1],
        ex = R[2 * j] - ax,
        ey = R[2 * j + 1] - ay;
      d = Math.min(d, (ey * ax - ex * ay) / Math.sqrt(ex * ex + ey * ey));
    }
    if (d > deepest) deepest = d;
  }
  return deepest - SKIP_MARGIN_MM;
}

/** EPS twice over: a point nearer than skipBelow is inside by EPS at least, whatever the rounding. */
const SKIP_MARGIN_MM = 1e-8 + 2 * 1e-9;

/**
 * Is (x, y) strictly inside any of the differences? (A candidate outside all of them, and nearer than the
 * best, is taken: its distance is cd's or xd's, sqrt(x * x + y * y), the plain search's figure.)
 */
function insideAny(diffs: Ring[], x: number, y: number): boolean {
  for (const R of diffs) if (strictlyInside(R, x, y, EPS)) return true;
  return false;
}

/** The indices 0..n-1 of d, nearest first (ties: the lower index), leaving out NaN (a point edge's foot). */
function nearestFirst(d: Float64Array, n: number): Int32Array {
  const idx = new Int32Array(n);
  let k = 0;
  for (let c = 0; c < n; c++) if (d[c] === d[c]) idx[k++] = c;
  // the comparison answers -1, 0 or 1 (a difference, a double, is a new number at every call)
  return idx.subarray(0, k).sort((p, q) => (d[p] < d[q] ? -1 : d[p] > d[q] ? 1 : p - q));
}

/**
 * Where two edges nearer the origin than `best` cross, nearer than `best` (flat lists; see penetration). An
 * edge lying wholly inside another difference, its ends deeper in it than INSIDE_MM, is left out: every point
 * of it is inside that difference (convex), so none of its crossings could be taken (a ship deep in an obstacle
 * has most of its edges so buried: the pairs left are those near the union's edge).
 */
function crossingsNearer(
  edges: Float64Array,
  reach: Float64Array,
  best: number,
  diffs: Ring[],
  skip: number,
) {
  const m = reach.length;
  const near = new Int32Array(m);
  let nn = 0;
  for (let k = 0; k < m; k++) if (reach[k] <= best + PRUNE_MM && !buried(edges, k, diffs)) near[nn++] = k;
  // one pass, into lists kept between calls and grown when full (valid until the next call)
  const at = new Float64Array(3);
  let n = 0;
  for (let i = 0; i < nn; i++)
    for (let j = i + 1; j < nn; j++)
      if (crossNearer(edges, near[i], near[j], best, at) && at[2] >= skip) {
        if (n === found.xd.length) grow();
        found.xx[n] = at[0];
        found.xy[n] = at[1];
        found.xd[n++] = at[2];
      }
  return { n, xx: found.xx, xy: found.xy, xd: found.xd };
}

/** Are both ends of edge k inside one of the differences, deeper than INSIDE_MM from each of its edge lines? */
function buried(edges: Float64Array, k: number, diffs: Ring[]): boolean {
  const ax = edges[4 * k],
    ay = edges[4 * k + 1],
    bx = edges[4 * k + 2],
    by = edges[4 * k + 3];
  for (const R of diffs)
    if (strictlyInside(R, ax, ay, INSIDE_MM) && strictlyInside(R, bx, by, INSIDE_MM)) return true;
  return false;
}

/** Far above EPS and rounding: a point of an edge so buried is inside by more than EPS, however computed. */
const INSIDE_MM = 1e-6;

/** crossingsNearer's lists (x, y, distance from the origin), kept between calls (small: tests grow them) */
const found = { xx: new Float64Array(16), xy: new Float64Array(16), xd: new Float64Array(16) };

/** found's lists twice as long, their contents kept */
function grow(): void {
  for (const k of ['xx', 'xy', 'xd'] as const) {
    const a = new Float64Array(2 * found[k].length);
    a.set(found[k]);
    found[k] = a;
  }
}

/** Do edges k and l cross nearer the origin than `best`? If so `at` holds where (x, y) and how far. */
function crossNearer(edges: Float64Array, k: number, l: number, best: number, at: Float64Array): boolean {
  const ax = edges[4 * k],
    ay = edges[4 * k + 1],
    rx = edges[4 * k + 2] - ax,
    ry = edges[4 * k + 3] - ay;
  const qx = edges[4 * l],
    qy = edges[4 * l + 1],
    sx = edges[4 * l + 2] - qx,
    sy = edges[4 * l + 3] - qy;
  const den = rx * sy - ry * sx;
  if (den === 0) return false;
  const t = ((qx - ax) * sy - (qy - ay) * sx) / den,
    u = ((qx - ax) * ry - (qy - ay) * rx) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return false;
  const px = ax + t * rx,
    py = ay + t * ry,
    d = Math.sqrt(px * px + py * py);
  if (!(d < best)) return false;
  at[0] = px;
  at[1] = py;
  at[2] = d;
  return true;
}

/** Far above the rounding of an edge's distance from the origin (~1e-13 mm), far below the tolerance. */
const PRUNE_MM = 1e-7;

/** penetration()'s depth alone. */
export function penetrationDepth(a: readonly Polygon[], b: readonly Polygon[]): number {
  return penetration(a, b).depth;
}

/**
 * penetration(a, b), the same answer, with only the pairs of parts that can bear on it: moving a's box clear of
 * b's box (along x or y, the shorter way) ends any overlap, so the depth is at most that move; a pair of parts
 * whose boxes lie farther apart than that holds no point the search would take. A ship whose dial frame reaches
 * a hair into an obstacle is measured against the obstacle's parts near that frame, not all of them.
 */
export function penetrationNear(
  a: readonly Polygon[],
  b: readonly Polygon[],
): { depth: number; dx: number; dy: number } {
  const A = box(a),
    B = box(b);
  const bound = Math.min(A[2] - B[0], B[2] - A[0], A[3] - B[1], B[3] - A[1]);
  if (!(bound > 0)) return { depth: 0, dx: 0, dy: 0 };
  const reach = bound + PRUNE_MM;
  const near = (p: Polygon, q: Polygon) =>
    Math.max(p.minX - q.maxX, q.minX - p.maxX, p.minY - q.maxY, q.minY - p.maxY) <= reach;
  const aa = a.filter((p) => b.some((q) => near(p, q)));
  const bb = b.filter((q) => aa.some((p) => near(p, q)));
  return penetration(aa, bb);
}

/** The box around a list of polygons: minX, minY, maxX, maxY. */
function box(ps: readonly Polygon[]): [number, number, number, number] {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const p of ps) {
    x0 = Math.min(x0, p.minX);
    y0 = Math.min(y0, p.minY);
    x1 = Math.max(x1, p.maxX);
    y1 = Math.max(y1, p.maxY);
  }
  return [x0, y0, x1, y1];
}
