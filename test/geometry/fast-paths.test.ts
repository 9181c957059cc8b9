/**
 * The margins behind the fast paths, held against independent computations: hullsApartBeyond
 * (separating axes) never calls apart what is within the margin, and segmentInConvexBeyond
 * (Cyrus-Beck) gives the stretch of a segment deeper than d in a convex polygon, checked by
 * sampling the depth along it with the oracle's own point-to-ring distance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoxGrid } from '../../src/geometry/box-grid';
import { segmentInConvexBeyond } from '../../src/geometry/clip';
import { Polygon } from '../../src/geometry/polygon';
import { closest, hullsApartBeyond, relate } from '../../src/geometry/relate';
import { CATALOG, OBSTACLE_TYPES } from '../../src/model/catalog';
import { bruteDistance, ringBoundaryDistance, ringContains, type XY } from '../support/oracle';

const ring = (P: Polygon): XY[] => P.pairs();
const outlines = OBSTACLE_TYPES.map((t) => Polygon.from(CATALOG.obstacles[t].outline));
const coord = fc.double({ min: -150, max: 150, noNaN: true });
const angle = fc.double({ min: 0, max: 360, noNaN: true });

describe('hullsApartBeyond', () => {
  it('says apart only when the shapes are farther apart than the margin', () => {
    fc.assert(
      fc.property(
        fc.nat(outlines.length - 1),
        fc.nat(outlines.length - 1),
        coord,
        coord,
        angle,
        angle,
        fc.constantFrom(0, 0.005, 1, 10),
        (i, j, x, y, r1, r2, m) => {
          const A = outlines[i].placed(900, 450, r1),
            B = outlines[j].placed(900 + x, 450 + y, r2);
          const d = bruteDistance({ ring: ring(A) }, { ring: ring(B) });
          if (hullsApartBeyond(A, B, m)) expect(d).toBeGreaterThan(m);
          // far apart shapes are found apart: the hulls' boxes alone settle it
          if (d > 400) expect(hullsApartBeyond(A, B, m)).toBe(true);
          // and the shortcut gives what the full computation does
          const c = closest(A, B),
            rel = relate(A, B);
          expect(c.distance).toBeCloseTo(d, 6);
          expect(rel.kind === 'apart').toBe(d > 0.005 + 1e-6 ? true : rel.kind === 'apart');
        },
      ),
      { numRuns: 600 },
    );
  });

  it('by construction: squares 10 mm apart', () => {
    const A = Polygon.rect(0, 0, 10, 10),
      B = Polygon.rect(20, 0, 10, 10);
    expect(hullsApartBeyond(A, B, 9.99)).toBe(true);
    expect(hullsApartBeyond(A, B, 10)).toBe(false);
    expect(hullsApartBeyond(A, Polygon.rect(10, 0, 10, 10), 0)).toBe(false); // sharing an edge
  });
});

describe('segmentInConvexBeyond', () => {
  const convex = [
    Polygon.rect(0, 0, 63, 102),
    Polygon.from([
      [-30, -10],
      [0, -40],
      [30, -10],
      [30, 40],
      [-30, 40],
    ]),
  ];
  it('is the stretch deeper than d, sampled', () => {
    fc.assert(
      fc.property(
        fc.nat(convex.length - 1),
        coord,
        coord,
        coord,
        coord,
        fc.constantFrom(-2, -0.005, 0, 0.005, 3),
        (k, px, py, qx, qy, d) => {
          const P = convex[k],
            R = ring(P);
          const out = new Float64Array(2);
          const some = segmentInConvexBeyond(P, { x: px, y: py }, { x: qx, y: qy }, d, out);
          const depth = (t: number) => {
            const x = px + (qx - px) * t,
              y = py + (qy - py) * t;
            const b = ringBoundaryDistance(R, x, y);
            return ringContains(R, x, y) ? b : -b;
          };
          for (let s = 0; s <= 200; s++) {
            const t = s / 200,
              v = depth(t);
            const inside = some && t > out[0] + 1e-9 && t < out[1] - 1e-9;
            // depth above d inside the stretch; at or below it (up to rounding) outside. For d < 0
            // the region is the polygon grown with sharp corners: a point outside it is at least -d
            // from the polygon, while one inside near a corner may be farther.
            if (inside && d >= 0) expect(v).toBeGreaterThan(d - 1e-9);
            else if (inside) expect(v).toBeGreaterThan(d * Math.SQRT2 * 2 - 1e-9);
            else if (!some || t < out[0] - 1e-9 || t > out[1] + 1e-9)
              expect(d >= 0 ? v <= d + 1e-9 : v < d + 1e-9).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('BoxGrid', () => {
  /** Does segment p-q meet the box (Liang-Barsky, written afresh)? */
  function segmentMeetsBox(px: number, py: number, qx: number, qy: number, b: number[]): boolean {
    let t0 = 0,
      t1 = 1;
    const d = [qx - px, qy - py],
      p = [px, py];
    for (let a = 0; a < 2; a++) {
      const lo = b[a],
        hi = b[a + 2];
      if (d[a] === 0) {
        if (p[a] < lo || p[a] > hi) return false;
        continue;
      }
      let u = (lo - p[a]) / d[a],
        v = (hi - p[a]) / d[a];
      if (u > v) [u, v] = [v, u];
      t0 = Math.max(t0, u);
      t1 = Math.min(t1, v);
      if (t0 > t1) return false;
    }
    return true;
  }

  it('lists every box a segment meets, once each, ascending', () => {
    const box = fc.tuple(
      fc.double({ min: 0, max: 1800, noNaN: true }),
      fc.double({ min: 0, max: 900, noNaN: true }),
      fc.double({ min: 0.5, max: 150, noNaN: true }),
      fc.double({ min: 0.5, max: 150, noNaN: true }),
    );
    const pt = fc.tuple(
      fc.double({ min: -100, max: 1900, noNaN: true }),
      fc.double({ min: -100, max: 1000, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(box, { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(pt, pt), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(7, 60, 400),
        (bs, segs, cell) => {
          const flat = bs.flatMap(([x, y, w, h]) => [x, y, x + w, y + h]);
          const grid = new BoxGrid(flat, cell);
          for (const [[px, py], [qx, qy]] of segs) {
            const out = [...grid.found.slice(0, grid.segmentCandidates({ x: px, y: py }, { x: qx, y: qy }))];
            expect(out).toEqual([...new Set(out)].sort((a, b) => a - b));
            for (let i = 0; i < bs.length; i++)
              if (segmentMeetsBox(px, py, qx, qy, flat.slice(4 * i, 4 * i + 4))) expect(out).toContain(i);
          }
        },
      ),
      { numRuns: 300 },
    );
    // vertical and single-point segments
    const g = new BoxGrid([0, 0, 10, 10, 100, 100, 110, 110], 25);
    const found = (px: number, py: number, qx: number, qy: number) => [
      ...g.found.slice(0, g.segmentCandidates({ x: px, y: py }, { x: qx, y: qy })),
    ];
    expect(found(5, -50, 5, 500)).toEqual([0]);
    expect(found(105, 105, 105, 105)).toEqual([1]);
    expect(found(0, 0, 110, 110)).toEqual([0, 1]);
  });
});
