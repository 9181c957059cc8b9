import { hypot } from './hypot';
import { orient } from './predicates';

/** Parameter (0..1) of the point of segment a-b closest to p. */
export function closestParam(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return 0;
  const t = ((px - ax) * dx + (py - ay) * dy) / len2;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/**
 * Squared distance from p to segment a-b. closestParam is written out, so this stays small
 * enough to be inlined in the per-edge loops (a call that is not inlined boxes its numbers).
 */
export function pointSegmentDistSq(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax,
    dy = by - ay,
    len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const x = ax + (bx - ax) * t - px;
  const y = ay + (by - ay) * t - py;
  return x * x + y * y;
}

function onSegment(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by);
}

/** Exact test: do closed segments a0-a1 and b0-b1 share at least one point? */
export function segmentsIntersect(
  a0x: number,
  a0y: number,
  a1x: number,
  a1y: number,
  b0x: number,
  b0y: number,
  b1x: number,
  b1y: number,
): boolean {
  const d1 = orient(b0x, b0y, b1x, b1y, a0x, a0y);
  const d2 = orient(b0x, b0y, b1x, b1y, a1x, a1y);
  const d3 = orient(a0x, a0y, a1x, a1y, b0x, b0y);
  const d4 = orient(a0x, a0y, a1x, a1y, b1x, b1y);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  if (d1 === 0 && onSegment(b0x, b0y, b1x, b1y, a0x, a0y)) return true;
  if (d2 === 0 && onSegment(b0x, b0y, b1x, b1y, a1x, a1y)) return true;
  if (d3 === 0 && onSegment(a0x, a0y, a1x, a1y, b0x, b0y)) return true;
  if (d4 === 0 && onSegment(a0x, a0y, a1x, a1y, b1x, b1y)) return true;
  return false;
}

/**
 * Result slots reused by segmentDistance to keep the inner loops free of allocation: d2, then
 * the closest point on the first segment (x, y), then on the second, in a Float64Array (a double
 * written to an ordinary object field may be boxed anew on every write).
 */
export class SegmentPair {
  readonly v = new Float64Array([Infinity, NaN, NaN, NaN, NaN]);
  get d2(): number {
    return this.v[0];
  }
  get ax(): number {
    return this.v[1];
  }
  get ay(): number {
    return this.v[2];
  }
  get bx(): number {
    return this.v[3];
  }
  get by(): number {
    return this.v[4];
  }
}

export function newSegmentPair(): SegmentPair {
  return new SegmentPair();
}

/**
 * Squared distance between two closed segments and their closest points, written into `out`.
 * Segments that share a point give 0 with that point (exact test).
 */
export function segmentDistance(
  a0x: number,
  a0y: number,
  a1x: number,
  a1y: number,
  b0x: number,
  b0y: number,
  b1x: number,
  b1y: number,
  out: SegmentPair,
): SegmentPair {
  if (segmentsIntersect(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y)) {
    lineIntersection(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, out.v);
    out.v[0] = 0;
    out.v[3] = out.v[1];
    out.v[4] = out.v[2];
    return out;
  }
  return disjointSegmentDistance(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, out);
}

/**
 * segmentDistance for segments known not to meet: the closest pair has an endpoint on one of
 * them. The same figures, in the same order, as segmentDistance finds for such segments.
 */
export function disjointSegmentDistance(
  a0x: number,
  a0y: number,
  a1x: number,
  a1y: number,
  b0x: number,
  b0y: number,
  b1x: number,
  b1y: number,
  out: SegmentPair,
): SegmentPair {
  out.v[0] = Infinity;
  endpointTo(a0x, a0y, b0x, b0y, b1x, b1y, false, out);
  endpointTo(a1x, a1y, b0x, b0y, b1x, b1y, false, out);
  endpointTo(b0x, b0y, a0x, a0y, a1x, a1y, true, out);
  endpointTo(b1x, b1y, a0x, a0y, a1x, a1y, true, out);
  return out;
}

function endpointTo(
  px: number,
  py: number,
  sx: number,
  sy: number,
  ex: number,
  ey: number,
  pOnSecond: boolean,
  out: SegmentPair,
): void {
  const t = closestParam(px, py, sx, sy, ex, ey);
  const qx = sx + (ex - sx) * t;
  const qy = sy + (ey - sy) * t;
  const d2 = (qx - px) * (qx - px) + (qy - py) * (qy - py);
  const v = out.v;
  if (d2 < v[0]) {
    v[0] = d2;
    if (pOnSecond) {
      v[1] = qx;
      v[2] = qy;
      v[3] = px;
      v[4] = py;
    } else {
      v[1] = px;
      v[2] = py;
      v[3] = qx;
      v[4] = qy;
    }
  }
}

/** Intersection of two segments known to meet, into v[1], v[2]; for collinear overlap, a shared endpoint. */
function lineIntersection(
  a0x: number,
  a0y: number,
  a1x: number,
  a1y: number,
  b0x: number,
  b0y: number,
  b1x: number,
  b1y: number,
  v: Float64Array,
): void {
  const rx = a1x - a0x;
  const ry = a1y - a0y;
  const sx = b1x - b0x;
  const sy = b1y - b0y;
  const den = rx * sy - ry * sx;
  if (den !== 0) {
    const t = ((b0x - a0x) * sy - (b0y - a0y) * sx) / den;
    const tc = t < 0 ? 0 : t > 1 ? 1 : t;
    v[1] = a0x + rx * tc;
    v[2] = a0y + ry * tc;
    return;
  }
  if (onSegment(b0x, b0y, b1x, b1y, a0x, a0y)) {
    v[1] = a0x;
    v[2] = a0y;
    return;
  }
  if (onSegment(b0x, b0y, b1x, b1y, a1x, a1y)) {
    v[1] = a1x;
    v[2] = a1y;
    return;
  }
  v[1] = b0x;
  v[2] = b0y;
}

/**
 * Parameter along p->q where it crosses the line through a-b, or NaN when parallel.
 * Used only to order crossings already established by the exact test.
 */
export function crossingParam(
  px: number,
  py: number,
  qx: number,
  qy: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const rx = qx - px;
  const ry = qy - py;
  const sx = bx - ax;
  const sy = by - ay;
  const den = rx * sy - ry * sx;
  if (den === 0) return NaN;
  return ((ax - px) * sy - (ay - py) * sx) / den;
}

/**
 * The interval of t in [0, 1] for which p + t(q - p) lies within distance h of segment a-b
 * (inside the capsule around a-b), or null. The capsule is convex, so this is one interval:
 * the hull of the line's meets with the two end discs and the central rectangle.
 */
export function capsuleInterval(
  px: number,
  py: number,
  qx: number,
  qy: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  h: number,
  out: [number, number],
): boolean {
  let lo = Infinity;
  let hi = -Infinity;
  const dx = qx - px;
  const dy = qy - py;
  for (let k = 0; k < 2; k++) {
    const cx = k === 0 ? ax : bx;
    const cy = k === 0 ? ay : by;
    // |p + t d - c|^2 <= h^2
    const fx = px - cx;
    const fy = py - cy;
    const A = dx * dx + dy * dy;
    const B = 2 * (fx * dx + fy * dy);
    const C = fx * fx + fy * fy - h * h;
    if (A === 0) {
      if (C <= 0) {
        lo = Math.min(lo, 0);
        hi = Math.max(hi, 1);
      }
      continue;
    }
    const disc = B * B - 4 * A * C;
    if (disc < 0) continue;
    const sq = Math.sqrt(disc);
    const t0 = Math.max(0, (-B - sq) / (2 * A));
    const t1 = Math.min(1, (-B + sq) / (2 * A));
    if (t0 <= t1) {
      lo = Math.min(lo, t0);
      hi = Math.max(hi, t1);
    }
  }
  // Central rectangle: 0 <= u <= len along a-b, |v| <= h across it.
  const ex = bx - ax;
  const ey = by - ay;
  const len = hypot(ex, ey);
  if (len > 0) {
    const ux = ex / len;
    const uy = ey / len;
    const u0 = (px - ax) * ux + (py - ay) * uy;
    const du = dx * ux + dy * uy;
    const v0 = -(px - ax) * uy + (py - ay) * ux;
    const dv = -dx * uy + dy * ux;
    clipSlot[0] = 0;
    clipSlot[1] = 1;
    if (clipParam(u0, du, 0, len, clipSlot) && clipParam(v0, dv, -h, h, clipSlot)) {
      lo = Math.min(lo, clipSlot[0]);
      hi = Math.max(hi, clipSlot[1]);
    }
  }
  if (lo > hi) return false;
  out[0] = lo;
  out[1] = hi;
  return true;
}

// A module-level helper rather than a closure: capsuleInterval runs in the innermost loops, and a
// closure per call costs an allocation (and, under tsx's keepNames, a defineProperty) each time.
const clipSlot: [number, number] = [0, 1];

/** Narrow the interval [t0, t1] in `slot` to where p0 + t dp lies in [min, max]; false if empty. */
function clipParam(p0: number, dp: number, min: number, max: number, slot: [number, number]): boolean {
  if (dp === 0) return p0 >= min && p0 <= max;
  let a = (min - p0) / dp;
  let b = (max - p0) / dp;
  if (a > b) {
    const s = a;
    a = b;
    b = s;
  }
  if (a > slot[0]) slot[0] = a;
  if (b < slot[1]) slot[1] = b;
  return slot[0] <= slot[1];
}

/**
 * Margin above h for skipping an edge by its ends' distances from the segment's line: far above
 * the rounding of those products, so a skipped edge is one capsuleInterval would find nothing for.
 */
export const FAR_SLACK_MM = 1e-9;

/**
 * Both ends of an edge beyond lim on the same side of the segment's line (ca, cb: their cross
 * products with the segment, lim: the distance times the segment's length): every point of the
 * edge is then farther than the distance from the line, so its capsule misses the segment.
 */
/**
 * The lim for sameSideBeyond: h (plus FAR_SLACK_MM) times the segment's length (dx, dy). For a
 * segment too short to have a direction, Infinity: no edge is skipped.
 */
export function farLimit(h: number, dx: number, dy: number): number {
  const len = Math.sqrt(dx * dx + dy * dy);
  return len > 1e-6 ? (h + FAR_SLACK_MM) * len : Infinity;
}

export function sameSideBeyond(ca: number, cb: number, lim: number): boolean {
  return (ca > lim && cb > lim) || (ca < -lim && cb < -lim);
}
