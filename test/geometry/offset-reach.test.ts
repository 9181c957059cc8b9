import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ClipperLib from 'clipper-lib';
import {
  ARC_TOLERANCE_MM,
  difference,
  grownOutline,
  minkowskiByConvolution,
  minkowskiPaths,
  minkowskiPathsPlain,
  rectPath,
  reflected,
  regionPolygons,
  SCALE,
  toPath,
  union,
} from '../../src/geometry/offset';
import { Polygon } from '../../src/geometry/polygon';
import { farthestReach, overlapDepth, segmentWithin } from '../../src/geometry/reach';
import { Circle } from '../../src/geometry/circle';
import { ringBoundaryDistance, ringContains, type XY } from '../support/oracle';
import { obstacleRing } from '../support/shapes';
import { uniform } from '../support/campaign';

const ringOf = (P: Polygon): XY[] => P.pairs();
/** Distance from a point to a filled ring, brute force. */
const distToFilled = (ring: XY[], x: number, y: number) =>
  ringContains(ring, x, y) ? 0 : ringBoundaryDistance(ring, x, y);

describe('grownOutline (clipper offset)', () => {
  it('grows a square by d: every vertex within [d - arc tolerance, d] of it, area as the formula', () => {
    const sq = Polygon.rect(100, 100, 40, 40);
    for (const d of [1, 76.5, 124.75]) {
      const g = grownOutline(sq, d);
      expect(g).toHaveLength(1);
      for (const [x, y] of g[0].pairs()) {
        const dd = distToFilled(ringOf(sq), x, y);
        expect(dd).toBeLessThanOrEqual(d + 1e-3);
        expect(dd).toBeGreaterThanOrEqual(d - ARC_TOLERANCE_MM - 1e-3);
      }
      const exact = 40 * 40 + 4 * 40 * d + Math.PI * d * d;
      expect(g[0].area).toBeLessThanOrEqual(exact + 1e-3 * 4 * (40 + d));
      expect(g[0].area).toBeGreaterThan(exact - ARC_TOLERANCE_MM * 2 * Math.PI * d - 1);
    }
  });

  it('grows every obstacle outline: vertices at the distance from the original outline', () => {
    for (const type of ['gravity-rift', 'purrgil-1', 'exogorth-2', 'debris-a']) {
      const ring = obstacleRing(type, 400, 400, 33);
      const g = grownOutline(Polygon.from(ring), 76.5);
      expect(g.length).toBe(1);
      for (const [x, y] of g[0].pairs()) {
        const dd = distToFilled(ring, x, y);
        expect(dd).toBeGreaterThanOrEqual(76.5 - 2 * ARC_TOLERANCE_MM - 1e-3);
        expect(dd).toBeLessThanOrEqual(76.5 + 1e-3);
      }
    }
  });
});

describe('regionPolygons', () => {
  it('cuts a region with holes into simple polygons that leave the holes out', () => {
    const holes = [rectPath(20, 20, 30, 30), rectPath(60, 50, 70, 80)];
    const polys = regionPolygons(difference([rectPath(0, 0, 100, 100)], holes));
    const area = polys.reduce((s, p) => s + p.area, 0);
    expect(area).toBeCloseTo(100 * 100 - 100 - 300, 6);
    for (const p of polys) {
      expect(p.area).toBeGreaterThan(0);
      expect(p.locate(25, 25)).toBe('outside');
      expect(p.locate(65, 65)).toBe('outside');
    }
    expect(polys.some((p) => p.contains(5, 5))).toBe(true);
    expect(polys.some((p) => p.contains(95, 95))).toBe(true);
  });
});

describe('farthestReach', () => {
  it('is the length of a translation (the extreme point moves straight out)', () => {
    const ring = obstacleRing('purrgil-1', 500, 400, 20);
    const P = Polygon.from(ring);
    for (const [dx, dy] of [
      [124.75, 0],
      [0, -76.5],
      [30, 40],
      [0.01, 0],
    ]) {
      expect(farthestReach(P, P.placed(dx, dy, 0))).toBeCloseTo(Math.hypot(dx, dy), 2);
    }
    expect(farthestReach(P, P)).toBe(0);
  });

  it('agrees with dense sampling of the moved outline (rotations and moves)', () => {
    const base = Polygon.from(obstacleRing('purrgil-2', 0, 0, 0));
    fc.assert(
      fc.property(uniform(-60, 60), uniform(-60, 60), uniform(0, 359), (dx, dy, rot) => {
        const P = base.placed(500, 400, 0);
        const Q = base.placed(500 + dx, 400 + dy, rot);
        const reach = farthestReach(P, Q);
        const ringP = ringOf(P);
        let sampled = 0;
        const q = Q.pairs();
        for (let i = 0; i < q.length; i++) {
          const [ax, ay] = q[i],
            [bx, by] = q[(i + 1) % q.length];
          const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 0.05));
          for (let k = 0; k <= steps; k++)
            sampled = Math.max(
              sampled,
              distToFilled(ringP, ax + ((bx - ax) * k) / steps, ay + ((by - ay) * k) / steps),
            );
        }
        // sampling at 0.05 mm finds a lower bound within 0.05 of the true maximum
        expect(reach).toBeGreaterThanOrEqual(sampled - 0.002);
        expect(reach).toBeLessThanOrEqual(sampled + 0.05);
      }),
      { numRuns: 25 },
    );
  });

  it('segmentWithin: a segment along a square side at height h is within h, not within h - 0.01', () => {
    const sq = Polygon.rect(0, 0, 10, 10);
    expect(segmentWithin(sq, -5, 8, 5, 8, 3)).toBe(true);
    expect(segmentWithin(sq, -5, 8, 5, 8, 2.99)).toBe(false);
    expect(segmentWithin(sq, -2, 0, 2, 0, 0)).toBe(true);
  });
});

describe('overlapDepth', () => {
  it('two squares sharing a strip k wide overlap k deep; touching squares 0', () => {
    const A = Polygon.rect(5, 5, 10, 10);
    for (const k of [0.1, 1, 3]) expect(overlapDepth(A, Polygon.rect(15 - k, 5, 10, 10))).toBeCloseTo(k, 2);
    expect(overlapDepth(A, Polygon.rect(15, 5, 10, 10))).toBe(0);
  });
  it('disc and square: radius less the centre distance', () => {
    const A = Polygon.rect(5, 5, 10, 10);
    expect(overlapDepth(A, new Circle(12, 5, 3))).toBeCloseTo(1, 9);
    expect(overlapDepth(new Circle(0, 0, 2), new Circle(3, 0, 2))).toBeCloseTo(1, 9);
    expect(overlapDepth(A, new Circle(14, 5, 3))).toBe(0);
  });
});

describe('minkowskiPaths', () => {
  it('two squares: the square of summed sides', () => {
    const m = minkowskiPaths(Polygon.rect(0, 0, 10, 10), Polygon.rect(100, 50, 4, 6));
    expect(m).toHaveLength(1);
    const xs = m[0].map((p) => p.X / SCALE),
      ys = m[0].map((p) => p.Y / SCALE);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([93, 107, 42, 58]);
  });
  it("matches clipper's own MinkowskiSum (the slow way) for pairs of obstacle outlines", () => {
    const types = ['debris-a', 'dust-1', 'station', 'purrgil-2', 'asteroid-a'];
    for (let i = 0; i < types.length; i++) {
      const A = Polygon.from(obstacleRing(types[i], 600, 400, 17 * i));
      const B = reflected(Polygon.from(obstacleRing(types[(i + 2) % types.length], 0, 0, 40 + 33 * i)));
      const a = toPath(A),
        b = toPath(B);
      const slow = union([
        ...ClipperLib.Clipper.MinkowskiSum(a, b, true),
        a.map((q) => ({ X: q.X + b[0].X, Y: q.Y + b[0].Y })),
      ]);
      const fast = minkowskiPaths(A, B);
      const area = (ps: typeof fast) =>
        ps.reduce((s, p) => s + Math.abs(ClipperLib.Clipper.Area(p)), 0) / SCALE / SCALE;
      // the sum is merged in halves, each merge rounding its crossings to clipper's integers: the
      // outlines agree to that rounding, 1/SCALE mm along the outline
      const perimeter =
        slow.reduce(
          (s, p) =>
            s +
            p.reduce(
              (t, q, k) => t + Math.hypot(q.X - p[(k + 1) % p.length].X, q.Y - p[(k + 1) % p.length].Y),
              0,
            ),
          0,
        ) / SCALE;
      expect(area(difference(fast, slow))).toBeLessThan(perimeter / SCALE);
      expect(area(difference(slow, fast))).toBeLessThan(perimeter / SCALE);
    }
  });

  const OBSTACLES = [
    'asteroid-a',
    'asteroid-b',
    'asteroid-c',
    'debris-a',
    'debris-b',
    'station',
    'dust-1',
    'dust-2',
    'gravity-rift',
    'purrgil-1',
    'purrgil-2',
    'exogorth-1',
    'exogorth-2',
  ] as const;
  /** the convolution's sum against the whole copies': one outline, equal up to clipper's rounding of crossings */
  const expectSameSum = (
    fast: ReturnType<typeof minkowskiPaths>,
    plain: ReturnType<typeof minkowskiPaths>,
  ) => {
    const area = (ps: typeof fast) =>
      ps.reduce((s, p) => s + Math.abs(ClipperLib.Clipper.Area(p)), 0) / SCALE / SCALE;
    const perimeter =
      plain.reduce(
        (s, p) =>
          s +
          p.reduce(
            (t, q, k) => t + Math.hypot(q.X - p[(k + 1) % p.length].X, q.Y - p[(k + 1) % p.length].Y),
            0,
          ),
        0,
      ) / SCALE;
    expect(fast).toHaveLength(1);
    expect(plain).toHaveLength(1);
    expect(area(difference(fast, plain)) + area(difference(plain, fast))).toBeLessThan(perimeter / SCALE);
  };
  it('from the reduced convolution: the same sum as from whole copies, for every pair of obstacle outlines turned at random', () => {
    let byConvolution = 0,
      runs = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...OBSTACLES),
        fc.constantFrom(...OBSTACLES),
        uniform(0, 360),
        uniform(0, 360),
        uniform(-900, 900),
        uniform(-450, 450),
        (ta, tb, ra, rb, x, y) => {
          const A = Polygon.from(obstacleRing(ta, x, y, ra)),
            B = reflected(Polygon.from(obstacleRing(tb, 0, 0, rb)));
          const fast = minkowskiByConvolution(A, B);
          runs++;
          // null (the whole copies taken) only where an edge is exactly parallel to one at a corner of the
          // other: outlines digitised on a grid and turned by a multiple of 90 degrees relative to each other
          if (!fast) return;
          byConvolution++;
          expectSameSum(fast, minkowskiPathsPlain(A, B));
        },
      ),
      { numRuns: 80, seed: 16 },
    );
    expect(byConvolution).toBeGreaterThan(runs * 0.9); // so that the comparison is made at all
  });
  it('an outline summed with itself reflected (edges parallel): the whole copies, the same sum; likewise two rectangles and a base with a token', () => {
    const A = Polygon.from(obstacleRing('debris-b', 0, 0, 40)),
      B = reflected(Polygon.from(obstacleRing('debris-b', 0, 0, 220)));
    expect(minkowskiByConvolution(A, B)).toBeNull();
    expectSameSum(minkowskiPaths(A, B), minkowskiPathsPlain(A, B));
    expect(minkowskiByConvolution(Polygon.rect(0, 0, 10, 10), Polygon.rect(3, 3, 4, 6))).toBeNull();
    const base = Polygon.rect(400, 300, 102, 152).placed(0, 0, 0),
      token = reflected(Polygon.from(obstacleRing('purrgil-1', 0, 0, 23.5)));
    expectSameSum(minkowskiPaths(base, token), minkowskiPathsPlain(base, token));
  });
});
