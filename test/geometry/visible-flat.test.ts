/**
 * visibleMeetingFlat (src/geometry/visible-flat.ts) against visibleMeeting (line-meet.ts), the plain
 * version it is written out from: the same verdict, the same inside length and the same visible pieces
 * to the last bit, on every obstacle outline under one to three covering rectangles (ship bases and
 * tokens), random lines through them, and edges put in line with each other or a tolerance apart.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insideOf } from '../../src/geometry/line-intervals';
import { visibleMeeting } from '../../src/geometry/line-meet';
import { Polygon } from '../../src/geometry/polygon';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { visibleMeetingFlat } from '../../src/geometry/visible-flat';
import { CATALOG, OBSTACLE_TYPES } from '../../src/model/catalog';

const same = (O: Polygon, covers: Polygon[], p: { x: number; y: number }, q: { x: number; y: number }) => {
  for (const given of [false, true]) {
    const inside = given ? insideOf(O, p, q) : undefined;
    const a = visibleMeeting(O, covers, p, q, TOLERANCE_MM, inside);
    const b = visibleMeetingFlat(O, covers, p, q, TOLERANCE_MM, inside);
    expect(b.verdict).toBe(a.verdict);
    expect(Object.is(b.insideMm, a.insideMm)).toBe(true);
    if (typeof a.depth === 'object' && 'iv' in a.depth) {
      expect(typeof b.depth === 'object' && 'iv' in b.depth && b.depth.iv).toEqual(a.depth.iv);
    } else expect(b.depth).toBe(a.depth);
  }
  return visibleMeeting(O, covers, p, q).verdict;
};

describe('the visible part of an obstacle on flat interval lists', () => {
  const obstacle = fc
    .tuple(fc.constantFrom(...OBSTACLE_TYPES), fc.double({ min: 0, max: 360, noNaN: true }))
    .map(([t, r]) => Polygon.from(CATALOG.obstacles[t].outline).placed(400, 300, r));
  // a ship's base or token, somewhere over the obstacle
  const cover = fc
    .tuple(
      fc.constantFrom([43, 71], [63, 102], [77.5, 129], [41, 41]),
      fc.double({ min: -60, max: 60, noNaN: true }),
      fc.double({ min: -60, max: 60, noNaN: true }),
      fc.double({ min: 0, max: 360, noNaN: true }),
    )
    .map(([[w, h], dx, dy, r]) => Polygon.rect(0, 0, w, h).placed(400 + dx, 300 + dy, r));
  const end = fc.tuple(
    fc.double({ min: 200, max: 600, noNaN: true }),
    fc.double({ min: 100, max: 500, noNaN: true }),
  );

  it('gives visibleMeeting’s answer on random obstacles, covers and lines', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(obstacle, fc.array(cover, { minLength: 1, maxLength: 3 }), end, end, (O, covers, a, b) => {
        seen.add(same(O, covers, { x: a[0], y: a[1] }, { x: b[0], y: b[1] }));
      }),
      { numRuns: 3000, seed: 11 },
    );
    // the verdicts reached (a graze is rare on random lines: the edges in line below reach it)
    expect([...seen].sort()).toEqual(['covered', 'cross']);
  });

  it('gives its answer where edges lie in line or a tolerance apart', () => {
    const seen = new Set<string>();
    // an axis-aligned square obstacle, covers on a grid of tolerances, lines along and across edges
    const O = Polygon.rect(400, 300, 40, 40);
    const step = fc.integer({ min: -8, max: 8 }).map((k) => (k * TOLERANCE_MM) / 2);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -2, max: 2 }), step, fc.integer({ min: -2, max: 2 }), step), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.tuple(fc.integer({ min: -3, max: 3 }), step),
        fc.boolean(),
        (covers, [k, e], across) => {
          const C = covers.map(([i, di, j, dj]) =>
            Polygon.rect(400 + 20 * i + di, 300 + 20 * j + dj, 40, 40),
          );
          // through the square's edges (x 380-420, y 280-320), its middle, and beside it
          const [p, q] = across
            ? [
                { x: 400 + 10 * k + e, y: 200 },
                { x: 400 + 10 * k + e, y: 400 },
              ]
            : [
                { x: 300, y: 300 + 10 * k + e },
                { x: 500, y: 300 + 10 * k + e },
              ];
          seen.add(same(O, C, p, q));
        },
      ),
      { numRuns: 2000, seed: 12 },
    );
    expect([...seen].sort()).toEqual(['covered', 'cross', 'graze']);
  });

  it('drops a visible piece too short to count, as the plain version does', () => {
    // a cover whose edge, grown by the tolerance, begins 1e-10 mm past where the obstacle's deep part does
    const O = Polygon.rect(400, 300, 40, 40);
    const L = 380 + 2 * TOLERANCE_MM + 1e-10;
    const cover = Polygon.rect((L + 440) / 2, 300, 440 - L, 60);
    expect(same(O, [cover], { x: 300, y: 300 }, { x: 500, y: 300 })).not.toBe('cross');
  });
});
