/**
 * The flat attack core (src/rules/attacks/table.ts, attacks.ts judgeAll/attackView) against the
 * plain form it replaced (attacksPlain: one report object per pair, built at once): the same
 * reports, entry for entry and as JSON, on random tables under both rulesets and every reading;
 * and the lazy list behaves as the plain array it stands for.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateTable } from '../../../scripts/bench/tables';
import type { Table } from '../../../src/model/table';
import { attacksOf, tableOf } from '../../../src/rules/attacks/table';
import { attacks, attacksPlain } from '../../../src/rules/attacks/attacks';
import { Budget } from '../../../src/rules/report/budget';
import { World } from '../../../src/rules/world';
import { plainReport } from '../../../src/model/report';
import { analyze, analyzeWorld } from '../../../src/rules/report/analyze';
import { type Analysis, analyzeFull, analyzeIncremental } from '../../../src/rules/report/incremental';

const tableOfRecipe = (
  seed: number,
  ships: number,
  squadrons: number,
  obstacles: number,
  onObstacle: number,
): Table =>
  generateTable({ shipsPerPlayer: ships, squadronsPerPlayer: squadrons, obstacles, seed, onObstacle });

describe('the flat attack core', () => {
  it('gives the reports the plain form gives, on random tables, both rulesets, every reading', () => {
    let withLines = 0,
      total = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.nat(100000),
          ships: fc.integer({ min: 1, max: 4 }),
          squadrons: fc.integer({ min: 0, max: 5 }),
          obstacles: fc.integer({ min: 0, max: 10 }),
          onObstacle: fc.double({ min: 0, max: 0.9, noNaN: true }),
          ruleset: fc.constantFrom('seed' as const, '1.6' as const),
          cover: fc.constantFrom('base' as const, 'token' as const),
          visiblePortion: fc.constantFrom('any' as const, 'ship' as const),
          dialLine: fc.constantFrom('through-dial' as const, 'over-obstacle' as const),
        }),
        (r) => {
          const t: Table = {
            ...tableOfRecipe(r.seed, r.ships, r.squadrons, r.obstacles, r.onObstacle),
            ruleset: r.ruleset,
            readings: { cover: r.cover, visiblePortion: r.visiblePortion, dialLine: r.dialLine },
          };
          // separate worlds: the context keeps a line's meetings until its reverse attack reads them
          const flat = attacks(new World(t)),
            plain = attacksPlain(new World(t));
          expect(flat.length).toBe(plain.length);
          for (let k = 0; k < plain.length; k++) {
            // verdicts and figures first (own fields), then the whole entry as the format writes it
            expect(flat[k]).toEqual(plain[k]);
            expect(JSON.stringify(flat[k])).toBe(JSON.stringify(plain[k]));
            total++;
            if ((plain[k].lines as unknown[]).length) withLines++;
          }
          expect(JSON.stringify(flat)).toBe(JSON.stringify(plain));
        },
      ),
      { numRuns: 40, seed: 1616 },
    );
    // the random tables reach the line-of-sight details, not only clear lines
    expect(total).toBeGreaterThan(1000);
    expect(withLines).toBeGreaterThan(100);
  });

  it('stops where the plain form stops under a budget that ran out, and counts the same', () => {
    const t = tableOfRecipe(5, 3, 4, 6, 0.3);
    const over = () => Object.assign(new Budget(1e9), { over: () => true });
    const b1 = over(),
      b2 = over();
    const flat = attacks(new World(t), { budget: b1 }),
      plain = attacksPlain(new World(t), { budget: b2 });
    expect(flat.length).toBe(plain.length);
    expect([b1.attacksAsked, b1.attacksJudged]).toEqual([b2.attacksAsked, b2.attacksJudged]);
    const b3 = new Budget(1e9),
      b4 = new Budget(1e9);
    expect(JSON.stringify(attacks(new World(t), { budget: b3 }))).toBe(
      JSON.stringify(attacksPlain(new World(t), { budget: b4 })),
    );
    expect([b3.attacksAsked, b3.attacksJudged]).toEqual([b4.attacksAsked, b4.attacksJudged]);
    expect(b3.attacksJudged).toBeGreaterThan(0);
  });
});

describe('the lazy attack list', () => {
  const t = tableOfRecipe(7, 2, 3, 5, 0.3);
  const plain = attacksPlain(new World(t));

  it('builds an entry when it is read, once', () => {
    const list = attacks(new World(t));
    const T = tableOf(list)!;
    expect(T.n).toBe(plain.length);
    expect(T.built.filter((x) => x !== undefined)).toHaveLength(0);
    const a = list[3];
    expect(list[3]).toBe(a);
    expect(T.built.filter((x) => x !== undefined)).toHaveLength(1);
    expect(list[plain.length]).toBeUndefined();
    expect(3 in list).toBe(true);
    expect(plain.length in list).toBe(false);
  });

  it('behaves as the plain array', () => {
    const list = attacks(new World(t));
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBe(plain.length);
    expect(list.map((a) => a.defender)).toEqual(plain.map((a) => a.defender));
    expect(list.filter((a) => a.inArc).length).toBe(plain.filter((a) => a.inArc).length);
    expect(list.find((a) => a.los !== 'clear')?.attacker).toBe(
      plain.find((a) => a.los !== 'clear')?.attacker,
    );
    expect([...list].map((a) => a.rangeMm)).toEqual(plain.map((a) => a.rangeMm));
    expect(list.slice(2, 5)).toEqual(plain.slice(2, 5));
    expect(Object.keys(list)).toEqual(Object.keys(plain));
    expect(isDeepStrictEqual(list, attacks(new World(t)))).toBe(true);
    expect(list).toEqual(plain);
    const sorted = attacks(new World(t));
    sorted.sort((a, b) => (a.rangeMm ?? 0) - (b.rangeMm ?? 0));
    expect(sorted.map((a) => a.rangeMm)).toEqual(
      [...plain].sort((a, b) => (a.rangeMm ?? 0) - (b.rangeMm ?? 0)).map((a) => a.rangeMm),
    );
    // a list that was changed no longer stands for its table (the drag re-judge reads the objects)
    expect(tableOf(sorted)).toBeUndefined();
  });
});

describe('the drag re-judge on the flat core', () => {
  const t = tableOfRecipe(11, 3, 5, 7, 0.4);
  const ship = t.ships[1];
  const steps = [1, 2, 3].map(
    (k): Table => ({
      ...t,
      ships: t.ships.map((s) =>
        s === ship ? { ...s, x: s.x + 40 * k, y: s.y - 25 * k, rotation: s.rotation + 7 * k } : s,
      ),
    }),
  );

  it('from a report that came as plain data (the worker), row by row and then from its own table', () => {
    const world = new World(t);
    let prev: Analysis = { world, report: plainReport(analyzeWorld(world)) };
    for (const next of steps) {
      prev = analyzeIncremental(prev, next);
      expect(tableOf(prev.report.attacks)).toBeDefined();
      expect(JSON.stringify(prev.report)).toBe(JSON.stringify(analyze(next)));
    }
  });

  it('judges afresh when a ship changes hands (the rows no longer line up)', () => {
    let prev = analyzeFull(t);
    const swapped: Table = {
      ...steps[0],
      ships: steps[0].ships.map((s) => (s.id === ship.id ? { ...s, player: s.player === 1 ? 2 : 1 } : s)),
    };
    prev = analyzeIncremental(prev, swapped);
    expect(JSON.stringify(prev.report)).toBe(JSON.stringify(analyze(swapped)));
  });
});

describe("attacksOf: one attacker's attacks", () => {
  it("are the report's entries with that attacker, in report order, on flat and plain lists; only those are built", () => {
    fc.assert(
      fc.property(
        fc.nat(100000),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 4 }),
        (seed, ships, squadrons) => {
          const t = tableOfRecipe(seed, ships, squadrons, 4, 0.2);
          const world = new World(t);
          const flat = attacks(world);
          const plain = attacksPlain(new World(t));
          const keys = [...new Set(plain.map((r) => r.attacker))];
          for (const key of keys) {
            const want = plain.filter((r) => r.attacker === key);
            const got = attacksOf(flat, key);
            expect(got.length).toBe(want.length);
            for (let k = 0; k < want.length; k++)
              expect(isDeepStrictEqual(plainReport(got[k]), plainReport(want[k]))).toBe(true);
            expect(attacksOf(plain, key)).toEqual(want);
          }
          // a fresh flat list: asking for one attacker builds that attacker's rows and no others
          const fresh = attacks(new World(t)),
            T = tableOf(fresh)!;
          if (keys.length) {
            const mine = attacksOf(fresh, keys[0]);
            expect(T.built.filter((b) => b !== undefined).length).toBe(mine.length);
          }
          expect(attacksOf(flat, 'no-such-side')).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });
});
