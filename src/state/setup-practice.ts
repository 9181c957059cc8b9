/**
 * Setup practice as it runs: the two fleets read from lists (a pasted one or a bundled reference
 * list), the setup game (src/rules/practice/setup-game.ts) and the worker that searches for the
 * app and rates the player's placements (setup-worker.ts), asked one thing at a time by promise.
 * Without workers the same functions run on the page.
 */
import { CATALOG, speedChart } from '../model/catalog';
import { readFleetList } from '../model/fleet-list';
import type { Player, Ship } from '../model/table';
import {
  appMove,
  nearestLegal,
  newSetupGame,
  type Placement,
  positionOf,
  rateMove,
  type SetupGame,
} from '../rules/practice/setup-game';
import { rateSetup } from '../rules/practice/setup-rating';
import type { SearchBudget } from '../rules/practice/setup-search';
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
