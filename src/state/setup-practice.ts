/**
 * Setup practice as it runs: the two fleets read from lists (a pasted one or a bundled reference
 * list), the setup game (src/rules/practice/setup-game.ts) and the worker that searches for the
 * app and rates the player's placements (setup-worker.ts), asked one thing at a time by promise.
 * Without workers the same functions run on the page.
 */
import { CATALOG, speedChart } from '../model/catalog';
import { readFleetList } from '../model/fleet-list';
import { type Player, type Ship, validateTable } from '../model/table';
import {
  appMove,
  nearestLegal,
  newSetupGame,
  type Placement,
  positionOf,
  rateMove,
  type SetupGame,
  type SetupMove,
} from '../rules/practice/setup-game';
import { rateSetup, type SetupRating } from '../rules/practice/setup-rating';
import type { SearchBudget, SearchResult } from '../rules/practice/setup-search';
import type { SetupReply, SetupRequest } from './setup-worker';

/**
 * The search's budget in the app, for the app's move and beside a player's placement: candidates
 * and milliseconds (an obstacle is rated by its outline, a deployment by the ship's reach afresh).
 */
export const APP_BUDGET: Record<'obstacle' | 'deploy', SearchBudget> = {
  obstacle: { candidates: 160, ms: 1000 },
  deploy: { candidates: 6, ms: 800 },
};

export interface FleetShips {
  ships: Ship[];
  /** ships of the list left out: no class known, or none with a speed chart */
  skipped: string[];
  name: string;
}

/** A list's ships for one player: ids from their names (p1-..., p2-...), each at speed 2 (or its top). */
export function fleetShips(text: string, player: Player): FleetShips {
  const r = readFleetList(text);
  const ships: Ship[] = [];
  const skipped: string[] = [];
  const ids = new Set<string>();
  for (const s of r.ships) {
    const chart = s.class ? speedChart(CATALOG, s.class) : null;
    if (!s.class || !chart) {
      skipped.push(s.name);
      continue;
    }
    const base = `p${player}-${
      s.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'ship'
    }`;
    let id = base;
    for (let k = 2; ids.has(id); k++) id = `${base}-${k}`;
    ids.add(id);
    const size = CATALOG.shipClasses[s.class].size as Ship['size'];
    ships.push({
      id,
      name: s.name,
      class: s.class,
      size,
      player,
      x: 0,
      y: 0,
      rotation: 0,
      speed: Math.min(2, chart.length),
    });
  }
  return { ships, skipped, name: r.name ?? 'the list' };
}

/** A setup against the app with the player as player 1 (the near edge). */
export function startSetup(mine: Ship[], theirs: Ship[], playerFirst: boolean): SetupGame {
  return newSetupGame([...mine, ...theirs], playerFirst ? 1 : 2);
}

export { nearestLegal };

type Ask =
  | { kind: 'prepare'; game: SetupGame }
  | { kind: 'rate'; game: SetupGame; placement: Placement; seed: number; budget: SearchBudget }
  | { kind: 'app'; game: SetupGame; seed: number; budget: SearchBudget }
  | { kind: 'final'; game: SetupGame };

/** The search, in a worker when one starts: each request answered by a promise, in order. */
export class SetupSearchClient {
  private worker: Worker | null = null;
  private seq = 0;
  private waiting = new Map<number, (r: SetupReply) => void>();
  /** requests sent and how long the last of each kind took in the worker, ms */
  readonly took: Record<string, number> = {};

  constructor() {
    try {
      this.worker = new Worker(new URL('./setup-worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (ev: MessageEvent<SetupReply>) => {
        const f = this.waiting.get(ev.data.seq);
        this.waiting.delete(ev.data.seq);
        f?.(ev.data);
      };
    } catch {
      this.worker = null;
    }
  }

  get inWorker(): boolean {
    return this.worker !== null;
  }

  ask(a: Ask): Promise<SetupReply> {
    const seq = ++this.seq;
    if (!this.worker) return Promise.resolve(onPage(seq, a));
    return new Promise((resolve) => {
      this.waiting.set(seq, (r) => {
        if ('ms' in r) this.took[r.kind] = r.ms;
        resolve(r);
      });
      this.worker!.postMessage({ seq, ...a } as SetupRequest);
    });
  }

  stop() {
    this.worker?.terminate();
    this.worker = null;
    for (const f of this.waiting.values()) f({ seq: -1, kind: 'error', error: 'stopped' });
    this.waiting.clear();
  }
}

/** The same answers on the page, where no worker starts. */
function onPage(seq: number, a: Ask): SetupReply {
  const t0 = performance.now();
  try {
    if (a.kind === 'prepare') return { seq, kind: 'prepared', ms: 0 };
    if (a.kind === 'rate')
      return { seq, kind: 'rated', ms: 0, ...rateMove(a.game, a.placement, a.seed, a.budget) };
    if (a.kind === 'app') return { seq, kind: 'app', ms: 0, move: appMove(a.game, a.seed, a.budget) };
    return { seq, kind: 'final', ms: performance.now() - t0, rating: rateSetup(positionOf(a.game), 1) };
  } catch (e) {
    return { seq, kind: 'error', error: String((e as Error)?.message ?? e) };
  }
}

/**
 * Setup practice under way as a reload of the tab finds it (src/state/practice-kept.ts): the game as it
 * stands (its moves with their ratings: nothing is searched again), the choices of the first screen, the
 * piece chosen and where it was put, and what the bar said last.
 */
export interface SetupKept {
  phase: 'choose' | 'play' | 'done' | 'replay';
  choice: { mine: string; theirs: string; pasted: { mine: string; theirs: string }; first: boolean };
  game: SetupGame | null;
  /** the seed of the app's next search */
  seed: number;
  pick: { kind: 'obstacle' | 'deploy'; piece: string } | null;
  cand: Placement | null;
  rated: { rating: SetupRating; best: SearchResult | null; ms: number } | null;
  lastApp: SetupMove | null;
  final: SetupRating | null;
  replayAt: number;
  note: string | null;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isRating = (x: unknown) => isRecord(x) && isNum(x.rating);
const isPlacement = (x: unknown): x is Record<string, unknown> =>
  isRecord(x) && typeof x.piece === 'string' && isNum(x.x) && isNum(x.y) && isNum(x.rotation);
const isMove = (x: unknown) =>
  isPlacement(x) &&
  (x.by === 1 || x.by === 2) &&
  isRating(x.rating) &&
  (x.best === null || isPlacement(x.best));

/** The game a kept record holds, its table and ships read as a table file's; else an error saying why. */
function keptGame(g: unknown): SetupGame {
  if (!isRecord(g) || !isRecord(g.table) || !Array.isArray(g.pending) || !Array.isArray(g.moves))
    throw new Error('its game is not one');
  if (g.first !== 1 && g.first !== 2) throw new Error('its first player is not one');
  const t = g.table as { ships?: unknown };
  // the ships still to deploy read as the table's own, to be read as ships
  const read = validateTable({ ...t, ships: [...(Array.isArray(t.ships) ? t.ships : []), ...g.pending] });
  if (!g.moves.every(isMove)) throw new Error('a move of its game is not one');
  if (g.moves.length !== read.obstacles.length + read.ships.length - g.pending.length)
    throw new Error('its moves are not the pieces on its table');
  return g as unknown as SetupGame;
}

/** A kept setup practice read back, or an error naming what is wrong with the record. */
export function readSetupKept(x: unknown): SetupKept {
  if (!isRecord(x)) throw new Error('no setup practice was kept');
  const { phase, choice, seed, pick, cand, rated, lastApp, final, replayAt, note } = x;
  if (phase !== 'choose' && phase !== 'play' && phase !== 'done' && phase !== 'replay')
    throw new Error('its phase is not one');
  const c = choice as SetupKept['choice'];
  const okChoice =
    isRecord(c) &&
    typeof c.mine === 'string' &&
    typeof c.theirs === 'string' &&
    isRecord(c.pasted) &&
    typeof c.pasted.mine === 'string' &&
    typeof c.pasted.theirs === 'string' &&
    typeof c.first === 'boolean';
  if (!okChoice) throw new Error('its choice of fleets is not one');
  const game = phase === 'choose' && x.game === null ? null : keptGame(x.game);
  const ok =
    isNum(seed) &&
    Number.isInteger(replayAt) &&
    (note === null || typeof note === 'string') &&
    (pick === null ||
      (isRecord(pick) &&
        (pick.kind === 'obstacle' || pick.kind === 'deploy') &&
        typeof pick.piece === 'string')) &&
    (cand === null || isPlacement(cand)) &&
    (rated === null || (isRecord(rated) && isRating(rated.rating) && isNum(rated.ms))) &&
    (lastApp === null || isMove(lastApp)) &&
    (final === null || isRating(final));
  if (!ok) throw new Error('what its bar showed is not readable');
  return { ...(x as unknown as SetupKept), game };
}
