/**
 * The benchmark's fast paths give the same answers as the slow ones (correctness only: no timed
 * assertions here; `npm run bench` measures).
 * - the analysis against the pair-by-pair library baseline (scripts/bench/baseline.ts) on generated
 *   tables;
 * - analyzeIncremental (re-judging after a drag) against a full analysis, entry for entry;
 * - crossing depths computed directly for convex shapes against the plain bisection.
 */
import { isDeepStrictEqual } from 'node:util';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Polygon } from '../../src/geometry/polygon';
import { crossing, segmentReachesInside, segmentShapeDistance } from '../../src/geometry/relate';
import { newSegmentPair, segmentDistance } from '../../src/geometry/segment';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { baselineAnalyze, compareWithBaseline } from '../../scripts/bench/baseline';
import { generateTable, stressTable, tournamentTable } from '../../scripts/bench/tables';
import { CATALOG } from '../../src/model/catalog';
import { validateTable, type Table } from '../../src/model/table';
import { analyze } from '../../src/rules/report/analyze';
import { analyzeFull, analyzeIncremental, judgesIncrementally } from '../../src/rules/report/incremental';

describe('generated benchmark tables', () => {
  it('are valid table files of the stated sizes, the same for the same seed', () => {
    const t = tournamentTable(1);
    const read = validateTable(JSON.parse(JSON.stringify(t)));
    expect([read.ships, read.squadrons, read.obstacles, read.proposals.map((p) => p.kind)]).toEqual([
      t.ships,
      t.squadrons,
      t.obstacles,
      ['setup'],
    ]);
    expect([t.ships.length, t.squadrons.length, t.obstacles.length]).toEqual([10, 24, 12]);
    expect(tournamentTable(1)).toEqual(t);
    expect(tournamentTable(2)).not.toEqual(t);
    // the browser frame-time run drags across the same table (npx tsx scripts/bench-tables.ts)
    expect(
      JSON.parse(readFileSync(new URL('../../e2e/fixtures/tournament-table.json', import.meta.url), 'utf8')),
    ).toEqual(t);
    // the stress table holds more pieces than a table file may (it is analysed, never saved)
    const s = stressTable(1);
    expect([s.ships.length, s.squadrons.length, s.obstacles.length]).toEqual([50, 120, 60]);
  });
});

describe('analysis against the library baseline', () => {
  it.each([1, 2, 3, 4])(
    'agrees on distances, overlaps, firing arcs and ranges (generated table, seed %i)',
    (seed) => {
      // a smaller, crowded table so that overlaps occur
      const table = generateTable({
        shipsPerPlayer: 3,
        squadronsPerPlayer: 6,
        obstacles: 8,
        seed,
        onObstacle: 0.6,
      });
      const report = analyze(table);
      const cmp = compareWithBaseline(
        report,
        baselineAnalyze(table),
        CATALOG.ruler.distance,
        CATALOG.ruler.range,
      );
      expect(cmp.mismatches).toEqual([]);
      expect(cmp.compared).toBeGreaterThan(report.distances.length + report.attacks.length - 6);
    },
  );
});

function moved(table: Table, id: string, dx: number, dy: number, dr: number): Table {
  const mv = <T extends { id: string; x: number; y: number }>(p: T): T =>
    p.id === id
      ? {
          ...p,
          x: p.x + dx,
          y: p.y + dy,
          ...('rotation' in p ? { rotation: (p as { rotation: number }).rotation + dr } : {}),
        }
      : p;
  return {
    ...table,
    ships: table.ships.map(mv),
    squadrons: table.squadrons.map(mv),
    obstacles: table.obstacles.map(mv),
  };
}

describe('analyzeIncremental', () => {
  const table = generateTable({
    shipsPerPlayer: 3,
    squadronsPerPlayer: 5,
    obstacles: 7,
    seed: 11,
    onObstacle: 0.4,
  });
  const ids = [...table.ships, ...table.squadrons, ...table.obstacles].map((p) => p.id);

  it('equals a full analysis after any piece moves, step after step', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            k: fc.nat(ids.length - 1),
            dx: fc.double({ min: -60, max: 60, noNaN: true }),
            dy: fc.double({ min: -60, max: 60, noNaN: true }),
            dr: fc.integer({ min: -30, max: 30 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (steps) => {
          let prev = analyzeFull(table);
          let t = table;
          for (const s of steps) {
            t = moved(t, ids[s.k], s.dx, s.dy, s.dr);
            prev = analyzeIncremental(prev, t);
            const full = analyze(t);
            expect(prev.report).toEqual(full);
            // prototypes too (toEqual ignores them): the id-keyed maps have none, as the bench checks
            expect(isDeepStrictEqual(prev.report, full)).toBe(true);
            expect(JSON.stringify(prev.report)).toBe(JSON.stringify(full));
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('returns the previous report when nothing moved, and a full one when pieces are added', () => {
    const a = analyzeFull(table);
    expect(analyzeIncremental(a, { ...table }).report).toEqual(a.report);
    const more: Table = {
      ...table,
      squadrons: [...table.squadrons, { id: 'extra', player: 1, x: 60, y: 60 }],
    };
    expect(analyzeIncremental(a, more).report).toEqual(analyze(more));
    expect(JSON.stringify(analyzeIncremental(a, more).report)).toBe(JSON.stringify(analyze(more)));
    for (const changed of [
      { ...table, ruleset: '1.6' },
      { ...table, table: '3x3' },
      { ...table, proposals: [] },
    ] as Table[]) {
      expect(analyzeIncremental(a, changed).report).toEqual(analyze(changed));
    }
  });

  it('judges afresh when the covering-outline reading changes (the visible portion of every obstacle may)', () => {
    const a = analyzeFull(table);
    const token: Table = { ...table, readings: { cover: 'token' } };
    expect(judgesIncrementally(a, token)).toBe(false);
    expect(JSON.stringify(analyzeIncremental(a, token).report)).toBe(JSON.stringify(analyze(token)));
  });

  it('judgesIncrementally: yes for moved pieces, no for a new setting or other pieces', () => {
    const a = analyzeFull(table);
    expect(judgesIncrementally(a, moved(table, ids[0], 10, 5, 3))).toBe(true);
    expect(judgesIncrementally(a, { ...table })).toBe(true);
    expect(judgesIncrementally(a, { ...table, squadrons: table.squadrons.slice(1) })).toBe(false);
    expect(judgesIncrementally(a, { ...table, ships: [...table.ships].reverse() })).toBe(false);
    expect(judgesIncrementally(a, { ...table, ruleset: '1.6' })).toBe(false);
    expect(judgesIncrementally(a, { ...table, measurements: { squadronBaseMm: 41 } } as Table)).toBe(false);
  });
});

/** The plain bisection crossing() used before convex depths were computed directly. */
function bisectDepth(P: Polygon, px: number, py: number, qx: number, qy: number): number {
  let lo = TOLERANCE_MM,
    hi = Math.max(P.maxX - P.minX, P.maxY - P.minY);
  while (hi - lo > 0.001) {
    const mid = (lo + hi) / 2;
    if (segmentReachesInside(P, px, py, qx, qy, mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

describe('crossing depth', () => {
  it('is the same as the plain bisection, for convex and concave shapes', () => {
    const coord = fc.double({ min: -80, max: 80, noNaN: true });
    const shapes = [
      Polygon.rect(0, 0, 63, 102),
      Polygon.from([
        [-30, -10],
        [0, -40],
        [30, -10],
        [30, 40],
        [-30, 40],
      ]),
      Polygon.from(CATALOG.obstacles['debris-a'].outline),
      Polygon.from(CATALOG.obstacles['station'].outline),
    ];
    fc.assert(
      fc.property(fc.nat(shapes.length - 1), coord, coord, coord, coord, (k, px, py, qx, qy) => {
        const P = shapes[k];
        const c = crossing(P, px, py, qx, qy);
        if (c.kind === 'cross') expect(c.depth).toBe(bisectDepth(P, px, py, qx, qy));
      }),
      { numRuns: 400 },
    );
  });
});

/** segmentShapeDistance as first written: every edge by segmentDistance, no pruning. */
function plainSegmentShapeDistance(P: Polygon, px: number, py: number, qx: number, qy: number): number {
  const pair = newSegmentPair();
  let best = Infinity;
  for (let i = 0; i < P.n; i++) {
    const j = (i + 1) % P.n;
    segmentDistance(px, py, qx, qy, P.x(i), P.y(i), P.x(j), P.y(j), pair);
    best = Math.min(best, pair.d2);
  }
  if (best === 0 || P.locate(px, py) === 'inside') return 0;
  return Math.sqrt(best);
}

describe('segment-to-shape distance', () => {
  it('is exactly the plain all-edges computation', () => {
    const coord = fc.double({ min: -90, max: 90, noNaN: true });
    const shapes = (['debris-a', 'station', 'gravity-rift', 'dust-1'] as const).map((t) =>
      Polygon.from(CATALOG.obstacles[t].outline),
    );
    shapes.push(Polygon.rect(0, 0, 43, 71));
    fc.assert(
      fc.property(fc.nat(shapes.length - 1), coord, coord, coord, coord, (k, px, py, qx, qy) => {
        expect(segmentShapeDistance(shapes[k], px, py, qx, qy)).toBe(
          plainSegmentShapeDistance(shapes[k], px, py, qx, qy),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('closest boundary point', () => {
  it('is exactly the plain every-edge search', () => {
    const coord = fc.double({ min: -90, max: 90, noNaN: true });
    const shapes = (['debris-b', 'gravity-rift', 'purrgil-1'] as const).map((t) =>
      Polygon.from(CATALOG.obstacles[t].outline),
    );
    fc.assert(
      fc.property(fc.nat(shapes.length - 1), coord, coord, (k, px, py) => {
        const P = shapes[k];
        let best = Infinity,
          bx = NaN,
          by = NaN;
        for (let i = 0; i < P.n; i++) {
          const j = (i + 1) % P.n;
          const ex = P.x(j) - P.x(i),
            ey = P.y(j) - P.y(i),
            l2 = ex * ex + ey * ey;
          let t = l2 === 0 ? 0 : ((px - P.x(i)) * ex + (py - P.y(i)) * ey) / l2;
          t = t < 0 ? 0 : t > 1 ? 1 : t;
          const qx = P.x(i) + ex * t,
            qy = P.y(i) + ey * t,
            d2 = (qx - px) * (qx - px) + (qy - py) * (qy - py);
          if (d2 < best) {
            best = d2;
            bx = qx;
            by = qy;
          }
        }
        expect(P.closestBoundaryPoint(px, py)).toEqual({ d: Math.sqrt(best), x: bx, y: by });
      }),
      { numRuns: 2000 },
    );
  });
});
