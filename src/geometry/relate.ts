import { hypot } from './hypot';
import { Circle, type Shape } from './circle';
import type { Point } from './point';
import { Polygon, type PointLocation } from './polygon';
import {
  capsuleInterval,
  closestParam,
  crossingParam,
  farLimit,
  newSegmentPair,
  pointSegmentDistSq,
  sameSideBeyond,
  segmentDistance,
  segmentsIntersect,
} from './segment';
import { orient } from './predicates';
import { convexHullOf, SLACK_MM } from './separation';
import { TOLERANCE_MM } from './tolerance';

export type { Shape };
export type RelationKind = 'apart' | 'touch' | 'overlap';

/** Closest distance between two shapes taken as filled sets, with a closest point on each. */
export interface Closest {
  /** 0 when the shapes share any point. */
  distance: number;
  a: Point;
  b: Point;
}

export interface Relation extends Closest {
  kind: RelationKind;
}

export function bboxGap(a: Shape, b: Shape): number {
  const gx = Math.max(a.minX - b.maxX, b.minX - a.maxX, 0);
  const gy = Math.max(a.minY - b.maxY, b.minY - a.maxY, 0);
  return hypot(gx, gy);
}

const pair = newSegmentPair();

/**
 * Closest points of two polygon boundaries (0 where they cross or touch). disjoint: the
 * boundaries are known not to meet (hullsApartBeyond), so no pair of edges is tested for meeting.
 */
export function boundaryClosest(A: Polygon, B: Polygon, stopBelow = 0, disjoint = false): Closest {
  const d = Math.sqrt(boundaryNearest(A, B, stopBelow, disjoint));
  return { distance: d, a: { x: nearest[0], y: nearest[1] }, b: { x: nearest[2], y: nearest[3] } };
}

/** boundaryNearest's closest points: a's x, y, then b's */
const nearest = new Float64Array(4);

/**
 * boundaryClosest's search: the squared distance, its closest points written into `nearest` (a caller
 * wanting the distance alone builds no points).
 */
// eslint-disable-next-line max-lines-per-function -- hot path written out (every pair of pieces)
function boundaryNearest(A: Polygon, B: Polygon, stopBelow: number, disjoint: boolean): number {
  let best = Infinity,
    ax = NaN,
    ay = NaN,
    bx = NaN,
    by = NaN;
  const a = A.xy,
    b = B.xy,
    na = A.n,
    nb = B.n;
  for (let i = 0; i < na; i++) {
    const i2 = i + 1 === na ? 0 : i + 1;
    const a0x = a[2 * i],
      a0y = a[2 * i + 1],
      a1x = a[2 * i2],
      a1y = a[2 * i2 + 1];
    // lower bound from the edge's box to B's box
    const eMinX = a0x < a1x ? a0x : a1x,
      eMaxX = a0x < a1x ? a1x : a0x;
    const eMinY = a0y < a1y ? a0y : a1y,
      eMaxY = a0y < a1y ? a1y : a0y;
    const gx = Math.max(eMinX - B.maxX, B.minX - eMaxX, 0),
      gy = Math.max(eMinY - B.maxY, B.minY - eMaxY, 0);
    if (gx * gx + gy * gy >= best) continue;
    for (let j = 0; j < nb; j++) {
      const j2 = j + 1 === nb ? 0 : j + 1;
      const b0x = b[2 * j],
        b0y = b[2 * j + 1],
        b1x = b[2 * j2],
        b1y = b[2 * j2 + 1];
      const hx = Math.max(eMinX - Math.max(b0x, b1x), Math.min(b0x, b1x) - eMaxX, 0);
      const hy = Math.max(eMinY - Math.max(b0y, b1y), Math.min(b0y, b1y) - eMaxY, 0);
      if (hx * hx + hy * hy >= best) continue;
      const v = pair.v;
      if (disjoint || edgesApart(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y)) {
        // Edges that do not meet: the closest pair has an endpoint on one of them. Written out
        // here, not called: this loop runs for every pair of edges, and a call that is not
        // inlined boxes every number passed to it (disjointSegmentDistance's figures, same order).
        v[0] = Infinity;
        for (let k = 0; k < 4; k++) {
          const onA = k < 2;
          const px = k === 0 ? a0x : k === 1 ? a1x : k === 2 ? b0x : b1x,
            py = k === 0 ? a0y : k === 1 ? a1y : k === 2 ? b0y : b1y;
          const sx = onA ? b0x : a0x,
            sy = onA ? b0y : a0y,
            ex = onA ? b1x : a1x,
            ey = onA ? b1y : a1y;
          const dx = ex - sx,
            dy = ey - sy,
            len2 = dx * dx + dy * dy;
          let t = len2 === 0 ? 0 : ((px - sx) * dx + (py - sy) * dy) / len2;
          t = t < 0 ? 0 : t > 1 ? 1 : t;
          const qx = sx + (ex - sx) * t,
            qy = sy + (ey - sy) * t;
          const d2 = (qx - px) * (qx - px) + (qy - py) * (qy - py);
          if (d2 < v[0]) {
            v[0] = d2;
            if (onA) {
              v[1] = px;
              v[2] = py;
              v[3] = qx;
              v[4] = qy;
            } else {
              v[1] = qx;
              v[2] = qy;
              v[3] = px;
              v[4] = py;
            }
          }
        }
      } else {
        segmentDistance(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, pair);
      }
      if (v[0] < best) {
        best = v[0];
        ax = v[1];
        ay = v[2];
        bx = v[3];
        by = v[4];
        if (best <= stopBelow * stopBelow) break;
      }
    }
    if (best <= stopBelow * stopBelow) break;
  }
  nearest[0] = ax;
  nearest[1] = ay;
  nearest[2] = bx;
  nearest[3] = by;
  return best;
}

/**
 * Do segments a0-a1 and b0-b1 certainly not meet? Both ends of one lie strictly on one side of
 * the other's line by more than the rounding of the float orientation (a bound in the manner of
 * robust-predicates' first filter, made generous). A "no" decides nothing.
 */
function edgesApart(
  a0x: number,
  a0y: number,
  a1x: number,
  a1y: number,
  b0x: number,
  b0y: number,
  b1x: number,
  b1y: number,
): boolean {
  return (
    sidesApart(b0x, b0y, b1x, b1y, a0x, a0y, a1x, a1y) || sidesApart(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y)
  );
}

/** Are p and q both strictly on one side of the line s-e, beyond the float orientation's error? */
function sidesApart(
  sx: number,
  sy: number,
  ex: number,
  ey: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
): boolean {
  const l1 = (ex - sx) * (py - sy),
    r1 = (ey - sy) * (px - sx);
  const l2 = (ex - sx) * (qy - sy),
    r2 = (ey - sy) * (qx - sx);
  const d1 = l1 - r1,
    d2 = l2 - r2;
  const e1 = ORIENT_ERR * (Math.abs(l1) + Math.abs(r1)),
    e2 = ORIENT_ERR * (Math.abs(l2) + Math.abs(r2));
  return (d1 > e1 && d2 > e2) || (d1 < -e1 && d2 < -e2);
}

/**
 * Relative error bound for a float 2x2 orientation: robust-predicates' ccwerrboundA is about 3.3e-16; this is
 * generous.
 */
const ORIENT_ERR = 1e-14;

/** Closest distance between two shapes as filled sets. */
export function closest(A: Shape, B: Shape): Closest {
  if (A.kind === 'circle' && B.kind === 'circle') {
    const dx = B.cx - A.cx,
      dy = B.cy - A.cy,
      d = hypot(dx, dy);
    if (d <= A.r + B.r) {
      const t = d === 0 ? 0 : A.r / (A.r + B.r);
      const p = { x: A.cx + dx * t, y: A.cy + dy * t };
      return { distance: 0, a: p, b: p };
    }
    return {
      distance: d - A.r - B.r,
      a: { x: A.cx + (dx / d) * A.r, y: A.cy + (dy / d) * A.r },
      b: { x: B.cx - (dx / d) * B.r, y: B.cy - (dy / d) * B.r },
    };
  }
  if (A.kind === 'circle') {
    const c = closest(B, A);
    return { distance: c.distance, a: c.b, b: c.a };
  }
  if (B.kind === 'circle') return polygonCircleClosest(A, B);
  // shapes proved apart: neither holds the other, and no edges meet
  if (hullsApartBeyond(A, B, 0)) return boundaryClosest(A, B, 0, true);
  const c = boundaryClosest(A, B);
  if (c.distance > 0) {
    if (B.locate(A.x(0), A.y(0)) === 'inside') return { distance: 0, a: A.point(0), b: A.point(0) };
    if (A.locate(B.x(0), B.y(0)) === 'inside') return { distance: 0, a: B.point(0), b: B.point(0) };
  }
  return c;
}

function polygonCircleClosest(P: Polygon, C: Circle): Closest {
  return polygonCircleClosestGiven(P, C, P.closestBoundaryPoint(C.cx, C.cy), P.locate(C.cx, C.cy));
}

/** polygonCircleClosest from the centre's nearest boundary point and location, found once by the caller. */
function polygonCircleClosestGiven(
  P: Polygon,
  C: Circle,
  q: { d: number; x: number; y: number },
  where: PointLocation,
): Closest {
  if (where !== 'outside') {
    const centre = { x: C.cx, y: C.cy };
    return { distance: 0, a: centre, b: centre };
  }
  if (q.d <= C.r) return { distance: 0, a: { x: q.x, y: q.y }, b: { x: q.x, y: q.y } };
  return {
    distance: q.d - C.r,
    a: { x: q.x, y: q.y },
    b: { x: C.cx + ((q.x - C.cx) / q.d) * C.r, y: C.cy + ((q.y - C.cy) / q.d) * C.r },
  };
}

/**
 * How two shapes stand: apart (a gap wider than the tolerance), touching, or overlapping (one
 * reaches into the other by more than the tolerance). The closest points come with it;
 * distance is the gap, 0 unless apart.
 */
export function relate(A: Shape, B: Shape, tol = TOLERANCE_MM): Relation {
  if (A.kind === 'circle' || B.kind === 'circle') return relateWithCircle(A, B, tol);
  if (hullsApartBeyond(A, B, tol)) {
    const d = boundaryClosest(A, B, 0, true);
    return { kind: 'apart', distance: d.distance, a: d.a, b: d.b };
  }
  const c = boundaryClosest(A, B);
  if (c.distance > tol) {
    if (B.locate(A.x(0), A.y(0)) === 'inside' || A.locate(B.x(0), B.y(0)) === 'inside') {
      const p = B.locate(A.x(0), A.y(0)) === 'inside' ? A.point(0) : B.point(0);
      return { kind: 'overlap', distance: 0, a: p, b: p };
    }
    return { kind: 'apart', ...c };
  }
  const kind = polygonsOverlapBeyond(A, B, tol) ? 'overlap' : 'touch';
  return { kind, distance: 0, a: c.a, b: c.b };
}

/**
 * relate(A, B, tol).distance, the same number by the same steps, without the closest points: the
 * distances section asks it of every pair of pieces and keeps the figure alone.
 */
export function relateDistance(A: Shape, B: Shape, tol = TOLERANCE_MM): number {
  if (A.kind === 'circle' || B.kind === 'circle') return distanceWithCircle(A, B, tol);
  if (hullsApartBeyond(A, B, tol)) return Math.sqrt(boundaryNearest(A, B, 0, true));
  const d = Math.sqrt(boundaryNearest(A, B, 0, false));
  if (d > tol && B.locate(A.x(0), A.y(0)) !== 'inside' && A.locate(B.x(0), B.y(0)) !== 'inside') return d;
  return 0;
}

/** relateWithCircle's distance: 0 unless apart beyond tol, then closest's gap. */
function distanceWithCircle(A: Shape, B: Shape, tol: number): number {
  if (A.kind === 'circle' && B.kind === 'circle') {
    const d = hypot(B.cx - A.cx, B.cy - A.cy);
    const depth = A.r + B.r - d;
    if (depth > tol || depth >= -tol) return 0;
    return d <= A.r + B.r ? 0 : d - A.r - B.r;
  }
  const P = (A.kind === 'polygon' ? A : B) as Polygon;
  const C = (A.kind === 'circle' ? A : B) as Circle;
  const q = P.boundaryDistance(C.cx, C.cy),
    where = P.locate(C.cx, C.cy);
  const depth = C.r - (where === 'inside' ? -q : q);
  if (depth > tol || depth >= -tol) return 0;
  return where !== 'outside' || q <= C.r ? 0 : q - C.r;
}

/**
 * Whether relate(A, B, tol) says 'overlap', for two polygons: the same steps, without the closest points
 * where they are not needed (the boundaries' search stops once they are found within tol). A dragged
 * ship's dials are asked this against every obstacle near it at every step.
 */
export function polygonsOverlap(A: Polygon, B: Polygon, tol = TOLERANCE_MM): boolean {
  if (hullsApartBeyond(A, B, tol)) return false;
  // within tol of each other somewhere (the search stops at the first such pair): relate's last step
  if (boundaryClosest(A, B, tol).distance <= tol) return polygonsOverlapBeyond(A, B, tol);
  return B.locate(A.x(0), A.y(0)) === 'inside' || A.locate(B.x(0), B.y(0)) === 'inside';
}

/**
 * relate(A, B, tol).kind for two polygons, by polygonsOverlap's steps: what the overlaps section asks of every
 * ship and obstacle, touching told from apart at no extra cost (the boundaries' search stops within tol).
 */
export function polygonsRelation(A: Polygon, B: Polygon, tol = TOLERANCE_MM): RelationKind {
  if (hullsApartBeyond(A, B, tol)) return 'apart';
  if (boundaryClosest(A, B, tol).distance <= tol)
    return polygonsOverlapBeyond(A, B, tol) ? 'overlap' : 'touch';
  return B.locate(A.x(0), A.y(0)) === 'inside' || A.locate(B.x(0), B.y(0)) === 'inside' ? 'overlap' : 'apart';
}

function relateWithCircle(A: Shape, B: Shape, tol: number): Relation {
  let c: Closest;
  let depth: number;
  if (A.kind === 'circle' && B.kind === 'circle') {
    c = closest(A, B);
    depth = A.r + B.r - hypot(B.cx - A.cx, B.cy - A.cy);
  } else {
    const P = (A.kind === 'polygon' ? A : B) as Polygon;
    const C = (A.kind === 'circle' ? A : B) as Circle;
    // the centre's nearest boundary point and location, once for the closest points and the depth
    const q = P.closestBoundaryPoint(C.cx, C.cy),
      where = P.locate(C.cx, C.cy);
    const pc = polygonCircleClosestGiven(P, C, q, where);
    c = A.kind === 'polygon' ? pc : { distance: pc.distance, a: pc.b, b: pc.a };
    depth = C.r - (where === 'inside' ? -q.d : q.d); // C.r - P.signedDistance(centre)
  }
  if (depth > tol) return { ...c, kind: 'overlap', distance: 0 };
  if (depth >= -tol) return { ...c, kind: 'touch', distance: 0 };
  return { ...c, kind: 'apart' };
}

/** Overlap by more than tol for two polygons whose boundaries are within tol of each other. */
function polygonsOverlapBeyond(A: Polygon, B: Polygon, tol: number): boolean {
  const pairs = [
    [A, B],
    [B, A],
  ] as const;
  // Cheapest first: a vertex deep inside the other shape settles most overlaps.
  for (const [P, Q] of pairs) {
    for (let i = 0; i < P.n; i++) {
      const x = P.x(i),
        y = P.y(i);
      if (Q.locate(x, y) === 'inside' && Q.closestBoundaryPoint(x, y).d > tol) return true;
    }
  }
  for (const [P, Q] of pairs) {
    for (let i = 0; i < P.n; i++) {
      const j = i + 1 === P.n ? 0 : i + 1;
      if (segmentReachesInside(Q, P.x(i), P.y(i), P.x(j), P.y(j), tol)) return true;
    }
  }
  // No boundary reaches in: the shapes are stacked or nested with boundaries within tol.
  for (const [P, Q] of pairs) {
    const ip = P.innerPoint();
    // innerPoint falls back to the centroid, which may lie outside a thin concave shape
    if (P.locate(ip.x, ip.y) !== 'inside') continue;
    if (Q.locate(ip.x, ip.y) === 'inside' && Q.closestBoundaryPoint(ip.x, ip.y).d > tol) return true;
  }
  return false;
}

/**
 * The parameter intervals (0..1) of segment p-q lying in the open interior of P.
 * Crossings are found with exact tests; each piece between them is classified by its midpoint.
 */
export function insideIntervals(
  P: Polygon,
  px: number,
  py: number,
  qx: number,
  qy: number,
): [number, number][] {
  const sMinX = Math.min(px, qx),
    sMaxX = Math.max(px, qx),
    sMinY = Math.min(py, qy),
    sMaxY = Math.max(py, qy);
  if (sMaxX < P.minX || sMinX > P.maxX || sMaxY < P.minY || sMinY > P.maxY) return [];
  return properInsideIntervals(P, px, py, qx, qy) ?? exactInsideIntervals(P, px, py, qx, qy);
}

/**
 * Below this distance (mm) from the segment's line a vertex, or from an end of the segment a
 * crossing, sends insideIntervals to its exact path: far above the rounding of the float tests
 * here (~1e-12 mm on a table), far below anything a player measures.
 */
const PROPER_MARGIN_MM = 1e-7;

/**
 * insideIntervals when the segment crosses P properly: no vertex within PROPER_MARGIN_MM of the
 * segment's line, no crossing that close to either end or to another crossing. Then every edge
 * straddling the line crosses it once, the line's crossings alternate out-in-in-out, and the
 * crossings before t = 0 say whether p is inside: no exact predicate and no point location are
 * needed, and the intervals are those of the exact path (the same crossingParam values, the same
 * pieces). Null when the segment is not proper (the exact path decides).
 */
function properInsideIntervals(
  P: Polygon,
  px: number,
  py: number,
  qx: number,
  qy: number,
): [number, number][] | null {
  const { xy, n } = P;
  const dx = qx - px,
    dy = qy - py,
    len = Math.sqrt(dx * dx + dy * dy);
  if (!(len > 1e-6)) return null;
  const lim = PROPER_MARGIN_MM * len;
  const tMargin = PROPER_MARGIN_MM / len;
  if (tsBuf.length < n + 2) tsBuf = new Float64Array(2 * n + 4);
  let m = 0,
    before = 0;
  let prev = dx * (xy[2 * n - 1] - py) - dy * (xy[2 * n - 2] - px);
  if (prev < lim && prev > -lim) return null;
  for (let i = 0; i < n; i++) {
    const c = dx * (xy[2 * i + 1] - py) - dy * (xy[2 * i] - px);
    if (c < lim && c > -lim) return null;
    if (c > 0 !== prev > 0) {
      const h = i === 0 ? n - 1 : i - 1;
      // crossingParam, written out (the same figure; a call not inlined boxes its numbers)
      const ax = xy[2 * h],
        ay = xy[2 * h + 1],
        sx = xy[2 * i] - ax,
        sy = xy[2 * i + 1] - ay;
      const den = dx * sy - dy * sx;
      const t = den === 0 ? NaN : ((ax - px) * sy - (ay - py) * sx) / den;
      if (!(Math.abs(t) > tMargin)) return null;
      if (t < 0) before++;
      else if (t < 1 - tMargin) {
        let k = m++;
        while (k > 0 && tsBuf[k - 1] > t) {
          tsBuf[k] = tsBuf[k - 1];
          k--;
        }
        tsBuf[k] = t;
      } else if (!(t > 1 + tMargin)) return null;
    }
    prev = c;
  }
  for (let k = 1; k < m; k++) if (tsBuf[k] - tsBuf[k - 1] <= tMargin) return null;
  // inside at t = 0, then toggling at each crossing: the count of pieces is known, and the list
  // is made to that size (it may live as long as a report)
  const startsInside = (before & 1) === 1;
  const out: [number, number][] = new Array((m + (startsInside ? 1 : 0) + 1) >> 1);
  let inside = startsInside,
    from = 0,
    o = 0;
  for (let k = 0; k < m; k++) {
    if (inside) out[o++] = [from, tsBuf[k]];
    inside = !inside;
    from = tsBuf[k];
  }
  if (inside) out[o++] = [from, 1];
  return out;
}

/** insideIntervals by exact tests: every crossing, every touching vertex, every collinear edge. */
export function exactInsideIntervals(
  P: Polygon,
  px: number,
  py: number,
  qx: number,
  qy: number,
): [number, number][] {
  const ts: number[] = [0, 1];
  const { xy, n } = P;
  const dx = qx - px,
    dy = qy - py,
    len2 = dx * dx + dy * dy;
  const side = vertexSides(P, px, py, qx, qy);
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    // an edge with both ends strictly on one side of the segment's line cannot meet it
    if (side[i] * side[j] > 0) continue;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      bx = xy[2 * j],
      by = xy[2 * j + 1];
    if (!segmentsIntersect(px, py, qx, qy, ax, ay, bx, by)) continue;
    const t = crossingParam(px, py, qx, qy, ax, ay, bx, by);
    if (Number.isNaN(t) || (orient(px, py, qx, qy, ax, ay) === 0 && orient(px, py, qx, qy, bx, by) === 0)) {
      if (len2 > 0) {
        ts.push(((ax - px) * dx + (ay - py) * dy) / len2, ((bx - px) * dx + (by - py) * dy) / len2);
      }
    } else {
      ts.push(t);
    }
  }
  const count = sortedInUnit(ts);
  const sorted = tsBuf;
  const out: [number, number][] = [];
  for (let k = 0; k + 1 < count; k++) {
    const t0 = sorted[k],
      t1 = sorted[k + 1];
    if (t1 - t0 <= 1e-12) continue;
    const tm = (t0 + t1) / 2;
    if (P.locate(px + dx * tm, py + dy * tm) !== 'inside') continue;
    const last = out[out.length - 1];
    if (last && t0 - last[1] <= 1e-12) last[1] = t1;
    else out.push([t0, t1]);
  }
  return out;
}

let tsBuf = new Float64Array(64);

/**
 * The values of ts within [0, 1] (NaN dropped), ascending, into tsBuf; returns how many. The
 * same list as ts.filter(t => t >= 0 && t <= 1).sort((a, b) => a - b), without allocating.
 */
function sortedInUnit(ts: number[]): number {
  if (tsBuf.length < ts.length) tsBuf = new Float64Array(2 * ts.length);
  let m = 0;
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i];
    if (!(t >= 0 && t <= 1)) continue;
    let k = m++;
    while (k > 0 && tsBuf[k - 1] > t) {
      tsBuf[k] = tsBuf[k - 1];
      k--;
    }
    tsBuf[k] = t;
  }
  return m;
}

let sides = new Float64Array(64);

/** Exact side of each vertex of P relative to the line p->q (orient's sign), in a reused buffer. */
function vertexSides(P: Polygon, px: number, py: number, qx: number, qy: number): Float64Array {
  if (sides.length < P.n) sides = new Float64Array(2 * P.n);
  const { xy, n } = P;
  for (let i = 0; i < n; i++) sides[i] = Math.sign(orient(px, py, qx, qy, xy[2 * i], xy[2 * i + 1]));
  return sides;
}

/** Does segment p-q share a point with P's boundary? The exact test, edge by edge. */
function meetsBoundary(P: Polygon, px: number, py: number, qx: number, qy: number): boolean {
  const side = vertexSides(P, px, py, qx, qy);
  const { xy, n } = P;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    if (side[i] * side[j] > 0) continue;
    if (segmentsIntersect(px, py, qx, qy, xy[2 * i], xy[2 * i + 1], xy[2 * j], xy[2 * j + 1])) return true;
  }
  return false;
}

const capsule: [number, number] = [0, 0];
let coverLo = new Float64Array(32),
  coverHi = new Float64Array(32);

/**
 * Does segment p-q have a point inside P farther than h from P's boundary? The inside pieces
 * of the segment, less the stretches within h of some edge (a capsule around each edge).
 */
export function segmentReachesInside(
  P: Polygon,
  px: number,
  py: number,
  qx: number,
  qy: number,
  h: number,
): boolean {
  return reachesInsideGiven(insideIntervals(P, px, py, qx, qy), P, px, py, qx, qy, h);
}

/** segmentReachesInside with the segment's inside intervals already found (they do not depend on h). */
export function reachesInsideGiven(
  inside: [number, number][],
  P: Polygon,
  px: number,
  py: number,
  qx: number,
  qy: number,
  h: number,
): boolean {
  if (inside.length === 0) return false;
  // Cheap proof first: a stretch whose midpoint lies well beyond h from every edge reaches in.
  const dx = qx - px,
    dy = qy - py;
  for (let r = 0; r < inside.length; r++) {
    const tm = (inside[r][0] + inside[r][1]) / 2;
    if (P.boundaryDistance(px + dx * tm, py + dy * tm) > h + SLACK_MM) return true;
  }
  // the capsules' intervals, sorted by start (stable insertion sort into reused buffers)
  const { xy, n } = P;
  if (coverLo.length < n) {
    coverLo = new Float64Array(2 * n);
    coverHi = new Float64Array(2 * n);
  }
  let m = 0;
  const sMinX = Math.min(px, qx) - h,
    sMaxX = Math.max(px, qx) + h,
    sMinY = Math.min(py, qy) - h,
    sMaxY = Math.max(py, qy) + h;
  const lim = farLimit(h, dx, dy);
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      bx = xy[2 * j],
      by = xy[2 * j + 1];
    if (
      Math.max(ax, bx) < sMinX ||
      Math.min(ax, bx) > sMaxX ||
      Math.max(ay, by) < sMinY ||
      Math.min(ay, by) > sMaxY
    )
      continue;
    if (sameSideBeyond(dx * (ay - py) - dy * (ax - px), dx * (by - py) - dy * (bx - px), lim)) continue;
    if (!capsuleInterval(px, py, qx, qy, ax, ay, bx, by, h, capsule)) continue;
    const c0 = capsule[0],
      c1 = capsule[1];
    let k = m++;
    while (k > 0 && coverLo[k - 1] > c0) {
      coverLo[k] = coverLo[k - 1];
      coverHi[k] = coverHi[k - 1];
      k--;
    }
    coverLo[k] = c0;
    coverHi[k] = c1;
  }
  for (let r = 0; r < inside.length; r++) {
    const t0 = inside[r][0],
      t1 = inside[r][1];
    let reach = t0;
    for (let k = 0; k < m; k++) {
      const c0 = coverLo[k],
        c1 = coverHi[k];
      if (c1 <= reach) continue;
      if (c0 > reach + 1e-12) break;
      reach = c1;
      if (reach >= t1) break;
    }
    if (reach < t1 - 1e-12) return true;
  }
  return false;
}

/** How a segment (a line of sight, a range line) meets a shape. */
export interface Crossing {
  /** clear: farther than the tolerance; graze: within it, not through; cross: through the interior. */
  kind: 'clear' | 'graze' | 'cross';
  /** Closest approach of the segment to the shape; 0 when it meets it. */
  clearance: number;
  /** Length of the segment inside the shape. */
  insideLength: number;
  /** Deepest reach of the segment into the shape, to within 0.001 mm (0 unless crossing). */
  depth: number;
}

/** Closest distance between segment p-q and a shape (0 if they meet). */
export function segmentShapeDistance(S: Shape, px: number, py: number, qx: number, qy: number): number {
  if (S.kind === 'circle') {
    const t = closestParam(S.cx, S.cy, px, py, qx, qy);
    const d = hypot(px + (qx - px) * t - S.cx, py + (qy - py) * t - S.cy);
    return Math.max(0, d - S.r);
  }
  if (meetsBoundary(S, px, py, qx, qy)) return 0;
  if (S.locate(px, py) === 'inside') return 0;
  // No edge meets the segment, so each edge-segment distance is the least of the four
  // endpoint-to-segment distances (as segmentDistance finds them): each vertex to p-q once, and
  // p and q to each edge near enough to matter.
  const { xy, n } = S;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const d2 = pointSegmentDistSq(xy[2 * i], xy[2 * i + 1], px, py, qx, qy);
    if (d2 < best) best = d2;
  }
  const sMinX = Math.min(px, qx),
    sMaxX = Math.max(px, qx),
    sMinY = Math.min(py, qy),
    sMaxY = Math.max(py, qy);
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      bx = xy[2 * j],
      by = xy[2 * j + 1];
    // an edge whose box is no nearer the segment's box than the best so far cannot improve on it
    const gx = Math.max(sMinX - (ax > bx ? ax : bx), (ax < bx ? ax : bx) - sMaxX, 0);
    const gy = Math.max(sMinY - (ay > by ? ay : by), (ay < by ? ay : by) - sMaxY, 0);
    if (gx * gx + gy * gy >= best) continue;
    const d0 = pointSegmentDistSq(px, py, ax, ay, bx, by),
      d1 = pointSegmentDistSq(qx, qy, ax, ay, bx, by);
    if (d0 < best) best = d0;
    if (d1 < best) best = d1;
  }
  return Math.sqrt(best);
}

export function crossing(
  S: Shape,
  px: number,
  py: number,
  qx: number,
  qy: number,
  tol = TOLERANCE_MM,
): Crossing {
  const sMinX = Math.min(px, qx),
    sMaxX = Math.max(px, qx),
    sMinY = Math.min(py, qy),
    sMaxY = Math.max(py, qy);
  const gx = Math.max(sMinX - S.maxX, S.minX - sMaxX, 0),
    gy = Math.max(sMinY - S.maxY, S.minY - sMaxY, 0);
  if (gx > tol || gy > tol) {
    return { kind: 'clear', clearance: segmentShapeDistance(S, px, py, qx, qy), insideLength: 0, depth: 0 };
  }
  const len = hypot(qx - px, qy - py);
  if (S.kind === 'circle') {
    const t = closestParam(S.cx, S.cy, px, py, qx, qy);
    const d = hypot(px + (qx - px) * t - S.cx, py + (qy - py) * t - S.cy);
    const depth = S.r - d;
    if (depth > tol) {
      const lineD = d; // chord through the disc, clipped to the segment
      const half = Math.sqrt(Math.max(0, S.r * S.r - lineD * lineD));
      const along = len === 0 ? 0 : ((S.cx - px) * (qx - px) + (S.cy - py) * (qy - py)) / len;
      const inside = Math.max(0, Math.min(len, along + half) - Math.max(0, along - half));
      return { kind: 'cross', clearance: 0, insideLength: inside, depth };
    }
    return {
      kind: depth >= -tol ? 'graze' : 'clear',
      clearance: Math.max(0, -depth),
      insideLength: 0,
      depth: 0,
    };
  }
  const clearance = segmentShapeDistance(S, px, py, qx, qy);
  if (clearance > tol) return { kind: 'clear', clearance, insideLength: 0, depth: 0 };
  const intervals = insideIntervals(S, px, py, qx, qy);
  const insideLength = intervals.reduce((s, [a, b]) => s + (b - a) * len, 0);
  if (!reachesInsideGiven(intervals, S, px, py, qx, qy, tol))
    return { kind: 'graze', clearance, insideLength, depth: 0 };
  return {
    kind: 'cross',
    clearance: 0,
    insideLength,
    depth: segmentDepth(S, intervals, px, py, qx, qy, tol),
  };
}

/**
 * Deepest reach of a crossing segment into P, by bisection on the exact reach test. For a convex
 * P the deepest reach is computed directly (convexDepth) and each bisection step compares with
 * it, calling the reach test only within 1e-6 mm of it: the same steps, the same answer, without
 * the per-step cost.
 */
function segmentDepth(
  P: Polygon,
  inside: [number, number][],
  px: number,
  py: number,
  qx: number,
  qy: number,
  lo: number,
): number {
  let hi = Math.max(P.maxX - P.minX, P.maxY - P.minY);
  const D =
    P.convex && inside.length === 1 ? convexDepth(P, inside[0][0], inside[0][1], px, py, qx, qy) : NaN;
  while (hi - lo > 0.001) {
    const mid = (lo + hi) / 2;
    const reaches = Math.abs(mid - D) > 1e-6 ? mid < D : reachesInsideGiven(inside, P, px, py, qx, qy, mid);
    if (reaches) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Largest distance from P's boundary of a point p + t(q - p), t in [t0, t1], for a convex P the
 * stretch lies in. Inside a convex polygon the distance to the boundary is the least distance to
 * an edge's line: a minimum of linear functions of t, so its maximum is at t0, t1 or where two
 * of them are equal.
 */
export function convexDepth(
  P: Polygon,
  t0: number,
  t1: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
): number {
  const { xy, n } = P;
  const dx = qx - px,
    dy = qy - py;
  // distance to edge i's line along the segment: c[i] + s[i] t (positive inside)
  const c = depthC.length >= n ? depthC : (depthC = new Float64Array(2 * n));
  const sl = depthS.length >= n ? depthS : (depthS = new Float64Array(2 * n));
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      ex = xy[2 * j] - ax,
      ey = xy[2 * j + 1] - ay;
    const len = hypot(ex, ey);
    c[i] = (ex * (py - ay) - ey * (px - ax)) / len;
    sl[i] = (ex * dy - ey * dx) / len;
  }
  let best = Math.max(lowestLine(c, sl, n, t0), lowestLine(c, sl, n, t1));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (sl[i] === sl[j]) continue;
      const t = (c[j] - c[i]) / (sl[i] - sl[j]);
      if (t > t0 && t < t1) {
        const v = lowestLine(c, sl, n, t);
        if (v > best) best = v;
      }
    }
  }
  return best;
}

function lowestLine(c: Float64Array, sl: Float64Array, n: number, t: number): number {
  let m = Infinity;
  for (let i = 0; i < n; i++) {
    const v = c[i] + sl[i] * t;
    if (v < m) m = v;
  }
  return m;
}
let depthC = new Float64Array(16),
  depthS = new Float64Array(16);

/**
 * Are A and B certainly farther apart than m? Separating axes: an edge of either's convex hull
 * with every vertex of the other hull beyond its line by more than m (and SLACK_MM). A "no"
 * decides nothing. The hulls hold the shapes, so apart hulls mean apart shapes.
 */
export function hullsApartBeyond(A: Polygon, B: Polygon, m: number): boolean {
  if (A.maxX + m < B.minX || B.maxX + m < A.minX || A.maxY + m < B.minY || B.maxY + m < A.minY) {
    // boxes apart along an axis by more than m: only certain beyond the slack too
    const gx = Math.max(B.minX - A.maxX, A.minX - B.maxX),
      gy = Math.max(B.minY - A.maxY, A.minY - B.maxY);
    if (Math.max(gx, gy) > m + SLACK_MM) return true;
  }
  const ha = convexHullOf(A),
    hb = convexHullOf(B);
  return edgeSeparates(ha, hb, m + SLACK_MM) || edgeSeparates(hb, ha, m + SLACK_MM);
}

/** Does an edge of CCW hull h have every vertex of hull o beyond its line (to its right) by more than lim? */
function edgeSeparates(h: Float64Array, o: Float64Array, lim: number): boolean {
  const n = h.length >> 1,
    k = o.length >> 1;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = h[2 * i],
      ay = h[2 * i + 1],
      ex = h[2 * j] - ax,
      ey = h[2 * j + 1] - ay;
    const el = Math.sqrt(ex * ex + ey * ey);
    if (el < 1e-9) continue;
    const l = lim * el;
    let all = true;
    for (let v = 0; v < k && all; v++)
      if (!(ey * (o[2 * v] - ax) - ex * (o[2 * v + 1] - ay) > l)) all = false;
    if (all) return true;
  }
  return false;
}
