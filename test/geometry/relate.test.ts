/**
 * relate(): apart / touch / overlap with the one tolerance. Cases by construction (stacked,
 * nested, shared edges, vertex on an edge, vertex on vertex, slivers either side of the
 * tolerance) and properties over every obstacle outline turned by odd angles far from the origin.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Circle } from '../../src/geometry/circle';
import { Polygon } from '../../src/geometry/polygon';
import {
  closest,
  polygonsOverlap,
  polygonsRelation,
  relate,
  relateDistance,
} from '../../src/geometry/relate';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { CATALOG, OBSTACLE_TYPES } from '../../src/model/catalog';
import { bruteDistance, expectedRelation, type XY } from '../support/oracle';

const sq = (cx: number, cy: number, s: number) => Polygon.rect(cx, cy, s, s);
const both = (a: Polygon | Circle, b: Polygon | Circle) => {
  const ab = relate(a, b),
    ba = relate(b, a);
  expect(ba.kind).toBe(ab.kind);
  expect(ba.distance).toBeCloseTo(ab.distance, 12);
  // the distance alone is relate's, the same number
  expect(relateDistance(a, b)).toBe(ab.distance);
  expect(relateDistance(b, a)).toBe(ba.distance);
  // the overlap question alone answers as relate does
  if (a instanceof Polygon && b instanceof Polygon) {
    expect(polygonsOverlap(a, b)).toBe(ab.kind === 'overlap');
    expect(polygonsOverlap(b, a)).toBe(ab.kind === 'overlap');
    // and the kind alone, touching told from apart, as relate tells it
    expect(polygonsRelation(a, b)).toBe(ab.kind);
    expect(polygonsRelation(b, a)).toBe(ab.kind);
  }
  return ab;
};

describe('relate by construction', () => {
  it('identical shapes stacked overlap, polygons and discs', () => {
    expect(both(sq(0, 0, 10), sq(0, 0, 10)).kind).toBe('overlap');
    expect(both(new Circle(5, 5, 3), new Circle(5, 5, 3)).kind).toBe('overlap');
    for (const t of OBSTACLE_TYPES) {
      const P = Polygon.from(CATALOG.obstacles[t].outline).placed(1700.3, 850.7, 123.4);
      expect(both(P, Polygon.from(CATALOG.obstacles[t].outline).placed(1700.3, 850.7, 123.4)).kind, t).toBe(
        'overlap',
      );
    }
  });

  it('one shape inside another overlaps, however far the boundaries are', () => {
    expect(both(sq(0, 0, 100), sq(10, 10, 2))).toMatchObject({ kind: 'overlap', distance: 0 });
    expect(both(sq(0, 0, 100), new Circle(0, 0, 3))).toMatchObject({ kind: 'overlap', distance: 0 });
    expect(both(new Circle(0, 0, 50), sq(0, 0, 2))).toMatchObject({ kind: 'overlap', distance: 0 });
    expect(both(new Circle(0, 0, 50), new Circle(1, 1, 2))).toMatchObject({ kind: 'overlap', distance: 0 });
    // nested with a shared edge: still overlapping
    expect(
      both(
        sq(0, 0, 10),
        Polygon.from([
          [-5, -5],
          [0, -5],
          [0, 0],
          [-5, 0],
        ]),
      ).kind,
    ).toBe('overlap');
  });

  it('a shared edge, a vertex on an edge, a vertex on a vertex: touching at distance 0', () => {
    expect(both(sq(0, 0, 10), sq(10, 0, 10))).toMatchObject({ kind: 'touch', distance: 0 });
    expect(both(sq(0, 0, 10), sq(10, 3, 10)).kind).toBe('touch'); // a part of an edge shared
    expect(
      both(
        sq(0, 0, 10),
        Polygon.from([
          [5, 1],
          [9, -3],
          [9, 5],
        ]),
      ).kind,
    ).toBe('touch'); // vertex on edge
    expect(both(sq(0, 0, 10), sq(10, 10, 10)).kind).toBe('touch'); // corner to corner
    expect(both(sq(0, 0, 10), new Circle(10, 0, 5)).kind).toBe('touch'); // disc on an edge
    expect(both(sq(0, 0, 10), new Circle(5 + 3, 5 + 4, 5)).kind).toBe('touch'); // disc on a corner
    expect(both(new Circle(0, 0, 5), new Circle(7, 0, 2)).kind).toBe('touch');
  });

  it('the tolerance decides a sliver: 0.004 mm in touches, 0.006 mm in overlaps; gaps likewise', () => {
    for (const [dx, kind] of [
      [-0.004, 'touch'],
      [-0.006, 'overlap'],
      [0.004, 'touch'],
      [0.006, 'apart'],
    ] as const) {
      expect(both(sq(0, 0, 10), sq(10 + dx, 0, 10)).kind, `${dx}`).toBe(kind);
      expect(both(new Circle(0, 0, 5), new Circle(10 + dx, 0, 5)).kind, `disc ${dx}`).toBe(kind);
      expect(both(sq(0, 0, 10), new Circle(10 + dx, 0, 5)).kind, `square-disc ${dx}`).toBe(kind);
    }
    expect(relate(sq(0, 0, 10), sq(10.006, 0, 10)).distance).toBeCloseTo(0.006, 12);
  });

  it('a gap or overlap exactly at the tolerance decides as touching (within the tolerance)', () => {
    // exact binary steps so the gap is exactly representable: squares of side 8 at 8 + 2^-8 apart
    const t = 2 ** -8; // 0.0039: inside the tolerance
    expect(both(sq(0, 0, 8), sq(8 + t, 0, 8)).kind).toBe('touch');
    expect(both(sq(0, 0, 8), sq(8 - t, 0, 8)).kind).toBe('touch');
    expect(both(sq(0, 0, 8), sq(8 - 2 * t, 0, 8)).kind).toBe('overlap');
  });

  it('concave shapes: a square in the notch of an L touching both inner edges is touching', () => {
    const L = Polygon.from([
      [0, 0],
      [4, 0],
      [4, 1],
      [1, 1],
      [1, 4],
      [0, 4],
    ]);
    expect(
      both(
        L,
        Polygon.from([
          [1, 1],
          [3, 1],
          [3, 3],
          [1, 3],
        ]),
      ).kind,
    ).toBe('touch');
    expect(
      both(
        L,
        Polygon.from([
          [0.99, 0.99],
          [3, 0.99],
          [3, 3],
          [0.99, 3],
        ]),
      ).kind,
    ).toBe('overlap');
    expect(
      both(
        L,
        Polygon.from([
          [1.01, 1.01],
          [3, 1.01],
          [3, 3],
          [1.01, 3],
        ]),
      ),
    ).toMatchObject({ kind: 'apart' });
    expect(
      relate(
        L,
        Polygon.from([
          [1.01, 1.01],
          [3, 1.01],
          [3, 3],
          [1.01, 3],
        ]),
      ).distance,
    ).toBeCloseTo(0.01, 12);
    // a disc in the notch, tangent to both inner edges
    expect(both(L, new Circle(2, 2, 1)).kind).toBe('touch');
  });

  it('a thin U (0.5 mm arms, slanted ends) round a square filling its mouth touches; two such Us stacked overlap', () => {
    // the U's centroid lies in its mouth, deep inside the square: it must not be taken for a point of the U
    const U = Polygon.from([
      [0, 0],
      [100, 0],
      [100, 100],
      [99.5, 99],
      [99.5, 0.5],
      [0.5, 0.5],
      [0.5, 99],
      [0, 100],
    ]);
    const mouth = Polygon.from([
      [0.5, 0.5],
      [99.5, 0.5],
      [99.5, 99],
      [0.5, 99],
    ]);
    expect(both(U, mouth).kind).toBe('touch');
    expect(both(U.placed(1500.25, 700.75, 90), mouth.placed(1500.25, 700.75, 90)).kind).toBe('touch');
    expect(both(U, Polygon.from(U.pairs())).kind).toBe('overlap');
    expect(both(U, mouth.placed(0, -0.01, 0)).kind).toBe('overlap');
    const ip = U.innerPoint();
    expect(U.locate(ip.x, ip.y)).toBe('inside');
  });

  it('closest points lie on the shapes and are the reported distance apart', () => {
    const r = relate(sq(0, 0, 10), new Circle(20, 0, 5));
    expect(r).toMatchObject({ kind: 'apart', distance: 10 });
    expect(r.a).toEqual({ x: 5, y: 0 });
    expect(r.b).toEqual({ x: 15, y: 0 });
    expect(closest(sq(0, 0, 10), sq(0, 0, 2)).distance).toBe(0);
  });
});

/** The vertex of a polygon farthest along u. */
function support(P: Polygon, ux: number, uy: number): XY {
  let bi = 0;
  for (let i = 1; i < P.n; i++) if (P.x(i) * ux + P.y(i) * uy > P.x(bi) * ux + P.y(bi) * uy) bi = i;
  return [P.x(bi), P.y(bi)];
}

describe('relate over the obstacle outlines, by construction', () => {
  const type = fc.constantFrom(...OBSTACLE_TYPES);
  const angle = fc.oneof(fc.double({ min: 0, max: 360, noNaN: true }), fc.constantFrom(0, 90, 180, 270));
  const at = fc.constantFrom<XY>([0, 0], [914.4, 457.2], [1828.8, 914.4], [1234.567, 89.1011]);

  it('support vertex to support vertex at a gap g: apart at exactly g, touching within the tolerance', () => {
    // A's farthest vertex along u and B's farthest along -u, set g apart along u: the line between
    // separates them, so the distance is exactly g
    fc.assert(
      fc.property(
        type,
        type,
        angle,
        angle,
        angle,
        at,
        fc.constantFrom(0, 0.004, 0.006, 0.01, 1, 37.5),
        (ta, tb, ra, rb, dir, [x, y], g) => {
          const A = Polygon.from(CATALOG.obstacles[ta].outline).placed(x, y, ra);
          const B0 = Polygon.from(CATALOG.obstacles[tb].outline).placed(0, 0, rb);
          const ux = Math.cos((dir * Math.PI) / 180),
            uy = Math.sin((dir * Math.PI) / 180);
          const [ax, ay] = support(A, ux, uy),
            [bx, by] = support(B0, -ux, -uy);
          const B = B0.placed(ax + ux * g - bx, ay + uy * g - by, 0);
          const r = both(A, B);
          if (g > TOLERANCE_MM) {
            expect(r.kind).toBe('apart');
            expect(r.distance).toBeCloseTo(g, 9);
          } else {
            expect(r.kind).toBe('touch');
            expect(r.distance).toBe(0);
          }
        },
      ),
      { numRuns: 400, seed: 3 },
    );
  });

  it('a vertex set on a hull edge of another outline touches it; 0.01 mm across overlaps a disc', () => {
    fc.assert(
      fc.property(
        type,
        type,
        angle,
        angle,
        at,
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.nat(),
        (ta, tb, ra, rb, [x, y], s, k) => {
          const A = Polygon.from(CATALOG.obstacles[ta].outline).placed(x, y, ra);
          // an edge of A on its convex hull: its outward normal u has the whole edge as support
          const edges: number[] = [];
          for (let i = 0; i < A.n; i++) {
            const j = (i + 1) % A.n;
            let hull = true;
            for (let m = 0; m < A.n && hull; m++) {
              const o = (A.x(j) - A.x(i)) * (A.y(m) - A.y(i)) - (A.y(j) - A.y(i)) * (A.x(m) - A.x(i));
              if (o < -1e-9) hull = false;
            }
            if (hull) edges.push(i);
          }
          const i = edges[k % edges.length],
            j = (i + 1) % A.n;
          const ex = A.x(j) - A.x(i),
            ey = A.y(j) - A.y(i),
            len = Math.hypot(ex, ey);
          const ux = ey / len,
            uy = -ex / len; // outward for a counter-clockwise ring
          const px = A.x(i) + ex * s,
            py = A.y(i) + ey * s;
          const B0 = Polygon.from(CATALOG.obstacles[tb].outline).placed(0, 0, rb);
          const [bx, by] = support(B0, -ux, -uy);
          expect(both(A, B0.placed(px - bx, py - by, 0)).kind).toBe('touch');
          expect(both(A, B0.placed(px - bx + ux * 0.01, py - by + uy * 0.01, 0))).toMatchObject({
            kind: 'apart',
          });
          // a disc tangent to the edge, then pushed 0.01 mm in
          const R = 17;
          expect(both(A, new Circle(px + ux * R, py + uy * R, R)).kind).toBe('touch');
          expect(both(A, new Circle(px + ux * (R - 0.01), py + uy * (R - 0.01), R)).kind).toBe('overlap');
        },
      ),
      { numRuns: 300, seed: 5 },
    );
  });

  it('on random placements: symmetric, zero exactly when touching or overlapping, distance as brute force', () => {
    const c = fc.double({ min: 0, max: 120, noNaN: true });
    fc.assert(
      fc.property(type, type, angle, angle, c, c, (ta, tb, ra, rb, dx, dy) => {
        const A = Polygon.from(CATALOG.obstacles[ta].outline).placed(500, 500, ra);
        const B = Polygon.from(CATALOG.obstacles[tb].outline).placed(500 + dx, 500 + dy, rb);
        const r = both(A, B);
        expect(r.distance === 0).toBe(r.kind !== 'apart');
        const d = bruteDistance({ ring: A.pairs() }, { ring: B.pairs() });
        if (d > TOLERANCE_MM + 1e-6) expect(r.distance).toBeCloseTo(d, 9);
        if (d < TOLERANCE_MM - 1e-6) expect(r.kind).not.toBe('apart');
      }),
      { numRuns: 500, seed: 9 },
    );
  });
});

describe('the overlap question alone, at any tolerance', () => {
  it('answers as relate does for a shape inside another, at tolerances either side of their gap', () => {
    // a triangle inside a hexagon, their boundaries 0.05 mm apart at the nearest, both ways round
    const A = Polygon.from([
      [0.799, 0],
      [0.447, 0.775],
      [-0.15, 0.26],
      [-0.3, 0],
      [-0.15, -0.26],
      [0.15, -0.26],
    ]).placed(0, 0, 0);
    const B = Polygon.from([
      [0.25, 0],
      [-0.25, 0.25],
      [-0.25, -0.25],
    ]).placed(0, 0, 0);
    for (const tol of [0, 1e-9, 0.005, 0.03, 0.04, 0.1, 0.5]) {
      expect(polygonsOverlap(A, B, tol)).toBe(relate(A, B, tol).kind === 'overlap');
      expect(polygonsRelation(A, B, tol)).toBe(relate(A, B, tol).kind);
      expect(polygonsOverlap(B, A, tol)).toBe(relate(B, A, tol).kind === 'overlap');
    }
  });

  it('answers as relate does on random small polygons at random tolerances', () => {
    const ring = fc
      .array(
        fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })),
        {
          minLength: 3,
          maxLength: 7,
        },
      )
      .map((ps) => ps.map(([x, y]): XY => [x, y]));
    fc.assert(
      fc.property(ring, ring, fc.double({ min: 0, max: 0.6, noNaN: true }), (ra, rb, tol) => {
        let A: Polygon, B: Polygon;
        try {
          A = Polygon.from(ra).placed(0, 0, 0);
          B = Polygon.from(rb).placed(0.5, 0, 0);
        } catch {
          return; // not a simple polygon
        }
        expect(polygonsOverlap(A, B, tol)).toBe(relate(A, B, tol).kind === 'overlap');
        expect(polygonsRelation(A, B, tol)).toBe(relate(A, B, tol).kind);
      }),
      { numRuns: 3000, seed: 12 },
    );
  });
});

describe('the distance alone, at any tolerance', () => {
  it('is the distance relate gives, the same number, for polygons and discs in any order', () => {
    const ring = fc
      .array(
        fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })),
        { minLength: 3, maxLength: 7 },
      )
      .map((ps) => ps.map(([x, y]): XY => [x, y]));
    // a polygon, or a disc (its radius 0.05 to 1.2 mm)
    const shape = fc.oneof(
      ring.map((r) => ({ ring: r })),
      fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0.05, max: 1.2, noNaN: true })),
    );
    const made = (s: { ring: XY[] } | [number, number], dx: number) =>
      'ring' in s ? Polygon.from(s.ring).placed(dx, 0, 0) : new Circle(s[0] + dx, 0.3, s[1]);
    const kinds = new Set<string>();
    fc.assert(
      fc.property(
        shape,
        shape,
        fc.double({ min: 0, max: 2.5, noNaN: true }),
        fc.double({ min: -0.2, max: 0.6, noNaN: true }),
        (sa, sb, dx, tol) => {
          let A: Polygon | Circle, B: Polygon | Circle;
          try {
            A = made(sa, 0);
            B = made(sb, dx);
          } catch {
            return; // not a simple polygon
          }
          const r = relate(A, B, tol);
          kinds.add(`${A.kind}-${B.kind}-${r.kind}`);
          expect(relateDistance(A, B, tol)).toBe(r.distance);
          expect(relateDistance(B, A, tol)).toBe(relate(B, A, tol).distance);
        },
      ),
      { numRuns: 4000, seed: 31 },
    );
    // every pairing of kinds met apart, touching and overlapping
    for (const k of ['polygon-polygon', 'polygon-circle', 'circle-polygon', 'circle-circle'])
      for (const v of ['apart', 'touch', 'overlap']) expect(kinds.has(`${k}-${v}`), `${k} ${v}`).toBe(true);
  });
});

describe('relate on random star-shaped polygons (spikes, notches, slivers)', () => {
  // a star-shaped ring: vertices at increasing angles about a centre, radii 0.2 to 30 mm
  const star = fc
    .array(
      fc.tuple(fc.double({ min: 0.05, max: 1, noNaN: true }), fc.double({ min: 0.2, max: 30, noNaN: true })),
      { minLength: 3, maxLength: 14 },
    )
    .map((vs) => {
      let a = 0;
      const total = vs.reduce((t, [da]) => t + da, 0);
      return vs.map(([da, r]): XY => {
        a += (da / total) * 2 * Math.PI;
        return [r * Math.cos(a), r * Math.sin(a)];
      });
    });
  it('as the oracle decides: symmetric, distance as brute force, overlap as shared area says', () => {
    const c = fc.double({ min: -40, max: 40, noNaN: true });
    let overlapsSeen = 0;
    fc.assert(
      fc.property(star, star, c, c, fc.double({ min: 0, max: 360, noNaN: true }), (ra, rb, dx, dy, rot) => {
        let A: Polygon, B: Polygon;
        try {
          A = Polygon.from(ra).placed(900, 450, 0);
          B = Polygon.from(rb).placed(900 + dx, 450 + dy, rot);
        } catch {
          return;
        }
        const r = both(A, B);
        expect(r.distance === 0).toBe(r.kind !== 'apart');
        const want = expectedRelation({ ring: A.pairs() }, { ring: B.pairs() }, TOLERANCE_MM);
        if (want.distance > TOLERANCE_MM + 1e-6) {
          expect(r.kind).toBe('apart');
          expect(r.distance).toBeCloseTo(want.distance, 9);
        }
        if (want.verdict === 'overlap') {
          expect(r.kind).toBe('overlap');
          overlapsSeen++;
        }
        if (want.verdict === 'touch' && want.distance < TOLERANCE_MM - 1e-6) expect(r.kind).toBe('touch');
      }),
      { numRuns: 600, seed: 21 },
    );
    expect(overlapsSeen).toBeGreaterThan(100);
  });
});
