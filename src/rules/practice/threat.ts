/**
 * Threat and opportunity: the attacks a ship would take part in at a position, judged by the
 * rules' own attack questions (src/rules/attacks.ts: firing arc, range, line of sight) on the
 * table with the ship moved there. So a cell's answer is what `analyze` says of that table's
 * attacks between the ship and its enemies (test/rules/practice/practice.test.ts re-judges random
 * cells that way).
 *
 * - threat: which enemy hull zones and squadrons could attack the ship there: in arc, in range
 *   (a squadron: distance 1), line of sight neither blocked nor through dust (a ship's attack
 *   through dust cannot be made); obstructed attacks count and are marked.
 * - opportunity: which enemy hull zones and squadrons the ship could attack there, from which of
 *   its own hull zones, at what range.
 *
 * Pairs whose hull zones (or squadron bases) lie farther apart than the attack's reach (long range
 * for a hull zone, distance 1 for a squadron, each plus the tolerance) are beyond range whatever the
 * rest: the range is measured between those shapes (or a part of one), never closer than their boxes.
 * They are skipped, not judged: most of a table is out of reach of any one position.
 */
import { bboxGap, hullsApartBeyond, relate } from '../../geometry/relate';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import type { AttackReport } from '../../model/report';
import {
  type AttackContext,
  attackContext,
  lineMeetingsOf,
  movedShipContext,
  player,
  type Side,
  type ThirdPieceMeetings,
} from '../attacks/context';
import { attackBetween } from '../attacks/attacks';
import type { Pose } from '../movement/maneuver';
import { outsideBy, playArea } from '../sanity';
import type { ShipEntry, World } from '../world';
import { type ShipPlace, worldWithShipAt } from './moved';

export type Range = AttackReport['range'];
export type Los = AttackReport['los'];

/** One attack of a pair that is in arc and in range. */
export interface PairVerdict {
  /** the attacker's key (a hull zone 'ship.zone', or a squadron id) */
  attacker: string;
  defender: string;
  range: Range;
  rangeMm: number;
  los: Los;
  /** the attack can be made: line of sight clear or obstructed (not blocked, not through dust for a ship) */
  can: boolean;
}

/** What one attack question's answer says for a map: null when out of arc or beyond range. */
export function pairVerdict(
  a: Pick<AttackReport, 'attacker' | 'defender' | 'inArc' | 'range' | 'rangeMm' | 'los'>,
): PairVerdict | null {
  if (!a.inArc || a.range === 'beyond') return null;
  return {
    attacker: a.attacker,
    defender: a.defender,
    range: a.range,
    rangeMm: a.rangeMm ?? NaN,
    los: a.los,
    can: a.los === 'clear' || a.los === 'obstructed',
  };
}

/** What a position is: the ship there overlapping another ship (no ship can be there), or off the table. */
export interface PlaceNote {
  /** other ships its footprint overlaps */
  overlapsShips: string[];
  /** its base pokes out of the play area */
  offTable: boolean;
}

export interface ThreatCell extends PlaceNote {
  x: number;
  y: number;
  /** every in-arc, in-range pair with an enemy attacker and one of the ship's zones defending */
  pairs: PairVerdict[];
  /** the enemy attackers (hull zones, squadrons) that can attack some hull zone of the ship here */
  attackers: string[];
}

export interface Opportunity extends PlaceNote {
  pose: Pose;
  /** every in-arc, in-range pair with one of the ship's zones attacking an enemy */
  pairs: PairVerdict[];
  /** the enemy hull zones and squadrons it can attack from some zone here */
  targets: string[];
}

function reaches(world: World, a: Side): number {
  const r = world.catalog.ruler;
  return (a.kind === 'zone' ? r.range[r.range.length - 1].end : r.distance[0].end) + TOLERANCE_MM;
}

function placeNote(world: World, ship: ShipEntry): PlaceNote {
  const fp = ship.shapes.footprint;
  const overlapsShips: string[] = [];
  for (const s of world.ships) {
    if (s === ship || hullsApartBeyond(fp, s.shapes.footprint, TOLERANCE_MM)) continue;
    if (relate(fp, s.shapes.footprint).kind === 'overlap') overlapsShips.push(s.id);
  }
  return { overlapsShips, offTable: outsideBy(ship, playArea(world)).mm > TOLERANCE_MM };
}

/**
 * The pairs between one ship and its enemies, on a world with the ship where it is asked about:
 * 'defend' its zones as defenders (threat), 'attack' its zones as attackers (opportunity). Skipped
 * unjudged (each certain, by separating axes), measured on what the rule measures, the hull zones'
 * cardboard (a huge ship's token reaches 6.75 mm past its bases at each end): an attacker and
 * defender farther apart than the attack's reach (beyond range), and a defender wholly outside the
 * attacking zone's firing arc by more than the tolerance (out of arc); the rest are the rules'
 * attack answers. `only`, when given, keeps the enemies it accepts (the setup rating: ships only).
 */
export function shipPairs(
  world: World,
  shipId: string,
  role: 'defend' | 'attack',
  only?: (other: Side) => boolean,
): PairVerdict[] {
  const ctx = attackContext(world);
  const own = ctx.sides.filter(
    (s): s is Side & { kind: 'zone' } => s.kind === 'zone' && s.ship.id === shipId,
  );
  if (!own.length) throw new Error(`no ship with id "${shipId}"`);
  const me = player(own[0]);
  // the ship's hull zones together: its cardboard token
  const token = own[0].ship.shapes.token;
  const out: PairVerdict[] = [];
  const push = (attacker: string, defender: string) => {
    const v = pairVerdict(attackBetween(world, attacker, defender));
    if (v) out.push(v);
  };
  /** beyond the attack's reach (a hull zone's long range, a squadron's distance 1): certain, by box or axes */
  const apart = (a: Side['shape'], b: Side['shape'], reach: number) =>
    bboxGap(a, b) > reach || (a.kind === 'polygon' && b.kind === 'polygon' && hullsApartBeyond(a, b, reach));
  for (const other of ctx.sides) {
    if (player(other) === me || (only && !only(other))) continue;
    if (role === 'defend') {
      if (apart(other.shape, token, reaches(world, other))) continue;
      if (
        other.kind === 'zone' &&
        hullsApartBeyond(token, other.ship.shapes.arcs[other.zone].polygon, TOLERANCE_MM)
      )
        continue;
      for (const mine of own) push(other.key, mine.key);
    } else {
      const reach = reaches(world, own[0]);
      if (apart(other.shape, token, reach)) continue;
      for (const mine of own) {
        if (apart(other.shape, mine.shape, reach)) continue;
        if (
          other.kind === 'zone' &&
          hullsApartBeyond(other.shape, mine.ship.shapes.arcs[mine.zone].polygon, TOLERANCE_MM)
        )
          continue;
        push(mine.key, other.key);
      }
    }
  }
  return out;
}

/**
 * One ship asked about at many places: each place's world shares the other pieces' shapes and
 * attack data with the table's (movedShipContext), so a place costs the moved ship's shapes and
 * the attacks near it.
 */
export class ShipProbe {
  readonly ship: ShipEntry;
  /** the table's attack contexts, the cover the table reads first (the other answers `readings`) */
  private readonly ctxs: AttackContext[];
  private readonly meetings: ((ThirdPieceMeetings | undefined)[] | undefined)[] = [];

  constructor(
    readonly world: World,
    readonly shipId: string,
  ) {
    const e = world.byId.get(shipId);
    if (!e || e.kind !== 'ship') throw new Error(`practice map: no ship with id "${shipId}"`);
    this.ship = e;
    const first = attackContext(world);
    this.ctxs = [first, attackContext(world, first.cover === 'base' ? 'token' : 'base')];
  }

  /** The world with the ship at `place`, its attack contexts in place. */
  at(place: ShipPlace): World {
    const w = worldWithShipAt(this.world, this.shipId, place);
    this.ctxs.forEach((ctx, i) => {
      // one line cache per context, reused from place to place
      this.meetings[i] = lineMeetingsOf(movedShipContext(ctx, w, this.shipId, this.meetings[i]));
    });
    return w;
  }

  /** The threat to the ship placed at (x, y) at its current heading (its speed dial kept). */
  threat(x: number, y: number): ThreatCell {
    const w = this.at({ x, y, rotation: this.ship.piece.rotation });
    const pairs = shipPairs(w, this.shipId, 'defend');
    const note = placeNote(w, w.byId.get(this.shipId) as ShipEntry);
    return { x, y, ...note, pairs, attackers: distinct(pairs.filter((p) => p.can).map((p) => p.attacker)) };
  }

  /** What the ship could attack from a pose (a reach end). */
  opportunity(pose: Pose): Opportunity {
    const w = this.at(pose);
    const pairs = shipPairs(w, this.shipId, 'attack');
    const note = placeNote(w, w.byId.get(this.shipId) as ShipEntry);
    return {
      pose: { x: pose.x, y: pose.y, rotation: pose.rotation },
      ...note,
      pairs,
      targets: distinct(pairs.filter((p) => p.can).map((p) => p.defender)),
    };
  }
}

/** Distinct names in order of first appearance. */
function distinct(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** The threat to a ship placed at (x, y) at its current heading (its speed dial kept). */
export function threatAt(world: World, shipId: string, x: number, y: number): ThreatCell {
  return new ShipProbe(world, shipId).threat(x, y);
}

/** What the ship could attack from a pose (a reach end). */
export function opportunityAt(world: World, shipId: string, pose: Pose): Opportunity {
  return new ShipProbe(world, shipId).opportunity(pose);
}

/** The full answers behind a threat cell or an opportunity, with the rules' explanations: for a tap. */
export function pairsExplained(
  world: World,
  shipId: string,
  pose: Pose,
  role: 'defend' | 'attack',
): (PairVerdict & { why: string })[] {
  const w = worldWithShipAt(world, shipId, pose);
  return shipPairs(w, shipId, role).map((p) => ({ ...p, why: attackBetween(w, p.attacker, p.defender).why }));
}
