/**
 * The attack analysis's early-outs must never change an answer:
 * - segmentSeparatedBeyond (a separating-axis proof that a line stays farther than a margin from
 *   a piece) never says yes when the exact distance (segmentShapeDistance) is within the margin,
 *   and says yes for lines well clear of a piece's hull;
 * - the explanation (`why`) and crossing depths are written when first read, and then read the
 *   same as a report whose every field was materialised up front.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Polygon } from '../../../src/geometry/polygon';
import { relate, segmentShapeDistance } from '../../../src/geometry/relate';
import { TOLERANCE_MM } from '../../../src/geometry/tolerance';
import {
  convexHullOf,
  insideConvexBeyond,
  pointInsideConvexBeyond,
  segmentSeparatedBeyond,
} from '../../../src/geometry/separation';
import { Circle } from '../../../src/geometry/circle';
import { OBSTACLE_TYPES } from '../../../src/model/catalog';
import { tournamentTable } from '../../../scripts/bench/tables';
import { analyze } from '../../../src/rules/report/analyze';
import type { PieceOnLine } from '../../../src/rules/attacks/los';
import { plainReport } from '../../../src/model/report';
import { localOutline } from '../../support/attacks';

const shapes = [
  ...OBSTACLE_TYPES.map((t) => localOutline(t)),
  Polygon.rect(-20, -10, 20, 10),
  // a concave L
  Polygon.from([
    [0, 0],
    [30, 0],
    [30, 10],
    [10, 10],
    [10, 30],
    [0, 30],
  ]),
];

describe('segmentSeparatedBeyond', () => {
  it('never claims a line is farther than the margin when the exact distance is within it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: shapes.length - 1 }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0.001, max: 300, noNaN: true }),
        fc.constantFrom(0.005, 1, 3),
        (k, rot, x, y, ang, len, m) => {
          const S = shapes[k].placed(0, 0, rot);
          const p = { x: x - (Math.cos(ang) * len) / 2, y: y - (Math.sin(ang) * len) / 2 };
          const q = { x: x + (Math.cos(ang) * len) / 2, y: y + (Math.sin(ang) * len) / 2 };
          const d = segmentShapeDistance(S, p.x, p.y, q.x, q.y);
          if (segmentSeparatedBeyond(S, p.x, p.y, q.x, q.y, m)) expect(d).toBeGreaterThan(m);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('holds at the margin exactly: a line at distance m from an edge is not separated, one a little farther is', () => {
    const S = Polygon.from([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]);
    for (const m of [0.005, 1]) {
      expect(segmentSeparatedBeyond(S, -5, 10 + m, 15, 10 + m, m)).toBe(false);
      expect(segmentSeparatedBeyond(S, -5, 10 + m + 1e-4, 15, 10 + m + 1e-4, m)).toBe(true);
      // diagonal past a corner: only the line's own axis separates it
      const h = (m + 1e-3) * Math.SQRT2;
      expect(segmentSeparatedBeyond(S, 10 + h - 20, 10 + 20, 10 + h + 20, 10 - 20, m)).toBe(true);
    }
  });

  it('takes the convex hull of a concave outline, which holds every vertex', () => {
    const L = shapes[shapes.length - 1];
    const h = convexHullOf(L);
    expect(Array.from(h)).toEqual([0, 0, 30, 0, 30, 10, 10, 30, 0, 30]);
    // a line through the notch of the L is near the hull but may be far from the L: no claim
    expect(segmentSeparatedBeyond(L, 12, 28, 28, 12, 1)).toBe(false);
  });
});

describe('insideConvexBeyond (a defender deep inside a firing arc)', () => {
  it('says yes only when relate() finds an overlap and every vertex is deeper than the margin', () => {
    const arc = Polygon.from([
      [0, 0],
      [400, -300],
      [400, 300],
    ]);
    let yes = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 60, max: 420, noNaN: true }),
        fc.double({ min: -120, max: 120, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 1, max: 60, noNaN: true }),
        (x, y, rot, w) => {
          const S = Polygon.rect(0, 0, w, w / 2).placed(x, y, rot);
          if (!insideConvexBeyond(S, arc, TOLERANCE_MM)) return;
          yes++;
          expect(relate(S, arc).kind).toBe('overlap');
          for (let i = 0; i < S.n; i++)
            expect(arc.signedDistance(S.x(i), S.y(i))).toBeLessThan(-TOLERANCE_MM);
        },
      ),
      { numRuns: 2000 },
    );
    expect(yes).toBeGreaterThan(200);
    // a defender touching an arc line within the tolerance is not deep inside
    const edge = Polygon.from([
      [100, -75 + 0.004],
      [120, -90 + 0.004],
      [130, -40],
      [110, -30],
    ]);
    expect(insideConvexBeyond(edge, arc, TOLERANCE_MM)).toBe(false);
  });
});

describe('pointInsideConvexBeyond (a squadron centred inside a firing arc)', () => {
  it('says yes only for points inside by more than the margin; a disc centred there overlaps the arc', () => {
    const arc = Polygon.from([
      [0, 0],
      [400, -300],
      [400, 300],
    ]);
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 450, noNaN: true }),
        fc.double({ min: -350, max: 350, noNaN: true }),
        fc.constantFrom(0, 0.005, 2),
        (x, y, m) => {
          if (!pointInsideConvexBeyond(x, y, arc, m)) return;
          expect(arc.signedDistance(x, y)).toBeLessThan(-m);
          expect(relate(new Circle(x, y, 17), arc).kind).toBe('overlap');
        },
      ),
      { numRuns: 2000 },
    );
    expect(pointInsideConvexBeyond(200, 0, arc, 0)).toBe(true);
    expect(pointInsideConvexBeyond(0, 0, arc, 0)).toBe(false);
    expect(pointInsideConvexBeyond(400, 0, arc, 0)).toBe(false);
  });
});

describe('explanations written when read', () => {
  it('a report read lazily equals one whose every why and depth was read first, and JSON carries them in order', () => {
    const table = tournamentTable(2);
    const lazy = analyze(table);
    const eager = analyze(table);
    const eagerJson = JSON.stringify(eager);
    const plain = plainReport(analyze(table));
    expect(JSON.stringify(plain)).toBe(eagerJson);
    for (const a of plain.attacks) {
      // the format's order: why follows grazing; every field is the entry's own (a structured clone keeps it)
      expect(Object.keys(a).indexOf('why')).toBe(Object.keys(a).indexOf('grazing') + 1);
      expect(Object.keys(a).slice(0, 11)).toEqual([
        'attacker',
        'defender',
        'inArc',
        'range',
        'rangeMm',
        'rangeLine',
        'los',
        'losLine',
        'obstructedBy',
        'grazing',
        'why',
      ]);
    }
    expect(structuredClone(plain)).toEqual(plain);
    for (const a of lazy.attacks) {
      expect(typeof a.why).toBe('string');
      expect(a.why.length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(lazy)).toBe(eagerJson);
    const crossed = lazy.attacks
      .flatMap((a) => (a.lines as PieceOnLine[] | undefined) ?? [])
      .filter((l) => l.verdict === 'cross');
    expect(crossed.length).toBeGreaterThan(0);
    for (const l of crossed) expect(l.depthMm).toBeGreaterThan(0);
    // written once: a second read gives the same string, and it can be overwritten
    const a0 = lazy.attacks[0];
    expect(a0.why).toBe(a0.why);
    a0.why = 'x';
    expect(a0.why).toBe('x');
  });
});
