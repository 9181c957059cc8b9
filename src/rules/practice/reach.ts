/**
 * Reach map: every position a ship can end in after its next maneuver and after the one after
 * (a fan of fans), at its current speed and at each speed a navigate command could set (one up or
 * one down, within its chart), each end judged by the rules (src/rules/maneuver.ts): clean, on an
 * obstacle (which, its effect), moved back by a ship, off the table; the gravity rift's speed
 * reduction applied where the ship determines course.
 *
 * What is assumed: the other pieces stay where they are (the opponent's ships do not move between
 * the two maneuvers); a ship whose first maneuver leaves the play area is destroyed and makes no
 * second; a ship that ends its first maneuver overlapping a gravity rift has its speed dial
 * reduced to 0 (the rift's overlap effect), so its second maneuver is at speed 0 or 1. Each end is
 * the `maneuver` answer `analyze` gives for a table with the ship at the start of that maneuver
 * (test/rules/practice/practice.test.ts holds it to that).
 */
import { speedChart } from '../../model/catalog';
import type { Table } from '../../model/table';
import {
  ManeuverContext,
  type ManeuverOutcome,
  maneuverOutcome,
  type ManeuverReport,
  type Pose,
  type SpeedChart,
} from '../movement/maneuver';
import type { World } from '../world';
import { worldWithShipAt } from './moved';

/** With no speed chart (a ship without a known class), the speeds a fan would try: 0 to this (no map is made). */
export const NO_CHART_TOP_SPEED = 4;

export interface ReachEnd {
  /** index in ReachMap.ends */
  index: number;
  round: 1 | 2;
  /** the round-1 end this maneuver starts from (round 2), else -1 */
  parent: number;
  /** where the maneuver starts, with the speed dial it is executed at (before a rift) */
  start: Pose & { speed: number };
  /** the speed dial set (after a navigate command, if any) */
  speed: number;
  /** the speed the tool is set at (one less near a gravity rift) */
  speedUsed: number;
  side: 'left' | 'right';
  clicks: number[];
  final: Pose;
  outcome: ManeuverOutcome;
  /** the rules' full answer for this maneuver (its `why` written when read) */
  report: ManeuverReport;
}

export interface ReachMap {
  ship: string;
  /** the dial as the table has it */
  dial: number;
  topSpeed: number;
  /** the speeds the first maneuver may be made at (a navigate command: one either side) */
  speeds1: number[];
  ends: ReachEnd[];
}

/** The speeds a navigate command allows from a dial: one down, as is, one up, within 0..top. */
export function navigateSpeeds(dial: number, top: number): number[] {
  const out: number[] = [];
  for (const s of [dial - 1, dial, dial + 1]) if (s >= 0 && s <= top) out.push(s);
  return out;
}

/** The top speed of a ship's chart (NO_CHART_TOP_SPEED without one). */
export function topSpeedOf(chart: SpeedChart | null): number {
  return chart ? chart.length : NO_CHART_TOP_SPEED;
}

/**
 * Every maneuver from one start: each speed, each side (speed 0 once: both sides stay put), each
 * allowed click list.
 */
function fansFrom(
  ctx: ManeuverContext,
  speeds: number[],
  round: 1 | 2,
  parent: number,
  start: Pose & { speed: number },
  out: ReachEnd[],
): void {
  for (const speed of speeds) {
    const sides: ('left' | 'right')[] = ctx.speedUsed(speed) === 0 ? ['right'] : ['left', 'right'];
    for (const side of sides) {
      for (const m of ctx.fan(`reach.${round}.${parent}.${speed}.${side}`, speed, side)) {
        out.push({
          index: out.length,
          round,
          parent,
          start,
          speed,
          speedUsed: m.speedUsed,
          side,
          clicks: m.clicks,
          final: m.final,
          outcome: maneuverOutcome(m),
          report: m,
        });
      }
    }
  }
}

/** The speed dial a ship has for its next maneuver after ending this one: a gravity rift it overlaps sets it to 0. */
export function dialAfter(world: World, end: ManeuverReport): number {
  for (const o of end.obstacles) {
    const e = world.byId.get(o.obstacle);
    if (e?.kind === 'obstacle' && e.obstacleKind === 'gravity-rift') return 0;
  }
  return end.speed;
}

/**
 * The reach of a ship: round 1 (each navigate speed), and from every round-1 end still on the
 * table, round 2 (each speed a navigate command could set from that dial). `rounds` 1 stops after
 * the first.
 */
export function reachMap(world: World, shipId: string, rounds: 1 | 2 = 2): ReachMap {
  const e = world.byId.get(shipId);
  if (!e || e.kind !== 'ship') throw new Error(`reach map: no ship with id "${shipId}"`);
  const chart = speedChart(world.catalog, e.piece.class);
  if (!chart) {
    const what = e.piece.class
      ? `class ${e.piece.class}, which has no speed chart in the catalog`
      : 'no class';
    const lists = (2 * world.catalog.maneuverTool.maxClicks.value + 1) ** NO_CHART_TOP_SPEED;
    throw new Error(
      `reach map: ${shipId} has ${what}, so every setting of the tool is a maneuver (up to ${lists} ` +
        `a side at speed ${NO_CHART_TOP_SPEED}): ` +
        'too many to map two rounds of; give it a class',
    );
  }
  const top = topSpeedOf(chart);
  const dial = e.piece.speed;
  const speeds1 = navigateSpeeds(dial, top);
  const ends: ReachEnd[] = [];
  const start0 = { x: e.piece.x, y: e.piece.y, rotation: e.piece.rotation, speed: dial };
  fansFrom(new ManeuverContext(world, shipId, chart), speeds1, 1, -1, start0, ends);
  if (rounds === 2) {
    const firsts = ends.length;
    for (let i = 0; i < firsts; i++) {
      const r1 = ends[i];
      if (r1.report.leavesPlayArea) continue; // destroyed
      const d = dialAfter(world, r1.report);
      const start = { ...r1.final, speed: d };
      const w2 = worldWithShipAt(world, shipId, start);
      fansFrom(new ManeuverContext(w2, shipId, chart), navigateSpeeds(d, top), 2, i, start, ends);
    }
  }
  return { ship: shipId, dial, topSpeed: top, speeds1, ends };
}

/** The table on which `analyze` answers this end's maneuver: the ship at its start, and the maneuver as a proposal. */
export function endAsProposalTable(
  table: Table,
  shipId: string,
  end: Pick<ReachEnd, 'start' | 'speed' | 'clicks' | 'side'>,
): Table {
  const ships = table.ships.map((s) =>
    s.id === shipId
      ? { ...s, x: end.start.x, y: end.start.y, rotation: end.start.rotation, speed: end.start.speed }
      : s,
  );
  return {
    ...table,
    ships,
    proposals: [
      {
        id: 'reach-end',
        kind: 'maneuver',
        ship: shipId,
        speed: end.speed,
        clicks: [...end.clicks],
        side: end.side,
      },
    ],
  };
}
