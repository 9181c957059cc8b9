/**
 * The flat kernel's geometry (src/geometry/flat-line.ts) against the functions it stands for, on
 * real hull zones and bases of ships at random places and lines drawn to and through them, many
 * ending on a zone's edge or corner (where the defending zone meets a neighbour): every figure
 * the same to the last digit (Object.is), every answer the same; and flatOnlyAtEnd, a proof,
 * never says "no entry" where today's blocking-zone tests (meetLine, onlyAtEnd) would make one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentInConvexBeyond } from '../../src/geometry/clip';
import { Circle } from '../../src/geometry/circle';
import {
  C_AX,
  C_AY,
  C_BX,
  C_BY,
  C_DIST,
  FlatEdges,
  flatApartClosest,
  flatCirclesClosest,
  flatConvexDepth,
  flatInConvexBeyond,
  flatMeetConvex,
  flatOnlyAtEnd,
  flatPolygonCircleClosest,
  flatSeparated,
  M_CLEARANCE,
  M_DEPTH,
  M_INSIDE,
  MEET_CLEAR,
  MEET_CROSS,
  MEET_UNDECIDED,
} from '../../src/geometry/flat-line';
import { meetLine, NEAR_MM } from '../../src/geometry/line-meet';
import type { Polygon } from '../../src/geometry/polygon';
import { boundaryClosest, closest, convexDepth, hullsApartBeyond } from '../../src/geometry/relate';
import { segmentSeparatedBeyond } from '../../src/geometry/separation';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { CATALOG } from '../../src/model/catalog';
import { shipShapes } from '../../src/model/pieces';
import { onlyAtEnd } from '../../src/rules/attacks/los';

const SIZES = ['small', 'medium', 'large'] as const;

/** A ship's four hull zones and its base, placed. */
function shipAt(size: (typeof SIZES)[number], x: number, y: number, r: number): Polygon[] {
  const s = shipShapes(CATALOG, { size, x, y, rotation: r });
  return [...s.zones.map((z) => s.hullZones[z]), s.base];
}

const same = (a: number, b: number) => expect(Object.is(a, b) || a === b).toBe(true);

/** A point on polygon P's boundary: edge i at parameter u (u 0: the corner). */
function onEdge(P: Polygon, i: number, u: number): [number, number] {
  const n = P.n,
    a = i % n,
    b = (a + 1) % n;
  return [
    P.xy[2 * a] + (P.xy[2 * b] - P.xy[2 * a]) * u,
    P.xy[2 * a + 1] + (P.xy[2 * b + 1] - P.xy[2 * a + 1]) * u,
  ];
}

const line = fc.record({
  size: fc.constantFrom(...SIZES),
  x: fc.double({ min: 300, max: 600, noNaN: true }),
  y: fc.double({ min: 300, max: 600, noNaN: true }),
  r: fc.oneof(fc.double({ min: 0, max: 360, noNaN: true }), fc.constantFrom(0, 90, 180, 270)),
  shape: fc.nat(4),
  // the far end: anywhere around, or on an edge or corner of another of the ship's outlines
  ax: fc.double({ min: 0, max: 900, noNaN: true }),
  ay: fc.double({ min: 0, max: 900, noNaN: true }),
  endOn: fc.nat(4),
  edge: fc.nat(8),
  u: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.5, 1)),
  nudge: fc.constantFrom(0, 0, 1e-9, -1e-9, TOLERANCE_MM, -TOLERANCE_MM, 0.02, NEAR_MM),
});

type Drawn = {
  polys: Polygon[];
  F: FlatEdges;
  k: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
};

function draw(r: {
  size: (typeof SIZES)[number];
  x: number;
  y: number;
  r: number;
  shape: number;
  ax: number;
  ay: number;
  endOn: number;
  edge: number;
  u: number;
  nudge: number;
}): Drawn {
  const polys = shipAt(r.size, r.x, r.y, r.r);
  const [bx0, by0] = onEdge(polys[r.endOn], r.edge, r.u);
  return {
    polys,
    F: new FlatEdges(polys),
    k: r.shape,
    ax: r.ax,
    ay: r.ay,
    bx: bx0 + r.nudge,
    by: by0 - r.nudge,
  };
}

describe('flat-line: the same figures as the functions it stands for', () => {
  it('separation, Cyrus-Beck, depth and the convex meeting, edge for edge', () => {
    const out = new Float64Array(5),
      slot = new Float64Array(2),
      flatSlot = new Float64Array(2);
    let crossed = 0,
      undecided = 0;
    fc.assert(
      fc.property(line, fc.constantFrom(0, TOLERANCE_MM, NEAR_MM, -TOLERANCE_MM, 2), (r, d) => {
        const { polys, F, k, ax, ay, bx, by } = draw(r);
        const P = polys[k],
          p = { x: ax, y: ay },
          q = { x: bx, y: by };
        for (const m of [0, TOLERANCE_MM, NEAR_MM])
          expect(flatSeparated(F, k, ax, ay, bx, by, m)).toBe(segmentSeparatedBeyond(P, ax, ay, bx, by, m));
        const inRef = segmentInConvexBeyond(P, p, q, d, slot);
        expect(flatInConvexBeyond(F, k, ax, ay, bx, by, d, flatSlot, 0)).toBe(inRef);
        if (inRef) {
          same(flatSlot[0], slot[0]);
          same(flatSlot[1], slot[1]);
          same(
            flatConvexDepth(F, k, slot[0], slot[1], ax, ay, bx, by),
            convexDepth(P, slot[0], slot[1], ax, ay, bx, by),
          );
        }
        for (const near of [TOLERANCE_MM, NEAR_MM]) {
          const code = flatMeetConvex(F, k, ax, ay, bx, by, near, out);
          const c = meetLine(P, p, q, near);
          if (code === MEET_UNDECIDED) {
            undecided++;
            continue;
          }
          expect(c.kind).toBe(code === MEET_CROSS ? 'cross' : 'clear');
          same(out[M_CLEARANCE], c.clearance);
          if (code === MEET_CLEAR) expect(code).toBe(MEET_CLEAR);
          else {
            crossed++;
            same(out[M_INSIDE], c.insideLength);
            same(out[M_DEPTH], c.depth as number);
          }
        }
      }),
      { numRuns: 3000, seed: 4040 },
    );
    expect(crossed).toBeGreaterThan(300);
    expect(undecided).toBeGreaterThan(30);
  });

  it('flatOnlyAtEnd says "no entry" only where meetLine and onlyAtEnd make none', () => {
    let proved = 0;
    fc.assert(
      fc.property(line, (r) => {
        const { polys, F, k, ax, ay, bx, by } = draw(r);
        if (!flatOnlyAtEnd(F, k, ax, ay, bx, by)) return;
        proved++;
        const P = polys[k],
          p = { x: ax, y: ay },
          q = { x: bx, y: by };
        const c = meetLine(P, p, q, TOLERANCE_MM);
        expect(c.kind).not.toBe('cross');
        if (c.kind === 'graze') expect(onlyAtEnd(P, p, q)).toBe(true);
      }),
      { numRuns: 4000, seed: 5050 },
    );
    expect(proved).toBeGreaterThan(500);
  });

  it('the closest points of apart polygons, a polygon and a disc, two discs', () => {
    const out = new Float64Array(5);
    fc.assert(
      fc.property(
        line,
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: 0.5, max: 20, noNaN: true }),
        // turned in line with the first (edges parallel: equal distances, where the first pair must win)
        fc.constantFrom(37, 0, 90, 180),
        fc.boolean(),
        (r, dx0, dy0, rad, turn, whole) => {
          const dx = whole ? Math.round(dx0) : dx0,
            dy = whole ? Math.round(dy0) : dy0;
          const A = shipAt(r.size, r.x, r.y, whole ? 0 : r.r)[r.shape],
            B = shipAt('small', r.x + dx, r.y + dy, (whole ? 0 : r.r) + turn)[r.edge % 5];
          if (hullsApartBeyond(A, B, 0)) {
            flatApartClosest(A, B, out);
            const c = boundaryClosest(A, B, 0, true);
            for (const [i, v] of [
              [C_DIST, c.distance],
              [C_AX, c.a.x],
              [C_AY, c.a.y],
              [C_BX, c.b.x],
              [C_BY, c.b.y],
            ])
              same(out[i], v);
          }
          const D = new Circle(r.x + dx, r.y + dy, rad);
          flatPolygonCircleClosest(A, D.cx, D.cy, D.r, A.locate(D.cx, D.cy), out);
          const pc = closest(A, D);
          [pc.distance, pc.a.x, pc.a.y, pc.b.x, pc.b.y].forEach((v, i) => same(out[i], v));
          const E = new Circle(r.ax, r.ay, rad / 2);
          flatCirclesClosest(D.cx, D.cy, D.r, E.cx, E.cy, E.r, out);
          const cc = closest(D, E);
          [cc.distance, cc.a.x, cc.a.y, cc.b.x, cc.b.y].forEach((v, i) => same(out[i], v));
        },
      ),
      { numRuns: 2000, seed: 6060 },
    );
  });
});
