/** crossing(): how a line of sight meets a shape: clear, graze (within the tolerance, not through) or cross. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Circle } from '../../src/geometry/circle';
import { Polygon } from '../../src/geometry/polygon';
import {
  crossing,
  insideIntervals,
  segmentReachesInside,
  segmentShapeDistance,
} from '../../src/geometry/relate';
import { CATALOG, OBSTACLE_TYPES } from '../../src/model/catalog';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { bruteDistance, ringBoundaryDistance, ringContains } from '../support/oracle';

const S = Polygon.rect(0, 0, 10, 10); // -5..5
const L = Polygon.from([
  [0, 0],
  [4, 0],
  [4, 1],
  [1, 1],
  [1, 4],
  [0, 4],
]);

describe('crossing a polygon', () => {
  it('through the middle: cross, with the length inside and the depth', () => {
    const c = crossing(S, -20, 0, 20, 0);
    expect(c.kind).toBe('cross');
    expect(c.insideLength).toBeCloseTo(10, 12);
    expect(Math.abs(c.depth - 5)).toBeLessThanOrEqual(0.001);
  });
  it('along an edge, or through a single vertex: graze', () => {
    expect(crossing(S, -20, 5, 20, 5)).toMatchObject({ kind: 'graze', clearance: 0, insideLength: 0 });
    expect(crossing(S, -10, 0, 0, 10).kind).toBe('graze'); // through the corner (-5, 5)
    expect(crossing(L, 2, 2, 0.5, 0.5).kind).toBe('cross');
    expect(crossing(L, 2, 0.5, 2, 3).kind).toBe('cross');
    expect(crossing(L, 1, 1, 3, 3).kind).toBe('graze'); // from the reflex vertex out through the notch
    expect(crossing(L, 3, -1, -1, 3).kind).toBe('cross');
  });
  it('within the tolerance either side of an edge: graze; beyond it: clear or cross', () => {
    expect(crossing(S, -20, 5.004, 20, 5.004).kind).toBe('graze');
    expect(crossing(S, -20, 4.996, 20, 4.996).kind).toBe('graze');
    expect(crossing(S, -20, 4.99, 20, 4.99).kind).toBe('cross');
    const clear = crossing(S, -20, 5.01, 20, 5.01);
    expect(clear.kind).toBe('clear');
    expect(clear.clearance).toBeCloseTo(0.01, 12);
  });
  it('a segment that stops short, or starts inside', () => {
    expect(crossing(S, -20, 0, -5.01, 0).kind).toBe('clear');
    expect(crossing(S, -20, 0, -5, 0).kind).toBe('graze'); // ends on the edge
    expect(crossing(S, 0, 0, 1, 1)).toMatchObject({ kind: 'cross', clearance: 0 });
    expect(crossing(S, 0, 0, 1, 1).insideLength).toBeCloseTo(Math.SQRT2, 12);
  });
  it('inside intervals and reach on a concave outline (debris-a) match sampling', () => {
    const D = Polygon.from(CATALOG.obstacles['debris-a'].outline).placed(600, 400, 21);
    for (let k = 0; k < 60; k++) {
      const a = (k * 137.5 * Math.PI) / 180;
      const px = 600 + 60 * Math.cos(a),
        py = 400 + 60 * Math.sin(a);
      const qx = 600 - 60 * Math.cos(a + k / 10),
        qy = 400 - 60 * Math.sin(a + k / 10);
      const iv = insideIntervals(D, px, py, qx, qy);
      for (let i = 1; i < 400; i++) {
        const t = i / 400;
        const x = px + (qx - px) * t,
          y = py + (qy - py) * t;
        if (D.closestBoundaryPoint(x, y).d < 1e-6) continue;
        expect(iv.some(([t0, t1]) => t > t0 && t < t1)).toBe(D.contains(x, y));
      }
      const deep = Array.from({ length: 399 }, (_, i) => (i + 1) / 400)
        .map((t) => -D.signedDistance(px + (qx - px) * t, py + (qy - py) * t))
        .reduce((m, v) => Math.max(m, v), -Infinity);
      if (deep > 0.3) expect(segmentReachesInside(D, px, py, qx, qy, deep - 0.2)).toBe(true);
      const c = crossing(D, px, py, qx, qy);
      if (c.kind === 'cross') expect(c.depth).toBeGreaterThanOrEqual(deep - 0.01);
    }
  });
});

describe('crossing a disc', () => {
  const C = new Circle(0, 0, 5);
  it('tangent grazes, a hair inside crosses, a hair outside is clear', () => {
    expect(crossing(C, -10, 5, 10, 5).kind).toBe('graze');
    expect(crossing(C, -10, 4.99, 10, 4.99).kind).toBe('cross');
    expect(crossing(C, -10, 5.01, 10, 5.01)).toMatchObject({ kind: 'clear' });
    const x = crossing(C, -10, 0, 10, 0);
    expect(x.insideLength).toBeCloseTo(10, 12);
    expect(x.depth).toBeCloseTo(5, 12);
  });
  it('segmentShapeDistance', () => {
    expect(segmentShapeDistance(C, -10, 8, 10, 8)).toBe(3);
    expect(segmentShapeDistance(S, 7, 0, 9, 0)).toBe(2);
    expect(segmentShapeDistance(S, 0, 0, 1, 0)).toBe(0);
  });
});

describe('crossing on random lines past every outline', () => {
  it('the same either way along the line; clear and cross as brute force and sampling say', () => {
    const c = fc.integer({ min: -900_000, max: 900_000 }).map((v) => v / 10_000 + 1e-7);
    let crosses = 0,
      clears = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...OBSTACLE_TYPES),
        fc.double({ min: 0, max: 360, noNaN: true }),
        c,
        c,
        c,
        c,
        (type, rot, px, py, qx, qy) => {
          const P = Polygon.from(CATALOG.obstacles[type].outline).placed(1000, 500, rot);
          const [ax, ay, bx, by] = [1000 + px, 500 + py, 1000 + qx, 500 + qy];
          const f = crossing(P, ax, ay, bx, by),
            b = crossing(P, bx, by, ax, ay);
          expect(b.kind).toBe(f.kind);
          expect(b.insideLength).toBeCloseTo(f.insideLength, 9);
          const ring = P.pairs();
          const clearance = bruteDistance(
            { ring },
            {
              ring: [
                [ax, ay],
                [bx, by],
              ],
            },
          );
          if (clearance > TOLERANCE_MM + 1e-6) {
            expect(f.kind).toBe('clear');
            expect(f.clearance).toBeCloseTo(clearance, 9);
            clears++;
          }
          if (clearance < TOLERANCE_MM - 1e-6) expect(f.kind).not.toBe('clear');
          // deepest sampled reach; the depth is 1-Lipschitz along the line, so sampling misses at most half a step
          const len = Math.hypot(bx - ax, by - ay),
            steps = Math.max(1, Math.ceil(len / 0.02));
          let deep = -Infinity,
            inside = 0;
          for (let i = 0; i <= steps; i++) {
            const x = ax + ((bx - ax) * i) / steps,
              y = ay + ((by - ay) * i) / steps;
            if (ringContains(ring, x, y)) {
              deep = Math.max(deep, ringBoundaryDistance(ring, x, y));
              inside++;
            }
          }
          if (deep > TOLERANCE_MM + 1e-6) {
            expect(f.kind).toBe('cross');
            expect(f.depth).toBeGreaterThanOrEqual(deep - 0.002);
            crosses++;
          }
          if (f.kind === 'cross') {
            expect(deep).toBeGreaterThan(TOLERANCE_MM - 0.011);
            expect(f.insideLength).toBeCloseTo((inside / (steps + 1)) * len, 0);
          }
        },
      ),
      { numRuns: 300, seed: 17 },
    );
    expect(crosses).toBeGreaterThan(50);
    expect(clears).toBeGreaterThan(50);
  });
});
