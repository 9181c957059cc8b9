/**
 * The CLI's budget bounds the run: for each heavy family (a pile, fans, setups,
 * exogorths, purrgil rounds; test/support/heavy.ts) at budgets of 1, 3 and 10 s: exit 0, every
 * cut named in `partial` (sections, proposals not judged, proposals cut inside), the entries kept
 * the first ones in order, and, when nothing was cut, byte for byte the report without a budget.
 * Wall times are printed (never asserted: a shared machine). The whole matrix runs with
 * ARMADA_BUDGET_MATRIX=1 (some minutes); without it, one heavy run and one run that cuts nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAVY } from '../support/heavy';
import { cliArgs } from '../cli-bundle';

const ROOT = join(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'armada-budget-'));
const FULL = !!process.env.ARMADA_BUDGET_MATRIX;

type Json = Record<string, unknown>;
interface Run {
  code: number | null;
  out: string;
  err: string;
  wallMs: number;
  runMs: number | null;
  startMs: number | null;
}

function run(file: string, budgetS: number): Run {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [...cliArgs('analyze'), '--budget', String(budgetS), file], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 1 << 30,
    env: { ...process.env, ARMADA_CLI_TIMING: '1' },
  });
  const wallMs = Date.now() - t0;
  const m = /timing: Node started (\d+) ms before the run; judged at \d+ ms, written at (\d+) ms/.exec(
    r.stderr,
  );
  return {
    code: r.status,
    out: r.stdout,
    err: r.stderr,
    wallMs,
    startMs: m ? Number(m[1]) : null,
    runMs: m ? Number(m[2]) : null,
  };
}

/** Every cut named, and what is kept is what `partial` says: the first entries, in order. */
function checkCuts(name: string, table: Json, report: Json) {
  const p = report.partial as
    | {
        sections: Record<string, { judged: number; asked: number }>;
        proposalsNotJudged: string[];
        proposalsCut?: { id: string; of: string; judged: number; asked: number }[];
        attacksJudged: number;
      }
    | undefined;
  const ids = (table.proposals as { id: string }[]).map((x) => x.id);
  const props = report.proposals as { id: string; why?: string; maneuvers?: unknown[]; moves?: unknown[] }[];
  // proposals: the first ones, the rest named as not judged
  expect(
    props.map((x) => x.id),
    name,
  ).toEqual(ids.slice(0, props.length));
  expect(p?.proposalsNotJudged ?? [], name).toEqual(ids.slice(props.length));
  // a proposal cut inside says so in its why and is named in partial, and the other way round
  const cutInside = new Set((p?.proposalsCut ?? []).map((c) => c.id));
  for (const x of props)
    expect(String(x.why ?? '').startsWith('Cut by the budget'), `${name}: ${x.id}`).toBe(cutInside.has(x.id));
  for (const c of p?.proposalsCut ?? []) {
    const x = props.find((q) => q.id === c.id)!;
    if (c.of === 'maneuvers') expect(x.maneuvers).toHaveLength(c.judged);
    if (c.of === 'moves') expect(x.moves).toHaveLength(c.judged);
    expect(c.judged).toBeLessThan(c.asked);
  }
  if (!p) return;
  if (p.sections.attacks) expect((report.attacks as unknown[]).length, name).toBe(p.sections.attacks.judged);
  if (p.sections.distances)
    expect((report.distances as unknown[]).length, name).toBe(p.sections.distances.judged);
  if (p.sections.proposals)
    expect(p.sections.proposals, name).toEqual({ judged: props.length, asked: ids.length });
  expect(p.attacksJudged).toBe((report.attacks as unknown[]).length);
}

const whole = new Map<string, string>();
function unbudgeted(name: string, file: string): string {
  if (!whole.has(name)) {
    const r = run(file, 86400);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).partial, `${name} unbudgeted`).toBeUndefined();
    whole.set(name, r.out);
  }
  return whole.get(name)!;
}

function matrix(families: [string, Json][], budgets: number[]) {
  for (const [name, table] of families) {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(table));
    for (const b of budgets) {
      it(`${name} at --budget ${b}: exit 0, every cut named, the kept entries the first ones; whole = unbudgeted bytes`, () => {
        const r = run(file, b);
        expect(r.code, r.err).toBe(0);
        const report = JSON.parse(r.out) as Json;
        checkCuts(name, table, report);
        const p = report.partial as
          | { sections: Record<string, { judged: number; asked: number }>; proposalsCut?: unknown[] }
          | undefined;
        const cut = p
          ? Object.entries(p.sections)
              .map(([k, c]) => `${k} ${c.judged}/${c.asked}`)
              .join(', ') + (p.proposalsCut?.length ? `; inside: ${JSON.stringify(p.proposalsCut)}` : '')
          : 'nothing cut';
        console.log(
          `${name} --budget ${b}: wall ${r.wallMs} ms (Node and tsx starting: ${r.startMs} ms; the run itself: ${r.runMs} ms, ${r.runMs !== null && r.runMs <= b * 1000 ? 'within' : 'PAST'} the budget;` +
            ` wall ${r.wallMs <= b * 1000 + 1000 ? 'within' : 'past'} budget + 1 s); ${r.out.length} bytes; ${cut}`,
        );
        if (!p)
          expect(r.out, `${name}: nothing cut, so the bytes of the unbudgeted report`).toBe(
            unbudgeted(name, file),
          );
      }, 900_000);
    }
  }
}

describe('the budget bounds every heavy family', () => {
  if (FULL) {
    matrix(
      Object.entries(HEAVY).map(([k, f]) => [k, f()]),
      [1, 3, 10],
    );
    // small ones that fit: nothing cut, byte for byte the unbudgeted report
    matrix(
      [
        ['fans-light', HEAVY.fans(2, true)],
        ['exogorths-2', HEAVY.exogorths(2)],
        ['purrgilRounds-light', HEAVY.purrgilRounds(2, true)],
        ['setups-light', HEAVY.setups(2, true)],
      ],
      [10],
    );
  } else {
    matrix([['exogorths', HEAVY.exogorths()]], [1]);
    matrix([['purrgilRounds-light', HEAVY.purrgilRounds(1, true)]], [10]);
  }
});
