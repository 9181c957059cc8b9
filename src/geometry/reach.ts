/**
 * How far one shape reaches into, or away from, another: overlap depth and farthest reach.
 * Both are found by bisection on exact coverage tests, to within STEP_MM.
 */
import type { Circle } from './circle';
import type { Polygon } from './polygon';
import { insideIntervals, segmentReachesInside, type Shape } from './relate';
import { capsuleInterval } from './segment';

export const STEP_MM = 0.001;

/**
 * How deep two shapes overlap: the farthest a part of either one's edge lies inside the other,
 * measured from the other's edge (0 when they only touch or are apart). For a disc and an
 * outline: how far the disc reaches past the outline's edge.
 */
export function overlapDepth(A: Shape, B: Shape): number {
  if (A.kind === 'circle' && B.kind === 'circle')
    return Math.max(0, A.r + B.r - Math.hypot(A.cx - B.cx, A.cy - B.cy));
  if (A.kind === 'circle' || B.kind === 'circle') {
    const C = (A.kind === 'circle' ? A : B) as Circle;
    const P = (A.kind === 'circle' ? B : A) as Polygon;
    return Math.max(0, C.r - P.signedDistance(C.cx, C.cy));
  }
  const reaches = (h: number) => edgesReachInside(A, B, h) || edgesReachInside(B, A, h);
  if (!reaches(0)) return 0;
  let lo = 0,
    hi = Math.max(A.maxX - A.minX, A.maxY - A.minY, B.maxX - B.minX, B.maxY - B.minY);
  while (hi - lo > STEP_MM) {
    const mid = (lo + hi) / 2;
    if (reaches(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

function edgesReachInside(P: Polygon, Q: Polygon, h: number): boolean {
  for (let i = 0; i < P.n; i++) {
    const j = i + 1 === P.n ? 0 : i + 1;
    if (segmentReachesInside(Q, P.x(i), P.y(i), P.x(j), P.y(j), h)) return true;
  }
  return false;
}

const cap: [number, number] = [0, 0];

/** Is every point of segment p-q inside P or within h of P's edge? */
export function segmentWithin(
  P: Polygon,
  px: number,
  py: number,
  qx: number,
  qy: number,
  h: number,
): boolean {
  const covers: [number, number][] = insideIntervals(P, px, py, qx, qy);
  for (let i = 0; i < P.n; i++) {
    const j = i + 1 === P.n ? 0 : i + 1;
    if (capsuleInterval(px, py, qx, qy, P.x(i), P.y(i), P.x(j), P.y(j), h, cap))
      covers.push([cap[0], cap[1]]);
  }
  covers.sort((a, b) => a[0] - b[0]);
  let reach = 0;
  for (const [c0, c1] of covers) {
    if (c0 > reach + 1e-12) return false;
    if (c1 > reach) reach = c1;
    if (reach >= 1) return true;
  }
  return reach >= 1 - 1e-12;
}

/**
 * The farthest any point of Q's outline lies from the filled outline P (0 when Q lies inside P).
 * Measured along Q's whole edge, not only its corners: an edge may pass farther out than its
 * ends. (A point deep inside Q could lie farther still only if P had a closed pocket around it;
 * obstacle tokens have none.)
 */
export function farthestReach(P: Polygon, Q: Polygon): number {
  const within = (h: number) => {
    for (let i = 0; i < Q.n; i++) {
      const j = i + 1 === Q.n ? 0 : i + 1;
      if (!segmentWithin(P, Q.x(i), Q.y(i), Q.x(j), Q.y(j), h)) return false;
    }
    return true;
  };
  if (within(0)) return 0;
  let lo = 0,
    hi = 1;
  while (!within(hi)) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > STEP_MM) {
    const mid = (lo + hi) / 2;
    if (within(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** How far a shape pokes out of the rectangle [x0,x1]x[y0,y1] (0 if inside or on its edge). */
export function outsideRect(S: Shape, x0: number, y0: number, x1: number, y1: number): number {
  return Math.max(0, x0 - S.minX, S.maxX - x1, y0 - S.minY, S.maxY - y1);
}

/** Distance from a shape to each side line of a rectangle it lies in: the least of the four. */
export function sideGaps(
  S: Shape,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): { left: number; right: number; bottom: number; top: number } {
  return { left: S.minX - x0, right: x1 - S.maxX, bottom: S.minY - y0, top: y1 - S.maxY };
}

/** Does every point of Q's outline lie inside P or within h of P's edge? (farthestReach(P, Q) <= h, in one pass) */
export function reachesWithin(P: Polygon, Q: Polygon, h: number): boolean {
  for (let i = 0; i < Q.n; i++) {
    const j = i + 1 === Q.n ? 0 : i + 1;
    if (!segmentWithin(P, Q.x(i), Q.y(i), Q.x(j), Q.y(j), h)) return false;
  }
  return true;
}

/** Distance from a point to the filled outline P (0 inside or on it). */
function pointToFilled(P: Polygon, px: number, py: number): number {
  return P.locate(px, py) === 'outside' ? P.boundaryDistance(px, py) : 0;
}

/** How many points of the disc's rim the search below tries first: 2 pi r / 16384 apart. */
const RIM_SAMPLES = 16384;

/**
 * The farthest any point of disc D lies from the filled union of one or two convex outlines Ps (a
 * ship's plastic base, or a huge ship's two): how far a band must reach for all of the disc to be
 * "within" it (rules reference 1.5: "If the entirety of a base or token is inside a specified
 * band, that component is within that band").
 * - The nearer outline's distance from the centre plus the radius bounds it from above; when the
 *   rim point straight away from that outline's closest point is no nearer the other outline, it
 *   is attained: exact (always so for one outline with the centre outside it).
 * - Otherwise the farthest point lies on the rim (a distance to a convex outline is convex along
 *   any line; an inner point as far from two outlines as can be has them on opposite sides, so the
 *   chord across that line keeps it as far), and the rim is searched: 16,384 points, so the best
 *   lies within pi r / 16384 of the answer (0.0033 mm for a squadron, under the tolerance), then
 *   refined by golden-section search around it.
 */
export function discFarthestFrom(D: Circle, Ps: Polygon[]): number {
  const g = (x: number, y: number) => {
    let m = Infinity;
    for (const P of Ps) m = Math.min(m, pointToFilled(P, x, y));
    return m;
  };
  // the nearer outline's farthest rim point, straight away from its closest point
  let best: { d: number; P: Polygon } | null = null;
  for (const P of Ps) {
    const d = pointToFilled(P, D.cx, D.cy);
    if (!best || d < best.d) best = { d, P };
  }
  if (best && best.d > 0) {
    const q = best.P.closestBoundaryPoint(D.cx, D.cy);
    const ux = (D.cx - q.x) / q.d,
      uy = (D.cy - q.y) / q.d;
    const far = best.d + D.r;
    // exact when that point is as far from every other outline (no point of D is farther from any)
    if (g(D.cx + ux * D.r, D.cy + uy * D.r) >= far - 1e-9) return far;
  }
  const at = (t: number) => g(D.cx + D.r * Math.cos(t), D.cy + D.r * Math.sin(t));
  const step = (2 * Math.PI) / RIM_SAMPLES;
  let bi = 0,
    bv = -Infinity;
  for (let i = 0; i < RIM_SAMPLES; i++) {
    const v = at(i * step);
    if (v > bv) {
      bv = v;
      bi = i;
    }
  }
  // golden-section search on the two steps around the best sample
  let lo = (bi - 1) * step,
    hi = (bi + 1) * step;
  const k = (Math.sqrt(5) - 1) / 2;
  for (let n = 0; n < 60 && hi - lo > 1e-12; n++) {
    const a = hi - k * (hi - lo),
      b = lo + k * (hi - lo);
    if (at(a) >= at(b)) hi = b;
    else lo = a;
  }
  return Math.max(bv, at((lo + hi) / 2));
}
