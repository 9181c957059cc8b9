/**
 * The rating of a setup position for one player, from the first two rounds as the practice maps
 * see them (docs/readings.md, "Setup rating"). Every ship (deployed, or standing in for one still
 * to deploy: `standIns`) gets a coarse reach: its first maneuver at each speed a navigate command
 * allows from its dial, each side of the tool, the clicks the same at every joint (-2 to 2, as far
 * as its chart lets each joint go); its second from every first end still on the table, at the same
 * speed, straight or turned as hard as the chart allows, each side. Ends that leave the play area
 * are dropped (the ship is destroyed), the rest thinned to one per cell of RATING_CELL_MM and
 * RATING_HEADING_DEG of heading and at most RATING_ENDS_PER_SHIP a ship (evenly along the list).
 * Each end is judged by the rules' attack questions (ships only: squadrons are left out) against
 * the enemy ships where they stand after as many straight maneuvers at their dials (round 1: one,
 * round 2: two), as the practice maps judge a cell with the other pieces in place:
 * - the dice out: the most dice one of its hull zones rolls at one enemy ship from there (in arc,
 *   in range, line of sight clear or obstructed, not through dust; the battery armament the range
 *   keeps, from the ship's card or its class's first printed card; unknown dice count as one);
 * - the dice back: over the enemy ships, the most dice one of each one's hull zones rolls at it;
 * - a safe first shot: dice out and no dice back;
 * - its edge: (out - back) / (out + back) where either is not 0;
 * - on an obstacle: its footprint there overlaps an obstacle other than a station (a station's
 *   overlap repairs; the others cost a damage card, two cards, a speed or the ship's attacks).
 * The rating for player P, from -100 to 100 (the opponent's is its negative), each share over that
 * side's ends:
 *   40 x (P's safe share - enemy's) + 15 x (P's mean edge - enemy's) + 30 x (enemy's on-obstacle share - P's)
 * An obstacle added (asteroid, debris, station) moves no end and changes no attack that counts
 * (obstructed attacks count), so a candidate obstacle is rated by re-checking each end's footprint
 * against it alone: the same answer a full rating gives (test/rules/practice/setup-rating.test.ts
 * holds them equal). A dust field or gravity rift changes attacks or speeds, so it is rated afresh.
 */
import { relate } from '../../geometry/relate';
import type { Polygon } from '../../geometry/polygon';
import { speedChart } from '../../model/catalog';
import type { Obstacle, Player, Ship, Table } from '../../model/table';
import { attackContext, type Side } from '../attacks/context';
import { deploymentZone } from '../setup/deploy';
import { ManeuverContext, type Pose, type SpeedChart } from '../movement/maneuver';
import { World } from '../world';
import { worldWithShipAt } from './moved';
import { navigateSpeeds } from './reach';
import { type PairVerdict, ShipProbe, shipPairs } from './threat';
import { type Dice, diceAtRange, shipCardOf } from '../attacks/dice';

export const RATING_ENDS_PER_SHIP = 24;
export const RATING_CELL_MM = 25;
export const RATING_HEADING_DEG = 20;
/** The weights of the rating's three terms (they add up to 100). */
export const W_SAFE = 40,
  W_EDGE = 30,
  W_OBSTACLE = 30;

/** One reach end as the rating sees it. */
export interface RatedEnd {
  ship: string;
  player: Player;
  round: 1 | 2;
  pose: Pose;
  /** the ship's footprint there (dials included), for re-checking against a candidate obstacle */
  footprint: Polygon;
  /** obstacles (not stations) the footprint overlaps */
  obstacles: string[];
  /**
   * enemy ships it can attack from there, and enemy ships that can attack it there, each with the
   * most dice one hull zone rolls in that attack (the battery armament the range keeps)
   */
  hits: Map<string, number>;
  hitBy: Map<string, number>;
}

export interface SideFigures {
  player: Player;
  ships: number;
  ends: number;
  safeShots: number;
  /** the sum over its ends of (dice out - dice back) / (dice out + dice back), where either is not 0 */
  edge: number;
  onObstacles: number;
}

export interface SetupRating {
  player: Player;
  /** -100 to 100: good for `player` above 0 */
  rating: number;
  own: SideFigures;
  enemy: SideFigures;
}

/** The position rated: the table as it stands and the ships still to deploy (placed as stand-ins). */
export interface SetupPosition {
  table: Table;
  pending: Ship[];
}

const other = (p: Player): Player => (p === 1 ? 2 : 1);

/** The chart of a ship the rating can move, or an error naming it. */
function chartOf(world: World, s: Ship): SpeedChart {
  const chart = speedChart(world.catalog, s.class);
  if (!chart)
    throw new Error(
      `setup rating: ${s.id} has ${s.class ? `class ${s.class}, with no speed chart` : 'no class'}`,
    );
  return chart;
}

/** The click lists of the coarse reach at one speed: the same clicks at every joint, clamped to the row. */
function evenClicks(chart: SpeedChart, speed: number, clicks: readonly number[]): number[][] {
  if (speed === 0) return [[]];
  const row = chart[speed - 1];
  const seen = new Set<string>();
  const out: number[][] = [];
  for (const c of clicks) {
    const l = row.map((m) => Math.max(-m, Math.min(m, c)));
    const k = l.join(',');
    if (!seen.has(k)) (seen.add(k), out.push(l));
  }
  return out;
}

interface RawEnd {
  round: 1 | 2;
  pose: Pose;
  speed: number;
  footprint: Polygon;
  obstacleIds: string[];
}

/** Every maneuver from the ship where the world has it, at these speeds and clicks, each side. */
function fanOut(world: World, s: Ship, chart: SpeedChart, speeds: number[], clicks: number[], round: 1 | 2) {
  const ctx = new ManeuverContext(world, s.id, chart);
  const out: RawEnd[] = [];
  for (const speed of speeds) {
    const sides = ctx.speedUsed(speed) === 0 ? (['right'] as const) : (['left', 'right'] as const);
    for (const side of sides) {
      for (const l of evenClicks(chart, ctx.speedUsed(speed), clicks)) {
        const m = ctx.judge('rating', speed, l, side);
        if (m.leavesPlayArea) continue;
        const ids = m.obstacles.map((o) => o.obstacle);
        out.push({ round, pose: m.final, speed, footprint: ctx.placed(m.final).footprint, obstacleIds: ids });
      }
    }
  }
  return out;
}

/** The coarse reach of one ship, thinned (see the head of this file). */
export function coarseReach(world: World, shipId: string): RawEnd[] {
  const s = world.byId.get(shipId)!.piece as Ship;
  const chart = chartOf(world, s);
  const firsts = fanOut(world, s, chart, navigateSpeeds(s.speed, chart.length), [-2, -1, 0, 1, 2], 1);
  const all = [...firsts];
  for (const f of firsts) {
    const w2 = worldWithShipAt(world, shipId, { ...f.pose, speed: f.speed });
    const hard = chart.length ? Math.max(...chart.flat()) : 0;
    all.push(...fanOut(w2, { ...s, ...f.pose, speed: f.speed }, chart, [f.speed], [-hard, 0, hard], 2));
  }
  const seen = new Set<string>();
  const kept = all.filter((e) => {
    const k = [
      e.round,
      Math.floor(e.pose.x / RATING_CELL_MM),
      Math.floor(e.pose.y / RATING_CELL_MM),
      Math.floor(e.pose.rotation / RATING_HEADING_DEG),
    ].join('|');
    return seen.has(k) ? false : (seen.add(k), true);
  });
  if (kept.length <= RATING_ENDS_PER_SHIP) return kept;
  const step = kept.length / RATING_ENDS_PER_SHIP;
  return Array.from({ length: RATING_ENDS_PER_SHIP }, (_, i) => kept[Math.floor(i * step)]);
}

/** Each hull zone key's ship and battery armament (its card's, or its class's first printed card's), if known. */
export function zoneArms(world: World): Map<string, { ship: string; dice: Dice | null }> {
  const m = new Map<string, { ship: string; dice: Dice | null }>();
  for (const s of attackContext(world).sides) {
    if (s.kind !== 'zone') continue;
    const card = shipCardOf(s.ship.piece)?.card;
    m.set(s.key, { ship: s.ship.id, dice: card?.armament?.[s.zone] ?? null });
  }
  return m;
}

/**
 * The enemy ships among the pairs that can be made (line of sight clear or obstructed) and roll dice
 * (the attacking zone's battery armament keeps a die at the range; unknown dice count as one), each
 * with the most dice one zone rolls.
 */
export function shipsReached(
  pairs: readonly PairVerdict[],
  role: 'attack' | 'defend',
  arms: Map<string, { ship: string; dice: Dice | null }>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of pairs) {
    if (!p.can) continue;
    const dice = arms.get(p.attacker)?.dice;
    const n = dice ? diceAtRange(dice, p.range).reduce((a, b) => a + b, 0) : 1;
    const s = arms.get(role === 'attack' ? p.defender : p.attacker)?.ship;
    if (n > 0 && s) out.set(s, Math.max(n, out.get(s) ?? 0));
  }
  return out;
}

/**
 * The rated ends of one ship: its coarse reach from where `world` has it, each end's obstacles, and
 * its attacks with enemy ships as they stand after as many straight maneuvers (`rounds[r - 1]`).
 */
export function ratedEnds(world: World, rounds: readonly [World, World], shipId: string): RatedEnd[] {
  const s = world.byId.get(shipId)!.piece as Ship;
  const arms = zoneArms(world);
  const probes = rounds.map((w) => new ShipProbe(w, shipId));
  const only = (o: Side) => o.kind === 'zone';
  return coarseReach(world, shipId).map((e) => {
    const w = probes[e.round - 1].at(e.pose);
    return {
      ship: shipId,
      player: s.player,
      round: e.round,
      pose: e.pose,
      footprint: e.footprint,
      obstacles: e.obstacleIds.filter((id) => !isStation(world, id)),
      hits: shipsReached(shipPairs(w, shipId, 'attack', only), 'attack', arms),
      hitBy: shipsReached(shipPairs(w, shipId, 'defend', only), 'defend', arms),
    };
  });
}

/** Where a ship stands after `n` straight maneuvers at its dial (the same place when it would leave the table). */
export function straightAhead(world: World, shipId: string, n: number): Pose {
  const s = world.byId.get(shipId)!.piece as Ship;
  const chart = chartOf(world, s);
  let w = world,
    at: Pose = { x: s.x, y: s.y, rotation: s.rotation };
  for (let k = 0; k < n; k++) {
    const m = new ManeuverContext(w, shipId, chart).judge('ahead', s.speed, [], 'right');
    if (m.leavesPlayArea) break;
    at = m.final;
    w = worldWithShipAt(w, shipId, at);
  }
  return at;
}

/** The world with every ship moved `n` straight maneuvers ahead (the others where they started while it moves). */
export function advanced(world: World, n: number): World {
  const ships = world.table.ships.map((s) => ({ ...s, ...straightAhead(world, s.id, n) }));
  return new World({ ...world.table, ships }, world.base, world);
}

function isStation(world: World, id: string): boolean {
  const e = world.byId.get(id);
  return e?.kind === 'obstacle' && e.obstacleKind === 'station';
}

/**
 * The ships still to deploy placed where the rating assumes them: spread evenly across their
 * player's deployment zone, halfway into it, facing the enemy's edge, each at its own speed; a
 * stand-in that would overlap a deployed ship is tried a slot's width to either side first.
 */
export function standIns(table: Table, pending: readonly Ship[]): Ship[] {
  const world = new World({ ...table, proposals: [] });
  const out: Ship[] = [];
  for (const p of [1, 2] as const) {
    const mine = pending.filter((s) => s.player === p);
    const zone = deploymentZone(world, p);
    const w = (zone.x1 - zone.x0) / Math.max(1, mine.length);
    mine.forEach((s, i) => {
      const y = (zone.y0 + zone.y1) / 2;
      const xs = [0, 0.5, -0.5, 1, -1].map((k) => zone.x0 + (i + 0.5 + k) * w);
      const placed = xs
        .filter((x) => x > zone.x0 && x < zone.x1)
        .map((x): Ship => ({ ...s, x, y, rotation: p === 1 ? 0 : 180 }));
      const clear = placed.find((c) => !overlapsAny(world, c, out)) ?? placed[0];
      out.push(clear);
    });
  }
  return out;
}

function overlapsAny(world: World, s: Ship, more: Ship[]): boolean {
  const w = new World({ ...world.table, ships: [...world.table.ships, ...more, s] }, world.base, world);
  const me = w.byId.get(s.id);
  if (me?.kind !== 'ship') return false;
  return w.ships.some((o) => o !== me && relate(o.shapes.footprint, me.shapes.footprint).kind === 'overlap');
}

/** Every ship's rated ends on the position (stand-ins for the ships still to deploy). */
export interface Evaluation {
  /** the ships where they start */
  world: World;
  /** every ship after one straight maneuver, and after two */
  rounds: [World, World];
  ends: RatedEnd[];
}

export function evaluate(pos: SetupPosition): Evaluation {
  const table: Table = {
    ...pos.table,
    ships: [...pos.table.ships, ...standIns(pos.table, pos.pending)],
    proposals: [],
  };
  const world = new World(table);
  const rounds: [World, World] = [advanced(world, 1), advanced(world, 2)];
  const ends = world.ships.flatMap((s) => ratedEnds(world, rounds, s.id));
  return { world, rounds, ends };
}

/** A side's figures, with an extra obstacle outline counted as the rules would. */
function figures(ev: Evaluation, player: Player, extra?: Polygon): SideFigures {
  const ends = ev.ends.filter((e) => e.player === player);
  let safe = 0,
    on = 0,
    edge = 0;
  for (const e of ends) {
    const out = Math.max(0, ...e.hits.values());
    let back = 0;
    for (const n of e.hitBy.values()) back += n;
    if (out > 0 && back === 0) safe++;
    if (out + back > 0) edge += (out - back) / (out + back);
    if (e.obstacles.length || (extra && overlapsOutline(e.footprint, extra))) on++;
  }
  return {
    player,
    ships: new Set(ends.map((e) => e.ship)).size,
    ends: ends.length,
    safeShots: safe,
    edge: Math.round(edge * 100) / 100,
    onObstacles: on,
  };
}

/** Whether a footprint overlaps an outline, by the rules' own predicate (boxes first). */
export function overlapsOutline(fp: Polygon, o: Polygon): boolean {
  if (fp.maxX < o.minX || o.maxX < fp.minX || fp.maxY < o.minY || o.maxY < fp.minY) return false;
  return relate(fp, o).kind === 'overlap';
}

const share = (n: number, of: number) => (of ? n / of : 0);

/** The rating for `player` of an evaluation (with an extra obstacle outline, when given). */
export function ratingOf(ev: Evaluation, player: Player, extra?: Polygon): SetupRating {
  const own = figures(ev, player, extra),
    enemy = figures(ev, other(player), extra);
  const r =
    W_SAFE * (share(own.safeShots, own.ends) - share(enemy.safeShots, enemy.ends)) +
    (W_EDGE / 2) * (share(own.edge, own.ends) - share(enemy.edge, enemy.ends)) +
    W_OBSTACLE * (share(enemy.onObstacles, enemy.ends) - share(own.onObstacles, own.ends));
  return { player, rating: Math.round(r * 10) / 10, own, enemy };
}

/** The rating of a position for a player. */
export function rateSetup(pos: SetupPosition, player: Player): SetupRating {
  return ratingOf(evaluate(pos), player);
}

/** The obstacle as a table piece, for adding to a position. */
export function withObstacle(pos: SetupPosition, o: Obstacle): SetupPosition {
  return { ...pos, table: { ...pos.table, obstacles: [...pos.table.obstacles, o] } };
}
