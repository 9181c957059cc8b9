/**
 * The table's own sanity: collisions (ship-ship footprints, ship-squadron, squadron-squadron) and
 * offTable (any part of a ship's or squadron's base outside the play area), by construction; the
 * exact overlap depth held against its own definition; the drag re-judge equal to a full one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { penetration } from '../../src/geometry/penetration';
import { Polygon } from '../../src/geometry/polygon';
import { relate } from '../../src/geometry/relate';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { CATALOG } from '../../src/model/catalog';
import { shipShapes } from '../../src/model/pieces';
import { validateTable, type Table } from '../../src/model/table';
import { analyze } from '../../src/rules/report/analyze';
import { analyzeFull, analyzeIncremental } from '../../src/rules/report/incremental';
import { collisions, offTable, updateCollisions } from '../../src/rules/sanity';
import { World } from '../../src/rules/world';

const small = CATALOG.shipSizes.small; // base 43 x 71, dial frames 17 wide, 4 out
const R = CATALOG.squadron.diameter / 2;

function table(part: Partial<Table>): Table {
  return validateTable({
    format: 'armada-table/1',
    table: '3x6',
    ships: [],
    squadrons: [],
    obstacles: [],
    tokens: [],
    ...part,
  });
}
const ship = (id: string, x: number, y: number, rotation = 0, player = 1) => ({
  id,
  size: 'small',
  player,
  x,
  y,
  rotation,
});
const sq = (id: string, x: number, y: number, player = 1) => ({ id, player, x, y });

describe('collisions, by construction', () => {
  it('two squadrons: depth 2r - d; touching is not a collision', () => {
    const r = analyze(
      table({
        squadrons: [sq('a', 500, 400), sq('b', 500 + 2 * R - 3, 400, 2), sq('c', 500, 400 + 2 * R)],
      } as Partial<Table>),
    );
    expect(r.collisions!.map((c) => [c.a, c.b])).toEqual([['a', 'b']]);
    expect(r.collisions![0].depthMm).toBeCloseTo(3, 9);
  });

  it('two small ships side by side, dial frames 3 mm into each other: depth 3; bases touching dial to dial: none', () => {
    const W = small.base.width,
      p = small.dialFrame.protrusion;
    const r = analyze(
      table({ ships: [ship('a', 500, 400), ship('b', 500 + W + 2 * p - 3, 400, 0, 2)] } as Partial<Table>),
    );
    expect(r.collisions!.length).toBe(1);
    expect(r.collisions![0].depthMm).toBeCloseTo(3, 9);
    // side frames offset along y so that they pass each other, each 1 mm clear of the other's base: no collision
    const f = small.dialFrame.width;
    const r2 = analyze(
      table({
        ships: [ship('a', 500, 400), ship('b', 500 + W + p + 1, 400 + f + 1, 0, 2)],
      } as Partial<Table>),
    );
    expect(r2.collisions).toEqual([]);
    // exactly touching frame to frame
    const r3 = analyze(
      table({ ships: [ship('a', 500, 400), ship('b', 500 + W + 2 * p, 400, 0, 2)] } as Partial<Table>),
    );
    expect(r3.collisions).toEqual([]);
  });

  it('a ship on a ship (same place): depth is the smaller clearing move, a squadron under a ship', () => {
    const L = small.base.length,
      p = small.dialFrame.protrusion,
      W = small.base.width;
    const r = analyze(
      table({
        ships: [ship('a', 500, 400), ship('b', 500, 400, 0, 2)],
        squadrons: [sq('s', 500, 400 + L / 2 + p - 2)],
      } as Partial<Table>),
    );
    expect(r.collisions!.map((c) => `${c.a}/${c.b}`)).toEqual(['a/b', 'a/s', 'b/s']);
    // straight sideways takes W + 2p (frame past frame); shifting the side frames past each other (by their
    // width f) needs only W + p across: the least move is hypot(W + p, f), shorter than W + 2p
    const f = small.dialFrame.width;
    expect(Math.hypot(W + p, f)).toBeLessThan(W + 2 * p);
    expect(r.collisions![0].depthMm).toBeCloseTo(Math.hypot(W + p, f), 9);
    // the squadron's centre lies 2 mm inside the front dial frame's outer edge: it reaches R + 2 in
    expect(r.collisions![1].depthMm).toBeCloseTo(R + 2, 9);
  });
});

describe('penetration depth against its definition', () => {
  const parts = (x: number, y: number, rot: number) => {
    const s = shipShapes(CATALOG, { size: 'medium', x, y, rotation: rot });
    return {
      parts: [s.base, s.dials.front, s.dials.rear, s.dials.left, s.dials.right],
      footprint: s.footprint,
    };
  };
  const moveBy = (P: Polygon, dx: number, dy: number) => P.placed(dx, dy, 0);

  it('moving by the vector found clears (touch); every shorter move in any direction still overlaps', () => {
    const coord = fc.double({ min: -60, max: 60, noNaN: true });
    const rot = fc.double({ min: 0, max: 360, noNaN: true });
    fc.assert(
      fc.property(
        coord,
        coord,
        rot,
        rot,
        fc.array(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), { minLength: 8, maxLength: 8 }),
        (x, y, ra, rb, dirs) => {
          const A = parts(0, 0, ra),
            B = parts(x, y, rb);
          const rel = relate(A.footprint, B.footprint).kind;
          const { depth, dx, dy } = penetration(A.parts, B.parts);
          if (rel !== 'overlap') {
            expect(depth).toBeLessThanOrEqual(TOLERANCE_MM + 1e-6);
            return;
          }
          expect(relate(moveBy(A.footprint, dx, dy), B.footprint).kind).not.toBe('overlap');
          // a move 1% shorter (and at least 0.02 mm shorter) in any direction leaves them overlapping
          const d = Math.min(depth * 0.99, depth - 0.02);
          if (d <= 0.02) return;
          for (const t of dirs)
            expect(relate(moveBy(A.footprint, d * Math.cos(t), d * Math.sin(t)), B.footprint).kind).toBe(
              'overlap',
            );
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('offTable, by construction', () => {
  it("a squadron 0.5 mm over player 1's edge; one touching the short edge is on the table", () => {
    const r = analyze(
      table({
        squadrons: [sq('a', 300, R - 0.5), sq('b', R, 300), sq('c', 1828.8 - R + 0.004, 300)],
      } as Partial<Table>),
    );
    expect(r.offTable!.map((o) => o.piece)).toEqual(['a']);
    expect(r.offTable![0].outsideMm).toBeCloseTo(0.5, 9);
    expect(r.offTable![0].edge).toBe("player 1's edge (y = 0)");
  });

  it("a ship with 2 mm of its base past player 2's edge (dials ignored); turned 90 degrees near the short edge", () => {
    const L = small.base.length,
      W = small.base.width,
      p = small.dialFrame.protrusion;
    const r = analyze(
      table({
        ships: [
          ship('a', 600, 914.4 - L / 2 + 2),
          ship('b', 800, 914.4 - L / 2 - p + 1),
          ship('c', 1828.8 - L / 2 + 7, 400, 90),
        ],
      } as Partial<Table>),
    );
    expect(r.offTable!.map((o) => [o.piece, +o.outsideMm.toFixed(6)])).toEqual([
      ['a', 2],
      ['c', 7],
    ]);
    expect(r.offTable![1].why).toContain('destroyed');
    // a ship at 45 degrees in a corner: its corner reaches half-diagonal past, less the centre's distance
    const h = (Math.hypot(W, L) / 2) * Math.cos(Math.atan2(L, W) - Math.PI / 4);
    const r2 = analyze(table({ ships: [ship('d', 30, 300, 45)] } as Partial<Table>));
    expect(r2.offTable![0].outsideMm).toBeCloseTo(h - 30, 6);
  });

  it('the small table: a squadron 1 mm over its short edge', () => {
    const r = analyze(table({ table: '3x3', squadrons: [sq('a', 914.4 - R + 1, 300)] } as Partial<Table>));
    expect(r.offTable!.map((o) => o.piece)).toEqual(['a']);
  });

  it('measures a piece again when the same pieces lie on another table size (its entry kept)', () => {
    // a world built from the last one keeps an unmoved piece's entry: its answer must follow the play area
    const t6 = table({ squadrons: [sq('a', 1200, 300)] } as Partial<Table>);
    const w6 = new World(t6, CATALOG);
    expect(offTable(w6)).toEqual([]);
    const w3 = new World({ ...t6, table: '3x3' }, CATALOG, w6);
    expect(w3.squadrons[0]).toBe(w6.squadrons[0]);
    expect(offTable(w3).map((o) => o.piece)).toEqual(['a']);
    expect(offTable(new World(t6, CATALOG, w3))).toEqual([]);
  });
});

describe('the drag re-judge keeps collisions and offTable equal to a full analysis', () => {
  it('dragging a ship onto another ship, a squadron, and off the edge', () => {
    const t0 = table({
      ships: [ship('a', 500, 400), ship('b', 700, 400, 0, 2)],
      squadrons: [sq('s', 900, 400), sq('t', 300, 300)],
      obstacles: [{ id: 'rock', type: 'asteroid-a', x: 600, y: 600, rotation: 0 }],
    } as Partial<Table>);
    let prev = analyzeFull(t0);
    const path = [
      [600, 400],
      [540, 400],
      [700, 410],
      [880, 400],
      [900, 60],
      [900, 20],
      [900, 5],
      [300, 290],
    ];
    let seen = 0;
    for (const [x, y] of path) {
      const t = { ...t0, ships: [t0.ships[0], { ...t0.ships[1], x, y }] };
      prev = analyzeIncremental(prev, t);
      const full = analyze(t);
      expect(JSON.stringify(prev.report)).toBe(JSON.stringify(full));
      seen += full.collisions!.length + full.offTable!.length;
    }
    expect(seen).toBeGreaterThanOrEqual(5);
  });
});

describe("updateCollisions: a move's pairs judged again, the rest kept, as collisions judges them all", () => {
  // pieces dropped near one another on a small patch, so that many pairs overlap; then some move
  const spot = fc.tuple(
    fc.double({ min: 300, max: 480, noNaN: true }),
    fc.double({ min: 300, max: 480, noNaN: true }),
    fc.double({ min: 0, max: 360, noNaN: true }),
  );
  it('equals collisions(world) for any pieces moved, in the same order', () => {
    let overlapping = 0,
      kept = 0;
    fc.assert(
      fc.property(
        fc.array(spot, { minLength: 2, maxLength: 5 }),
        fc.array(spot, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), spot), { minLength: 1, maxLength: 3 }),
        (shipSpots, squadronSpots, moves) => {
          const t0 = table({
            ships: shipSpots.map(([x, y, r], i) => ship(`s${i}`, x, y, r, 1 + (i % 2))),
            squadrons: squadronSpots.map(([x, y], i) => sq(`q${i}`, x, y)),
          } as Partial<Table>);
          const prev = analyzeFull(t0);
          const t = { ...t0, ships: [...t0.ships], squadrons: [...t0.squadrons] };
          const n = t.ships.length + t.squadrons.length;
          for (const [k, [x, y, r]] of moves) {
            const i = k % n;
            if (i < t.ships.length) t.ships[i] = { ...t.ships[i], x, y, rotation: r };
            else t.squadrons[i - t.ships.length] = { ...t.squadrons[i - t.ships.length], x, y };
          }
          const next = analyzeFull(t);
          const movedIds = new Set(
            [...t.ships, ...t.squadrons]
              .filter((p, i) => p !== [...t0.ships, ...t0.squadrons][i])
              .map((p) => p.id),
          );
          const updated = updateCollisions(next.world, prev.report.collisions!, movedIds);
          const all = collisions(next.world);
          expect(JSON.stringify(updated)).toBe(JSON.stringify(all));
          // with the depths left to be read (a drag step's): the same entries, field for field, once read
          const lazy = updateCollisions(next.world, prev.report.collisions!, movedIds, { lazyDepth: true });
          expect(lazy).toEqual(all);
          expect(JSON.stringify(lazy)).toBe(JSON.stringify(all));
          overlapping += updated.length;
          kept += updated.filter((c) => !movedIds.has(c.a) && !movedIds.has(c.b)).length;
        },
      ),
      { numRuns: 300, seed: 11 },
    );
    // the cases reach both parts: pairs judged again that overlap, and kept pairs that overlap
    expect(overlapping - kept).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(100);
  });
});
