import { hypot } from '../../geometry/hypot';
import type { Point } from '../../geometry/point';
import type { Shape } from '../../geometry/circle';
import type { Polygon } from '../../geometry/polygon';
import { BoxGrid } from '../../geometry/box-grid';
import { segmentInConvexBeyond } from '../../geometry/clip';
import { convexDepth, crossing, type Crossing, insideIntervals, reachesInsideGiven, segmentShapeDistance } from '../../geometry/relate';
import { SLACK_MM, segmentSeparatedBeyond } from '../../geometry/separation';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import { insideOf, measure, nearBoundaryOf, subtract, union, type Intervals } from '../../geometry/line-intervals';
import type { LosVerdict, ReadingUse } from '../../model/report';
import { type AttackContext, attackContext, type CoverOutline, coverShape, type LosReadings, pairKey, pieceId, type Side } from './context';
import type { ObstacleEntry, ShipEntry } from '../world';

/** A clear line that passes this close to a piece is mentioned, so a player sees how near it was. */
export const NEAR_MM = 1;

export type PieceRole = 'obstacle' | 'dust' | 'ship' | 'hull zone';
export type PieceVerdict = 'cross' | 'graze' | 'covered' | 'near';

/** How one piece meets the line of sight (or, for the defender's other hull zones, the range line). */
export interface PieceOnLine {
  piece: string;
  role: PieceRole;
  line: 'los' | 'range';
  verdict: PieceVerdict;
  /** length of the (visible) part of the line inside the piece */
  insideMm?: number;
  /** deepest reach of that part into the piece */
  depthMm?: number;
  /** closest approach of the line, for a near miss */
  clearanceMm?: number;
  /** ships whose covering outline hides the part of the obstacle the line crosses */
  coveredBy?: string[];
  /** set when the 1.5 shield-dial rule made this obstacle count */
  dialRule?: string;
  /** a dust field a ship attacks across: third ships on it, whose cover does not count (seed) */
  thirdShipsIgnored?: string[];
}

export interface LosJudgement {
  los: LosVerdict;
  obstructedBy: string[];
  grazing: string[];
  blockedBy: string[];
  dustBy: string[];
  pieces: LineEntry[];
  /** readings that decided the verdict (only when some did) */
  readings?: ReadingUse[];
}

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
  const dx = q.x - p.x, dy = q.y - p.y, len = hypot(dx, dy);
  let best = 0;
  const ts: number[] = [], vs: number[] = [], steps: number[] = [], los: number[] = [], his: number[] = [], firsts: boolean[] = [], lasts: boolean[] = [];
  for (const [a, b] of intervals) {
    const n = Math.max(2, Math.ceil(((b - a) * len) / 4));
    for (let k = 0; k <= n; k++) {
      const t = a + ((b - a) * k) / n;
      const v = boundaryDistance(S, p.x + dx * t, p.y + dy * t);
      ts.push(t); vs.push(v); steps.push((b - a) / n); los.push(a); his.push(b); firsts.push(k === 0); lasts.push(k === n);
      if (v > best) best = v;
    }
  }
  if (ts.length === 0) return 0;
  // The most any point between two samples h mm apart can reach (depth changes by at most 1 mm
  // per mm): (f(a) + f(b) + h) / 2. A sample's bracket is worth searching only if that bound,
  // on either side of it, beats the deepest found so far: the likeliest first.
  const bound: number[] = [], order: number[] = [];
  for (let k = 0; k < ts.length; k++) {
    const h = steps[k] * len;
    const left = firsts[k] ? vs[k] : (vs[k - 1] + vs[k] + h) / 2, right = lasts[k] ? vs[k] : (vs[k] + vs[k + 1] + h) / 2;
    bound.push(Math.max(left, right));
    if (vs[k] >= best - h / 2) order.push(k);
  }
  order.sort((i, j) => bound[j] - bound[i]);
  let found = best;
  const g = (Math.sqrt(5) - 1) / 2;
  for (const k of order) {
    if (bound[k] <= found + 0.001) continue;
    // golden-section search of the bracket around this sample, to 0.002 mm
    let l = Math.max(los[k], ts[k] - steps[k]), r = Math.min(his[k], ts[k] + steps[k]);
    let m1 = r - g * (r - l), m2 = l + g * (r - l), f1 = boundaryDistance(S, p.x + dx * m1, p.y + dy * m1), f2 = boundaryDistance(S, p.x + dx * m2, p.y + dy * m2);
    while ((r - l) * len > 0.002) {
      if (f1 >= f2) { r = m2; m2 = m1; f2 = f1; m1 = r - g * (r - l); f1 = boundaryDistance(S, p.x + dx * m1, p.y + dy * m1); }
      else { l = m1; m1 = m2; f1 = f2; m2 = l + g * (r - l); f2 = boundaryDistance(S, p.x + dx * m2, p.y + dy * m2); }
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
  return { kind: m.kind, clearance: m.clearance, insideLength: m.insideLength, depth: m.kind === 'cross' ? depthOf(m.depth) : 0 };
}

/**
 * A depth known, or what finding it takes: deepestOn over these inside stretches. Plain data, not
 * a closure: this runs for every attack pair, and tsx (the CLI's and the benchmark's runner)
 * names every closure it creates with a defineProperty.
 */
type Depth = number | { S: Shape; iv: Intervals; p: Point; q: Point; found?: number };
/** The depth, found once: an attack and its reverse share the line's meeting, and so its depth. */
const depthOf = (d: Depth): number => (typeof d === 'number' ? d : (d.found ??= deepestOn(d.S, d.iv, d.p, d.q)));

/**
 * A third ship's plastic base against a line: a huge ship obstructs by its two bases, not by the
 * gap between them, so the line meets the base it meets most (a cross before a graze, the longer
 * stretch inside; otherwise the nearer).
 */
function meetBases(s: ShipEntry, p: Point, q: Point): LineMeeting {
  const bs = s.shapes.bases;
  if (bs.length < 2) return meetLine(s.shapes.base, p, q);
  const rank = { clear: 0, graze: 1, cross: 2 } as const;
  let best = meetLine(bs[0], p, q);
  for (let i = 1; i < bs.length; i++) {
    const m = meetLine(bs[i], p, q);
    const d = rank[m.kind] - rank[best.kind];
    if (d > 0 || (d === 0 && (m.kind === 'cross' ? m.insideLength > best.insideLength : m.clearance < best.clearance))) best = m;
  }
  return best;
}

/** lineMeets with the depth left to be found when asked for (it feeds only the explanation). */
interface LineMeeting {
  kind: Crossing['kind']; clearance: number; insideLength: number; depth: Depth;
  /** the stretches inside a polygon, when crossing */
  inside?: Intervals;
  /** for an obstacle under ships: the visible portion with every ship on it covering (null: the line passes none) */
  visible?: VisibleMeeting | null;
  /** the same with only the two sides' ships covering (a dust field a ship attacks across) */
  visibleDust?: VisibleMeeting | null;
}

type VisibleMeeting = { verdict: Visible['verdict']; insideMm: number; depth: Depth };
const NO_DEPTH = 0;

/**
 * How segment p-q meets S. A clearance above `near` is only a lower bound (callers that need no
 * clearance at all pass the tolerance).
 */
function meetLine(S: Shape, p: Point, q: Point, near = NEAR_MM): LineMeeting {
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
  if (reaches) return { kind: 'cross', clearance: 0, insideLength, depth: { S, iv: intervals, p, q }, inside: intervals };
  const clearance = segmentShapeDistance(S, p.x, p.y, q.x, q.y);
  if (clearance > TOLERANCE_MM) return { kind: 'clear', clearance, insideLength: 0, depth: NO_DEPTH };
  return { kind: 'graze', clearance, insideLength, depth: NO_DEPTH };
}

const clipSlot = new Float64Array(2);
/** the margins meetConvex asks about, as constants (a sum worked out per call would be boxed for the call) */
const DEEP_MM = TOLERANCE_MM + SLACK_MM, TOL_SLACK_MM = TOLERANCE_MM + SLACK_MM, NEAR_SLACK_MM = NEAR_MM + SLACK_MM;

/**
 * meetLine for a convex S when a margin decides it (null otherwise: the exact tests do): a
 * segment with points deeper than the tolerance (and SLACK_MM) crosses; one outside S grown by
 * `near` (and SLACK_MM) is clear. Cyrus-Beck clipping, one pass per question. A crossing's depth
 * is convexDepth's exact figure (deepestOn, for other shapes, finds it to within 0.002 mm).
 */
function meetConvex(S: Polygon, p: Point, q: Point, near: number): LineMeeting | null {
  if (segmentInConvexBeyond(S, p, q, DEEP_MM, clipSlot)) {
    if (!segmentInConvexBeyond(S, p, q, 0, clipSlot)) return null; // not reached: deeper points are inside
    const t0 = clipSlot[0], t1 = clipSlot[1];
    const insideLength = (t1 - t0) * hypot(q.x - p.x, q.y - p.y);
    // the deepest reach, exactly and cheaply for a convex shape: found now, nothing kept for later
    const depth = convexDepth(S, t0, t1, p.x, p.y, q.x, q.y);
    return { kind: 'cross', clearance: 0, insideLength, depth, inside: [[t0, t1]] };
  }
  if (!segmentInConvexBeyond(S, p, q, near === NEAR_MM ? -NEAR_SLACK_MM : near === TOLERANCE_MM ? -TOL_SLACK_MM : -(near + SLACK_MM), clipSlot)) {
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
 * One entry of an attack's `lines`. Its crossing depth feeds only the explanation, so it is found
 * when first read (depthMm); toJSON writes it in its place. A class, not a literal with a
 * defined accessor: every entry shares one shape and nothing is kept aside per entry.
 */
export class LineEntry implements PieceOnLine {
  insideMm: number | undefined = undefined;
  clearanceMm: number | undefined = undefined;
  coveredBy: string[] | undefined = undefined;
  dialRule: string | undefined = undefined;
  thirdShipsIgnored: string[] | undefined = undefined;
  #depth: Depth | undefined = undefined;

  constructor(public piece: string, public role: PieceRole, public line: 'los' | 'range', public verdict: PieceVerdict) {}

  /** set when crossing: a number, or what finding it takes */
  withDepth(d: Depth): this {
    this.#depth = d;
    return this;
  }

  get depthMm(): number | undefined {
    const d = this.#depth;
    if (d === undefined || typeof d === 'number') return d;
    return (this.#depth = depthOf(d));
  }

  set depthMm(v: number | undefined) {
    this.#depth = v;
  }

  toJSON(): PieceOnLine {
    const o: PieceOnLine = { piece: this.piece, role: this.role, line: this.line, verdict: this.verdict };
    if (this.insideMm !== undefined) o.insideMm = this.insideMm;
    if (this.#depth !== undefined) o.depthMm = this.depthMm;
    if (this.clearanceMm !== undefined) o.clearanceMm = this.clearanceMm;
    if (this.coveredBy !== undefined) o.coveredBy = this.coveredBy;
    if (this.dialRule !== undefined) o.dialRule = this.dialRule;
    if (this.thirdShipsIgnored !== undefined) o.thirdShipsIgnored = this.thirdShipsIgnored;
    return o;
  }
}

function crossEntry(piece: string, role: PieceRole, line: 'los' | 'range', insideMm: number, depth: Depth): LineEntry {
  const e = new LineEntry(piece, role, line, 'cross').withDepth(depth);
  e.insideMm = insideMm;
  return e;
}

function clearanceEntry(piece: string, role: PieceRole, line: 'los' | 'range', verdict: 'graze' | 'near', clearanceMm: number): LineEntry {
  const e = new LineEntry(piece, role, line, verdict);
  e.clearanceMm = clearanceMm;
  return e;
}

/** Is the gap between the segment's box and the shape's certainly above m? (boxGap without its Math.hypot, with a slack.) */
function boxFar(S: Shape, p: Point, q: Point, m: number): boolean {
  const gx = Math.max(Math.min(p.x, q.x) - S.maxX, S.minX - Math.max(p.x, q.x), 0);
  const gy = Math.max(Math.min(p.y, q.y) - S.maxY, S.minY - Math.max(p.y, q.y), 0);
  const lim = m + SLACK_MM;
  return gx * gx + gy * gy > lim * lim;
}

/** Gap between the segment's bounding box and the shape's: a cheap lower bound on their distance. */
function boxGap(S: Shape, p: Point, q: Point): number {
  const gx = Math.max(Math.min(p.x, q.x) - S.maxX, S.minX - Math.max(p.x, q.x), 0);
  const gy = Math.max(Math.min(p.y, q.y) - S.maxY, S.minY - Math.max(p.y, q.y), 0);
  return hypot(gx, gy);
}

/**
 * A line ending on the defending hull zone's boundary may end on a point it shares with the
 * neighbouring zone (an arc line, a corner): that touch is where the line must end, not a hair's
 * breadth from blocking. It counts as a graze only if the line, stopped short of its end, still
 * touches the zone.
 */
function onlyAtEnd(zone: Shape, a: Point, b: Point): boolean {
  const len = hypot(b.x - a.x, b.y - a.y);
  const cut = 4 * TOLERANCE_MM;
  if (len <= cut) return true;
  const k = (len - cut) / len;
  const e = { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k };
  if (zone.kind === 'circle') return crossing(zone, a.x, a.y, e.x, e.y).kind === 'clear';
  // crossing(zone, a, e).kind === 'clear', without the inside stretches and depth it would also find
  const gx = Math.max(Math.min(a.x, e.x) - zone.maxX, zone.minX - Math.max(a.x, e.x), 0);
  const gy = Math.max(Math.min(a.y, e.y) - zone.maxY, zone.minY - Math.max(a.y, e.y), 0);
  if (gx > TOLERANCE_MM || gy > TOLERANCE_MM) return true;
  return segmentShapeDistance(zone, a.x, a.y, e.x, e.y) > TOLERANCE_MM;
}

/**
 * list with v added; a new list starts as [v]. (An empty literal that is then pushed to reserves
 * room for 17 entries, and these lists live as long as the report.)
 */
function append<T>(list: T[] | null, v: T): T[] {
  if (!list) return [v];
  list.push(v);
  return list;
}

function addOnce(list: string[] | null, id: string): string[] {
  if (!list) return [id];
  if (!list.includes(id)) list.push(id);
  return list;
}

function shipOf(s: Side): ShipEntry | null {
  return s.kind === 'zone' ? s.ship : null;
}

interface Visible { verdict: 'cross' | 'graze' | 'covered'; insideMm: number; depthMm: number }

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
function visibleMeeting(O: Shape, covers: Shape[], p: Point, q: Point, tol = TOLERANCE_MM, insideO?: Intervals): VisibleMeeting {
  const len = hypot(q.x - p.x, q.y - p.y);
  const inO = insideO ?? insideOf(O, p, q);
  const deepO = inO.length ? subtract(inO, nearBoundaryOf(O, p, q, tol)) : inO;
  const inC: Intervals[] = [], nearC: Intervals[] = [];
  for (const C of covers) { inC.push(insideOf(C, p, q)); nearC.push(nearBoundaryOf(C, p, q, tol)); }
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

/**
 * How one line of sight meets the third pieces: every obstacle, then every ship other than the
 * two sides' (slot: obstacle index, or obstacle count plus ship index), for those within NEAR_MM
 * of it; a piece not listed is farther. Measured on the line taken from its lower-left end (p,
 * q), so an attack and its reverse, which trace the same line, share one measurement.
 */
export interface ThirdPieceMeetings { p: Point; q: Point; slots: number[]; meetings: LineMeeting[] }

/** A piece farther than NEAR_MM from the line: clear, and not near enough to mention. */
const FAR: LineMeeting = { kind: 'clear', clearance: Infinity, insideLength: 0, depth: NO_DEPTH };

/** The third pieces' grid (obstacles, then ships, by slot), built once per context. */
function thirdGrid(ctx: AttackContext): BoxGrid {
  if (ctx.thirdGrid) return ctx.thirdGrid;
  const { obstacles, ships } = ctx.world;
  const boxes = new Float64Array(4 * (obstacles.length + ships.length));
  const g = NEAR_MM + SLACK_MM;
  const file = (i: number, S: Polygon) => { boxes[4 * i] = S.minX - g; boxes[4 * i + 1] = S.minY - g; boxes[4 * i + 2] = S.maxX + g; boxes[4 * i + 3] = S.maxY + g; };
  obstacles.forEach((o, i) => file(i, o.outline));
  ships.forEach((s, i) => file(obstacles.length + i, s.shapes.base));
  return (ctx.thirdGrid = new BoxGrid(boxes, GRID_CELL_MM));
}

/** Grid cell side: about a piece's size, so a line visits few cells and each holds few pieces. */
const GRID_CELL_MM = 60;

function thirdPieceMeetings(ctx: AttackContext, att: Side, def: Side, from: Point, to: Point): ThirdPieceMeetings {
  const key = pairKey(ctx, att, def);
  const kept = ctx.lineMeetings[key];
  if (kept) {
    // the reverse attack's line: used twice, then let go
    ctx.lineMeetings[key] = undefined;
    return kept;
  }
  const flip = to.x < from.x || (to.x === from.x && to.y < from.y);
  const p = flip ? to : from, q = flip ? from : to;
  const slots: number[] = [], meetings: LineMeeting[] = [];
  const obstacles = ctx.world.obstacles, ships = ctx.world.ships;
  const attShip = shipOf(att), defShip = shipOf(def);
  // only the pieces whose grown box the line passes through can be within NEAR_MM of it
  const grid = thirdGrid(ctx);
  const count = grid.segmentCandidates(p, q), cand = grid.found;
  for (let k = 0; k < count; k++) {
    const slot = cand[k];
    let S: Polygon;
    if (slot < obstacles.length) S = obstacles[slot].outline;
    else {
      const s = ships[slot - obstacles.length];
      if (s === attShip || s === defShip) continue;
      S = s.shapes.base;
    }
    if (boxFar(S, p, q, NEAR_MM) || boxGap(S, p, q) > NEAR_MM || separatedBeyond(S, p, q, NEAR_MM)) continue;
    const c = slot < obstacles.length ? meetLine(S, p, q) : meetBases(ships[slot - obstacles.length], p, q);
    if (c.kind === 'clear' && c.clearance > NEAR_MM) continue;
    slots.push(slot); meetings.push(c);
  }
  const m = { p, q, slots, meetings };
  if (att.index !== def.index) ctx.lineMeetings[key] = m;
  return m;
}

/**
 * Line of sight between attacker and defender: blocked, then dust (ship attacker), then
 * obstructed, then clear. `los` is the traced line, `range` the line measuring attack range.
 */
export function judgeLos(ctx: AttackContext, att: Side, def: Side, los: [Point, Point], range: [Point, Point]): LosJudgement {
  const p = los[0], q = los[1];
  // Lists are made when first needed: most lines cross little, and this runs for every pair.
  let pieces: LineEntry[] | null = null;
  let obstructedBy: string[] | null = null, grazing: string[] | null = null, blockedBy: string[] | null = null, dustBy: string[] | null = null;
  const shipAttacker = att.kind === 'zone';
  const attShip = shipOf(att), defShip = shipOf(def);

  // Blocked: a line through another hull zone of the defender.
  if (def.kind === 'zone') {
    const zones = def.ship.shapes.zones;
    for (let zi = 0; zi < zones.length; zi++) {
      const z = zones[zi];
      if (z === def.zone) continue;
      const zone = def.ship.shapes.hullZones[z];
      for (let li = 0; li < 2; li++) {
        const line = li === 0 ? 'los' : 'range';
        const a = li === 0 ? p : range[0], b = li === 0 ? q : range[1];
        // only a cross or a graze makes an entry: a line well clear of the zone needs no more
        if (separatedBeyond(zone, a, b, TOLERANCE_MM)) continue;
        const c = meetLine(zone, a, b, TOLERANCE_MM);
        if (c.kind === 'clear') continue;
        const id = `${def.ship.id}.${z}`;
        if (c.kind === 'cross') {
          if (!blockedBy) blockedBy = [id];
          else if (!blockedBy.includes(id)) blockedBy.push(id);
          pieces = append(pieces, crossEntry(id, 'hull zone', line, c.insideLength, c.depth));
        } else if (c.kind === 'graze' && !onlyAtEnd(zone, a, b)) {
          grazing = addOnce(grazing, id);
          pieces = append(pieces, clearanceEntry(id, 'hull zone', line, 'graze', c.clearance));
        }
      }
    }
  }

  // Obstacles, then third ships: measured once for the line (and its reverse attack).
  const third = thirdPieceMeetings(ctx, att, def, p, q);
  const cp = third.p, cq = third.q;
  let k = 0;
  const seedDials = ctx.world.ruleset === 'seed';
  const obstacles = ctx.world.obstacles;
  const R = ctx.readings;
  // readings that may decide this verdict: each with what the other choice would make of its obstacle
  let flips: Flip[] | null = null;
  // without a dial on an obstacle (the 1.5 dial rule), only the obstacles near the line matter
  const anyDials = seedDials && (dialOnAny(ctx, att) || dialOnAny(ctx, def));
  const slots = third.slots;
  for (let oi = 0; oi < obstacles.length; oi++) {
    if (!anyDials) {
      if (k >= slots.length || slots[k] >= obstacles.length) break;
      oi = slots[k];
    }
    const o = obstacles[oi];
    const c = k < slots.length && slots[k] === oi ? third.meetings[k++] : FAR;
    const isDust = o.obstacleKind === 'dust';
    const role: PieceRole = isDust ? 'dust' : 'obstacle';
    // a ship may not attack across a dust field; a squadron's attack across one is obstructed
    const forbids = isDust && shipAttacker;
    // Rules 1.5 shield-dial rule (seed ruleset): a line through the attacking or defending hull
    // zone's shield dial while that dial overlaps an obstacle is obstructed (1.6 drops it). It
    // applies to a dust field too: the seed's dust caveat only adds that the attack cannot be made
    // where the line passes through the defending dial and the dust would otherwise be visible
    // (the visible portion settles that, since a dial never hides anything).
    const dialsOn = seedDials && (dialOverlaps(ctx, att, o) || dialOverlaps(ctx, def, o));
    if (c === FAR && !dialsOn) continue;
    const dial = dialsOn ? dialMeeting(ctx, att, def, o, p, q) : null;
    let visible: PieceVerdict | null = null;
    let entry: LineEntry | null = null;
    if (c.kind === 'clear') {
      if (c.clearance <= NEAR_MM) entry = clearanceEntry(o.id, role, 'los', 'near', c.clearance);
    } else if (c.kind === 'graze') {
      visible = 'graze';
      entry = clearanceEntry(o.id, role, 'los', visible, c.clearance);
    } else {
      // Both exceptions begin "When a ship traces line of sight": a squadron attacking across dust
      // is obstructed whatever covers it. For an ordinary obstacle the visible-portion exception
      // is worded for "the attacking hull zone's" line: readings.visiblePortion says whether a
      // squadron's line has it too.
      const squadronBare = !shipAttacker && (isDust || R.visiblePortion === 'ship');
      const covers = squadronBare ? NO_SHIPS : coveringShips(ctx, o, att, def, forbids);
      const v = covers.length ? visibleWith(ctx, o, c, covers, ctx.cover, forbids, cp, cq, true) : null;
      visible = v ? v.verdict : 'cross';
      if (!covers.length) entry = crossEntry(o.id, role, 'los', c.insideLength, c.depth);
      else {
        entry = new LineEntry(o.id, role, 'los', visible);
        entry.coveredBy = covers.map((sh) => sh.id);
        if (!v) { entry.insideMm = c.insideLength; entry.withDepth(c.depth); }
        else if (v.verdict === 'cross') { entry.insideMm = v.insideMm; entry.withDepth(v.depth); }
      }
      // the other choices of the readings, for `readings` (the exception saved or sank this obstacle)
      if (covers.length) {
        const other: CoverOutline = ctx.cover === 'base' ? 'token' : 'base';
        const oc = coveringShips(ctx, o, att, def, forbids, other);
        const ov = oc.length ? visibleWith(ctx, o, c, oc, other, forbids, cp, cq, false) : null;
        flips = addFlip(flips, 'cover', ctx.cover, o.id, forbids, visible, ov ? ov.verdict : 'cross', dial, R, c.kind);
      }
      if (!shipAttacker && !isDust) {
        // the visible-portion exception for a squadron: with every ship on the obstacle covering, or none
        const all = R.visiblePortion === 'ship' ? coveringShips(ctx, o, att, def, false) : NO_SHIPS;
        const av = all.length ? visibleWith(ctx, o, c, all, ctx.cover, false, cp, cq, true) : null;
        const alt: PieceVerdict = R.visiblePortion === 'ship' ? (av ? av.verdict : 'cross') : 'cross';
        if (R.visiblePortion === 'ship' ? all.length > 0 : covers.length > 0) {
          flips = addFlip(flips, 'visiblePortion', R.visiblePortion, o.id, false, visible, alt, dial, R, c.kind);
        }
      }
    }
    let viaDial = false;
    let verdict = visible;
    if (dial) {
      if (dialApplies(visible, dial, R.dialLine, c.kind)) {
        viaDial = dial.kind === 'cross';
        verdict = dial.kind;
        entry ??= new LineEntry(o.id, role, 'los', dial.kind);
        entry.verdict = dial.kind;
        entry.dialRule = dial.kind === 'cross' ? dial.rule : `only touches: ${dial.rule}`;
      }
      if (dial.kind === 'cross' && visible !== 'cross') {
        // does the dial rule's reach decide it: a line through the dial that misses the obstacle itself
        if (c.kind !== 'cross') flips = pushFlip(flips, 'dialLine', R.dialLine, o.id, effectOf(visible, viaDial, forbids), R.dialLine === 'through-dial' ? 'none' : 'obstructs');
        // a dust field under a dial: obstructed, not forbidden (attacker's dial), nor allowed and clear (defender's dial, dust hidden)
        if (forbids && viaDial) flips = pushFlip(flips, 'dustDial', dial.side === att ? 'attacker' : 'defender', o.id, 'obstructs', dial.side === att ? 'dust' : 'none');
      }
    }
    if (!entry) continue;
    if (forbids && verdict === 'cross' && !viaDial) {
      const ignored = (ctx.coverers.get(o.id) ?? []).filter((sh) => sh !== attShip && sh !== defShip).map((sh) => sh.id);
      if (ignored.length) entry.thirdShipsIgnored = ignored;
    }
    pieces = append(pieces, entry);
    if (verdict === 'cross') {
      if (forbids && !viaDial) dustBy = append(dustBy, o.id);
      else obstructedBy = append(obstructedBy, o.id);
    } else if (verdict === 'graze') grazing = addOnce(grazing, o.id);
  }

  // Ships that are neither attacker nor defender: their plastic base, without dials and frames.
  const ships = ctx.world.ships;
  for (; k < third.slots.length; k++) {
    const s = ships[third.slots[k] - obstacles.length];
    const c = third.meetings[k];
    if (c.kind === 'cross') {
      obstructedBy = append(obstructedBy, s.id);
      pieces = append(pieces, crossEntry(s.id, 'ship', 'los', c.insideLength, c.depth));
    } else if (c.kind === 'graze') {
      grazing = addOnce(grazing, s.id);
      pieces = append(pieces, clearanceEntry(s.id, 'ship', 'los', 'graze', c.clearance));
    } else if (c.clearance <= NEAR_MM) {
      pieces = append(pieces, clearanceEntry(s.id, 'ship', 'los', 'near', c.clearance));
    }
  }

  const verdict: LosVerdict = blockedBy ? 'blocked' : dustBy ? 'dust' : obstructedBy ? 'obstructed' : 'clear';
  const readings = flips ? readingsUsed(flips, verdict, !!blockedBy, dustBy?.length ?? 0, obstructedBy?.length ?? 0) : null;
  // A piece one line crosses is not "only touched" because the other line grazes it.
  let onlyTouched: string[] = grazing ?? [];
  if (grazing && verdict !== 'clear') {
    const b = blockedBy, d = dustBy, ob = obstructedBy;
    onlyTouched = grazing.filter((id) => !b?.includes(id) && !d?.includes(id) && !ob?.includes(id));
  }
  // nothing on or near the line: one shared answer (callers that hand its lists out copy them)
  if (!pieces && !(readings && readings.length)) return CLEAR_LOS;
  const j: LosJudgement = { los: verdict, obstructedBy: obstructedBy ?? [], grazing: onlyTouched, blockedBy: blockedBy ?? NONE, dustBy: dustBy ?? NONE, pieces: pieces ?? [] };
  if (readings && readings.length) j.readings = readings;
  return j;
}

const NO_SHIPS: ShipEntry[] = [];

/** How the line meets the two sides' shield dials that overlap obstacle o (a cross first), or null if it passes neither. */
interface DialMeeting { kind: 'cross' | 'graze'; side: Side; rule: string }
function dialMeeting(ctx: AttackContext, att: Side, def: Side, o: ObstacleEntry, p: Point, q: Point): DialMeeting | null {
  let found: DialMeeting | null = null;
  for (const side of [att, def]) {
    if (side.kind !== 'zone' || !dialOverlaps(ctx, side, o)) continue;
    const d = meetLine(side.ship.shapes.dials[side.zone], p, q, TOLERANCE_MM);
    if (d.kind === 'clear') continue;
    const rule = `the line passes through ${side.key}'s shield dial, which overlaps ${o.id} (rules 1.5)`;
    if (d.kind === 'cross') return { kind: 'cross', side, rule };
    found ??= { kind: 'graze', side, rule };
  }
  return found;
}

/** Does the 1.5 dial rule make this obstacle count: the line not already crossing it visibly, through a dial on it (and over it, by that reading)? */
function dialApplies(visible: PieceVerdict | null, dial: DialMeeting, dialLine: LosReadings['dialLine'], meets: Crossing['kind']): boolean {
  if (visible === 'cross') return false;
  if (dialLine === 'over-obstacle' && meets !== 'cross') return false;
  return dial.kind === 'cross' || visible !== 'graze';
}

/** The visible portion of o along the line with these ships covering (kept with the line's meeting for the reverse attack when `keep`). */
function visibleWith(
  ctx: AttackContext, o: ObstacleEntry, c: LineMeeting, covers: ShipEntry[], cover: CoverOutline, dustOnly: boolean, cp: Point, cq: Point, keep: boolean,
): VisibleMeeting | null {
  // The reverse attack has the same covers (all ships on it, or for dust only the two sides'), so
  // the answer is kept with the line's meeting for it.
  const kept = keep ? (dustOnly ? c.visibleDust : c.visible) : undefined;
  if (kept !== undefined) return kept;
  // Only covers the line comes within the tolerance of can hide any of it; when it passes none,
  // what it crosses is all visible (visibleMeeting would find the same).
  const shapes = coverShapesNear(covers, cover, cp, cq);
  const v = shapes.length ? visibleMeeting(o.outline, shapes, cp, cq, TOLERANCE_MM, c.inside) : null;
  if (keep) {
    if (dustOnly) c.visibleDust = v;
    else c.visible = v;
  }
  return v;
}

/** What an obstacle does to the attack: forbids it (dust), obstructs it, or nothing. */
type Effect = 'dust' | 'obstructs' | 'none';
interface Flip { reading: ReadingUse['reading']; value: string; piece: string; now: Effect; alt: Effect }

function effectOf(visible: PieceVerdict | null, viaDial: boolean, forbids: boolean): Effect {
  if (visible === 'cross') return forbids ? 'dust' : 'obstructs';
  return viaDial ? 'obstructs' : 'none';
}

function pushFlip(flips: Flip[] | null, reading: Flip['reading'], value: string, piece: string, now: Effect, alt: Effect): Flip[] | null {
  return now === alt ? flips : append(flips, { reading, value, piece, now, alt });
}

/** A flip of the visible portion (cover, visiblePortion): the obstacle's effect now and with the other choice, the dial rule applied to each. */
function addFlip(
  flips: Flip[] | null, reading: Flip['reading'], value: string, piece: string, forbids: boolean, now: PieceVerdict | null, alt: PieceVerdict,
  dial: DialMeeting | null, R: LosReadings, meets: Crossing['kind'],
): Flip[] | null {
  const via = (v: PieceVerdict | null) => !!dial && dial.kind === 'cross' && dialApplies(v, dial, R.dialLine, meets);
  return pushFlip(flips, reading, value, piece, effectOf(now, via(now), forbids), effectOf(alt, via(alt), forbids));
}

/** What each reading says, by its choice (README, Readings). */
const READING_SAYS: Record<string, string> = {
  'cover/base': "a ship's plastic base hides the part of an obstacle under it (readings.cover: base)",
  'cover/token': "a ship's cardboard token hides the part of an obstacle under it (readings.cover: token)",
  'visiblePortion/any': "the visible-portion exception applies to a squadron's line of sight as to a ship's (readings.visiblePortion: any, not the default)",
  'visiblePortion/ship': 'the visible-portion exception applies only to an attacking hull zone\'s line, as rules 1.5 word it (readings.visiblePortion: ship, the default: the text as written)',
  'dialLine/through-dial': 'the 1.5 dial rule obstructs a line through a dial that overlaps an obstacle, even where the line does not pass over the obstacle (readings.dialLine: through-dial)',
  'dialLine/over-obstacle': 'the 1.5 dial rule obstructs only a line that also passes over the obstacle (readings.dialLine: over-obstacle)',
  'dustDial/attacker': "a line through the attacking hull zone's own shield dial on a dust field is obstructed by the 1.5 dial rule, not forbidden: the seed's dust caveat names only the defending dial",
  'dustDial/defender': "a line through the defending hull zone's shield dial on a dust field its base hides may be traced (the dust would not otherwise be visible), and the 1.5 dial rule obstructs it",
};

/** The readings whose other choice would change the line of sight's verdict, each once. */
function readingsUsed(flips: Flip[], los: LosVerdict, blocked: boolean, dust: number, obstructed: number): ReadingUse[] {
  const out: ReadingUse[] = [];
  const count = (e: Effect, of: Effect) => (e === of ? 1 : 0);
  for (const f of flips) {
    const d = dust - count(f.now, 'dust') + count(f.alt, 'dust');
    const ob = obstructed - count(f.now, 'obstructs') + count(f.alt, 'obstructs');
    const otherwise: LosVerdict = blocked ? 'blocked' : d > 0 ? 'dust' : ob > 0 ? 'obstructed' : 'clear';
    if (otherwise === los || out.some((u) => u.reading === f.reading && u.value === f.value)) continue;
    out.push({ reading: f.reading, value: f.value, otherwise, says: READING_SAYS[`${f.reading}/${f.value}`] });
  }
  return out;
}

/** The empty list where a judgement has none; never handed out in a report (read-only). */
const NONE: string[] = Object.freeze([]) as unknown as string[];

/**
 * judgeLos's answer for a line that meets no piece and passes none within NEAR_MM: clear, every
 * list empty. Shared and frozen: a report gets fresh empty lists in its place (attacks.ts).
 */
export const CLEAR_LOS: LosJudgement = Object.freeze({ los: 'clear', obstructedBy: NONE, grazing: NONE, blockedBy: NONE, dustBy: NONE, pieces: NONE as unknown as LineEntry[] });

/** Does this side's shield dial overlap obstacle o (the 1.5 dial rule)? */
function dialOverlaps(ctx: AttackContext, side: Side, o: ObstacleEntry): boolean {
  if (side.kind !== 'zone') return false;
  const on = ctx.dialOn.get(side.key);
  return on !== undefined && on.includes(o);
}

/** Does this side's shield dial overlap any obstacle? */
function dialOnAny(ctx: AttackContext, side: Side): boolean {
  return side.kind === 'zone' && ctx.dialOn.has(side.key);
}

/** The covering outlines of these ships that segment p-q may come within the tolerance of (a convex outline clear of it by a margin is left out). */
function coverShapesNear(ships: ShipEntry[], cover: CoverOutline, p: Point, q: Point): Shape[] {
  const out: Shape[] = [];
  for (const s of ships) {
    const C = coverShape(s, cover);
    if (C.convex && !segmentInConvexBeyond(C, p, q, -TOL_SLACK_MM, clipSlot)) continue;
    out.push(C);
  }
  return out;
}

/**
 * The ships whose covering outline may hide obstacle o from this line. For an ordinary obstacle,
 * any ship on it (the visible-portion exception; a third ship's base crossed by the line
 * obstructs in its own right). For a dust field with a ship attacking, the seed names only the
 * defending ship: a third ship on the dust does not help. The attacker's own base is also taken
 * to hide the dust under it: the seed is silent there, so the general visible-portion rule of
 * the rules reference applies. A squadron hides nothing.
 */
function coveringShips(ctx: AttackContext, o: ObstacleEntry, att: Side, def: Side, dustForbids: boolean, cover = ctx.cover): ShipEntry[] {
  const on = (cover === ctx.cover ? ctx : attackContext(ctx.world, cover)).coverers.get(o.id) ?? [];
  if (!dustForbids) return on;
  return on.filter((s) => s === shipOf(att) || s === shipOf(def));
}

export function sideName(s: Side): string {
  return s.kind === 'zone' ? `${s.ship.id}'s ${s.zone} hull zone` : `squadron ${pieceId(s)}`;
}
