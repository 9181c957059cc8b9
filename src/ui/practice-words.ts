/**
 * The practice maps' progress in a player's words (the panel's status line and the saved
 * picture's heading): the ship by its name, where it can end its next two maneuvers, how much of
 * the threat and opportunity maps is worked out, and how long it took. No DOM, no pixi.
 */
import type { PracticeMaps } from '../state/practice';

/** A count as a player reads it: 1,512. */
export const count = (n: number): string => n.toLocaleString('en-US');

/** Seconds, briefly: 0.12 s, 2.3 s. */
const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1)} s`;

/**
 * An attack that can be made, in words: its range ("at long range"; a squadron's "at distance 1", not
 * "at distance-1 range"), and whether obstructed.
 */
export const attackWords = (p: { range: string; los: string }): string =>
  `at ${p.range === 'distance-1' ? 'distance 1' : `${p.range} range`}${p.los === 'obstructed' ? ', obstructed' : ''}`;

/** How many places each maneuver can end at: "9 places after one maneuver, 153 after two". */
function reachWords(ends: NonNullable<PracticeMaps['ends']>): string {
  let first = 0;
  for (const e of ends) if (e.round === 1) first++;
  const places = `${count(first)} place${first === 1 ? '' : 's'}`;
  return `${places} after one maneuver, ${count(ends.length - first)} after two`;
}

/**
 * The maps' progress in words; `available` is whether workers are, `name` the ship's name as the
 * table shows it.
 */
export function statusText(m: PracticeMaps | null, available: boolean, name: string): string {
  if (!m) return available ? '' : 'Workers are not available here: no practice maps.';
  if (m.error) return `No map for ${name}: ${m.error}.`;
  const parts = [`${name}: ${m.ends ? reachWords(m.ends) : 'working out where it can go'}`];
  const g = m.grid;
  if (g)
    parts.push(
      m.cellsDone >= g.total
        ? `threat: every ${g.cell} mm spot checked (${count(g.total)})`
        : `threat: ${count(m.cellsDone)} of ${count(g.total)} ${g.cell} mm spots checked`,
    );
  if (m.ends && m.cellsDone >= (g?.total ?? 0))
    parts.push(
      m.endsDone >= m.ends.length
        ? `opportunity: from every place (${count(m.ends.length)})`
        : `opportunity: from ${count(m.endsDone)} of ${count(m.ends.length)} places`,
    );
  const times: string[] = [];
  if (m.firstMs !== null) times.push(`first map after ${seconds(m.firstMs)}`);
  if (m.done && m.ms !== null) times.push(`done in ${seconds(m.ms)}`);
  if (times.length) parts.push(times.join(', '));
  return parts.join('; ') + (m.done ? '.' : '...');
}
