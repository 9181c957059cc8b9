/**
 * The setup region drawn from shifted cached sums (setupLegalRegion) against the plain one built
 * at each obstacle's place (setupLegalRegionPlain): the same region up to clipper's rounding of a
 * shift, 1/SCALE mm per vertex.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { difference, SCALE, toPath } from '../../../src/geometry/offset';
import type { Polygon } from '../../../src/geometry/polygon';
import { tournamentTable } from '../../../scripts/bench/tables';
import { setupLegalRegion, setupLegalRegionPlain } from '../../../src/rules/setup/setup';
import { World } from '../../../src/rules/world';
import type { Table } from '../../../src/model/table';

const area = (ps: Polygon[]) => ps.reduce((s, p) => s + Math.abs(p.area), 0);
const perimeter = (ps: Polygon[]) => {
  let s = 0;
  for (const p of ps)
    for (let i = 0; i < p.n; i++) {
      const j = (i + 1) % p.n;
      s += Math.hypot(p.x(j) - p.x(i), p.y(j) - p.y(i));
    }
  return s;
};
/** area of the clipper paths (clipper units squared to mm squared), signed by winding */
const pathsArea = (paths: ReturnType<typeof difference>) =>
  paths.reduce((s, p) => {
    let a = 0;
    for (let i = 0; i < p.length; i++) {
      const j = (i + 1) % p.length;
      a += p[i].X * p[j].Y - p[j].X * p[i].Y;
    }
    return s + a / 2 / SCALE / SCALE;
  }, 0);

function expectSameRegion(fast: Polygon[], plain: Polygon[]) {
  expect(plain.length).toBeGreaterThan(0);
  expect(fast.length).toBe(plain.length);
  const a = fast.map(toPath),
    b = plain.map(toPath);
  const xor = Math.abs(pathsArea(difference(a, b))) + Math.abs(pathsArea(difference(b, a)));
  // every vertex within ~1.5 units of the plain one: the boundary moves at most that far
  expect(xor).toBeLessThanOrEqual((perimeter(plain) * 2) / SCALE);
  expect(Math.abs(area(fast) - area(plain))).toBeLessThanOrEqual((perimeter(plain) * 2) / SCALE);
}

describe('setupLegalRegion from cached shifted sums', () => {
  const t = tournamentTable(1);
  it('equals the plain region on the tournament table, and again after an obstacle moves', () => {
    const next = { type: 'asteroid-b' as const, rotation: 37 };
    expectSameRegion(setupLegalRegion(new World(t), next), setupLegalRegionPlain(new World(t), next));
    const moved: Table = {
      ...t,
      obstacles: t.obstacles.map((o, i) => (i === 2 ? { ...o, x: o.x + 123.4567, y: o.y - 40.01 } : o)),
    };
    expectSameRegion(setupLegalRegion(new World(moved), next), setupLegalRegionPlain(new World(moved), next));
  });
  it('equals the plain region for obstacles placed and turned at random (erratum reading too)', () => {
    const types = ['asteroid-a', 'debris-b', 'station', 'dust-2'] as const;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            x: fc.double({ min: 320, max: 1500, noNaN: true }),
            y: fc.double({ min: 220, max: 700, noNaN: true }),
            rotation: fc.integer({ min: 0, max: 359 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 0, max: 359 }),
        fc.boolean(),
        (places, rotation, erratum) => {
          const table: Table = {
            ...t,
            ships: [],
            squadrons: [],
            proposals: [],
            obstacles: places.map((p, i) => ({ id: `o${i}`, type: types[i % types.length], ...p })),
          };
          const next = { type: 'asteroid-c' as const, rotation };
          const reading = erratum ? ('erratum' as const) : ('core' as const);
          expectSameRegion(
            setupLegalRegion(new World(table), next, reading),
            setupLegalRegionPlain(new World(table), next, reading),
          );
        },
      ),
      { numRuns: 6 },
    );
  });
});
