/**
 * Fuzzing at the limits: random tables near the 200-piece cap with up to MAX_PROPOSALS proposals,
 * with reserved names, dotted ids and huge ids dropped in, judged in process under a budget; and
 * the CLI process itself on such files (exit 0 or 2 only, one line and no stack trace on a
 * refusal, valid JSON on success, a bounded heap). Seeds vary from run to run (FUZZ_SEED repeats
 * one) and every failure names its seed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prng } from '../../../scripts/bench/tables';
import { OBSTACLE_TYPES } from '../../../src/model/catalog';
import { plainReport, type Report } from '../../../src/model/report';
import {
  MAX_PROPOSALS,
  MAX_TOTAL_PIECES,
  parseTableText,
  RESERVED_IDS,
  type Table,
  TableError,
} from '../../../src/model/table';
import { analyzeWorld } from '../../../src/rules/report/analyze';
import { Budget, type PartialNote } from '../../../src/rules/report/budget';
import { World } from '../../../src/rules/world';
import { cliArgs } from '../../cli-bundle';

const ROOT = join(__dirname, '..', '..', '..');
const SEED0 = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`limit fuzz seeds start at ${SEED0} (FUZZ_SEED=${SEED0} repeats this run)`);

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** A table near the caps: 150 to 205 pieces (some piled on one spot), up to MAX_PROPOSALS + 2 proposals, odd ids now and then. */
export function nearCapTable(seed: number): string {
  const r = prng(seed);
  const n = 150 + Math.floor(r() * 56);
  const spot = { x: 200 + r() * 1400, y: 100 + r() * 700 };
  const at = () =>
    r() < 0.3 ? { x: spot.x + r() * 20, y: spot.y + r() * 20 } : { x: r() * 1828.8, y: r() * 914.4 };
  const t = {
    format: 'armada-table/1',
    table: '3x6',
    ruleset: pick(r, ['seed', '1.6']),
    ships: [] as unknown[],
    squadrons: [] as unknown[],
    obstacles: [] as unknown[],
    tokens: [] as unknown[],
    proposals: [] as unknown[],
  };
  for (let i = 0; i < n; i++) {
    const k = r();
    if (k < 0.12)
      t.ships.push({
        id: `s${i}`,
        size: pick(r, ['small', 'medium', 'large']),
        player: 1 + Math.floor(r() * 2),
        ...at(),
        rotation: r() * 360,
        speed: 1,
      });
    else if (k < 0.7) t.squadrons.push({ id: `q${i}`, player: 1 + Math.floor(r() * 2), ...at() });
    else if (k < 0.9)
      t.obstacles.push({
        id: `o${i}`,
        type: pick(
          r,
          OBSTACLE_TYPES.filter((o) => !o.startsWith('exogorth')),
        ),
        ...at(),
        rotation: r() * 360,
      });
    else t.tokens.push({ id: `t${i}`, ...at(), radius: 12.5 });
  }
  const np = Math.floor(r() * (MAX_PROPOSALS + 3));
  const obstacleIds = (t.obstacles as { id: string }[]).map((o) => o.id);
  for (let i = 0; i < np; i++) {
    const kind = pick(r, ['setup', 'place-exogorth', 'move-obstacle']);
    if (kind === 'setup') t.proposals.push({ id: `p${i}`, kind });
    else if (kind === 'place-exogorth' || obstacleIds.length === 0) {
      t.proposals.push({
        id: `p${i}`,
        kind: 'place-exogorth',
        placedBy: 1,
        obstacle: { id: `e${i}`, type: 'exogorth-1', ...at(), rotation: r() * 360 },
      });
    } else
      t.proposals.push({
        id: `p${i}`,
        kind,
        obstacle: pick(r, obstacleIds),
        to: { ...at(), rotation: r() * 360 },
        maxDistance: 2,
      });
  }
  // now and then an id no table may use: a reserved name, a dot, or too long
  if (r() < 0.5) {
    const lists = [t.ships, t.squadrons, t.obstacles, t.tokens].filter((l) => l.length);
    const victim = pick(r, pick(r, lists)) as { id: string };
    victim.id = pick(r, [
      ...RESERVED_IDS,
      'isd.front',
      `${victim.id}.rear`,
      'x'.repeat(101),
      'y'.repeat(100),
    ]);
  }
  return JSON.stringify(t);
}

/**
 * A section the note does not name is whole (distances: one entry per pair of pieces); a cut one
 * holds no more than the pairs it judged allow, and a section judged later than a cut one is cut too.
 */
function expectSectionsConsistent(report: Report, table: Table, p: PartialNote | undefined, what: string) {
  const n = table.ships.length + table.squadrons.length + table.obstacles.length + table.tokens.length;
  const s = p?.sections ?? {};
  expect(report.distances.length, `${what}: distances`).toBe(
    s.distances ? s.distances.judged : (n * (n - 1)) / 2,
  );
  if (s.overlaps) expect(report.overlaps.length, `${what}: overlaps`).toBeLessThanOrEqual(s.overlaps.judged);
  if (s.collisions)
    expect(report.collisions!.length, `${what}: collisions`).toBeLessThanOrEqual(s.collisions.judged);
  if (s.attacks) expect(report.attacks.length, `${what}: attacks`).toBe(s.attacks.judged);
  // judged in this order: once one is cut, every later one that asks anything is cut too
  const order = ['distances', 'overlaps', 'collisions', 'attacks', 'proposals'] as const;
  const first = order.findIndex((k) => s[k]);
  if (first >= 0) {
    for (const k of order.slice(first + 1)) {
      const asked = k === 'proposals' ? table.proposals.length : k === 'attacks' ? p!.attacksAsked : -1;
      if (asked > 0) expect(s[k], `${what}: ${k} after a cut ${order[first]}`).toBeDefined();
    }
  }
}

describe('tables near the caps', () => {
  it('each is refused naming its field, or judged within its budget into a finite report (partial when cut)', () => {
    let analysed = 0,
      refused = 0,
      partial = 0,
      slowest = 0;
    const cases = Number(process.env.FUZZ_LIMIT_CASES ?? 8);
    for (let i = 0; i < cases; i++) {
      const seed = SEED0 + i;
      const text = nearCapTable(seed);
      let table;
      try {
        table = parseTableText(text);
      } catch (e) {
        if (!(e instanceof TableError)) throw new Error(`seed ${seed}: parsing threw ${(e as Error).stack}`);
        expect(e.message, `seed ${seed}`).not.toMatch(/\n/);
        expect(e.message.startsWith(`${e.path}: `), `seed ${seed}: ${e.message}`).toBe(true);
        refused++;
        continue;
      }
      const pieces =
        table.ships.length + table.squadrons.length + table.obstacles.length + table.tokens.length;
      expect(pieces, `seed ${seed}`).toBeLessThanOrEqual(MAX_TOTAL_PIECES);
      expect(table.proposals.length, `seed ${seed}`).toBeLessThanOrEqual(MAX_PROPOSALS);
      const t0 = performance.now();
      let report;
      try {
        report = plainReport(analyzeWorld(new World(table), new Budget(1500)));
      } catch (e) {
        throw new Error(`seed ${seed}: analysis of an accepted table threw ${(e as Error).stack}`);
      }
      slowest = Math.max(slowest, performance.now() - t0);
      const nums: number[] = [];
      JSON.stringify(report, (_k, v) => (typeof v === 'number' && nums.push(v), v));
      expect(nums.every(Number.isFinite), `seed ${seed}: a non-finite number`).toBe(true);
      expect(Object.keys(report.shapes).sort(), `seed ${seed}: a piece missing from shapes`).toEqual(
        [...table.ships, ...table.squadrons, ...table.obstacles, ...table.tokens].map((p) => p.id).sort(),
      );
      if (report.partial) {
        partial++;
        const p = report.partial as PartialNote;
        expect(report.attacks.length, `seed ${seed}`).toBe(p.attacksJudged);
        expect(report.proposals.length + p.proposalsNotJudged.length, `seed ${seed}`).toBe(
          table.proposals.length,
        );
        expect(
          Object.keys(p.sections).length,
          `seed ${seed}: a partial report names no cut section`,
        ).toBeGreaterThan(0);
        expectSectionsConsistent(report, table, p, `seed ${seed}`);
      } else {
        expect(report.proposals.length, `seed ${seed}`).toBe(table.proposals.length);
        expectSectionsConsistent(report, table, undefined, `seed ${seed}`);
      }
      analysed++;
    }
    console.log(
      `near the caps: ${analysed} judged (${partial} partial at a 1.5 s budget), ${refused} refused; slowest ${slowest.toFixed(0)} ms`,
    );
    expect(analysed + refused).toBe(cases);
  });
});

describe('the CLI process on such files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'armada-fuzz-cli-'));
  it('exits 0 with one JSON report or 2 with one line and no stack trace; never 1, never killed, heap capped at 768 MB', () => {
    const cases = Number(process.env.FUZZ_CLI_CASES ?? 3);
    for (let i = 0; i < cases; i++) {
      const seed = SEED0 + 500 + i;
      let text = nearCapTable(seed);
      if (i === cases - 1) text = text.slice(0, Math.floor(text.length * prng(seed)())); // cut short
      const f = join(dir, `t${seed}.json`);
      writeFileSync(f, text);
      const t0 = Date.now();
      const r = spawnSync(process.execPath, [...cliArgs('analyze'), '--budget', '3', f], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        maxBuffer: 1 << 30,
        env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=768' },
      });
      console.log(`seed ${seed}: exit ${r.status} in ${Date.now() - t0} ms, ${r.stdout.length} bytes out`);
      expect(r.signal, `seed ${seed}: killed`).toBeNull();
      expect([0, 2], `seed ${seed}: exit ${r.status}: ${r.stderr}`).toContain(r.status);
      expect(r.stderr, `seed ${seed}`).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
      if (r.status === 2) {
        expect(r.stdout).toBe('');
        expect(r.stderr.trimEnd().split('\n'), `seed ${seed}`).toHaveLength(1);
      } else {
        expect(JSON.parse(r.stdout).format, `seed ${seed}`).toBe('armada-report/1');
      }
    }
  });
});
