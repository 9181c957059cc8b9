/**
 * Fleet lists in every builder's format (src/model/fleet-list.ts): the real exports in
 * ../shared/reference/fleet-lists/ read through `npm run fleet` with their content written out by
 * hand; lists of every official ship and squadron card, written in each format from the card table
 * (test/support/fleet-writers.ts), read back card for card; badly pasted text answered, fast.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARDS, type ShipCard, type SquadronCard } from '../../src/model/cards';
import {
  type Builder,
  detectBuilder,
  type FleetJson,
  fleetPieces,
  MAX_LINE_CHARS,
  readFleetList,
} from '../../src/model/fleet-list';
import { type Aliases, type GeneratedList, writeList } from '../support/fleet-writers';
import { cliArgs } from '../cli-bundle';

const ROOT = join(__dirname, '..', '..');
const LISTS = join(ROOT, '..', 'shared', 'reference', 'fleet-lists');

const fleetCli = (file: string): FleetJson =>
  JSON.parse(execFileSync(process.execPath, [...cliArgs('fleet'), file], { cwd: ROOT, encoding: 'utf8' }));

describe('the reference lists, through npm run fleet', () => {
  const files = readdirSync(LISTS)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  const out = new Map(files.map((f) => [f, fleetCli(join(LISTS, f))]));
  const ships = (f: string) =>
    out.get(f)!.ships.map((s) => [s.card, s.class, s.title ?? null, s.points, s.upgrades.length]);
  const squadrons = (f: string) => out.get(f)!.squadrons.map((q) => [q.card, q.count, q.points]);
  // the same three-ship rebel fleet ("Food") exported by four builders
  const FOOD_SHIPS = [
    ['MC80 Battle Cruiser', 'mc80-liberty', null, 103, 6],
    ['MC30c Torpedo Frigate', 'mc30c', 'Admonition', 63, 3],
    ['GR-75 Medium Transports', 'gr75', 'Bright Hope', 18, 1],
  ];
  const FOOD_SQUADRONS = [
    ['Ketsu Onyo', 1, 22],
    ['YT-2400', 6, 96],
  ];

  it('all six are there, and every line is read', () => {
    expect(files).toEqual([
      'afd-new-w8-hodgepodge.txt',
      'afd-old-food.txt',
      'fabs-rebel-398.txt',
      'kingston-spicy-radish.txt',
      'starforge-export-template.txt',
      'warlords-food.txt',
    ]);
    for (const [f, r] of out) expect(r.unrecognised, f).toEqual([]);
  });

  it('AFD (old), Fab\'s and Warlords: the Food fleet, titles naming their ships, YT-2400 not "YT" and 6 of them', () => {
    for (const [f, builder] of [
      ['afd-old-food.txt', 'afd-old'],
      ['fabs-rebel-398.txt', 'fabs'],
      ['warlords-food.txt', 'warlords'],
    ]) {
      const r = out.get(f)!;
      expect(r.builder, f).toBe(builder);
      expect(r.faction, f).toBe('rebel');
      expect(r.points, f).toBe(398);
      expect(ships(f), f).toEqual(FOOD_SHIPS);
      expect(squadrons(f), f).toEqual(FOOD_SQUADRONS);
      expect(
        r.ships.map((s) => s.name),
        f,
      ).toEqual(['MC80 Battle Cruiser', 'Admonition', 'Bright Hope']);
    }
    expect(out.get('afd-old-food.txt')!.name).toBe('Food');
    expect(out.get('warlords-food.txt')!.name).toBe('Food');
    expect(out.get('fabs-rebel-398.txt')!.name).toBeNull();
    expect(out.get('warlords-food.txt')!.objectives).toEqual([
      'Advanced Gunnery',
      'Fighter Ambush',
      'Superior Positions',
    ]);
    expect(out.get('fabs-rebel-398.txt')!.objectives).toEqual([
      'Advanced Gunnery',
      'Planetary Ion Cannon',
      'Salvage Run',
    ]);
    // Warlords' "X17 Turbolasers" is the XI7 card
    expect(out.get('warlords-food.txt')!.ships[0].upgrades).toContain('XI7 Turbolasers');
  });

  it('Kingston: the Spicy Radish, objectives as objectives, a misspelt Lando read as the card', () => {
    const r = out.get('kingston-spicy-radish.txt')!;
    expect([r.builder, r.name, r.faction, r.points]).toEqual(['kingston', 'Spicy Radish', 'rebel', 396]);
    expect(r.objectives).toEqual(['Most Wanted', 'Hyperspace Assault', 'Dangerous Territory']);
    expect(ships('kingston-spicy-radish.txt')).toEqual([
      ['MC75 Ordnance Cruiser', 'mc75', 'Profundity', 100, 6],
      ['CR90 Corvette A', 'cr90', null, 44, 2],
      ['CR90 Corvette B', 'cr90', "Dodonna's Pride", 39, 3],
      ['MC30c Torpedo Frigate', 'mc30c', 'Admonition', 63, 6],
      ['GR-75 Medium Transports', 'gr75', null, 18, 1],
    ]);
    expect(r.ships[3].upgrades).toContain('Lando Calrissian');
    expect(r.squadrons).toEqual([]);
  });

  it('Star Forge and AFD (new): ships, titles, squadrons, objectives as bare lines', () => {
    const s = out.get('starforge-export-template.txt')!;
    expect([s.builder, s.name, s.faction, s.points]).toEqual(['starforge', 'Untitled Fleet', 'rebel', 170]);
    expect(ships('starforge-export-template.txt')).toEqual([
      ['CR90 Corvette A', 'cr90', null, 44, 3],
      ['CR90 Corvette B', 'cr90', null, 39, 1],
    ]);
    expect(squadrons('starforge-export-template.txt')).toEqual([
      ['Biggs Darklighter', 1, 19],
      ['Luke Skywalker', 1, 20],
      ['X-wing Squadron', 1, 13],
    ]);
    const a = out.get('afd-new-w8-hodgepodge.txt')!;
    expect([a.builder, a.name, a.faction, a.points]).toEqual(['afd-new', 'W8 Hodgepodge', 'rebel', 399]);
    expect(a.ships.map((x) => [x.card, x.name, x.points])).toEqual([
      ['MC30c Torpedo Frigate', 'Admonition', 63],
      ['Assault Frigate Mark II B', 'Assault Frigate Mark II B', 72],
      ['Modified Pelta-class Command Ship', 'Modified Pelta-class Command Ship', 60],
      ['CR90 Corvette A', "Jaina's Light", 44],
      ['Hammerhead Torpedo Corvette', "Garel's Honor", 36],
      ['GR-75 Medium Transports', 'GR-75 Medium Transports', 18],
    ]);
    expect(a.objectives).toEqual(['Hyperspace Migration', 'Hyperspace Assault', 'Rift Assault']);
  });

  it('the points read add up to the total each list states', () => {
    for (const f of files) {
      const r = readFleetList(readFileSync(join(LISTS, f), 'utf8'));
      expect(r.readPoints, f).toBe(r.statedPoints);
    }
  });
});

describe('every official ship and squadron card, written by each builder and read back', () => {
  const aliases: Aliases = {};
  for (const c of [...CARDS.ships, ...CARDS.squadrons]) {
    for (const [spelt, by] of Object.entries(c.aliases ?? {})) {
      for (const b of by) {
        aliases[b] ??= new Map();
        if (!aliases[b].has(c.id)) aliases[b].set(c.id, spelt);
      }
    }
  }
  for (const b of ['kingston', 'starforge', 'afd', 'fabs', 'warlords']) aliases[b] ??= new Map();
  const OBJECTIVES = ['Most Wanted', 'Hyperspace Assault', 'Dangerous Territory'];
  const lists: GeneratedList[] = ['empire', 'rebel', 'republic', 'separatist'].map((faction) => ({
    faction,
    ships: CARDS.ships.filter((s): s is ShipCard => s.faction === faction && !!s.official),
    squadrons: CARDS.squadrons
      .filter((q: SquadronCard) => q.faction === faction && q.official)
      .map((card) => ({ card, count: card.unique ? 1 : 2 })),
    objectives: OBJECTIVES,
  }));
  it('the lists hold every official ship and squadron card', () => {
    expect(lists.reduce((n, l) => n + l.ships.length, 0)).toBe(CARDS.ships.filter((s) => s.official).length);
    expect(lists.reduce((n, l) => n + l.squadrons.length, 0)).toBe(
      CARDS.squadrons.filter((s) => s.official).length,
    );
    expect(CARDS.ships.filter((s) => s.official).length).toBeGreaterThanOrEqual(60);
  });
  const builders: Builder[] = ['kingston', 'starforge', 'warlords', 'afd-old', 'afd-new', 'fabs', 'plain'];
  for (const builder of builders) {
    it(`${builder}: recognised, and every ship and squadron read back with its class, count and points`, () => {
      for (const l of lists) {
        const text = writeList(builder, l, aliases);
        expect(detectBuilder(text), `${builder} ${l.faction}`).toBe(builder);
        for (const named of [undefined, builder]) {
          const r = readFleetList(text, { builder: named });
          const at = `${builder} ${l.faction}${named ? ' (named)' : ''}`;
          expect(r.unrecognised, at).toEqual([]);
          expect(r.faction, at).toBe(l.faction);
          expect(
            r.ships.map((s) => [s.cardId, s.class, s.points]),
            at,
          ).toEqual(l.ships.map((s) => [s.id, s.class, s.points]));
          expect(
            r.squadrons.map((q) => [q.cardId, q.count, q.points]),
            at,
          ).toEqual(l.squadrons.map((q) => [q.card.id, q.count, q.count * q.card.points]));
          if (builder !== 'plain') expect(r.readPoints, at).toBe(r.statedPoints);
          if (builder !== 'plain' && builder !== 'afd-old') expect(r.objectives, at).toEqual(OBJECTIVES);
          // the pieces to set down: every ship, and each squadron as many times as its count
          expect(fleetPieces(r).length, at).toBe(
            l.ships.length + l.squadrons.reduce((n, q) => n + q.count, 0),
          );
        }
      }
    });
  }
});

describe('lists as people paste them', () => {
  const kingston = readFileSync(join(LISTS, 'kingston-spicy-radish.txt'), 'utf8');
  const base = readFleetList(kingston);
  const same = (r: ReturnType<typeof readFleetList>) => {
    expect(r.ships.map((s) => [s.cardId, s.name, s.upgrades])).toEqual(
      base.ships.map((s) => [s.cardId, s.name, s.upgrades]),
    );
    expect(r.objectives).toEqual(base.objectives);
  };

  it('extra blank lines, tabs for spaces, Windows and old Mac line ends, stray indentation: the same fleet', () => {
    same(readFleetList(kingston.split('\n').join('\n\n\n')));
    same(readFleetList(kingston.replace(/ /g, '\t')));
    same(readFleetList(kingston.replace(/\n/g, '\r\n')));
    same(readFleetList(kingston.replace(/\n/g, '\r')));
    same(readFleetList(`\ufeff${kingston.replace(/^•/gm, '   •')}`));
  });

  it('a list cut in the middle: what is there is read, the cut line is named with the card it begins', () => {
    const cut = kingston.slice(0, kingston.indexOf('MC30c Torpedo Frigate') + 'MC30c Torp'.length);
    const r = readFleetList(cut);
    expect(r.ships.map((s) => s.card)).toEqual([
      'MC75 Ordnance Cruiser',
      'CR90 Corvette A',
      'CR90 Corvette B',
    ]);
    expect(r.unrecognised).toHaveLength(1);
    expect(r.unrecognised[0].text).toBe('MC30c Torp');
    expect(r.unrecognised[0].hint).toMatch(/cut short\? "MC30c Torpedo Frigate"/);
  });

  it('a list of another game: nothing read as a ship, every line listed', () => {
    const xwing = [
      'Scum and Villainy (200)',
      '',
      'Fenn Rau — Fang Fighter (62)',
      'Fearless (3)',
      '',
      'Boba Fett — Firespray-class Patrol Craft (84)',
      'Marauder (3)',
      'Total: 200/200',
      '',
      'View in the X-Wing Squad Builder',
    ].join('\n');
    const r = readFleetList(xwing);
    expect(r.ships).toEqual([]);
    expect(r.squadrons).toEqual([]);
    expect(r.unrecognised.length).toBeGreaterThanOrEqual(5);
    for (const u of r.unrecognised) expect(u.hint.length).toBeGreaterThan(0);
  });

  it("HTML: the page's text is read, and the answer says it was a web page", () => {
    const html = `<!doctype html><html><body><pre>${kingston.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}</pre><script>alert(1)</script></body></html>`;
    const r = readFleetList(html);
    same(r);
    expect(r.notes[0]).toMatch(/web page \(HTML\)/);
    const tags = readFleetList('<div class="x">\n<span>\n</div>');
    expect(tags.ships).toEqual([]);
  });

  it('1 MB of text and 5,000 lines: an answer in well under a second, long lines not matched', () => {
    const junk = 'lorem ipsum dolor sit amet '.repeat(40_000);
    let t0 = performance.now();
    const r = readFleetList(junk);
    const junkMs = performance.now() - t0;
    expect(r.unrecognised).toHaveLength(1);
    expect(r.unrecognised[0].hint).toMatch(`no card line (a card's line is under ${MAX_LINE_CHARS})`);
    expect(r.unrecognised[0].text.length).toBeLessThanOrEqual(201);
    const many = Array.from({ length: 5_000 }, (_, i) =>
      i % 2 ? 'CR90 Corvette A (44)' : 'Victry II Star Destroyer',
    ).join('\n');
    t0 = performance.now();
    const m = readFleetList(many);
    const manyMs = performance.now() - t0;
    expect(m.ships).toHaveLength(2_500);
    expect(m.unrecognised).toHaveLength(2_500);
    const lines = Array.from({ length: 30_000 }, () => 'x').join('\n');
    const l = readFleetList(lines);
    expect(l.notes.join(' ')).toMatch(/30000 lines; the first 5000 were read/);
    // printed, not asserted (timings are never asserted in tests)
    console.log(`read 1 MB of one line: ${junkMs.toFixed(1)} ms; 5,000 lines: ${manyMs.toFixed(1)} ms`);
  });
});
