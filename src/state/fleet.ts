/**
 * A pasted fleet list set down on the table: each ship and squadron at a free spot inside its
 * player's deployment zone (src/rules/movement/free-spot.ts, src/rules/setup/deploy.ts), facing the opponent,
 * all in one new table (one undo step). Ships are spread along the zone, squadrons beside the
 * ships. A piece with no room in the zone (the huge Executor is longer than the zone is deep)
 * goes to the nearest free spot on its player's half of the setup area and is named; a piece with
 * no room at all is left out and named. Each piece set down is then judged as a deployment
 * (judgeDeploy): what it breaks is listed, and a ship at distance 1-2 of a gravity rift gets
 * speed 0, as the rift's rule says.
 */
import { CATALOG, type ShipSize } from '../model/catalog';
import type { FleetPiece } from '../model/fleet-list';
import type { Deploy, Player, Table } from '../model/table';
import { deploymentZone, judgeDeploy, type Rect } from '../rules/setup/deploy';
import { freeSpot, type FreeSpotPiece } from '../rules/movement/free-spot';
import { World } from '../rules/world';
import { addPiece, patchPiece, renamePiece } from './pieces';

export interface PlacedPiece { id: string; name: string; kind: 'ship' | 'squadron'; line: number }
export interface FleetProblem { name: string; line: number; text: string; why: string }

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

/** Set the list's pieces down for `player` (see the module's comment). */
export function placeFleet(t: Table, pieces: FleetPiece[], player: Player): FleetPlacement {
  let world = new World(t);
  const zone = deploymentZone(world, player);
  const T = world.catalog.tables[t.table];
  const half: Rect = player === 1
    ? { x0: T.setupArea.x0, y0: 0, x1: T.setupArea.x1, y1: T.height / 2 }
    : { x0: T.setupArea.x0, y0: T.height / 2, x1: T.setupArea.x1, y1: T.height };
  const zoneName = `player ${player}'s deployment zone`;
  const rotation = player === 1 ? 0 : 180;
  const added: PlacedPiece[] = [], unplaced: FleetProblem[] = [];
  const outside = new Map<string, string>();
  const shipSpots: { x: number; y: number }[] = [];
  const ships = pieces.filter((p) => p.kind === 'ship'), squadrons = pieces.filter((p) => p.kind === 'squadron');
  const midY = (zone.y0 + zone.y1) / 2;
  const order = [...ships, ...squadrons];
  order.forEach((p) => {
    let prefer: { x: number; y: number };
    const shipIndex = ships.indexOf(p);
    if (shipIndex >= 0) prefer = { x: zone.x0 + ((shipIndex + 0.5) * (zone.x1 - zone.x0)) / ships.length, y: midY };
    else {
      // beside the ships in turn, so that each squadron is near a friendly ship
      const k = squadrons.indexOf(p);
      prefer = shipSpots.length ? shipSpots[k % shipSpots.length] : { x: (zone.x0 + zone.x1) / 2, y: midY };
    }
    const size = p.class ? (world.catalog.shipClasses[p.class]?.size as ShipSize | undefined) : undefined;
    const shape: FreeSpotPiece = p.kind === 'ship' ? { kind: 'ship', size: size ?? 'small', class: p.class, rotation } : { kind: 'squadron' };
    let a = freeSpot(world, shape, prefer, { region: zone, regionName: zoneName });
    let zoneWhy: string | null = null;
    if (!a.spot) {
      zoneWhy = a.reason;
      a = freeSpot(world, shape, prefer, { region: half, regionName: `player ${player}'s half of the setup area` });
    }
    if (!a.spot) {
      unplaced.push({ name: p.name, line: p.line, text: p.text, why: `no room in ${zoneName} (${zoneWhy}), nor on player ${player}'s half of the setup area (${a.reason})` });
      return;
    }
    const r = p.kind === 'ship'
      ? addPiece(t, { kind: 'ship', size: size ?? 'small', class: p.class, player }, a.spot)
      : addPiece(t, { kind: 'squadron', player }, a.spot);
    // addPiece turns a ship to face the opponent, as `rotation` above
    t = renamePiece(r.table, r.id, p.name);
    if (p.kind === 'ship') shipSpots.push(a.spot);
    if (zoneWhy) outside.set(r.id, zoneWhy);
    added.push({ id: r.id, name: p.name, kind: p.kind, line: p.line });
    world = new World(t, CATALOG, world);
  });

  // every piece set down, judged as a deployment on the finished table
  const notLegal: FleetPlacement['notLegal'] = [];
  const riftSpeed: string[] = [];
  for (const a of added) {
    const piece = (a.kind === 'ship' ? t.ships : t.squadrons).find((e) => e.id === a.id)!;
    const d: Deploy = a.kind === 'ship'
      ? { id: `deploy-${a.id}`, kind: 'deploy', ship: a.id, to: { x: piece.x, y: piece.y, rotation } }
      : { id: `deploy-${a.id}`, kind: 'deploy', squadron: a.id, to: { x: piece.x, y: piece.y, rotation: 0 } };
    const v = judgeDeploy(world, d);
    if (!v.legal) {
      const zoneNote = outside.get(a.id);
      notLegal.push({ ...a, why: (zoneNote ? `it does not fit in the zone: ${zoneNote}; ` : '') + v.violations.map((x) => x.rule + (x.with ? ` (${x.with})` : '')).join('; ') });
    }
    if (a.kind === 'ship' && v.speed === 0 && (v.rift?.length ?? 0) > 0) {
      t = patchPiece(t, a.id, { speed: 0 });
      riftSpeed.push(a.id);
    }
  }
  return { table: t, added, unplaced, notLegal, riftSpeed };
}
