import { hypot } from '../../geometry/hypot';
import type { Point } from '../../geometry/point';
import type { Shape } from '../../geometry/circle';
import type { Polygon } from '../../geometry/polygon';
import { BoxGrid } from '../../geometry/box-grid';
import { crossing, type Crossing, segmentShapeDistance } from '../../geometry/relate';
import { SLACK_MM } from '../../geometry/separation';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import {
  boxFar,
  boxGap,
  convexClearOf,
  type Depth,
  depthOf,
  type LineMeeting,
  meetLine,
  NEAR_MM,
  NO_DEPTH,
  segmentBoxGapSq,
  separatedBeyond,
  type VisibleMeeting,
} from '../../geometry/line-meet';
import { visibleMeetingFlat } from '../../geometry/visible-flat';
import type { LosVerdict, ReadingUse } from '../../model/report';
import {
  type AttackContext,
  attackContext,
  type ThirdPieceMeetings,
  anyOverlaps,
  type CoverOutline,
  coverShapes,
  type HugeGap,
  type LosReadings,
  lineMeetingsOf,
  pairKey,
  pieceId,
  type Side,
} from './context';
import type { ObstacleEntry, ShipEntry } from '../world';

export { NEAR_MM };

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
  /**
   * with dialRule: how the line itself meets the piece, `verdict` being the dial rule's: 'near' (it misses
   * the piece by clearanceMm), 'graze', 'covered' (it crosses it only where coveredBy's cover hides it) or
   * 'clear' (farther than NEAR_MM from it)
   */
  lineMeets?: 'near' | 'graze' | 'covered' | 'clear';
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

/**
 * A third ship's plastic base against a line: a huge ship obstructs by its two bases, not by the
 * gap between them (readings.hugeGap 'open', the default: the gap is not plastic base, and hides
 * nothing either), so the line meets the base it meets most (a cross before a graze, the longer
 * stretch inside; otherwise the nearer). With 'covered' the token over the gap counts as base: the
 * whole base, gap included, as it hides what lies under it.
 */
function meetBases(s: ShipEntry, p: Point, q: Point, gap: HugeGap): LineMeeting {
  const bs = s.shapes.bases;
  if (bs.length < 2 || gap === 'covered') return meetLine(s.shapes.base, p, q);
  const rank = { clear: 0, graze: 1, cross: 2 } as const;
  let best = meetLine(bs[0], p, q);
  for (let i = 1; i < bs.length; i++) {
    const m = meetLine(bs[i], p, q);
    const d = rank[m.kind] - rank[best.kind];
    if (
      d > 0 ||
      (d === 0 && (m.kind === 'cross' ? m.insideLength > best.insideLength : m.clearance < best.clearance))
    )
      best = m;
  }
  return best;
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
  lineMeets: PieceOnLine['lineMeets'] = undefined;
  thirdShipsIgnored: string[] | undefined = undefined;
  #depth: Depth | undefined = undefined;

  constructor(
    public piece: string,
    public role: PieceRole,
    public line: 'los' | 'range',
    public verdict: PieceVerdict,
  ) {}

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
    if (this.lineMeets !== undefined) o.lineMeets = this.lineMeets;
    if (this.thirdShipsIgnored !== undefined) o.thirdShipsIgnored = this.thirdShipsIgnored;
    return o;
  }
}

export function crossEntry(
  piece: string,
  role: PieceRole,
  line: 'los' | 'range',
  insideMm: number,
  depth: Depth,
): LineEntry {
  const e = new LineEntry(piece, role, line, 'cross').withDepth(depth);
  e.insideMm = insideMm;
  return e;
}

export function clearanceEntry(
  piece: string,
  role: PieceRole,
  line: 'los' | 'range',
  verdict: 'graze' | 'near',
  clearanceMm: number,
): LineEntry {
  const e = new LineEntry(piece, role, line, verdict);
  e.clearanceMm = clearanceMm;
  return e;
}

/**
 * A line ending on the defending hull zone's boundary may end on a point it shares with the
 * neighbouring zone (an arc line, a corner): that touch is where the line must end, not a hair's
 * breadth from blocking. It counts as a graze only if the line, stopped short of its end, still
 * touches the zone.
 */
export function onlyAtEnd(zone: Shape, a: Point, b: Point): boolean {
  const len = hypot(b.x - a.x, b.y - a.y);
  const cut = 4 * TOLERANCE_MM;
  if (len <= cut) return true;
  const k = (len - cut) / len;
  const e = { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k };
  if (zone.kind === 'circle') return crossing(zone, a.x, a.y, e.x, e.y).kind === 'clear';
  // crossing(zone, a, e).kind === 'clear', without the inside stretches and depth it would also find
  if (segmentBoxGapSq(zone, a.x, a.y, e.x, e.y) > TOLERANCE_MM * TOLERANCE_MM) return true;
  return segmentShapeDistance(zone, a.x, a.y, e.x, e.y) > TOLERANCE_MM;
}

/**
 * list with v added; a new list starts as [v]. (An empty literal that is then pushed to reserves
 * room for 17 entries, and these lists live as long as the report.)
 */
export function append<T>(list: T[] | null, v: T): T[] {
  if (!list) return [v];
  list.push(v);
  return list;
}

export function addOnce(list: string[] | null, id: string): string[] {
  if (!list) return [id];
  if (!list.includes(id)) list.push(id);
  return list;
}

export function shipOf(s: Side): ShipEntry | null {
  return s.kind === 'zone' ? s.ship : null;
}

/** A piece farther than NEAR_MM from the line: clear, and not near enough to mention. */
export const FAR: LineMeeting = { kind: 'clear', clearance: Infinity, insideLength: 0, depth: NO_DEPTH };

/** The third pieces' grid (obstacles, then ships, by slot), built once per context. */
export function thirdGrid(ctx: AttackContext): BoxGrid {
  if (ctx.thirdGrid) return ctx.thirdGrid;
  const { obstacles, ships } = ctx.world;
  const boxes = new Float64Array(4 * (obstacles.length + ships.length));
  const g = NEAR_MM + SLACK_MM;
  const file = (i: number, S: Polygon) => {
    boxes[4 * i] = S.minX - g;
    boxes[4 * i + 1] = S.minY - g;
    boxes[4 * i + 2] = S.maxX + g;
    boxes[4 * i + 3] = S.maxY + g;
  };
  obstacles.forEach((o, i) => file(i, o.outline));
  ships.forEach((s, i) => file(obstacles.length + i, s.shapes.base));
  return (ctx.thirdGrid = new BoxGrid(boxes, GRID_CELL_MM));
}

/** Grid cell side: about a piece's size, so a line visits few cells and each holds few pieces. */
const GRID_CELL_MM = 60;

function thirdPieceMeetings(
  ctx: AttackContext,
  att: Side,
  def: Side,
  from: Point,
  to: Point,
): ThirdPieceMeetings {
  const key = pairKey(ctx, att, def);
  const kept = ctx.lineMeetings?.[key];
  if (kept) {
    // the reverse attack's line: used twice, then let go
    ctx.lineMeetings![key] = undefined;
    return kept;
  }
  const flip = to.x < from.x || (to.x === from.x && to.y < from.y);
  const p = flip ? to : from,
    q = flip ? from : to;
  const slots: number[] = [],
    meetings: LineMeeting[] = [];
  const obstacles = ctx.world.obstacles,
    ships = ctx.world.ships;
  const attShip = shipOf(att),
    defShip = shipOf(def);
  const gap = ctx.readings.hugeGap;
  // only the pieces whose grown box the line passes through can be within NEAR_MM of it
  const grid = thirdGrid(ctx);
  const count = grid.segmentCandidates(p, q),
    cand = grid.found;
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
    const ship = slot < obstacles.length ? null : ships[slot - obstacles.length];
    const c = ship ? meetBases(ship, p, q, gap) : meetLine(S, p, q);
    // a huge ship's gap crossed (its bases missed) is kept: the other readings.hugeGap would obstruct
    const gapOnly = () => !!ship && gap === 'open' && ship.shapes.bases.length > 1 && gapCrossed(S, p, q);
    if (c.kind === 'clear' && c.clearance > NEAR_MM && !gapOnly()) continue;
    slots.push(slot);
    meetings.push(c);
  }
  const m = { p, q, slots, meetings };
  if (att.index !== def.index) lineMeetingsOf(ctx)[key] = m;
  return m;
}

/**
 * What one line of sight has met so far, filled by the rule's steps in judgeLos and read by its
 * verdict. Lists are made when first needed: most lines cross little, and this runs for every pair.
 */
export class LosFindings {
  pieces: LineEntry[] | null = null;
  obstructedBy: string[] | null = null;
  grazing: string[] | null = null;
  blockedBy: string[] | null = null;
  dustBy: string[] | null = null;
  /** readings that may decide this verdict: each with what the other choice would make of its obstacle */
  flips: Flip[] | null = null;
}

/**
 * Line of sight between attacker and defender, as rules 1.5 and the seed's obstacle rules take it:
 * `los` is the traced line, `range` the line measuring attack range.
 */
export function judgeLos(
  ctx: AttackContext,
  att: Side,
  def: Side,
  los: [Point, Point],
  range: [Point, Point],
): LosJudgement {
  const f = new LosFindings();
  // 1. Blocked: a line through another hull zone of the defender.
  if (def.kind === 'zone') blockingZones(f, def, los, range);
  // Obstacles, then third ships: measured once for the line (and its reverse attack).
  const third = thirdPieceMeetings(ctx, att, def, los[0], los[1]);
  // 2. Obstacles: obstruction, dust, the 1.5 shield-dial rule, and what other readings would make of them.
  const shipsFrom = obstacleEffects(f, ctx, att, def, los, third);
  // 3. Third ships: a plastic base the line crosses obstructs it.
  thirdShips(f, ctx, third, shipsFrom);
  // 4. The verdict by precedence: blocked, then dust, then obstructed, then clear.
  return verdictOf(f);
}

/**
 * The verdict's precedence: blocked, then dust (a ship may not attack across a dust field), then
 * obstructed, then clear. The one place a line-of-sight verdict is made from what the line met
 * (judgeLos; the exogorths' attacks and the readings' alternatives ask it too).
 */
export function losByPrecedence(blocked: false, dust: 0, obstructed: number): 'clear' | 'obstructed';
export function losByPrecedence(blocked: boolean, dust: number, obstructed: number): LosVerdict;
export function losByPrecedence(blocked: boolean, dust: number, obstructed: number): LosVerdict {
  return blocked ? 'blocked' : dust > 0 ? 'dust' : obstructed > 0 ? 'obstructed' : 'clear';
}

/**
 * Obstruction by a piece the line meets: rules 1.5, "if the line of sight ... passes through an
 * obstacle or a ship's plastic base, the attack is obstructed". A crossed piece obstructs unless
 * exempt (an obstacle an attacking exogorth touches); a grazed one only touches.
 */
export function obstructionOf(
  kind: Crossing['kind'],
  exempt = false,
): 'obstructs' | 'exempt' | 'touches' | 'none' {
  return kind === 'cross' ? (exempt ? 'exempt' : 'obstructs') : kind === 'graze' ? 'touches' : 'none';
}

/** Step 1: the defender's other hull zones that the line of sight or the range line passes through. */
function blockingZones(
  f: LosFindings,
  def: Side & { kind: 'zone' },
  los: [Point, Point],
  range: [Point, Point],
) {
  const zones = def.ship.shapes.zones;
  for (let zi = 0; zi < zones.length; zi++) {
    const z = zones[zi];
    if (z === def.zone) continue;
    const zone = def.ship.shapes.hullZones[z];
    for (let li = 0; li < 2; li++) {
      const line = li === 0 ? 'los' : 'range';
      const [a, b] = li === 0 ? los : range;
      // only a cross or a graze makes an entry: a line well clear of the zone needs no more
      if (separatedBeyond(zone, a, b, TOLERANCE_MM)) continue;
      const c = meetLine(zone, a, b, TOLERANCE_MM);
      if (c.kind === 'clear') continue;
      const id = `${def.ship.id}.${z}`;
      if (c.kind === 'cross') {
        f.blockedBy = addOnce(f.blockedBy, id);
        f.pieces = append(f.pieces, crossEntry(id, 'hull zone', line, c.insideLength, c.depth));
      } else if (!onlyAtEnd(zone, a, b)) {
        f.grazing = addOnce(f.grazing, id);
        f.pieces = append(f.pieces, clearanceEntry(id, 'hull zone', line, 'graze', c.clearance));
      }
    }
  }
}

/**
 * Step 2: every obstacle near the line (every obstacle, under the 1.5 dial rule, while a side's
 * dial lies on one). Returns the index in `third` where the third ships begin.
 */
function obstacleEffects(
  f: LosFindings,
  ctx: AttackContext,
  att: Side,
  def: Side,
  los: [Point, Point],
  third: ThirdPieceMeetings,
): number {
  let k = 0;
  const seedDials = ctx.world.ruleset === 'seed';
  const obstacles = ctx.world.obstacles;
  const slots = third.slots;
  // without a dial on an obstacle (the 1.5 dial rule), only the obstacles near the line matter
  const anyDials = seedDials && (dialOnAny(ctx, att) || dialOnAny(ctx, def));
  for (let oi = 0; oi < obstacles.length; oi++) {
    if (!anyDials) {
      if (k >= slots.length || slots[k] >= obstacles.length) break;
      oi = slots[k];
    }
    const o = obstacles[oi];
    const c = k < slots.length && slots[k] === oi ? third.meetings[k++] : FAR;
    // Rules 1.5 shield-dial rule (seed ruleset): a line through the attacking or defending hull
    // zone's shield dial while that dial overlaps an obstacle is obstructed (1.6 drops it). It
    // applies to a dust field too: the seed's dust caveat only adds that the attack cannot be made
    // where the line passes through the defending dial and the dust would otherwise be visible
    // (the visible portion settles that, since a dial never hides anything).
    const dialsOn = seedDials && (dialOverlaps(ctx, att, o) || dialOverlaps(ctx, def, o));
    if (c === FAR && !dialsOn) continue;
    const dial = dialsOn ? dialMeeting(ctx, att, def, o, los[0], los[1]) : null;
    obstacleEffect(f, ctx, att, def, o, c, dial, third);
  }
  return k;
}

/** Step 2 for one obstacle the line meets (or passes near, or reaches through a dial). */
export function obstacleEffect(
  f: LosFindings,
  ctx: AttackContext,
  att: Side,
  def: Side,
  o: ObstacleEntry,
  c: LineMeeting,
  dial: DialMeeting | null,
  third: ThirdPieceMeetings,
) {
  const isDust = o.obstacleKind === 'dust';
  const role: PieceRole = isDust ? 'dust' : 'obstacle';
  // a ship may not attack across a dust field; a squadron's attack across one is obstructed
  const forbids = isDust && att.kind === 'zone';
  const R = ctx.readings;
  let visible: PieceVerdict | null = null;
  let entry: LineEntry | null = null;
  if (c.kind === 'clear') {
    if (c.clearance <= NEAR_MM) entry = clearanceEntry(o.id, role, 'los', 'near', c.clearance);
  } else if (c.kind === 'graze') {
    visible = 'graze';
    entry = clearanceEntry(o.id, role, 'los', visible, c.clearance);
  } else {
    const v = visiblePortion(f, ctx, att, def, o, c, dial, third);
    visible = v.visible;
    entry = v.entry;
  }
  let viaDial = false;
  let verdict = visible;
  if (dial) {
    if (dialApplies(visible, dial, R.dialLine, c.kind)) {
      viaDial = dial.kind === 'cross';
      verdict = dial.kind;
      // the line's own meeting with the obstacle, before the dial rule's verdict takes its place
      const meets = entry ? entry.verdict : 'clear';
      entry ??= new LineEntry(o.id, role, 'los', dial.kind);
      entry.lineMeets = meets === 'cross' ? undefined : meets;
      entry.verdict = dial.kind;
      entry.dialRule = dial.kind === 'cross' ? dial.rule : `only touches: ${dial.rule}`;
    }
    if (dial.kind === 'cross' && visible !== 'cross') {
      // does the dial rule's reach decide it: a line through the dial that misses the obstacle itself
      if (c.kind !== 'cross') {
        const alt = R.dialLine === 'through-dial' ? 'none' : 'obstructs';
        f.flips = pushFlip(f.flips, 'dialLine', R.dialLine, o.id, effectOf(visible, viaDial, forbids), alt);
      }
      // a dust field under a dial: obstructed, not forbidden (attacker's dial), nor allowed and clear
      // (defender's dial, dust hidden)
      if (forbids && viaDial) {
        const byAttacker = dial.side === att;
        const alt = byAttacker ? 'dust' : 'none';
        f.flips = pushFlip(f.flips, 'dustDial', byAttacker ? 'attacker' : 'defender', o.id, 'obstructs', alt);
      }
    }
  }
  if (!entry) return;
  if (forbids && verdict === 'cross' && !viaDial) {
    const attShip = shipOf(att),
      defShip = shipOf(def);
    const coverers = ctx.coverers.get(o.id) ?? [];
    const ignored = coverers.filter((sh) => sh !== attShip && sh !== defShip).map((sh) => sh.id);
    if (ignored.length) entry.thirdShipsIgnored = ignored;
  }
  f.pieces = append(f.pieces, entry);
  if (verdict === 'cross') {
    if (forbids && !viaDial) f.dustBy = append(f.dustBy, o.id);
    else f.obstructedBy = append(f.obstructedBy, o.id);
  } else if (verdict === 'graze') f.grazing = addOnce(f.grazing, o.id);
}

/**
 * An obstacle the line crosses, with the visible-portion exception: the part under a ship's
 * covering outline does not count. Both exceptions begin "When a ship traces line of sight": a
 * squadron attacking across dust is obstructed whatever covers it. For an ordinary obstacle the
 * exception is worded for "the attacking hull zone's" line: readings.visiblePortion says whether a
 * squadron's line has it too. Notes the readings that would change this obstacle's effect.
 */
function visiblePortion(
  f: LosFindings,
  ctx: AttackContext,
  att: Side,
  def: Side,
  o: ObstacleEntry,
  c: LineMeeting,
  dial: DialMeeting | null,
  third: ThirdPieceMeetings,
): { visible: PieceVerdict; entry: LineEntry } {
  const R = ctx.readings;
  const isDust = o.obstacleKind === 'dust';
  const role: PieceRole = isDust ? 'dust' : 'obstacle';
  const shipAttacker = att.kind === 'zone';
  const forbids = isDust && shipAttacker;
  const cp = third.p,
    cq = third.q;
  const squadronBare = !shipAttacker && (isDust || R.visiblePortion === 'ship');
  const covers = squadronBare ? NO_SHIPS : coveringShips(ctx, o, att, def, forbids);
  // kept for the reverse attack, whose covers are the same unless only the defender's base hides dust
  const keep = !(forbids && R.dustUnderAttacker === 'visible');
  const v = covers.length
    ? visibleWith(ctx, o, c, covers, ctx.cover, R.hugeGap, forbids, cp, cq, keep)
    : null;
  const visible: PieceVerdict = v ? v.verdict : 'cross';
  let entry: LineEntry;
  if (!covers.length) entry = crossEntry(o.id, role, 'los', c.insideLength, c.depth);
  else {
    entry = new LineEntry(o.id, role, 'los', visible);
    entry.coveredBy = covers.map((sh) => sh.id);
    if (!v) {
      entry.insideMm = c.insideLength;
      entry.withDepth(c.depth);
    } else if (v.verdict === 'cross') {
      entry.insideMm = v.insideMm;
      entry.withDepth(v.depth);
    }
  }
  if (!squadronBare) otherCovers(f, ctx, att, def, o, c, dial, third, forbids, covers.length > 0, visible);
  if (!shipAttacker && !isDust) {
    // the visible-portion exception for a squadron: with every ship on the obstacle covering, or none
    const ship = R.visiblePortion === 'ship';
    const all = ship ? coveringShips(ctx, o, att, def, false) : NO_SHIPS;
    const av = all.length ? visibleWith(ctx, o, c, all, ctx.cover, R.hugeGap, false, cp, cq, true) : null;
    const alt: PieceVerdict = ship ? (av ? av.verdict : 'cross') : 'cross';
    if (ship ? all.length > 0 : covers.length > 0) {
      f.flips = addFlip(
        f.flips,
        'visiblePortion',
        R.visiblePortion,
        o.id,
        false,
        visible,
        alt,
        dial,
        R,
        c.kind,
      );
    }
  }
  return { visible, entry };
}

/**
 * The readings of what covers an obstacle the line crosses, each with its other choice, for
 * `readings` (the exception saved or sank this obstacle): the cover outline (base or token), a huge
 * ship's gap (under the base), and dust under the attacking ship's own base.
 */
function otherCovers(
  f: LosFindings,
  ctx: AttackContext,
  att: Side,
  def: Side,
  o: ObstacleEntry,
  c: LineMeeting,
  dial: DialMeeting | null,
  third: ThirdPieceMeetings,
  forbids: boolean,
  covered: boolean,
  visible: PieceVerdict,
) {
  const R = ctx.readings;
  const verdictWith = (cover: CoverOutline, gap: HugeGap, dua: LosReadings['dustUnderAttacker']) => {
    const oc = coveringShips(ctx, o, att, def, forbids, cover, gap, dua);
    const ov = oc.length ? visibleWith(ctx, o, c, oc, cover, gap, forbids, third.p, third.q, false) : null;
    return ov ? ov.verdict : 'cross';
  };
  const flip = (reading: Flip['reading'], value: string, alt: PieceVerdict) => {
    f.flips = addFlip(f.flips, reading, value, o.id, forbids, visible, alt, dial, R, c.kind);
  };
  // a huge ship's token reaches past its bases (and over the gap): it may cover where no base does
  const hugeNear = ctx.world.ships.some(
    (s) => s.shapes.bases.length > 1 && boxesMeet(s.shapes.token, o.outline),
  );
  if (covered || hugeNear)
    flip(
      'cover',
      ctx.cover,
      verdictWith(ctx.cover === 'base' ? 'token' : 'base', R.hugeGap, R.dustUnderAttacker),
    );
  if (hugeNear && ctx.cover === 'base')
    flip(
      'hugeGap',
      R.hugeGap,
      verdictWith(ctx.cover, R.hugeGap === 'open' ? 'covered' : 'open', R.dustUnderAttacker),
    );
  const attShip = shipOf(att);
  if (forbids && attShip && coverersOf(ctx, o, ctx.cover, R.hugeGap).includes(attShip)) {
    const other = R.dustUnderAttacker === 'hidden' ? 'visible' : 'hidden';
    flip('dustUnderAttacker', R.dustUnderAttacker, verdictWith(ctx.cover, R.hugeGap, other));
  }
}

/** Do the bounding boxes of two polygons meet? */
function boxesMeet(A: Polygon, B: Polygon): boolean {
  return !(A.maxX < B.minX || A.minX > B.maxX || A.maxY < B.minY || A.minY > B.maxY);
}

/** Step 3: ships that are neither attacker nor defender: their plastic base, without dials and frames. */
function thirdShips(f: LosFindings, ctx: AttackContext, third: ThirdPieceMeetings, from: number) {
  const ships = ctx.world.ships,
    obstacles = ctx.world.obstacles.length;
  const gap = ctx.readings.hugeGap;
  for (let k = from; k < third.slots.length; k++) {
    const s = ships[third.slots[k] - obstacles];
    const c = third.meetings[k];
    const effect = obstructionOf(c.kind);
    if (effect === 'obstructs') {
      f.obstructedBy = append(f.obstructedBy, s.id);
      f.pieces = append(f.pieces, crossEntry(s.id, 'ship', 'los', c.insideLength, c.depth));
    } else if (effect === 'touches') {
      f.grazing = addOnce(f.grazing, s.id);
      f.pieces = append(f.pieces, clearanceEntry(s.id, 'ship', 'los', 'graze', c.clearance));
    } else if (c.clearance <= NEAR_MM) {
      f.pieces = append(f.pieces, clearanceEntry(s.id, 'ship', 'los', 'near', c.clearance));
    }
    // a huge ship's gap: would the other reading make this line obstructed, or not?
    if (s.shapes.bases.length > 1) {
      const alt = meetBases(s, third.p, third.q, gap === 'open' ? 'covered' : 'open');
      const now: Effect = effect === 'obstructs' ? 'obstructs' : 'none';
      const other: Effect = alt.kind === 'cross' ? 'obstructs' : 'none';
      f.flips = pushFlip(f.flips, 'hugeGap', gap, s.id, now, other);
    }
  }
}

/** Does segment p-q pass through huge ship base S (the whole of it, gap included), beyond the tolerance? */
function gapCrossed(S: Polygon, p: Point, q: Point): boolean {
  return !separatedBeyond(S, p, q, 0) && meetLine(S, p, q).kind === 'cross';
}

/** Step 4: the verdict, the readings it rests on, and the pieces it lists. */
export function verdictOf(f: LosFindings): LosJudgement {
  const { blockedBy, dustBy, obstructedBy, grazing, pieces, flips } = f;
  const verdict = losByPrecedence(!!blockedBy, dustBy?.length ?? 0, obstructedBy?.length ?? 0);
  const readings = flips
    ? readingsUsed(flips, verdict, !!blockedBy, dustBy?.length ?? 0, obstructedBy?.length ?? 0)
    : null;
  // A piece one line crosses is not "only touched" because the other line grazes it.
  let onlyTouched: string[] = grazing ?? [];
  if (grazing && verdict !== 'clear') {
    onlyTouched = grazing.filter(
      (id) => !blockedBy?.includes(id) && !dustBy?.includes(id) && !obstructedBy?.includes(id),
    );
  }
  // nothing on or near the line: one shared answer (callers that hand its lists out copy them)
  if (!pieces && !(readings && readings.length)) return CLEAR_LOS;
  const j: LosJudgement = {
    los: verdict,
    obstructedBy: obstructedBy ?? [],
    grazing: onlyTouched,
    blockedBy: blockedBy ?? NONE,
    dustBy: dustBy ?? NONE,
    pieces: pieces ?? [],
  };
  if (readings && readings.length) j.readings = readings;
  return j;
}

const NO_SHIPS: ShipEntry[] = [];

/**
 * How the line meets the two sides' shield dials that overlap obstacle o (a cross first), or null if it
 * passes neither.
 */
export interface DialMeeting {
  kind: 'cross' | 'graze';
  side: Side;
  rule: string;
}
export function dialMeeting(
  ctx: AttackContext,
  att: Side,
  def: Side,
  o: ObstacleEntry,
  p: Point,
  q: Point,
): DialMeeting | null {
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

/**
 * Does the 1.5 dial rule make this obstacle count: the line not already crossing it visibly, through a dial
 * on it (and over it, by that reading)?
 */
function dialApplies(
  visible: PieceVerdict | null,
  dial: DialMeeting,
  dialLine: LosReadings['dialLine'],
  meets: Crossing['kind'],
): boolean {
  if (visible === 'cross') return false;
  if (dialLine === 'over-obstacle' && meets !== 'cross') return false;
  return dial.kind === 'cross' || visible !== 'graze';
}

/**
 * The visible portion of o along the line with these ships covering (kept with the line's meeting for the
 * reverse attack when `keep`).
 */
function visibleWith(
  ctx: AttackContext,
  o: ObstacleEntry,
  c: LineMeeting,
  covers: ShipEntry[],
  cover: CoverOutline,
  gap: HugeGap,
  dustOnly: boolean,
  cp: Point,
  cq: Point,
  keep: boolean,
): VisibleMeeting | null {
  // The reverse attack has the same covers (all ships on it, or for dust only the two sides'), so
  // the answer is kept with the line's meeting for it.
  const kept = keep ? (dustOnly ? c.visibleDust : c.visible) : undefined;
  if (kept !== undefined) return kept;
  // Only covers the line comes within the tolerance of can hide any of it; when it passes none,
  // what it crosses is all visible (visibleMeeting would find the same).
  const shapes = coverShapesNear(covers, cover, gap, cp, cq);
  // on flat interval lists (visibleMeeting's answer, bit for bit: test/geometry/visible-flat.test.ts)
  const v = shapes.length ? visibleMeetingFlat(o.outline, shapes, cp, cq, TOLERANCE_MM, c.inside) : null;
  if (keep) {
    if (dustOnly) c.visibleDust = v;
    else c.visible = v;
  }
  return v;
}

/** What an obstacle does to the attack: forbids it (dust), obstructs it, or nothing. */
type Effect = 'dust' | 'obstructs' | 'none';
interface Flip {
  reading: ReadingUse['reading'];
  value: string;
  piece: string;
  now: Effect;
  alt: Effect;
}

function effectOf(visible: PieceVerdict | null, viaDial: boolean, forbids: boolean): Effect {
  if (visible === 'cross') return forbids ? 'dust' : 'obstructs';
  return viaDial ? 'obstructs' : 'none';
}

function pushFlip(
  flips: Flip[] | null,
  reading: Flip['reading'],
  value: string,
  piece: string,
  now: Effect,
  alt: Effect,
): Flip[] | null {
  return now === alt ? flips : append(flips, { reading, value, piece, now, alt });
}

/**
 * A flip of the visible portion (cover, visiblePortion): the obstacle's effect now and with the other choice,
 * the dial rule applied to each.
 */
function addFlip(
  flips: Flip[] | null,
  reading: Flip['reading'],
  value: string,
  piece: string,
  forbids: boolean,
  now: PieceVerdict | null,
  alt: PieceVerdict,
  dial: DialMeeting | null,
  R: LosReadings,
  meets: Crossing['kind'],
): Flip[] | null {
  const via = (v: PieceVerdict | null) =>
    !!dial && dial.kind === 'cross' && dialApplies(v, dial, R.dialLine, meets);
  return pushFlip(
    flips,
    reading,
    value,
    piece,
    effectOf(now, via(now), forbids),
    effectOf(alt, via(alt), forbids),
  );
}

/** What each reading says, by its choice (docs/readings.md). */
const READING_SAYS: Record<string, string> = {
  'cover/base': "a ship's plastic base hides the part of an obstacle under it (readings.cover: base)",
  'cover/token': "a ship's cardboard token hides the part of an obstacle under it (readings.cover: token)",
  'visiblePortion/any':
    "the visible-portion exception applies to a squadron's line of sight as to a ship's (readings.visiblePortion: " +
    'any, not the default)',
  'visiblePortion/ship':
    "the visible-portion exception applies only to an attacking hull zone's line, as rules 1.5 word it " +
    '(readings.visiblePortion: ship, the default: the text as written)',
  'dialLine/through-dial':
    'the 1.5 dial rule obstructs a line through a dial that overlaps an obstacle, even where the line does not pass ' +
    'over the obstacle (readings.dialLine: through-dial)',
  'dialLine/over-obstacle':
    'the 1.5 dial rule obstructs only a line that also passes over the obstacle (readings.dialLine: over-obstacle)',
  'dustDial/attacker':
    "a line through the attacking hull zone's own shield dial on a dust field is obstructed by the 1.5 dial rule, " +
    "not forbidden: the seed's dust caveat names only the defending dial",
  'hugeGap/open':
    "a huge ship's gap between its two plastic bases is not plastic base: it neither hides an obstacle under it " +
    'nor obstructs a line across it (readings.hugeGap: open, the default)',
  'hugeGap/covered':
    "a huge ship's token over the gap between its bases hides what lies under it and obstructs a line across it, " +
    'as the bases do (readings.hugeGap: covered)',
  'dustUnderAttacker/hidden':
    "the attacking ship's own base hides the dust field under it, as the visible-portion exception hides any " +
    'obstacle (readings.dustUnderAttacker: hidden, the default)',
  'dustUnderAttacker/visible':
    "the dust field under the attacking ship's own base counts: the seed grants the covered-dust exception to " +
    'the defending ship only (readings.dustUnderAttacker: visible)',
  'dustDial/defender':
    "a line through the defending hull zone's shield dial on a dust field its base hides may be traced (the dust " +
    'would not otherwise be visible), and the 1.5 dial rule obstructs it',
};

/**
 * The readings whose other choice would change the line of sight's verdict, each once: every piece
 * one reading changes is changed together (a huge ship's gap both uncovers an obstacle and stops
 * obstructing).
 */
function readingsUsed(
  flips: Flip[],
  los: LosVerdict,
  blocked: boolean,
  dust: number,
  obstructed: number,
): ReadingUse[] {
  const out: ReadingUse[] = [];
  const count = (e: Effect, of: Effect) => (e === of ? 1 : 0);
  for (const f of flips) {
    if (out.some((u) => u.reading === f.reading && u.value === f.value)) continue;
    let d = dust,
      ob = obstructed;
    for (const g of flips) {
      if (g.reading !== f.reading || g.value !== f.value) continue;
      d += count(g.alt, 'dust') - count(g.now, 'dust');
      ob += count(g.alt, 'obstructs') - count(g.now, 'obstructs');
    }
    const otherwise = losByPrecedence(blocked, d, ob);
    if (otherwise === los) continue;
    out.push({
      reading: f.reading,
      value: f.value,
      otherwise,
      says: READING_SAYS[`${f.reading}/${f.value}`],
    });
  }
  return out;
}

/** The empty list where a judgement has none; never handed out in a report (read-only). */
const NONE: string[] = Object.freeze([]) as unknown as string[];

/**
 * judgeLos's answer for a line that meets no piece and passes none within NEAR_MM: clear, every
 * list empty. Shared and frozen: a report gets fresh empty lists in its place (attacks.ts).
 */
export const CLEAR_LOS: LosJudgement = Object.freeze({
  los: 'clear',
  obstructedBy: NONE,
  grazing: NONE,
  blockedBy: NONE,
  dustBy: NONE,
  pieces: NONE as unknown as LineEntry[],
});

/** Does this side's shield dial overlap obstacle o (the 1.5 dial rule)? */
export function dialOverlaps(ctx: AttackContext, side: Side, o: ObstacleEntry): boolean {
  if (side.kind !== 'zone') return false;
  const on = ctx.dialOn.get(side.key);
  return on !== undefined && on.includes(o);
}

/** Does this side's shield dial overlap any obstacle? */
export function dialOnAny(ctx: AttackContext, side: Side): boolean {
  return side.kind === 'zone' && ctx.dialOn.has(side.key);
}

/**
 * The covering outlines of these ships that segment p-q may come within the tolerance of (a convex outline
 * clear of it by a margin is left out).
 */
function coverShapesNear(ships: ShipEntry[], cover: CoverOutline, gap: HugeGap, p: Point, q: Point): Shape[] {
  const out: Shape[] = [];
  for (const s of ships) {
    for (const C of coverShapes(s, cover, gap)) {
      if (C.convex && convexClearOf(C, p, q)) continue;
      out.push(C);
    }
  }
  return out;
}

/**
 * The ships whose covering outline overlaps obstacle o, by cover and huge-ship gap reading: the
 * context's own list, the other cover's context's, or (the other gap reading) worked out here and kept.
 */
function coverersOf(ctx: AttackContext, o: ObstacleEntry, cover: CoverOutline, gap: HugeGap): ShipEntry[] {
  const c = cover === ctx.cover ? ctx : attackContext(ctx.world, cover);
  if (gap === ctx.readings.hugeGap) return c.coverers.get(o.id) ?? [];
  const m = (c.altGapCoverers ??= new Map());
  let list = m.get(o.id);
  if (!list) {
    const now = c.coverers.get(o.id) ?? [];
    // only a huge ship's covering outline depends on the gap's reading
    list = c.world.ships.filter((s) =>
      s.shapes.bases.length > 1 ? anyOverlaps(coverShapes(s, cover, gap), o.outline) : now.includes(s),
    );
    m.set(o.id, list);
  }
  return list;
}

/**
 * The ships whose covering outline may hide obstacle o from this line. For an ordinary obstacle,
 * any ship on it (the visible-portion exception; a third ship's base crossed by the line
 * obstructs in its own right). For a dust field with a ship attacking, the seed names only the
 * defending ship: a third ship on the dust does not help. The attacker's own base is also taken
 * to hide the dust under it (readings.dustUnderAttacker 'hidden', the default): the seed is silent
 * there, so the general visible-portion rule of the rules reference applies; 'visible' takes the
 * seed's letter (only the defending ship). A squadron hides nothing.
 */
function coveringShips(
  ctx: AttackContext,
  o: ObstacleEntry,
  att: Side,
  def: Side,
  dustForbids: boolean,
  cover = ctx.cover,
  gap = ctx.readings.hugeGap,
  dustUnderAttacker = ctx.readings.dustUnderAttacker,
): ShipEntry[] {
  const on = coverersOf(ctx, o, cover, gap);
  if (!dustForbids) return on;
  const attShip = dustUnderAttacker === 'hidden' ? shipOf(att) : null;
  return on.filter((s) => s === attShip || s === shipOf(def));
}

export function sideName(s: Side): string {
  return s.kind === 'zone' ? `${s.ship.id}'s ${s.zone} hull zone` : `squadron ${pieceId(s)}`;
}
