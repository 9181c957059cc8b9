import type { Polygon } from './polygon';
import { convexHullXY } from './hull';

/**
 * Cheap proofs that a segment stays farther than some margin from a polygon, for the per-line
 * early-outs of line of sight. A "yes" is certain (up to SLACK_MM, far above rounding and far
 * below the tolerance); a "no" decides nothing and the caller runs its exact test.
 */

/**
 * Floating-point slack on the separation tests, far above their rounding error (~1e-10 mm), far below the
 * tolerance.
 */
export const SLACK_MM = 1e-6;

/** The convex hull of P's vertices, CCW, as flat coordinates (monotone chain); P's own for a convex P. */
export function convexHullOf(P: Polygon): Float64Array {
  // a convex polygon is its own hull: nothing to keep (clipped parts come and go by the thousand)
  if (P.convex) return P.xy;
  let h = P.hullXY;
  if (h) return h;
  h = convexHullXY(P.xy, P.n);
  P.hullXY = h;
  return h;
}

/**
 * Is segment p-q farther than m from polygon P? Separating-axis test against P's convex hull
 * (which holds P): either every hull vertex lies beyond the segment's line by more than m on one
 * side, or both segment ends lie beyond one hull edge's line by more than m.
 */
export function segmentSeparatedBeyond(
  P: Polygon,
  px: number,
  py: number,
  qx: number,
  qy: number,
  m: number,
): boolean {
  const h = convexHullOf(P);
  const n = h.length / 2;
  const lim = m + SLACK_MM;
  // the segment's own line
  const dx = qx - px,
    dy = qy - py,
    dl = Math.sqrt(dx * dx + dy * dy);
  if (dl > 1e-9) {
    let minS = Infinity,
      maxS = -Infinity;
    for (let i = 0; i < n; i++) {
      const s = (dx * (h[2 * i + 1] - py) - dy * (h[2 * i] - px)) / dl;
      if (s < minS) minS = s;
      if (s > maxS) maxS = s;
    }
    if (minS > lim || maxS < -lim) return true;
  }
  // the hull's edges: outside a CCW edge is to its right
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = h[2 * i],
      ay = h[2 * i + 1],
      ex = h[2 * j] - ax,
      ey = h[2 * j + 1] - ay;
    const el = Math.sqrt(ex * ex + ey * ey);
    if (el < 1e-9) continue;
    if ((ey * (px - ax) - ex * (py - ay)) / el > lim && (ey * (qx - ax) - ex * (qy - ay)) / el > lim)
      return true;
  }
  return false;
}

/**
 * Does polygon S lie inside the convex polygon A with every vertex farther than m inside each of
 * A's edge lines? Then every point of S is inside A and farther than m from A's boundary.
 */
export function insideConvexBeyond(S: Polygon, A: Polygon, m: number): boolean {
  return coordsInsideConvexBeyond(S.xy, S.n, A, m);
}

const onePoint = new Float64Array(2);

/** Is the point inside the convex polygon A, farther than m inside each of A's edge lines? */
export function pointInsideConvexBeyond(x: number, y: number, A: Polygon, m: number): boolean {
  onePoint[0] = x;
  onePoint[1] = y;
  return coordsInsideConvexBeyond(onePoint, 1, A, m);
}

/** The first `count` points of flat coordinates s, each farther than m inside every edge line of convex A. */
function coordsInsideConvexBeyond(s: Float64Array, count: number, A: Polygon, m: number): boolean {
  if (!A.convex) return false;
  const a = A.xy,
    na = A.n;
  const lim = m + SLACK_MM;
  for (let i = 0; i < na; i++) {
    const j = i + 1 === na ? 0 : i + 1;
    const ax = a[2 * i],
      ay = a[2 * i + 1],
      ex = a[2 * j] - ax,
      ey = a[2 * j + 1] - ay;
    const el = Math.sqrt(ex * ex + ey * ey);
    // a degenerate arc edge bounds nothing; its neighbours' lines do
    if (el < 1e-9) continue;
    for (let k = 0; k < count; k++)
      if ((ex * (s[2 * k + 1] - ay) - ey * (s[2 * k] - ax)) / el <= lim) return false;
  }
  return true;
}
