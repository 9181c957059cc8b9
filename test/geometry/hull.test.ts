import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convexHullXY } from '../../src/geometry/hull';
import { convexHullXY as plainHull } from './hull-reference';

describe('convexHullXY', () => {
  it('a square with points inside and on its edges: its corners, counter-clockwise from the lowest x', () => {
    const xy = [5, 5, 0, 0, 10, 0, 10, 10, 0, 10, 5, 0, 10, 5, 2, 7, 0, 0];
    expect([...convexHullXY(xy)]).toEqual([0, 0, 10, 0, 10, 10, 0, 10]);
  });

  it('no point, one point: no ring; two points (the same one twice too): both', () => {
    expect(convexHullXY([]).length).toBe(0);
    expect(convexHullXY([3, 4]).length).toBe(0);
    expect([...convexHullXY([3, 4, 3, 4])]).toEqual([3, 4, 3, 4]);
    expect([...convexHullXY([3, 4, 1, 2])]).toEqual([1, 2, 3, 4]);
  });

  it('only the first n points are read', () => {
    expect([...convexHullXY([0, 0, 4, 0, 0, 4, 99, 99], 3)]).toEqual([0, 0, 4, 0, 0, 4]);
  });

  it('equals the plain monotone chain on random points (duplicates and collinear runs included)', () => {
    // small integer grids give many repeated and collinear points; doubles give general positions
    const grid = fc.array(fc.integer({ min: -4, max: 4 }), { maxLength: 60 });
    const real = fc.array(fc.double({ min: -500, max: 500, noNaN: true }), { maxLength: 60 });
    fc.assert(
      fc.property(fc.oneof(grid, real), (raw) => {
        const xy = raw.length % 2 ? raw.slice(1) : raw;
        expect([...convexHullXY(xy)]).toEqual([...plainHull(xy)]);
        const f = Float64Array.from(xy);
        expect([...convexHullXY(f, f.length >> 2)]).toEqual([...plainHull(f, f.length >> 2)]);
      }),
      { numRuns: 2000 },
    );
  });
});
