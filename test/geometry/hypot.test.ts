/** hypot (src/geometry/hypot.ts) must give Math.hypot's number exactly, every bit, for any two numbers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hypot } from '../../src/geometry/hypot';

describe('hypot', () => {
  it('equals Math.hypot on special values', () => {
    const specials = [
      0,
      -0,
      1,
      -1,
      0.1,
      3,
      4,
      1e-310,
      -5e-324,
      1e308,
      -1.7976931348623157e308,
      Infinity,
      -Infinity,
      NaN,
      2 ** -1074,
      1 - 2 ** -53,
    ];
    for (const x of specials)
      for (const y of specials) expect(Object.is(hypot(x, y), Math.hypot(x, y))).toBe(true);
  });

  it('equals Math.hypot on random doubles of every magnitude', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (x, y) => Object.is(hypot(x, y), Math.hypot(x, y))),
      { numRuns: 200000 },
    );
  });

  it('equals Math.hypot on table-sized differences (millimetres, to a few metres)', () => {
    let seed = 12345;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let i = 0; i < 1_000_000; i++) {
      const x = (rnd() - 0.5) * 4000 * 10 ** (-rnd() * 8),
        y = (rnd() - 0.5) * 4000 * 10 ** (-rnd() * 8);
      if (!Object.is(hypot(x, y), Math.hypot(x, y)))
        expect([x, y, hypot(x, y)]).toEqual([x, y, Math.hypot(x, y)]);
    }
  });
});
