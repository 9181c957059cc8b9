/** Circle: a squadron base or a round token. Hit test, distance, and meeting other shapes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Circle } from '../../src/geometry/circle';
import { Polygon } from '../../src/geometry/polygon';
import { closest, relate } from '../../src/geometry/relate';
import { bruteDistance } from '../support/oracle';

describe('Circle', () => {
  const c = new Circle(10, 10, 5);
  it('hit test, signed distance, closest edge point', () => {
    expect(c.contains(10, 14.999)).toBe(true);
    expect(c.contains(10, 15)).toBe(false); // the edge is not inside
    expect(c.signedDistance(10, 20)).toBe(5);
    expect(c.signedDistance(10, 10)).toBe(-5);
    expect(c.closestBoundaryPoint(20, 10)).toEqual({ x: 15, y: 10 });
    expect(c.closestBoundaryPoint(10, 10).x).toBe(15); // the centre: any edge point will do
    expect([c.minX, c.maxX, c.minY, c.maxY]).toEqual([5, 15, 5, 15]);
  });
  it('refuses a degenerate disc', () => {
    expect(() => new Circle(0, 0, 0)).toThrow();
    expect(() => new Circle(0, NaN, 1)).toThrow();
    expect(() => new Circle(0, 0, Infinity)).toThrow();
  });
});

describe('a disc against a polygon or another disc', () => {
  it('distance as brute force, closest points on both shapes', () => {
    const c = fc.double({ min: -60, max: 60, noNaN: true });
    const P = Polygon.from([
      [0, 0],
      [30, 0],
      [30, 10],
      [10, 10],
      [10, 30],
      [0, 30],
    ]);
    fc.assert(
      fc.property(c, c, fc.double({ min: 0.5, max: 20, noNaN: true }), (x, y, r) => {
        const C = new Circle(x, y, r);
        const want = bruteDistance({ ring: P.pairs() }, { circle: [x, y, r] });
        const got = closest(P, C);
        expect(got.distance).toBeCloseTo(want, 9);
        expect(closest(C, P).distance).toBeCloseTo(want, 9);
        if (got.distance > 0) {
          expect(Math.hypot(got.a.x - got.b.x, got.a.y - got.b.y)).toBeCloseTo(got.distance, 9);
          expect(P.closestBoundaryPoint(got.a.x, got.a.y).d).toBeLessThan(1e-9);
          expect(Math.abs(Math.hypot(got.b.x - x, got.b.y - y) - r)).toBeLessThan(1e-9);
        }
        expect(relate(P, C).kind).toBe(relate(C, P).kind);
      }),
      { numRuns: 500, seed: 13 },
    );
  });
  it('two discs: apart, touching, overlapping', () => {
    expect(relate(new Circle(0, 0, 17), new Circle(34.01, 0, 17))).toMatchObject({ kind: 'apart' });
    expect(relate(new Circle(0, 0, 17), new Circle(34.01, 0, 17)).distance).toBeCloseTo(0.01, 12);
    expect(
      relate(new Circle(1800, 900, 17), new Circle(1800 - 34 * Math.cos(1), 900 - 34 * Math.sin(1), 17)).kind,
    ).toBe('touch');
    expect(relate(new Circle(0, 0, 17), new Circle(33.99, 0, 17)).kind).toBe('overlap');
  });
});
