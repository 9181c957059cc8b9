/**
 * The practice command as a user runs it, its maps re-judged with `analyze`: a Victory among
 * obstacles and an Executor among enemies (test/cli/tables/practice-*.json; the Executor with an
 * asteroid under its gap and a dust field under its front). For each, 40 sampled threat cells (most
 * of them with attacks) and 20 sampled opportunity ends are judged again by `analyze` on the table
 * with the ship moved there, and every pair (attacker, defender, range, los) must match, none left
 * out. Plus bad input: one line on standard error naming the problem, exit 2.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prng } from '../../scripts/bench/tables';
import { CATALOG } from '../../src/model/catalog';
import type { AttackReport } from '../../src/model/report';
import { type Obstacle, parseTableText, type Table } from '../../src/model/table';
import { rateSetup } from '../../src/rules/practice/setup-rating';
import { judgeDeploy } from '../../src/rules/setup/deploy';
import { judgeSetup } from '../../src/rules/setup/setup';
import { World } from '../../src/rules/world';
import { tableWithShipAt } from '../../src/rules/practice/moved';
import { analyze } from '../../src/rules/report/analyze';
import { cliArgs } from '../cli-bundle';

const ROOT = join(__dirname, '..', '..');
const CELLS = 40,
  ENDS = 20;

function run(args: string[], viaNpm = false, input?: string) {
  const [cmd, pre] = viaNpm
    ? ['npm', ['run', '--silent', 'practice', '--']]
    : [process.execPath, [...cliArgs('practice')]];
  const r = spawnSync(cmd, [...pre, ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Pair {
  attacker: string;
  defender: string;
  range: string;
  los: string;
}
const key = (p: Pair) => `${p.attacker} > ${p.defender}: ${p.range}, ${p.los}`;

/** What analyze lists between the ship and its enemies, in arc and in range, in the map's terms. */
function analysed(table: Table, ship: string, role: 'defend' | 'attack'): string[] {
  const mine = (k: string) => k.startsWith(`${ship}.`);
  return analyze(table, CATALOG)
    .attacks.filter((a: AttackReport) =>
      role === 'defend' ? mine(a.defender) && !mine(a.attacker) : mine(a.attacker) && !mine(a.defender),
    )
    .filter((a) => a.inArc && a.range !== 'beyond')
    .map(key)
    .sort();
}

/** n distinct indices of 0..len-1, drawn with a fixed seed; `prefer` ones first, as far as they go. */
function sample(len: number, n: number, seed: number, prefer: (i: number) => boolean): number[] {
  const rnd = prng(seed);
  const order = Array.from({ length: len }, (_, i) => i).sort(() => rnd() - 0.5);
  const good = order.filter(prefer),
    rest = order.filter((i) => !prefer(i));
  // three quarters with attacks where there are, the rest anywhere
  const k = Math.min(good.length, Math.ceil((n * 3) / 4));
  return [...good.slice(0, k), ...rest.slice(0, n - k), ...good.slice(k)].slice(0, n);
}

for (const [name, ship] of [
  ['practice-victory', 'vic'],
  ['practice-executor', 'exe'],
] as const) {
  describe(`npm run practice on ${name}.json ${ship}: every sampled pair as analyze has it`, () => {
    const file = join(ROOT, 'test/cli/tables', `${name}.json`);
    const table = parseTableText(readFileSync(file, 'utf8'));
    const r = run([file, ship, '--cell', '10']);
    const maps = r.code === 0 ? JSON.parse(r.out) : null;
    const rotation = table.ships.find((s) => s.id === ship)!.rotation;

    it('exit 0, one armada-practice/1 object, nothing on standard error, nothing left out for the budget', () => {
      expect([r.code, r.err]).toEqual([0, '']);
      expect(maps).toMatchObject({ format: 'armada-practice/1', ship, cellMm: 10 });
      expect(maps.partial).toBeUndefined();
      expect(maps.reach.ends.length).toBeGreaterThanOrEqual(ENDS);
      expect(maps.threat.cells.length).toBeGreaterThanOrEqual(CELLS);
      expect(maps.opportunity).toHaveLength(maps.reach.ends.length);
    });

    it(`${CELLS} sampled threat cells: the enemy's pairs as analyze has them with the ship there`, () => {
      const cells = maps.threat.cells as { x: number; y: number; pairs: Pair[] }[];
      const picked = sample(cells.length, CELLS, 7, (i) => cells[i].pairs.length > 0);
      let pairs = 0;
      for (const i of picked) {
        const c = cells[i];
        const want = analysed(tableWithShipAt(table, ship, { x: c.x, y: c.y, rotation }), ship, 'defend');
        expect(c.pairs.map(key).sort(), `cell (${c.x}, ${c.y})`).toEqual(want);
        pairs += want.length;
      }
      expect(pairs).toBeGreaterThan(CELLS);
    });

    it(`${ENDS} sampled opportunity ends: the ship's pairs as analyze has them with the ship at the end`, () => {
      const ends = maps.reach.ends as { final: { x: number; y: number; rotation: number } }[];
      const opp = maps.opportunity as { end: number; pairs: Pair[] }[];
      const picked = sample(opp.length, ENDS, 11, (i) => opp[i].pairs.length > 0);
      let pairs = 0;
      for (const i of picked) {
        const o = opp[i];
        const want = analysed(tableWithShipAt(table, ship, ends[o.end].final), ship, 'attack');
        expect(o.pairs.map(key).sort(), `end ${o.end}`).toEqual(want);
        pairs += want.length;
      }
      expect(pairs).toBeGreaterThan(ENDS);
    });
  });
}

describe('npm run practice: a budget that runs out', () => {
  it('the reach whole, what was not judged left out and named in partial, a line on standard error, exit 0', () => {
    // the budget counts from Node's start: 50 ms are gone before the table is read
    const r = run([join(ROOT, 'test/cli/tables/practice-victory.json'), 'vic', '--budget', '0.05']);
    expect(r.code).toBe(0);
    const maps = JSON.parse(r.out);
    expect(maps.reach.ends.length).toBeGreaterThan(0);
    expect(maps.partial).toMatchObject({ budgetS: 0.05, cellsJudged: maps.threat.cells.length });
    expect(maps.partial.cellsJudged).toBeLessThan(maps.partial.cellsAsked);
    expect(r.err).toMatch(/^partial maps: the budget of 0.05 s ran out; \d+ of \d+ threat cells/);
  });
});

describe('npm run practice: bad input, one line on standard error naming the problem, exit 2', () => {
  const file = join(ROOT, 'test/cli/tables/practice-victory.json');
  const refused = (args: string[], message: RegExp, viaNpm = false, input?: string) => {
    const r = run(args, viaNpm, input);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(message);
  };
  it('no such ship; a cell size the maps do not take; a missing file', () => {
    refused(
      [file, 'isd'],
      /^SHIP: no ship "isd" on the table \(its ships: vic, gla, mc80, cr90, neb\)/,
      true,
    );
    refused([file, 'vic', '--cell', '7'], /^--cell: expected 5, 10 or 20 \(mm\), got "7"/);
    refused([join(ROOT, 'nothing-here.json'), 'vic'], /nothing-here\.json: cannot read the file \(ENOENT\)/);
  });
  it('a ship without a speed chart, a bad budget, a missing argument', () => {
    const t = JSON.parse(readFileSync(file, 'utf8'));
    t.ships[0] = { ...t.ships[0], class: undefined, size: 'medium' };
    refused(
      ['-', 'vic'],
      /^SHIP: vic has no class, so every setting of the tool is a maneuver/,
      false,
      JSON.stringify(t),
    );
    refused(['-', 'vic', '--budget', '0'], /^--budget: expected seconds above 0/);
    refused([file], /^usage: npm run --silent practice -- FILE SHIP/);
  });
});

describe('npm run practice --rate: the setup rating and the best next spot, from a seed', () => {
  // a Victory at its edge, the enemy's Nebulon-B at speed 1 down the middle, an asteroid across its path
  const file = join(ROOT, 'test/cli/tables/setup-rate.json');
  const table = parseTableText(readFileSync(file, 'utf8'));
  const a = run([file, '--rate', '1', '--seed', '3', '--candidates', '60'], true);
  const out = a.code === 0 ? JSON.parse(a.out) : null;
  const legalWith = (o: Obstacle) =>
    judgeSetup(new World({ ...table, obstacles: [...table.obstacles, o] })).violations;

  it('exit 0, one armada-setup-rating/1 object: the rules rating of the table for the player', () => {
    expect([a.code, a.err]).toEqual([0, '']);
    const r = rateSetup({ table, pending: [] }, 1);
    expect(out).toMatchObject({ format: 'armada-setup-rating/1', player: 1, rating: r.rating, seed: 3 });
    expect(out.enemy).toEqual(r.enemy);
    expect(out.enemy.onObstacles).toBeGreaterThan(0);
  });

  it('the next obstacle: one the table lacks, legal by the setup rules, the same from the same seed', () => {
    expect(out.next).toMatchObject({ kind: 'obstacle', drawn: 60, cut: 'candidates', seed: 3 });
    expect(out.next.type).not.toBe('asteroid-b');
    const o = {
      id: out.next.piece,
      type: out.next.type,
      x: out.next.x,
      y: out.next.y,
      rotation: out.next.rotation,
    };
    expect(legalWith(o)).toEqual([]);
    const again = JSON.parse(run([file, '--rate', '1', '--seed', '3', '--candidates', '60']).out);
    expect({ ...again.next, ms: 0 }).toEqual({ ...out.next, ms: 0 });
  });

  it("player 2's rating is player 1's negated; --deploy searches a legal deployment for a ship", () => {
    const b = JSON.parse(run([file, '--rate', '2', '--seed', '3', '--candidates', '1']).out);
    expect(b.rating).toBeCloseTo(-out.rating, 6);
    const d = run([file, '--rate', '1', '--deploy', 'vic', '--seed', '4', '--candidates', '3']);
    expect(d.code).toBe(0);
    const n = JSON.parse(d.out).next;
    expect(n).toMatchObject({ kind: 'deploy', piece: 'vic' });
    const vic = { ...table.ships[0], x: n.x, y: n.y, rotation: n.rotation };
    const rest = { ...table, ships: table.ships.filter((s) => s.id !== 'vic') };
    const r = judgeDeploy(new World(rest), { id: 'd', kind: 'deploy', ship: vic, to: vic });
    expect(r.violations, r.why).toEqual([]);
  });

  it('bad input: one line on standard error naming the problem, exit 2', () => {
    for (const [args, message] of [
      [[file, '--rate', '3'], /^--rate: expected the player, 1 or 2, got "3"/],
      [
        [file, '--rate', '1', '--deploy', 'isd'],
        /^--deploy: no ship "isd" on the table \(its ships: vic, neb\)/,
      ],
      [[file, '--rate', '1', '--deploy', 'neb'], /^--deploy: neb is player 2's ship/],
      [[file, '--rate', '1', '--seed', 'x'], /^--seed: expected a whole number/],
    ] as const) {
      const r = run([...args]);
      expect([r.code, r.out]).toEqual([2, '']);
      expect(r.err.trimEnd().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(message);
    }
  });
});
