import { describe, expect, it } from 'vitest';
import { grownRings, ARC_TOLERANCE_MM } from '../../src/geometry/offset';
import { Polygon } from '../../src/geometry/polygon';
import { CATALOG } from '../../src/model/catalog';

describe('grownRings (distance rings drawn around a piece)', () => {
  it('every point of the ring of a square grown by 76.5 mm is 76.5 mm from the square, within the arc tolerance', () => {
    const sq = Polygon.rect(500, 400, 43, 71);
    const rings = grownRings(sq, 76.5);
    expect(rings.length).toBe(1);
    for (const [x, y] of rings[0]) {
      const d = sq.closestBoundaryPoint(x, y).d;
      expect(d).toBeGreaterThan(76.5 - ARC_TOLERANCE_MM - 1e-3);
      expect(d).toBeLessThan(76.5 + 1e-3);
    }
  });

  it('a concave token (debris-a) grown by distance 1 is one ring around it', () => {
    const P = Polygon.from(CATALOG.obstacles['debris-a'].outline).placed(900, 450, 30);
    const rings = grownRings(P, CATALOG.ruler.distance[0].end);
    expect(rings.length).toBe(1);
    for (const [x, y] of rings[0]) expect(P.locate(x, y)).toBe('outside');
  });
});
