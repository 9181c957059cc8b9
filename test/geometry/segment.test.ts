import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orient } from '../../src/geometry/predicates';
import {
  capsuleInterval,
  closestParam,
  newSegmentPair,
  pointSegmentDistSq,
  segmentDistance,
  segmentsIntersect,
} from '../../src/geometry/segment';

describe('orient', () => {
  it('is positive to the left of a->b (counter-clockwise), zero on the line', () => {
    expect(orient(0, 0, 1, 0, 0, 1)).toBeGreaterThan(0);
    expect(orient(0, 0, 1, 0, 0, -1)).toBeLessThan(0);
    expect(orient(0, 0, 1, 0, 7, 0) === 0).toBe(true);
  });
  it('is exact where floating point is not: points on a line through big coordinates', () => {
    // 0.1 steps are not representable, yet these three lie exactly on y = x (same doubles)
    const a = 1827.1,
      b = 1827.3;
    expect(orient(a, a, b, b, 1827.2, 1827.2) === 0).toBe(true);
    expect(orient(0.1, 0.1, 0.3, 0.3, 0.2, 0.2 + 2 ** -55)).toBeGreaterThan(0);
  });
});

describe('segmentsIntersect (exact)', () => {
  it('crossing, touching at an end, T-junction, collinear overlap and gap, parallel', () => {
    expect(segmentsIntersect(0, 0, 2, 2, 0, 2, 2, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 1, 0, 1, 0, 2, 5)).toBe(true);
    expect(segmentsIntersect(0, 0, 2, 0, 1, 0, 1, 3)).toBe(true);
    expect(segmentsIntersect(0, 0, 2, 0, 1, 0, 3, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 1, 0, 1.0000001, 0, 3, 0)).toBe(false);
    expect(segmentsIntersect(0, 0, 2, 0, 0, 1e-9, 2, 1e-9)).toBe(false);
    expect(segmentsIntersect(0, 0, 2, 0, 1, 1e-300, 1, 5)).toBe(false);
  });
});

describe('segmentDistance', () => {
  const out = newSegmentPair();
  it('gives known distances and closest points', () => {
    segmentDistance(0, 0, 10, 0, 3, 4, 3, 9, out);
    expect(Math.sqrt(out.d2)).toBe(4);
    expect([out.ax, out.ay, out.bx, out.by]).toEqual([3, 0, 3, 4]);
    segmentDistance(0, 0, 1, 0, 4, 4, 5, 5, out);
    expect(Math.sqrt(out.d2)).toBeCloseTo(5, 12);
    segmentDistance(0, 0, 2, 2, 0, 2, 2, 0, out);
    expect(out.d2).toBe(0);
    expect([out.ax, out.ay]).toEqual([1, 1]);
  });

  it('is symmetric and matches a dense sampling', () => {
    const c = fc.double({ min: -50, max: 50, noNaN: true });
    fc.assert(
      fc.property(c, c, c, c, c, c, c, c, (a, b, cc, d, e, f, g, h) => {
        const d1 = Math.sqrt(segmentDistance(a, b, cc, d, e, f, g, h, newSegmentPair()).d2);
        const d2 = Math.sqrt(segmentDistance(e, f, g, h, a, b, cc, d, newSegmentPair()).d2);
        expect(Math.abs(d1 - d2)).toBeLessThan(1e-9);
        // the closest points lie on their segments and are d1 apart
        const r = segmentDistance(a, b, cc, d, e, f, g, h, newSegmentPair());
        expect(Math.sqrt(pointSegmentDistSq(r.ax, r.ay, a, b, cc, d))).toBeLessThan(1e-9);
        expect(Math.sqrt(pointSegmentDistSq(r.bx, r.by, e, f, g, h))).toBeLessThan(1e-9);
        expect(Math.abs(Math.hypot(r.ax - r.bx, r.ay - r.by) - d1)).toBeLessThan(1e-9);
        // no sampled pair is closer
        let best = Infinity;
        for (let i = 0; i <= 200; i++) {
          const t = i / 200;
          best = Math.min(best, Math.sqrt(pointSegmentDistSq(a + (cc - a) * t, b + (d - b) * t, e, f, g, h)));
        }
        expect(d1).toBeLessThanOrEqual(best + 1e-9);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('closestParam and capsuleInterval', () => {
  it('clamps to the segment; a zero-length segment gives 0', () => {
    expect(closestParam(-5, 1, 0, 0, 10, 0)).toBe(0);
    expect(closestParam(15, 1, 0, 0, 10, 0)).toBe(1);
    expect(closestParam(2.5, 1, 0, 0, 10, 0)).toBe(0.25);
    expect(closestParam(3, 3, 1, 1, 1, 1)).toBe(0);
  });

  it('gives the stretch of a line within h of a segment', () => {
    const out: [number, number] = [0, 0];
    // line y = 1 from x = -10 to 10, capsule of radius 2 around (0,0)-(4,0): x in [-sqrt3, 4 + sqrt3]
    expect(capsuleInterval(-10, 1, 10, 1, 0, 0, 4, 0, 2, out)).toBe(true);
    expect(out[0]).toBeCloseTo((10 - Math.sqrt(3)) / 20, 12);
    expect(out[1]).toBeCloseTo((14 + Math.sqrt(3)) / 20, 12);
    expect(capsuleInterval(-10, 3, 10, 3, 0, 0, 4, 0, 2, out)).toBe(false);
    // the capsule's edge exactly: touching counts (a single parameter)
    expect(capsuleInterval(-10, 2, 10, 2, 0, 0, 4, 0, 2, out)).toBe(true);
    expect(out[0]).toBeCloseTo(0.5, 12);
    expect(out[1]).toBeCloseTo(0.7, 12);
  });

  it('agrees with sampling the distance along the line', () => {
    const c = fc.double({ min: -20, max: 20, noNaN: true });
    fc.assert(
      fc.property(
        c,
        c,
        c,
        c,
        c,
        c,
        c,
        c,
        fc.double({ min: 0.01, max: 10, noNaN: true }),
        (px, py, qx, qy, ax, ay, bx, by, h) => {
          const out: [number, number] = [NaN, NaN];
          const hit = capsuleInterval(px, py, qx, qy, ax, ay, bx, by, h, out);
          for (let i = 0; i <= 100; i++) {
            const t = i / 100;
            const d = Math.sqrt(pointSegmentDistSq(px + (qx - px) * t, py + (qy - py) * t, ax, ay, bx, by));
            if (d < h - 1e-7) {
              expect(hit).toBe(true);
              expect(t).toBeGreaterThanOrEqual(out[0] - 1e-9);
              expect(t).toBeLessThanOrEqual(out[1] + 1e-9);
            }
            if (hit && t > out[0] + 1e-7 && t < out[1] - 1e-7) expect(d).toBeLessThanOrEqual(h + 1e-7);
          }
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });
});
