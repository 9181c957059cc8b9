/**
 * Writes assets/cards.json: the project's own card table for reading fleet lists, derived from
 * ../shared/reference/cards.json (card names, factions, classes, points; builders' spellings).
 *
 * A card is its name and its points together (several cards share a name: Darth Vader flies a
 * TIE Advanced and a TIE Defender, and is two commanders and an officer). Each card keeps the
 * value printed on it (`points`) and every value a builder may write for it (`allPoints`: the
 * printed one, Atomic Mass Games' final errata, community rebalances), so a list's number can
 * tell two cards of one name apart. `official` is a card printed by FFG or released by AMG.
 *
 * Dice and the flotilla mark come from ../shared/reference/card-stats.json (the printed stats, keyed by the
 * same card ids): per ship card its battery armament per hull zone and its anti-squadron armament, per
 * squadron card its anti-squadron and battery armament, each as [red, blue, black]; nothing else of it
 * is kept. The reference names no traits: a flotilla is a ship of hull 3 (no other ship has under 4),
 * checked below against the flotillas by name.
 *
 * Aliases are the builders' own spellings that the reference recorded (with the builders seen
 * writing them); spellings built from a card's parts (an ace "Pilot - Type", Fab's "Pilot Ship")
 * are made by src/model/cards.ts, not stored here.
 *
 *   npx tsx scripts/derive-cards.ts [reference-dir]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const REF = process.argv[2] ?? join(HERE, '..', '..', 'shared', 'reference');
const ref = JSON.parse(readFileSync(join(REF, 'cards.json'), 'utf8'));
const stats = JSON.parse(readFileSync(join(REF, 'card-stats.json'), 'utf8')) as {
  ships: Record<
    string,
    { size: string; hull: number; armament: Record<string, number[]>; antiSquadron: number[] }
  >;
  squadrons: Record<string, { antiSquadron: number[]; battery: number[] }>;
};
const dice = (d: number[] | undefined, what: string): [number, number, number] => {
  if (!Array.isArray(d) || d.length !== 3 || !d.every((n) => Number.isInteger(n) && n >= 0))
    throw new Error(`${what}: dice should be [red, blue, black], got ${JSON.stringify(d)}`);
  return [d[0], d[1], d[2]];
};
function stats_provenance() {
  const p = (stats as unknown as { provenance: { source: { repo: string; commit: string } } }).provenance
    .source;
  return `${p.repo}@${p.commit.slice(0, 12)}`;
}
const HUGE_ZONES: Record<string, string> = {
  left: 'front-left',
  right: 'front-right',
  left_aux: 'rear-left',
  right_aux: 'rear-right',
};
const FLOTILLAS = /^(GR-75 |Gozanti-class |Trident-class Assault (Carriers|Ships)$)/;
const shipDice = (id: string, name: string) => {
  const s = stats.ships[id];
  if (!s) return {};
  const flotilla = s.hull === 3;
  if (flotilla !== FLOTILLAS.test(name))
    throw new Error(`${id}: hull ${s.hull}, flotilla by name ${!flotilla}`);
  return {
    // hull zones as the table names them: a huge ship's side pairs are front-left/right (the card's left and
    // right) and rear-left/right (its auxiliary zones; reference hugeShipZones)
    armament: Object.fromEntries(
      Object.entries(s.armament).map(([z, d]) => [
        (s.size === 'huge' ? HUGE_ZONES[z] : z) ?? z,
        dice(d, `${id} ${z}`),
      ]),
    ),
    antiSquadron: dice(s.antiSquadron, `${id} anti-squadron`),
    ...(flotilla ? { flotilla: true } : {}),
  };
};
const squadronDice = (id: string) => {
  const s = stats.squadrons[id];
  if (!s) return {};
  return {
    antiSquadron: dice(s.antiSquadron, `${id} anti-squadron`),
    battery: dice(s.battery, `${id} battery`),
  };
};
const classes = JSON.parse(readFileSync(join(HERE, '..', 'assets', 'ship-classes.json'), 'utf8'))
  .classes as Record<string, unknown>;

interface RefCard {
  id: string;
  name: string;
  faction?: string;
  factions?: string[];
  source: string;
  points?: number;
  allPoints?: number[];
  class?: string;
  classes?: string[];
  unique?: boolean;
  squadronType?: string;
  shipName?: string;
  type?: string;
  category?: string;
}
// card id -> spelling -> the builders seen writing it
const aliasesOf = new Map<string, Map<string, Set<string>>>();
const addAlias = (id: string, alias: string, builders: string[]) => {
  if (!aliasesOf.has(id)) aliasesOf.set(id, new Map());
  const m = aliasesOf.get(id)!;
  if (!m.has(alias)) m.set(alias, new Set());
  for (const b of builders) m.get(alias)!.add(b);
};
for (const a of ref.aliases as { alias: string; cardId: string; builders: string[] }[])
  addAlias(a.cardId, a.alias, a.builders);
for (const a of ref.ambiguousAliases as {
  alias: string;
  candidates: { cardId: string }[];
  builders: string[];
}[]) {
  for (const c of a.candidates) addAlias(c.cardId, a.alias, a.builders);
}
// normalised spellings (lower-case letters and digits run together) are kept as written: the reader compares them so
const keysOf = new Map<string, string[]>();
for (const a of ref.normalizedAliases as { key: string; cardId: string }[])
  keysOf.set(a.cardId, [...(keysOf.get(a.cardId) ?? []), a.key]);

const known = new Set<string>();
const base = (c: RefCard) => {
  if (known.has(c.id)) throw new Error(`card id twice: ${c.id}`);
  known.add(c.id);
  const out: Record<string, unknown> = { id: c.id, name: c.name };
  return out;
};
const pts = (c: RefCard) => {
  if (typeof c.points !== 'number') throw new Error(`${c.id}: no points`);
  const all = [...new Set([c.points, ...(c.allPoints ?? [])])].sort((a, b) => a - b);
  return { points: c.points, ...(all.length > 1 ? { allPoints: all } : {}) };
};
const extra = (c: RefCard) => ({
  ...(c.source === 'official' ? { official: true } : {}),
  ...(aliasesOf.has(c.id)
    ? {
        aliases: Object.fromEntries(
          [...aliasesOf.get(c.id)!]
            .sort((a, b) => (a[0] < b[0] ? -1 : 1))
            .map(([k, v]) => [k, [...v].sort()]),
        ),
      }
    : {}),
  ...(keysOf.has(c.id) ? { keys: keysOf.get(c.id)!.sort() } : {}),
});

const ships = [...ref.ships, ...ref.shipsWithoutClass].map((c: RefCard) => {
  if (c.class !== undefined && !Object.hasOwn(classes, c.class))
    throw new Error(`${c.id}: class ${c.class} not in assets/ship-classes.json`);
  return {
    ...base(c),
    faction: c.faction,
    ...(c.class ? { class: c.class } : {}),
    ...pts(c),
    ...shipDice(c.id, c.name),
    ...extra(c),
  };
});
const titles = ref.titles.map((c: RefCard) => ({
  ...base(c),
  faction: c.faction,
  classes: c.classes ?? [],
  ...pts(c),
  ...extra(c),
}));
const squadrons = ref.squadrons.map((c: RefCard) => ({
  ...base(c),
  faction: c.faction,
  type: c.squadronType,
  ...(c.shipName ? { shipName: c.shipName } : {}),
  unique: !!c.unique,
  ...pts(c),
  ...squadronDice(c.id),
  ...extra(c),
}));
const upgrades = ref.upgrades.map((c: RefCard) => ({
  ...base(c),
  type: c.type,
  factions: c.factions ?? [],
  ...pts(c),
  ...extra(c),
}));
const objectives = ref.objectives.map((c: RefCard) => ({ ...base(c), category: c.category, ...extra(c) }));
for (const id of [...aliasesOf.keys(), ...keysOf.keys()])
  if (!known.has(id)) throw new Error(`alias for an unknown card ${id}`);

const out = {
  format: 'armada-cards/1',
  about:
    'Derived by scripts/derive-cards.ts from ../shared/reference/cards.json (do not edit by hand). A card is its name and' +
    ' its points: points = the value printed on the card, allPoints = every value a fleet builder may write for it (printed,' +
    " AMG final errata, community rebalances). official = printed by FFG or released by AMG. aliases = builders' spellings" +
    ' recorded in the reference, each with the builders seen writing it; keys = spellings as lower-case letters and digits run together.' +
    ' armament (per hull zone), antiSquadron, battery: dice as [red, blue, black], from shared/reference/card-stats.json;' +
    ' flotilla: a ship of hull 3 there.',
  source: {
    file: 'shared/reference/cards.json',
    stats: `shared/reference/card-stats.json (${stats_provenance()})`,
    built: ref.provenance.built,
    sources: ref.provenance.sources.map(
      (s: { id: string; repo: string; commit: string }) => `${s.id}: ${s.repo}@${s.commit.slice(0, 12)}`,
    ),
  },
  factions: ['empire', 'rebel', 'republic', 'separatist', 'scum', 'new-republic'],
  ships,
  titles,
  squadrons,
  upgrades,
  objectives,
};
const file = join(HERE, '..', 'assets', 'cards.json');
writeFileSync(
  file,
  JSON.stringify(out, null, 0)
    .replace(/\},\{/g, '},\n{')
    .replace(/":\[\{/g, '":[\n{') + '\n',
);
console.log(
  `${file}: ${ships.length} ships, ${titles.length} titles, ${squadrons.length} squadrons, ${upgrades.length} upgrades, ${objectives.length} objectives`,
);
