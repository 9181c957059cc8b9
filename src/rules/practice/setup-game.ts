/**
 * A setup played against the app: the turns of the setup rules (reference section 1 and 10) over
 * two fleets' ships and the six obstacles of a core set. The second player places the first
 * obstacle and the players alternate until all six are down; then the first player deploys first
 * and the players alternate, one ship a turn (squadrons are left out of this practice), a player
 * with no ship left passing. Each move keeps its rating for the player who made it and the best
 * spot the search found for that player at that turn, so the setup can be replayed move by move.
 */
import type { ObstacleType } from '../../model/catalog';
import { CORE_OBSTACLES, emptyTable, type Player, type Ship, type Table } from '../../model/table';
import {
  bestDeploySpot,
  bestObstacleSpot,
  rateDeployment,
  type SearchBudget,
  type SearchResult,
} from './setup-search';
import { evaluate, type Evaluation, ratingOf, type SetupPosition, type SetupRating } from './setup-rating';
import { obstacleOutline } from '../../model/pieces';
import { judgeDeploy } from '../setup/deploy';
import { judgeSetup } from '../setup/setup';
import { World } from '../world';

export interface SetupMove {
  by: Player;
  kind: 'obstacle' | 'deploy';
  /** the obstacle's id (its type) or the ship's */
  piece: string;
  type?: ObstacleType;
  x: number;
  y: number;
  rotation: number;
  /** the rating for the mover of the position after this move */
  rating: SetupRating;
  /** the best spot the search found for the mover at this turn (the same obstacle, or the same ship) */
  best: SearchResult | null;
  /** made by the app */
  app: boolean;
}

export interface SetupGame {
  /** the obstacles placed and the ships deployed so far */
  table: Table;
  /** the ships still to deploy (their place is not yet theirs) */
  pending: Ship[];
  /** the first player (who deploys first; the other places the first obstacle) */
  first: Player;
  moves: SetupMove[];
}

export type SetupTurn =
  | { kind: 'obstacle'; player: Player; types: ObstacleType[] }
  | { kind: 'deploy'; player: Player; ships: string[] }
  | null;

const other = (p: Player): Player => (p === 1 ? 2 : 1);

/** A setup about to start: an empty 3'x6' table, both fleets' ships to deploy. */
export function newSetupGame(ships: Ship[], first: Player): SetupGame {
  const table = emptyTable('3x6');
  return { table, pending: ships, first, moves: [] };
}

export function positionOf(g: SetupGame): SetupPosition {
  return { table: g.table, pending: g.pending };
}

/** Whose turn it is and what they may place, or null when setup is over. */
export function nextTurn(g: SetupGame): SetupTurn {
  const placed = g.table.obstacles.map((o) => o.type);
  const left = CORE_OBSTACLES.filter((t) => !placed.includes(t));
  if (left.length) {
    const player = placed.length % 2 === 0 ? other(g.first) : g.first;
    return { kind: 'obstacle', player, types: [...left] };
  }
  if (!g.pending.length) return null;
  const deploys = g.moves.filter((m) => m.kind === 'deploy');
  const last = deploys.length ? deploys[deploys.length - 1].by : other(g.first);
  for (const player of [other(last), last]) {
    const ships = g.pending.filter((s) => s.player === player).map((s) => s.id);
    if (ships.length) return { kind: 'deploy', player, ships };
  }
  return null;
}

/** The game after a move (its rating and best spot already worked out: `rateMove`). */
export function applyMove(g: SetupGame, m: SetupMove): SetupGame {
  if (m.kind === 'obstacle') {
    const o = { id: m.piece, type: m.type!, x: m.x, y: m.y, rotation: m.rotation };
    return { ...g, table: { ...g.table, obstacles: [...g.table.obstacles, o] }, moves: [...g.moves, m] };
  }
  const s = g.pending.find((p) => p.id === m.piece);
  if (!s) throw new Error(`setup: ${m.piece} is not a ship still to deploy`);
  return {
    ...g,
    table: { ...g.table, ships: [...g.table.ships, { ...s, x: m.x, y: m.y, rotation: m.rotation }] },
    pending: g.pending.filter((p) => p !== s),
    moves: [...g.moves, m],
  };
}

export interface Placement {
  piece: string;
  type?: ObstacleType;
  x: number;
  y: number;
  rotation: number;
}

/**
 * The rating of a placement for the player whose turn it is, and the best spot the search finds
 * for the same piece from the same position (`ev`: the position's evaluation, when already made).
 */
export function rateMove(
  g: SetupGame,
  p: Placement,
  seed: number,
  budget: SearchBudget,
  ev: Evaluation = evaluate(positionOf(g)),
): { rating: SetupRating; best: SearchResult | null } {
  const turn = nextTurn(g);
  if (!turn) throw new Error('setup: the setup is over');
  const pos = positionOf(g);
  if (turn.kind === 'obstacle') {
    const type = p.type ?? (p.piece as ObstacleType);
    const outline = obstacleOutline(ev.world.catalog, { type, x: p.x, y: p.y, rotation: p.rotation });
    const best = bestObstacleSpot(pos, turn.player, [{ id: p.piece, type }], seed, budget, ev);
    return { rating: ratingOf(ev, turn.player, outline), best };
  }
  const best = bestDeploySpot(pos, turn.player, p.piece, seed, budget, ev);
  return { rating: rateDeployment(ev, turn.player, p.piece, p).rating, best };
}

/** The app's move at its turn: the best spot its search finds (any obstacle left, or any ship left). */
export function appMove(
  g: SetupGame,
  seed: number,
  budget: SearchBudget,
  ev: Evaluation = evaluate(positionOf(g)),
): SetupMove {
  const turn = nextTurn(g);
  if (!turn) throw new Error('setup: the setup is over');
  const pos = positionOf(g);
  const best =
    turn.kind === 'obstacle'
      ? bestObstacleSpot(
          pos,
          turn.player,
          turn.types.map((t) => ({ id: t, type: t })),
          seed,
          budget,
          ev,
        )
      : bestOfShips(pos, turn.player, turn.ships, seed, budget, ev);
  if (!best)
    throw new Error(`setup: the search found no legal spot for player ${turn.player}'s ${turn.kind}`);
  return {
    by: turn.player,
    kind: turn.kind,
    piece: best.piece,
    ...(best.type ? { type: best.type } : {}),
    x: best.x,
    y: best.y,
    rotation: best.rotation,
    rating: best.rating,
    best,
    app: true,
  };
}

/** The best deployment of any of the ships, the budget shared between them. */
function bestOfShips(
  pos: SetupPosition,
  player: Player,
  ships: string[],
  seed: number,
  budget: SearchBudget,
  ev: Evaluation,
): SearchResult | null {
  const n = Math.min(ships.length, 3);
  const share = {
    candidates: Math.max(1, Math.floor(budget.candidates / n)),
    ms: budget.ms / n,
  };
  let best: SearchResult | null = null;
  for (const id of ships.slice(0, n)) {
    const r = bestDeploySpot(pos, player, id, seed, share, ev);
    if (r && (!best || r.rating.rating > best.rating.rating)) best = r;
  }
  return best;
}

/**
 * What the setup rules say of a placement at the turn: null when legal, else the first broken rule
 * in the rules' own words (judgeSetup for an obstacle, judgeDeploy for a ship).
 */
export function placementProblem(g: SetupGame, p: Placement): string | null {
  const turn = nextTurn(g);
  if (!turn) return 'the setup is over';
  if (turn.kind === 'obstacle') {
    const type = p.type ?? (p.piece as ObstacleType);
    if (!turn.types.includes(type)) return `${type} is not an obstacle still to place`;
    const o = { id: p.piece, type, x: p.x, y: p.y, rotation: p.rotation };
    const v = judgeSetup(new World({ ...g.table, obstacles: [...g.table.obstacles, o] })).violations[0];
    return v ? `${v.rule}${v.with ? ` (${v.with})` : ''}` : null;
  }
  const s = g.pending.find((x) => x.id === p.piece);
  if (!s || !turn.ships.includes(p.piece)) return `${p.piece} is not a ship of yours still to deploy`;
  const at = { ...s, x: p.x, y: p.y, rotation: p.rotation };
  const r = judgeDeploy(new World(g.table), { id: 'deploy', kind: 'deploy', ship: at, to: at });
  const v = r.violations[0];
  return v ? `${v.rule}${v.with ? ` (${v.with})` : ''}` : null;
}

/** The rings tried around a tapped point, mm: every NEAR_STEP_MM out to NEAR_MAX_MM, 16 directions each. */
export const NEAR_STEP_MM = 10;
export const NEAR_MAX_MM = 200;

/**
 * The placement itself when legal, else the legal one nearest it on rings around it (same piece and
 * turn; a ship's base kept whole in its zone), or null when none within NEAR_MAX_MM is.
 */
export function nearestLegal(g: SetupGame, p: Placement): Placement | null {
  if (!placementProblem(g, p)) return p;
  for (let r = NEAR_STEP_MM; r <= NEAR_MAX_MM; r += NEAR_STEP_MM) {
    for (let k = 0; k < 16; k++) {
      const a = (k * Math.PI) / 8;
      const q = { ...p, x: p.x + r * Math.cos(a), y: p.y + r * Math.sin(a) };
      if (!placementProblem(g, q)) return q;
    }
  }
  return null;
}
