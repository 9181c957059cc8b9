/**
 * The distances section's figure (measuredDistance: no closest points) against relateMeasured, the pair's
 * whole relation it stands for: the same number for every pair, on random crowded tables and on the table of
 * every class with the huge ship (two bases) moved among the others.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/model/catalog';
import { parseTableText, type Table } from '../../src/model/table';
import { measuredDistance, relateMeasured } from '../../src/rules/distances';
import { World } from '../../src/rules/world';
import { tableArb, touchingTableArb } from '../support/tables';

/** every pair's two figures, both ways round; fails at the first that differs */
function expectSame(table: Table): { pairs: number; zero: number } {
  const all = new World(table, CATALOG).all;
  let pairs = 0,
    zero = 0;
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) {
      const want = relateMeasured(all[i], all[j]).distance;
      expect(measuredDistance(all[i], all[j]), `${all[i].id} ${all[j].id}`).toBe(want);
      // either way round (the section asks each pair once, in table order)
      expect(measuredDistance(all[j], all[i]), `${all[j].id} ${all[i].id}`).toBe(
        relateMeasured(all[j], all[i]).distance,
      );
      pairs++;
      if (want === 0) zero++;
    }
  return { pairs, zero };
}

const everyClass = parseTableText(
  readFileSync(new URL('../tables/every-class.json', import.meta.url), 'utf8'),
);

describe('the distances section asks the distance alone', () => {
  it('gives the figure of the whole relation on random crowded tables', () => {
    let zero = 0;
    for (const arb of [tableArb, touchingTableArb])
      fc.assert(
        fc.property(arb, (t) => {
          zero += expectSame(t as unknown as Table).zero;
        }),
        { numRuns: 150, seed: 41 },
      );
    // touching and overlapping pairs (0 mm) are among them, not only pairs apart
    expect(zero).toBeGreaterThan(100);
  });

  it('gives it for the huge ship (from its two bases) wherever it stands among the others', () => {
    const huge = everyClass.ships.find((s) => s.class === 'executor')!;
    const entry = new World(everyClass, CATALOG).ships.find((s) => s.id === huge.id)!;
    expect(entry.shapes.bases).toHaveLength(2);
    let zero = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 100, max: 1700, noNaN: true }),
        fc.double({ min: 100, max: 800, noNaN: true }),
        fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }),
        (x, y, rotation) => {
          const ships = everyClass.ships.map((s) => (s === huge ? { ...s, x, y, rotation } : s));
          zero += expectSame({ ...everyClass, ships }).zero;
        },
      ),
      { numRuns: 40, seed: 42 },
    );
    expect(zero).toBeGreaterThan(10);
  });
});
