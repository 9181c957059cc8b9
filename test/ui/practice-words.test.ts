/** The practice maps' status line (src/ui/practice-words.ts): a player's words, the ship by its name. */
import { describe, expect, it } from 'vitest';
import { validateTable } from '../../src/model/table';
import { namer } from '../../src/model/names';
import type { EndData, GridData } from '../../src/rules/practice/maps';
import { freshMaps, type PracticeMaps } from '../../src/state/practice';
import { attackWords, statusText } from '../../src/ui/practice-words';

const table = validateTable({
  format: 'armada-table/1',
  table: '3x6',
  ships: [
    { id: 'p1-ship4', size: 'medium', class: 'victory', player: 1, x: 600, y: 250, rotation: 0, speed: 2 },
  ],
  squadrons: [],
  obstacles: [],
});
const ends = (first: number, second: number) =>
  [...Array(first + second)].map((_, i) => ({ round: i < first ? 1 : 2 }) as EndData);
const maps = (over: Partial<PracticeMaps>): PracticeMaps => ({
  ...freshMaps(table, 'p1-ship4', { cellMm: 5, over: 'reach' }),
  ...over,
});
const name = namer(table)('p1-ship4');

describe('the practice status line', () => {
  it('names the ship as the table does, never by its id', () => {
    expect(name).toBe('Victory');
    expect(statusText(maps({}), true, name)).toBe('Victory: working out where it can go...');
  });

  it('complete: the places after one and two maneuvers, every spot and place checked, briefly timed', () => {
    const m = maps({
      ends: ends(12, 1500),
      grid: { cell: 5, total: 4398 } as GridData,
      cellsDone: 4398,
      endsDone: 1512,
      done: true,
      firstMs: 120,
      ms: 2340,
    });
    const s = statusText(m, true, name);
    expect(s).toBe(
      'Victory: 12 places after one maneuver, 1,500 after two; threat: every 5 mm spot checked (4,398); ' +
        'opportunity: from every place (1,512); first map after 0.12 s, done in 2.3 s.',
    );
    expect(s).not.toContain('p1-ship4');
  });

  it('under way: how far each map has got', () => {
    const m = maps({ ends: ends(1, 20), grid: { cell: 10, total: 300 } as GridData, cellsDone: 75 });
    expect(statusText(m, true, name)).toBe(
      'Victory: 1 place after one maneuver, 20 after two; threat: 75 of 300 10 mm spots checked...',
    );
    const n = maps({ ...m, cellsDone: 300, endsDone: 4, firstMs: 90 });
    expect(statusText(n, true, name)).toContain(
      'opportunity: from 4 of 21 places; first map after 0.09 s...',
    );
  });

  it('no workers, or an error, in words', () => {
    expect(statusText(null, false, '')).toBe('Workers are not available here: no practice maps.');
    expect(statusText(maps({ error: 'the practice worker stopped', done: true }), true, name)).toBe(
      'No map for Victory: the practice worker stopped.',
    );
  });
});

describe("a readable cell's attacks", () => {
  it('say a squadron attacks at distance 1, a ship at its range band, and whether obstructed', () => {
    expect(attackWords({ range: 'distance-1', los: 'obstructed' })).toBe('at distance 1, obstructed');
    expect(attackWords({ range: 'long', los: 'clear' })).toBe('at long range');
  });
});
