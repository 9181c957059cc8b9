/**
 * An outline as convex parts (src/geometry/convex-parts.ts), and the depth of a convex piece in a non-convex
 * outline measured on them, held against clipper's own Minkowski sum (an independent computation, to its
 * rounding).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convexParts } from '../../src/geometry/convex-parts';
import { penetrationDepth } from '../../src/geometry/penetration';
import { Polygon } from '../../src/geometry/polygon';
import { CATALOG } from '../../src/model/catalog';
import { obstacleOutline } from '../../src/model/pieces';
import { depthByClipper } from './depth-by-clipper';

const TYPES = Object.keys(CATALOG.obstacles) as (keyof typeof CATALOG.obstacles)[];
describe('convexParts', () => {
  it("tiles every obstacle outline: the parts' areas add up to the outline's, each corner one of its vertices", () => {
    for (const type of TYPES) {
      const P = obstacleOutline(CATALOG, { type, x: 500, y: 400, rotation: 37 });
      const parts = convexParts(P);
      expect(parts.length).toBeGreaterThan(0);
      const sum = parts.reduce((t, q) => t + q.area, 0);
      expect(Math.abs(sum - P.area) / P.area, type).toBeLessThan(1e-9);
      const corners = new Set(Array.from({ length: P.n }, (_, i) => `${P.x(i)},${P.y(i)}`));
      for (const q of parts)
        for (let i = 0; i < q.n; i++) expect(corners.has(`${q.x(i)},${q.y(i)}`)).toBe(true);
    }
  });

  it('gives a convex polygon back whole', () => {
    const R = Polygon.rect(0, 0, 4, 2);
    expect(convexParts(R)).toEqual([R]);
  });

  it("measures a square's depth in an L by construction: the way out is up, d mm", () => {
    const L = Polygon.from([
      [0, 0],
      [10, 0],
      [10, 2],
      [2, 2],
      [2, 10],
      [0, 10],
    ]);
    for (const d of [0.01, 0.3, 0.9]) {
      const A = Polygon.from([
        [5, 2 - d],
        [6, 2 - d],
        [6, 3 - d],
        [5, 3 - d],
      ]);
      expect(penetrationDepth([A], convexParts(L))).toBeCloseTo(d, 9);
    }
    // touching the L's inner corner from outside: no depth
    const out = Polygon.rect(3, 3, 2, 2);
    expect(penetrationDepth([out], convexParts(L))).toBe(0);
  });

  it("a dial-sized piece's depth in any obstacle, turned and placed anywhere near it, is clipper's", () => {
    let overlapping = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...TYPES),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -12, max: 12, noNaN: true }),
        fc.double({ min: -12, max: 12, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        (type, rot, at, dx, dy, turn) => {
          const B = obstacleOutline(CATALOG, { type, x: 400, y: 300, rotation: rot });
          // near a point of the outline: a vertex picked by `at`, moved
          const k = Math.min(B.n - 1, Math.floor(at * B.n));
          const cx = B.x(k) + dx,
            cy = B.y(k) + dy;
          const c = Math.cos((turn * Math.PI) / 180),
            s = Math.sin((turn * Math.PI) / 180);
          const A = Polygon.from(
            [
              [-8.5, -5],
              [8.5, -5],
              [8.5, 5],
              [-8.5, 5],
            ].map(([x, y]) => [cx + x * c - y * s, cy + x * s + y * c] as [number, number]),
          );
          const mine = penetrationDepth([A], convexParts(B));
          const theirs = depthByClipper(A, B);
          if (mine > 0) overlapping++;
          // clipper's integers: each corner rounded by up to 0.5e-4 mm in each coordinate, the sum's by twice that
          expect(Math.abs(mine - theirs)).toBeLessThan(3e-4);
        },
      ),
      { numRuns: 300, seed: 7 },
    );
    expect(overlapping).toBeGreaterThan(50);
  });
});
