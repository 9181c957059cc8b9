/** The quantiles behind the photo's 99% bounds, against printed tables and closed forms. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquareQuantile, confidenceRadiusSq, fQuantile } from '../../src/photo/stats';

describe('quantiles', () => {
  it('chi-square and F as the printed tables give them', () => {
    const close = (a: number, b: number, tol = 1e-4) => expect(Math.abs(a - b) / b).toBeLessThan(tol);
    close(chiSquareQuantile(0.99, 2), 9.2103);
    close(chiSquareQuantile(0.99, 3), 11.3449);
    close(chiSquareQuantile(0.95, 1), 3.8415);
    close(fQuantile(0.99, 2, 10), 7.5594);
    close(fQuantile(0.99, 3, 10), 6.5523);
    close(fQuantile(0.99, 2, 5), 13.274);
    close(fQuantile(0.99, 3, 20), 4.9382);
    close(fQuantile(0.95, 2, 10), 4.1028);
  });

  it('F with 2 degrees of freedom matches its closed form, (v/2)((1-p)^(-2/v) - 1)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.double({ min: 0.5, max: 0.999, noNaN: true }),
        (v, p) => {
          const closed = (v / 2) * ((1 - p) ** (-2 / v) - 1);
          expect(Math.abs(fQuantile(p, 2, v) - closed) / closed).toBeLessThan(1e-8);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('k F(k, v) tends to chi-square(k) as the residuals grow; sigma known is chi-square', () => {
    for (const k of [2, 3]) {
      expect(Math.abs(confidenceRadiusSq(0.99, k, 1e6) - chiSquareQuantile(0.99, k))).toBeLessThan(1e-3);
      expect(confidenceRadiusSq(0.99, k, null)).toBe(chiSquareQuantile(0.99, k));
      // few residuals: a much wider region (2 F(2, 4) = 36 against 9.2)
      expect(confidenceRadiusSq(0.99, k, 4)).toBeGreaterThan(2.5 * chiSquareQuantile(0.99, k));
    }
  });
});
