import { CATALOG } from './catalog';
import { CARDS } from './cards';
import type { Table } from './table';

/**
 * What players call the pieces: a ship by its name, else its class's short name ("Victory",
 * "CR90"), numbered when two ships of a table would read the same ("CR90 2"); a squadron by its
 * name, else its id. Ids stay in the full explanation; headlines, cards and canvas labels use these.
 */

const shortClassNames = new Map<string, string>();
/** A class's short name: the part before "-class", without parentheses or a trailing kind of ship. */
export function shortClassName(classId: string): string {
  let n = shortClassNames.get(classId);
  if (n === undefined) shortClassNames.set(classId, (n = shortClassNameOf(classId)));
  return n;
}

function shortClassNameOf(classId: string): string {
  const c = CATALOG.shipClasses[classId];
  if (!c) return classId;
  let n = c.name.replace(/\s*\(.*\)\s*/g, ' ').trim();
  const cls = n.search(/-class\b/i);
  if (cls > 0) n = n.slice(0, cls);
  else
    n = n.replace(
      /\s+(corvette|frigate|cruiser|transport|battleship|carrier|destroyer|assault ship|medium transport)$/i,
      '',
    );
  n = n
    .replace(/^Modified\s+/, '')
    .replace(/\bAssault Frigate Mark\b/, 'AF Mk')
    .replace(/\s+medium$/i, '');
  return n.trim() || classId;
}

const SHIP_CARD_NAMES = new Set(CARDS.ships.map((c) => c.name));

/**
 * A ship named by its card alone (a list's ship without a title): the card's words before "-class"
 * ("Victory II-class Star Destroyer" reads "Victory II"), which fit beside the ship on a phone.
 */
export function shortCardName(card: string): string {
  const cls = card.search(/-class\b/i);
  return cls > 0 ? card.slice(0, cls).trim() : card;
}

/** baseName per piece object (a table's pieces are not changed in place: a moved piece is a new object) */
const baseNames = new WeakMap<object, string>();
/** A ship's own words before numbering: its name, else its class's short name, else "<size> ship". */
function baseName(s: { id: string; name?: string; class?: string; size: string }): string {
  let n = baseNames.get(s);
  if (n === undefined) baseNames.set(s, (n = baseNameOf(s)));
  return n;
}

function baseNameOf(s: { id: string; name?: string; class?: string; size: string }): string {
  const own = s.name?.trim();
  if (own) return SHIP_CARD_NAMES.has(own) ? shortCardName(own) : own;
  return s.class ? shortClassName(s.class) : `${s.size} ship`;
}

/**
 * Every piece's name on this table (id -> name); ships that would read the same are numbered in
 * table order, so a headline never names two pieces alike. Pieces with no words of their own
 * (obstacles, tokens, unnamed squadrons) keep their id.
 */
export function pieceNames(t: Table): Map<string, string> {
  const out = new Map<string, string>();
  const count = new Map<string, number>();
  for (const s of t.ships) count.set(baseName(s), (count.get(baseName(s)) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const s of t.ships) {
    const b = baseName(s);
    const k = (seen.get(b) ?? 0) + 1;
    seen.set(b, k);
    out.set(s.id, (count.get(b) ?? 0) > 1 ? `${b} ${k}` : b);
  }
  for (const q of t.squadrons) out.set(q.id, q.name?.trim() || q.id);
  return out;
}

/** A side of an attack in words: "Warlord front", "CR90 2 rear", "Howlrunner". */
export function sideName(names: Map<string, string>, side: string): string {
  const [id, zone] = side.split('.');
  const n = names.get(id) ?? id;
  return zone ? `${n} ${zone}` : n;
}

/** The namer the rules' headlines take: ids in, names out (an id the table lacks stays itself). */
export function namer(t: Table): (side: string) => string {
  const names = pieceNames(t);
  return (side) => sideName(names, side);
}

/**
 * namer(t), made once for a table's ships and squadrons (the lists a name is made of): a panel written every
 * frame while an obstacle, a token or a place is dragged keeps the one it had. Lists that differ only in where
 * the pieces stand (a ship dragged) give the namer the last lists had: the same function while the names are
 * the same, so what a panel keeps per namer (the attack list's entries) is kept across a drag's steps.
 */
const namers = new WeakMap<
  Table['ships'],
  { squadrons: Table['squadrons']; say: (side: string) => string }
>();
export function namerOf(t: Table): (side: string) => string {
  const k = namers.get(t.ships);
  if (k && k.squadrons === t.squadrons) return k.say;
  // new lists with the same names (a piece moved): the namer they had, so what is kept per namer stays valid
  const names = pieceNames(t);
  let sig = '';
  for (const [id, n] of names) sig += `${id}\u0001${n}\u0002`;
  const say = lastNamer?.sig === sig ? lastNamer.say : (side: string) => sideName(names, side);
  lastNamer = { sig, say };
  namers.set(t.ships, { squadrons: t.squadrons, say });
  return say;
}
let lastNamer: { sig: string; say: (side: string) => string } | null = null;

/** A table size as players say it: 3'x3', 3'x6'. */
export const tableSizeWords = (size: Table['table']): string => (size === '3x3' ? "3'x3'" : "3'x6'");

/** A list in words: "a", "a and b", "a, b and c". */
export function andList(items: readonly string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
