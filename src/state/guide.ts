/**
 * Guided setup, step by step (reference section 1): the second player (player 2) places the first
 * obstacle, the players alternate until the set is on the table (six core obstacles and any
 * campaign obstacles an objective adds), then the first player (player 1) deploys first, the
 * players alternating one ship or two squadrons at a time into their deployment zones.
 *
 * Whose turn it is and what is left are read from the table itself (obstacles inside the setup
 * area, ships and squadrons per player), so undo and redo keep the guide right. The rules decide
 * every placement (judgeSetup, judgeDeploy); this module only asks them and words the answer.
 */
import { CATALOG, type ObstacleType, speedChart } from '../model/catalog';
import { CARDS, shipCardFits } from '../model/cards';
import type { Violation } from '../model/report';
import type { Obstacle, Player, Ship, Squadron, Table } from '../model/table';
import { deployTurn, judgeDeploy } from '../rules/setup/deploy';
import { judgeSetup, type SetupEdges, type SetupReading } from '../rules/setup/setup';
import type { ShipSize } from '../model/catalog';
import { violationWords, violationWordsBy } from '../rules/violation-words';
import { namer } from '../model/names';
import { World } from '../rules/world';

export { violationWords };
import { freshId, normaliseDeg } from './pieces';

export const CORE_SET: readonly ObstacleType[] = [
  'station',
  'asteroid-a',
  'asteroid-b',
  'asteroid-c',
  'debris-a',
  'debris-b',
];
/** obstacles an objective may add to the set */
export const CAMPAIGN_EXTRAS: readonly ObstacleType[] = [
  'dust-1',
  'dust-2',
  'gravity-rift',
  'purrgil-1',
  'purrgil-2',
];

export interface Guide {
  /** the obstacle set: the six core ones, then campaign ones an objective adds */
  set: ObstacleType[];
  /** the obstacle offered next (one of those left) */
  offered: ObstacleType | null;
  /** players who have deployed their whole fleet */
  done: { 1: boolean; 2: boolean };
  /** what each player sets down next when deploying */
  pending: { 1: Pending; 2: Pending };
}

/**
 * What a player sets down next. A ship may carry the heading it is set down at (degrees; absent:
 * facing the opponent) and the speed its dial is set to (absent: 2, or the class's top speed if
 * lower); a gravity rift at distance 1-2 still sets the dial to 0 (judgeDeploy).
 */
export type Pending =
  | { kind: 'ship'; size: Ship['size']; class?: string; rotation?: number; speed?: number }
  | { kind: 'squadron' };

/** The heading a player's pieces face by default: the opponent's edge. */
export const facingOpponent = (p: Player): number => (p === 1 ? 0 : 180);

/**
 * The speeds a ship of this class may be set to on deploying (its speed chart's rows; 1-4 for a ship without
 * a class).
 */
export function deploySpeeds(shipClass: string | undefined): number[] {
  const chart = speedChart(CATALOG, shipClass);
  const top = chart ? chart.length : 4;
  return Array.from({ length: top }, (_, i) => i + 1);
}

/** The speed a pending ship's dial is set to before any gravity rift (2 by default, within its chart). */
export function pendingSpeed(p: Extract<Pending, { kind: 'ship' }>): number {
  const speeds = deploySpeeds(p.class);
  const want = p.speed ?? 2;
  return Math.max(speeds[0], Math.min(speeds[speeds.length - 1], want));
}

export function newGuide(extras: ObstacleType[] = []): Guide {
  return {
    set: [...CORE_SET, ...extras],
    offered: null,
    done: { 1: false, 2: false },
    pending: { 1: { kind: 'ship', size: 'medium' }, 2: { kind: 'ship', size: 'medium' } },
  };
}

function inSetupArea(t: Table, o: Obstacle): boolean {
  const a = CATALOG.tables[t.table].setupArea;
  return o.x >= a.x0 && o.x <= a.x1 && o.y >= a.y0 && o.y <= a.y1;
}

/** The obstacles of the set already placed (inside the setup area), matched type by type. */
function placedOfSet(t: Table, g: Guide): { left: ObstacleType[]; placed: number } {
  const left = [...g.set];
  let placed = 0;
  for (const o of t.obstacles) {
    if (!inSetupArea(t, o)) continue;
    const i = left.indexOf(o.type);
    if (i >= 0) {
      left.splice(i, 1);
      placed++;
    }
  }
  return { left, placed };
}

/** A ship or squadron of a player's fleet list (the table's `fleets`), to deploy in its turn. */
export interface ListPiece {
  kind: 'ship' | 'squadron';
  name: string;
  card: string;
  class?: string;
  size?: ShipSize;
}

/**
 * A player's fleet list as pieces to deploy: its ships in list order (named by their titles), then
 * its squadrons, each as many times as its count; null when the table keeps no list for the player.
 * A ship card with no class in the catalog (a community hull) is deployed as a medium ship by name.
 */
export function listPieces(t: Table, player: Player): { ships: ListPiece[]; squadrons: ListPiece[] } | null {
  const f = t.fleets?.find((e) => e.player === player);
  if (!f || (!f.read.ships.length && !f.read.squadrons.length)) return null;
  const ships = f.read.ships.map((s): ListPiece => {
    const spec =
      s.class && Object.hasOwn(CATALOG.shipClasses, s.class) ? CATALOG.shipClasses[s.class] : undefined;
    return {
      kind: 'ship',
      name: s.name,
      card: s.card,
      ...(spec ? { class: s.class, size: spec.size as ShipSize } : { size: 'medium' as ShipSize }),
    };
  });
  const squadrons = f.read.squadrons.flatMap((q) =>
    Array.from({ length: q.count }, (): ListPiece => ({ kind: 'squadron', name: q.card, card: q.card })),
  );
  return { ships, squadrons };
}

/** What a player deploys next from their list: the next ship and the next squadron not yet on the table. */
export interface ListNext {
  ship: ListPiece | null;
  squadron: ListPiece | null;
  shipsLeft: number;
  squadronsLeft: number;
  /** what the turn allows (rules/setup/deploy.ts, deployTurn) */
  may?: 'ship' | 'squadron' | 'either';
}

export type Step =
  | {
      step: 'obstacles';
      player: Player;
      left: ObstacleType[];
      offered: ObstacleType;
      placed: number;
      total: number;
    }
  | {
      step: 'deploy';
      player: Player;
      ships: Record<Player, number>;
      squadrons: Record<Player, number>;
      squadronsThisTurn: number;
      /** the player's fleet list, when the table keeps one */
      list?: ListNext;
    }
  | { step: 'done' };

const other = (p: Player): Player => (p === 1 ? 2 : 1);

/** Where the guided setup stands on this table. */
export function guideStep(t: Table, g: Guide): Step {
  const { left, placed } = placedOfSet(t, g);
  if (left.length) {
    // the second player places first, then they alternate
    const player: Player = placed % 2 === 0 ? 2 : 1;
    const offered = g.offered && left.includes(g.offered) ? g.offered : left[0];
    return { step: 'obstacles', player, left, offered, placed, total: g.set.length };
  }
  const ships = { 1: 0, 2: 0 },
    squadrons = { 1: 0, 2: 0 };
  for (const s of t.ships) ships[s.player]++;
  for (const s of t.squadrons) squadrons[s.player]++;
  // a player with a list has deployed it all when every ship and squadron of it is on the table
  const lists = { 1: listPieces(t, 1), 2: listPieces(t, 2) };
  const next = (p: Player): ListNext | undefined => {
    const l = lists[p];
    if (!l) return undefined;
    return {
      ship: l.ships[ships[p]] ?? null,
      squadron: l.squadrons[squadrons[p]] ?? null,
      shipsLeft: Math.max(0, l.ships.length - ships[p]),
      squadronsLeft: Math.max(0, l.squadrons.length - squadrons[p]),
    };
  };
  const n = { 1: next(1), 2: next(2) };
  const done = {
    1: g.done[1] || (!!n[1] && !n[1].ship && !n[1].squadron),
    2: g.done[2] || (!!n[2] && !n[2].ship && !n[2].squadron),
  };
  // what is left is known when both players have a list (the last single squadron's rule then applies)
  const toPlace =
    n[1] && n[2]
      ? {
          1: { ships: n[1].shipsLeft, squadrons: n[1].squadronsLeft },
          2: { ships: n[2].shipsLeft, squadrons: n[2].squadronsLeft },
        }
      : undefined;
  // whose turn: the rules' deploy step (one ship or two squadrons a turn, the first player first)
  const turn = deployTurn(
    { 1: { ships: ships[1], squadrons: squadrons[1] }, 2: { ships: ships[2], squadrons: squadrons[2] } },
    toPlace,
    done,
  );
  if (turn.step === 'done') return { step: 'done' };
  const list = n[turn.player];
  return {
    step: 'deploy',
    player: turn.player,
    ships,
    squadrons,
    squadronsThisTurn: turn.squadronsThisTurn,
    ...(list ? { list: { ...list, may: turn.may } } : {}),
  };
}

/**
 * What the player deploys next: the piece chosen (ship or squadrons, with its heading and speed), taken
 * from the player's list when the table keeps one (the next ship, or the next squadron when no ship is
 * left, squadrons were chosen, or the turn allows only a squadron).
 */
export function pendingFor(
  g: Guide,
  s: Extract<Step, { step: 'deploy' }>,
): { pending: Pending; piece: ListPiece | null } {
  const p = g.pending[s.player];
  const l = s.list;
  if (!l) return { pending: p, piece: null };
  const wantShip =
    l.may === 'ship' ? true : l.may === 'squadron' ? false : p.kind === 'ship' ? !!l.ship : !l.squadron;
  if (wantShip && l.ship) {
    const keep = p.kind === 'ship' ? { rotation: p.rotation, speed: p.speed } : {};
    return {
      pending: {
        kind: 'ship',
        size: l.ship.size ?? 'medium',
        ...(l.ship.class ? { class: l.ship.class } : {}),
        ...keep,
      },
      piece: l.ship,
    };
  }
  return { pending: { kind: 'squadron' }, piece: l.squadron };
}

export type Placement = { ok: true; table: Table; id: string; note: string } | { ok: false; why: string };

/** Place the offered obstacle with its centre at (x, y): on the table if the setup rule allows it. */
export function placeObstacle(
  t: Table,
  g: Guide,
  x: number,
  y: number,
  rotation: number,
  reading: SetupReading,
  edges: SetupEdges,
): Placement {
  const s = guideStep(t, g);
  if (s.step !== 'obstacles') return { ok: false, why: 'every obstacle of the set is placed' };
  const type = s.offered;
  // a token of that type laid out beside the setup area is moved in; otherwise a new one
  const spare = t.obstacles.find((o) => o.type === type && !inSetupArea(t, o));
  const id = spare?.id ?? freshId(t, type);
  const o: Obstacle = { id, type, x, y, rotation };
  const area = CATALOG.tables[t.table];
  if (x < 0 || x > area.width || y < 0 || y > area.height)
    return { ok: false, why: `${id} must go on the table` };
  const next: Table = spare
    ? { ...t, obstacles: t.obstacles.map((e) => (e.id === id ? o : e)) }
    : { ...t, obstacles: [...t.obstacles, o] };
  // judge the obstacles of the setup area only (tokens still laid out beside it are not placed yet)
  const placed = { ...next, obstacles: next.obstacles.filter((e) => inSetupArea(next, e)) };
  const verdict = judgeSetup(new World(placed), reading, edges);
  const mine = verdict.violations.filter((v) => v.piece === id || v.with === id);
  if (mine.length)
    return {
      ok: false,
      why: mine
        .map((v) => violationWords(v.piece === id ? v : { ...v, piece: id, with: v.piece as string }))
        .join('; '),
    };
  return { ok: true, table: next, id, note: `player ${s.player} placed ${id}` };
}

/**
 * Deploy the player's pending piece at (x, y), at its heading (facing the enemy unless turned) and
 * its chosen speed, if the deployment rules allow it.
 */
export function deployAt(t: Table, g: Guide, x: number, y: number): Placement {
  const s = guideStep(t, g);
  if (s.step !== 'deploy')
    return { ok: false, why: s.step === 'done' ? 'both fleets are deployed' : 'place the obstacles first' };
  const player = s.player;
  const { pending: p, piece } = pendingFor(g, s);
  if (p.kind === 'ship' && s.squadronsThisTurn) {
    return {
      ok: false,
      why:
        `player ${player} has placed one squadron of a two-squadron turn: place a second squadron (a turn is one ` +
        `ship or two squadrons; a single last squadron goes after all the player's ships, so undo it if ships remain)`,
    };
  }
  const rotation =
    p.kind === 'ship' && p.rotation !== undefined ? normaliseDeg(p.rotation) : facingOpponent(player);
  let next: Table, id: string;
  if (p.kind === 'ship') {
    id = freshId(t, p.class ?? `p${player}-${p.size}-`);
    const speed = pendingSpeed(p);
    const ship: Ship = { id, size: p.size, player, x, y, rotation, speed };
    if (p.class) ship.class = p.class;
    if (piece) ship.name = piece.name;
    if (piece && shipCardFits(piece.card, p.class)) ship.card = piece.card;
    next = { ...t, ships: [...t.ships, ship] };
  } else {
    id = freshId(t, `sq${player}-`);
    const sq: Squadron = { id, player, x, y };
    if (piece) sq.name = piece.name;
    if (piece && CARDS.squadrons.some((c) => c.name === piece.card)) sq.card = piece.card;
    next = { ...t, squadrons: [...t.squadrons, sq] };
  }
  const v = judgeDeploy(new World(next), {
    id: 'deploy',
    kind: 'deploy',
    to: { x, y, rotation },
    ...(p.kind === 'ship' ? { ship: id } : { squadron: id }),
  });
  // the piece by the name its label will give it, not its id (obstacles keep theirs)
  if (!v.legal) return { ok: false, why: v.violations.map(violationWordsBy(namer(next))).join('; ') };
  if (p.kind === 'ship' && v.speed !== undefined && v.speed !== pendingSpeed(p))
    next = { ...next, ships: next.ships.map((e) => (e.id === id ? { ...e, speed: v.speed! } : e)) };
  return { ok: true, table: next, id, note: v.why };
}

/**
 * A new table: the same size, ruleset and fleet lists, no pieces; optionally the six core obstacles laid out
 * beside the setup area.
 */
export function newTable(t: Table, withObstacles: boolean): Table {
  const next: Table = {
    format: 'armada-table/1',
    table: t.table,
    ruleset: t.ruleset,
    ships: [],
    squadrons: [],
    obstacles: [],
    tokens: [],
    proposals: [],
  };
  // the players' fleet lists stay with the table: the guide deploys from them
  if (t.fleets?.length) next.fleets = t.fleets;
  if (!withObstacles) return next;
  const T = CATALOG.tables[t.table];
  const obstacles: Obstacle[] = CORE_SET.map((type, i) => {
    // 3'x6': three on each side of the setup area; 3'x3': along the middle, to be dragged into place
    const beside = T.setupArea.x0 > 100;
    const x = beside
      ? i < 3
        ? T.setupArea.x0 / 2
        : (T.setupArea.x1 + T.width) / 2
      : T.width / 2 + (i - 2.5) * 140;
    const y = beside ? T.height / 2 + ((i % 3) - 1) * 250 : T.height / 2;
    return { id: type, type, x, y, rotation: 0 };
  });
  return { ...next, obstacles };
}
