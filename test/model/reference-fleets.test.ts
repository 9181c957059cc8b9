/**
 * The bundled fleet lists (src/model/reference-fleets.ts) held to the card table (assets/cards.json):
 * - every line read: none unrecognised, left out or taken for another game's, and every ship of a class
 *   with a speed chart (setup practice leaves none out);
 * - every value written is one the card table gives its card: a builder's export may write any value
 *   a builder has used (printed, errata, rebalance: `pointsOf`), a list composed for the app the printed
 *   one, beside each card's name exactly as the card table prints it;
 * - the totals add up: each ship with its upgrades, Kingston's and Star Forge's `= N Points` lines, and
 *   the list's own total;
 * - the label and faction say what the list is; a composed list keeps the fleet-building rules
 *   (checkFleet) within 400 points and says on its first line that it was composed from the card list.
 */
import { describe, expect, it } from 'vitest';
import { type Card, type CardKind, CARDS, cardIndex, factionsOf, pointsOf } from '../../src/model/cards';
import { checkFleet } from '../../src/model/fleet-check';
import { type FleetReading, readFleetList } from '../../src/model/fleet-list';
import { PRACTICE_DEFAULTS, REFERENCE_FLEETS, type ReferenceFleet } from '../../src/model/reference-fleets';
import { fleetShips } from '../../src/state/setup-practice';

/**
 * Values the shared builders' exports write that no card of that name has in the card table (the
 * builders agree on them: a gap of the card table, not of the lists, which are kept as exported).
 * Each is held to be still missing from the card table and still written by a list.
 */
const NOT_IN_CARD_TABLE: Record<string, number[]> = {
  'Assault Proton Torpedoes': [5], // afd-old-food, kingston-spicy-radish, afd-new-w8-hodgepodge
  Admonition: [8], // afd-old-food, kingston-spicy-radish, afd-new-w8-hodgepodge
  'External Racks': [3], // kingston-spicy-radish, afd-new-w8-hodgepodge
  'Leading Shots': [4], // kingston-spicy-radish
};

const fits = (factions: string[], faction: string | null) =>
  !factions.length || !faction || factions.includes(faction);

/** The values a card may be written at: the printed one in a composed list, any a builder used else. */
function values(card: Card, printedOnly: boolean): number[] {
  if (card.kind === 'objective') return [0];
  return printedOnly ? [card.points] : [...pointsOf(card), ...(NOT_IN_CARD_TABLE[card.name] ?? [])];
}

/** A list's bulleted lines (`• Name (7)`, `+ Name (7)`, `• 2 x Name (16)`): upgrades, or squadrons. */
function bulletLines(text: string) {
  let squadrons = false;
  return text.split('\n').flatMap((raw) => {
    const l = raw.trim();
    if (/^squadrons\s*:/i.test(l)) squadrons = true;
    else if (/^=/.test(l)) squadrons = false;
    const m = /^[•+]\s*(?:(\d+) x )?(.+) \((\d+)\)$/.exec(l);
    return m ? [{ line: l, count: Number(m[1] ?? 1), name: m[2], n: Number(m[3]), squadrons }] : [];
  });
}

/** What a list's values say against the card table: one line per value no card of its name gives. */
function pointsProblems(f: ReferenceFleet, r: FleetReading): string[] {
  const printed = f.source === 'composed';
  const out: string[] = [];
  const index = cardIndex();
  for (const s of r.ships) {
    const ship = index.cards.find((c) => c.id === s.cardId)!;
    if (!values(ship, printed).includes(s.points))
      out.push(`${s.card}: ${s.points}, the card ${values(ship, printed).join(' or ')}`);
  }
  for (const q of r.squadrons) {
    const each = values(index.cards.find((c) => c.id === q.cardId)!, printed);
    if (!each.includes(q.points / q.count))
      out.push(`${q.count} x ${q.card}: ${q.points}, each ${each.join(' or ')}`);
  }
  // each bulleted line: its value one that a card of its name (and the list's faction) gives, times its count
  let upgrades = 0;
  for (const b of bulletLines(f.text)) {
    const kinds: CardKind[] = b.squadrons ? ['squadron'] : ['upgrade', 'title'];
    const cards = index
      .find(b.name, kinds)
      .map((h) => h.card)
      .filter((c) => fits(factionsOf(c), r.faction));
    const each = [...new Set(cards.flatMap((c) => values(c, printed)))];
    if (!each.some((v) => v * b.count === b.n))
      out.push(`${b.line}: the card ${each.join(' or ') || 'unknown'}`);
    if (!b.squadrons) upgrades += b.n;
  }
  // the ships' totals: each ship's own value and its upgrades' as written
  const totals = r.ships.reduce((n, s) => n + s.total, 0);
  const own = r.ships.reduce((n, s) => n + s.points, 0);
  if (totals !== own + upgrades) out.push(`ships ${totals}, their cards and upgrades ${own} + ${upgrades}`);
  return out;
}

/** The kinds of card a line of a composed list may name, with their printed values. */
const PRINTED: { name: string; points: number; factions: string[] }[] = [
  ...CARDS.ships.map((c) => ({ name: c.name, points: c.points, factions: [c.faction] })),
  ...CARDS.titles.map((c) => ({ name: c.name, points: c.points, factions: [c.faction] })),
  ...CARDS.upgrades.map((c) => ({ name: c.name, points: c.points, factions: c.factions })),
  ...CARDS.squadrons.map((c) => ({ name: c.name, points: c.points, factions: [c.faction] })),
];

describe('every bundled list, against the card table', () => {
  for (const f of REFERENCE_FLEETS) {
    const r = readFleetList(f.text);
    it(`${f.id}: every line read, every ship of a class with a speed chart`, () => {
      expect(r.unrecognised).toEqual([]);
      expect(r.leftOut).toEqual([]);
      expect(r.notes).toEqual([]);
      expect(r.ships.length).toBeGreaterThanOrEqual(2);
      const practice = fleetShips(f.text, 2);
      expect(practice.skipped).toEqual([]);
      expect(practice.ships.map((s) => s.name)).toEqual(r.ships.map((s) => s.name));
    });

    it(`${f.id}: every value one its card gives, and the totals add up`, () => {
      expect(pointsProblems(f, r)).toEqual([]);
      const sum = r.ships.reduce((n, s) => n + s.total, 0) + r.squadrons.reduce((n, q) => n + q.points, 0);
      expect(r.readPoints).toBe(sum);
      expect(r.statedPoints ?? sum).toBe(sum);
      if (r.builder === 'kingston' || r.builder === 'starforge') {
        const subtotals = f.text.split('\n').flatMap((l) => /^= (\d+) Points$/.exec(l)?.[1] ?? []);
        const squadrons = r.squadrons.reduce((n, q) => n + q.points, 0);
        expect(subtotals.map(Number)).toEqual([...r.ships.map((s) => s.total), squadrons]);
      }
    });

    it(`${f.id}: the label names its faction and ship count`, () => {
      expect(r.faction).toBe(f.faction);
      const word = { rebel: 'Rebel', empire: 'Imperial' }[f.faction];
      expect(f.label).toContain(`(${word}, `);
      expect(f.label).toMatch(new RegExp(`, ${r.ships.length} ships\\)$`));
    });
  }

  it('each value the card table lacks is still lacking, and written by a list', () => {
    const index = cardIndex();
    for (const [name, written] of Object.entries(NOT_IN_CARD_TABLE)) {
      const cards = index.find(name, ['upgrade', 'title']).map((h) => h.card);
      expect(cards.length, name).toBeGreaterThan(0);
      for (const v of written) {
        expect(
          cards.flatMap((c) => pointsOf(c)),
          name,
        ).not.toContain(v);
        const writes = REFERENCE_FLEETS.some((f) =>
          bulletLines(f.text).some((b) => b.name === name && b.n === v),
        );
        expect(writes, `${name} (${v})`).toBe(true);
      }
    }
  });

  it("setup practice starts with the player's Rebel list facing an Imperial one", () => {
    const of = (id: string) => REFERENCE_FLEETS.find((f) => f.id === id);
    expect(PRACTICE_DEFAULTS.mine).toBe(REFERENCE_FLEETS[0].id);
    expect(of(PRACTICE_DEFAULTS.mine)?.faction).toBe('rebel');
    expect(of(PRACTICE_DEFAULTS.theirs)?.faction).toBe('empire');
  });

  it('both factions are there to choose', () => {
    expect(new Set(REFERENCE_FLEETS.map((f) => f.faction))).toEqual(new Set(['rebel', 'empire']));
    expect(REFERENCE_FLEETS.filter((f) => f.faction === 'empire').length).toBeGreaterThanOrEqual(2);
    expect(new Set(REFERENCE_FLEETS.map((f) => f.id)).size).toBe(REFERENCE_FLEETS.length);
  });
});

describe('the lists composed for the app', () => {
  const composed = REFERENCE_FLEETS.filter((f) => f.source === 'composed');
  for (const f of composed) {
    const r = readFleetList(f.text);
    it(`${f.id}: a legal-looking 400-point Kingston list with one commander`, () => {
      expect(f.text.startsWith('# composed for this app from the card list')).toBe(true);
      expect(r.builder).toBe('kingston');
      const c = checkFleet(r);
      expect(c.problems).toEqual([]);
      expect(c.commanders).toHaveLength(1);
      expect(f.text).toContain(`Commander: ${c.commanders[0]}\n`);
      expect(r.points).toBeLessThanOrEqual(400);
      expect(r.points).toBeGreaterThanOrEqual(390);
      expect(r.objectives).toHaveLength(3);
    });

    it(`${f.id}: each card line a card's own name and printed value (times its count)`, () => {
      const lines = f.text.split('\n').filter((l) => /\(\d+\)$/.test(l));
      expect(lines.length).toBeGreaterThan(r.ships.length);
      for (const l of lines) {
        const m = /^(?:• )?(?:(\d+) x )?(.+) \((\d+)\)$/.exec(l)!;
        const count = Number(m[1] ?? 1);
        const cards = PRINTED.filter((c) => c.name === m[2] && fits(c.factions, f.faction));
        expect(cards.length, l).toBeGreaterThan(0);
        expect(
          cards.map((c) => c.points * count),
          l,
        ).toContain(Number(m[3]));
      }
    });
  }
});
