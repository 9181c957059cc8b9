/**
 * Practice maps (src/rules/practice/): every cell, end and opportunity is the ordinary analysis of
 * the table with the ship moved there. Random tables (the benchmark's generator, random seeds),
 * random ships, random cells: each re-judged with `analyze` on a table with the ship moved to
 * the cell (or to the maneuver's start, with the maneuver as a proposal), and compared entry by
 * entry. Plus cases known by construction: the fan of fans' count from the chart, the navigate
 * speeds, a gravity rift's reduction, a rift overlapped setting the dial to 0, the grid's order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateTable, TOURNAMENT } from '../../../scripts/bench/tables';
import { CATALOG, speedChart } from '../../../src/model/catalog';
import type { AttackReport, Report } from '../../../src/model/report';
import type { Table } from '../../../src/model/table';
import { analyze } from '../../../src/rules/report/analyze';
import { ManeuverContext, maneuverOutcome, type ManeuverReport } from '../../../src/rules/movement/maneuver';
import {
  cellAt,
  cellCentre,
  cellParent,
  cellPass,
  gridOverPoints,
  gridOverTable,
} from '../../../src/rules/practice/grid';
import { tableWithShipAt } from '../../../src/rules/practice/moved';
import { endAsProposalTable, navigateSpeeds, reachMap } from '../../../src/rules/practice/reach';
import { pairVerdict, type PairVerdict, ShipProbe } from '../../../src/rules/practice/threat';
import { World } from '../../../src/rules/world';

const TABLE = CATALOG.tables['3x6'];

/**
 * A tournament-size table from the benchmark's generator; of its ships with a speed chart, the
 * one at `pick` (mod their count), its dial brought onto its chart.
 */
function practiceTable(seed: number, pick: number): { table: Table; ship: string } {
  const t = generateTable({ ...TOURNAMENT, seed });
  const charted = t.ships.filter((s) => speedChart(CATALOG, s.class));
  const s = charted[pick % charted.length];
  const speed = Math.min(s.speed, speedChart(CATALOG, s.class)!.length);
  return { table: { ...t, ships: t.ships.map((x) => (x === s ? { ...x, speed } : x)) }, ship: s.id };
}

const byPair = (a: PairVerdict, b: PairVerdict) =>
  a.attacker + '>' + a.defender < b.attacker + '>' + b.defender ? -1 : 1;

/** What analyze says of the pairs between the ship and its enemies, in the map's terms. */
function analysedPairs(report: Report, ship: string, role: 'defend' | 'attack'): PairVerdict[] {
  const mine = (key: string) => key.startsWith(`${ship}.`);
  return report.attacks
    .filter((a: AttackReport) =>
      role === 'defend' ? mine(a.defender) && !mine(a.attacker) : mine(a.attacker) && !mine(a.defender),
    )
    .map(pairVerdict)
    .filter((v): v is PairVerdict => v !== null)
    .sort(byPair);
}

/** The other pieces analyze finds the ship colliding with (ships and squadrons), and whether it is off the table. */
function placeNoteOf(report: Report, ship: string) {
  const overlaps = (report.collisions ?? [])
    .filter((c) => c.a === ship || c.b === ship)
    .map((c) => (c.a === ship ? c.b : c.a));
  return { overlaps, offTable: (report.offTable ?? []).some((o) => o.piece === ship) };
}

describe('threat map: a cell is the analysis of the table with the ship there', () => {
  it('random tables, ships and cells (over the reach and over the whole table), several cells on one probe', () => {
    let pairs = 0,
      can = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.boolean(),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        (seed, pick, cells) => {
          const { table, ship } = practiceTable(seed, pick);
          const world = new World(table, CATALOG);
          const s = world.byId.get(ship)!.piece as { x: number; y: number; rotation: number };
          const probe = new ShipProbe(world, ship);
          const g = gridOverTable(5, TABLE);
          for (const [u, v, whole] of cells) {
            // a cell near the ship (within 300 mm, where attacks are in reach), or anywhere on the table
            const { x, y } = whole
              ? cellCentre(g, g.order[Math.min(g.order.length - 1, Math.floor(u * g.order.length))])
              : {
                  x: Math.min(TABLE.width - 1, Math.max(1, s.x + (u - 0.5) * 600)),
                  y: Math.min(TABLE.height - 1, Math.max(1, s.y + (v - 0.5) * 600)),
                };
            const cell = probe.threat(x, y);
            const report = analyze(tableWithShipAt(table, ship, { x, y, rotation: s.rotation }), CATALOG);
            const want = analysedPairs(report, ship, 'defend');
            expect([...cell.pairs].sort(byPair)).toEqual(want);
            expect(cell.attackers.sort()).toEqual(
              [...new Set(want.filter((p) => p.can).map((p) => p.attacker))].sort(),
            );
            const note = placeNoteOf(report, ship);
            expect(cell.offTable).toBe(note.offTable);
            const shipIds = new Set(table.ships.map((q) => q.id));
            expect(cell.overlapsShips.sort()).toEqual(note.overlaps.filter((id) => shipIds.has(id)).sort());
            pairs += want.length;
            can += cell.attackers.length;
          }
        },
      ),
      { numRuns: 12 },
    );
    // the cells judged were not all empty: the comparison had attacks to compare
    expect(pairs).toBeGreaterThan(0);
    expect(can).toBeGreaterThan(0);
  });

  it('known by construction: an enemy straight ahead in range threatens, one across the table does not', () => {
    const table: Table = {
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      squadrons: [],
      obstacles: [],
      tokens: [],
      proposals: [],
      ships: [
        { id: 'isd', size: 'large', player: 1, x: 900, y: 300, rotation: 0, speed: 2 },
        { id: 'cr90', size: 'small', class: 'cr90', player: 2, x: 900, y: 600, rotation: 180, speed: 2 },
      ],
    };
    const probe = new ShipProbe(new World(table, CATALOG), 'cr90');
    // in front of the ISD (its front arc faces +y), 150 mm from its bow: the ISD's front zone attacks
    const near = probe.threat(900, 520);
    expect(near.attackers).toContain('isd.front');
    // far across the table: nothing reaches
    expect(probe.threat(900, 880).attackers).toEqual([]);
    expect(probe.threat(100, 880).attackers).toEqual([]);
  });
});

describe('opportunity: an end is the analysis of the table with the ship there', () => {
  it('random tables, ships and reach ends', () => {
    let pairs = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seed, pick, u) => {
          const { table, ship } = practiceTable(seed, pick);
          const world = new World(table, CATALOG);
          const reach = reachMap(world, ship);
          const end = reach.ends[Math.min(reach.ends.length - 1, Math.floor(u * reach.ends.length))];
          const o = new ShipProbe(world, ship).opportunity(end.final);
          const report = analyze(tableWithShipAt(table, ship, end.final), CATALOG);
          const want = analysedPairs(report, ship, 'attack');
          expect([...o.pairs].sort(byPair)).toEqual(want);
          expect(o.targets.sort()).toEqual(
            [...new Set(want.filter((p) => p.can).map((p) => p.defender))].sort(),
          );
          pairs += want.length;
        },
      ),
      { numRuns: 10 },
    );
    expect(pairs).toBeGreaterThan(0);
  });
});

describe('reach map: an end is the maneuver analyze answers from its start', () => {
  const fields = (m: ManeuverReport) => ({
    speed: m.speed,
    speedUsed: m.speedUsed,
    clicks: m.clicks,
    side: m.side,
    final: m.final,
    movedBack: m.movedBack,
    shipsOverlapped: m.shipsOverlapped,
    obstacles: m.obstacles.map((o) => ({ obstacle: o.obstacle, effect: o.effect, part: o.part })),
    squadronsToMove: m.squadronsToMove,
    leavesPlayArea: m.leavesPlayArea,
    outsideMm: m.outsideMm,
    damaged: m.damaged,
  });

  it('random tables, ships and ends of either round', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seed, pick, u) => {
          const { table, ship } = practiceTable(seed, pick);
          const reach = reachMap(new World(table, CATALOG), ship);
          const end = reach.ends[Math.min(reach.ends.length - 1, Math.floor(u * reach.ends.length))];
          const answer = analyze(endAsProposalTable(table, ship, end), CATALOG)
            .proposals[0] as unknown as ManeuverReport;
          expect(fields(end.report)).toEqual(fields(answer));
          // the `maneuver` proposal's answer goes on to propose where squadrons under the ship go (its
          // own addition); the maneuver's explanation up to there is the same
          expect(answer.why.startsWith(end.report.why)).toBe(true);
          expect(end.outcome).toBe(maneuverOutcome(answer));
          expect(end.final).toEqual(answer.final);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('the fan of fans counted from the chart: navigate speeds, both sides, every click list, round 2', () => {
    const table: Table = {
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      squadrons: [],
      obstacles: [],
      tokens: [],
      proposals: [],
      ships: [
        { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 900, y: 150, rotation: 0, speed: 1 },
      ],
    };
    const chart = speedChart(CATALOG, 'victory')!;
    expect(chart).toEqual([[1], [0, 1]]);
    const lists = (s: number) => (s === 0 ? 1 : chart[s - 1].reduce((n, m) => n * (2 * m + 1), 1));
    const sides = (s: number) => (s === 0 ? 1 : 2);
    const fan = (s: number) => lists(s) * sides(s);
    const r = reachMap(new World(table, CATALOG), 'vsd');
    expect(r.speeds1).toEqual([0, 1, 2]);
    const first = r.ends.filter((e) => e.round === 1);
    expect(first.length).toBe(fan(0) + fan(1) + fan(2)); // 1 + 6 + 6
    let second = 0;
    for (const e of first) second += navigateSpeeds(e.speed, 2).reduce((n, s) => n + fan(s), 0);
    expect(r.ends.length - first.length).toBe(second);
    // every round-2 end starts where its round-1 end finished, with the dial it set
    for (const e of r.ends.filter((x) => x.round === 2)) {
      const p = r.ends[e.parent];
      expect(e.start).toMatchObject({ ...p.final, speed: p.speed });
    }
    expect(navigateSpeeds(0, 2)).toEqual([0, 1]);
    expect(navigateSpeeds(2, 2)).toEqual([1, 2]);
    expect(navigateSpeeds(5, 2)).toEqual([]);
    // a ship without a chart: every setting of the tool, refused by name
    const bare = { ...table, ships: [{ ...table.ships[0], class: undefined }] };
    expect(() => reachMap(new World(bare, CATALOG), 'vsd')).toThrow(/vsd has no class/);
  });

  it('a gravity rift within distance 2 takes one off the speed; ending on it sets the dial to 0 for round 2', () => {
    const base: Table = {
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      squadrons: [],
      tokens: [],
      proposals: [],
      ships: [{ id: 'cr90', size: 'small', class: 'cr90', player: 1, x: 900, y: 150, rotation: 0, speed: 2 }],
      obstacles: [{ id: 'rift', type: 'gravity-rift', x: 900, y: 330, rotation: 0 }],
    };
    const world = new World(base, CATALOG);
    const ctx = new ManeuverContext(world, 'cr90', speedChart(CATALOG, 'cr90'));
    expect(ctx.rift).not.toBeNull();
    const r = reachMap(world, 'cr90');
    for (const e of r.ends.filter((x) => x.round === 1)) expect(e.speedUsed).toBe(Math.max(0, e.speed - 1));
    const onRift = r.ends.filter(
      (e) => e.round === 1 && e.report.obstacles.some((o) => o.obstacle === 'rift'),
    );
    expect(onRift.length).toBeGreaterThan(0);
    for (const e of r.ends.filter((x) => x.round === 2 && onRift.includes(r.ends[x.parent]))) {
      expect(e.start.speed).toBe(0);
      expect(e.speed).toBeLessThanOrEqual(1);
    }
  });
});

describe('grid', () => {
  it('covers the hull of the points, anchored to the table, coarse to fine', () => {
    const pts = [
      { x: 100, y: 100 },
      { x: 300, y: 120 },
      { x: 200, y: 400 },
    ];
    const g = gridOverPoints(pts, 5, TABLE);
    expect(g.x0 % 5).toBe(0);
    expect(new Set(g.order).size).toBe(g.order.length);
    for (const p of pts) expect(g.order).toContain(cellAt(g, p.x, p.y));
    expect(g.order).not.toContain(cellAt(g, 110, 390)); // outside the triangle, far from it
    const [p0, p1, p2] = g.passEnds;
    expect(p2).toBe(g.order.length);
    for (let n = 0; n < g.order.length; n++) {
      const k = g.order[n];
      expect(cellPass(g, k)).toBe(n < p0 ? 0 : n < p1 ? 1 : 2);
      const c = cellCentre(g, k);
      expect(cellAt(g, c.x, c.y)).toBe(k);
    }
    // a fine cell's stand-in is a coarse cell of the pass before
    const k = g.order[p1];
    expect(cellPass(g, cellParent(g, k, 1))).toBeLessThanOrEqual(1);
    expect(() => gridOverTable(0, TABLE)).toThrow(/cell size/);
  });
});

describe('setup practice: an obstacle placed by the guided setup changes the lanes the maps show', () => {
  it("the guide places an obstacle in a deployed Victory's lane: reach ends now on it", async () => {
    const { newGuide, placeObstacle, guideStep } = await import('../../../src/state/guide');
    const table: Table = {
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      squadrons: [],
      obstacles: [],
      tokens: [],
      proposals: [],
      ships: [
        { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 900, y: 120, rotation: 0, speed: 2 },
      ],
    };
    const g = newGuide();
    const before = reachMap(new World(table, CATALOG), 'vsd');
    expect(before.ends.every((e) => e.outcome === 'clean')).toBe(true);
    const step = guideStep(table, g);
    expect(step.step).toBe('obstacles');
    // the offered obstacle set down where the first maneuver's straight ends lie
    const placed = placeObstacle(table, g, 900, 330, 0, 'core', 'all');
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const after = reachMap(new World(placed.table, CATALOG), 'vsd');
    const on = after.ends.filter((e) => e.outcome === 'obstacle');
    expect(on.length).toBeGreaterThan(0);
    for (const e of on) expect(e.report.obstacles.map((o) => o.obstacle)).toContain(placed.id);
    // and the threat grid of the new table is judged on it (the same probe as the worker's)
    const probe = new ShipProbe(new World(placed.table, CATALOG), 'vsd');
    expect(probe.threat(900, 330).pairs).toEqual([]); // no enemy on the table: nothing threatens
  });
});

describe('the job the worker runs', () => {
  it('sends each cell as the probe judges it, coarse pass first, and every end its opportunity', async () => {
    const { PracticeJob } = await import('../../../src/rules/practice/maps');
    const { table, ship } = practiceTable(4242, 1);
    const world = new World(table, CATALOG);
    const job = new PracticeJob(world, ship, { cellMm: 20, over: 'reach' });
    const first = job.threatStep(Infinity, 0);
    expect(first.length).toBe(job.grid.passEnds[0]);
    const rest = [];
    while (!job.threatDone) rest.push(...job.threatStep(50));
    const all = [...first, ...rest];
    expect(all.map((c) => c.k)).toEqual([...job.grid.order]);
    const probe = new ShipProbe(world, ship);
    for (const c of all.filter((_, i) => i % 7 === 0)) {
      const { x, y } = cellCentre(job.grid, c.k);
      const t = probe.threat(x, y);
      expect(c.attackers).toEqual(t.attackers);
      const obstructedOnly = t.attackers.filter((a) =>
        t.pairs.filter((p) => p.attacker === a && p.can).every((p) => p.los === 'obstructed'),
      );
      expect(c.obstructed).toEqual(obstructedOnly);
      expect(c.overlapsShips).toEqual(t.overlapsShips);
    }
    const opp = [];
    while (!job.opportunityDone) opp.push(...job.opportunityStep(16));
    expect(opp.length).toBe(job.ends.length);
    const k = Math.floor(opp.length / 2);
    expect(opp[k].targets).toEqual(probe.opportunity(job.reach.ends[k].final).targets);
  });
});
