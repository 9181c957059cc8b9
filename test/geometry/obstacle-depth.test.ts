/**
 * How deep a ship or a squadron reaches into an obstacle (the overlaps section's `depthMm`): an obstacle's
 * outline cut into convex parts (convex-parts.ts), a ship's depth over those parts (penetration.ts, and its
 * pruned penetrationNear held equal to it), a squadron's over the outline itself (disc-penetration.ts, and
 * its short cuts held equal to its plain search). By construction, and against an independent computation:
 * the least move found by walking out along many directions, each move tested on the outlines themselves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convexPartIndices, convexParts } from '../../src/geometry/convex-parts';
import { discPenetration } from '../../src/geometry/disc-penetration';
import { penetration, penetrationNear } from '../../src/geometry/penetration';
import { Polygon } from '../../src/geometry/polygon';
import { polygonsOverlap, polygonsRelation } from '../../src/geometry/relate';
import { CATALOG, type ObstacleType } from '../../src/model/catalog';
import { obstacleOutline, shipShapes } from '../../src/model/pieces';

const TYPES = Object.keys(CATALOG.obstacles) as ObstacleType[];
const type = fc.constantFrom(...TYPES);
const turn = fc.double({ min: 0, max: 360, noNaN: true });
const outline = (t: ObstacleType, rotation: number) =>
  obstacleOutline(CATALOG, { type: t, x: 0, y: 0, rotation });
const footprint = (size: 'small' | 'medium' | 'large', x: number, y: number, rotation: number) => {
  const s = shipShapes(CATALOG, { size, x, y, rotation });
  return { parts: [s.base, s.dials.front, s.dials.rear, s.dials.left, s.dials.right], whole: s.footprint };
};

describe('convexParts: an outline cut into convex parts', () => {
  it('every obstacle at any turn: convex parts of its own corners, no two overlapping, their areas its area', () => {
    fc.assert(
      fc.property(type, turn, (t, rot) => {
        const P = outline(t, rot);
        const rings = convexPartIndices(P);
        const parts = convexParts(P);
        expect(parts.length).toBe(rings.length);
        let area = 0;
        for (const ring of rings) {
          const m = ring.length;
          for (let k = 0; k < m; k++) {
            const [a, b, c] = [ring[(k + m - 1) % m], ring[k], ring[(k + 1) % m]];
            const cross = (P.x(b) - P.x(a)) * (P.y(c) - P.y(b)) - (P.y(b) - P.y(a)) * (P.x(c) - P.x(b));
            expect(cross).toBeGreaterThanOrEqual(-1e-9);
          }
        }
        for (const Q of parts) area += Q.area;
        expect(area).toBeCloseTo(P.area, 6);
        for (let i = 0; i < parts.length; i++)
          for (let j = i + 1; j < parts.length; j++)
            expect(polygonsRelation(parts[i], parts[j], 1e-6)).not.toBe('overlap');
      }),
      { numRuns: 60, seed: 3 },
    );
  });

  it('a convex outline is its own single part; a notched square is cut in two or three', () => {
    const sq = Polygon.rect(0, 0, 10, 10);
    expect(convexParts(sq)).toEqual([sq]);
    const notched = Polygon.from([
      [0, 0],
      [10, 0],
      [10, 10],
      [5, 5],
      [0, 10],
    ]);
    const parts = convexParts(notched);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.length).toBeLessThanOrEqual(3);
    expect(parts.reduce((s, q) => s + q.area, 0)).toBeCloseTo(notched.area, 12);
  });
});

/**
 * The independent measure: along each of `k` directions, the first distance at which the shape no longer
 * overlaps (stepping out, then halving the last step); the least of them. An upper bound on the least move.
 */
function walkedOut(overlapsAt: (dx: number, dy: number) => boolean, k: number, reach: number): number {
  let best = Infinity;
  for (let i = 0; i < k; i++) {
    const ux = Math.cos((2 * Math.PI * i) / k),
      uy = Math.sin((2 * Math.PI * i) / k);
    for (let s = 0.5; s < Math.min(best, reach); s += 0.5) {
      if (overlapsAt(s * ux, s * uy)) continue;
      let lo = s - 0.5,
        hi = s;
      for (let j = 0; j < 40; j++) {
        const m = (lo + hi) / 2;
        if (overlapsAt(m * ux, m * uy)) lo = m;
        else hi = m;
      }
      best = Math.min(best, hi);
      break;
    }
  }
  return best;
}

/** Does every move of these lengths, in each of `k` directions, still overlap? (Shorter than the least move.) */
function shorterOverlap(
  overlapsAt: (dx: number, dy: number) => boolean,
  lengths: number[],
  k: number,
): boolean {
  for (const l of lengths)
    for (let i = 0; i < k; i++) {
      const a = (2 * Math.PI * (i + 0.5)) / k;
      if (!overlapsAt(l * Math.cos(a), l * Math.sin(a))) return false;
    }
  return true;
}

describe('a ship in an obstacle: the least move that clears it', () => {
  it('a square pushed d mm into a square: depth d (straight back), whichever part reaches', () => {
    const box = [Polygon.rect(0, 0, 100, 100)];
    for (const d of [0.001, 0.01, 0.5, 3, 20]) {
      const a = [Polygon.rect(0, -50 - 5 + d, 10, 10)];
      expect(penetration(a, box).depth).toBeCloseTo(d, 9);
      expect(penetrationNear(a, box).depth).toBeCloseTo(d, 9);
    }
    // touching (sharing an edge) is no depth
    expect(penetration([Polygon.rect(0, -55, 10, 10)], box).depth).toBe(0);
  });

  it('penetrationNear is penetration, bit for bit, for ships on obstacles at any place and turn', () => {
    fc.assert(
      fc.property(
        type,
        turn,
        turn,
        fc.constantFrom('small', 'medium', 'large') as fc.Arbitrary<'small' | 'medium' | 'large'>,
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        (t, ro, rs, size, x, y) => {
          const B = convexParts(outline(t, ro));
          const A = footprint(size, x, y, rs).parts;
          expect(penetrationNear(A, B)).toEqual(penetration(A, B));
        },
      ),
      { numRuns: 150, seed: 5 },
    );
  });

  it('moved by the depth found it clears the outline itself; every shorter move overlaps; walking out takes no less', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        type,
        turn,
        turn,
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        (t, ro, rs, x, y) => {
          const P = outline(t, ro);
          const { parts, whole } = footprint('medium', x, y, rs);
          const r = penetrationNear(parts, convexParts(P));
          const over = polygonsOverlap(whole, P, 1e-7);
          expect(r.depth > 0).toBe(over);
          if (!over) return;
          checked++;
          // the move found clears the outline (touching at most), on the outline itself, not its parts
          expect(polygonsOverlap(whole.placed(r.dx, r.dy, 0), P, 1e-6)).toBe(false);
          const at = (dx: number, dy: number) => polygonsOverlap(whole.placed(dx, dy, 0), P, 1e-7);
          expect(r.depth).toBeLessThanOrEqual(walkedOut(at, 120, 400) + 1e-6);
          const d = r.depth;
          expect(shorterOverlap(at, [d / 4, d / 2, (3 * d) / 4, d - 0.005], 720)).toBe(true);
        },
      ),
      { numRuns: 24, seed: 9 },
    );
    expect(checked).toBeGreaterThan(10);
  });
});

/** discPenetration's plain search: every candidate and every crossing, no short cut (the reference). */
function discPlain(cx: number, cy: number, r: number, B: Polygon): number {
  const free = (x: number, y: number) => B.signedDistance(x, y) >= r - 1e-9;
  if (free(cx, cy)) return 0;
  type Piece = { seg: boolean; a: number; b: number; c: number; d: number };
  const pieces: Piece[] = [];
  for (let i = 0; i < B.n; i++) {
    const j = (i + 1) % B.n;
    const [x0, y0, x1, y1] = [B.x(i), B.y(i), B.x(j), B.y(j)];
    const l = Math.hypot(x1 - x0, y1 - y0);
    const [nx, ny] = [((y1 - y0) / l) * r, (-(x1 - x0) / l) * r];
    for (const s of [1, -1])
      pieces.push({ seg: true, a: x0 + s * nx, b: y0 + s * ny, c: x1 + s * nx, d: y1 + s * ny });
    pieces.push({ seg: false, a: x0, b: y0, c: r, d: 0 });
  }
  const pts: [number, number][] = [];
  for (const p of pieces) {
    if (p.seg) {
      const [dx, dy] = [p.c - p.a, p.d - p.b];
      const t = Math.min(1, Math.max(0, ((cx - p.a) * dx + (cy - p.b) * dy) / (dx * dx + dy * dy)));
      pts.push([p.a, p.b], [p.c, p.d], [p.a + t * dx, p.b + t * dy]);
    } else {
      const l = Math.hypot(cx - p.a, cy - p.b);
      pts.push([p.a + ((cx - p.a) / l) * r, p.b + ((cy - p.b) / l) * r]);
    }
  }
  for (let i = 0; i < pieces.length; i++)
    for (let j = i + 1; j < pieces.length; j++) {
      const [p, q] = [pieces[i], pieces[j]];
      // crossings: sample each pair exactly by the same formulas as a circle or a line would give
      if (p.seg && q.seg) {
        const [rx, ry, sx, sy] = [p.c - p.a, p.d - p.b, q.c - q.a, q.d - q.b];
        const den = rx * sy - ry * sx;
        if (den === 0) continue;
        const t = ((q.a - p.a) * sy - (q.b - p.b) * sx) / den,
          u = ((q.a - p.a) * ry - (q.b - p.b) * rx) / den;
        if (t >= 0 && t <= 1 && u >= 0 && u <= 1) pts.push([p.a + t * rx, p.b + t * ry]);
      } else if (p.seg !== q.seg) {
        const [s, c] = p.seg ? [p, q] : [q, p];
        const [dx, dy, fx, fy] = [s.c - s.a, s.d - s.b, s.a - c.a, s.b - c.b];
        const A = dx * dx + dy * dy,
          Bq = 2 * (fx * dx + fy * dy),
          C = fx * fx + fy * fy - r * r;
        const disc = Bq * Bq - 4 * A * C;
        if (disc < 0) continue;
        for (const t of [(-Bq - Math.sqrt(disc)) / (2 * A), (-Bq + Math.sqrt(disc)) / (2 * A)])
          if (t >= 0 && t <= 1) pts.push([s.a + t * dx, s.b + t * dy]);
      } else {
        const [dx, dy] = [q.a - p.a, q.b - p.b];
        const d = Math.hypot(dx, dy);
        if (d === 0 || d > 2 * r) continue;
        const a = d / 2,
          h = Math.sqrt(Math.max(0, r * r - a * a));
        const [mx, my] = [p.a + (a * dx) / d, p.b + (a * dy) / d];
        pts.push([mx - (h * dy) / d, my + (h * dx) / d], [mx + (h * dy) / d, my - (h * dx) / d]);
      }
    }
  let best = Infinity;
  for (const [x, y] of pts) {
    const d = Math.hypot(x - cx, y - cy);
    if (d < best && free(x, y)) best = d;
  }
  return best;
}

describe('a squadron in an obstacle: the least move of its disc that clears it', () => {
  const R = CATALOG.squadron.diameter / 2;

  it('a disc pushed d mm into a square: depth d; into its corner: to the corner and r past it', () => {
    const sq = Polygon.rect(0, 0, 100, 100);
    for (const d of [0.001, 0.01, 0.5, 3, 20])
      expect(discPenetration(0, -50 - R + d, R, sq).depth).toBeCloseTo(d, 9);
    // the centre 1 mm inside the corner along the diagonal: r less its signed distance, straight out past the edge
    expect(discPenetration(49, 49, R, sq).depth).toBeCloseTo(R + 1, 9);
    // touching: no depth
    expect(discPenetration(0, -50 - R, R, sq).depth).toBe(0);
  });

  it('in a notch narrower than the disc: straight out is not free, the least move is longer', () => {
    // a U: the disc sits in the slot, its centre on the slot's floor line
    const U = Polygon.from([
      [0, 0],
      [100, 0],
      [100, 100],
      [60, 100],
      [60, 40],
      [40, 40],
      [40, 100],
      [0, 100],
    ]);
    const d = discPenetration(50, 50, R, U);
    const lower = R - U.signedDistance(50, 50);
    expect(d.depth).toBeGreaterThan(lower + 1);
    expect(U.signedDistance(50 + d.dx, 50 + d.dy)).toBeGreaterThanOrEqual(R - 1e-6);
    expect(d.depth).toBeCloseTo(discPlain(50, 50, R, U), 9);
  });

  it('its short cuts give what the plain search gives, for discs on every obstacle', () => {
    fc.assert(
      fc.property(
        type,
        turn,
        fc.double({ min: -70, max: 70, noNaN: true }),
        fc.double({ min: -70, max: 70, noNaN: true }),
        (t, ro, x, y) => {
          const P = outline(t, ro);
          expect(discPenetration(x, y, R, P).depth).toBeCloseTo(discPlain(x, y, R, P), 9);
        },
      ),
      { numRuns: 120, seed: 11 },
    );
  });

  it('moved by the depth found it clears; every shorter move overlaps; no less than r less its signed distance', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        type,
        turn,
        fc.double({ min: -70, max: 70, noNaN: true }),
        fc.double({ min: -70, max: 70, noNaN: true }),
        (t, ro, x, y) => {
          const P = outline(t, ro);
          const r = discPenetration(x, y, R, P);
          const over = R - P.signedDistance(x, y) > 1e-9;
          expect(r.depth > 0).toBe(over);
          if (!over) return;
          checked++;
          expect(P.signedDistance(x + r.dx, y + r.dy)).toBeGreaterThanOrEqual(R - 1e-6);
          expect(r.depth).toBeGreaterThanOrEqual(R - P.signedDistance(x, y) - 1e-9);
          const at = (dx: number, dy: number) => P.signedDistance(x + dx, y + dy) < R;
          expect(r.depth).toBeLessThanOrEqual(walkedOut(at, 360, 300) + 1e-6);
          const d = r.depth;
          expect(shorterOverlap(at, [d / 4, d / 2, (3 * d) / 4, d - 0.002], 3600)).toBe(true);
        },
      ),
      { numRuns: 60, seed: 13 },
    );
    expect(checked).toBeGreaterThan(20);
  });
});
