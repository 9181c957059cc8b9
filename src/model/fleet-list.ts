/**
 * A fleet list pasted as text: the ships and squadrons it names. Reads the common list-builder
 * exports, one ship or squadron a line:
 * - Ryan Kingston's builder and Star Forge: `Victory II-class Star Destroyer (85)`, upgrades
 *   under it as `• Gunnery Team (7)`, `= 124 Points`, a `Squadrons:` section of
 *   `• 2 x TIE Fighter Squadron (16)` and `• Darth Vader - TIE Advanced Squadron (21)`,
 *   headers `Name:`, `Faction:`, `Commander:`, `Assault:`, ..., `Total Points: 400`;
 * - Armada Warlords: `[ flagship ] Imperial II-class Star Destroyer ( 120 points)`, upgrades as
 *   `-  Gunnery Team ( 7 points)`, `= 180 total ship cost`, then squadrons as
 *   `2 TIE Fighter Squadron ( 16 points)` (a count without "x");
 * - Armada Fleets Designer: a first line `Name (400/134/400)`, upgrades as `· Gunnery Team (7)`,
 *   points as `(85 + 20: 105)`, squadrons as `2 x TIE Fighter Squadron (2 x 8)`;
 * - plain lists: `2 x CR90 Corvette A`, `- Victory II-class Star Destroyer`, one a line.
 * Ships are recognised by the card names of the catalog's classes (`cards`), compared without
 * case or punctuation ("Victory II Class Star Destroyer", "victory ii-class star destroyer"), a
 * plural `s` and "Mk"/"Mark" aside; a line may add words after the card name (a title) or give only
 * its first words ("Victory II"), when they name one class. A card two classes share
 * ("Arquitens-class Light Cruiser", Empire and Republic) goes to the list's faction (its
 * `Faction:` line, or the faction of its other ships). Squadrons: a line with the word
 * "Squadron", or any line of a `Squadrons:` section (and a counted line after Warlords' ship
 * totals); its name is the card name (for `Ace - Type Squadron`, the ace). Upgrade lines (deeper
 * than their ship: a bullet, dash or indent under an unbulleted ship), headers and totals are
 * passed over; every other line is listed as not recognised, with why.
 */
import { CATALOG, type Catalog, type Faction } from './catalog';

export interface FleetPiece {
  kind: 'ship' | 'squadron';
  /** the card name (a ship's as the catalog spells it) */
  name: string;
  /** a ship's class id */
  class?: string;
  /** 1-based line number in the pasted text, and the line as written */
  line: number;
  text: string;
}

export interface FleetLine { line: number; text: string; why: string }

export interface FleetList {
  /** the list's faction: its `Faction:` line, else the faction most of its ships belong to */
  faction: Faction | null;
  /** every ship and squadron, counts expanded, in list order */
  pieces: FleetPiece[];
  /** lines that name no ship or squadron and are not headers, totals or upgrades */
  unrecognised: FleetLine[];
  /** what was assumed (a card two classes share) */
  notes: string[];
  /** how many upgrade lines were passed over */
  upgrades: number;
}

/** the most of one ship or squadron a line may ask for ("2 x ..."): a table holds at most 200 pieces */
export const MAX_COUNT = 20;

const MAX_NAME = 60;

/** Lower case, letters and digits only, one space between words; Mk -> mark, 1/2 -> i/ii, a plural s dropped. */
export function normaliseName(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ')
    .filter(Boolean)
    .map((w) => (w === 'mk' ? 'mark' : w === '1' ? 'i' : w === '2' ? 'ii' : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .join(' ');
}

interface Card { cls: string; faction: Faction; card: string; words: string[] }

function cardsOf(cat: Pick<Catalog, 'shipClasses'>): Card[] {
  const out: Card[] = [];
  for (const [cls, spec] of Object.entries(cat.shipClasses)) {
    for (const card of spec.cards ?? []) out.push({ cls, faction: spec.faction, card, words: normaliseName(card).split(' ') });
  }
  return out;
}

const startsWith = (a: string[], b: string[]) => b.length <= a.length && b.every((w, i) => a[i] === w);

/** The cards a piece of text names: exactly, the card then more words, or the card's first words. */
function matchCards(cards: Card[], text: string): Card[] {
  const words = normaliseName(text).split(' ').filter(Boolean);
  if (!words.length) return [];
  const exact = cards.filter((c) => c.words.length === words.length && startsWith(words, c.words));
  if (exact.length) return exact;
  // the card name followed by more words (a title): the longest card wins
  const longer = cards.filter((c) => startsWith(words, c.words));
  if (longer.length) {
    const best = Math.max(...longer.map((c) => c.words.length));
    return longer.filter((c) => c.words.length === best);
  }
  // the first words of a card name ("Victory II"): two words, or one of four letters or more
  if (words.length >= 2 || words[0].length >= 4) return cards.filter((c) => startsWith(c.words, words));
  return [];
}

const FACTION_WORDS: [RegExp, Faction][] = [
  [/separatist|confedera|\bcis\b/i, 'separatist'], [/republic/i, 'republic'], [/rebel/i, 'rebel'], [/empire|imperial/i, 'empire'],
];

const HEADER = /^(fleet name|name|faction|commander|assault objective|defen[cs]e objective|navigation objective|assault|defen[cs]e|navigation|objectives?|author|points|fleet points|ship points|squadron points|total points|total|ships|squadrons|fleet|list|format)\s*(\(\s*\d+\s*\))?\s*:/i;

interface Line {
  no: number;
  raw: string;
  /** indentation plus one for a bullet or dash */
  level: number;
  marker: '' | 'bullet' | 'dash' | 'number';
  /** without marker, brackets' contents removed, count and points removed */
  body: string;
  /** texts to try against the card names: the body, its parts around " - " and ":", and each parenthesised group */
  tries: string[];
  count: number | null;
}

function readLine(raw: string, no: number): Line {
  const indent = /^[ \t]*/.exec(raw)![0].replace(/\t/g, '    ').length;
  let t = raw.trim();
  let marker: Line['marker'] = '';
  const m = /^(?:([•·●▪◦*+>])|([-–—])|(\d+[.)]))\s*/.exec(t);
  if (m && !/^\d+\s*[x×]/i.test(t)) {
    marker = m[1] ? 'bullet' : m[2] ? 'dash' : 'number';
    t = t.slice(m[0].length);
  }
  // "[ flagship ]", "[Legacy]": tags, not names
  t = t.replace(/\[[^\]]*\]/g, ' ');
  const groups = [...t.matchAll(/\(([^)]*)\)/g)].map((g) => g[1]);
  t = t.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  let count: number | null = null;
  // "2 x TIE", "2x TIE", "2×TIE", Warlords' "2 TIE" (but "2 X-wing" is two X-wings)
  const c = /^(\d+)\s*(?:x(?=\s)|×)\s*/i.exec(t) ?? /^(\d+)\s+(?=[A-Za-z])/.exec(t);
  if (c) {
    count = Number(c[1]);
    t = t.slice(c[0].length);
  } else {
    const s = /\s*[x×]\s*(\d+)$/i.exec(t);
    if (s) { count = Number(s[1]); t = t.slice(0, s.index); }
  }
  // points at the end: "85", "85 pts", ": 85 points", "- 85"
  t = t.replace(/(?:^|[\s:,=–—-]+)\d+\s*(?:pts?|points?)?\.?$/i, '').replace(/[\s:,–—-]+$/, '').trim();
  const parts = t.split(/\s+[-–—:]\s+|:\s*/).map((p) => p.trim()).filter(Boolean);
  const tries = [t, ...(parts.length > 1 ? parts : []), ...groups.map((g) => g.trim()).filter((g) => /[a-z]/i.test(g))];
  return { no, raw, level: indent + (marker ? 1 : 0), marker, body: t, tries, count };
}

/** Read a pasted fleet list (see the module's comment). Never throws: what it cannot read is listed. */
export function parseFleetList(text: string, cat: Pick<Catalog, 'shipClasses'> = CATALOG): FleetList {
  const cards = cardsOf(cat);
  let faction: Faction | null = null;
  const found: { l: Line; kind: 'ship' | 'squadron'; name: string; cards?: Card[] }[] = [];
  const unrecognised: FleetLine[] = [];
  let upgrades = 0;
  let section: 'ships' | 'squadrons' | null = null;
  let afterShipTotals = false;
  let shipLevel: number | null = null;

  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, i) => {
    const trimmed = raw.trim();
    if (!trimmed) { shipLevel = null; return; }
    // headers: the faction is kept, a Squadrons: or Ships: header opens a section
    const h = HEADER.exec(trimmed.replace(/^[•·*-]\s*/, ''));
    if (h) {
      const key = h[1].toLowerCase();
      const rest = trimmed.slice(trimmed.indexOf(':') + 1);
      if (key === 'faction') for (const [re, f] of FACTION_WORDS) if (re.test(rest)) { faction = f; break; }
      if (key === 'squadrons') section = 'squadrons';
      if (key === 'ships') section = 'ships';
      shipLevel = null;
      return;
    }
    // totals and rules: "= 124 Points", "= 180 total ship cost", "=====", "400/400", AFD's "Name (400/134/400)"
    if (/^=/.test(trimmed) || /^[\s\d/=_*~#.:,+()-]+$/.test(trimmed) || /\(\s*\d+\s*\/\s*\d+(\s*\/\s*\d+)?\s*\)\s*$/.test(trimmed) ||
      /^total\b/i.test(trimmed) || /\btotal (ship|squadron|fleet)? ?(cost|points)\b/i.test(trimmed)) {
      if (/total ship cost/i.test(trimmed)) afterShipTotals = true;
      shipLevel = null;
      return;
    }
    const l = readLine(raw, i + 1);
    if (!l.body) { unrecognised.push({ line: l.no, text: trimmed, why: 'no name on this line' }); return; }
    const shipCards = l.tries.map((t) => matchCards(cards, t)).find((m) => m.length) ?? [];
    const squadronWord = /\bsquadrons?\b/i.test(l.body);
    const inSquadrons = section === 'squadrons';
    // an upgrade: deeper than the ship above it (Warlords' "-", AFD's "·", Star Forge's "•", an indent)
    if (!inSquadrons && shipLevel !== null && l.level > shipLevel && !shipCards.length) { upgrades++; return; }
    const times = l.count ?? 1;
    if (times < 1 || times > MAX_COUNT) {
      unrecognised.push({ line: l.no, text: trimmed, why: `a count of ${times}: expected 1 to ${MAX_COUNT}` });
      return;
    }
    if (squadronWord || (inSquadrons && !shipCards.length) || (afterShipTotals && l.count !== null && !shipCards.length)) {
      // "Darth Vader - TIE Advanced Squadron": the ace's name; otherwise the card as written
      const ace = /^(.+?)\s+[-–—]\s+(.+\bsquadrons?\b.*)$/i.exec(l.body);
      const name = (ace ? ace[1] : l.body).slice(0, MAX_NAME).trim();
      for (let k = 0; k < times; k++) found.push({ l, kind: 'squadron', name });
      shipLevel = null;
      return;
    }
    if (shipCards.length) {
      for (let k = 0; k < times; k++) found.push({ l, kind: 'ship', name: '', cards: shipCards });
      shipLevel = l.level;
      return;
    }
    const near = closestCard(cards, l.body);
    unrecognised.push({ line: l.no, text: trimmed, why: `no ship class has a card of that name${near ? ` (the nearest: ${near})` : ''}, and it does not say "Squadron"` });
  });

  // the faction: the list's own line, else the faction most of its unambiguous ships belong to
  if (!faction) {
    const tally = new Map<Faction, number>();
    for (const f of found) {
      const fs = new Set(f.cards?.map((c) => c.faction));
      if (fs.size === 1) { const k = [...fs][0]; tally.set(k, (tally.get(k) ?? 0) + 1); }
    }
    const best = [...tally.entries()].sort((a, b) => b[1] - a[1]);
    if (best.length && (best.length === 1 || best[0][1] > best[1][1])) faction = best[0][0];
  }
  const notes: string[] = [];
  const pieces: FleetPiece[] = [];
  for (const f of found) {
    if (f.kind === 'squadron') { pieces.push({ kind: 'squadron', name: f.name, line: f.l.no, text: f.l.raw.trim() }); continue; }
    let options = f.cards!;
    const classes = () => [...new Set(options.map((c) => c.cls))];
    if (classes().length > 1 && faction) {
      const mine = options.filter((c) => c.faction === faction);
      if (mine.length) options = mine;
    }
    if (classes().length > 1) {
      const all = classes();
      const note = `line ${f.l.no} "${f.l.raw.trim()}": ${all.join(' or ')}; taken as ${all[0]} (a "Faction:" line chooses)`;
      if (!notes.includes(note)) notes.push(note);
    }
    const c = options[0];
    // a card named exactly keeps its own spelling; a title or a short form takes the first card it names
    pieces.push({ kind: 'ship', name: c.card.slice(0, MAX_NAME), class: c.cls, line: f.l.no, text: f.l.raw.trim() });
  }
  return { faction, pieces, unrecognised, notes, upgrades };
}

const bigrams = (s: string) => {
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < s.length; i++) out.set(s.slice(i, i + 2), (out.get(s.slice(i, i + 2)) ?? 0) + 1);
  return out;
};

/** The card name most like the text (letter pairs in common, Dice's coefficient of at least 0.6), for a hint. */
function closestCard(cards: Card[], text: string): string | null {
  const a = bigrams(normaliseName(text));
  const na = [...a.values()].reduce((x, y) => x + y, 0);
  let best: Card | null = null, score = 0;
  for (const c of cards) {
    const b = bigrams(c.words.join(' '));
    let common = 0, nb = 0;
    for (const [k, v] of b) { nb += v; common += Math.min(v, a.get(k) ?? 0); }
    const s = (2 * common) / (na + nb);
    if (s > score) { score = s; best = c; }
  }
  return best && score >= 0.6 ? best.card : null;
}
