/**
 * The geometry helpers behind attack range and visible portions: clipping to a convex arc region
 * (src/geometry/clip.ts) and parameter intervals along a line (src/geometry/line-intervals.ts),
 * held against independent computations (flatten-js booleans, brute-force sampling).
 */
import Flatten from '@flatten-js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Circle } from '../../src/geometry/circle';
import { clippedPolygon, closestToDiscInConvex, segmentInConvex } from '../../src/geometry/clip';
import { deepInside, insideOf, measure, subtract, union } from '../../src/geometry/line-intervals';
import { Polygon } from '../../src/geometry/polygon';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { visibleCrossing } from '../../src/geometry/line-meet';

const rotRect = (cx: number, cy: number, w: number, h: number, deg: number) =>
  Polygon.rect(0, 0, w, h).placed(cx, cy, deg);
/** a convex wedge like a firing arc: apex, two directions (degrees), reach 1000 */
const wedge = (ax: number, ay: number, d0: number, d1: number) => {
  const R = 1000,
    a0 = (d0 * Math.PI) / 180,
    a1 = (d1 * Math.PI) / 180,
    am = (a0 + a1) / 2;
  return Polygon.from([
    [ax, ay],
    [ax + R * Math.cos(a0), ay + R * Math.sin(a0)],
    [ax + R * Math.cos(am), ay + R * Math.sin(am)],
    [ax + R * Math.cos(a1), ay + R * Math.sin(a1)],
  ]);
};
const flat = (P: Polygon) => new Flatten.Polygon(P.pairs().map(([x, y]) => new Flatten.Point(x, y)));

describe('clipToConvex', () => {
  it('matches flatten-js intersection areas on random rectangles and wedges', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: 5, max: 80, noNaN: true }),
        fc.double({ min: 5, max: 80, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 20, max: 170, noNaN: true }),
        (x, y, w, h, rot, d0, span) => {
          const S = rotRect(x, y, w, h, rot);
          const A = wedge(0, 0, d0, d0 + span);
          const C = clippedPolygon(S, A);
          const inter = Flatten.BooleanOperations.intersect(flat(S), flat(A));
          const expected = Math.abs(inter.area());
          if (!C) expect(expected).toBeLessThan(1e-6);
          else expect(Math.abs(C.area - expected)).toBeLessThan(1e-6 * Math.max(1, expected));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a rectangle sharing only an edge with the region clips to nothing with area', () => {
    const A = Polygon.from([
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ]);
    expect(
      clippedPolygon(
        Polygon.from([
          [100, 10],
          [120, 10],
          [120, 20],
          [100, 20],
        ]),
        A,
      ),
    ).toBeNull();
  });

  it('segmentInConvex gives the stretch of a segment inside a convex region', () => {
    const A = Polygon.from([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]);
    expect(segmentInConvex(A, { x: -5, y: 5 }, { x: 15, y: 5 })).toEqual([0.25, 0.75]);
    expect(segmentInConvex(A, { x: -5, y: 15 }, { x: 15, y: 15 })).toBeNull();
  });
});

describe('closestToDiscInConvex', () => {
  it('matches brute-force sampling of the boundary of disc ∩ region', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 30, max: 160, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (cx, cy, d0, span, zrot) => {
          const r = 17;
          const A = wedge(0, 0, d0, d0 + span);
          const D = new Circle(cx, cy, r);
          // the attacking zone: a small rectangle at the wedge's apex, inside the wedge's side
          const Z = rotRect(0, 0, 20, 12, zrot);
          const got = closestToDiscInConvex(Z, D, A);
          // brute force: points of the disc's boundary inside A, and of A's edges inside the disc
          let best = Infinity;
          const dz = (x: number, y: number) =>
            Z.locate(x, y) !== 'outside' ? 0 : Z.closestBoundaryPoint(x, y).d;
          const N = 4000;
          for (let k = 0; k < N; k++) {
            const t = (2 * Math.PI * k) / N;
            const x = cx + r * Math.cos(t),
              y = cy + r * Math.sin(t);
            if (A.locate(x, y) !== 'outside') best = Math.min(best, dz(x, y));
          }
          for (let i = 0; i < A.n; i++) {
            const j = (i + 1) % A.n;
            for (let k = 0; k <= N; k++) {
              const x = A.x(i) + ((A.x(j) - A.x(i)) * k) / N,
                y = A.y(i) + ((A.y(j) - A.y(i)) * k) / N;
              if (Math.hypot(x - cx, y - cy) <= r) best = Math.min(best, dz(x, y));
            }
          }
          // the disc's centre region, if Z reaches into disc ∩ A
          if (Number.isFinite(best) || got) {
            expect(got).not.toBeNull();
            // sampling along 1000-long edges is coarse (0.25 mm steps): allow for it
            expect(got!.distance).toBeLessThanOrEqual(best + 1e-9);
            expect(got!.distance).toBeGreaterThan(best - 0.3);
            expect(A.signedDistance(got!.b.x, got!.b.y)).toBeLessThan(1e-9);
            expect(Math.hypot(got!.b.x - cx, got!.b.y - cy)).toBeLessThanOrEqual(r + 1e-9);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('line intervals', () => {
  it('union and subtract agree with pointwise sampling', () => {
    const iv = fc.array(
      fc
        .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
        .map(([a, b]) => (a < b ? [a, b] : [b, a]) as [number, number]),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(iv, iv, (A, B) => {
        const u = union(A, B),
          d = subtract(union(A), B);
        const inAny = (L: [number, number][], t: number) => L.some(([a, b]) => t > a && t < b);
        for (let k = 1; k < 200; k++) {
          const t = k / 200 + 1e-7;
          const near = [...A, ...B].some(([a, b]) => Math.abs(t - a) < 1e-6 || Math.abs(t - b) < 1e-6);
          if (near) continue;
          if (inAny(u, t) !== (inAny(A, t) || inAny(B, t)) || inAny(d, t) !== (inAny(A, t) && !inAny(B, t)))
            return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('deepInside of a square, for a line across it, is the crossing less h at each side', () => {
    const S = Polygon.rect(0, 0, 10, 10);
    const d = deepInside(S, { x: -10, y: 0 }, { x: 10, y: 0 }, 1);
    expect(d.length).toBe(1);
    expect(d[0][0] * 20 - 10).toBeCloseTo(-4, 9);
    expect(d[0][1] * 20 - 10).toBeCloseTo(4, 9);
    expect(measure(insideOf(S, { x: -10, y: 0 }, { x: 10, y: 0 })) * 20).toBeCloseTo(10, 9);
    // along the edge: nothing deep inside
    expect(deepInside(S, { x: -10, y: 5 }, { x: 10, y: 5 }, TOLERANCE_MM)).toEqual([]);
  });
});

describe('visibleCrossing (an obstacle partly under a covering ship)', () => {
  // obstacle O: x 0..20, y -10..10; the line runs along y = 0 from x = -10 to x = 30
  const O = Polygon.from([
    [0, -10],
    [20, -10],
    [20, 10],
    [0, 10],
  ]);
  const p = { x: -10, y: 0 },
    q = { x: 30, y: 0 };
  it('covered wholly: not visible', () => {
    expect(visibleCrossing(O, [Polygon.rect(10, 0, 30, 30)], p, q).verdict).toBe('covered');
  });
  it('covered but for 2 mm: visible, 2 mm long', () => {
    const v = visibleCrossing(
      O,
      [
        Polygon.from([
          [2, -20],
          [40, -20],
          [40, 20],
          [2, 20],
        ]),
      ],
      p,
      q,
    );
    expect(v.verdict).toBe('cross');
    expect(v.insideMm).toBeCloseTo(2, 9);
    // deepest visible point: just short of the cover's edge, 2 mm in from the obstacle's edge
    expect(v.depthMm).toBeGreaterThan(2 - 2 * TOLERANCE_MM - 0.002);
    expect(v.depthMm).toBeLessThanOrEqual(2);
  });
  it('two covers meeting edge to edge leave nothing visible', () => {
    const left = Polygon.from([
      [-5, -20],
      [10, -20],
      [10, 20],
      [-5, 20],
    ]);
    const right = Polygon.from([
      [10, -20],
      [25, -20],
      [25, 20],
      [10, 20],
    ]);
    expect(visibleCrossing(O, [left, right], p, q).verdict).not.toBe('cross');
  });
  it('a cover whose edge lies within a hair of the obstacle edge: a graze, the verdict hangs on a hair', () => {
    const coverFrom = (x0: number) =>
      Polygon.from([
        [x0, -20],
        [40, -20],
        [40, 20],
        [x0, 20],
      ]);
    expect(visibleCrossing(O, [coverFrom(-0.01)], p, q).verdict).toBe('covered');
    expect(visibleCrossing(O, [coverFrom(TOLERANCE_MM / 2)], p, q).verdict).toBe('graze');
    expect(visibleCrossing(O, [coverFrom(0.008)], p, q).verdict).toBe('graze');
    expect(visibleCrossing(O, [coverFrom(0.03)], p, q).verdict).toBe('cross');
  });
});

describe('a clip region with a rounding-length edge', () => {
  it('is clipped by its real edges only, whichever way the tiny edge points', () => {
    // a left-arc-like region whose two apexes coincide up to rounding, in both orders
    for (const e of [3.5e-15, -3.5e-15]) {
      const A = Polygon.from([
        [0, 0],
        [0, e],
        [-1000, 800],
        [-1000, -800],
      ]);
      const S = Polygon.rect(-50, 0, 20, 20);
      const C = clippedPolygon(S, A);
      const inter = Math.abs(Flatten.BooleanOperations.intersect(flat(S), flat(A)).area());
      expect(C).not.toBeNull();
      expect(Math.abs(C!.area - inter)).toBeLessThan(1e-6);
    }
  });

  it('the CR90 (front and rear arc lines meeting at one point) has its left arc work', async () => {
    const { judge, ship, squadron, table } = await import('../support/attacks');
    const t = table({
      ships: [ship('c', 1, 500, 300, 0, 'small', 'cr90')],
      squadrons: [squadron('s', 2, 400, 300)],
    });
    const r = judge(t, 'c.left', 's');
    expect(r.inArc).toBe(true);
    expect(r.rangeMeasuredTo).toBe('in-arc part');
  });
});
