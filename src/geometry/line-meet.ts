/**
 * How a line meets a shape, fast: the paths the line of sight takes for every attack pair on every
 * drag. crossing() in relate.ts is the reference they answer to (clear / graze / cross with the
 * one tolerance, by the same exact tests); these add cheap early-outs (the segment's box, a
 * separating axis, Cyrus-Beck clipping for convex shapes) and leave the depth, which only the
 * explanation reads, to be found when asked for. test/rules/attacks/los-meets.test.ts and
 * test/geometry/fast-paths.test.ts hold them to the reference.
 */
import { hypot } from './hypot';
import type { Point } from './point';
import type { Shape } from './circle';
import type { Polygon } from './polygon';
import { segmentInConvexBeyond } from './clip';
import {
  convexDepth,
  crossing,
  type Crossing,
  insideIntervals,
  reachesInsideGiven,
  segmentShapeDistance,
} from './relate';
import { SLACK_MM } from './separation';
import { segmentSeparatedBeyond } from './separation';
import { TOLERANCE_MM } from './tolerance';
import { insideOf, measure, nearBoundaryOf, subtract, union, type Intervals } from './line-intervals';

/**
 * The squared gap between segment a-b's bounding box and the shape's box: a cheap lower bound on
 * their distance (0 when the boxes meet). The one segment-to-box gap of the line tests.
 */
export function segmentBoxGapSq(S: Shape, ax: number, ay: number, bx: number, by: number): number {
  const gx = Math.max(Math.min(ax, bx) - S.maxX, S.minX - Math.max(ax, bx), 0);
  const gy = Math.max(Math.min(ay, by) - S.maxY, S.minY - Math.max(ay, by), 0);
  return gx * gx + gy * gy;
}

/**
 * How far meetLine measures a clear line's clearance by default: the rules mention a line that
 * passes this close to a piece, so a player sees how near it was.
 */
export const NEAR_MM = 1;

/** Distance from a point to a shape's boundary (the depth of a point inside it). */
function boundaryDistance(S: Shape, x: number, y: number): number {
  return S.kind === 'circle' ? Math.abs(hypot(x - S.cx, y - S.cy) - S.r) : S.boundaryDistance(x, y);
}

/**
 * The deepest reach into S of the parts of p-q given as parameter intervals (all inside S): for
 * the why text and the `lines` detail, not for any verdict (verdicts use the exact tolerance
 * tests). Samples every 4 mm or less, both ends of each interval included. Depth along a line
 * changes by at most 1 mm per mm, so the deepest point lies within half a step of a sample no
 * more than half a step below the best sample: each such sample whose neighbourhood could still
 * hold something deeper than found so far is refined by golden-section search over the steps
 * either side, and the deepest found is the answer (within a few thousandths of a millimetre
 * where the depth has one peak per bracket; a non-convex outline can have several peaks, hence
 * every candidate, not only the best sample).
 */
export function deepestOn(S: Shape, intervals: Intervals, p: Point, q: Point): number {
  const dx = q.x - p.x,
    dy = q.y - p.y,
    len = hypot(dx, dy);
  let best = 0;
  const ts: number[] = [],
    vs: number[] = [],
    steps: number[] = [],
    los: number[] = [],
    his: number[] = [],
    firsts: boolean[] = [],
    lasts: boolean[] = [];
  for (const [a, b] of intervals) {
    const n = Math.max(2, Math.ceil(((b - a) * len) / 4));
    for (let k = 0; k <= n; k++) {
      const t = a + ((b - a) * k) / n;
      const v = boundaryDistance(S, p.x + dx * t, p.y + dy * t);
      ts.push(t);
      vs.push(v);
      steps.push((b - a) / n);
      los.push(a);
      his.push(b);
      firsts.push(k === 0);
      lasts.push(k === n);
      if (v > best) best = v;
    }
  }
  if (ts.length === 0) return 0;
  // The most any point between two samples h mm apart can reach (depth changes by at most 1 mm
  // per mm): (f(a) + f(b) + h) / 2. A sample's bracket is worth searching only if that bound,
  // on either side of it, beats the deepest found so far: the likeliest first.
  const bound: number[] = [],
    order: number[] = [];
  for (let k = 0; k < ts.length; k++) {
    const h = steps[k] * len;
    const left = firsts[k] ? vs[k] : (vs[k - 1] + vs[k] + h) / 2,
      right = lasts[k] ? vs[k] : (vs[k] + vs[k + 1] + h) / 2;
    bound.push(Math.max(left, right));
    if (vs[k] >= best - h / 2) order.push(k);
  }
  order.sort((i, j) => bound[j] - bound[i]);
  let found = best;
  const g = (Math.sqrt(5) - 1) / 2;
  for (const k of order) {
    if (bound[k] <= found + 0.001) continue;
    // golden-section search of the bracket around this sample, to 0.002 mm
    let l = Math.max(los[k], ts[k] - steps[k]),
      r = Math.min(his[k], ts[k] + steps[k]);
    let m1 = r - g * (r - l),
      m2 = l + g * (r - l),
      f1 = boundaryDistance(S, p.x + dx * m1, p.y + dy * m1),
      f2 = boundaryDistance(S, p.x + dx * m2, p.y + dy * m2);
    while ((r - l) * len > 0.002) {
      if (f1 >= f2) {
        r = m2;
        m2 = m1;
        f2 = f1;
        m1 = r - g * (r - l);
        f1 = boundaryDistance(S, p.x + dx * m1, p.y + dy * m1);
      } else {
        l = m1;
        m1 = m2;
        f1 = f2;
        m2 = l + g * (r - l);
        f2 = boundaryDistance(S, p.x + dx * m2, p.y + dy * m2);
      }
    }
    found = Math.max(found, f1, f2);
  }
  return found;
}

/**
 * How a segment meets a shape: crossing()'s classification (clear / graze / cross, with the one
 * tolerance, by the same exact tests), with the depth taken by deepestOn instead of bisection
 * (this runs for every attack pair on every drag). A clearance above NEAR_MM is only a lower bound.
 */
export function lineMeets(S: Shape, p: Point, q: Point): Crossing {
  const m = meetLine(S, p, q);
  return {
    kind: m.kind,
    clearance: m.clearance,
    insideLength: m.insideLength,
    depth: m.kind === 'cross' ? depthOf(m.depth) : 0,
  };
}

/**
 * A depth known, or what finding it takes: deepestOn over these inside stretches. Plain data, not
 * a closure: this runs for every attack pair, and tsx (the CLI's and the benchmark's runner)
 * names every closure it creates with a defineProperty.
 */
export type Depth = number | { S: Shape; iv: Intervals; p: Point; q: Point; found?: number } | FoundWhenRead;
/** A depth its own `find` works out when first read (the flat kernel's convex depth, kernel.ts). */
export interface FoundWhenRead {
  found?: number;
  find(): number;
}
/** The depth, found once: an attack and its reverse share the line's meeting, and so its depth. */
export const depthOf = (d: Depth): number =>
  typeof d === 'number' ? d : (d.found ??= 'find' in d ? d.find() : deepestOn(d.S, d.iv, d.p, d.q));

/** lineMeets with the depth left to be found when asked for (it feeds only the explanation). */
export interface LineMeeting {
  kind: Crossing['kind'];
  clearance: number;
  insideLength: number;
  depth: Depth;
  /** the stretches inside a polygon, when crossing */
  inside?: Intervals;
  /** for an obstacle under ships: the visible portion with every ship on it covering (null: the line passes none) */
  visible?: VisibleMeeting | null;
  /** the same with only the two sides' ships covering (a dust field a ship attacks across) */
  visibleDust?: VisibleMeeting | null;
}

export type VisibleMeeting = { verdict: Visible['verdict']; insideMm: number; depth: Depth };
export const NO_DEPTH = 0;

/**
 * How segment p-q meets S. A clearance above `near` is only a lower bound (callers that need no
 * clearance at all pass the tolerance).
 */
export function meetLine(S: Shape, p: Point, q: Point, near = NEAR_MM): LineMeeting {
  if (S.kind === 'circle') {
    const c = crossing(S, p.x, p.y, q.x, q.y);
    return { kind: c.kind, clearance: c.clearance, insideLength: c.insideLength, depth: c.depth };
  }
  const gap = boxGap(S, p, q);
  if (gap > near) return { kind: 'clear', clearance: gap, insideLength: 0, depth: NO_DEPTH };
  if (S.convex) {
    const m = meetConvex(S, p, q, near);
    if (m) return m;
  }
  // The stretches inside first: a line reaching deeper than the tolerance crosses, and its
  // clearance (0: it has interior points) need not be measured.
  const intervals = insideIntervals(S, p.x, p.y, q.x, q.y);
  const len = hypot(q.x - p.x, q.y - p.y);
  const insideLength = intervals.reduce((acc, [a, b]) => acc + (b - a) * len, 0);
  // the same test as segmentReachesInside, on the intervals just found
  const reaches = reachesBeyondTolerance(S, intervals, p, q);
  if (reaches)
    return {
      kind: 'cross',
      clearance: 0,
      insideLength,
      depth: { S, iv: intervals, p, q },
      inside: intervals,
    };
  const clearance = segmentShapeDistance(S, p.x, p.y, q.x, q.y);
  if (clearance > TOLERANCE_MM) return { kind: 'clear', clearance, insideLength: 0, depth: NO_DEPTH };
  return { kind: 'graze', clearance, insideLength, depth: NO_DEPTH };
}

const clipSlot = new Float64Array(2);
/** the margins meetConvex asks about, as constants (a sum worked out per call would be boxed for the call) */
const DEEP_MM = TOLERANCE_MM + SLACK_MM,
  TOL_SLACK_MM = TOLERANCE_MM + SLACK_MM,
  NEAR_SLACK_MM = NEAR_MM + SLACK_MM;

/**
 * meetLine for a convex S when a margin decides it (null otherwise: the exact tests do): a
 * segment with points deeper than the tolerance (and SLACK_MM) crosses; one outside S grown by
 * `near` (and SLACK_MM) is clear. Cyrus-Beck clipping, one pass per question. A crossing's depth
 * is convexDepth's exact figure (deepestOn, for other shapes, finds it to within 0.002 mm).
 */
function meetConvex(S: Polygon, p: Point, q: Point, near: number): LineMeeting | null {
  if (segmentInConvexBeyond(S, p, q, DEEP_MM, clipSlot)) {
    if (!segmentInConvexBeyond(S, p, q, 0, clipSlot)) return null; // not reached: deeper points are inside
    const t0 = clipSlot[0],
      t1 = clipSlot[1];
    const insideLength = (t1 - t0) * hypot(q.x - p.x, q.y - p.y);
    // the deepest reach, exactly and cheaply for a convex shape: found now, nothing kept for later
    const depth = convexDepth(S, t0, t1, p.x, p.y, q.x, q.y);
    return { kind: 'cross', clearance: 0, insideLength, depth, inside: [[t0, t1]] };
  }
  if (
    !segmentInConvexBeyond(
      S,
      p,
      q,
      near === NEAR_MM ? -NEAR_SLACK_MM : near === TOLERANCE_MM ? -TOL_SLACK_MM : -(near + SLACK_MM),
      clipSlot,
    )
  ) {
    return { kind: 'clear', clearance: near + SLACK_MM, insideLength: 0, depth: NO_DEPTH };
  }
  return null;
}

/**
 * segmentReachesInside(S, p, q, TOLERANCE_MM) given the inside stretches. For a convex S crossed
 * once, the deepest reach is computed directly (convexDepth: inside a convex polygon the distance
 * to the boundary is the least distance to an edge's line), and the exact capsule test runs only
 * when that depth is within SLACK_MM of the tolerance (as segmentDepth in relate.ts does).
 */
function reachesBeyondTolerance(S: Polygon, intervals: Intervals, p: Point, q: Point): boolean {
  if (intervals.length === 0) return false;
  if (S.convex && intervals.length === 1) {
    const D = convexDepth(S, intervals[0][0], intervals[0][1], p.x, p.y, q.x, q.y);
    if (D > TOLERANCE_MM + SLACK_MM) return true;
    if (D < TOLERANCE_MM - SLACK_MM) return false;
  }
  return reachesInsideGiven(intervals, S, p.x, p.y, q.x, q.y, TOLERANCE_MM);
}

/**
 * Is segment p-q certainly farther than m from S (a separating-axis proof, see separation.ts)?
 * A cheap early-out: a "no" decides nothing and the full test runs.
 */
export function separatedBeyond(S: Shape, p: Point, q: Point, m: number): boolean {
  return S.kind === 'polygon' && segmentSeparatedBeyond(S, p.x, p.y, q.x, q.y, m);
}

/**
 * Is the gap between the segment's box and the shape's certainly above m? (boxGap without its Math.hypot,
 * with a slack.)
 */
export function boxFar(S: Shape, p: Point, q: Point, m: number): boolean {
  const lim = m + SLACK_MM;
  return segmentBoxGapSq(S, p.x, p.y, q.x, q.y) > lim * lim;
}

/** Gap between the segment's bounding box and the shape's: a cheap lower bound on their distance. */
export function boxGap(S: Shape, p: Point, q: Point): number {
  return Math.sqrt(segmentBoxGapSq(S, p.x, p.y, q.x, q.y));
}

export interface Visible {
  verdict: 'cross' | 'graze' | 'covered';
  insideMm: number;
  depthMm: number;
}

/**
 * The visible part of obstacle O along p-q, with some ships' covering outlines hiding it.
 * cross: some visible point lies deeper than the tolerance inside O and farther than the
 * tolerance from every cover; graze: only within the tolerance of a cover's edge or O's edge;
 * covered: everything inside O is well under a cover.
 */
export function visibleCrossing(O: Shape, covers: Shape[], p: Point, q: Point, tol = TOLERANCE_MM): Visible {
  const v = visibleMeeting(O, covers, p, q, tol);
  return { verdict: v.verdict, insideMm: v.insideMm, depthMm: depthOf(v.depth) };
}

/**
 * visibleCrossing with the depth (for the explanation only) found when asked for. insideO: the
 * stretches of p-q inside O when already known (meetLine found them).
 */
export function visibleMeeting(
  O: Shape,
  covers: Shape[],
  p: Point,
  q: Point,
  tol = TOLERANCE_MM,
  insideO?: Intervals,
): VisibleMeeting {
  const len = hypot(q.x - p.x, q.y - p.y);
  const inO = insideO ?? insideOf(O, p, q);
  const deepO = inO.length ? subtract(inO, nearBoundaryOf(O, p, q, tol)) : inO;
  const inC: Intervals[] = [],
    nearC: Intervals[] = [];
  for (const C of covers) {
    inC.push(insideOf(C, p, q));
    nearC.push(nearBoundaryOf(C, p, q, tol));
  }
  // each cover grown by the tolerance: inside it or near its edge
  const coverWide = union(...inC, ...nearC);
  const visible = subtract(deepO, coverWide);
  if (measure(visible) > 0) {
    const insideMm = measure(subtract(inO, union(...inC))) * len;
    return { verdict: 'cross', insideMm, depth: { S: O, iv: visible, p, q } };
  }
  // each cover shrunk by the tolerance
  const coverDeep = union(...inC.map((iv, i) => (iv.length ? subtract(iv, nearC[i]) : iv)));
  if (measure(subtract(deepO, coverDeep)) > 0) return { verdict: 'graze', insideMm: 0, depth: NO_DEPTH };
  return { verdict: 'covered', insideMm: 0, depth: NO_DEPTH };
}

/** Is segment p-q certainly farther than the tolerance (and SLACK_MM) outside convex C? A "no" decides nothing. */
export function convexClearOf(C: Polygon, p: Point, q: Point): boolean {
  return !segmentInConvexBeyond(C, p, q, -TOL_SLACK_MM, clipSlot);
}
