/**
 * The penetration depth's search, written out to skip edges that cannot hold the answer, against the
 * plain search it came from (test/geometry/penetration-reference.ts): the same depth and the same move,
 * bit for bit, for ships of every size overlapping at any place and turn, and for parts placed so that
 * many differences' edges cross near the answer (ships on a coarse grid turned by right angles).
 * The depth's own definition is tested in test/rules/sanity.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { penetration } from '../../src/geometry/penetration';
import { CATALOG } from '../../src/model/catalog';
import { shipShapes } from '../../src/model/pieces';
import { penetrationPlain } from './penetration-reference';

const size = fc.constantFrom('small', 'medium', 'large') as fc.Arbitrary<'small' | 'medium' | 'large'>;
const parts = (sz: 'small' | 'medium' | 'large', x: number, y: number, rotation: number) => {
  const s = shipShapes(CATALOG, { size: sz, x, y, rotation });
  return [s.base, s.dials.front, s.dials.rear, s.dials.left, s.dials.right];
};

describe('penetration: the pruned search against the plain one', () => {
  it('gives the same depth and move for overlapping ships at any place and turn', () => {
    let overlapping = 0;
    fc.assert(
      fc.property(
        size,
        size,
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (sa, sb, x, y, ra, rb) => {
          const a = parts(sa, 0, 0, ra),
            b = parts(sb, x, y, rb);
          const fast = penetration(a, b),
            plain = penetrationPlain(a, b);
          expect(fast).toEqual(plain);
          if (plain.depth > 0) overlapping++;
        },
      ),
      { numRuns: 400, seed: 21 },
    );
    expect(overlapping).toBeGreaterThan(150);
  });
  it('gives the same on a coarse grid of right-angle turns (edges in line, ties between candidates)', () => {
    const coarse = fc.integer({ min: -12, max: 12 }).map((k) => k * 5);
    fc.assert(
      fc.property(
        size,
        size,
        coarse,
        coarse,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (sa, sb, x, y, qa, qb) => {
          const a = parts(sa, 0, 0, 90 * qa),
            b = parts(sb, x, y, 90 * qb);
          expect(penetration(a, b)).toEqual(penetrationPlain(a, b));
        },
      ),
      { numRuns: 400, seed: 22 },
    );
  });
});
