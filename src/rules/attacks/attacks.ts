import { closestToDiscInConvex, clippedPolygon, polygonSegmentClosest } from '../../geometry/clip';
import { type Point, pt } from '../../geometry/point';
import { closest, type Closest, relate } from '../../geometry/relate';
import { insideConvexBeyond, pointInsideConvexBeyond } from '../../geometry/separation';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import type { AttackReport, ClassEditUse, ReadingUse, XY } from '../../model/report';
import {
  type AttackContext,
  attackContext,
  type CoverOutline,
  defendersOf,
  player,
  type Side,
} from './context';
import { bandOf, edgeNote, type BandLookup } from '../bands';
import { CLEAR_LOS, type LineEntry, type LosJudgement, type PieceOnLine, sideName } from './los';
import {
  AttackTable,
  FLAG_ARC_DEPTH,
  FLAG_ARC_GAP,
  FLAG_GIVEN,
  FLAG_IN_ARC,
  FLAG_TOUCH_ONLY,
  lazyList,
  LOS_CODES,
  LOS_MASK,
  LOS_SHIFT,
  N_ARC,
  N_LOS_LINE,
  N_RANGE_LINE,
  N_RANGE_MM,
  NUMS,
  RANGE_MASK,
  RANGE_SHIFT,
  TO_CODES,
  TO_MASK,
  TO_SHIFT,
} from './table';
import type { Budget } from '../report/budget';
import { classEditWords } from './class-edits';
import type { World } from '../world';
import {
  judgeLosFlat,
  judgeLosKernel,
  measureRangeFlat,
  R_ARC,
  RANGE_ALL_ROUND,
  RANGE_DEEP,
  RANGE_NOT_REACHED,
  rangeOut,
} from './kernel';
import { C_AX, C_AY, C_BX, C_BY, C_DIST } from '../../geometry/flat-line';

/**
 * Attack questions (table-format.md `attacks`): firing arc, attack range, line of sight and
 * obstruction for every ordered pair of an attacker (a ship's hull zone or a squadron) and an
 * enemy defender (a hull zone or a squadron). attacksFrom answers one attacker, for the app to
 * call on every drag; per-world data is built once (attack-context.ts).
 */

export interface AttackOptions {
  /** which outline of a ship hides an obstacle under it; see attack-context.ts */
  cover?: CoverOutline;
  /** a deadline: attacks past it are left out, and counted in it */
  budget?: Budget;
}

/**
 * Every attack pair: attackers in table order (ships' zones front, left, right, rear, then
 * squadrons). Judged into a flat table (attack-table.ts); the report objects are built when read.
 */
export function attacks(world: World, opts: AttackOptions = {}): AttackReport[] {
  // a budget already spent: the attacks are counted, and the context (a second on a pile) not built
  if (opts.budget?.over()) {
    opts.budget.attacksAsked += attackCount(world);
    return [];
  }
  const ctx = attackContext(world, opts.cover);
  return attackList(judgeAll(ctx, opts.budget));
}

/** How many attack pairs a table asks for: every hull zone and squadron against every enemy one. */
export function attackCount(world: World): number {
  const sides = [0, 0, 0];
  for (const s of world.ships) sides[s.piece.player] += s.piece.size === 'huge' ? 6 : 4;
  for (const q of world.squadrons) sides[q.piece.player]++;
  return 2 * sides[1] * sides[2];
}

/** Every attack pair into a table (a budget may stop it early: the rows judged are kept). */
export function judgeAll(ctx: AttackContext, budget?: Budget): AttackTable {
  const sides = ctx.sides,
    ns = sides.length;
  // every ordered pair of sides of different players, in report order
  const players = new Int32Array(ns);
  for (let i = 0; i < ns; i++) players[i] = player(sides[i]);
  let total = 0;
  for (let i = 0; i < ns; i++) for (let d = 0; d < ns; d++) if (players[d] !== players[i]) total++;
  const T = new AttackTable(ctx, total);
  if (budget) budget.attacksAsked += total;
  let k = 0;
  stop: for (let i = 0; i < ns; i++) {
    const att = sides[i],
      pa = players[i];
    for (let d = 0; d < ns; d++) {
      if (players[d] === pa) continue;
      if (budget && (k & 31) === 0 && budget.over()) break stop;
      judgeAttackInto(ctx, att, sides[d], T, k++);
    }
  }
  T.n = k;
  if (budget) budget.attacksJudged += k;
  return T;
}

/** The report's list over a table: JudgedAttack objects built when read. */
export function attackList(T: AttackTable): AttackReport[] {
  return lazyList(T, (k) => attackView(T, k));
}

/**
 * The plain form of attacks(): one report object per pair, judged and built at once. The
 * reference the flat table is held to (test/rules/attacks/table.test.ts).
 */
export function attacksPlain(world: World, opts: AttackOptions = {}): AttackReport[] {
  const ctx = attackContext(world, opts.cover);
  const out: AttackReport[] = [];
  const budget = opts.budget;
  if (!budget) {
    for (const att of ctx.sides)
      for (const def of defendersOf(ctx, att)) out.push(judgeAttack(ctx, att, def));
    return out;
  }
  const lists = ctx.sides.map((att) => defendersOf(ctx, att));
  budget.attacksAsked += lists.reduce((n, l) => n + l.length, 0);
  stop: for (let i = 0; i < ctx.sides.length; i++) {
    for (const def of lists[i]) {
      if ((out.length & 31) === 0 && budget.over()) break stop;
      out.push(judgeAttack(ctx, ctx.sides[i], def));
    }
  }
  budget.attacksJudged += out.length;
  return out;
}

/** Every attack of one attacker: 'isd.front' for a hull zone, 'tie1' for a squadron. */
export function attacksFrom(world: World, attackerKey: string, opts: AttackOptions = {}): AttackReport[] {
  const ctx = attackContext(world, opts.cover);
  const att = ctx.byKey.get(attackerKey);
  if (!att)
    throw new Error(
      `attacksFrom: no attacker "${attackerKey}" (a ship's hull zone as "ship.zone", or a squadron id)`,
    );
  const defs = defendersOf(ctx, att);
  const budget = opts.budget;
  if (!budget) return defs.map((def) => judgeAttack(ctx, att, def));
  const out: AttackReport[] = [];
  for (const def of defs) {
    if ((out.length & 7) === 0 && budget.over()) break;
    out.push(judgeAttack(ctx, att, def));
  }
  budget.attacksAsked += defs.length;
  budget.attacksJudged += out.length;
  return out;
}

/** One attack: attacker and defender keys as in the report. */
export function attackBetween(
  world: World,
  attackerKey: string,
  defenderKey: string,
  opts: AttackOptions = {},
): AttackReport {
  const ctx = attackContext(world, opts.cover);
  const att = ctx.byKey.get(attackerKey),
    def = ctx.byKey.get(defenderKey);
  if (!att || !def) throw new Error(`attackBetween: unknown ${att ? 'defender' : 'attacker'}`);
  return judgeAttack(ctx, att, def);
}

interface RangeMeasure {
  inArc: boolean;
  /** gap between the defender and the arc (the region between the arc lines, extended) when outside it */
  arcGapMm: number;
  /** what the range was measured to */
  to:
    | 'in-arc part'
    | 'arc-line contact'
    | 'whole defender (outside the arc)'
    | 'whole defender (360 degree arc)';
  closest: Closest;
  /** the defender only touches the arc (within the tolerance): in arc by a hair */
  touchOnly: boolean;
  /**
   * How far the defender's deepest point lies inside the arc, from the nearer arc line (NaN when
   * not in arc or for a squadron attacker): exact, along edges as well as at corners
   * (ArcRegion.polygonDepth, discDepth). Used to warn when an in-arc verdict is near flipping.
   */
  arcDepthMm: number;
}

const DEEP_IN_ARC = { kind: 'overlap' as const, distance: 0, a: { x: NaN, y: NaN }, b: { x: NaN, y: NaN } };

function measureRange(att: Side, def: Side): RangeMeasure {
  if (att.kind === 'squadron') {
    return {
      inArc: true,
      arcGapMm: 0,
      to: 'whole defender (360 degree arc)',
      closest: closest(att.shape, def.shape),
      touchOnly: false,
      arcDepthMm: NaN,
    };
  }
  const Z = att.shape;
  const arc = att.ship.shapes.arcs[att.zone],
    A = arc.polygon;
  const S = def.shape;
  // A defender deep inside the arc (every vertex past every arc line by more than the
  // tolerance; a squadron wider than the tolerance with its centre inside) is what relate()
  // would call an overlap; the clipping below is unchanged.
  const deep =
    S.kind === 'polygon'
      ? insideConvexBeyond(S, A, TOLERANCE_MM)
      : S.r > TOLERANCE_MM && pointInsideConvexBeyond(S.cx, S.cy, A, 0);
  let rel: { kind: 'apart' | 'touch' | 'overlap'; distance: number; a: Point } = deep
    ? DEEP_IN_ARC
    : relate(S, A);
  if (rel.kind === 'apart') {
    return {
      inArc: false,
      arcGapMm: rel.distance,
      to: 'whole defender (outside the arc)',
      closest: closest(Z, S),
      touchOnly: false,
      arcDepthMm: NaN,
    };
  }
  const touchOnly = rel.kind === 'touch';
  if (S.kind === 'polygon') {
    const C = clippedPolygon(S, A);
    // the deepest point of the whole defender is in the arc: the clipping is not needed for it
    if (C)
      return {
        inArc: true,
        arcGapMm: 0,
        to: 'in-arc part',
        closest: closest(Z, C),
        touchOnly,
        arcDepthMm: Math.max(0, arc.polygonDepth(S)),
      };
  } else {
    const c = closestToDiscInConvex(Z, S, A);
    if (c)
      return {
        inArc: true,
        arcGapMm: 0,
        to: 'in-arc part',
        closest: c,
        touchOnly,
        arcDepthMm: Math.max(0, arc.discDepth(S)),
      };
  }
  // Only touching an arc line (within the tolerance): the contact point is the part in arc.
  if (rel === DEEP_IN_ARC) rel = relate(S, A); // not reached: a defender deep in the arc clips to itself
  return {
    inArc: true,
    arcGapMm: 0,
    to: 'arc-line contact',
    closest: polygonSegmentClosest(Z, rel.a, rel.a),
    touchOnly,
    arcDepthMm: 0,
  };
}

/** measureRange's answer, from the flat kernel's scratch where it reaches (measureRangeFlat). */
function measureRangeKernel(att: Side, def: Side): RangeMeasure {
  const flat = measureRangeFlat(att, def);
  if (flat === RANGE_NOT_REACHED) return measureRange(att, def);
  const q = rangeOut;
  const closest = { distance: q[C_DIST], a: pt(q[C_AX], q[C_AY]), b: pt(q[C_BX], q[C_BY]) };
  if (flat === RANGE_ALL_ROUND)
    return {
      inArc: true,
      arcGapMm: 0,
      to: TO_CODES[TO_ALL_ROUND],
      closest,
      touchOnly: false,
      arcDepthMm: NaN,
    };
  if (flat === RANGE_DEEP)
    return {
      inArc: true,
      arcGapMm: 0,
      to: TO_CODES[TO_IN_ARC_PART],
      closest,
      touchOnly: false,
      arcDepthMm: q[R_ARC],
    };
  return {
    inArc: false,
    arcGapMm: q[R_ARC],
    to: TO_CODES[TO_OUTSIDE],
    closest,
    touchOnly: false,
    arcDepthMm: NaN,
  };
}

const xy = (p: Point): XY => [p.x, p.y];

/** The point a line of sight is traced from or to, per the table's ruleset. */
function losEnd(ctx: AttackContext, side: Side, other: Side): Point {
  if (side.kind === 'zone') return side.ship.shapes.targetingPoints[side.zone];
  const c = side.shape;
  // the base's centre, one point per squadron (reports copy its figures, never the point)
  if (ctx.world.ruleset === '1.6') return (side.centre ??= { x: c.cx, y: c.cy });
  // seed (rules 1.5): the point of the squadron's base closest to the opposing hull zone or squadron
  return closest(c, other.shape).a;
}

/**
 * losEnd as report coordinates. A hull zone's targeting point is the same for every attack the
 * zone takes part in, so every report shares one array for it (reports are read, never changed).
 */
function losEndXY(side: Side, point: Point): XY {
  if (side.kind !== 'zone') return [point.x, point.y];
  return (side.endXY ??= [point.x, point.y]);
}

/** How the explanation names that point. */
function losEndSays(ctx: AttackContext, side: Side, other: Side): string {
  if (side.kind === 'zone') {
    return (
      `${shipSays(side)}'s ${side.zone} targeting ` +
      `point${side.ship.shapes.targetingEstimated ? ' (estimated: not measured for this class)' : ''}`
    );
  }
  if (ctx.world.ruleset === '1.6') return `the centre of ${says(side)}'s base`;
  return `the point of ${says(side)}'s base closest to ${says(other)}`;
}

/** How a sentence names a side: "Devastator (isd) front" when the piece has a name, else its key. */
function says(side: Side): string {
  if (side.kind === 'zone') return side.ship.piece.name ? `${shipSays(side)} ${side.zone}` : side.key;
  return side.squadron.piece.name ? `${side.squadron.piece.name} (${side.squadron.id})` : side.squadron.id;
}

function shipSays(side: Side & { kind: 'zone' }): string {
  return side.ship.piece.name ? `${side.ship.piece.name} (${side.ship.id})` : side.ship.id;
}

/** Where a range falls on the ruler: range bands for a ship attacker, distance 1 for a squadron. */
function rangeBand(ctx: AttackContext, att: Side, mm: number): BandLookup {
  const ruler = ctx.world.catalog.ruler;
  return att.kind === 'zone' ? bandOf(mm, ruler.range) : bandOf(mm, ruler.distance, TOLERANCE_MM, 1);
}

/** rangeBand(ctx, att, mm).index ?? 0 (0: beyond), without the lookup object: a row keeps the index alone. */
function rangeBandIndex(ctx: AttackContext, att: Side, mm: number): number {
  const ruler = ctx.world.catalog.ruler;
  const bands = att.kind === 'zone' ? ruler.range : ruler.distance;
  const n = att.kind === 'zone' ? bands.length : Math.min(1, bands.length);
  for (let i = 0; i < n; i++) if (mm <= bands[i].end + TOLERANCE_MM) return i + 1;
  return 0;
}

function judgeAttack(ctx: AttackContext, att: Side, def: Side): AttackReport {
  const m = measureRangeKernel(att, def);
  const mm = m.closest.distance;
  const band = rangeBand(ctx, att, mm);
  const range: AttackReport['range'] =
    band.index === null
      ? 'beyond'
      : att.kind === 'zone'
        ? (band.name as AttackReport['range'])
        : 'distance-1';
  const rangeLine: [Point, Point] = [m.closest.a, m.closest.b];
  // a squadron attacker's seed end is the closest point its range was measured from: the same call
  const from = att.kind === 'squadron' && ctx.world.ruleset !== '1.6' ? m.closest.a : losEnd(ctx, att, def);
  const to = losEnd(ctx, def, att);
  let j = judgeLosKernel(ctx, att, def, [from, to], rangeLine);
  if (j === CLEAR_LOS) j = { ...CLEAR_LOS, obstructedBy: [], grazing: [], pieces: [] };
  const report = new JudgedAttack(
    att.key,
    def.key,
    m.inArc,
    range,
    mm,
    [xy(rangeLine[0]), xy(rangeLine[1])],
    j.los,
    [losEndXY(att, from), losEndXY(def, to)],
    j.obstructedBy,
    j.grazing,
  );
  report.explainedBy(ctx, att, def, m.touchOnly);
  // optional additions
  report.rangeMeasuredTo = m.to;
  report.coverOutline = ctx.cover === 'base' ? 'plastic base' : 'cardboard token';
  report.lines = j.pieces;
  if (!m.inArc) report.arcGapMm = m.arcGapMm;
  else if (Number.isFinite(m.arcDepthMm)) report.arcDepthMm = m.arcDepthMm;
  if (j.blockedBy.length) report.blockedBy = j.blockedBy;
  if (j.dustBy.length) report.dustBy = j.dustBy;
  if (j.readings) report.readings = j.readings;
  const edit = classEditOf(ctx, att, def, report);
  if (edit) report.classEdit = edit;
  return report;
}

/**
 * An attack between ships (or a ship and a squadron) of a class the table corrects: the same pair
 * judged on the table's catalog twin (the catalog's own figures), and whether the verdict differs.
 * Undefined when neither side's class is corrected (nothing is judged twice then).
 */
function classEditOf(
  ctx: AttackContext,
  att: Side,
  def: Side,
  own: Pick<AttackReport, 'inArc' | 'range' | 'los'>,
): ClassEditUse | undefined {
  if (ctx.classEdited === false) return undefined;
  if (ctx.classEdited === undefined) {
    ctx.classEdited = Object.values(ctx.world.catalog.shipClasses).some((c) => c.edited);
    if (!ctx.classEdited) return undefined;
  }
  const classes: string[] = [],
    figures: string[] = [];
  for (const side of [att, def]) {
    if (side.kind !== 'zone') continue;
    const id = side.ship.piece.class;
    const spec =
      id !== undefined && Object.hasOwn(ctx.world.catalog.shipClasses, id)
        ? ctx.world.catalog.shipClasses[id]
        : undefined;
    if (!spec?.edited || classes.includes(id!)) continue;
    classes.push(id!);
    for (const f of spec.edited) figures.push(`${id}.${f}`);
  }
  if (!classes.length) return undefined;
  const twinWorld = ctx.world.catalogTwin();
  if (!twinWorld) return undefined;
  const twin = (ctx.twin ??= attackContext(twinWorld, ctx.cover));
  twin.classEdited = false; // the twin corrects nothing: never judged a third time
  const a = twin.byKey.get(att.key)!,
    d = twin.byKey.get(def.key)!;
  const r = judgeAttack(twin, a, d);
  const withCatalog = { inArc: r.inArc, range: r.range, rangeMm: r.rangeMm, los: r.los };
  // a verdict a player acts on: in arc or not, the band, the line of sight
  const changes = r.inArc !== own.inArc || r.range !== own.range || r.los !== own.los;
  return { classes, figures, withCatalog, changes };
}

/**
 * judgeAttack into row k of a table: the same measures and the same verdicts, kept as numbers and
 * codes (nothing built for the report; the line's details only when it meets or passes near a
 * piece). attackView builds from the row the object judgeAttack returns.
 */
export function judgeAttackInto(ctx: AttackContext, att: Side, def: Side, T: AttackTable, k: number): void {
  const o = NUMS * k,
    nums = T.nums;
  let flags = rangeInto(att, def, nums, o);
  const mm = nums[o + N_RANGE_MM];
  const band = rangeBandIndex(ctx, att, mm);
  // a squadron attacker's seed end is the closest point its range was measured from
  const from =
    att.kind === 'squadron' && ctx.world.ruleset !== '1.6'
      ? { x: nums[o + N_RANGE_LINE], y: nums[o + N_RANGE_LINE + 1] }
      : losEnd(ctx, att, def);
  const to = losEnd(ctx, def, att);
  const r = o + N_RANGE_LINE;
  const j = judgeLosFlat(ctx, att, def, from, to, nums[r], nums[r + 1], nums[r + 2], nums[r + 3]);
  T.att[k] = att.index;
  T.def[k] = def.index;
  flags |= (band << RANGE_SHIFT) | (LOS_CODES.indexOf(j.los) << LOS_SHIFT);
  nums[o + N_LOS_LINE] = from.x;
  nums[o + N_LOS_LINE + 1] = from.y;
  nums[o + N_LOS_LINE + 2] = to.x;
  nums[o + N_LOS_LINE + 3] = to.y;
  T.flags[k] = flags;
  T.los[k] = j === CLEAR_LOS ? undefined : j;
  T.built[k] = undefined;
}

/**
 * The range and arc of an attack into a row (rangeMm, the arc figure, the range line): the flat
 * kernel's where it reaches (measureRangeFlat), else measureRange's. Returns the row's arc and
 * range flags (in arc, touch only, which arc figure, what the range was measured to).
 */
function rangeInto(att: Side, def: Side, nums: Float64Array, o: number): number {
  const flat = measureRangeFlat(att, def);
  if (flat !== RANGE_NOT_REACHED) {
    const q = rangeOut;
    nums[o + N_RANGE_MM] = q[C_DIST];
    if (flat !== RANGE_ALL_ROUND) nums[o + N_ARC] = q[R_ARC];
    nums[o + N_RANGE_LINE] = q[C_AX];
    nums[o + N_RANGE_LINE + 1] = q[C_AY];
    nums[o + N_RANGE_LINE + 2] = q[C_BX];
    nums[o + N_RANGE_LINE + 3] = q[C_BY];
    if (flat === RANGE_ALL_ROUND) return FLAG_IN_ARC | (TO_ALL_ROUND << TO_SHIFT);
    return flat === RANGE_DEEP
      ? FLAG_IN_ARC | FLAG_ARC_DEPTH | (TO_IN_ARC_PART << TO_SHIFT)
      : FLAG_ARC_GAP | (TO_OUTSIDE << TO_SHIFT);
  }
  const m = measureRange(att, def);
  const c = m.closest;
  let flags = TO_CODES.indexOf(m.to) << TO_SHIFT;
  if (m.inArc) flags |= FLAG_IN_ARC;
  if (m.touchOnly) flags |= FLAG_TOUCH_ONLY;
  nums[o + N_RANGE_MM] = c.distance;
  if (!m.inArc) {
    flags |= FLAG_ARC_GAP;
    nums[o + N_ARC] = m.arcGapMm;
  } else if (Number.isFinite(m.arcDepthMm)) {
    flags |= FLAG_ARC_DEPTH;
    nums[o + N_ARC] = m.arcDepthMm;
  }
  nums[o + N_RANGE_LINE] = c.a.x;
  nums[o + N_RANGE_LINE + 1] = c.a.y;
  nums[o + N_RANGE_LINE + 2] = c.b.x;
  nums[o + N_RANGE_LINE + 3] = c.b.y;
  return flags;
}

const TO_IN_ARC_PART = TO_CODES.indexOf('in-arc part'),
  TO_OUTSIDE = TO_CODES.indexOf('whole defender (outside the arc)'),
  TO_ALL_ROUND = TO_CODES.indexOf('whole defender (360 degree arc)');

/**
 * Row k judged again for its line of sight alone, its range and line ends kept: for an attack
 * between two pieces that did not move, which a moved third piece can change only through its
 * line (analyzeIncremental). The row must have been judged (not given as an object). The same
 * judgeLos on the same numbers as judgeAttackInto, so the same row as judging it in full.
 */
export function judgeLosInto(ctx: AttackContext, att: Side, def: Side, T: AttackTable, k: number): void {
  const o = NUMS * k,
    nums = T.nums;
  const from = { x: nums[o + N_LOS_LINE], y: nums[o + N_LOS_LINE + 1] },
    to = { x: nums[o + N_LOS_LINE + 2], y: nums[o + N_LOS_LINE + 3] };
  const r = o + N_RANGE_LINE;
  const j = judgeLosFlat(ctx, att, def, from, to, nums[r], nums[r + 1], nums[r + 2], nums[r + 3]);
  T.flags[k] = (T.flags[k] & ~(LOS_MASK << LOS_SHIFT)) | (LOS_CODES.indexOf(j.los) << LOS_SHIFT);
  T.los[k] = j === CLEAR_LOS ? undefined : j;
  T.built[k] = undefined;
}

/** The report object of row k: what judgeAttack returns for the pair (a given row: the object given). */
export function attackView(T: AttackTable, k: number): AttackReport {
  const flags = T.flags[k];
  if (flags & FLAG_GIVEN) return T.built[k]!;
  const ctx = T.ctx,
    att = ctx.sides[T.att[k]],
    def = ctx.sides[T.def[k]];
  const o = NUMS * k,
    nums = T.nums;
  const bandIndex = (flags >> RANGE_SHIFT) & RANGE_MASK;
  const range: AttackReport['range'] =
    bandIndex === 0
      ? 'beyond'
      : att.kind === 'zone'
        ? (ctx.world.catalog.ruler.range[bandIndex - 1].name as AttackReport['range'])
        : 'distance-1';
  const j = T.los[k];
  const inArc = (flags & FLAG_IN_ARC) !== 0;
  const rangeLine: [XY, XY] = [
    [nums[o + N_RANGE_LINE], nums[o + N_RANGE_LINE + 1]],
    [nums[o + N_RANGE_LINE + 2], nums[o + N_RANGE_LINE + 3]],
  ];
  const losLine: [XY, XY] = [
    losEndXY(att, { x: nums[o + N_LOS_LINE], y: nums[o + N_LOS_LINE + 1] }),
    losEndXY(def, { x: nums[o + N_LOS_LINE + 2], y: nums[o + N_LOS_LINE + 3] }),
  ];
  const report = new JudgedAttack(
    att.key,
    def.key,
    inArc,
    range,
    nums[o + N_RANGE_MM],
    rangeLine,
    LOS_CODES[(flags >> LOS_SHIFT) & LOS_MASK],
    losLine,
    j ? j.obstructedBy : [],
    j ? j.grazing : [],
  );
  report.explainedBy(ctx, att, def, (flags & FLAG_TOUCH_ONLY) !== 0);
  report.rangeMeasuredTo = TO_CODES[(flags >> TO_SHIFT) & TO_MASK];
  report.coverOutline = ctx.cover === 'base' ? 'plastic base' : 'cardboard token';
  report.lines = j ? j.pieces : [];
  if (flags & FLAG_ARC_GAP) report.arcGapMm = nums[o + N_ARC];
  else if (flags & FLAG_ARC_DEPTH) report.arcDepthMm = nums[o + N_ARC];
  if (j) {
    if (j.blockedBy.length) report.blockedBy = j.blockedBy;
    if (j.dustBy.length) report.dustBy = j.dustBy;
    if (j.readings) report.readings = j.readings;
  }
  const edit = classEditOf(ctx, att, def, report);
  if (edit) report.classEdit = edit;
  return report;
}

/**
 * One attack's verdicts. The explanation (`why`) feeds no verdict and most reports are never read
 * sentence by sentence, so it is written when first read, from the report's own fields and the
 * two sides; JSON.stringify (toJSON) and plainReport give it in its place in the format. A class
 * rather than literals with a defined accessor: every report shares one shape, and it keeps
 * nothing of the measuring alive but what it reports.
 */
export class JudgedAttack implements AttackReport {
  [extra: string]: unknown;
  rangeMeasuredTo: RangeMeasure['to'] | undefined = undefined;
  coverOutline: 'plastic base' | 'cardboard token' | undefined = undefined;
  lines: LineEntry[] | undefined = undefined;
  arcGapMm: number | undefined = undefined;
  arcDepthMm: number | undefined = undefined;
  blockedBy: string[] | undefined = undefined;
  dustBy: string[] | undefined = undefined;
  /** readings that decided the verdict (ReadingUse in report.ts), only when some did */
  readings: ReadingUse[] | undefined = undefined;
  /** the attack rests on a class the table corrects: what the catalog's figures give (ClassEditUse) */
  classEdit: ClassEditUse | undefined = undefined;
  #why: string | undefined = undefined;
  #ctx: AttackContext | undefined = undefined;
  #att: Side | undefined = undefined;
  #def: Side | undefined = undefined;
  #touchOnly = false;

  constructor(
    public attacker: string,
    public defender: string,
    public inArc: boolean,
    public range: AttackReport['range'],
    public rangeMm: number,
    public rangeLine: [XY, XY],
    public los: AttackReport['los'],
    public losLine: [XY, XY],
    public obstructedBy: string[],
    public grazing: string[],
  ) {}

  /** What the explanation needs beyond the report: the two sides, and whether the defender only touches the arc. */
  explainedBy(ctx: AttackContext, att: Side, def: Side, touchOnly: boolean): void {
    this.#ctx = ctx;
    this.#att = att;
    this.#def = def;
    this.#touchOnly = touchOnly;
    this.#why = undefined;
  }

  get why(): string {
    if (this.#why === undefined) {
      const ctx = this.#ctx,
        att = this.#att,
        def = this.#def;
      this.#why = ctx && att && def ? whyOf(this, ctx, att, def, this.#touchOnly) : '';
      this.#ctx = this.#att = this.#def = undefined;
    }
    return this.#why;
  }

  set why(v: string) {
    this.#why = v;
    this.#ctx = this.#att = this.#def = undefined;
  }

  /** The report entry as the format has it: the required fields in order, then the additions that apply. */
  toJSON(): AttackReport {
    const o: AttackReport = {
      attacker: this.attacker,
      defender: this.defender,
      inArc: this.inArc,
      range: this.range,
      rangeMm: this.rangeMm,
      rangeLine: this.rangeLine,
      los: this.los,
      losLine: this.losLine,
      obstructedBy: this.obstructedBy,
      grazing: this.grazing,
      why: this.why,
    };
    if (this.rangeMeasuredTo !== undefined) o.rangeMeasuredTo = this.rangeMeasuredTo;
    if (this.coverOutline !== undefined) o.coverOutline = this.coverOutline;
    if (this.lines !== undefined) o.lines = this.lines;
    if (this.arcGapMm !== undefined) o.arcGapMm = this.arcGapMm;
    if (this.arcDepthMm !== undefined) o.arcDepthMm = this.arcDepthMm;
    if (this.blockedBy !== undefined) o.blockedBy = this.blockedBy;
    if (this.dustBy !== undefined) o.dustBy = this.dustBy;
    if (this.readings !== undefined) o.readings = this.readings;
    if (this.classEdit !== undefined) o.classEdit = this.classEdit;
    for (const k of Object.keys(this)) if (!(k in o) && this[k] !== undefined) o[k] = this[k];
    return o;
  }
}

function whyOf(r: JudgedAttack, ctx: AttackContext, att: Side, def: Side, touchOnly: boolean): string {
  const j: LosJudgement = {
    los: r.los,
    obstructedBy: r.obstructedBy,
    grazing: r.grazing,
    blockedBy: r.blockedBy ?? [],
    dustBy: r.dustBy ?? [],
    pieces: r.lines ?? [],
  };
  const to = r.rangeMeasuredTo ?? 'whole defender (outside the arc)';
  const readings = r.readings
    ? ` ${r.readings.map((u) => `Depends on a reading: ${u.says}; otherwise ${u.otherwise}.`).join(' ')}`
    : '';
  const arc = arcSentence(att, def, r, touchOnly);
  const range = rangeSentence(att, r.range, r.rangeMm, rangeBand(ctx, att, r.rangeMm), to);
  const cover = ctx.cover === 'base' ? 'plastic base' : 'cardboard token';
  const sight = losSentence(j, losEndSays(ctx, att, def), losEndSays(ctx, def, att), att, cover);
  const className = (id: string) => ctx.world.catalog.shipClasses[id]?.name ?? id;
  const edit = r.classEdit ? ` ${classEditWords(r.classEdit, className)}` : '';
  return `${arc} ${range} ${sight}${readings}${edit}`;
}

const f2 = (n: number) => n.toFixed(2);
/** an in-arc defender reaching less than this past an arc line gets a warning in the why */
const ARC_NOTE_MM = 2;

function arcSentence(
  att: Side,
  def: Side,
  m: { inArc: boolean; arcGapMm?: number; arcDepthMm?: number },
  touchOnly: boolean,
): string {
  const d = says(def),
    a = says(att);
  if (att.kind === 'squadron') return `${d} is in ${a}'s 360 degree arc;`;
  if (!m.inArc)
    return `${d} lies outside ${a}'s firing arc (${f2(m.arcGapMm ?? NaN)} mm from its arc lines, extended);`;
  if (touchOnly)
    return `${d} only touches ${a}'s arc line, which counts as in arc (a hair away from out of arc);`;
  if (m.arcDepthMm !== undefined && m.arcDepthMm <= ARC_NOTE_MM)
    return `${d} is inside ${a}'s firing arc, but only ${f2(m.arcDepthMm)} mm past an arc line;`;
  return `${d} is inside ${a}'s firing arc;`;
}

function rangeSentence(
  att: Side,
  range: string,
  mm: number,
  band: BandLookup,
  to: RangeMeasure['to'],
): string {
  const what =
    to === 'in-arc part'
      ? 'the part of the defender inside the arc'
      : to === 'arc-line contact'
        ? 'where it touches the arc line'
        : to === 'whole defender (360 degree arc)'
          ? 'the defender'
          : 'the whole defender, as it is outside the arc';
  const from = att.kind === 'zone' ? 'the attacking hull zone' : 'the squadron base';
  const r =
    range === 'beyond'
      ? att.kind === 'zone'
        ? 'beyond long range'
        : 'beyond distance 1'
      : range === 'distance-1'
        ? 'at distance 1'
        : `at ${range} range`;
  return `${r}: ${f2(mm)} mm from ${from} to ${what}${edgeNote(band)}.`;
}

function describeCross(p: PieceOnLine, coverName: string): string {
  const how = p.dialRule
    ? ` (${p.dialRule})`
    : p.insideMm !== undefined
      ? ` for ${f2(p.insideMm)} mm, ${f2(p.depthMm ?? 0)} mm deep`
      : '';
  const vis =
    p.coveredBy && !p.dialRule ? ` where ${p.coveredBy.join(' and ')}'s ${coverName} does not cover it` : '';
  const third = p.thirdShipsIgnored
    ? ` (${p.thirdShipsIgnored.join(' and ')} lies on it, but a third ship covering a dust field does not help)`
    : '';
  return `${p.piece}${how}${vis}${third}`;
}

// Module-level helpers of losSentence, not closures: tsx names every closure it creates.
function crossesOf(los: PieceOnLine[], ids: string[], coverName: string): string {
  return los
    .filter((p) => p.verdict === 'cross' && ids.includes(p.piece))
    .map((p) => describeCross(p, coverName))
    .join('; ');
}

function whichLines(grazed: PieceOnLine[], id: string): string {
  const ls = grazed.filter((p) => p.piece === id).map((p) => p.line);
  return ls.includes('los') && ls.includes('range')
    ? ' (line of sight and range line)'
    : ls.includes('range')
      ? ' (range line)'
      : '';
}

const VERDICT_RANK = { clear: 0, obstructed: 1, dust: 2, blocked: 3 } as const;

function wouldBe(p: PieceOnLine, att: Side): number {
  return p.role === 'hull zone' ? 3 : p.role === 'dust' && att.kind === 'zone' ? 2 : 1;
}

const coveredWords = (p: PieceOnLine, cover: string) =>
  `${p.piece} only where ${p.coveredBy?.join(' and ')}'s ${cover} covers it`;

function losSentence(j: LosJudgement, from: string, to: string, att: Side, coverName: string): string {
  const head = `The line of sight from ${from} to ${to}`;
  const los = j.pieces.filter((p) => p.line === 'los');
  let s: string;
  if (j.los === 'blocked') {
    const b = j.pieces.filter((p) => p.role === 'hull zone' && p.verdict === 'cross');
    const parts = j.blockedBy.map(
      (id) =>
        `${id} (${b
          .filter((p) => p.piece === id)
          .map((p) => `${p.line === 'los' ? 'line of sight' : 'range line'} ${f2(p.depthMm ?? 0)} mm deep`)
          .join(', ')})`,
    );
    const viaLos = b.some((p) => p.line === 'los'),
      viaRange = b.some((p) => p.line === 'range');
    const subject =
      viaLos && viaRange
        ? `${head} and the range line pass`
        : viaLos
          ? `${head} passes`
          : 'The range line passes';
    s = `${subject} through ${parts.join(' and ')}, another hull zone of the defender: blocked, choose another target.`;
  } else if (j.los === 'dust') {
    s =
      `${head} crosses the dust field ${crossesOf(los, j.dustBy, coverName)}: ${sideAttacker(att)} cannot make ` +
      `this attack (dust).`;
  } else if (j.los === 'obstructed') {
    const squadronOverDust =
      att.kind === 'squadron' &&
      j.obstructedBy.some((id) => los.some((p) => p.piece === id && p.role === 'dust'));
    s =
      `${head} crosses ${crossesOf(los, j.obstructedBy, coverName)}: ` +
      `obstructed${squadronOverDust ? ' (a squadron attacking across dust is obstructed)' : ''}.`;
  } else {
    s = `${head} is clear.`;
  }
  const notes: string[] = [];
  const covered = los.filter((p) => p.verdict === 'covered');
  if (covered.length)
    notes.push(
      `it crosses ${covered.map((p) => coveredWords(p, coverName)).join(', ')} ` +
        `(visible-portion exception; the rules leave open what covers, and we take the ${coverName})`,
    );
  const grazed = j.pieces.filter((p) => p.verdict === 'graze' && j.grazing.includes(p.piece));
  if (grazed.length) {
    const ids = grazed.map((p) => p.piece).filter((v, i, a) => a.indexOf(v) === i);
    // a touch matters when crossing that piece instead would change the verdict
    const flips = grazed.some((p) => wouldBe(p, att) > VERDICT_RANK[j.los]);
    notes.push(
      `it only touches ${ids.map((id) => id + whichLines(grazed, id)).join(', ')}${
        flips
          ? ', so the verdict hangs ' + 'on a hair'
          : ' (a hair from crossing, which would not change the verdict)'
      }`,
    );
  }
  const near = los.filter((p) => p.verdict === 'near');
  if (near.length)
    notes.push(`misses ${near.map((p) => `${p.piece} by ${f2(p.clearanceMm ?? 0)} mm`).join(', ')}`);
  if (j.los === 'dust' && j.obstructedBy.length)
    notes.push(`it is also obstructed by ${j.obstructedBy.join(', ')}`);
  return notes.length ? `${s.slice(0, -1)}; ${notes.join('; ')}.` : s;
}

function sideAttacker(att: Side): string {
  return sideName(att);
}
