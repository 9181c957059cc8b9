/**
 * discFarthestFrom (src/geometry/reach.ts): how far the farthest point of a disc lies from one or two
 * convex outlines, held against brute force (test/support/oracle.ts: containment and boundary distance of
 * a ring, written apart from src/geometry), over the whole disc, inside as well as the rim.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Circle } from '../../src/geometry/circle';
import { Polygon } from '../../src/geometry/polygon';
import { discFarthestFrom } from '../../src/geometry/reach';
import { ringBoundaryDistance, ringContains, type XY } from '../support/oracle';

const distToFilled = (ring: XY[], x: number, y: number) =>
  ringContains(ring, x, y) ? 0 : ringBoundaryDistance(ring, x, y);

/** The disc's points on rings every 0.25 mm and every 0.5 degrees: the farthest from the rings found. */
function bruteFarthest(D: Circle, rings: XY[][]): number {
  let best = 0;
  for (let rr = 0; rr <= D.r + 1e-9; rr += D.r / 64) {
    for (let k = 0; k < 720; k++) {
      const t = (k * Math.PI) / 360;
      const x = D.cx + rr * Math.cos(t),
        y = D.cy + rr * Math.sin(t);
      best = Math.max(best, Math.min(...rings.map((g) => distToFilled(g, x, y))));
    }
  }
  return best;
}

describe('discFarthestFrom', () => {
  it('one or two rectangles (a ship base, a huge ship two bases in line), any disc: as brute force finds', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: -300, max: 300, noNaN: true }),
        fc.double({ min: 5, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        (two, cx, cy, r, rot) => {
          const bases = two
            ? [Polygon.rect(0, -111.25, 77.5, 129), Polygon.rect(0, 111.25, 77.5, 129)]
            : [Polygon.rect(0, 0, 63, 102)];
          const placed = bases.map((b) => b.placed(0, 0, rot));
          const D = new Circle(cx, cy, r);
          const got = discFarthestFrom(D, placed);
          const brute = bruteFarthest(
            D,
            placed.map((p) => p.pairs()),
          );
          // brute force samples the disc: it never finds more, and its rim step (r pi / 360) bounds what it misses
          expect(brute).toBeLessThanOrEqual(got + 1e-6);
          expect(got).toBeLessThanOrEqual(brute + (r * Math.PI) / 720 + 1e-6);
        },
      ),
      { numRuns: 60 },
    );
  });
  it('beside the gap between two bases: the rim point straight out, sqrt((g + 2r)^2 + (gap/2)^2)', () => {
    const bases = [Polygon.rect(0, -111.25, 77.5, 129), Polygon.rect(0, 111.25, 77.5, 129)];
    const g = 40,
      r = 17;
    const got = discFarthestFrom(new Circle(77.5 / 2 + g + r, 0, r), bases);
    expect(got).toBeCloseTo(Math.hypot(g + 2 * r, 93.5 / 2), 6);
  });
});
