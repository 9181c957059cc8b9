/**
 * lineMeets (the per-drag classification of a line against a piece) must agree with crossing()
 * from src/geometry/relate.ts: the same kind with the one tolerance, the same inside length, and
 * a depth within a few thousandths of a millimetre of crossing()'s bisection.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossing } from '../../../src/geometry/relate';
import { OBSTACLE_TYPES } from '../../../src/model/catalog';
import { deepestOn, lineMeets } from '../../../src/geometry/line-meet';
import { insideIntervals } from '../../../src/geometry/relate';
import { Polygon } from '../../../src/geometry/polygon';
import { localOutline } from '../../support/attacks';
import { nearBoundaryOf, subtract } from '../../../src/geometry/line-intervals';
import { TOLERANCE_MM } from '../../../src/geometry/tolerance';
import { CATALOG } from '../../../src/model/catalog';
import { obstacleOutline } from '../../../src/model/pieces';

describe('lineMeets', () => {
  it('agrees with crossing() on random lines through and near obstacle tokens', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OBSTACLE_TYPES),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 10, max: 200, noNaN: true }),
        (type, rot, x, y, ang, len) => {
          const O = localOutline(type).placed(0, 0, rot);
          const p = { x: x - (Math.cos(ang) * len) / 2, y: y - (Math.sin(ang) * len) / 2 };
          const q = { x: x + (Math.cos(ang) * len) / 2, y: y + (Math.sin(ang) * len) / 2 };
          const a = lineMeets(O, p, q),
            b = crossing(O, p.x, p.y, q.x, q.y);
          expect(a.kind).toBe(b.kind);
          if (a.kind !== 'clear') expect(a.insideLength).toBeCloseTo(b.insideLength, 9);
          if (a.kind === 'cross') {
            // crossing()'s bisection is itself within 0.001 mm
            expect(Math.abs(a.depth - b.depth)).toBeLessThan(0.003);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('deepestOn finds the deepest of several peaks in a non-convex outline (against fine sampling)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OBSTACLE_TYPES),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: -40, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        (type, rot, offset, dir) => {
          const S = localOutline(type).placed(700, 400, rot);
          const a = (dir * Math.PI) / 180,
            nx = -Math.sin(a),
            ny = Math.cos(a);
          const p = { x: 700 + nx * offset - Math.cos(a) * 150, y: 400 + ny * offset - Math.sin(a) * 150 };
          const q = { x: 700 + nx * offset + Math.cos(a) * 150, y: 400 + ny * offset + Math.sin(a) * 150 };
          const iv = insideIntervals(S, p.x, p.y, q.x, q.y);
          let brute = 0;
          for (const [t0, t1] of iv) {
            for (let k = 0; k <= 3000; k++) {
              const t = t0 + ((t1 - t0) * k) / 3000;
              brute = Math.max(brute, S.boundaryDistance(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t));
            }
          }
          // the samples are 0.1 mm apart or less, so brute is within 0.05 mm below the true depth
          expect(deepestOn(S, iv, p, q)).toBeGreaterThan(brute - 0.003);
          expect(deepestOn(S, iv, p, q)).toBeLessThan(brute + 0.06);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('deepestOn: a line across exogorth-1 with two peaks, the lower one nearer the sampled best (found on the stress table)', () => {
    const S = obstacleOutline(CATALOG, {
      type: 'exogorth-1',
      x: 1077.8742861673236,
      y: 437.3407835587859,
      rotation: 166,
    });
    const p = { x: 545.154829330175, y: 727.5513234802465 },
      q = { x: 1411.9793061594773, y: 298.3593294961693 };
    // the stretch inside less the tolerance strips, as the visible-portion test hands it over
    const deep = subtract(insideIntervals(S, p.x, p.y, q.x, q.y), nearBoundaryOf(S, p, q, TOLERANCE_MM));
    expect(deepestOn(S, deep, p, q)).toBeCloseTo(4.7325, 3);
  });

  it('deepestOn finds the depth of a chord through a square', () => {
    const S = Polygon.rect(0, 0, 20, 20);
    const p = { x: -20, y: 3 },
      q = { x: 20, y: 3 };
    // deepest point of y = 3 inside the square: 7 mm from the top edge, 10 from the sides
    expect(deepestOn(S, insideIntervals(S, p.x, p.y, q.x, q.y), p, q)).toBeCloseTo(7, 3);
    expect(deepestOn(S, [], p, q)).toBe(0);
  });

  it('graze at a vertex and along an edge, as crossing() says', () => {
    const O = localOutline('asteroid-c');
    // through vertex 0 along the tangent direction of neither edge would be luck; take an edge
    const p = O.point(0),
      q = O.point(1);
    const dx = q.x - p.x,
      dy = q.y - p.y;
    const a = lineMeets(O, { x: p.x - dx, y: p.y - dy }, { x: q.x + dx, y: q.y + dy });
    const b = crossing(O, p.x - dx, p.y - dy, q.x + dx, q.y + dy);
    expect(a.kind).toBe(b.kind);
    expect(a.kind).not.toBe('clear');
  });
});
