/**
 * Fleet lists written as each builder exports them, from the card table: for the tests that read
 * every official ship and squadron card back (test/model/fleet-formats.test.ts). The shapes follow
 * the builders' own exports in ../shared/reference/fleet-lists/ and the spellings the card table
 * records for each builder (a card's alias seen from that builder, else its printed name).
 */
import type { ShipCard, SquadronCard } from '../../src/model/cards';
import type { Builder } from '../../src/model/fleet-list';

export interface ListSquadron {
  card: SquadronCard;
  count: number;
}
export interface GeneratedList {
  ships: ShipCard[];
  squadrons: ListSquadron[];
  faction: string;
  objectives: string[];
}

const FACTION: Record<string, { word: string; warlords: string; fabs: string }> = {
  empire: { word: 'Empire', warlords: 'Galactic Empire', fabs: 'IMPERIAL' },
  rebel: { word: 'Rebel', warlords: 'Rebel Alliance', fabs: 'REBEL' },
  republic: { word: 'Republic', warlords: 'Galactic Republic', fabs: 'REPUBLIC' },
  separatist: { word: 'Separatist', warlords: 'Separatist Alliance', fabs: 'SEPARATIST' },
};

/** builder -> card id -> that builder's spelling (the card table's aliases seen from that builder) */
export type Aliases = Record<string, Map<string, string>>;

const shipPts = (c: ShipCard) => c.points;
const sqPts = (c: SquadronCard) => c.points;
const total = (l: GeneratedList) =>
  l.ships.reduce((n, s) => n + shipPts(s), 0) + l.squadrons.reduce((n, q) => n + q.count * sqPts(q.card), 0);
/** An ace named with its type or ship, as Star Forge writes it. */
const aceDash = (c: SquadronCard) => (c.name === c.type ? c.name : `${c.name} - ${c.shipName ?? c.type}`);

export function writeList(builder: Builder, l: GeneratedList, aliases: Aliases): string {
  const f = FACTION[l.faction];
  const name = (b: string, c: ShipCard | SquadronCard) => aliases[b]?.get(c.id) ?? c.name;
  const sq = l.squadrons.reduce((n, q) => n + q.count * sqPts(q.card), 0);
  const [assault, defence, navigation] = l.objectives;
  switch (builder) {
    case 'kingston':
    case 'starforge': {
      const ace = (c: SquadronCard) =>
        builder === 'starforge' ? (aliases.starforge.get(c.id) ?? aceDash(c)) : name('kingston', c);
      return [
        builder === 'starforge' ? ' Name: Every card' : 'Name: Every card',
        `Faction: ${f.word}`,
        'Commander: ',
        '',
        `Assault: ${assault}`,
        `Defense: ${defence}`,
        `Navigation: ${navigation}`,
        '',
        ...l.ships.flatMap((s) => [`${name(builder, s)} (${shipPts(s)})`, `= ${shipPts(s)} Points`, '']),
        'Squadrons:',
        ...l.squadrons.map(
          (q) => `• ${q.count > 1 ? `${q.count} x ` : ''}${ace(q.card)} (${q.count * sqPts(q.card)})`,
        ),
        `= ${sq} Points`,
        '',
        `Total Points: ${total(l)}`,
      ].join('\n');
    }
    case 'warlords':
      return [
        'Every card ',
        '',
        `Faction: ${f.warlords}\t`,
        `Points: ${total(l)}/400\t`,
        ' ',
        'Commander: ',
        '',
        `Assault Objective: ${assault}\t`,
        `Defense Objective: ${defence}\t`,
        `Navigation Objective: ${navigation}\t`,
        '',
        '',
        ...l.ships.flatMap((s, i) => [
          `${i === 0 ? '[ flagship ] ' : ''}${s.name} (${shipPts(s)} points)`,
          `= ${shipPts(s)} total ship cost`,
          '',
          '',
        ]),
        ...l.squadrons.map(
          (q) => `${q.count}\t${q.card.name}${q.count > 1 ? 's' : ''} ( ${q.count * sqPts(q.card)} points) `,
        ),
        `= ${sq} total squadron cost`,
      ].join('\n');
    case 'afd-old':
    case 'afd-new': {
      const isNew = builder === 'afd-new';
      return [
        isNew ? `Every card (0/${total(l)}/400)` : `Every card (${total(l)}/400)`,
        '=============',
        ...l.ships.map((s) => `${name('afd', s)} (${shipPts(s)} + 0${isNew ? `: ${shipPts(s)}` : ''})`),
        ...l.squadrons.map((q) =>
          q.count > 1
            ? `${q.count} x ${q.card.name} (${q.count} x ${sqPts(q.card)})`
            : `${q.card.name} (${sqPts(q.card)})`,
        ),
        ...(isNew ? l.objectives : []),
      ].join('\n');
    }
    case 'fabs': {
      const ace = (c: SquadronCard) =>
        aliases.fabs.get(c.id) ?? (c.name === c.type ? c.name : `${c.name} ${c.shipName ?? c.type}`);
      const lines = [
        ...l.ships.map((s) => `${name('fabs', s)} (${shipPts(s)})`),
        ...l.squadrons.flatMap((q) =>
          Array.from({ length: q.count }, () => `${ace(q.card)} (${sqPts(q.card)})`),
        ),
        `Objectives - ${l.objectives.join(' - ')} (0)`,
      ];
      return [`${f.fabs} FLEET (${total(l)} points)`, ...lines.map((t, i) => `${i + 1} • ${t}`)].join('\n');
    }
    case 'plain':
      return [
        ...l.ships.map((s) => s.name),
        // a pilot flying two types (Darth Vader) is told apart by the points written beside it
        ...l.squadrons.map((q) => `${q.count} x ${q.card.name} (${q.count * sqPts(q.card)})`),
      ].join('\n');
  }
}
