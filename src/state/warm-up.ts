/**
 * A drag's first steps run judging code the page itself has not run yet (the worker judged the whole
 * table): cold, before the JavaScript engine has compiled it, a phone-class CPU spent 150-270 ms on each
 * of them, and the steps after them stayed slow until the code had run a few hundred times. The warm-up
 * judges a drag of one ship on copies of the table, a tour onto every other piece, as a drag step does
 * (liveAnalysis, the selected attacker's attacks only), and throws the answers away: the app runs it
 * once, a step per task, after the first whole report. Nothing it touches is kept: the tables are new
 * objects, it judges on a world of its own, and the analysis it starts from is only read.
 */
import type { Ship, Table } from '../model/table';
import { World } from '../rules/world';
import { LIVE_PIECES, liveAnalysis, type LiveAnalysis } from './analysis';

/**
 * How many drag steps the warm-up judges. The engine compiles the judging code once it has run it often
 * enough: measured on the tournament table at 4x CPU throttle, a drag's judging after 8 warm-up steps took a
 * median 5-6 ms a step with spikes past 20 ms; after 100, 4 ms; after 300 or more, 3 ms with no spike past 15.
 * A step of the tour costs a desktop about 1 ms once warm.
 */
export const WARM_STEPS = 240;

/**
 * The points of the warm-up's drag: a tour from the ship's place through every other piece of the table in
 * turn, `steps` points evenly spaced along it, turning as it goes (so that its arcs sweep the table), the
 * last 10 mm from the second ship (two bases overlapping: their collision's depth is judged too). The tour
 * puts the ship on obstacles, ships and squadrons: the drag's every kind of answer is judged.
 */
function tour(table: Table, ship: Ship, steps: number): Ship[] {
  const stops = [ship, ...table.obstacles, ...table.ships.filter((s) => s !== ship), ...table.squadrons];
  const cum = [0];
  for (let i = 1; i < stops.length; i++)
    cum.push(cum[i - 1] + Math.hypot(stops[i].x - stops[i - 1].x, stops[i].y - stops[i - 1].y));
  const length = cum[cum.length - 1];
  const out: Ship[] = [];
  let i = 1;
  for (let k = 1; k < steps; k++) {
    const at = (length * k) / steps;
    while (i < stops.length - 1 && cum[i] < at) i++;
    // (a table of one ship: the tour stays where it is, turning)
    const [a, b] = [stops[i - 1] ?? ship, stops[i] ?? ship];
    const f = cum[i] > cum[i - 1] ? (at - cum[i - 1]) / (cum[i] - cum[i - 1]) : 1;
    const rotation = (((ship.rotation + 7 * k) % 360) + 360) % 360;
    out.push({ ...ship, x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y), rotation });
  }
  const onto = table.ships.find((s) => s !== ship);
  if (steps > 0) out.push(onto ? { ...ship, x: onto.x + 10, y: onto.y } : { ...ship, x: ship.x + 10 });
  return out;
}

/**
 * The steps of a drag of the table's first ship from `from` (its front hull zone, or its first zone,
 * attacking) along its tour of the table, each step's analysis yielded as it is judged. Nothing when the
 * table has no ship, has more than LIVE_PIECES pieces, or `from` is another table's.
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
  // a world of its own (the same entries): the picture's world and the context primeDrag built on it are
  // left for the player's drag, whose first step takes that context's rows
  let a: LiveAnalysis = { ...from, world: new World(from.table, from.world.base, from.world) };
  for (const moved of tour(table, ship, steps)) {
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
