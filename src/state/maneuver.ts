/**
 * The maneuver being planned in the app is a `maneuver` proposal in the table itself: it is
 * judged with the rest of the table, saved with it, and carried by a share link as it stands.
 * These helpers only edit the table; the rules judge it (src/rules/movement/maneuver.ts).
 */
import type { ManeuverProposal, Table } from '../model/table';
import type { ManeuverReport } from '../rules/movement/maneuver';
import { freshId } from './pieces';

export type Plan = Omit<ManeuverProposal, 'id' | 'kind'> & { speed: number };

/** The maneuver being planned (the table's first maneuver proposal), if any. */
export function planOf(t: Table): ManeuverProposal | undefined {
  return t.proposals.find((p): p is ManeuverProposal => p.kind === 'maneuver');
}

/** The plan's speed: the proposal's, or its ship's. */
export function planSpeed(t: Table, p: ManeuverProposal): number {
  return p.speed ?? t.ships.find((s) => s.id === p.ship)?.speed ?? 0;
}

/** The table with this plan in place of the one it had (its id kept), or added. */
export function withPlan(t: Table, plan: Plan): Table {
  const old = planOf(t);
  const clicks = plan.clicks.slice(0, plan.speed);
  while (clicks.length < plan.speed) clicks.push(0);
  const next: ManeuverProposal = {
    id: old?.id ?? freshId(t, 'maneuver-plan'),
    kind: 'maneuver',
    ship: plan.ship,
    speed: plan.speed,
    clicks,
    side: plan.side,
  };
  // places chosen for squadrons it lands on hold only for the same end
  const same =
    old &&
    old.ship === next.ship &&
    old.speed === next.speed &&
    old.side === next.side &&
    old.clicks.join() === clicks.join();
  if (same && old.placements) next.placements = old.placements;
  return { ...t, proposals: old ? t.proposals.map((p) => (p === old ? next : p)) : [...t.proposals, next] };
}

export function withoutPlan(t: Table): Table {
  const old = planOf(t);
  return old ? { ...t, proposals: t.proposals.filter((p) => p !== old) } : t;
}

/**
 * The table after the planned maneuver: the ship where the rules put it (its speed dial at the
 * planned speed), or gone when its base ends outside the play area (destroyed); the plan removed.
 * Squadrons it lands on go to their places in the same change (one undo step): the ones the
 * opponent chose (the plan's `placements`), else the rules' proposals; one without a place stays.
 * Damage is left to the players.
 */
export function executed(t: Table, answer: ManeuverReport): Table {
  const rest = withoutPlan(t);
  if (answer.leavesPlayArea) return { ...rest, ships: rest.ships.filter((s) => s.id !== answer.ship) };
  const { x, y, rotation } = answer.final;
  const to = answer.placements ?? {};
  const r2 = (v: number) => Math.round(v * 100) / 100;
  return {
    ...rest,
    ships: rest.ships.map((s) => (s.id === answer.ship ? { ...s, x, y, rotation, speed: answer.speed } : s)),
    squadrons: rest.squadrons.map((q) =>
      Object.hasOwn(to, q.id) ? { ...q, x: r2(to[q.id].x), y: r2(to[q.id].y) } : q,
    ),
  };
}

/** The plan with the place the opponent chose for a squadron the ship lands on (null: back to the rules' proposal). */
export function withSpot(t: Table, squadron: string, at: { x: number; y: number } | null): Table {
  const old = planOf(t);
  if (!old) return t;
  const placements = { ...(old.placements ?? {}) };
  if (at) placements[squadron] = { x: Math.round(at.x * 100) / 100, y: Math.round(at.y * 100) / 100 };
  else delete placements[squadron];
  const next: ManeuverProposal = { ...old, placements };
  if (!Object.keys(placements).length) delete next.placements;
  return { ...t, proposals: t.proposals.map((p) => (p === old ? next : p)) };
}
