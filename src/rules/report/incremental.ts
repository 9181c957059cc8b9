/**
 * Re-judging a table after a few pieces moved (a drag): only the answers a moved piece can change
 * are recomputed; every other entry is taken from the previous report. The result is the report
 * a full analysis of the new table gives, entry for entry and in the same order (the benchmark
 * and test/rules/report/bounded-work.test.ts check it).
 */
import type { Shape } from '../../geometry/circle';
import { relate, segmentShapeDistance } from '../../geometry/relate';
import type { AttackReport, DistanceReport, OverlapReport, Report, TouchReport } from '../../model/report';
import type { Table } from '../../model/table';
import { CATALOG, type Catalog } from '../../model/catalog';
import { analyzeWorld } from './analyze';
import { attackContext, builtContext, movedShipContext, player } from '../attacks/context';
import { AttackTable, FLAG_GIVEN, N_LOS_LINE, NUMS, tableOf } from '../attacks/table';
import { attackList, judgeAll, judgeAttackInto, judgeLosInto } from '../attacks/attacks';
import { distanceBetween } from '../distances';
import { exogorths, exogorthTargets } from '../campaign/exogorth';
import { NEAR_MM } from '../attacks/los';
import { overlaps } from '../overlaps';
import { proposals } from './proposals';
import { rift, riftNear } from '../campaign/rift';
import { collisions, offTable, updateCollisions } from '../sanity';
import { shapeOf } from './shapes-report';
import { classEditsReport } from '../attacks/class-edits';
import { photoReport } from './photo';
import { World, type Entry } from '../world';

/**
 * A table's world and its report: what a move's re-judge starts from. What it scans per attack (its
 * two sides, its line of sight) is the flat attack table behind report.attacks (attacks/table.ts).
 */
export interface Analysis {
  world: World;
  report: Report;
}

export function analyzeFull(table: Table, catalog: Catalog = CATALOG): Analysis {
  const world = new World(table, catalog);
  return { world, report: analyzeWorld(world) };
}

/**
 * Which entries of the new world are new objects (moved, changed or added pieces)? Null when the
 * piece lists do not line up with the previous world's (added, removed or reordered pieces, a
 * changed catalog, ruleset or proposals): then only a full analysis will do.
 */
function changedPieces(prev: World, world: World): boolean[] | null {
  if (
    prev.catalog !== world.catalog ||
    prev.all.length !== world.all.length ||
    !sameSetting(prev.table, world.table)
  )
    return null;
  const changed: boolean[] = [];
  for (let i = 0; i < world.all.length; i++) {
    const a = prev.all[i],
      b = world.all[i];
    if (a.id !== b.id || a.kind !== b.kind) return null;
    changed.push(a !== b);
  }
  return changed;
}

/**
 * The entries of `world` that are new objects since `prev` (the pieces that moved or changed), or
 * null when the piece lists do not line up or the setting differs (changedPieces).
 */
export function movedSince(prev: World, world: World): Entry[] | null {
  const changed = changedPieces(prev, world);
  return changed && world.all.filter((_, i) => changed[i]);
}

/** Everything but the pieces the same: ruleset, table size, readings, measurements, proposals. */
function sameSetting(a: Table, b: Table): boolean {
  if (
    a.ruleset !== b.ruleset ||
    a.table !== b.table ||
    // the same readings object (a drag step's tables share it) needs no comparing
    (a.readings !== b.readings && JSON.stringify(a.readings ?? {}) !== JSON.stringify(b.readings ?? {}))
  )
    return false;
  if (a.measurements !== b.measurements && JSON.stringify(a.measurements) !== JSON.stringify(b.measurements))
    return false;
  return a.proposals === b.proposals || JSON.stringify(a.proposals) === JSON.stringify(b.proposals);
}

/**
 * Will analyzeIncremental(prev, table) reuse prev's answers (the same pieces in the same order,
 * the same setting), rather than judge the table afresh? A caller with a deadline asks first.
 */
export function judgesIncrementally(prev: Analysis, table: Table): boolean {
  const t = prev.world.table;
  // a World builds a new catalog for a new measurements object (analyzeIncremental then starts afresh)
  if (t.measurements !== table.measurements || !sameSetting(t, table)) return false;
  const lists = [
    [t.ships, table.ships],
    [t.squadrons, table.squadrons],
    [t.obstacles, table.obstacles],
    [t.tokens, table.tokens],
  ] as const;
  for (const [a, b] of lists) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i].id !== b[i].id) return false;
  }
  return true;
}

/** The analysis of `table`, reusing what `prev` already answered about unmoved pieces. */
export function analyzeIncremental(
  prev: Analysis,
  table: Table,
  opts: { proposals?: boolean } = {},
): Analysis & { proposalsPending?: boolean } {
  const world = new World(table, prev.world.catalog === CATALOG ? CATALOG : prev.world.catalog, prev.world);
  const changed = changedPieces(prev.world, world);
  if (!changed) return { world, report: analyzeWorld(world) };
  const moved = world.all.filter((_, i) => changed[i]);
  if (moved.length === 0) return { world, report: prev.report };
  const before = moved.map((e) => prev.world.byId.get(e.id)!);
  const p = prev.report;
  // keyed by id: no prototype behind it, as the full analysis writes it (shapes-report.ts)
  const shapes: Report['shapes'] = Object.assign(Object.create(null), p.shapes);
  for (const e of moved) shapes[e.id] = shapeOf(e);
  // Setup checks look at obstacles only; the other proposals at every piece.
  const proposalsStay =
    moved.every((e) => e.kind !== 'obstacle') && world.table.proposals.every((q) => q.kind === 'setup');
  // one ship moved (a drag step): the previous context with that ship worked out again, when it was built
  const was = moved.length === 1 && moved[0].kind === 'ship' ? builtContext(prev.world) : null;
  if (was) movedShipContext(was, world, moved[0].id);
  const attacks = updateAttacks(world, p.attacks, moved, before);
  // a report without the touching section (written before it was) has it judged whole
  const laid = updateOverlaps(world, p.overlaps, moved, p.touching);
  if (!p.touching) overlaps(world, undefined, world, (laid.touching = []));
  const report: Report = {
    ...p,
    shapes,
    distances: updateDistances(world, p.distances, changed),
    overlaps: laid.overlaps,
    attacks,
    // cheap sections (a handful of pairs): judged again in full
    rift: rift(world),
    exogorths: exogorths(world),
    // proposals: false leaves them to someone else (the app's worker: one can take a second or two)
    proposals: proposalsStay ? p.proposals : opts.proposals === false ? [] : proposals(world),
    // ships and squadrons only: the pairs with a moved piece
    collisions:
      p.collisions && !p.partial
        ? updateCollisions(world, p.collisions, new Set(moved.map((e) => e.id)))
        : collisions(world),
    offTable: offTable(world),
    touching: laid.touching,
  };
  const targets = exogorthTargets(world, report.exogorths);
  if (targets) report.exogorthTargets = targets;
  else delete report.exogorthTargets;
  const nearRift = riftNear(world);
  if (nearRift) report.riftNear = nearRift;
  else delete report.riftNear;
  const edits = classEditsReport(world, report.attacks);
  if (edits) report.classEdits = edits;
  else delete report.classEdits;
  // offsets follow a moved piece; the fits themselves are a few milliseconds
  const photo = photoReport(world);
  if (photo) report.photo = photo;
  else delete report.photo;
  return { world, report, ...(!proposalsStay && opts.proposals === false ? { proposalsPending: true } : {}) };
}

function updateDistances(world: World, prev: DistanceReport[], changed: boolean[]): DistanceReport[] {
  const all = world.all,
    n = all.length;
  const out = new Array<DistanceReport>(prev.length);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const ci = changed[i];
    for (let j = i + 1; j < n; j++, k++)
      out[k] = ci || changed[j] ? distanceBetween(world, all[i], all[j]) : prev[k];
  }
  return out;
}

/**
 * Overlaps come obstacle by obstacle, ships before squadrons, in table order, and the touching pairs (the
 * `touching` section) in the same order. Pairs with a moved piece are judged again (by the overlaps rule
 * itself, given only those pieces: not a view of the world made with Object.create, which makes the World a
 * prototype and gives it a map of its own, so that every later read of that world's fields misses the
 * engine's caches); the others keep their previous entries; the merge restores the full analysis's order.
 */
export function updateOverlaps(
  world: World,
  prev: OverlapReport[],
  moved: Entry[],
  prevTouching: TouchReport[] = [],
): { overlaps: OverlapReport[]; touching: TouchReport[] } {
  const movedIds = new Set(moved.map((e) => e.id));
  const stays = (o: { piece: string; obstacle: string }) =>
    !movedIds.has(o.piece) && !movedIds.has(o.obstacle);
  const movedObstacles = world.obstacles.filter((o) => movedIds.has(o.id));
  const touching: TouchReport[] = [];
  const fresh = [
    // moved obstacles against every ship and squadron
    ...(movedObstacles.length
      ? overlaps(
          world,
          undefined,
          { ships: world.ships, squadrons: world.squadrons, obstacles: movedObstacles },
          touching,
        )
      : []),
    // moved ships and squadrons against the obstacles that did not move
    ...overlaps(
      world,
      undefined,
      {
        obstacles: world.obstacles.filter((o) => !movedIds.has(o.id)),
        ships: world.ships.filter((s) => movedIds.has(s.id)),
        squadrons: world.squadrons.filter((s) => movedIds.has(s.id)),
      },
      touching,
    ),
  ];
  const order = new Map(world.all.map((e, i) => [e.id, i]));
  const rank = (o: { piece: string; obstacle: string }) =>
    order.get(o.obstacle)! * world.all.length + order.get(o.piece)!;
  const merged = <T extends { piece: string; obstacle: string }>(old: T[], add: T[]) => {
    const kept = old.filter(stays);
    return add.length === 0 ? kept : [...kept, ...add].sort((a, b) => rank(a) - rank(b));
  };
  return { overlaps: merged(prev, fresh), touching: merged(prevTouching, touching) };
}

/**
 * Does segment (x0, y0)-(x1, y1) come within `m` of the shape's bounding box? Clips the segment to
 * the box grown by m on every side (Liang-Barsky), which holds every point within m of the shape.
 */
function lineNearBox(S: Shape, x0: number, y0: number, x1: number, y1: number, m: number): boolean {
  // boxes apart first: most lines are nowhere near
  if (
    Math.max(x0, x1) < S.minX - m ||
    Math.min(x0, x1) > S.maxX + m ||
    Math.max(y0, y1) < S.minY - m ||
    Math.min(y0, y1) > S.maxY + m
  )
    return false;
  const dx = x1 - x0,
    dy = y1 - y0;
  boxClip[0] = 0;
  boxClip[1] = 1;
  return (
    clipSide(-dx, x0 - (S.minX - m)) &&
    clipSide(dx, S.maxX + m - x0) &&
    clipSide(-dy, y0 - (S.minY - m)) &&
    clipSide(dy, S.maxY + m - y0) &&
    boxClip[0] <= boxClip[1]
  );
}

/** [t0, t1] of lineNearBox, in a module-level slot (no allocation per line). */
const boxClip = new Float64Array(2);

/** One Liang-Barsky side: a t <= b; false when the interval empties. */
function clipSide(a: number, b: number): boolean {
  if (a === 0) return !(b < 0);
  const t = b / a;
  if (a < 0) {
    if (t > boxClip[1]) return false;
    if (t > boxClip[0]) boxClip[0] = t;
  } else {
    if (t < boxClip[0]) return false;
    if (t < boxClip[1]) boxClip[1] = t;
  }
  return true;
}

/** Does the segment come within m of the shape? The box test first, then the exact distance. */
function lineNear(S: Shape, x0: number, y0: number, x1: number, y1: number, m: number): boolean {
  if (!lineNearBox(S, x0, y0, x1, y1, m)) return false;
  return segmentShapeDistance(S, x0, y0, x1, y1) <= m;
}

function boxesMeet(a: Shape, b: Shape): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/**
 * An attack between two pieces that did not move can change only through its line of sight
 * (its range and its line's ends depend on the two sides alone, and a moved piece is not one of
 * them). The line meets a third piece only if that piece comes within NEAR_MM of it (closer
 * pieces are listed in `lines`), so an entry is judged again when the line passes near a moved
 * ship's or obstacle's old or new outline, near an obstacle a moved ship lies on (old or new
 * place: the visible portion changes), or when an obstacle moved onto or off a dial of one of the
 * two sides (the 1.5 dial rule). Squadrons never obstruct. Margins are generous on purpose.
 */
// eslint-disable-next-line max-lines-per-function -- the drag re-judge's hot loop, written out
function updateAttacks(world: World, prev: AttackReport[], moved: Entry[], before: Entry[]): AttackReport[] {
  const ctx = attackContext(world);
  const sides = ctx.sides,
    ns = sides.length;
  // the pairs in report order (as judgeAll lists them): the previous list must hold the same
  const players = new Int32Array(ns);
  for (let i = 0; i < ns; i++) players[i] = player(sides[i]);
  let total = 0;
  for (let i = 0; i < ns; i++) for (let d = 0; d < ns; d++) if (players[d] !== players[i]) total++;
  if (total === 0) return attackList(judgeAll(ctx));
  const P = tableOf(prev);
  const T = new AttackTable(ctx, total);
  T.n = total;
  let aligned = prev.length === total;
  if (aligned && P && P.n === total && P.ctx.sides.length === ns) {
    // a table from the last analysis: the same sides (keys and players) give the same rows
    for (let i = 0; aligned && i < ns; i++)
      aligned = P.ctx.sides[i].key === sides[i].key && player(P.ctx.sides[i]) === players[i];
    if (aligned) {
      T.att.set(P.att);
      T.def.set(P.def);
      T.flags.set(P.flags);
      T.nums.set(P.nums);
      for (let k = 0; k < total; k++) {
        T.los[k] = P.los[k];
        T.built[k] = P.built[k];
      }
    }
  } else if (aligned) {
    // plain reports (the worker's): each row given as it came, its sides and line read from it
    const nums = T.nums;
    for (let i = 0, k = 0; aligned && i < ns; i++) {
      for (let d = 0; aligned && d < ns; d++) {
        if (players[d] === players[i]) continue;
        const a = prev[k];
        aligned = a.attacker === sides[i].key && a.defender === sides[d].key;
        T.att[k] = i;
        T.def[k] = d;
        T.flags[k] = FLAG_GIVEN;
        T.built[k] = a;
        const l = a.losLine,
          o = NUMS * k + N_LOS_LINE;
        nums[o] = l[0][0];
        nums[o + 1] = l[0][1];
        nums[o + 2] = l[1][0];
        nums[o + 3] = l[1][1];
        k++;
      }
    }
  }
  // pieces added, removed, reordered or changed hands, a ship's zones changed: judged afresh
  if (!aligned) return attackList(judgeAll(ctx));

  const movedIds = new Set(moved.map((e) => e.id));
  const margin = NEAR_MM + 1;
  const near: Shape[] = []; // shapes whose neighbourhood a line must keep out of to stay as it was
  const overDials: Shape[] = []; // moved obstacles, old and new: ships whose footprint meets them
  for (const e of [...moved, ...before]) {
    if (e.kind === 'ship') {
      near.push(e.shapes.base);
      // obstacles it lies on or touches (its base may cover them; its dials may sit on them)
      for (const o of world.obstacles)
        if (
          boxesMeet(e.shapes.footprint, o.outline) &&
          relate(e.shapes.footprint, o.outline).kind !== 'apart'
        )
          near.push(o.outline);
    } else if (e.kind === 'obstacle') {
      near.push(e.outline);
      overDials.push(e.outline);
    }
  }
  // the sides whose every attack is judged again: of moved pieces, and of ships a moved obstacle's box meets (dials)
  const again = new Uint8Array(ns);
  for (let i = 0; i < ns; i++) {
    const s = sides[i],
      e: Entry = s.kind === 'zone' ? s.ship : s.squadron;
    if (movedIds.has(e.id) || (e.kind === 'ship' && overDials.some((o) => boxesMeet(e.shapes.footprint, o))))
      again[i] = 1;
  }
  // one box around every shape a line must keep clear of: most lines miss it altogether
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const S of near) {
    minX = Math.min(minX, S.minX);
    minY = Math.min(minY, S.minY);
    maxX = Math.max(maxX, S.maxX);
    maxY = Math.max(maxY, S.maxY);
  }
  const { att, def, nums } = T;
  for (let k = 0; k < total; k++) {
    if (again[att[k]] === 1 || again[def[k]] === 1) {
      judgeAttackInto(ctx, sides[att[k]], sides[def[k]], T, k);
      continue;
    }
    if (!near.length) continue;
    const o = NUMS * k + N_LOS_LINE;
    const x0 = nums[o],
      y0 = nums[o + 1],
      x1 = nums[o + 2],
      y1 = nums[o + 3];
    if (
      Math.max(x0, x1) < minX - margin ||
      Math.min(x0, x1) > maxX + margin ||
      Math.max(y0, y1) < minY - margin ||
      Math.min(y0, y1) > maxY + margin
    )
      continue;
    let judge = false;
    for (let i = 0; !judge && i < near.length; i++)
      if (lineNear(near[i], x0, y0, x1, y1, margin)) judge = true;
    if (!judge) continue;
    // neither side moved: the range and the line's ends stand, only the line of sight may change
    // (a row given as an object has no range in the arrays: judged in full)
    if (T.flags[k] & FLAG_GIVEN) judgeAttackInto(ctx, sides[att[k]], sides[def[k]], T, k);
    else judgeLosInto(ctx, sides[att[k]], sides[def[k]], T, k);
  }
  return attackList(T);
}
