import { describe, expect, it } from 'vitest';
import { Polygon } from '../../src/geometry/polygon';
import { convexHullOf } from '../../src/geometry/separation';
import { CATALOG, OBSTACLE_TYPES } from '../../src/model/catalog';
import { ringContains } from '../support/oracle';

const L = Polygon.from([
  [0, 0],
  [4, 0],
  [4, 1],
  [1, 1],
  [1, 4],
  [0, 4],
]); // concave L, area 7

describe('Polygon.from', () => {
  it('winds counter-clockwise whatever it is given, and drops repeated points', () => {
    const cw = Polygon.from([
      [0, 0],
      [0, 2],
      [3, 2],
      [3, 0],
      [0, 0],
    ]);
    expect(cw.area).toBe(6);
    expect(cw.n).toBe(4);
    const dup = Polygon.from([
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(dup.n).toBe(3);
  });
  it('refuses degenerate input', () => {
    expect(() =>
      Polygon.from([
        [0, 0],
        [1, 1],
      ]),
    ).toThrow();
    expect(() =>
      Polygon.from([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toThrow(/zero area/);
    expect(() =>
      Polygon.from([
        [0, 0],
        [1, NaN],
        [2, 0],
      ]),
    ).toThrow(/non-finite/);
    expect(() =>
      Polygon.from([
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ]),
    ).toThrow();
  });
});

describe('locate: the hit test', () => {
  it('tells inside, boundary and outside exactly, vertices and edges included', () => {
    expect(L.locate(0.5, 0.5)).toBe('inside');
    expect(L.locate(2, 2)).toBe('outside'); // in the notch
    expect(L.locate(4, 0)).toBe('boundary');
    expect(L.locate(2.5, 1)).toBe('boundary');
    expect(L.locate(1, 1)).toBe('boundary'); // the reflex vertex
    expect(L.locate(1, 2.5)).toBe('boundary');
    expect(L.locate(1 + 1e-15, 2.5)).toBe('outside');
    expect(L.locate(1 - 1e-15, 2.5)).toBe('inside');
    expect(L.locate(-1e-300, 2)).toBe('outside');
  });
  it('stays exact far from the origin and after a quarter turn', () => {
    const far = Polygon.from([
      [1800.1, 900.1],
      [1800.3, 900.1],
      [1800.3, 900.3],
      [1800.1, 900.3],
    ]);
    expect(far.locate(1800.2, 900.1)).toBe('boundary');
    expect(far.locate(1800.2, 900.2)).toBe('inside');
    const turned = L.placed(1000, 500, 90); // (x, y) -> (1000 - y, 500 + x)
    expect(turned.locate(999.5, 500.5)).toBe('inside');
    expect(turned.locate(998, 502)).toBe('outside');
  });
  it('agrees with a ray cast on every obstacle outline away from the boundary', () => {
    for (const type of OBSTACLE_TYPES) {
      const ring = CATALOG.obstacles[type].outline;
      const P = Polygon.from(ring);
      for (let i = 0; i < 400; i++) {
        const x = P.minX - 2 + ((P.maxX - P.minX + 4) * ((i * 37) % 101)) / 101;
        const y = P.minY - 2 + ((P.maxY - P.minY + 4) * ((i * 53) % 97)) / 97;
        if (P.closestBoundaryPoint(x, y).d < 1e-6) continue;
        expect(P.contains(x, y), `${type} ${x},${y}`).toBe(ringContains(ring, x, y));
        expect(Math.sign(P.signedDistance(x, y))).toBe(ringContains(ring, x, y) ? -1 : 1);
      }
    }
  });
});

describe('measures', () => {
  it('area, centroid and convexity of known shapes', () => {
    expect(L.area).toBe(7);
    const c = L.centroid();
    // L = 4x1 bar (centroid 2, 0.5) + 1x3 bar (centroid 0.5, 2.5)
    expect(c.x).toBeCloseTo((4 * 2 + 3 * 0.5) / 7, 12);
    expect(c.y).toBeCloseTo((4 * 0.5 + 3 * 2.5) / 7, 12);
    expect(L.convex).toBe(false);
    expect(Polygon.rect(5, 5, 2, 3).convex).toBe(true);
    const far = L.placed(1700, 800, 0).centroid();
    expect(far.x - 1700).toBeCloseTo(c.x, 9);
    expect(far.y - 800).toBeCloseTo(c.y, 9);
  });
  it('placed turns counter-clockwise about the origin, then moves', () => {
    const p = Polygon.from([
      [1, 0],
      [2, 0],
      [2, 1],
    ]).placed(10, 20, 90);
    expect(p.x(0)).toBeCloseTo(10, 12);
    expect(p.y(0)).toBeCloseTo(21, 12);
    expect(p.area).toBeCloseTo(0.5, 12);
    expect(L.centred().centroid().x).toBeCloseTo(0, 12);
  });
  it('closestBoundaryPoint and signedDistance', () => {
    expect(L.closestBoundaryPoint(2, 2)).toEqual({ d: 1, x: 2, y: 1 });
    expect(L.signedDistance(0.5, 3)).toBe(-0.5);
    expect(L.signedDistance(5, 0.5)).toBe(1);
  });
  it('innerPoint is inside every obstacle outline and every ship shape', () => {
    for (const type of OBSTACLE_TYPES) {
      const P = Polygon.from(CATALOG.obstacles[type].outline).placed(321.5, 654.25, 33);
      const ip = P.innerPoint();
      expect(P.locate(ip.x, ip.y), type).toBe('inside');
      expect(P.closestBoundaryPoint(ip.x, ip.y).d, type).toBeGreaterThan(1);
    }
    const ip = L.innerPoint();
    expect(L.locate(ip.x, ip.y)).toBe('inside');
  });
});

describe('placed: what a moved copy carries', () => {
  const fresh = (P: Polygon) =>
    Polygon.from(Array.from({ length: P.n }, (_, i) => [P.xy[2 * i], P.xy[2 * i + 1]] as const));
  const points = (xy: Float64Array) =>
    Array.from({ length: xy.length / 2 }, (_, i) => `${xy[2 * i]},${xy[2 * i + 1]}`).sort();
  it('a move keeps the hull (the same points a fresh hull finds) and turning keeps convexity', () => {
    for (const type of OBSTACLE_TYPES) {
      const O = Polygon.from(CATALOG.obstacles[type].outline as [number, number][]);
      const hull = convexHullOf(O);
      for (const [dx, dy] of [
        [0, 0],
        [812.25, -33.5],
        [1e-3, 914.4],
      ]) {
        const M = O.placed(dx, dy, 0);
        // a convex outline is its own hull (nothing is kept); the obstacles' outlines are not convex
        expect(O.convex, type).toBe(false);
        expect(M.hullXY, type).toBeDefined();
        expect(points(M.hullXY!), type).toEqual(points(convexHullOf(fresh(M))));
        expect(M.hullXY!.length).toBe(hull.length);
      }
      for (const deg of [17, 90, 233.5]) {
        const M = O.placed(5, 7, deg);
        // turned: no hull carried (worked out again when asked), convexity the same as a fresh copy's
        expect(M.hullXY).toBeUndefined();
        expect(M.convex, `${type} at ${deg}`).toBe(fresh(M).convex);
      }
    }
  });
});
