/**
 * The plain search src/geometry/penetration.ts's penetration() is written out from: every crossing of
 * every two edges considered, none skipped. The tests hold the fast one to it.
 */
import { convexHullXY as hull } from '../../src/geometry/hull';
import type { Polygon } from '../../src/geometry/polygon';

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
export function penetrationPlain(
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
  // edges as flat lists: ax, ay, bx, by
  const edges: number[] = [];
  for (const R of diffs) {
    const n = R.length / 2;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      edges.push(R[2 * i], R[2 * i + 1], R[2 * j], R[2 * j + 1]);
    }
  }
  const m = edges.length / 4;
  for (let k = 0; k < m; k++) {
    const ax = edges[4 * k],
      ay = edges[4 * k + 1],
      bx = edges[4 * k + 2],
      by = edges[4 * k + 3];
    consider(ax, ay);
    const dx = bx - ax,
      dy = by - ay,
      l2 = dx * dx + dy * dy;
    const t = Math.min(1, Math.max(0, -(ax * dx + ay * dy) / l2));
    consider(ax + t * dx, ay + t * dy);
  }
  // where edges of the union's parts cross
  for (let k = 0; k < m; k++) {
    const ax = edges[4 * k],
      ay = edges[4 * k + 1],
      rx = edges[4 * k + 2] - ax,
      ry = edges[4 * k + 3] - ay;
    for (let l = k + 1; l < m; l++) {
      const cx = edges[4 * l],
        cy = edges[4 * l + 1],
        sx = edges[4 * l + 2] - cx,
        sy = edges[4 * l + 3] - cy;
      const den = rx * sy - ry * sx;
      if (den === 0) continue;
      const t = ((cx - ax) * sy - (cy - ay) * sx) / den,
        u = ((cx - ax) * ry - (cy - ay) * rx) / den;
      if (t < 0 || t > 1 || u < 0 || u > 1) continue;
      consider(ax + t * rx, ay + t * ry);
    }
  }
  return { depth: best, dx: bx, dy: by };
}
