/**
 * insideIntervals' fast path (a proper crossing decided by parity, without exact predicates)
 * against its exact path (every crossing by exact tests, each piece classified by point
 * location): the same intervals, number for number, for random segments across every obstacle
 * outline, including segments through vertices and along edges, where the fast path must step
 * aside.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Polygon } from '../../src/geometry/polygon';
import { exactInsideIntervals, insideIntervals, segmentReachesInside } from '../../src/geometry/relate';
import { CATALOG, OBSTACLE_TYPES } from '../../src/model/catalog';

const outlines = OBSTACLE_TYPES.map((t) =>
  Polygon.from(CATALOG.obstacles[t].outline).placed(900.25, 450.5, 37.3),
);

describe('insideIntervals: fast path equals exact path', () => {
  it('random segments near every outline', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: outlines.length - 1 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (k, a, b, c, d) => {
          const P = outlines[k];
          const px = 900.25 + a * 90,
            py = 450.5 + b * 90,
            qx = 900.25 + c * 90,
            qy = 450.5 + d * 90;
          expect(insideIntervals(P, px, py, qx, qy)).toEqual(exactInsideIntervals(P, px, py, qx, qy));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('segments through vertices, along edges and ending on the boundary', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: outlines.length - 1 }),
        fc.nat(),
        fc.nat(),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.constantFrom(0, 0.5, 1),
        (k, i, j, s, along) => {
          const P = outlines[k];
          const a = i % P.n,
            b = j % P.n,
            a2 = (a + 1) % P.n;
          // from a point on edge a (at `along`) through vertex b, extended by s
          const px = P.x(a) + (P.x(a2) - P.x(a)) * along,
            py = P.y(a) + (P.y(a2) - P.y(a)) * along;
          const qx = px + (P.x(b) - px) * (1 + s),
            qy = py + (P.y(b) - py) * (1 + s);
          expect(insideIntervals(P, px, py, qx, qy)).toEqual(exactInsideIntervals(P, px, py, qx, qy));
          // along edge a itself, beyond both ends
          const ex = P.x(a2) - P.x(a),
            ey = P.y(a2) - P.y(a);
          expect(insideIntervals(P, P.x(a) - ex, P.y(a) - ey, P.x(a2) + ex, P.y(a2) + ey)).toEqual(
            exactInsideIntervals(P, P.x(a) - ex, P.y(a) - ey, P.x(a2) + ex, P.y(a2) + ey),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a segment across a square by construction', () => {
    const S = Polygon.rect(0, 0, 10, 10);
    expect(insideIntervals(S, -10, 1, 10, 1)).toEqual([[0.25, 0.75]]);
    expect(insideIntervals(S, 0, 1, 10, 1)).toEqual([[0, 0.5]]); // starts inside
    expect(insideIntervals(S, -10, 5, 10, 5)).toEqual([]); // along the top edge: not in the open interior
    expect(insideIntervals(S, -10, 20, 10, 20)).toEqual([]);
    // reaching in: 2 mm deep needs more than 2 mm from every edge
    expect(segmentReachesInside(S, -10, 3, 10, 3, 1.9)).toBe(true);
    expect(segmentReachesInside(S, -10, 3, 10, 3, 2.1)).toBe(false);
  });
});
