/**
 * The flat attack kernel: line of sight (judgeLos, los.ts) and range and arc (measureRange,
 * attacks.ts) answered on flat arrays. The hull zones and ships' bases are kept as FlatEdges
 * (src/geometry/flat-line.ts), built once per attack context, and a line is tested against them
 * with preallocated scratch: no meeting objects, no interval lists, no points, and the findings
 * object reused; the range's closest points go into scratch and from there into the attack's row.
 * Only what the report keeps is built (an entry for a piece the line crosses, touches or passes
 * near). The rules themselves stay in los.ts: an obstacle the line meets goes through its
 * obstacleEffect, the verdict through verdictOf, so there is one statement of each rule.
 *
 * Today's code stays the reference: the kernel answers with the same numbers, bit for bit, and the
 * same verdicts (test/rules/attacks/kernel.test.ts, test/geometry/flat-line.test.ts and
 * scripts/compare-reports.ts), and hands over to it where it does not reach (said at each place).
 */
import { type Point, pt } from '../../geometry/point';
import type { Polygon } from '../../geometry/polygon';
import {
  C_AX,
  C_AY,
  C_BX,
  C_BY,
  C_DIST,
  FlatEdges,
  flatApartClosest,
  flatBoundaryDistance,
  flatCirclesClosest,
  flatPolygonCircleClosest,
  flatBoxGapSq,
  flatConvexDepth,
  flatMeetConvex,
  flatOnlyAtEnd,
  flatSeparated,
  hullOutline,
  M_CLEARANCE,
  M_DEPTH,
  M_INSIDE,
  M_T0,
  M_T1,
  MEET_CLEAR,
  MEET_CROSS,
  MEET_UNDECIDED,
} from '../../geometry/flat-line';
import {
  boxFar,
  boxGap,
  type Depth,
  type FoundWhenRead,
  type LineMeeting,
  meetLine,
  NEAR_MM,
} from '../../geometry/line-meet';
import { hullsApartBeyond } from '../../geometry/relate';
import { insideConvexBeyond, pointInsideConvexBeyond, SLACK_MM } from '../../geometry/separation';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import { type AttackContext, pairKey, type Side, type ThirdPieceMeetings } from './context';
import {
  addOnce,
  append,
  clearanceEntry,
  crossEntry,
  dialMeeting,
  dialOnAny,
  dialOverlaps,
  FAR,
  judgeLos,
  LosFindings,
  type LosJudgement,
  obstacleEffect,
  onlyAtEnd,
  shipOf,
  thirdGrid,
  verdictOf,
} from './los';

/** What the kernel keeps per attack context. */
interface LosKernel {
  /** every hull zone and base convex and no huge ship: else the whole table goes to judgeLos */
  reach: boolean;
  /** the hull zones, by side index (zone sides come first in ctx.sides) */
  zones: FlatEdges;
  /** the ships' plastic bases, by ship index */
  bases: FlatEdges;
  /** the obstacles' convex hulls (their separation test's), by obstacle index */
  hulls: FlatEdges;
  /**
   * the third pieces each line of sight meets, kept from an attack until its reverse (which traces
   * the same line), as los.ts keeps them in ctx.lineMeetings: rows of KEPT numbers from keptAt[pairKey]
   * (-1: none kept), keptN[pairKey] of them; `used` rows taken
   */
  kept: Float64Array;
  keptAt: Int32Array;
  keptN: Int32Array;
  used: number;
  /** beside a row: the obstacle's meeting (its rules read it), or a ship's meeting the exact tests made */
  meetings: (LineMeeting | null)[];
  /** the rows were handed on to the kernel of the next drag step (movedKernel): made afresh if asked again */
  rowsGone?: boolean;
}

/** numbers per kept row: slot, meeting code, clearance, inside length, depth */
const KEPT = 5;

const kernels = new WeakMap<AttackContext, LosKernel>();
let lastCtx: AttackContext | null = null,
  lastKernel: LosKernel | null = null;

function kernelOf(ctx: AttackContext): LosKernel {
  // one context is asked thousands of times in a row: the last one is kept beside the map
  if (ctx === lastCtx) return lastKernel!;
  let K = kernels.get(ctx);
  if (!K) {
    K = movedKernel(ctx) ?? newKernel(ctx);
    kernels.set(ctx, K);
  } else if (K.rowsGone) {
    Object.assign(K, freshRows(K.reach ? ctx.sides.length : 0));
    K.rowsGone = false;
  }
  lastCtx = ctx;
  lastKernel = K;
  return K;
}

function newKernel(ctx: AttackContext): LosKernel {
  const zoneShapes: Polygon[] = [];
  for (const s of ctx.sides) if (s.kind === 'zone') zoneShapes.push(s.shape);
  const ships = ctx.world.ships;
  const reach =
    zoneShapes.every((z) => z.convex) &&
    ships.every((s) => s.shapes.bases.length < 2 && s.shapes.base.convex);
  return {
    reach,
    zones: new FlatEdges(reach ? zoneShapes : []),
    bases: new FlatEdges(reach ? ships.map((s) => s.shapes.base) : []),
    hulls: new FlatEdges(reach ? ctx.world.obstacles.map((o) => hullOutline(o.outline)) : []),
    ...freshRows(reach ? ctx.sides.length : 0),
  };
}

/** The per-line rows of a kernel: none kept yet. */
function freshRows(ns: number) {
  return {
    kept: new Float64Array(KEPT * 256),
    keptAt: new Int32Array(ns * ns).fill(-1),
    keptN: new Int32Array(ns * ns),
    used: 0,
    meetings: [],
  };
}

/**
 * The kernel of a context made from another with one ship moved (ctx.movedFrom), when that one's kernel
 * was built: its edges with the moved ship's zones and base written again (the obstacles' hulls are the
 * same), the rows fresh; null otherwise. newKernel would build the same (test/geometry/flat-line.test.ts).
 */
function movedKernel(ctx: AttackContext): LosKernel | null {
  const from = ctx.movedFrom;
  ctx.movedFrom = undefined;
  const P = from && kernels.get(from.ctx);
  if (!from || !P || !P.reach) return null;
  const ship = from.ship,
    si = ctx.world.ships.indexOf(ship);
  if (si < 0 || ship.shapes.bases.length > 1 || !ship.shapes.base.convex) return null;
  const zones = P.zones.copy(),
    bases = P.bases.copy();
  for (const s of ctx.sides) {
    if (s.kind !== 'zone' || s.ship !== ship) continue;
    if (!s.shape.convex) return null;
    zones.set(s.index, s.shape);
  }
  bases.set(si, ship.shapes.base);
  return { reach: true, zones, bases, hulls: P.hulls, ...takeRows(P, ctx.sides.length) };
}

/**
 * The previous step's rows, emptied, for the next step's kernel (a drag step made 40 KB of them afresh on a
 * tournament table); the previous kernel makes new ones should its context be judged again. Rows handed on
 * once are not handed on again (the practice maps make many contexts from one): those get fresh ones.
 */
function takeRows(P: LosKernel, ns: number) {
  if (P.rowsGone || P.keptAt.length !== ns * ns) return freshRows(ns);
  P.rowsGone = true;
  P.meetings.length = 0;
  return { kept: P.kept, keptAt: P.keptAt.fill(-1), keptN: P.keptN, used: 0, meetings: P.meetings };
}

/**
 * Whether the kernel answers (true) or hands every question to today's code (judgeLos, measureRange):
 * for the tests and the bench that hold the two together.
 */
export const flatKernel = { on: true };

/** Scratch: one flatMeetConvex answer; the findings of one line. */
const meet = new Float64Array(5);
const findings = new LosFindings();
/** the line as the third pieces are measured on it (from its lower-left end), for obstacleEffect */
const third: ThirdPieceMeetings = { p: { x: 0, y: 0 }, q: { x: 0, y: 0 }, slots: [], meetings: [] };

/** judgeLos(ctx, att, def, los, range): the same judgement, on the kernel where it reaches. */
export function judgeLosKernel(
  ctx: AttackContext,
  att: Side,
  def: Side,
  los: [Point, Point],
  range: [Point, Point],
): LosJudgement {
  if (!flatKernel.on) return judgeLos(ctx, att, def, los, range);
  const [a, b] = range;
  return judgeLosFlat(ctx, att, def, los[0], los[1], a.x, a.y, b.x, b.y);
}

/**
 * judgeLosKernel with the range line as numbers (ra, rb): the table's rows keep it so, and a
 * call that is not inlined would box points made for it.
 */
export function judgeLosFlat(
  ctx: AttackContext,
  att: Side,
  def: Side,
  from: Point,
  to: Point,
  rax: number,
  ray: number,
  rbx: number,
  rby: number,
): LosJudgement {
  const K = flatKernel.on ? kernelOf(ctx) : null;
  // off, a huge ship (two bases, a gap with its readings) or a non-convex outline: today's code
  if (!K || !K.reach) return judgeLos(ctx, att, def, [from, to], [pt(rax, ray), pt(rbx, rby)]);
  const f = findings;
  f.pieces = f.obstructedBy = f.grazing = f.blockedBy = f.dustBy = null;
  f.flips = null;
  if (def.kind === 'zone') {
    lines[0] = from.x;
    lines[1] = from.y;
    lines[2] = to.x;
    lines[3] = to.y;
    lines[4] = rax;
    lines[5] = ray;
    lines[6] = rbx;
    lines[7] = rby;
    blockingZonesFlat(f, ctx, K, def);
  }
  thirdPiecesFlat(f, ctx, K, att, def, from, to);
  return verdictOf(f);
}

/** the two lines blockingZonesFlat tests: line of sight (x0, y0, x1, y1), then range line */
const lines = new Float64Array(8);

/** los.ts blockingZones on the flat zones: the defender's other hull zones either line passes through. */
function blockingZonesFlat(f: LosFindings, ctx: AttackContext, K: LosKernel, def: Side & { kind: 'zone' }) {
  const zones = def.ship.shapes.zones;
  const first = def.index - zones.indexOf(def.zone);
  for (let zi = 0; zi < zones.length; zi++) {
    const z = zones[zi];
    if (z === def.zone) continue;
    for (let li = 0; li < 2; li++) {
      const ax = lines[4 * li],
        ay = lines[4 * li + 1],
        bx = lines[4 * li + 2],
        by = lines[4 * li + 3];
      if (flatSeparated(K.zones, first + zi, ax, ay, bx, by, TOLERANCE_MM)) continue;
      let code = flatMeetConvex(K.zones, first + zi, ax, ay, bx, by, TOLERANCE_MM, meet, false);
      let inside = meet[M_INSIDE],
        depth: Depth = NaN,
        clearance = meet[M_CLEARANCE];
      // a line ending on an edge this zone shares with the defending one: proved to make no entry
      if (code === MEET_UNDECIDED && flatOnlyAtEnd(K.zones, first + zi, ax, ay, bx, by)) continue;
      if (code === MEET_UNDECIDED) {
        // within a margin of the tolerance: meetLine's exact tests decide (they allocate)
        const c = meetLine(def.ship.shapes.hullZones[z], pt(ax, ay), pt(bx, by), TOLERANCE_MM);
        code = c.kind === 'cross' ? MEET_CROSS : c.kind === 'clear' ? MEET_CLEAR : MEET_GRAZE;
        inside = c.insideLength;
        depth = c.depth;
        clearance = c.clearance;
      }
      if (code === MEET_CLEAR) continue;
      const line = li === 0 ? 'los' : 'range';
      // the zone's side key is its id (`${ship.id}.${zone}`), made once per context, not per line
      const id = ctx.sides[first + zi].key;
      if (code === MEET_CROSS) {
        if (depth !== depth)
          depth = new ZoneDepth(K.zones, first + zi, meet[M_T0], meet[M_T1], ax, ay, bx, by);
        f.blockedBy = addOnce(f.blockedBy, id);
        f.pieces = append(f.pieces, crossEntry(id, 'hull zone', line, inside, depth));
      } else if (!onlyAtEnd(def.ship.shapes.hullZones[z], pt(ax, ay), pt(bx, by))) {
        f.grazing = addOnce(f.grazing, id);
        f.pieces = append(f.pieces, clearanceEntry(id, 'hull zone', line, 'graze', clearance));
      }
    }
  }
}

/**
 * A crossed zone's depth (flatConvexDepth, convexDepth's figure), found when the explanation or
 * the JSON reads it: it decides no verdict.
 */
class ZoneDepth implements FoundWhenRead {
  found: number | undefined = undefined;
  constructor(
    readonly F: FlatEdges,
    readonly k: number,
    readonly t0: number,
    readonly t1: number,
    readonly px: number,
    readonly py: number,
    readonly qx: number,
    readonly qy: number,
  ) {}

  find(): number {
    return flatConvexDepth(this.F, this.k, this.t0, this.t1, this.px, this.py, this.qx, this.qy);
  }
}

/** a graze found by meetLine's exact tests */
const MEET_GRAZE = 1;
const NEAR_LIM = NEAR_MM + SLACK_MM;

/**
 * los.ts thirdPieceMeetings, obstacleEffects and thirdShips: the pieces whose grown box the line
 * passes through, obstacles first, then ships (the grid's slots ascend), measured on the line
 * from its lower-left end as the reference measures them, and kept for the reverse attack.
 */
function thirdPiecesFlat(
  f: LosFindings,
  ctx: AttackContext,
  K: LosKernel,
  att: Side,
  def: Side,
  from: Point,
  to: Point,
) {
  const flip = to.x < from.x || (to.x === from.x && to.y < from.y);
  const p = flip ? to : from,
    q = flip ? from : to;
  const key = pairKey(ctx, att, def);
  let at = K.keptAt[key],
    n: number;
  if (at >= 0) {
    // the reverse attack's line: measured once, read twice, then let go
    K.keptAt[key] = -1;
    n = K.keptN[key];
  } else {
    at = K.used;
    n = measureThird(ctx, K, att, def, p, q);
    if (att.index !== def.index) {
      K.keptAt[key] = at;
      K.keptN[key] = n;
      K.used += n;
    }
  }
  const obstacles = ctx.world.obstacles,
    ships = ctx.world.ships,
    no = obstacles.length;
  const kept = K.kept;
  third.p = p;
  third.q = q;
  // the 1.5 shield-dial rule (seed ruleset) reaches every obstacle a side's dial lies on, near the line or
  // not: then every obstacle in turn, as los.ts obstacleEffects goes (a row where the line passes near)
  const anyDials = ctx.world.ruleset === 'seed' && (dialOnAny(ctx, att) || dialOnAny(ctx, def));
  let r = at;
  if (anyDials) {
    for (let oi = 0; oi < no; oi++) {
      const row = r < at + n && kept[KEPT * r] === oi ? r++ : -1;
      const o = obstacles[oi];
      const dialsOn = dialOverlaps(ctx, att, o) || dialOverlaps(ctx, def, o);
      if (row < 0 && !dialsOn) continue;
      const dial = dialsOn ? dialMeeting(ctx, att, def, o, from, to) : null;
      obstacleEffect(f, ctx, att, def, o, row < 0 ? FAR : K.meetings[row]!, dial, third);
    }
  } else
    for (; r < at + n && kept[KEPT * r] < no; r++)
      obstacleEffect(f, ctx, att, def, obstacles[kept[KEPT * r]], K.meetings[r]!, null, third);
  for (; r < at + n; r++) {
    const s = ships[kept[KEPT * r] - no];
    const code = kept[KEPT * r + 1],
      clearance = kept[KEPT * r + 2];
    if (code === MEET_CROSS) {
      const depth = K.meetings[r]?.depth ?? kept[KEPT * r + 4];
      f.obstructedBy = append(f.obstructedBy, s.id);
      f.pieces = append(f.pieces, crossEntry(s.id, 'ship', 'los', kept[KEPT * r + 3], depth));
    } else if (code === MEET_GRAZE) {
      f.grazing = addOnce(f.grazing, s.id);
      f.pieces = append(f.pieces, clearanceEntry(s.id, 'ship', 'los', 'graze', clearance));
    } else {
      f.pieces = append(f.pieces, clearanceEntry(s.id, 'ship', 'los', 'near', clearance));
    }
  }
}

/**
 * The third pieces within NEAR_MM of p-q, written from row K.used of the kept table (one row per
 * piece: slot, meeting code, clearance, inside length, depth; an obstacle's meeting object, or a
 * lazy depth, beside it): returns how many.
 */
function measureThird(ctx: AttackContext, K: LosKernel, att: Side, def: Side, p: Point, q: Point): number {
  const obstacles = ctx.world.obstacles,
    ships = ctx.world.ships,
    no = obstacles.length;
  const attShip = shipOf(att),
    defShip = shipOf(def);
  const grid = thirdGrid(ctx);
  const count = grid.segmentCandidates(p, q),
    cand = grid.found;
  const px = p.x,
    py = p.y,
    qx = q.x,
    qy = q.y;
  let n = 0;
  for (let k = 0; k < count; k++) {
    const slot = cand[k];
    if (slot < no) {
      const S = obstacles[slot].outline;
      if (boxFar(S, p, q, NEAR_MM) || boxGap(S, p, q) > NEAR_MM) continue;
      // separatedBeyond on the obstacle's convex hull, its edge lengths worked out once
      if (flatSeparated(K.hulls, slot, px, py, qx, qy, NEAR_MM)) continue;
      // an obstacle's outline is not convex: today's meetLine (its inside stretches feed the lazy depth)
      const c = meetLine(S, p, q);
      if (c.kind === 'clear' && c.clearance > NEAR_MM) continue;
      keep(K, K.used + n++, slot, MEET_UNDECIDED, c.clearance, c.insideLength, NaN, c);
      continue;
    }
    const si = slot - no,
      s = ships[si];
    if (s === attShip || s === defShip) continue;
    const B = K.bases;
    if (flatBoxGapSq(B, si, px, py, qx, qy) > NEAR_LIM * NEAR_LIM) continue;
    if (Math.sqrt(flatBoxGapSq(B, si, px, py, qx, qy)) > NEAR_MM) continue;
    if (flatSeparated(B, si, px, py, qx, qy, NEAR_MM)) continue;
    const code = flatMeetConvex(B, si, px, py, qx, qy, NEAR_MM, meet);
    if (code !== MEET_UNDECIDED) {
      if (code === MEET_CLEAR && meet[M_CLEARANCE] > NEAR_MM) continue;
      keep(K, K.used + n++, slot, code, meet[M_CLEARANCE], meet[M_INSIDE], meet[M_DEPTH], null);
      continue;
    }
    // within a margin of the tolerance or of NEAR_MM: meetLine's exact tests decide
    const c = meetLine(s.shapes.base, p, q);
    if (c.kind === 'clear' && c.clearance > NEAR_MM) continue;
    const exact = c.kind === 'cross' ? MEET_CROSS : c.kind === 'clear' ? MEET_CLEAR : MEET_GRAZE;
    keep(K, K.used + n++, slot, exact, c.clearance, c.insideLength, NaN, c);
  }
  return n;
}

/** One row of the kept table (grown when full: rows live as long as the context). */
function keep(
  K: LosKernel,
  r: number,
  slot: number,
  code: number,
  clearance: number,
  inside: number,
  depth: number,
  m: LineMeeting | null,
) {
  if (KEPT * (r + 1) > K.kept.length) {
    const grown = new Float64Array(2 * K.kept.length);
    grown.set(K.kept);
    K.kept = grown;
  }
  const o = KEPT * r;
  K.kept[o] = slot;
  K.kept[o + 1] = code;
  K.kept[o + 2] = clearance;
  K.kept[o + 3] = inside;
  K.kept[o + 4] = depth;
  K.meetings[r] = m;
}

/** offsets in rangeOut beyond the closest points (C_DIST..C_BY): the arc figure (gap or depth) */
export const R_ARC = 5;
/** measureRangeFlat's answers: in arc deep, out of arc, a squadron's all-round arc, or not reached */
export const RANGE_DEEP = 1,
  RANGE_APART = 2,
  RANGE_ALL_ROUND = 3,
  RANGE_NOT_REACHED = 0;
/** measureRangeFlat's answer: the closest points, the range (C_DIST) and the arc figure */
export const rangeOut = new Float64Array(6);

/**
 * attacks.ts measureRange into rangeOut, where the kernel reaches: a squadron attacking (its
 * 360 degree arc: the closest points to the whole defender), and a hull zone attacking in the two
 * commonest cases, the defender deep inside the arc (the whole of it in arc) or proved apart from
 * it. RANGE_NOT_REACHED otherwise (a defender across an arc line, boundaries not proved apart):
 * measureRange answers.
 */
export function measureRangeFlat(att: Side, def: Side): number {
  if (!flatKernel.on) return RANGE_NOT_REACHED;
  if (att.kind === 'squadron') {
    const C = att.shape,
      S = def.shape;
    // closest(C, S): for a polygon, closest(S, C) with its two points swapped
    if (S.kind === 'circle') flatCirclesClosest(C.cx, C.cy, C.r, S.cx, S.cy, S.r, rangeOut);
    else {
      flatPolygonCircleClosest(S, C.cx, C.cy, C.r, S.locate(C.cx, C.cy), rangeOut);
      swapClosest(rangeOut);
    }
    return RANGE_ALL_ROUND;
  }
  return def.kind === 'zone' ? zoneToZone(att, def) : zoneToSquadron(att, def);
}

function swapClosest(o: Float64Array): void {
  const ax = o[C_AX],
    ay = o[C_AY];
  o[C_AX] = o[C_BX];
  o[C_AY] = o[C_BY];
  o[C_BX] = ax;
  o[C_BY] = ay;
}

/** measureRange for a hull zone attacking a hull zone, in its two commonest cases. */
function zoneToZone(att: Side & { kind: 'zone' }, def: Side & { kind: 'zone' }): number {
  const Z = att.shape,
    S = def.shape;
  const arc = att.ship.shapes.arcs[att.zone],
    A = arc.polygon;
  if (insideConvexBeyond(S, A, TOLERANCE_MM)) {
    // closest(Z, C) for the clipped part C, whose vertices are S's: boundaries proved apart
    if (!hullsApartBeyond(Z, S, 0)) return RANGE_NOT_REACHED;
    flatApartClosest(Z, S, rangeOut);
    rangeOut[R_ARC] = Math.max(0, arc.polygonDepth(S));
    return RANGE_DEEP;
  }
  // relate(S, A) proves them apart first, then measures the gap
  if (!hullsApartBeyond(S, A, TOLERANCE_MM) || !hullsApartBeyond(Z, S, 0)) return RANGE_NOT_REACHED;
  flatApartClosest(S, A, rangeOut);
  const gap = rangeOut[C_DIST];
  flatApartClosest(Z, S, rangeOut);
  rangeOut[R_ARC] = gap;
  return RANGE_APART;
}

/** measureRange for a hull zone attacking a squadron: its disc deep in the arc, or apart from it. */
function zoneToSquadron(att: Side & { kind: 'zone' }, def: Side & { kind: 'squadron' }): number {
  const Z = att.shape,
    D = def.shape;
  const arc = att.ship.shapes.arcs[att.zone],
    A = arc.polygon;
  if (D.r > TOLERANCE_MM && pointInsideConvexBeyond(D.cx, D.cy, A, 0)) {
    // closestToDiscInConvex: the whole disc's closest point, when it lies in the arc
    flatPolygonCircleClosest(Z, D.cx, D.cy, D.r, Z.locate(D.cx, D.cy), rangeOut);
    if (A.locate(rangeOut[C_BX], rangeOut[C_BY]) === 'outside') return RANGE_NOT_REACHED;
    rangeOut[R_ARC] = Math.max(0, arc.discDepth(D));
    return RANGE_DEEP;
  }
  // relate(D, A): apart when the centre is outside the arc and the disc more than the tolerance from it
  if (A.locate(D.cx, D.cy) !== 'outside') return RANGE_NOT_REACHED;
  const d = flatBoundaryDistance(A, D.cx, D.cy);
  const depth = D.r - d;
  if (depth > TOLERANCE_MM || depth >= -TOLERANCE_MM) return RANGE_NOT_REACHED;
  flatPolygonCircleClosest(Z, D.cx, D.cy, D.r, Z.locate(D.cx, D.cy), rangeOut);
  rangeOut[R_ARC] = d - D.r;
  return RANGE_APART;
}

/** The kernel's edges for a context, built as judging would build them (for the tests). */
export function kernelEdgesOf(ctx: AttackContext): Pick<LosKernel, 'reach' | 'zones' | 'bases' | 'hulls'> {
  const K = kernelOf(ctx);
  return { reach: K.reach, zones: K.zones, bases: K.bases, hulls: K.hulls };
}
