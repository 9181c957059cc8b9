/**
 * npm run --silent analyze -- [--budget SECONDS] FILE   (FILE may be - for standard input)
 * Prints the armada-report/1 JSON on standard output and exits 0; a file that is not a valid
 * table (or is larger than MAX_INPUT_BYTES) prints one line on standard error naming the
 * problem and exits 2. Work past the budget (default DEFAULT_BUDGET_S) is left out and the
 * report carries `partial` (a line on standard error says so too); the exit code stays 0.
 */
import { roundNumbers } from '../model/report';
import { Budget, cutSections } from '../rules/report/budget';
import { CATALOG, withMeasurements } from '../model/catalog';
import { fail, readTable } from './input';
import { judgeTable } from './judge-table';
import { type WriteGuard, writeJson } from './stream-json';

/** Seconds the whole run may take (the report is marked partial when work is left out to keep it). */
const DEFAULT_BUDGET_S = 10;
/** Of the budget, the part kept for writing the report (judging stops that long before the end). */
const WRITE_SHARE = 0.3;
const WRITE_MIN_MS = 300;
/** Writing stops cutting this long before the end: what follows the last check is short. */
const TAIL_MS = 300;
const USAGE =
  'usage: npm run --silent analyze -- [--budget SECONDS] FILE (a table file, or - for standard input)';

function parseArgs(argv: string[]): { file: string; budgetMs: number } {
  let budgetMs = DEFAULT_BUDGET_S * 1000;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const m = /^--budget(?:=(.*))?$/.exec(a);
    if (!m) {
      rest.push(a);
      continue;
    }
    const v = m[1] ?? argv[++i];
    const s = Number(v);
    if (v === undefined || v.trim() === '' || !Number.isFinite(s) || s <= 0 || s > 86400)
      fail(`--budget: expected seconds above 0 (at most 86400), got ${JSON.stringify(v ?? '')}`, 2);
    budgetMs = s * 1000;
  }
  if (rest.length !== 1) fail(USAGE, 2);
  return { file: rest[0], budgetMs };
}

async function main(argv: string[]): Promise<void> {
  const started = performance.now();
  const { file, budgetMs } = parseArgs(argv);
  // the photo's structure checked as the file is read; its fit is judged first, under the budget
  const read = await readTable(file, { photoFit: false });
  // The budget bounds the whole run once Node has started (reading, judging and writing): judging
  // stops WRITE_SHARE of it (at least WRITE_MIN_MS) before the end, and writing checks again
  // between attacks and between proposals, up to TAIL_MS before the end (what follows is short:
  // collisions, off-table, the notes). Starting Node and tsx comes before, outside it.
  const reserveMs = Math.max(WRITE_MIN_MS, budgetMs * WRITE_SHARE);
  const budget = new Budget(budgetMs, () => performance.now(), { start: started, reserveMs });
  const report = judgeTable(read, file, withMeasurements(CATALOG, read.measurements), budget, (line) =>
    process.stderr.write(line),
  );
  const judged = performance.now();
  const writeEnd = started + budgetMs - TAIL_MS;
  const guard: WriteGuard = {
    sections: new Set(['attacks', 'proposals']),
    over: () => performance.now() > writeEnd,
    cut(key, written) {
      if (key === 'attacks') budget.attacksJudged = Math.min(budget.attacksJudged, written);
      else {
        const gone = report.proposals.slice(written).map((p) => p.id);
        budget.proposalsNotJudged = [...gone, ...budget.proposalsNotJudged];
        budget.proposalsCut = budget.proposalsCut.filter((c) => !gone.includes(c.id));
      }
    },
  };
  // `partial`, the report's last key, is worked out as it is written: after any cut made while writing
  report.partial = { toJSON: () => budget.note() ?? undefined };
  // written piece by piece: a large report never becomes one string
  await writeJson(process.stdout, report, roundNumbers, guard);
  if (process.env.ARMADA_CLI_TIMING) {
    const at = (t: number) => `${Math.round(t - started)} ms`;
    process.stderr.write(
      `timing: Node started ${Math.round(started)} ms before the run; judged at ${at(judged)}, written at ` +
        `${at(performance.now())} of a budget of ${budgetMs} ms\n`,
    );
  }
  const p = budget.note();
  if (p) {
    process.stderr.write(
      `partial report: the budget of ${budgetMs / 1000} s ran out; ${p.attacksJudged} of ${p.attacksAsked} attacks ` +
        `judged, ` +
        `${p.proposalsNotJudged.length} proposals not judged; sections cut: ${cutSections(p)} (see "partial")\n`,
    );
  }
}

// a reader that stops early (`| head`) is no error: nothing more is written, and the exit is 0
const closedEarly = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'EPIPE';
process.stdout.on('error', (e) =>
  closedEarly(e) ? process.exit(0) : fail(`the report could not be written: ${e.message}`, 1),
);
main(process.argv.slice(2)).catch((e) =>
  closedEarly(e) ? process.exit(0) : fail(`analysis failed: ${(e as Error)?.message ?? e}`, 1),
);
