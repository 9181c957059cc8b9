/**
 * 1,000 random crowded tables: the report's shapes, distances and overlaps against an
 * independent computation (test/support: plain trigonometry for placement, @flatten-js/core for
 * distances and shared area), and relate() symmetric, with zero distance exactly when touching
 * or overlapping.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relate } from '../../src/geometry/relate';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { validateTable } from '../../src/model/table';
import { distances } from '../../src/rules/distances';
import { overlaps } from '../../src/rules/overlaps';
import { shapesReport } from '../../src/rules/report/shapes-report';
import { measureShape, overlapShape, World } from '../../src/rules/world';
import type { ShapeReport } from '../../src/model/report';
import {
  bruteDistance,
  expectedRelation,
  flattenDistance,
  ringBoundaryDistance,
  ringContains,
  signedArea,
  type XY,
} from '../support/oracle';
import {
  EFFECTS,
  expectedBand,
  OBSTACLE_KIND,
  oraclePieces,
  shipToken,
  targetingPoints,
} from '../support/shapes';
import { tableArb, touchingTableArb } from '../support/tables';

const TOL = TOLERANCE_MM;

/** Same ring up to where it starts: every vertex matched in order, within eps. */
function sameRing(got: readonly XY[], want: readonly XY[], eps: number): boolean {
  if (got.length !== want.length) return false;
  const n = want.length;
  for (let s = 0; s < n; s++) {
    let ok = true;
    for (let i = 0; i < n && ok; i++) {
      const g = got[(i + s) % n],
        w = want[i];
      ok = Math.abs(g[0] - w[0]) <= eps && Math.abs(g[1] - w[1]) <= eps;
    }
    if (ok) return true;
  }
  return false;
}

/** A plain check for the hot loops (vitest's expect costs more than the geometry here). */
function must(ok: boolean, what: () => string): void {
  if (!ok) throw new Error(what());
}

function checkTable(file: unknown): {
  ambiguous: number;
  pairs: number;
  overlapsSeen: number;
  touches: number;
} {
  const table = validateTable(file);
  const world = new World(table);
  // the three sections under test, computed as analyzeWorld computes them
  const report = { shapes: shapesReport(world), distances: distances(world), overlaps: overlaps(world) };
  const oracle = oraclePieces(table);
  const stats = { ambiguous: 0, pairs: 0, overlapsSeen: 0, touches: 0 };
  const memo = new Map<string, ReturnType<typeof expectedRelation>>();
  const oracleOf = (i: number, j: number, which: 'measure' | 'overlap') => {
    const key = `${i}|${j}|${which}`;
    let r = memo.get(key);
    if (!r) memo.set(key, (r = expectedRelation(oracle[i][which], oracle[j][which], TOL)));
    return r;
  };

  // shapes
  expect(Object.keys(report.shapes).sort()).toEqual(oracle.map((p) => p.id).sort());
  for (const p of oracle) {
    const s = report.shapes[p.id] as ShapeReport & Record<string, unknown>;
    if (p.kind === 'ship') {
      const r = s as { base: XY[]; footprint: XY[] };
      expect(signedArea(r.base)).toBeGreaterThan(0);
      expect(signedArea(r.footprint)).toBeGreaterThan(0);
      expect(sameRing(r.base, p.base!, 1e-9), `${p.id} base`).toBe(true);
      expect(sameRing(r.footprint, (p.overlap as { ring: XY[] }).ring, 1e-9), `${p.id} footprint`).toBe(true);
      // hull zones tile the cardboard token; targeting points where the catalog's figures put them
      const ship = table.ships.find((q) => q.id === p.id)!;
      const hz = (s as unknown as { hullZones: Record<string, XY[]> }).hullZones;
      const token = shipToken(ship.size, ship.x, ship.y, ship.rotation);
      const zoneArea = Object.values(hz).reduce((a, z) => a + signedArea(z), 0);
      must(
        Object.values(hz).every((z) => signedArea(z) > 0),
        () => `${p.id}: a hull zone is not counter-clockwise`,
      );
      must(
        Math.abs(zoneArea - signedArea(token)) < 1e-6,
        () => `${p.id}: hull zones cover ${zoneArea} of a ${signedArea(token)} token`,
      );
      for (const z of Object.values(hz)) {
        for (const [x, y] of z)
          must(
            ringBoundaryDistance(token, x, y) < 1e-9 || ringContains(token, x, y),
            () => `${p.id}: a hull zone leaves the token`,
          );
      }
      const tp = targetingPoints(ship.size, ship.class, ship.x, ship.y, ship.rotation);
      const got = (s as unknown as { targetingPoints: Record<string, XY> }).targetingPoints;
      for (const z of ['front', 'rear', 'left', 'right'] as const) {
        must(
          Math.hypot(got[z][0] - tp[z][0], got[z][1] - tp[z][1]) < 1e-9,
          () => `${p.id}: ${z} targeting point ${got[z]} vs ${tp[z]}`,
        );
      }
    } else if (p.kind === 'obstacle') {
      const r = s as { outline: XY[] };
      expect(signedArea(r.outline)).toBeGreaterThan(0);
      expect(sameRing(r.outline, (p.measure as { ring: XY[] }).ring, 1e-9), `${p.id} outline`).toBe(true);
    } else {
      expect((s as { circle: number[] }).circle).toEqual((p.measure as { circle: number[] }).circle);
    }
  }

  // distances: every pair once, in report order, measured as the oracle measures it
  const n = oracle.length;
  expect(report.distances.length).toBe((n * (n - 1)) / 2);
  let k = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++, k++) {
      const d = report.distances[k];
      must(d.a === oracle[i].id && d.b === oracle[j].id, () => `pair ${k} is ${d.a}/${d.b}`);
      const want = oracleOf(i, j, 'measure');
      stats.pairs++;
      if (Math.abs(want.distance - TOL) < 1e-6) {
        stats.ambiguous++;
        continue;
      }
      const mm = want.distance > TOL ? want.distance : 0;
      must(Math.abs(d.mm - mm) <= 1e-6, () => `${d.a}/${d.b}: ${d.mm} mm, oracle ${want.distance}`);
      must(d.band === expectedBand(d.mm, TOL), () => `${d.a}/${d.b}: band ${d.band} for ${d.mm} mm`);
    }
  }

  // relate: symmetric, zero exactly when touching or overlapping, and as the oracle decides
  const entries = world.all;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (const [shape, os] of [
        [measureShape, 'measure'],
        [overlapShape, 'overlap'],
      ] as const) {
        const A = shape(entries[i]),
          B = shape(entries[j]);
        const ab = relate(A, B),
          ba = relate(B, A);
        const what = `${entries[i].id}/${entries[j].id} ${os}`;
        must(ba.kind === ab.kind, () => `${what}: ${ab.kind} one way, ${ba.kind} the other`);
        must(Math.abs(ab.distance - ba.distance) <= 1e-9, () => `${what}: ${ab.distance} vs ${ba.distance}`);
        must((ab.distance === 0) === (ab.kind !== 'apart'), () => `${what}: ${ab.kind} at ${ab.distance}`);
        must(ab.distance >= 0, () => `${what}: negative distance`);
        const want = oracleOf(i, j, os);
        if (want.verdict === 'touch-or-overlap' || Math.abs(want.distance - TOL) < 1e-6) {
          stats.ambiguous++;
          continue;
        }
        if (want.verdict === 'touch') stats.touches++;
        must(
          ab.kind === want.verdict,
          () => `${what}: relate says ${ab.kind}, oracle ${want.verdict} (${JSON.stringify(table)})`,
        );
      }
    }
  }

  // overlaps: exactly the ship/squadron x obstacle pairs the oracle says overlap
  const got = new Map(report.overlaps.map((o) => [`${o.piece}|${o.obstacle}`, o]));
  for (const [oi, ob] of oracle.entries()) {
    if (ob.kind !== 'obstacle') continue;
    for (const [pi, p] of oracle.entries()) {
      if (p.kind !== 'ship' && p.kind !== 'squadron') continue;
      const key = `${p.id}|${ob.id}`;
      const want = oracleOf(Math.min(pi, oi), Math.max(pi, oi), 'overlap');
      const hit = got.get(key);
      if (want.verdict === 'touch-or-overlap') {
        stats.ambiguous++;
        got.delete(key);
        continue;
      }
      must(
        !!hit === (want.verdict === 'overlap'),
        () => `${key}: reported ${!!hit}, oracle says ${want.verdict}`,
      );
      if (!hit) continue;
      stats.overlapsSeen++;
      got.delete(key);
      const kind = OBSTACLE_KIND[table.obstacles.find((o) => o.id === ob.id)!.type];
      const eff = EFFECTS[kind][p.kind === 'ship' ? 'ship' : 'squadron'];
      if (kind === 'purrgil' && p.kind === 'ship')
        expect(hit.effect).toContain(String(table.ships.find((s) => s.id === p.id)!.speed));
      else if (eff) expect(hit.effect).toBe(eff);
      if (p.kind === 'ship') {
        const viaBase = expectedRelation({ ring: p.base! }, ob.overlap, TOL).verdict;
        if (viaBase === 'overlap') expect(hit.part).toBe('base');
        if (viaBase === 'touch' || viaBase === 'apart') expect(hit.part).toBe('dial frame');
      }
    }
  }
  expect([...got.keys()], 'overlaps the oracle does not know').toEqual([]);
  return stats;
}

describe('1,000 random tables against an independent computation', () => {
  it('shapes, distances, overlaps and relate agree with the oracle', () => {
    const total = { ambiguous: 0, pairs: 0, overlapsSeen: 0, touches: 0 };
    fc.assert(
      fc.property(tableArb, (t) => {
        const s = checkTable(t);
        total.ambiguous += s.ambiguous;
        total.pairs += s.pairs;
        total.overlapsSeen += s.overlapsSeen;
        total.touches += s.touches;
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 1000),
        seed: Number(process.env.FC_SEED ?? 20261129),
        endOnFailure: true,
      },
    );
    // the tables are crowded enough to exercise overlaps, and the oracle rarely abstains
    console.log(`random tables: ${JSON.stringify(total)}`);
    expect(total.overlapsSeen).toBeGreaterThan(100);
    expect(total.ambiguous).toBeLessThan(total.pairs / 100);
  });
});

describe('pieces put exactly against an obstacle', () => {
  it('touching, 0.003 mm either way, and 0.006 mm either way decide as the oracle says', () => {
    const total = { ambiguous: 0, pairs: 0, overlapsSeen: 0, touches: 0 };
    fc.assert(
      fc.property(touchingTableArb, (t) => {
        const s = checkTable(t);
        total.ambiguous += s.ambiguous;
        total.pairs += s.pairs;
        total.overlapsSeen += s.overlapsSeen;
        total.touches += s.touches;
      }),
      { numRuns: 400, seed: 777, endOnFailure: true },
    );
    console.log(`touching tables: ${JSON.stringify(total)}`);
    expect(total.touches).toBeGreaterThan(100);
    expect(total.overlapsSeen).toBeGreaterThan(50);
  });
});

describe('order does not matter', () => {
  it('reversing every list of pieces gives the same distances (as unordered pairs) and overlaps', () => {
    const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
    fc.assert(
      fc.property(tableArb, (t) => {
        const w1 = new World(validateTable(t));
        const rev = {
          ...t,
          ships: [...t.ships].reverse(),
          squadrons: [...t.squadrons].reverse(),
          obstacles: [...t.obstacles].reverse(),
          tokens: [...t.tokens].reverse(),
        };
        const w2 = new World(validateTable(rev));
        const d1 = new Map(distances(w1).map((d) => [key(d.a, d.b), d]));
        for (const d of distances(w2)) {
          const e = d1.get(key(d.a, d.b))!;
          must(Math.abs(e.mm - d.mm) <= 1e-9 && e.band === d.band, () => `${d.a}/${d.b}: ${e.mm} vs ${d.mm}`);
        }
        const o = (w: World) =>
          overlaps(w)
            .map((x) => `${x.piece}|${x.obstacle}|${x.part ?? ''}`)
            .sort();
        expect(o(w2)).toEqual(o(w1));
      }),
      { numRuns: 200, seed: 99 },
    );
  });
});

describe('the oracle itself', () => {
  it('brute-force distances agree with @flatten-js/core on 100 random tables', () => {
    let compared = 0;
    fc.assert(
      fc.property(tableArb, (t) => {
        const o = oraclePieces(t);
        for (let i = 0; i < o.length; i++) {
          for (let j = i + 1; j < o.length; j++) {
            for (const which of ['measure', 'overlap'] as const) {
              const a = bruteDistance(o[i][which], o[j][which]),
                b = flattenDistance(o[i][which], o[j][which]);
              must(Math.abs(a - b) < 1e-6, () => `${o[i].id}/${o[j].id} ${which}: brute ${a}, flatten ${b}`);
              compared++;
            }
          }
        }
      }),
      { numRuns: 100, seed: 424242 },
    );
    expect(compared).toBeGreaterThan(500);
  });
});
