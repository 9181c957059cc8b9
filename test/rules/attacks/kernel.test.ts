/**
 * The line-of-sight kernel (src/rules/attacks/kernel.ts, src/geometry/flat-line.ts) against the
 * code it stands beside (judgeLos in los.ts, the reference): every attack of a table judged both
 * ways gives the same report, every field and every figure to the last digit (the JSON of the
 * whole attack list, every `why` and every depth included), on random tables under both rulesets
 * and every reading, and on adversarial ones: a corner of an obstacle or of a third ship's base
 * put on a line of sight (exactly, within the tolerance either side, at NEAR_MM), ships touching
 * side by side, and pieces on a coarse grid turned by right angles (edges in line with each other).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { generateTable } from '../../../scripts/bench/tables';
import { CATALOG } from '../../../src/model/catalog';
import type { Table } from '../../../src/model/table';
import { NEAR_MM } from '../../../src/geometry/line-meet';
import { TOLERANCE_MM } from '../../../src/geometry/tolerance';
import { attacks, attacksFrom, attacksPlain } from '../../../src/rules/attacks/attacks';
import { flatKernel, kernelEdgesOf } from '../../../src/rules/attacks/kernel';
import { attackContext, movedShipContext } from '../../../src/rules/attacks/context';
import { World } from '../../../src/rules/world';

afterEach(() => {
  flatKernel.on = true;
});

/**
 * How many tables each property judges: ARMADA_THOROUGH=1 runs the full sizes (2,000 random tables, 600
 * adversarial, 400 on the objects path: about a minute of one core); the suite runs a quarter of each, seeded,
 * so that `npm test` stays well inside CI's time.
 */
const THOROUGH = !!process.env.ARMADA_THOROUGH;
const RUNS = THOROUGH
  ? { random: 2000, adversarial: 600, objects: 400 }
  : { random: 500, adversarial: 150, objects: 100 };

/**
 * The table's attacks as JSON, judged by the kernel and by the reference (fresh worlds: contexts keep
 * lines): into the flat table (attacks, as analyze judges), or as objects at once (attacksPlain, the
 * path of attacksFrom and attackBetween).
 */
function bothWays(
  t: Table,
  judge: typeof attacks = attacks,
): { kernel: string; reference: string; count: number; lines: number } {
  flatKernel.on = true;
  const k = judge(new World(t));
  const kernel = JSON.stringify(k);
  flatKernel.on = false;
  const reference = JSON.stringify(judge(new World(t)));
  flatKernel.on = true;
  const lines = k.reduce((n, a) => n + ((a.lines as unknown[] | undefined)?.length ? 1 : 0), 0);
  return { kernel, reference, count: k.length, lines };
}

const readings = {
  ruleset: fc.constantFrom('seed' as const, '1.6' as const),
  cover: fc.constantFrom('base' as const, 'token' as const),
  visiblePortion: fc.constantFrom('any' as const, 'ship' as const),
  dialLine: fc.constantFrom('through-dial' as const, 'over-obstacle' as const),
  dustUnderAttacker: fc.constantFrom('hidden' as const, 'visible' as const),
};
type Readings = {
  [K in keyof typeof readings]: (typeof readings)[K] extends fc.Arbitrary<infer T> ? T : never;
};

function withReadings(t: Table, r: Readings): Table {
  return {
    ...t,
    ruleset: r.ruleset,
    readings: {
      cover: r.cover,
      visiblePortion: r.visiblePortion,
      dialLine: r.dialLine,
      dustUnderAttacker: r.dustUnderAttacker,
    },
  };
}

const small = (seed: number, ships: number, squadrons: number, obstacles: number, onObstacle: number) =>
  generateTable({ shipsPerPlayer: ships, squadronsPerPlayer: squadrons, obstacles, seed, onObstacle });

/**
 * Offsets of a corner from a line of sight, along the line's normal: on it, within the tolerance
 * either side, a hair beyond it, and at NEAR_MM (where a near miss stops being mentioned).
 */
const OFFSETS = [
  0,
  TOLERANCE_MM,
  -TOLERANCE_MM,
  TOLERANCE_MM * 1.0001,
  -TOLERANCE_MM * 0.9999,
  NEAR_MM,
  -NEAR_MM,
  NEAR_MM * 1.000001,
  1e-7,
];

/**
 * The table with one third piece moved so that one of its corners lies on the line between two
 * enemy hull zones' targeting points (at parameter t, shifted along the line's normal by `off`).
 */
function cornerOnLine(t: Table, pick: number, vertex: number, at: number, off: number): Table {
  const w = new World(t);
  const one = w.ships.filter((s) => s.piece.player === 1),
    two = w.ships.filter((s) => s.piece.player === 2);
  if (!one.length || !two.length) return t;
  const a = one[pick % one.length],
    b = two[(pick >> 2) % two.length];
  const za = a.shapes.zones[pick % a.shapes.zones.length],
    zb = b.shapes.zones[(pick >> 3) % b.shapes.zones.length];
  const p = a.shapes.targetingPoints[za],
    q = b.shapes.targetingPoints[zb];
  const len = Math.hypot(q.x - p.x, q.y - p.y);
  if (!(len > 1)) return t;
  const nx = -(q.y - p.y) / len,
    ny = (q.x - p.x) / len;
  const tx = p.x + (q.x - p.x) * at + nx * off,
    ty = p.y + (q.y - p.y) * at + ny * off;
  // a third piece: an obstacle, or a ship that is neither end
  const thirds = [
    ...w.obstacles.map((o) => ({ kind: 'obstacle' as const, id: o.id, xy: o.outline.xy })),
    ...w.ships
      .filter((s) => s !== a && s !== b)
      .map((s) => ({ kind: 'ship' as const, id: s.id, xy: s.shapes.base.xy })),
  ];
  if (!thirds.length) return t;
  const th = thirds[(pick >> 5) % thirds.length];
  const n = th.xy.length / 2,
    v = vertex % n;
  const dx = tx - th.xy[2 * v],
    dy = ty - th.xy[2 * v + 1];
  if (th.kind === 'obstacle')
    return {
      ...t,
      obstacles: t.obstacles.map((o) => (o.id === th.id ? { ...o, x: o.x + dx, y: o.y + dy } : o)),
    };
  return { ...t, ships: t.ships.map((s) => (s.id === th.id ? { ...s, x: s.x + dx, y: s.y + dy } : s)) };
}

/** The table with a second ship of player 1 set beside the first, base against base (touching), same heading. */
function touching(t: Table, side: 1 | -1, along: number): Table {
  const mine = t.ships.filter((s) => s.player === 1);
  if (mine.length < 2) return t;
  const [a, b] = mine;
  const wa = CATALOG.shipSizes[a.size].base.width,
    wb = CATALOG.shipSizes[b.size].base.width;
  const r = (a.rotation * Math.PI) / 180;
  const off = (side * (wa + wb)) / 2;
  const moved = {
    ...b,
    rotation: a.rotation,
    x: a.x + Math.cos(r) * off - Math.sin(r) * along,
    y: a.y + Math.sin(r) * off + Math.cos(r) * along,
  };
  return { ...t, ships: t.ships.map((s) => (s === b ? moved : s)) };
}

/** Every piece on a 5 mm grid, turned by a multiple of 90 degrees: edges in line with edges. */
function onGrid(t: Table): Table {
  const g = (v: number) => Math.round(v / 5) * 5,
    r = (v: number) => Math.round(v / 90) * 90;
  return {
    ...t,
    ships: t.ships.map((s) => ({ ...s, x: g(s.x), y: g(s.y), rotation: r(s.rotation) })),
    squadrons: t.squadrons.map((s) => ({ ...s, x: g(s.x), y: g(s.y) })),
    obstacles: t.obstacles.map((o) => ({ ...o, x: g(o.x), y: g(o.y), rotation: r(o.rotation) })),
  };
}

describe('the line-of-sight kernel', () => {
  it('judges random tables as the reference does, every field, both rulesets and every reading', () => {
    let tables = 0,
      judged = 0,
      withLines = 0,
      dialTables = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.nat(1_000_000),
          ships: fc.integer({ min: 1, max: 3 }),
          squadrons: fc.integer({ min: 0, max: 2 }),
          obstacles: fc.integer({ min: 0, max: 7 }),
          onObstacle: fc.double({ min: 0, max: 0.9, noNaN: true }),
          ...readings,
        }),
        (r) => {
          const t = withReadings(small(r.seed, r.ships, r.squadrons, r.obstacles, r.onObstacle), r);
          const b = bothWays(t);
          expect(b.kernel).toBe(b.reference);
          tables++;
          judged += b.count;
          withLines += b.lines;
          // the 1.5 shield-dial rule in play: a dial on an obstacle under the seed ruleset
          if (t.ruleset === 'seed' && attackContext(new World(t)).dialOn.size) dialTables++;
        },
      ),
      { numRuns: RUNS.random, seed: 3311 },
    );
    expect(dialTables).toBeGreaterThan(0);
    // the tables reach the line-of-sight details (crossings, grazes, near misses), not only clear lines
    expect(tables).toBe(RUNS.random);
    expect(judged).toBeGreaterThan(25 * RUNS.random);
    expect(withLines).toBeGreaterThan(10 * RUNS.random);
  }, 600_000);

  it('judges as the reference does with shield dials on obstacles (the 1.5 dial rule reaches every obstacle)', () => {
    let dialTables = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.nat(1_000_000),
          ships: fc.integer({ min: 1, max: 3 }),
          squadrons: fc.integer({ min: 0, max: 2 }),
          obstacles: fc.integer({ min: 1, max: 7 }),
          // ships set beside obstacles: a ship's centre this far from an obstacle's, this way, turned so
          at: fc.array(
            fc.tuple(
              fc.nat(),
              fc.double({ min: 35, max: 90, noNaN: true }),
              fc.double({ min: 0, max: 360, noNaN: true }),
              fc.double({ min: 0, max: 360, noNaN: true }),
            ),
            { minLength: 1, maxLength: 3 },
          ),
          ...readings,
          ruleset: fc.constant('seed' as const),
        }),
        (r) => {
          let t = withReadings(small(r.seed, r.ships, r.squadrons, r.obstacles, 0), r);
          const ships = [...t.ships];
          r.at.forEach(([k, d, bearing, rotation], i) => {
            if (i >= ships.length || !t.obstacles.length) return;
            const o = t.obstacles[k % t.obstacles.length],
              b = (bearing * Math.PI) / 180;
            ships[i] = { ...ships[i], x: o.x + d * Math.cos(b), y: o.y + d * Math.sin(b), rotation };
          });
          t = { ...t, ships };
          const b = bothWays(t);
          expect(b.kernel).toBe(b.reference);
          if (attackContext(new World(t)).dialOn.size) dialTables++;
        },
      ),
      { numRuns: THOROUGH ? 800 : 200, seed: 4242 },
    );
    // most of them have a dial on an obstacle
    expect(dialTables).toBeGreaterThan((THOROUGH ? 800 : 200) / 3);
  }, 600_000);

  it('judges adversarial tables as the reference does: corners on lines, touching ships, edges in line', () => {
    let moved = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.nat(1_000_000),
          ships: fc.integer({ min: 2, max: 3 }),
          squadrons: fc.integer({ min: 0, max: 2 }),
          obstacles: fc.integer({ min: 1, max: 6 }),
          pick: fc.nat(1 << 12),
          vertex: fc.nat(200),
          at: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
          offset: fc.constantFrom(...OFFSETS),
          side: fc.constantFrom(1 as const, -1 as const),
          along: fc.double({ min: -60, max: 60, noNaN: true }),
          how: fc.constantFrom('corner', 'touching', 'grid', 'corner on grid'),
          ...readings,
        }),
        (r) => {
          let t = small(r.seed, r.ships, r.squadrons, r.obstacles, 0.3);
          if (r.how === 'grid' || r.how === 'corner on grid') t = onGrid(t);
          if (r.how === 'corner' || r.how === 'corner on grid')
            t = cornerOnLine(t, r.pick, r.vertex, r.at, r.offset);
          if (r.how === 'touching') t = touching(t, r.side, r.along);
          const b = bothWays(withReadings(t, r));
          expect(b.kernel).toBe(b.reference);
          moved++;
        },
      ),
      { numRuns: RUNS.adversarial, seed: 7702 },
    );
    expect(moved).toBe(RUNS.adversarial);
  }, 600_000);
  it('judges as the reference does where attacks are built as objects at once (attacksFrom, attackBetween)', () => {
    let judged = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.nat(1_000_000),
          ships: fc.integer({ min: 1, max: 3 }),
          squadrons: fc.integer({ min: 0, max: 2 }),
          obstacles: fc.integer({ min: 0, max: 6 }),
          pick: fc.nat(1 << 12),
          vertex: fc.nat(200),
          at: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
          offset: fc.constantFrom(...OFFSETS),
          corner: fc.boolean(),
          ...readings,
        }),
        (r) => {
          let t = small(r.seed, r.ships, r.squadrons, r.obstacles, 0.3);
          if (r.corner) t = cornerOnLine(t, r.pick, r.vertex, r.at, r.offset);
          const b = bothWays(withReadings(t, r), attacksPlain);
          expect(b.kernel).toBe(b.reference);
          judged += b.count;
        },
      ),
      { numRuns: RUNS.objects, seed: 8118 },
    );
    expect(judged).toBeGreaterThan(25 * RUNS.objects);
  }, 600_000);
});

describe("the kernel of a context made with one ship moved (a drag step's)", () => {
  it("holds the same edges as one built afresh: the moved ship's written again, the rest kept", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(
          fc.tuple(
            fc.double({ min: -60, max: 60, noNaN: true }),
            fc.double({ min: -60, max: 60, noNaN: true }),
            fc.double({ min: -45, max: 45, noNaN: true }),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        (seed, steps) => {
          let t = generateTable({ shipsPerPlayer: 3, squadronsPerPlayer: 2, obstacles: 6, seed });
          const i = seed % t.ships.length;
          let prev = attackContext(new World(t, CATALOG));
          let reused = 0;
          for (const [dx, dy, dr] of steps) {
            const s = t.ships[i];
            t = {
              ...t,
              ships: t.ships.map((x, k) =>
                k === i ? { ...s, x: s.x + dx, y: s.y + dy, rotation: s.rotation + dr } : x,
              ),
            };
            const before = kernelEdgesOf(prev); // the previous step judged: its kernel is built
            const world = new World(t, CATALOG, prev.world);
            const ctx = movedShipContext(prev, world, s.id);
            const freshCtx = attackContext(new World(t, CATALOG));
            const carried = kernelEdgesOf(ctx),
              fresh = kernelEdgesOf(freshCtx);
            // the sides by key: the same keys, this context's own sides (the moved ship's its new entry)
            for (const side of freshCtx.sides) {
              const mine = ctx.byKey.get(side.key)!;
              expect(ctx.sides).toContain(mine);
              expect(mine.key).toBe(side.key);
              if (mine.kind === 'zone') expect(mine.ship).toBe(world.byId.get(mine.ship.id));
            }
            expect(ctx.byKey.get('no such side')).toBeUndefined();
            expect(carried.reach).toBe(fresh.reach);
            // carried over: the obstacles' hulls are the previous kernel's own
            if (carried.reach && carried.hulls === before.hulls) reused++;
            expect([...carried.hulls.e]).toEqual([...fresh.hulls.e]);
            for (const k of ['zones', 'bases'] as const) {
              expect([...carried[k].e]).toEqual([...fresh[k].e]);
              expect([...carried[k].box]).toEqual([...fresh[k].box]);
              expect([...carried[k].start]).toEqual([...fresh[k].start]);
            }
            prev = ctx;
          }
          // the carried path was taken at every step (generated tables have no huge ship)
          expect(reused).toBe(steps.length);
        },
      ),
      { numRuns: 60, seed: 5 },
    );
  });

  it("judges a step's context again as afresh after the next step's kernel took its rows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        (seed, dx, dy) => {
          const t0 = generateTable({ shipsPerPlayer: 3, squadronsPerPlayer: 2, obstacles: 6, seed });
          const s = t0.ships[seed % t0.ships.length];
          const key = `${s.id}.front`;
          const t1 = {
            ...t0,
            ships: t0.ships.map((x) => (x === s ? { ...s, x: s.x + dx, y: s.y + dy } : x)),
          };
          const w0 = new World(t0, CATALOG);
          const first = JSON.stringify(attacksFrom(w0, key));
          const w1 = new World(t1, CATALOG, w0);
          movedShipContext(attackContext(w0), w1, s.id);
          const moved = JSON.stringify(attacksFrom(w1, key));
          // the previous step's context judged again, then the next step's again
          expect(JSON.stringify(attacksFrom(w0, key))).toBe(first);
          expect(JSON.stringify(attacksFrom(w1, key))).toBe(moved);
          expect(moved).toBe(JSON.stringify(attacksFrom(new World(t1, CATALOG), key)));
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });

  it('judges two contexts made from one (as the practice maps make them) each as afresh, in any order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.tuple(
          fc.double({ min: -60, max: 60, noNaN: true }),
          fc.double({ min: -60, max: 60, noNaN: true }),
        ),
        fc.tuple(
          fc.double({ min: -60, max: 60, noNaN: true }),
          fc.double({ min: -60, max: 60, noNaN: true }),
        ),
        (seed, [ax, ay], [bx, by]) => {
          const t0 = generateTable({ shipsPerPlayer: 3, squadronsPerPlayer: 2, obstacles: 6, seed });
          const s = t0.ships[seed % t0.ships.length];
          const key = `${s.id}.front`;
          const at = (dx: number, dy: number) => ({
            ...t0,
            ships: t0.ships.map((x) => (x === s ? { ...s, x: s.x + dx, y: s.y + dy } : x)),
          });
          const w0 = new World(t0, CATALOG);
          attacksFrom(w0, key);
          const [ta, tb] = [at(ax, ay), at(bx, by)];
          const [wa, wb] = [new World(ta, CATALOG, w0), new World(tb, CATALOG, w0)];
          movedShipContext(attackContext(w0), wa, s.id);
          movedShipContext(attackContext(w0), wb, s.id);
          // judged in turn, then the first again: each as on a fresh world
          const a1 = JSON.stringify(attacksFrom(wa, key));
          const b1 = JSON.stringify(attacksFrom(wb, key));
          expect(JSON.stringify(attacksFrom(wa, key))).toBe(a1);
          expect(a1).toBe(JSON.stringify(attacksFrom(new World(ta, CATALOG), key)));
          expect(b1).toBe(JSON.stringify(attacksFrom(new World(tb, CATALOG), key)));
        },
      ),
      { numRuns: 60, seed: 8 },
    );
  });
});
