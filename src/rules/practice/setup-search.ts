/**
 * The search for the best next setup move by the rating (setup-rating.ts): seeded candidates, each
 * kept only when legal by this file's own test (a margin of SPOT_MARGIN_MM inside every limit of the
 * setup rules, so a kept spot is legal however a limit is rounded), each rated, the best kept. The
 * budget states how many candidates to draw and how long to take; whichever runs out first ends
 * the search (the answer says which); with no legal candidate by then, it goes on (up to
 * NONE_FOUND_FACTOR times the budget) until it finds one. With the candidate count binding, the same seed gives the
 * same answer.
 * - an obstacle: a centre drawn uniformly where the area and edge rules let its outline go, a
 *   rotation drawn in whole degrees; kept when its outline is beyond distance 1 of every other
 *   obstacle (exogorths aside) by the margin;
 * - a ship's deployment: facing the enemy's edge turned by up to 30 degrees either way (whole
 *   multiples of 5), a centre drawn uniformly where its base's box lies in its player's deployment
 *   zone; kept when its base lies in the zone by the margin, and its footprint overlaps no ship on
 *   the table and no obstacle (a huge ship may not, the others may; the search keeps clear of all).
 * A deployment is rated with the other ships' reach as it was (the ship's reach and every attack
 * with it judged afresh): `rateDeployment`, which also rates the player's own deployment, so the two
 * are compared on the same terms.
 */
import { bboxGap, relate } from '../../geometry/relate';
import type { Polygon } from '../../geometry/polygon';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import type { ObstacleType } from '../../model/catalog';
import { obstacleOutline, shipShapes } from '../../model/pieces';
import { mulberry32 } from '../../model/random';
import type { Player, Ship } from '../../model/table';
import { deploymentZone } from '../setup/deploy';
import { setupRules } from '../setup/setup';
import { type ShipEntry, World } from '../world';
import { worldWithShipAt } from './moved';
import {
  evaluate,
  type Evaluation,
  ratedEnds,
  type RatedEnd,
  ratingOf,
  shipsReached,
  straightAhead,
  zoneArms,
  type SetupPosition,
  type SetupRating,
  withObstacle,
} from './setup-rating';
import type { Side } from '../attacks/context';
import { ShipProbe, shipPairs } from './threat';

/** How far inside every setup limit a spot the search keeps must lie, mm. */
export const SPOT_MARGIN_MM = 0.5;

/** With no legal candidate in the budget, the search goes on up to this many times the budget for one. */
export const NONE_FOUND_FACTOR = 10;

export interface SearchBudget {
  /** candidates drawn at most */
  candidates: number;
  /** milliseconds at most */
  ms: number;
}

export interface SearchResult {
  kind: 'obstacle' | 'deploy';
  /** the obstacle's id or the ship's */
  piece: string;
  type?: ObstacleType;
  x: number;
  y: number;
  rotation: number;
  /** the rating of the position with the piece there, for the player searched for */
  rating: SetupRating;
  drawn: number;
  legal: number;
  ms: number;
  /** what ended the search: every candidate drawn, or the time */
  cut: 'candidates' | 'ms';
  seed: number;
}

/** The core obstacles move no end and change no attack: a candidate is rated by its outline alone. */
const OUTLINE_ONLY = new Set(['asteroid', 'debris', 'station']);

/** Whether an obstacle outline at a spot keeps the setup rules by the margin (this search's own test). */
export function obstacleSpotOk(world: World, outline: Polygon): boolean {
  const rules = setupRules(world);
  const m = SPOT_MARGIN_MM;
  const { x0, y0, x1, y1 } = rules.area;
  if (outline.minX < x0 + m || outline.maxX > x1 - m || outline.minY < y0 + m || outline.maxY > y1 - m)
    return false;
  for (const e of rules.edges) {
    const gap =
      e.side === 'left'
        ? outline.minX - e.at
        : e.side === 'right'
          ? e.at - outline.maxX
          : e.side === 'bottom'
            ? outline.minY - e.at
            : e.at - outline.maxY;
    if (gap <= e.end + TOLERANCE_MM + m) return false;
  }
  const need = rules.spacingEnd + TOLERANCE_MM + m;
  for (const o of world.obstacles) {
    if (o.obstacleKind === 'exogorth' || bboxGap(o.outline, outline) > need) continue;
    if (relate(o.outline, outline).distance <= need) return false;
  }
  return true;
}

/** Runs `tryOne` for each candidate until the budget runs out; the best rating wins (first on ties). */
function searchLoop<T extends { rating: SetupRating }>(
  budget: SearchBudget,
  draw: () => T | null,
): { best: T | null; drawn: number; legal: number; ms: number; cut: 'candidates' | 'ms' } {
  const t0 = performance.now();
  let best: T | null = null,
    drawn = 0,
    legal = 0,
    cut: 'candidates' | 'ms' = 'candidates';
  // past the budget only while nothing legal is found, up to NONE_FOUND_FACTOR times it
  while (drawn < budget.candidates || (!best && drawn < budget.candidates * NONE_FOUND_FACTOR)) {
    if (performance.now() - t0 > budget.ms * (best ? 1 : NONE_FOUND_FACTOR)) {
      cut = 'ms';
      break;
    }
    drawn++;
    const c = draw();
    if (!c) continue;
    legal++;
    if (!best || c.rating.rating > best.rating.rating) best = c;
  }
  return { best, drawn, legal, ms: performance.now() - t0, cut };
}

/**
 * The best spot found for the next obstacle for `player` (one of `obstacles`, each candidate's drawn
 * among them), or null when no candidate was legal.
 */
export function bestObstacleSpot(
  pos: SetupPosition,
  player: Player,
  obstacles: readonly { id: string; type: ObstacleType }[],
  seed: number,
  budget: SearchBudget,
  ev: Evaluation = evaluate(pos),
): SearchResult | null {
  const world = ev.world;
  const cat = world.catalog;
  const rules = setupRules(world);
  const rnd = mulberry32(seed);
  const r = searchLoop(budget, () => {
    const obstacle = obstacles[Math.floor(rnd() * obstacles.length)];
    const outlineOnly = OUTLINE_ONLY.has(cat.obstacles[obstacle.type].kind);
    const rotation = Math.floor(rnd() * 360);
    const S = obstacleOutline(cat, { type: obstacle.type, x: 0, y: 0, rotation });
    const [cx0, cy0, cx1, cy1] = centreRect(rules, S);
    const x = cx0 + rnd() * (cx1 - cx0),
      y = cy0 + rnd() * (cy1 - cy0);
    if (!(cx0 < cx1 && cy0 < cy1)) return null;
    const o = { id: obstacle.id, type: obstacle.type, x, y, rotation };
    const outline = obstacleOutline(cat, o);
    if (!obstacleSpotOk(world, outline)) return null;
    const rating = outlineOnly
      ? ratingOf(ev, player, outline)
      : ratingOf(evaluate(withObstacle(pos, o)), player);
    return { ...o, rating };
  });
  if (!r.best) return null;
  const { id, type, x, y, rotation, rating } = r.best;
  return { kind: 'obstacle', piece: id, type, x, y, rotation, rating, ...tally(r), seed };
}

const tally = (r: { drawn: number; legal: number; ms: number; cut: 'candidates' | 'ms' }) => ({
  drawn: r.drawn,
  legal: r.legal,
  ms: r.ms,
  cut: r.cut,
});

/** Where the centre of an outline S (placed at the origin) may go by the area and edge rules alone. */
function centreRect(rules: ReturnType<typeof setupRules>, S: Polygon): [number, number, number, number] {
  let { x0, y0, x1, y1 } = rules.area;
  for (const e of rules.edges) {
    if (e.side === 'left') x0 = Math.max(x0, e.at + e.end);
    if (e.side === 'right') x1 = Math.min(x1, e.at - e.end);
    if (e.side === 'bottom') y0 = Math.max(y0, e.at + e.end);
    if (e.side === 'top') y1 = Math.min(y1, e.at - e.end);
  }
  return [x0 - S.minX, y0 - S.minY, x1 - S.maxX, y1 - S.maxY];
}

/** Whether a ship at a pose keeps the deployment rules by the margin, clear of ships and obstacles. */
export function deploySpotOk(world: World, ship: Ship): boolean {
  const zone = deploymentZone(world, ship.player);
  const { base, footprint } = shipShapes(world.catalog, ship);
  const m = SPOT_MARGIN_MM;
  if (
    base.minX < zone.x0 + m ||
    base.maxX > zone.x1 - m ||
    base.minY < zone.y0 + m ||
    base.maxY > zone.y1 - m
  )
    return false;
  for (const s of world.table.ships) {
    if (s.id === ship.id) continue;
    const e = world.byId.get(s.id);
    if (e?.kind === 'ship' && relate(e.shapes.footprint, footprint).distance <= m) return false;
  }
  for (const o of world.obstacles) if (relate(o.outline, footprint).distance <= m) return false;
  return true;
}

/**
 * The rating for `player` with ship `shipId` (in the evaluation, at its stand-in place or deployed)
 * moved to `pose`: its reach judged afresh, every enemy end's attacks with it judged again, the
 * rest as evaluated.
 */
export function rateDeployment(
  ev: Evaluation,
  player: Player,
  shipId: string,
  pose: { x: number; y: number; rotation: number },
): { ev: Evaluation; rating: SetupRating } {
  const world = worldWithShipAt(ev.world, shipId, pose);
  const rounds = ev.rounds.map((w, r) => worldWithShipAt(w, shipId, straightAhead(world, shipId, r + 1))) as [
    World,
    World,
  ];
  const me = world.byId.get(shipId)!;
  if (me.kind !== 'ship') throw new Error(`setup rating: ${shipId} is not a ship`);
  const reach = world.catalog.ruler.range[world.catalog.ruler.range.length - 1].end + TOLERANCE_MM;
  const probes = new Map<string, ShipProbe>();
  const only = (o: Side) => o.kind === 'zone' && o.ship.id === shipId;
  const arms = zoneArms(world);
  const ends: RatedEnd[] = ev.ends
    .filter((e) => e.ship !== shipId)
    .map((e) => {
      if (e.player === me.piece.player) return e;
      const hits = new Map([...e.hits].filter(([s]) => s !== shipId));
      const hitBy = new Map([...e.hitBy].filter(([s]) => s !== shipId));
      const there = rounds[e.round - 1].byId.get(shipId) as ShipEntry;
      if (bboxGap(e.footprint, there.shapes.footprint) <= reach) {
        const k = `${e.ship}|${e.round}`;
        let probe = probes.get(k);
        if (!probe) probes.set(k, (probe = new ShipProbe(rounds[e.round - 1], e.ship)));
        const w = probe.at(e.pose);
        const out = shipsReached(shipPairs(w, e.ship, 'attack', only), 'attack', arms).get(shipId);
        const back = shipsReached(shipPairs(w, e.ship, 'defend', only), 'defend', arms).get(shipId);
        if (out) hits.set(shipId, out);
        if (back) hitBy.set(shipId, back);
      }
      return { ...e, hits, hitBy };
    });
  const next: Evaluation = { world, rounds, ends: [...ends, ...ratedEnds(world, rounds, shipId)] };
  return { ev: next, rating: ratingOf(next, player) };
}

/** The best spot found to deploy ship `shipId` (one of `pos.pending`) for `player`, or null when none was legal. */
export function bestDeploySpot(
  pos: SetupPosition,
  player: Player,
  shipId: string,
  seed: number,
  budget: SearchBudget,
  ev: Evaluation = evaluate(pos),
): SearchResult | null {
  const ship = pos.pending.find((s) => s.id === shipId);
  if (!ship) throw new Error(`setup search: ${shipId} is not a ship still to deploy`);
  const world = ev.world;
  const zone = deploymentZone(world, ship.player);
  const rnd = mulberry32(seed);
  const facing = ship.player === 1 ? 0 : 180;
  // the table as it stands (stand-ins aside): what a deployment must keep clear of
  const deployed = world.table.ships.filter((s) => pos.table.ships.some((t) => t.id === s.id));
  const clearOf = worldWithShips(world, deployed);
  const r = searchLoop(budget, () => {
    const rotation = (facing + 5 * Math.round((rnd() - 0.5) * 12) + 360) % 360;
    // the centre where the base's box lies in the zone
    const b = shipShapes(world.catalog, { ...ship, x: 0, y: 0, rotation }).base;
    const x = zone.x0 - b.minX + rnd() * (zone.x1 - zone.x0 - (b.maxX - b.minX)),
      y = zone.y0 - b.minY + rnd() * (zone.y1 - zone.y0 - (b.maxY - b.minY));
    const at = { ...ship, x, y, rotation };
    if (!deploySpotOk(clearOf, at)) return null;
    return { x, y, rotation, rating: rateDeployment(ev, player, shipId, { x, y, rotation }).rating };
  });
  if (!r.best) return null;
  const { x, y, rotation, rating } = r.best;
  return { kind: 'deploy', piece: shipId, x, y, rotation, rating, ...tally(r), seed };
}

function worldWithShips(world: World, ships: Ship[]): World {
  return new World({ ...world.table, ships }, world.base, world);
}
