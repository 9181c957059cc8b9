/**
 * Setup practice's fleets: every bundled reference list reads to ships the rating can move (a class
 * with a speed chart each, distinct ids, the player's own), the same text as the shared reference
 * list it was copied from; a list with nothing readable gives no ships, and says so by being empty.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, speedChart } from '../../src/model/catalog';
import { REFERENCE_FLEETS } from '../../src/model/reference-fleets';
import { fleetShips } from '../../src/state/setup-practice';
import { SHARED, sharedFile } from '../support/shared';

describe('the bundled reference lists', () => {
  for (const f of REFERENCE_FLEETS) {
    it(`${f.id}: ships with speed charts, distinct ids, the player's`, () => {
      const r = fleetShips(f.text, 2);
      expect(r.ships.length).toBeGreaterThanOrEqual(2);
      expect(new Set(r.ships.map((s) => s.id)).size).toBe(r.ships.length);
      for (const s of r.ships) {
        expect(speedChart(CATALOG, s.class)).not.toBeNull();
        expect(s.player).toBe(2);
        expect(s.id.startsWith('p2-')).toBe(true);
        expect(s.speed).toBeLessThanOrEqual(speedChart(CATALOG, s.class)!.length);
      }
    });
    const rel = `reference/fleet-lists/${f.id}.txt`;
    it.skipIf(!sharedFile(rel, `${f.id}'s text against the shared list`))(
      `${f.id}: the shared reference list's text`,
      () => {
        expect(f.text).toBe(readFileSync(join(SHARED, rel), 'utf8'));
      },
    );
  }
  it('a text with no ship gives none', () => {
    expect(fleetShips('hello', 1).ships).toEqual([]);
  });
});
