/**
 * Tables built so the answer is known by construction: a squadron 0.01 mm clear of an obstacle
 * and 0.01 mm into it, a ship whose shield-dial frame alone reaches a debris field, pieces that
 * exactly touch, lengths exactly on a band's end line. Every case is also tried far from the
 * origin and turned by multiples of 90 degrees and by odd angles, where the coordinates are no
 * longer exact and the tolerance has to absorb the rounding.
 */
import { describe, expect, it } from 'vitest';
import { Polygon } from '../../src/geometry/polygon';
import { relate } from '../../src/geometry/relate';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { validateTable } from '../../src/model/table';
import { distances } from '../../src/rules/distances';
import { overlaps } from '../../src/rules/overlaps';
import { World } from '../../src/rules/world';
import { placeXY, type XY } from '../support/oracle';
import {
  DISTANCE_BANDS,
  obstacleRing,
  OUTLINES,
  ringCentroid,
  SIZES,
  SQUADRON_DIAMETER,
} from '../support/shapes';

const R = SQUADRON_DIAMETER / 2;
const TYPES = Object.keys(OUTLINES);
/** where the construction is placed: near the origin and in the far corner of a 3'x6' table */
const SPOTS: XY[] = [
  [200, 200],
  [1640, 760],
];
const TURNS = [0, 90, 180, 270, 37.7, 301.13];

interface Pieces {
  ships?: { id: string; size: 'small' | 'medium' | 'large'; x: number; y: number; rotation: number }[];
  squadrons?: { id: string; x: number; y: number }[];
  obstacles?: { id: string; type: string; x: number; y: number; rotation: number }[];
}

function world(p: Pieces, measurements?: Record<string, unknown>): World {
  return new World(
    validateTable({
      format: 'armada-table/1',
      table: '3x6',
      ...(measurements ? { measurements } : {}),
      ships: (p.ships ?? []).map((s) => ({ player: 1, ...s })),
      squadrons: (p.squadrons ?? []).map((s) => ({ player: 2, ...s })),
      obstacles: p.obstacles ?? [],
    }),
  );
}

function distance(w: World, a: string, b: string) {
  const d = distances(w).find((e) => (e.a === a && e.b === b) || (e.a === b && e.b === a));
  if (!d) throw new Error(`no distance ${a}/${b}`);
  return d;
}

/** The vertex of a ring farthest along direction (ux, uy); every point of the ring is at most this far. */
function extreme(ring: readonly XY[], ux: number, uy: number): XY {
  let best = ring[0];
  for (const p of ring) if (p[0] * ux + p[1] * uy > best[0] * ux + best[1] * uy) best = p;
  return best;
}

describe('a squadron beside an obstacle, gap known by construction', () => {
  // The squadron's centre sits on the ray from the obstacle's outermost vertex in direction u,
  // R + gap beyond it: every point of the obstacle is at least R + gap from the centre along u.
  const cases: { type: string; spot: XY; rot: number; dir: number }[] = [];
  for (const type of TYPES)
    for (const spot of SPOTS)
      for (const rot of TURNS) cases.push({ type, spot, rot, dir: (rot * 7 + 11) % 360 });

  function build(type: string, spot: XY, rot: number, dir: number, gap: number) {
    const ring = obstacleRing(type, spot[0], spot[1], rot);
    const ux = Math.cos((dir * Math.PI) / 180),
      uy = Math.sin((dir * Math.PI) / 180);
    const v = extreme(ring, ux, uy);
    const sq = { id: 'tie', x: v[0] + ux * (R + gap), y: v[1] + uy * (R + gap) };
    return world({
      squadrons: [sq],
      obstacles: [{ id: 'rock', type, x: spot[0], y: spot[1], rotation: rot }],
    });
  }

  it('0.01 mm clear does not overlap, and measures 0.01 mm', () => {
    for (const c of cases) {
      const w = build(c.type, c.spot, c.rot, c.dir, 0.01);
      expect(overlaps(w), JSON.stringify(c)).toEqual([]);
      const d = distance(w, 'tie', 'rock');
      expect(Math.abs(d.mm - 0.01), JSON.stringify(c)).toBeLessThan(1e-9);
      expect(d.band).toBe(1);
    }
  });

  it('0.01 mm into it overlaps', () => {
    for (const c of cases) {
      const w = build(c.type, c.spot, c.rot, c.dir, -0.01);
      expect(
        overlaps(w).map((o) => [o.piece, o.obstacle]),
        JSON.stringify(c),
      ).toEqual([['tie', 'rock']]);
      expect(distance(w, 'tie', 'rock').mm).toBe(0);
    }
  });

  it('exactly touching is touching: distance 0, not an overlap', () => {
    for (const c of cases) {
      const w = build(c.type, c.spot, c.rot, c.dir, 0);
      expect(overlaps(w), JSON.stringify(c)).toEqual([]);
      expect(distance(w, 'tie', 'rock').mm).toBe(0);
      expect(relate(w.squadrons[0].circle, w.obstacles[0].outline).kind).toBe('touch');
    }
  });

  it('the tolerance is the line: 0.004 mm either way touches, 0.006 mm decides', () => {
    for (const c of cases.filter((_, i) => i % 7 === 0)) {
      expect(
        relate(
          build(c.type, c.spot, c.rot, c.dir, 0.004).squadrons[0].circle,
          build(c.type, c.spot, c.rot, c.dir, 0.004).obstacles[0].outline,
        ).kind,
      ).toBe('touch');
      expect(overlaps(build(c.type, c.spot, c.rot, c.dir, -0.004))).toEqual([]);
      expect(overlaps(build(c.type, c.spot, c.rot, c.dir, -0.006))).toHaveLength(1);
      expect(distance(build(c.type, c.spot, c.rot, c.dir, 0.006), 'tie', 'rock').mm).toBeCloseTo(0.006, 9);
    }
  });
});

describe('a ship whose shield-dial frame alone reaches a debris field', () => {
  // In the ship's own frame the right dial frame spans x in [W/2, W/2 + p], |y| <= f/2. The debris
  // is turned by phi and moved so its leftmost vertex sits at (W/2 + reach, 0): every point of it
  // is at x >= W/2 + reach. reach < p puts that vertex inside the frame, clear of the base.
  function build(
    size: 'small' | 'medium' | 'large',
    type: string,
    spot: XY,
    theta: number,
    phi: number,
    reach: number,
  ) {
    const {
      base: { width },
      dialFrame: { protrusion },
    } = SIZES[size];
    const local = obstacleRing(type, 0, 0, phi);
    const v = extreme(local, -1, 0);
    const dx = width / 2 + reach - v[0],
      dy = -v[1];
    // the debris centroid is at (dx, dy) in the ship's frame; carry it to the table
    const [cx, cy] = placeXY(dx, dy, spot[0], spot[1], theta);
    const w = world({
      ships: [{ id: 'vsd', size, x: spot[0], y: spot[1], rotation: theta }],
      obstacles: [{ id: 'junk', type, x: cx, y: cy, rotation: theta + phi }],
    });
    return { w, protrusion };
  }

  for (const size of ['small', 'medium', 'large'] as const) {
    it(`${size}: the frame reaching 2 mm in overlaps; the base stays 2 mm clear`, () => {
      for (const type of ['debris-a', 'debris-b']) {
        for (const spot of SPOTS) {
          for (const theta of TURNS) {
            for (const phi of [0, 90, 211.5]) {
              const { w, protrusion } = build(
                size,
                type,
                spot,
                theta,
                phi,
                SIZES[size].dialFrame.protrusion / 2,
              );
              const o = overlaps(w);
              const c = JSON.stringify({ size, type, spot, theta, phi });
              expect(
                o.map((e) => [e.piece, e.obstacle, e.part]),
                c,
              ).toEqual([['vsd', 'junk', 'dial frame']]);
              expect(o[0].effect).toBe(w.catalog.obstacleEffects.debris.ship);
              // distance is measured from the plastic base, without the frames
              expect(distance(w, 'vsd', 'junk').mm, c).toBeCloseTo(protrusion / 2, 9);
            }
          }
        }
      }
    });
  }

  it('a debris field touching the frame exactly, or 0.01 mm clear of it, is not overlapped; 0.01 mm in is', () => {
    for (const theta of TURNS) {
      for (const spot of SPOTS) {
        const p = SIZES.medium.dialFrame.protrusion;
        expect(overlaps(build('medium', 'debris-a', spot, theta, 45, p).w), `touch ${theta}`).toEqual([]);
        expect(overlaps(build('medium', 'debris-a', spot, theta, 45, p + 0.01).w)).toEqual([]);
        expect(overlaps(build('medium', 'debris-a', spot, theta, 45, p - 0.01).w).map((e) => e.part)).toEqual(
          ['dial frame'],
        );
        // into the base itself: the overlap is the base's
        expect(overlaps(build('medium', 'debris-a', spot, theta, 45, -0.01).w).map((e) => e.part)).toEqual([
          'base',
        ]);
      }
    }
  });
});

describe('pieces exactly touching', () => {
  it('two ships side by side, bases sharing an edge, are at distance 0', () => {
    for (const [sx, sy] of SPOTS) {
      for (const theta of TURNS) {
        const w0 = SIZES.medium.base.width;
        const [x2, y2] = placeXY(w0, 0, sx, sy, theta);
        const w = world({
          ships: [
            { id: 'a', size: 'medium', x: sx, y: sy, rotation: theta },
            { id: 'b', size: 'medium', x: x2, y: y2, rotation: theta },
          ],
        });
        expect(distance(w, 'a', 'b').mm).toBe(0);
        expect(relate(w.ships[0].shapes.base, w.ships[1].shapes.base).kind).toBe('touch');
        // the dial frames face each other across the shared edge: they overlap
        expect(relate(w.ships[0].shapes.footprint, w.ships[1].shapes.footprint).kind).toBe('overlap');
      }
    }
  });

  it('a ship base corner on an obstacle edge touches; its frames stay clear', () => {
    // the obstacle's outermost vertex toward the ship (along -x in the ship frame) is put on the
    // base's right edge, away from the dial frame: base and footprint touch, nothing overlaps
    for (const [sx, sy] of SPOTS) {
      for (const theta of TURNS) {
        const { width, length } = SIZES.large.base;
        const local = obstacleRing('station', 0, 0, 17);
        const v = extreme(local, -1, 0);
        const [cx, cy] = placeXY(width / 2 - v[0], length / 2 - 5 - v[1], sx, sy, theta);
        const w = world({
          ships: [{ id: 'isd', size: 'large', x: sx, y: sy, rotation: theta }],
          obstacles: [{ id: 'st', type: 'station', x: cx, y: cy, rotation: theta + 17 }],
        });
        expect(overlaps(w)).toEqual([]);
        expect(distance(w, 'isd', 'st').mm).toBe(0);
        expect(relate(w.ships[0].shapes.footprint, w.obstacles[0].outline).kind).toBe('touch');
      }
    }
  });

  it('two squadrons whose bases touch are at distance 0 and in band 1', () => {
    for (const [sx, sy] of SPOTS) {
      for (const dir of TURNS) {
        const [x2, y2] = placeXY(2 * R, 0, sx, sy, dir);
        const w = world({
          squadrons: [
            { id: 'a', x: sx, y: sy },
            { id: 'b', x: x2, y: y2 },
          ],
        });
        expect(distance(w, 'a', 'b')).toMatchObject({ mm: 0, band: 1 });
      }
    }
  });

  it('two obstacles stacked on each other overlap; an obstacle turned over itself too', () => {
    for (const type of TYPES) {
      const w = world({
        obstacles: [
          { id: 'a', type, x: 500, y: 400, rotation: 10 },
          { id: 'b', type, x: 500, y: 400, rotation: 10 },
        ],
      });
      expect(relate(w.obstacles[0].outline, w.obstacles[1].outline).kind).toBe('overlap');
      expect(distance(w, 'a', 'b').mm).toBe(0);
    }
  });
});

describe('a distance exactly on a band end line is in that band', () => {
  it('two squadrons at each band end: on the line, within the tolerance past it, and 0.01 mm past it', () => {
    for (const [sx, sy] of SPOTS) {
      for (const dir of [0, 90, 33.3, 61]) {
        DISTANCE_BANDS.forEach((band, i) => {
          const at = (gap: number) => {
            const [x2, y2] = placeXY(2 * R + gap, 0, sx, sy, sx > 1000 ? dir + 180 : dir);
            return distance(
              world({
                squadrons: [
                  { id: 'a', x: sx, y: sy },
                  { id: 'b', x: x2, y: y2 },
                ],
              }),
              'a',
              'b',
            );
          };
          expect(at(band.end).band, `${band.name} on the line`).toBe(i + 1);
          expect(at(band.end + TOLERANCE_MM * 0.8).band).toBe(i + 1);
          expect(at(band.end + 0.01).band, `${band.name} past the line`).toBe(
            i + 2 > DISTANCE_BANDS.length ? null : i + 2,
          );
          expect(at(band.end - 0.01).band).toBe(i + 1);
        });
      }
    }
  });

  it('a ship base and an obstacle vertex at a band end', () => {
    const { width } = SIZES.small.base;
    for (const theta of TURNS) {
      for (const band of DISTANCE_BANDS) {
        const local = obstacleRing('asteroid-c', 0, 0, 0);
        const v = extreme(local, -1, 0);
        const [cx, cy] = placeXY(width / 2 + band.end - v[0], -v[1], 700, 450, theta);
        const w = world({
          ships: [{ id: 's', size: 'small', x: 700, y: 450, rotation: theta }],
          obstacles: [{ id: 'a', type: 'asteroid-c', x: cx, y: cy, rotation: theta }],
        });
        const d = distance(w, 's', 'a');
        expect(d.mm).toBeCloseTo(band.end, 9);
        expect(d.band).toBe(DISTANCE_BANDS.indexOf(band) + 1);
      }
    }
  });
});

describe('concave outlines: the notch of debris field A', () => {
  // The notch: a hull edge of debris-a that skips vertices, closed by the skipped concave chain.
  function hull(points: readonly XY[]): XY[] {
    const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const cross = (o: XY, a: XY, b: XY) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    const lower: XY[] = [],
      upper: XY[] = [];
    for (const q of p) {
      while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0)
        lower.pop();
      lower.push(q);
    }
    for (const q of [...p].reverse()) {
      while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0)
        upper.pop();
      upper.push(q);
    }
    return [...lower.slice(0, -1), ...upper.slice(0, -1)];
  }

  function notches(ring: readonly XY[]): XY[][] {
    const onHull = new Set(hull(ring).map((p) => `${p[0]},${p[1]}`));
    const n = ring.length,
      out: XY[][] = [];
    for (let i = 0; i < n; i++) {
      if (
        !onHull.has(`${ring[i][0]},${ring[i][1]}`) ||
        onHull.has(`${ring[(i + 1) % n][0]},${ring[(i + 1) % n][1]}`)
      )
        continue;
      const chain: XY[] = [ring[i]];
      let j = (i + 1) % n;
      while (!onHull.has(`${ring[j][0]},${ring[j][1]}`)) {
        chain.push(ring[j]);
        j = (j + 1) % n;
      }
      chain.push(ring[j]);
      out.push(chain);
    }
    return out;
  }

  it('a piece filling the deepest notch exactly touches (shared edges), and overlaps once pushed 0.01 mm in', () => {
    for (const [sx, sy] of SPOTS) {
      for (const rot of TURNS) {
        const w = world({ obstacles: [{ id: 'd', type: 'debris-a', x: sx, y: sy, rotation: rot }] });
        const D = w.obstacles[0].outline;
        const ring = D.pairs();
        const deepest = notches(ring).sort((a, b) => b.length - a.length)[0];
        expect(deepest.length).toBeGreaterThan(4);
        // the notch polygon is built from the very coordinates of the outline: shared edges, exactly
        const notch = Polygon.from(deepest);
        expect(relate(notch, D).kind, `rot ${rot}`).toBe('touch');
        expect(relate(D, notch).kind).toBe('touch');
        // push it toward the debris: from the hull edge's midpoint toward the notch's far side
        const [a, b] = [deepest[0], deepest[deepest.length - 1]];
        const [cx, cy] = ringCentroid(deepest);
        const mx = (a[0] + b[0]) / 2,
          my = (a[1] + b[1]) / 2,
          l = Math.hypot(cx - mx, cy - my);
        const push = (k: number) => notch.placed(((cx - mx) / l) * k, ((cy - my) / l) * k, 0);
        expect(relate(push(0.01), D).kind).toBe('overlap');
        expect(relate(push(0.002), D).kind).toBe('touch');
        // pulled out of the notch it comes apart
        expect(relate(push(-1), D).kind).toBe('apart');
      }
    }
  });
});

describe('measurements set by the table change the verdicts they should', () => {
  it('frames that do not stick out: the frame-only overlap goes away; a smaller squadron base stops overlapping', () => {
    const { width } = SIZES.medium.base;
    const local = obstacleRing('debris-b', 0, 0, 0);
    const v = extreme(local, -1, 0);
    const pieces: Pieces = {
      ships: [{ id: 'vsd', size: 'medium', x: 800, y: 400, rotation: 0 }],
      obstacles: [
        { id: 'junk', type: 'debris-b', x: 800 + width / 2 + 2 - v[0], y: 400 - v[1], rotation: 0 },
      ],
    };
    expect(overlaps(world(pieces)).map((o) => o.part)).toEqual(['dial frame']);
    expect(overlaps(world(pieces, { dialFrame: { protrusion: 0 } }))).toEqual([]);
    expect(overlaps(world(pieces, { dialFrame: { protrusion: 2 } }))).toEqual([]); // exactly touching
    expect(overlaps(world(pieces, { dialFrame: { protrusion: 2.01 } }))).toHaveLength(1);
    const ring = obstacleRing('asteroid-a', 500, 500, 0);
    const u = extreme(ring, 1, 0);
    const sq: Pieces = {
      squadrons: [{ id: 'tie', x: u[0] + R - 1, y: u[1] }],
      obstacles: [{ id: 'a', type: 'asteroid-a', x: 500, y: 500, rotation: 0 }],
    };
    expect(overlaps(world(sq))).toHaveLength(1);
    expect(overlaps(world(sq, { squadronDiameter: SQUADRON_DIAMETER - 2 }))).toEqual([]);
  });

  it('band lengths set by the table move the band a distance falls in', () => {
    const pieces: Pieces = {
      squadrons: [
        { id: 'a', x: 500, y: 500 },
        { id: 'b', x: 500 + 2 * R + 74, y: 500 },
      ],
    };
    expect(distance(world(pieces), 'a', 'b').band).toBe(1);
    expect(distance(world(pieces, { distanceBands: { '1': 74 } }), 'a', 'b').band).toBe(1);
    expect(distance(world(pieces, { distanceBands: { '1': 73.99 } }), 'a', 'b').band).toBe(2);
  });
});
