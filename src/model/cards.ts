/**
 * The card table (assets/cards.json, derived by scripts/derive-cards.ts) and its look-up by name.
 *
 * A card is its name and its points: a name may belong to several cards (Darth Vader's TIE Advanced
 * and TIE Defender, the Empire's and the Separatists' Gozanti-class Cruisers, Lando the officer and
 * Lando the squadron), and the reader chooses among them by the list's faction, the number written
 * beside the name and the place the line stands in (src/model/fleet-list.ts).
 *
 * Names are compared as keys: lower-case letters and digits only, run together ("Victory II-class
 * Star Destroyer" and "victory ii class star destroyer" are one key), and failing that as loose
 * keys (Mk -> Mark, a lone 1 or 2 -> I or II, the word "class" and a plural "s" dropped). Besides
 * each card's own name and the builders' spellings the table records, a squadron is known as its
 * pilot with its type or ship ("Darth Vader - TIE Advanced Squadron", "Darth Vader (TIE Advanced)",
 * Fab's "Ketsu Onyo Shadow Caster"), and a squadron card named "... Squadron" without that word.
 */
import cardsJson from '../../assets/cards.json';

export type CardKind = 'ship' | 'title' | 'squadron' | 'upgrade' | 'objective';

interface Common {
  id: string;
  name: string;
  official?: boolean;
  /** builders' spellings, each with the builders seen writing it */
  aliases?: Record<string, string[]>;
  /** spellings as lower-case letters and digits run together */
  keys?: string[];
}
export interface ShipCard extends Common {
  faction: string;
  class?: string;
  points: number;
  allPoints?: number[];
}
export interface TitleCard extends Common {
  faction: string;
  classes: string[];
  points: number;
  allPoints?: number[];
}
export interface SquadronCard extends Common {
  faction: string;
  type: string;
  shipName?: string;
  unique: boolean;
  points: number;
  allPoints?: number[];
}
export interface UpgradeCard extends Common {
  type: string;
  factions: string[];
  points: number;
  allPoints?: number[];
}
export interface ObjectiveCard extends Common {
  category: string;
}

export type Card =
  | ({ kind: 'ship' } & ShipCard)
  | ({ kind: 'title' } & TitleCard)
  | ({ kind: 'squadron' } & SquadronCard)
  | ({ kind: 'upgrade' } & UpgradeCard)
  | ({ kind: 'objective' } & ObjectiveCard);

export interface CardTable {
  ships: ShipCard[];
  titles: TitleCard[];
  squadrons: SquadronCard[];
  upgrades: UpgradeCard[];
  objectives: ObjectiveCard[];
}

export const CARDS: CardTable = cardsJson as unknown as CardTable;

/** The key a name is compared by: lower-case letters and digits, run together. */
export function cardKey(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** A looser key: Mk -> Mark, a lone 1/2 -> I/II, "class" and a word's plural "s" dropped. */
export function looseKey(s: string): string {
  const words = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words
    .flatMap((w) => {
      if (w === 'class') return [];
      if (w === 'mk') return ['mark'];
      const mk = /^mk(i{1,3}|\d)$/.exec(w);
      if (mk) return ['mark', mk[1] === '1' ? 'i' : mk[1] === '2' ? 'ii' : mk[1]];
      if (w === '1') return ['i'];
      if (w === '2') return ['ii'];
      if ((w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) || /^\d+s$/.test(w)) return [w.slice(0, -1)];
      return [w];
    })
    .join('');
}

/** Every card, with its kind. */
export function allCards(t: CardTable = CARDS): Card[] {
  return [
    ...t.ships.map((c) => ({ kind: 'ship' as const, ...c })),
    ...t.titles.map((c) => ({ kind: 'title' as const, ...c })),
    ...t.squadrons.map((c) => ({ kind: 'squadron' as const, ...c })),
    ...t.upgrades.map((c) => ({ kind: 'upgrade' as const, ...c })),
    ...t.objectives.map((c) => ({ kind: 'objective' as const, ...c })),
  ];
}

/** A card found under a name, and whether the name was the card's own (not an alias or a loose form). */
export interface Hit {
  card: Card;
  own: boolean;
}

/** The names a card is known by: its own, the recorded spellings, and the forms built from a squadron's parts. */
export function namesOf(c: Card): string[] {
  const out = [c.name, ...Object.keys(c.aliases ?? {})];
  if (c.kind === 'squadron') {
    const type = c.type,
      bare = type.replace(/\s+squadron$/i, '');
    if (cardKey(c.name) !== cardKey(type)) {
      for (const ship of [type, bare, c.shipName].filter((x): x is string => !!x))
        out.push(`${c.name} - ${ship}`, `${c.name} (${ship})`);
    } else if (bare !== type) {
      out.push(bare);
    }
  }
  return out;
}

export class CardIndex {
  readonly cards: Card[];
  private exact = new Map<string, Hit[]>();
  private loose = new Map<string, Hit[]>();
  private bigramCache: { card: Card; key: string; grams: Map<string, number>; n: number }[] | null = null;
  // (the first entry of each card is its own name: beginning() finds a card by the start of its name first)

  constructor(t: CardTable = CARDS) {
    this.cards = allCards(t);
    const add = (m: Map<string, Hit[]>, k: string, hit: Hit) => {
      if (!k) return;
      const list = m.get(k);
      if (!list) m.set(k, [hit]);
      else if (!list.some((h) => h.card === hit.card)) list.push(hit);
      else if (hit.own)
        list.splice(
          list.findIndex((h) => h.card === hit.card),
          1,
          hit,
        );
    };
    for (const card of this.cards) {
      namesOf(card).forEach((n, i) => {
        add(this.exact, cardKey(n), { card, own: i === 0 });
        add(this.loose, looseKey(n), { card, own: false });
      });
      for (const k of card.keys ?? []) add(this.exact, k, { card, own: false });
    }
  }

  /** The cards a name may mean (its key, else its loose key), of the kinds asked for. */
  find(name: string, kinds?: readonly CardKind[]): Hit[] {
    const memo = `${kinds?.join(',') ?? ''}|${name}`;
    const had = this.findMemo.get(memo);
    if (had) return had;
    const want = (h: Hit) => !kinds || kinds.includes(h.card.kind);
    let out = (this.exact.get(cardKey(name)) ?? []).filter(want);
    if (!out.length) out = (this.loose.get(looseKey(name)) ?? []).filter(want);
    // a paste repeats its lines (and junk repeats more): each name is looked up once
    if (this.findMemo.size > 20_000) this.findMemo.clear();
    this.findMemo.set(memo, out);
    return out;
  }
  private findMemo = new Map<string, Hit[]>();

  /** The card name most like `text` (letter pairs in common, Dice's coefficient of at least 0.6), for a hint. */
  nearest(text: string, kinds?: readonly CardKind[]): Card | null {
    const key = cardKey(text);
    if (key.length < 3 || key.length > 80) return null;
    const memo = `${kinds?.join(',') ?? ''}|${key}`;
    if (this.nearMemo.has(memo)) return this.nearMemo.get(memo)!;
    const a = bigrams(key);
    const na = key.length - 1;
    let best: Card | null = null,
      score = 0;
    for (const c of this.grams()) {
      if (kinds && !kinds.includes(c.card.kind)) continue;
      let common = 0;
      for (const [g, v] of c.grams) common += Math.min(v, a.get(g) ?? 0);
      const s = (2 * common) / (na + c.n);
      if (s > score) {
        score = s;
        best = c.card;
      }
    }
    const out = best && score >= 0.6 ? best : null;
    if (this.nearMemo.size < 10_000) this.nearMemo.set(memo, out);
    return out;
  }

  /**
   * The first card of these kinds whose name begins with `text` (a list cut short), if `text` has four
   * letters or more.
   */
  beginning(text: string, kinds?: readonly CardKind[]): Card | null {
    const key = cardKey(text);
    if (key.length < 4) return null;
    const memo = `${kinds?.join(',') ?? ''}|${key}`;
    if (this.beginMemo.has(memo)) return this.beginMemo.get(memo)!;
    const out =
      this.grams().find((c) => (!kinds || kinds.includes(c.card.kind)) && c.key.startsWith(key))?.card ??
      null;
    if (this.beginMemo.size < 10_000) this.beginMemo.set(memo, out);
    return out;
  }

  private nearMemo = new Map<string, Card | null>();
  private beginMemo = new Map<string, Card | null>();
  private grams() {
    // every name a card is known by (a misspelt "Victry II" is nearest Kingston's "Victory II")
    return (this.bigramCache ??= this.cards.flatMap((card) =>
      [...new Set(namesOf(card).map(cardKey))].map((k) => ({
        card,
        key: k,
        grams: bigrams(k),
        n: Math.max(0, k.length - 1),
      })),
    ));
  }
}

function bigrams(s: string): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < s.length; i++) out.set(s.slice(i, i + 2), (out.get(s.slice(i, i + 2)) ?? 0) + 1);
  return out;
}

let shared: CardIndex | null = null;
/** The index of the project's card table, built once. */
export function cardIndex(): CardIndex {
  return (shared ??= new CardIndex());
}

/** Every value a builder may write for a card (its printed points first). */
export function pointsOf(c: Card): number[] {
  if (c.kind === 'objective') return [0];
  return [c.points, ...(c.allPoints ?? []).filter((p) => p !== c.points)];
}

/** The faction ids a card belongs to ([] for an objective or an upgrade any faction may take). */
export function factionsOf(c: Card): string[] {
  if (c.kind === 'objective') return [];
  if (c.kind === 'upgrade') return c.factions;
  return [c.faction];
}

/** A builder's own spelling of a card (the first the table records from that builder), if any. */
export function builderSpelling(c: Card, builder: string): string | undefined {
  return Object.entries(c.aliases ?? {}).find(([, by]) => by.includes(builder))?.[0];
}

/** Whether `name` is a ship card's printed name that a ship of class `cls` may carry (a card of no class: any). */
export function shipCardFits(name: string, cls?: string): boolean {
  return CARDS.ships.some((c) => c.name === name && (!cls || !c.class || c.class === cls));
}
