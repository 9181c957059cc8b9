/**
 * The dice an attack rolls, from the attacker's card (assets/cards.json, derived from the printed
 * stats): a ship's hull zone rolls its battery armament at a ship and its anti-squadron armament at
 * a squadron, a squadron its battery armament at a ship and its anti-squadron armament at a squadron.
 * Range decides which colours: at close range every die, at medium range red and blue, at long range
 * red only; a squadron attacks at distance 1 with every die; beyond, none.
 *
 * A piece names its card (`card`, the table's optional field; the fleet list sets it). A ship without
 * one rolls the first printed card of its class, and the pool says so; a squadron without one has no
 * pool (any squadron could be meant).
 */
import { CARDS, type ShipCard, type SquadronCard } from '../../model/cards';
import type { AttackReport } from '../../model/report';
import type { World } from '../world';

/** red, blue, black */
export type Dice = [number, number, number];

export interface DicePool {
  dice: Dice;
  /** the card the dice are from */
  card: string;
  /** the card is not set on the piece: the class's first printed card */
  assumed: boolean;
  armament: 'battery' | 'anti-squadron';
  /** where the armament was read (a hull zone, or the squadron card) and what the range keeps */
  why: string;
}

type Armed = ShipCard & { armament?: Record<string, Dice>; antiSquadron?: Dice };
type ArmedSquadron = SquadronCard & { antiSquadron?: Dice; battery?: Dice };

const COLOURS = ['red', 'blue', 'black'] as const;

/** The dice a range keeps of an armament: close and distance 1 all, medium red and blue, long red, beyond none. */
export function diceAtRange(d: Dice, range: AttackReport['range']): Dice {
  switch (range) {
    case 'close':
    case 'distance-1':
      return [d[0], d[1], d[2]];
    case 'medium':
      return [d[0], d[1], 0];
    case 'long':
      return [d[0], 0, 0];
    default:
      return [0, 0, 0];
  }
}

const RANGE_KEEPS: Record<AttackReport['range'], string> = {
  close: 'close range: every die',
  medium: 'medium range: red and blue',
  long: 'long range: red only',
  'distance-1': 'distance 1: every die',
  beyond: 'beyond range: none',
};

/** "3 red, 1 blue"; "no dice" */
export function diceWords(d: Dice): string {
  const parts = d.map((n, i) => (n ? `${n} ${COLOURS[i]}` : '')).filter(Boolean);
  return parts.length ? parts.join(', ') : 'no dice';
}

/** The ship card a ship rolls: its own (`card`), else its class's first printed card with dice. */
export function shipCardOf(p: { card?: string; class?: string }): { card: Armed; assumed: boolean } | null {
  const ships = CARDS.ships as Armed[];
  if (p.card) {
    const c = ships.find(
      (s) => s.name === p.card && s.armament && (!p.class || !s.class || s.class === p.class),
    );
    return c ? { card: c, assumed: false } : null;
  }
  if (!p.class) return null;
  const c =
    ships.find((s) => s.class === p.class && s.official && s.armament) ??
    ships.find((s) => s.class === p.class && s.armament);
  return c ? { card: c, assumed: true } : null;
}

export function squadronCardOf(p: { card?: string }): ArmedSquadron | null {
  if (!p.card) return null;
  return (CARDS.squadrons as ArmedSquadron[]).find((s) => s.name === p.card && s.battery) ?? null;
}

/** The pool of a judged attack (null: the attacker's card is not known). */
export function dicePool(world: World, a: AttackReport): DicePool | null {
  const [aid, zone] = a.attacker.split('.');
  const att = world.byId.get(aid),
    def = world.byId.get(a.defender.split('.')[0]);
  if (!att || !def) return null;
  const atShip = def.kind === 'ship';
  if (att.kind === 'ship' && zone) {
    const of = shipCardOf(att.piece);
    if (!of) return null;
    const d = atShip ? of.card.armament?.[zone] : of.card.antiSquadron;
    if (!d) return null;
    return {
      dice: diceAtRange(d, a.range),
      card: of.card.name,
      assumed: of.assumed,
      armament: atShip ? 'battery' : 'anti-squadron',
      why: `${atShip ? `${zone} battery` : 'anti-squadron'} armament ${diceWords(d)}; ${RANGE_KEEPS[a.range]}`,
    };
  }
  if (att.kind === 'squadron') {
    const c = squadronCardOf(att.piece);
    const d = c && (atShip ? c.battery : c.antiSquadron);
    if (!c || !d) return null;
    return {
      dice: diceAtRange(d, a.range),
      card: c.name,
      assumed: false,
      armament: atShip ? 'battery' : 'anti-squadron',
      why: `${atShip ? 'battery' : 'anti-squadron'} armament ${diceWords(d)}; ${RANGE_KEEPS[a.range]}`,
    };
  }
  return null;
}
