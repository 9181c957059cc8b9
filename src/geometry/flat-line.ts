/**
 * Convex outlines kept as flat edge arrays, for the line-of-sight kernel
 * (src/rules/attacks/kernel.ts): each edge's start, vector, length (Math.sqrt, as the separation
 * and clipping tests take it) and hypot length (as convexDepth takes it) worked out once per
 * outline, so a line tested against it allocates nothing and computes no square root per edge.
 *
 * Every function here is the same arithmetic, operation for operation, as the reference it
 * stands for (segmentSeparatedBeyond in separation.ts, segmentInConvexBeyond in clip.ts,
 * convexDepth in relate.ts, meetLine's convex path in line-meet.ts), so it gives the same
 * numbers bit for bit and takes the same branches: test/rules/attacks/kernel.test.ts holds them
 * together on random and adversarial tables.
 */
import { hypot } from './hypot';
import type { Polygon } from './polygon';
import { convexHullOf, SLACK_MM } from './separation';
import { TOLERANCE_MM } from './tolerance';
import { NEAR_MM } from './line-meet';

/** Clip edges shorter than this are rounding artefacts (as clip.ts). */
const DEGENERATE_MM = 1e-9;
/** per edge: ax, ay, ex, ey, el (Math.sqrt), hl (hypot) */
const E = 6;

/** How flatMeetConvex answered: clear, crossing, or neither decided by a margin (the exact tests decide). */
export const MEET_UNDECIDED = -1,
  MEET_CLEAR = 0,
  MEET_CROSS = 2;
/** offsets in flatMeetConvex's out: clearance, inside length, depth, t0, t1 */
export const M_CLEARANCE = 0,
  M_INSIDE = 1,
  M_DEPTH = 2,
  M_T0 = 3,
  M_T1 = 4;

/** What FlatEdges reads of a convex outline: a Polygon, or a polygon's convex hull with the polygon's box. */
export interface ConvexOutline {
  readonly xy: Float64Array;
  readonly n: number;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The convex hull of P (separation.ts convexHullOf: P's own outline when convex), with P's box. */
export function hullOutline(P: Polygon): ConvexOutline {
  const xy = convexHullOf(P);
  return { xy, n: xy.length / 2, minX: P.minX, minY: P.minY, maxX: P.maxX, maxY: P.maxY };
}

/** The edges of a list of convex outlines, each by its place in the list. */
export class FlatEdges {
  /** first edge of each polygon */
  readonly start: Int32Array;
  /** edge count of each polygon */
  readonly count: Int32Array;
  /** E numbers per edge */
  readonly e: Float64Array;
  /** per polygon: minX, minY, maxX, maxY */
  readonly box: Float64Array;

  constructor(polygons: readonly ConvexOutline[], from?: FlatEdges) {
    if (from) {
      // a copy (copy()): the arrays' own copies
      this.start = from.start.slice();
      this.count = from.count.slice();
      this.e = from.e.slice();
      this.box = from.box.slice();
      return;
    }
    const np = polygons.length;
    this.start = new Int32Array(np);
    this.count = new Int32Array(np);
    this.box = new Float64Array(4 * np);
    let total = 0;
    for (let k = 0; k < np; k++) total += polygons[k].n;
    this.e = new Float64Array(E * total);
    let at = 0;
    for (let k = 0; k < np; k++) {
      this.start[k] = at;
      this.count[k] = polygons[k].n;
      this.write(k, polygons[k]);
      at += polygons[k].n;
    }
  }

  /** A copy whose polygons may be replaced (set) without touching this one. */
  copy(): FlatEdges {
    return new FlatEdges([], this);
  }

  /** Polygon k replaced by P, which has as many edges (a piece moved: the same outline elsewhere). */
  set(k: number, P: ConvexOutline): void {
    if (P.n !== this.count[k])
      throw new Error(`FlatEdges.set: polygon ${k} has ${this.count[k]} edges, not ${P.n}`);
    this.write(k, P);
  }

  private write(k: number, P: ConvexOutline): void {
    const xy = P.xy,
      n = P.n;
    this.box[4 * k] = P.minX;
    this.box[4 * k + 1] = P.minY;
    this.box[4 * k + 2] = P.maxX;
    this.box[4 * k + 3] = P.maxY;
    for (let i = 0, at = this.start[k]; i < n; i++, at++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ax = xy[2 * i],
        ay = xy[2 * i + 1],
        ex = xy[2 * j] - ax,
        ey = xy[2 * j + 1] - ay;
      const o = E * at;
      this.e[o] = ax;
      this.e[o + 1] = ay;
      this.e[o + 2] = ex;
      this.e[o + 3] = ey;
      this.e[o + 4] = Math.sqrt(ex * ex + ey * ey);
      this.e[o + 5] = hypot(ex, ey);
    }
  }
}

/**
 * segmentSeparatedBeyond for convex polygon k (its own hull): is segment p-q certainly farther
 * than m from it? A "no" decides nothing.
 */
export function flatSeparated(
  F: FlatEdges,
  k: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
  m: number,
): boolean {
  const e = F.e,
    s0 = E * F.start[k],
    s1 = s0 + E * F.count[k];
  const lim = m + SLACK_MM;
  const dx = qx - px,
    dy = qy - py,
    dl = Math.sqrt(dx * dx + dy * dy);
  if (dl > 1e-9) {
    let minS = Infinity,
      maxS = -Infinity;
    for (let o = s0; o < s1; o += E) {
      const s = (dx * (e[o + 1] - py) - dy * (e[o] - px)) / dl;
      if (s < minS) minS = s;
      if (s > maxS) maxS = s;
    }
    if (minS > lim || maxS < -lim) return true;
  }
  for (let o = s0; o < s1; o += E) {
    const ax = e[o],
      ay = e[o + 1],
      ex = e[o + 2],
      ey = e[o + 3],
      el = e[o + 4];
    if (el < 1e-9) continue;
    if ((ey * (px - ax) - ex * (py - ay)) / el > lim && (ey * (qx - ax) - ex * (qy - ay)) / el > lim)
      return true;
  }
  return false;
}

/** segmentInConvexBeyond for convex polygon k: the t range deeper than d into it, in out[t0Slot..+1]. */
export function flatInConvexBeyond(
  F: FlatEdges,
  k: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
  d: number,
  out: Float64Array,
  t0Slot: number,
): boolean {
  const e = F.e,
    s0 = E * F.start[k],
    s1 = s0 + E * F.count[k];
  let t0 = 0,
    t1 = 1;
  const dx = qx - px,
    dy = qy - py;
  for (let o = s0; o < s1; o += E) {
    const ax = e[o],
      ay = e[o + 1],
      ex = e[o + 2],
      ey = e[o + 3],
      el = e[o + 4];
    if (el < DEGENERATE_MM) continue;
    const s = (ex * (py - ay) - ey * (px - ax)) / el;
    const sd = (ex * dy - ey * dx) / el;
    if (sd === 0) {
      if (!(s > d)) return false;
      continue;
    }
    const t = (d - s) / sd;
    if (sd > 0) {
      if (t > t0) t0 = t;
    } else if (t < t1) t1 = t;
    if (!(t0 < t1)) return false;
  }
  out[t0Slot] = t0;
  out[t0Slot + 1] = t1;
  return true;
}

/** Scratch for flatConvexDepth: each edge line's distance along the segment, c + sl t. */
let depthC = new Float64Array(32),
  depthS = new Float64Array(32);

/** convexDepth for convex polygon k: the deepest reach into it of p + t(q - p), t in [t0, t1]. */
export function flatConvexDepth(
  F: FlatEdges,
  k: number,
  t0: number,
  t1: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
): number {
  const e = F.e,
    s0 = E * F.start[k],
    n = F.count[k];
  if (depthC.length < n) {
    depthC = new Float64Array(2 * n);
    depthS = new Float64Array(2 * n);
  }
  const c = depthC,
    sl = depthS;
  const dx = qx - px,
    dy = qy - py;
  for (let i = 0, o = s0; i < n; i++, o += E) {
    const ax = e[o],
      ay = e[o + 1],
      ex = e[o + 2],
      ey = e[o + 3],
      len = e[o + 5];
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

/** the margins meetConvex asks about (line-meet.ts) */
const DEEP_MM = TOLERANCE_MM + SLACK_MM,
  TOL_SLACK_MM = TOLERANCE_MM + SLACK_MM,
  NEAR_SLACK_MM = NEAR_MM + SLACK_MM;

/**
 * meetLine(P, p, q, near) for convex polygon k (P's box in F), when its box gap or a margin
 * decides it: MEET_CLEAR (out[M_CLEARANCE] the clearance meetLine reports), MEET_CROSS (inside
 * length, depth and the clipped t range in out), or MEET_UNDECIDED (meetLine's exact tests
 * decide: the caller asks meetLine itself). depth false: M_DEPTH is left NaN, the crossing's t range
 * (M_T0, M_T1) is what flatConvexDepth needs to find it later.
 */
export function flatMeetConvex(
  F: FlatEdges,
  k: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
  near: number,
  out: Float64Array,
  depth = true,
): number {
  const b = F.box;
  // boxGap, as meetLine takes it first
  const gx = Math.max(Math.min(px, qx) - b[4 * k + 2], b[4 * k] - Math.max(px, qx), 0);
  const gy = Math.max(Math.min(py, qy) - b[4 * k + 3], b[4 * k + 1] - Math.max(py, qy), 0);
  const gap = Math.sqrt(gx * gx + gy * gy);
  if (gap > near) {
    out[M_CLEARANCE] = gap;
    return MEET_CLEAR;
  }
  if (flatInConvexBeyond(F, k, px, py, qx, qy, DEEP_MM, out, M_T0)) {
    if (!flatInConvexBeyond(F, k, px, py, qx, qy, 0, out, M_T0)) return MEET_UNDECIDED;
    const t0 = out[M_T0],
      t1 = out[M_T1];
    out[M_CLEARANCE] = 0;
    out[M_INSIDE] = (t1 - t0) * hypot(qx - px, qy - py);
    // the depth feeds only the explanation: a caller may find it when it is read (flatConvexDepth)
    out[M_DEPTH] = depth ? flatConvexDepth(F, k, t0, t1, px, py, qx, qy) : NaN;
    return MEET_CROSS;
  }
  const grown =
    near === NEAR_MM ? -NEAR_SLACK_MM : near === TOLERANCE_MM ? -TOL_SLACK_MM : -(near + SLACK_MM);
  if (!flatInConvexBeyond(F, k, px, py, qx, qy, grown, out, M_T0)) {
    out[M_CLEARANCE] = near + SLACK_MM;
    return MEET_CLEAR;
  }
  return MEET_UNDECIDED;
}

/** segmentBoxGapSq on polygon k's box in F (for the kernel's early-outs). */
export function flatBoxGapSq(
  F: FlatEdges,
  k: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const b = F.box;
  const gx = Math.max(Math.min(ax, bx) - b[4 * k + 2], b[4 * k] - Math.max(ax, bx), 0);
  const gy = Math.max(Math.min(ay, by) - b[4 * k + 3], b[4 * k + 1] - Math.max(ay, by), 0);
  return gx * gx + gy * gy;
}

/** offsets in flatApartClosest's out: distance, then the closest points (a on A, b on B) */
export const C_DIST = 0,
  C_AX = 1,
  C_AY = 2,
  C_BX = 3,
  C_BY = 4;

/**
 * boundaryClosest(A, B, 0, true) (relate.ts) into out, for polygons proved apart
 * (hullsApartBeyond): the closest points of two boundaries that do not meet, without the result
 * objects. The same loops and the same figures in the same order, so the same answer bit for bit.
 */
export function flatApartClosest(A: Polygon, B: Polygon, out: Float64Array): void {
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
      // the closest pair of two edges that do not meet has an endpoint on one of them
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
        // boundaryClosest keeps the pair's best (v[0]) and then the overall best: both strict
        if (d2 < best) {
          best = d2;
          if (onA) {
            ax = px;
            ay = py;
            bx = qx;
            by = qy;
          } else {
            ax = qx;
            ay = qy;
            bx = px;
            by = py;
          }
        }
      }
    }
  }
  out[C_DIST] = Math.sqrt(best);
  out[C_AX] = ax;
  out[C_AY] = ay;
  out[C_BX] = bx;
  out[C_BY] = by;
}

/** Scratch of flatPolygonCircleClosest: the nearest boundary point's squared distance and place. */
const nearest = new Float64Array(3);

/**
 * Polygon's nearestBoundary (polygon.ts), into `nearest`: the closest point of P's boundary to
 * (px, py) and its squared distance, the same loop and figures.
 */
function flatNearest(P: Polygon, px: number, py: number): void {
  const { xy, n } = P;
  let best = Infinity,
    bx = NaN,
    by = NaN;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      ex = xy[2 * j],
      ey = xy[2 * j + 1];
    const gx = Math.max(px - (ax > ex ? ax : ex), (ax < ex ? ax : ex) - px, 0);
    const gy = Math.max(py - (ay > ey ? ay : ey), (ay < ey ? ay : ey) - py, 0);
    if (gx * gx + gy * gy >= best) continue;
    const dx = ex - ax,
      dy = ey - ay,
      len2 = dx * dx + dy * dy;
    let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = ax + (ex - ax) * t,
      qy = ay + (ey - ay) * t;
    const d2 = (qx - px) * (qx - px) + (qy - py) * (qy - py);
    if (d2 < best) {
      best = d2;
      bx = qx;
      by = qy;
    }
  }
  nearest[0] = best;
  nearest[1] = bx;
  nearest[2] = by;
}

/** The distance from (px, py) to P's boundary (P.boundaryDistance, the same figure). */
export function flatBoundaryDistance(P: Polygon, px: number, py: number): number {
  flatNearest(P, px, py);
  return Math.sqrt(nearest[0]);
}

/**
 * closest(P, C) for a polygon and a disc (relate.ts polygonCircleClosest) into out: the distance,
 * a on P, b on the disc; `where` is P.locate of the disc's centre.
 */
export function flatPolygonCircleClosest(
  P: Polygon,
  cx: number,
  cy: number,
  r: number,
  where: string,
  out: Float64Array,
): void {
  flatNearest(P, cx, cy);
  const d = Math.sqrt(nearest[0]),
    x = nearest[1],
    y = nearest[2];
  if (where !== 'outside') writeClosest(out, 0, cx, cy, cx, cy);
  else if (d <= r) writeClosest(out, 0, x, y, x, y);
  else writeClosest(out, d - r, x, y, cx + ((x - cx) / d) * r, cy + ((y - cy) / d) * r);
}

/** closest(A, B) for two discs (relate.ts) into out: the distance, a on A, b on B. */
export function flatCirclesClosest(
  acx: number,
  acy: number,
  ar: number,
  bcx: number,
  bcy: number,
  br: number,
  out: Float64Array,
): void {
  const dx = bcx - acx,
    dy = bcy - acy,
    d = hypot(dx, dy);
  if (d <= ar + br) {
    const t = d === 0 ? 0 : ar / (ar + br);
    const x = acx + dx * t,
      y = acy + dy * t;
    writeClosest(out, 0, x, y, x, y);
  } else {
    const ax = acx + (dx / d) * ar,
      ay = acy + (dy / d) * ar;
    writeClosest(out, d - ar - br, ax, ay, bcx - (dx / d) * br, bcy - (dy / d) * br);
  }
}

function writeClosest(out: Float64Array, d: number, ax: number, ay: number, bx: number, by: number): void {
  out[C_DIST] = d;
  out[C_AX] = ax;
  out[C_AY] = ay;
  out[C_BX] = bx;
  out[C_BY] = by;
}

/** Scratch of flatOnlyAtEnd's clipping. */
const endSlot = new Float64Array(2);
const SHALLOW_MM = TOLERANCE_MM - SLACK_MM;

/**
 * A proof that segment a-b makes no entry against convex polygon k as a line ending on the
 * defending hull zone (los.ts blockingZones with onlyAtEnd): true when no point of a-b lies
 * deeper in the polygon than the tolerance (less SLACK_MM: inside a convex polygon the depth is
 * the least distance inside its edge lines, so Cyrus-Beck at that depth finds none), so it does
 * not cross, and the segment stopped 4 * TOLERANCE_MM short of b (onlyAtEnd's stop, the same
 * figures) is farther than the tolerance (and SLACK_MM) from it, so any touch is only at its end.
 * False decides nothing: the exact tests run. This settles a range line ending on an edge the
 * defending zone shares with a neighbour, which no margin of meetLine's decides.
 */
export function flatOnlyAtEnd(
  F: FlatEdges,
  k: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): boolean {
  const len = hypot(bx - ax, by - ay);
  const cut = 4 * TOLERANCE_MM;
  if (len <= cut) return false;
  if (flatInConvexBeyond(F, k, ax, ay, bx, by, SHALLOW_MM, endSlot, 0)) return false;
  const t = (len - cut) / len;
  const ex = ax + (bx - ax) * t,
    ey = ay + (by - ay) * t;
  return !flatInConvexBeyond(F, k, ax, ay, ex, ey, -TOL_SLACK_MM, endSlot, 0);
}
