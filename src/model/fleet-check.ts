/**
 * A fleet list checked against the fleet-building rules it can be checked against from its cards
 * (Rules Reference, "Fleet Building"; readings named where the text is ours):
 * - Fleet points: a standard fleet is at most 400 points (or the limit given);
 * - Commander: a fleet has exactly one commander upgrade card (the card each upgrade was read as: a name
 *   may be a commander's and an officer's, src/model/fleet-list.ts);
 * - Flotillas: a flotilla may not carry the commander, and a fleet holds at most two flotillas;
 * - Squadron points: at most one third of the fleet point limit, rounded down (133 of 400), on squadrons.
 * Each problem names the rule, the cards and the numbers. A flotilla is a ship card the card table
 * marks so (scripts/derive-cards.ts).
 */
import { andList } from './names';
import { CARDS } from './cards';
import type { FleetReading } from './fleet-list';

export const STANDARD_FLEET_POINTS = 400;

export interface FleetProblem {
  rule: 'fleet points' | 'commander' | 'flotillas' | 'squadron points';
  text: string;
}

export interface FleetCheck {
  points: number;
  limit: number;
  squadronPoints: number;
  squadronLimit: number;
  commanders: string[];
  flotillas: string[];
  problems: FleetProblem[];
}

const COMMANDER_IDS = new Set(CARDS.upgrades.filter((u) => u.type === 'commander').map((u) => u.id));
const FLOTILLAS = new Set(
  (CARDS.ships as { name: string; flotilla?: boolean }[]).filter((c) => c.flotilla).map((c) => c.name),
);

/** What the fleet-building rules say of a list read (`limit`: its point limit, 400 by default). */
export function checkFleet(
  r: Pick<FleetReading, 'ships' | 'squadrons' | 'readPoints'>,
  limit = STANDARD_FLEET_POINTS,
): FleetCheck {
  const problems: FleetProblem[] = [];
  const points = r.readPoints;
  if (points > limit)
    problems.push({
      rule: 'fleet points',
      text: `Over its points: ${points} of ${limit}, ${points - limit} too many (fleet points: at most ${limit}).`,
    });
  // the upgrade's card as the list was read, not its name: Leia Organa at 3 points is the officer
  const commandersOf = (s: (typeof r.ships)[number]) =>
    s.upgrades.filter((_, i) => COMMANDER_IDS.has(s.upgradeIds[i]));
  const commanders = r.ships.flatMap(commandersOf);
  if (commanders.length > 1)
    problems.push({
      rule: 'commander',
      text: `${commanders.length} commanders: ${andList(commanders)} (commander: a fleet has exactly one).`,
    });
  else if (!commanders.length && r.ships.length)
    problems.push({ rule: 'commander', text: 'No commander (commander: a fleet has exactly one).' });
  const flotillas = r.ships.filter((s) => FLOTILLAS.has(s.card)).map((s) => s.name);
  if (flotillas.length > 2)
    problems.push({
      rule: 'flotillas',
      text: `${flotillas.length} flotillas: ${andList(flotillas)} (flotillas: at most two in a fleet).`,
    });
  for (const s of r.ships)
    if (FLOTILLAS.has(s.card))
      for (const u of commandersOf(s))
        problems.push({
          rule: 'flotillas',
          text: `${u} is on ${s.name}, a flotilla (flotillas: a flotilla may not carry the commander).`,
        });
  const squadronPoints = r.squadrons.reduce((n, q) => n + q.points, 0);
  const squadronLimit = Math.floor(limit / 3);
  if (squadronPoints > squadronLimit)
    problems.push({
      rule: 'squadron points',
      text:
        `Squadrons cost ${squadronPoints}, over ${squadronLimit} (squadron points: at most a third of ` +
        `${limit}, rounded down).`,
    });
  return { points, limit, squadronPoints, squadronLimit, commanders, flotillas, problems };
}

/**
 * The point limit a list states with its total, as the builders write it in its first lines:
 * "Points: 398/400" (Armada Warlords), "Food (398/400)" and "W8 Hodgepodge (0/399/400)" (Armada
 * Fleets Designer: the last number); null when it states none.
 */
export function statedLimit(text: string): number | null {
  const head = text.split(/\r\n|\r|\n/).slice(0, 12);
  for (const line of head) {
    if (line.startsWith('#')) continue;
    const m = /(?:^\s*points?\s*:\s*|\()\s*(?:\d+\s*\/\s*)?\d+\s*\/\s*(\d{2,4})\s*\)?\s*$/i.exec(line);
    if (m) return Number(m[1]);
  }
  return null;
}
