/**
 * lineMeets (the per-drag classification of a line against a piece) must agree with crossing()
 * from src/geometry/relate.ts: the same kind with the one tolerance, the same inside length, and
 * a depth within a few thousandths of a millimetre of crossing()'s bisection.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossing } from '../src/geometry/relate';
import { OBSTACLE_TYPES } from '../src/model/catalog';
import { deepestOn, lineMeets } from '../src/rules/los';
import { insideIntervals } from '../src/geometry/relate';
import { Polygon } from '../src/geometry/polygon';
import { localOutline } from './attacks-helpers';

describe('lineMeets', () => {
  it('agrees with crossing() on random lines through and near obstacle tokens', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OBSTACLE_TYPES), fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }), fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 10, max: 200, noNaN: true }),
        (type, rot, x, y, ang, len) => {
          const O = localOutline(type).placed(0, 0, rot);
          const p = { x: x - Math.cos(ang) * len / 2, y: y - Math.sin(ang) * len / 2 };
          const q = { x: x + Math.cos(ang) * len / 2, y: y + Math.sin(ang) * len / 2 };
          const a = lineMeets(O, p, q), b = crossing(O, p.x, p.y, q.x, q.y);
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

  it('deepestOn finds the depth of a chord through a square', () => {
    const S = Polygon.rect(0, 0, 20, 20);
    const p = { x: -20, y: 3 }, q = { x: 20, y: 3 };
    // deepest point of y = 3 inside the square: 7 mm from the top edge, 10 from the sides
    expect(deepestOn(S, insideIntervals(S, p.x, p.y, q.x, q.y), p, q)).toBeCloseTo(7, 3);
    expect(deepestOn(S, [], p, q)).toBe(0);
  });

  it('graze at a vertex and along an edge, as crossing() says', () => {
    const O = localOutline('asteroid-c');
    // through vertex 0 along the tangent direction of neither edge would be luck; take an edge
    const p = O.point(0), q = O.point(1);
    const dx = q.x - p.x, dy = q.y - p.y;
    const a = lineMeets(O, { x: p.x - dx, y: p.y - dy }, { x: q.x + dx, y: q.y + dy });
    const b = crossing(O, p.x - dx, p.y - dy, q.x + dx, q.y + dy);
    expect(a.kind).toBe(b.kind);
    expect(a.kind).not.toBe('clear');
  });
});
