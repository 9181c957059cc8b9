/**
 * A drag's first steps run judging code the page itself has not run yet (the worker judged the whole
 * table): cold, before the JavaScript engine has compiled it, a phone-class CPU spent 150-270 ms on each
 * of them. The warm-up judges a short drag of one ship on copies of the table, as a drag step does
 * (liveAnalysis, the selected attacker's attacks only), and throws the answers away: the app runs it
 * once, a step per task, after the first whole report. Nothing it touches is kept: the tables are new
 * objects, and the analysis it starts from is only read.
 */
import type { Table } from '../model/table';
import { LIVE_PIECES, liveAnalysis, type LiveAnalysis } from './analysis';

/** how many drag steps the warm-up judges, and how far apart (mm) */
export const WARM_STEPS = 8;
const STEP_MM = 0.5;

/**
 * The steps of a drag of the table's first ship from `from` (its front hull zone, or its first zone,
 * attacking), each step's analysis yielded as it is judged; the last step onto a point 10 mm from the
 * second ship's (two bases overlapping: their collision's depth is judged too). Nothing when the table
 * has no ship, has more than LIVE_PIECES pieces, or `from` is another table's.
 */
export function* warmUpSteps(table: Table, from: LiveAnalysis, steps = WARM_STEPS): Generator<LiveAnalysis> {
  const ship = table.ships[0];
  const entry = ship && from.world.ships.find((s) => s.id === ship.id);
  if (!ship || !entry || from.table !== table) return;
  // a crowded table's step (a pile of 200 pieces) can take a long task of its own: the warm-up is only a
  // speed-up, so a table past the live judging's own limit gets none
  if (from.world.all.length > LIVE_PIECES) return;
  const zones = entry.shapes.zones;
  const attacker = `${ship.id}.${zones.includes('front') ? 'front' : zones[0]}`;
  let a = from;
  for (let k = 1; k <= steps; k++) {
    const onto = k === steps ? table.ships[1] : undefined;
    const moved = onto ? { ...ship, x: onto.x + 10, y: onto.y } : { ...ship, x: ship.x + k * STEP_MM };
    const t: Table = { ...table, ships: table.ships.map((s) => (s === ship ? moved : s)) };
    a = liveAnalysis(t, a, { attacker, frameOnly: true });
    yield a;
  }
}

/** Every step of the warm-up at once: the last step's analysis (null: no ship to move). */
export function warmUp(table: Table, from: LiveAnalysis, steps = WARM_STEPS): LiveAnalysis | null {
  let last: LiveAnalysis | null = null;
  for (const a of warmUpSteps(table, from, steps)) last = a;
  return last;
}
