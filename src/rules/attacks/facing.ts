/**
 * The hull zones two pieces face each other with: when a player sets two pieces down by dragging
 * them, the attack worth judging is the one the attacker can make, not the one from the zone the
 * finger happened to grab. Among the attacker's zones and the defender's, the attack that is in arc,
 * in range and not blocked (by the defender's own other hull zones) comes first; then one in arc and
 * in range, then one in arc; within a tier the shortest range wins, then the zones' order. When the
 * second piece can attack the first and the first cannot attack the second, the pair is turned round.
 */
import type { HullZoneName } from '../../model/catalog';
import type { AttackReport } from '../../model/report';
import type { World } from '../world';
import { attackBetween } from './attacks';

/** How good an attack is to put before the players (lower is better): see the file's comment. */
export function facingTier(a: AttackReport): number {
  if (!a.inArc) return 3;
  if (a.range === 'beyond') return 2;
  return a.los === 'blocked' ? 1 : 0;
}

/** The keys a piece attacks or defends with: its hull zones, or its own id for a squadron. */
function sidesOf(world: World, id: string): string[] | null {
  const e = world.byId.get(id);
  if (e?.kind === 'ship') return e.shapes.zones.map((z) => `${id}.${z}`);
  if (e?.kind === 'squadron') return [id];
  return null;
}

/** Whether attack `r` comes before `out` (none yet: it does): tier, then range; a tie keeps `out`. */
function better(r: AttackReport, out: AttackReport | null): boolean {
  return (
    !out ||
    facingTier(r) < facingTier(out) ||
    (facingTier(r) === facingTier(out) && (r.rangeMm ?? Infinity) < (out.rangeMm ?? Infinity))
  );
}

function best(world: World, attacker: string, defender: string): AttackReport | null {
  const as = sidesOf(world, attacker),
    ds = sidesOf(world, defender);
  if (!as || !ds) return null;
  let out: AttackReport | null = null;
  for (const a of as)
    for (const d of ds) {
      const r = attackBetween(world, a, d);
      if (better(r, out)) out = r;
    }
  return out;
}

/**
 * Of `candidates` (hull zones of one defending ship, as `ship.zone` keys: those a tap may have meant),
 * the one the attack of `attacker` (a hull zone or squadron key) is best against, in facingPair's order:
 * in arc, in range and not blocked first, then the shortest range, then the ship's zone order. The zone
 * `under` the finger stands unless the best is of a better tier (facingTier: in arc where it is not, in range
 * where it is beyond, not blocked where it is): the player may have meant it, and a tap is not second-guessed
 * for a few mm of range, nor for a tie. Null when no candidate is a side of the table's pieces.
 */
export function facingZone(
  world: World,
  attacker: string,
  candidates: readonly string[],
  under: string | null = null,
): string | null {
  const order = (key: string) => {
    const [id, zone] = key.split('.');
    const e = world.byId.get(id);
    return e?.kind === 'ship' ? e.shapes.zones.indexOf(zone as HullZoneName) : -1;
  };
  const known = candidates.filter((k) => order(k) >= 0).sort((a, b) => order(a) - order(b));
  if (!known.length || !sidesOf(world, attacker.split('.')[0])?.includes(attacker)) return null;
  let out: AttackReport | null = null;
  for (const d of known) {
    const r = attackBetween(world, attacker, d);
    if (better(r, out)) out = r;
  }
  if (!out || !under || !known.includes(under)) return out?.defender ?? null;
  // the finger's zone stands unless another is a better kind of attack (a tier, not a few mm of range)
  return facingTier(out) < facingTier(attackBetween(world, attacker, under)) ? out.defender : under;
}

/**
 * Of the hull zones of the ship `attacker` is a zone of (a `ship.zone` key; a squadron's id stands alone), the
 * one whose attack on `defender` (a hull zone or squadron key) is best, in facingPair's order: in arc, in range
 * and not blocked first, then the shortest range, then the ship's zone order. Null when either is no side of
 * the table's pieces.
 */
export function facingAttacker(world: World, attacker: string, defender: string): string | null {
  const as = sidesOf(world, attacker.split('.')[0]);
  if (!as?.includes(attacker) || !sidesOf(world, defender.split('.')[0])?.includes(defender)) return null;
  let out: AttackReport | null = null;
  for (const a of as) {
    const r = attackBetween(world, a, defender);
    if (better(r, out)) out = r;
  }
  return out?.attacker ?? null;
}

/**
 * The attack between pieces `attacker` and `defender` (ids, of two players) worth judging, as keys
 * (`ship.zone` or a squadron id); null when either is no ship or squadron or both belong to one player.
 */
export function facingPair(
  world: World,
  attacker: string,
  defender: string,
): { attacker: string; defender: string } | null {
  const pa = world.byId.get(attacker)?.piece,
    pd = world.byId.get(defender)?.piece;
  if (!pa || !pd || !('player' in pa) || !('player' in pd) || pa.player === pd.player) return null;
  const there = best(world, attacker, defender);
  if (!there) return null;
  const back = facingTier(there) > 0 ? best(world, defender, attacker) : null;
  const r = back && facingTier(back) < facingTier(there) ? back : there;
  return { attacker: r.attacker, defender: r.defender };
}
