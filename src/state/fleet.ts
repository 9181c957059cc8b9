/**
 * A pasted fleet list set down on the table: each ship and squadron at a free spot inside its
 * player's deployment zone (src/rules/movement/free-spot.ts, src/rules/setup/deploy.ts), facing the opponent,
 * all in one new table (one undo step). Ships are spread along the zone, squadrons beside the
 * ships. A piece with no room in the zone (the huge Executor is longer than the zone is deep)
 * goes to the nearest free spot on its player's half of the setup area and is named; a piece with
 * no room at all is left out and named. Each piece set down is then judged as a deployment
 * (judgeDeploy): what it breaks is listed, and a ship at distance 1-2 of a gravity rift gets
 * speed 0, as the rift's rule says. A list sets down at most MAX_LIST_PIECES pieces; the app sets
 * them down in slices that give the page back (placeFleetSliced).
 */
import { CATALOG, type ShipSize } from '../model/catalog';
import { CARDS, shipCardFits } from '../model/cards';
import type { FleetPiece } from '../model/fleet-list';
import type { Deploy, Player, Table } from '../model/table';
import { deploymentZone, judgeDeploy, type Rect } from '../rules/setup/deploy';
import { freeSpot, type FreeSpotPiece } from '../rules/movement/free-spot';
import { World } from '../rules/world';
import { addPiece, patchPiece, renamePiece } from './pieces';

export interface PlacedPiece {
  id: string;
  name: string;
  kind: 'ship' | 'squadron';
  line: number;
}
export interface FleetProblem {
  name: string;
  line: number;
  text: string;
  why: string;
}

export interface FleetPlacement {
  table: Table;
  added: PlacedPiece[];
  /** left out: no free spot on the player's half of the setup area */
  unplaced: FleetProblem[];
  /** set down, but a deployment rule says no (outside the zone, a squadron beyond distance 2 of its ships) */
  notLegal: (PlacedPiece & { why: string })[];
  /** ships whose speed a gravity rift set to 0 */
  riftSpeed: string[];
}

/**
 * The most pieces one list sets down: a real fleet is under 30 pieces (400 points), so a list asking
 * for more is not one fleet, and each piece costs a free-spot search on a fuller table. The rest are
 * named as not placed.
 */
export const MAX_LIST_PIECES = 40;

/**
 * Sets a list's pieces down one step at a time (a piece placed, or a placed piece judged), so that
 * the app can yield between steps (placeFleetSliced) and the command line and tests can run it
 * through (placeFleet); both give the same placement.
 */
export function fleetPlacer(t: Table, pieces: FleetPiece[], player: Player): FleetPlacer {
  return new FleetPlacer(t, pieces, player);
}

/** The placement under way: the table as it grows, and what was set down, left out or refused. */
class FleetPlacer {
  private t: Table;
  private world: World;
  private readonly zone: Rect;
  /** the player's half of the setup area, where a piece goes when the zone has no room */
  private readonly half: Rect;
  private readonly zoneName: string;
  private readonly rotation: number;
  private readonly added: PlacedPiece[] = [];
  private readonly unplaced: FleetProblem[] = [];
  /** why a piece set down outside the zone did not fit in it */
  private readonly outside = new Map<string, string>();
  private readonly shipSpots: { x: number; y: number }[] = [];
  private readonly ships: FleetPiece[];
  private readonly squadrons: FleetPiece[];
  private readonly order: FleetPiece[];
  private readonly notLegal: FleetPlacement['notLegal'] = [];
  private readonly riftSpeed: string[] = [];
  private i = 0;
  private j = 0;

  constructor(
    t: Table,
    pieces: FleetPiece[],
    private readonly player: Player,
  ) {
    this.t = t;
    this.world = new World(t);
    this.zone = deploymentZone(this.world, player);
    const T = this.world.catalog.tables[t.table];
    this.half =
      player === 1
        ? { x0: T.setupArea.x0, y0: 0, x1: T.setupArea.x1, y1: T.height / 2 }
        : { x0: T.setupArea.x0, y0: T.height / 2, x1: T.setupArea.x1, y1: T.height };
    this.zoneName = `player ${player}'s deployment zone`;
    this.rotation = player === 1 ? 0 : 180;
    const kept = pieces.slice(0, MAX_LIST_PIECES);
    for (const p of pieces.slice(MAX_LIST_PIECES)) {
      this.unplaced.push({
        name: p.name,
        line: p.line,
        text: p.text,
        why: `not set down: a fleet has under 30 pieces, and one list sets down at most ${MAX_LIST_PIECES}`,
      });
    }
    this.ships = kept.filter((p) => p.kind === 'ship');
    this.squadrons = kept.filter((p) => p.kind === 'squadron');
    this.order = [...this.ships, ...this.squadrons];
  }

  /** Where a piece would best go: ships spread along the zone, each squadron beside a ship in turn. */
  private preferred(p: FleetPiece): { x: number; y: number } {
    const { zone, ships, shipSpots } = this;
    const midY = (zone.y0 + zone.y1) / 2;
    const shipIndex = ships.indexOf(p);
    if (shipIndex >= 0)
      return { x: zone.x0 + ((shipIndex + 0.5) * (zone.x1 - zone.x0)) / ships.length, y: midY };
    // beside the ships in turn, so that each squadron is near a friendly ship
    const k = this.squadrons.indexOf(p);
    return shipSpots.length ? shipSpots[k % shipSpots.length] : { x: (zone.x0 + zone.x1) / 2, y: midY };
  }

  private place(p: FleetPiece) {
    const { player, zoneName } = this;
    const prefer = this.preferred(p);
    const size = p.class
      ? (this.world.catalog.shipClasses[p.class]?.size as ShipSize | undefined)
      : undefined;
    const shape: FreeSpotPiece =
      p.kind === 'ship'
        ? { kind: 'ship', size: size ?? 'small', class: p.class, rotation: this.rotation }
        : { kind: 'squadron' };
    let a = freeSpot(this.world, shape, prefer, { region: this.zone, regionName: zoneName });
    let zoneWhy: string | null = null;
    if (!a.spot) {
      zoneWhy = a.reason;
      a = freeSpot(this.world, shape, prefer, {
        region: this.half,
        regionName: `player ${player}'s half of the setup area`,
      });
    }
    if (!a.spot) {
      this.unplaced.push({
        name: p.name,
        line: p.line,
        text: p.text,
        why: `no room in ${zoneName} (${zoneWhy}), nor on player ${player}'s half of the setup area (${a.reason})`,
      });
      return;
    }
    const r =
      p.kind === 'ship'
        ? addPiece(this.t, { kind: 'ship', size: size ?? 'small', class: p.class, player }, a.spot)
        : addPiece(this.t, { kind: 'squadron', player }, a.spot);
    // addPiece turns a ship to face the opponent, as `rotation` above
    this.t = withCard(renamePiece(r.table, r.id, p.name), r.id, p);
    if (p.kind === 'ship') this.shipSpots.push(a.spot);
    if (zoneWhy) this.outside.set(r.id, zoneWhy);
    this.added.push({ id: r.id, name: p.name, kind: p.kind, line: p.line });
    this.world = new World(this.t, CATALOG, this.world);
  }

  /** A piece set down, judged as a deployment on the finished table. */
  private judge(a: PlacedPiece) {
    const piece = (a.kind === 'ship' ? this.t.ships : this.t.squadrons).find((e) => e.id === a.id)!;
    const d: Deploy =
      a.kind === 'ship'
        ? {
            id: `deploy-${a.id}`,
            kind: 'deploy',
            ship: a.id,
            to: { x: piece.x, y: piece.y, rotation: this.rotation },
          }
        : {
            id: `deploy-${a.id}`,
            kind: 'deploy',
            squadron: a.id,
            to: { x: piece.x, y: piece.y, rotation: 0 },
          };
    const v = judgeDeploy(this.world, d);
    if (!v.legal) {
      const zoneNote = this.outside.get(a.id);
      this.notLegal.push({
        ...a,
        why:
          (zoneNote ? `it does not fit in the zone: ${zoneNote}; ` : '') +
          v.violations.map((x) => x.rule + (x.with ? ` (${x.with})` : '')).join('; '),
      });
    }
    if (a.kind === 'ship' && v.speed === 0 && (v.rift?.length ?? 0) > 0) {
      this.t = patchPiece(this.t, a.id, { speed: 0 });
      this.riftSpeed.push(a.id);
    }
  }

  /** steps in all (pieces to place, then pieces placed to judge: at most twice the pieces kept) */
  total(): number {
    return this.order.length + this.added.length;
  }

  done(): number {
    return this.i + this.j;
  }

  /** One step; false when there is nothing left to do. */
  step(): boolean {
    if (this.i < this.order.length) {
      this.place(this.order[this.i++]);
      return true;
    }
    if (this.j < this.added.length) {
      this.judge(this.added[this.j++]);
      return true;
    }
    return false;
  }

  result(): FleetPlacement {
    const { t: table, added, unplaced, notLegal, riftSpeed } = this;
    return { table, added, unplaced, notLegal, riftSpeed };
  }
}

/** Set the list's pieces down for `player` (see the module's comment), all at once. */
export function placeFleet(t: Table, pieces: FleetPiece[], player: Player): FleetPlacement {
  const p = fleetPlacer(t, pieces, player);
  while (p.step()) {
    /* one piece at a time */
  }
  return p.result();
}

/**
 * The same placement in slices: a step at a time, giving the page back after every `sliceMs` of work
 * (a step itself takes a free-spot search, some milliseconds), so the page answers while a list is set
 * down. `signal` abandons it (the table is then left as it was: nothing is committed until the end).
 */
export async function placeFleetSliced(
  t: Table,
  pieces: FleetPiece[],
  player: Player,
  opts: { sliceMs?: number; signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<FleetPlacement | null> {
  const slice = opts.sliceMs ?? 40;
  const yieldNow = () => new Promise<void>((r) => setTimeout(r, 0));
  await yieldNow();
  const p = fleetPlacer(t, pieces, player);
  let t0 = performance.now();
  for (;;) {
    if (opts.signal?.aborted) return null;
    if (!p.step()) break;
    if (performance.now() - t0 > slice) {
      opts.onProgress?.(p.done(), p.total());
      await yieldNow();
      t0 = performance.now();
    }
  }
  return p.result();
}

/** The piece's card (its dice), when the card is one a piece of its kind and class may carry. */
function withCard(t: Table, id: string, p: FleetPiece): Table {
  if (p.kind === 'ship')
    return shipCardFits(p.card, p.class)
      ? { ...t, ships: t.ships.map((s) => (s.id === id ? { ...s, card: p.card } : s)) }
      : t;
  return CARDS.squadrons.some((c) => c.name === p.card)
    ? { ...t, squadrons: t.squadrons.map((s) => (s.id === id ? { ...s, card: p.card } : s)) }
    : t;
}

/** The factions of a player's side of the table: their ships' classes and the list the table keeps for them. */
function sideFactions(t: Table, p: Player): Set<string> {
  const out = new Set<string>();
  for (const s of t.ships) {
    const f = s.player === p && s.class ? CATALOG.shipClasses[s.class]?.faction : undefined;
    if (f) out.add(f);
  }
  const kept = t.fleets?.find((x) => x.player === p)?.read.faction;
  if (kept) out.add(kept);
  return out;
}

/**
 * Whose fleet a list of this faction is: the chosen player's, unless their side of the table (ships, kept
 * list) is of another faction and the other player's is of this one or empty, as a class chosen in the Add
 * panel goes to the player whose fleet is of its faction (an empty chosen side keeps the list: a mirror
 * match's second list of one faction). With the side that decided it, for the words.
 */
export function playerForFleet(
  t: Table,
  faction: string,
  chosen: Player,
): { player: Player; because: { player: Player; factions: string[] } | null } {
  const other: Player = chosen === 1 ? 2 : 1;
  const mine = sideFactions(t, chosen),
    theirs = sideFactions(t, other);
  if (mine.has(faction)) return { player: chosen, because: null };
  if (mine.size && theirs.has(faction))
    return { player: other, because: { player: other, factions: [faction] } };
  if (mine.size && !theirs.size) return { player: other, because: { player: chosen, factions: [...mine] } };
  return { player: chosen, because: null };
}
