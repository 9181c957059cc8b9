/**
 * npm run --silent practice -- FILE SHIP [--cell MM] [--budget SECONDS]   (FILE may be - for standard input)
 * npm run --silent practice -- FILE --rate PLAYER [--seed N] [--budget S] ...: the setup rating (setup-rate.ts)
 * Prints the practice maps of ship SHIP on the table in FILE as one armada-practice/1 JSON object
 * (table-format.md, "Practice maps"): its reach ends (both rounds), the threat over the cells of its
 * reach (every in-arc, in-range attack of an enemy on the ship standing at the cell's centre at its
 * present heading) and the opportunity of every reach end (every in-arc, in-range attack the ship
 * could make from there), each pair as `analyze` reports it for the table with the ship moved there:
 * a cell's centre is exact in the output (cells are anchored to the table), and an opportunity is
 * judged at its end as printed (rounded to 0.01 mm and 0.01 degree), so either can be re-judged.
 * Bad input (not a table, no such ship, a ship without a speed chart, a bad option) prints one line
 * on standard error naming the problem and exits 2. Work past the budget (default DEFAULT_BUDGET_S)
 * is left out and the output carries `partial` (a line on standard error says so too).
 */
import { roundNumbers } from '../model/report';
import { PracticeJob } from '../rules/practice/maps';
import type { PairVerdict } from '../rules/practice/threat';
import { World } from '../rules/world';
import { fail, readTable } from './input';
import { rateMain } from './setup-rate';
import { writeJson } from './stream-json';

/** Seconds the whole run may take (the maps are marked partial when work is left out to keep it). */
const DEFAULT_BUDGET_S = 60;
/** Of the budget, the part kept for writing (judging stops that long before the end). */
const WRITE_SHARE = 0.1;
const WRITE_MIN_MS = 300;
const CELLS = [5, 10, 20];
/** Cells judged between looks at the clock, and reach ends. */
const CELL_STEP = 64;
const END_STEP = 8;
const USAGE =
  'usage: npm run --silent practice -- FILE SHIP [--cell 5|10|20] [--budget SECONDS] (FILE: a table file, ' +
  'or - for standard input; SHIP: the id of a ship on it)';

interface Args {
  file: string;
  ship: string;
  cellMm: number;
  budgetMs: number;
}

/** The value of option `name` at argv[i] (`--name=v` or `--name v`), or null when argv[i] is not it. */
function option(argv: string[], i: number, name: string): { v: string; next: number } | null {
  const m = new RegExp(`^--${name}(?:=(.*))?$`).exec(argv[i]);
  if (!m) return null;
  const v = m[1] ?? argv[i + 1];
  if (v === undefined) fail(`--${name}: expected a value`, 2);
  return { v, next: m[1] === undefined ? i + 1 : i };
}

function parseArgs(argv: string[]): Args {
  let budgetMs = DEFAULT_BUDGET_S * 1000;
  let cellMm = 5;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const b = option(argv, i, 'budget');
    const c = b ? null : option(argv, i, 'cell');
    if (b) {
      const s = Number(b.v);
      if (b.v.trim() === '' || !Number.isFinite(s) || s <= 0 || s > 86400)
        fail(`--budget: expected seconds above 0 (at most 86400), got ${JSON.stringify(b.v)}`, 2);
      budgetMs = s * 1000;
      i = b.next;
    } else if (c) {
      cellMm = Number(c.v);
      if (!CELLS.includes(cellMm)) fail(`--cell: expected 5, 10 or 20 (mm), got ${JSON.stringify(c.v)}`, 2);
      i = c.next;
    } else if (/^--./.test(argv[i])) fail(`${argv[i]}: unknown option; ${USAGE}`, 2);
    else rest.push(argv[i]);
  }
  if (rest.length !== 2) fail(USAGE, 2);
  return { file: rest[0], ship: rest[1], cellMm, budgetMs };
}

/** A pair as the practice format writes it (rangeMm an addition). */
const pairOut = (p: PairVerdict) => ({
  attacker: p.attacker,
  defender: p.defender,
  range: p.range,
  los: p.los,
  rangeMm: p.rangeMm,
});

/** The job for SHIP, or one line on standard error naming what is wrong with it (exit 2). */
function jobFor(world: World, ship: string, cellMm: number): PracticeJob {
  const e = world.byId.get(ship);
  if (!e || e.kind !== 'ship') {
    const ids = world.ships.map((s) => s.id);
    fail(
      `SHIP: no ship "${ship}" on the table` +
        (ids.length
          ? ` (its ships: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', ...' : ''})`
          : ' (it has none)'),
      2,
    );
  }
  try {
    return new PracticeJob(world, ship, { cellMm, over: 'reach' });
  } catch (e) {
    // a ship without a class (no speed chart) has no reach: the rules say which
    fail(`SHIP: ${(e as Error).message.replace(/^reach map: /, '')}`, 2);
  }
}

/** The threat cells in the grid's order, from where the job stands up to pass `upToPass` (or all), until `over`. */
function judgeCells(
  job: PracticeJob,
  threat: ReturnType<typeof cellOut>[],
  over: () => boolean,
  upToPass?: number,
) {
  const g = job.grid;
  while (!job.threatDone && !over()) {
    const before = job.cellsDone;
    const stop = Math.min(
      g.order.length,
      before + CELL_STEP,
      upToPass === undefined ? Infinity : g.passEnds[upToPass],
    );
    if (stop <= before) break;
    for (let n = before; n < stop; n++) {
      const k = g.order[n];
      const i = k % g.nx,
        j = (k - i) / g.nx;
      threat.push(cellOut(job, g.x0 + (i + 0.5) * g.cell, g.y0 + (j + 0.5) * g.cell));
    }
    job.cellsDone = stop;
  }
}

/** Every reach end's opportunity, from where the job stands, until `over`. */
function judgeEnds(
  job: PracticeJob,
  opportunity: { end: number; pairs: ReturnType<typeof pairOut>[] }[],
  over: () => boolean,
) {
  while (!job.opportunityDone && !over()) {
    const stop = Math.min(job.ends.length, job.endsDone + END_STEP);
    for (; job.endsDone < stop; job.endsDone++) {
      // judged where the output says the end is (to 0.01 mm and degree), so analyze on that pose agrees
      const f = roundNumbers(job.reach.ends[job.endsDone].final);
      const o = job.probe.opportunity({ x: f.x, y: f.y, rotation: f.rotation });
      opportunity.push({ end: job.endsDone, pairs: o.pairs.map(pairOut) });
    }
  }
}

/** The maps as the format writes them, with `partial` when the budget left work out. */
function mapsOut(job: PracticeJob, args: Args, threat: unknown[], opportunity: unknown[]) {
  const partial =
    job.threatDone && job.opportunityDone
      ? undefined
      : {
          budgetS: args.budgetMs / 1000,
          cellsJudged: job.cellsDone,
          cellsAsked: job.grid.order.length,
          endsJudged: job.endsDone,
          endsAsked: job.ends.length,
        };
  return {
    format: 'armada-practice/1',
    ship: args.ship,
    cellMm: args.cellMm,
    reach: {
      ends: job.ends.map((e, i) => ({
        index: i,
        round: e.round,
        parent: e.parent,
        speed: e.speed,
        speedUsed: e.speedUsed,
        side: e.side,
        clicks: e.clicks,
        final: { x: e.x, y: e.y, rotation: e.rotation },
        outcome: e.outcome,
      })),
    },
    threat: { over: 'reach', cells: threat },
    opportunity,
    ...(partial ? { partial } : {}),
  };
}

async function main(argv: string[]): Promise<void> {
  // --rate: the setup rating and the best next spot (setup-rate.ts)
  if (argv.some((a) => /^--rate(=|$)/.test(a))) return rateMain(argv);
  const started = performance.now();
  const args = parseArgs(argv);
  const table = await readTable(args.file);
  const job = jobFor(new World(table), args.ship, args.cellMm);
  const stopAt = started + args.budgetMs - Math.max(WRITE_MIN_MS, args.budgetMs * WRITE_SHARE);
  const over = () => performance.now() > stopAt;
  // the threat's coarse passes first, then every reach end's opportunity, then the finer cells
  const threat: ReturnType<typeof cellOut>[] = [];
  const opportunity: { end: number; pairs: ReturnType<typeof pairOut>[] }[] = [];
  judgeCells(job, threat, over, Math.max(0, job.grid.passEnds.length - 2));
  judgeEnds(job, opportunity, over);
  judgeCells(job, threat, over);
  const out = mapsOut(job, args, threat, opportunity);
  await writeJson(process.stdout, out, roundNumbers);
  const p = out.partial;
  if (p) {
    process.stderr.write(
      `partial maps: the budget of ${p.budgetS} s ran out; ${p.cellsJudged} of ${p.cellsAsked} threat cells and ` +
        `${p.endsJudged} of ${p.endsAsked} reach ends judged (see "partial")\n`,
    );
  }
}

/** One threat cell as the format writes it: its centre, its pairs, and what the ship there would overlap. */
function cellOut(job: PracticeJob, x: number, y: number) {
  const c = job.probe.threat(x, y);
  return {
    x,
    y,
    pairs: c.pairs.map(pairOut),
    ...(c.overlapsShips.length ? { overlapsShips: c.overlapsShips } : {}),
    ...(c.offTable ? { offTable: true } : {}),
  };
}

main(process.argv.slice(2)).catch((e) => fail(`practice maps failed: ${(e as Error)?.message ?? e}`, 1));
