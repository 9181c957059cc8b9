/**
 * npm run --silent practice -- FILE --rate PLAYER [--seed N] [--budget SECONDS] [--candidates N] [--deploy SHIP]
 * Prints one armada-setup-rating/1 JSON object (docs/table-format.md, "Setup rating"): the rating of
 * the table's setup for PLAYER (1 or 2) as docs/readings.md defines it, with its figures, and the
 * best spot the seeded search found for PLAYER's next obstacle (one of the core set's six not yet
 * on the table) or, with --deploy SHIP, for deploying that ship (taken off the table and searched for
 * in its player's deployment zone). The same seed gives the same answer while the candidate count,
 * not the time, ends the search (`cut` says which did). Bad input prints one line on standard error
 * naming the problem and exits 2.
 */
import type { ObstacleType } from '../model/catalog';
import { CORE_OBSTACLES, type Player, type Table } from '../model/table';
import { evaluate, ratingOf, type SetupPosition } from '../rules/practice/setup-rating';
import { bestDeploySpot, bestObstacleSpot, type SearchResult } from '../rules/practice/setup-search';
import { fail, readTable } from './input';
import { writeJson } from './stream-json';
import { roundNumbers } from '../model/report';

const USAGE =
  'usage: npm run --silent practice -- FILE --rate PLAYER [--seed N] [--budget SECONDS] [--candidates N] ' +
  '[--deploy SHIP] (PLAYER: 1 or 2)';
/** The search's budget unless told: seconds, and candidates for an obstacle and for a deployment. */
export const RATE_BUDGET_S = 30;
export const OBSTACLE_CANDIDATES = 200;
export const DEPLOY_CANDIDATES = 12;

interface RateArgs {
  file: string;
  player: Player;
  seed: number;
  budgetMs: number;
  candidates?: number;
  deploy?: string;
}

function wholeNumber(name: string, v: string | undefined, min: number, max: number): number {
  const n = Number(v);
  if (v === undefined || v.trim() === '' || !Number.isInteger(n) || n < min || n > max)
    fail(`--${name}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(v ?? '')}`, 2);
  return n;
}

function parseRateArgs(argv: string[]): RateArgs {
  const got: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(rate|seed|budget|candidates|deploy)(?:=(.*))?$/.exec(argv[i]);
    if (m) {
      const v = m[2] ?? argv[++i];
      if (v === undefined) fail(`--${m[1]}: expected a value; ${USAGE}`, 2);
      got[m[1]] = v;
    } else if (/^--./.test(argv[i])) fail(`${argv[i]}: unknown option with --rate; ${USAGE}`, 2);
    else rest.push(argv[i]);
  }
  if (rest.length !== 1) fail(USAGE, 2);
  if (got.rate !== '1' && got.rate !== '2')
    fail(`--rate: expected the player, 1 or 2, got ${JSON.stringify(got.rate)}`, 2);
  let budgetMs = RATE_BUDGET_S * 1000;
  if (got.budget !== undefined) {
    const s = Number(got.budget);
    if (got.budget.trim() === '' || !Number.isFinite(s) || s <= 0 || s > 86400)
      fail(`--budget: expected seconds above 0 (at most 86400), got ${JSON.stringify(got.budget)}`, 2);
    budgetMs = s * 1000;
  }
  return {
    file: rest[0],
    player: Number(got.rate) as Player,
    seed: got.seed === undefined ? 1 : wholeNumber('seed', got.seed, 0, 2 ** 32 - 1),
    budgetMs,
    ...(got.candidates !== undefined
      ? { candidates: wholeNumber('candidates', got.candidates, 1, 100_000) }
      : {}),
    ...(got.deploy !== undefined ? { deploy: got.deploy } : {}),
  };
}

/** The position rated: the table as it is, or with the ship to deploy taken off it. */
function positionFor(table: Table, args: RateArgs): SetupPosition {
  if (!args.deploy) return { table, pending: [] };
  const s = table.ships.find((x) => x.id === args.deploy);
  if (!s) {
    const ids = table.ships.map((x) => x.id);
    fail(`--deploy: no ship "${args.deploy}" on the table (its ships: ${ids.join(', ') || 'none'})`, 2);
  }
  if (s.player !== args.player)
    fail(`--deploy: ${s.id} is player ${s.player}'s ship; the rating asked is player ${args.player}'s`, 2);
  return { table: { ...table, ships: table.ships.filter((x) => x !== s) }, pending: [s] };
}

function searchNext(
  pos: SetupPosition,
  args: RateArgs,
  ev: ReturnType<typeof evaluate>,
): SearchResult | null {
  const ms = args.budgetMs;
  if (args.deploy) {
    const budget = { candidates: args.candidates ?? DEPLOY_CANDIDATES, ms };
    return bestDeploySpot(pos, args.player, args.deploy, args.seed, budget, ev);
  }
  const placed = pos.table.obstacles.map((o) => o.type);
  const left = CORE_OBSTACLES.filter((t) => !placed.includes(t));
  if (!left.length) return null;
  const ids = new Set(pos.table.obstacles.map((o) => o.id));
  const next = left.map((t: ObstacleType) => ({ id: ids.has(t) ? `${t}-next` : t, type: t }));
  return bestObstacleSpot(
    pos,
    args.player,
    next,
    args.seed,
    { candidates: args.candidates ?? OBSTACLE_CANDIDATES, ms },
    ev,
  );
}

export async function rateMain(argv: string[]): Promise<void> {
  const args = parseRateArgs(argv);
  const table = await readTable(args.file);
  const pos = positionFor(table, args);
  let ev;
  try {
    ev = evaluate(pos);
  } catch (e) {
    fail((e as Error).message, 2);
  }
  // the rating of the table as given (the ship to deploy where the file has it)
  const rating = args.deploy
    ? ratingOf(evaluate({ table, pending: [] }), args.player)
    : ratingOf(ev, args.player);
  const next = searchNext(pos, args, ev);
  const out = {
    format: 'armada-setup-rating/1',
    ...rating,
    next:
      next ??
      (args.deploy
        ? null
        : { none: 'all six obstacles of the core set are on the table; name a ship with --deploy SHIP' }),
    seed: args.seed,
  };
  await writeJson(process.stdout, out, roundNumbers);
}
