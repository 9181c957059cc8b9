/**
 * The Add palette's class search: every class a query matches, best first. A class's own name
 * counts before its cards' names, a name that is the query or starts with it before a word of it
 * that does, and that before the query anywhere inside; a class with a card printed by FFG or
 * released by AMG comes before a class only the community made. Among classes matching equally
 * well, the one more of whose names (its own and its cards') hold the query comes first: each name
 * is one a player reads on the table, so the more of them say the query, the surer it names that
 * class (read from the catalog's cards, not a list of favourites). Then the shorter name, then A-Z.
 * So "imperial" finds the Imperial-class Star Destroyer (not the Arquitens, whose name says
 * "(Imperial)"), "assault frigate" the Mark II (the Mark I is a community card), and "star
 * destroyer", which ends five class names, the Imperial-class (its name and all four of its cards
 * say it; the Onager's testbed card does not).
 */
import { CATALOG } from './catalog';
import { CARDS } from './cards';

const officialClasses = new Set(CARDS.ships.filter((c) => c.official && c.class).map((c) => c.class!));
const withCards = new Set(CARDS.ships.filter((c) => c.class).map((c) => c.class!));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Players' shorthand for a class, searched as its own name is ("isd" the Imperial-class Star Destroyer): only
 * the ones tables use widely and that name one class (a ship's initials alone would give "vsd" to the Venator too).
 */
const SHORTHAND: Record<string, string[]> = {
  imperial: ['isd'],
  victory: ['vsd'],
  gladiator: ['gsd'],
  executor: ['ssd'],
  'nebulon-b': ['neb-b', 'nebb'],
  'assault-frigate-mk2': ['afmk2', 'af mk ii'],
  'assault-frigate-mk1': ['afmk1', 'af mk i'],
};

/**
 * How well `text` holds query `q` (both lower-case): 0 the same, 1 its start, 2 a word's start, 3 inside;
 * else null.
 */
function fit(text: string, q: string): number | null {
  if (text === q) return 0;
  if (text.startsWith(q)) return 1;
  if (new RegExp(`(^|[^a-z0-9])${escape(q)}`).test(text)) return 2;
  return text.includes(q) ? 3 : null;
}

/**
 * The ids of the classes `query` matches (name, id, players' shorthand or a card's name), best first; every class
 * for an empty query.
 */
export function searchClasses(query: string): string[] {
  const q = query.trim().toLowerCase();
  const scored: { id: string; score: number; names: number; name: string }[] = [];
  for (const [id, c] of Object.entries(CATALOG.shipClasses)) {
    if (!q) {
      scored.push({ id, score: 0, names: 0, name: c.name });
      continue;
    }
    const own = [c.name.toLowerCase(), id, ...(SHORTHAND[id] ?? [])]
      .map((t) => fit(t, q))
      .filter((v): v is number => v !== null);
    const cards = c.cards.map((t) => fit(t.toLowerCase(), q)).filter((v): v is number => v !== null);
    const best = Math.min(...own, ...cards.map((v) => v + 0.5));
    if (!Number.isFinite(best)) continue;
    const community = withCards.has(id) && !officialClasses.has(id);
    // how many of its names (its own, its cards') hold the query at all
    const names = [c.name, ...c.cards].filter((t) => fit(t.toLowerCase(), q) !== null).length;
    scored.push({ id, score: best + (community ? 10 : 0), names, name: c.name });
  }
  return scored
    .sort(
      (a, b) =>
        a.score - b.score ||
        b.names - a.names ||
        a.name.length - b.name.length ||
        a.name.localeCompare(b.name),
    )
    .map((s) => s.id);
}
