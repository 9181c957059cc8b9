/**
 * Every attack's dice pool on the demo table, held against the printed stats in
 * ../shared/reference/card-stats.json (read here on their own, by card name and faction, not through
 * assets/cards.json): a hull zone's battery armament at a ship, its anti-squadron armament at a
 * squadron, a squadron's battery or anti-squadron armament at distance 1; at close range every die,
 * at medium red and blue, at long red only. Then each range band by construction.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/model/catalog';
import { parseTableText, type Table } from '../../../src/model/table';
import { analyze } from '../../../src/rules/report/analyze';
import { type Dice, dicePool, diceWords } from '../../../src/rules/attacks/dice';
import { attackBetween } from '../../../src/rules/attacks/attacks';
import { World } from '../../../src/rules/world';
import { SHARED, sharedFile } from '../../support/shared';

const demo = parseTableText(readFileSync('assets/demo-table.json', 'utf8'));
const HAVE = sharedFile('reference/card-stats.json', 'the dice against the printed stats');
type Stat = {
  name: string;
  faction: string;
  armament?: Record<string, Dice>;
  antiSquadron: Dice;
  battery?: Dice;
};
const stats = HAVE
  ? (JSON.parse(readFileSync(join(SHARED, 'reference', 'card-stats.json'), 'utf8')) as {
      ships: Record<string, Stat>;
      squadrons: Record<string, Stat>;
    })
  : null;
/** which colours (red, blue, black) each band keeps, as the rules reference says */
const KEEPS: Record<string, [boolean, boolean, boolean]> = {
  close: [true, true, true],
  medium: [true, true, false],
  long: [true, false, false],
  'distance-1': [true, true, true],
  beyond: [false, false, false],
};

describe.skipIf(!HAVE)('the dice pool of every attack on the demo table', () => {
  const report = analyze(demo);
  const world = new World(demo);
  const faction = (id: string) => {
    const s = demo.ships.find((x) => x.id === id);
    if (s) return CATALOG.shipClasses[s.class!].faction;
    return demo.squadrons.find((x) => x.id === id)!.player === 1 ? 'empire' : 'rebel';
  };
  it('every piece of the demo names its card', () => {
    expect([...demo.ships, ...demo.squadrons].every((p) => p.card)).toBe(true);
  });
  it(`${report.attacks.length} attacks, at each band, dice from the printed armament`, () => {
    const bands = new Set<string>();
    let checked = 0;
    for (const a of report.attacks) {
      const [id, zone] = a.attacker.split('.');
      const piece = [...demo.ships, ...demo.squadrons].find((p) => p.id === id)!;
      const defenderIsShip = demo.ships.some((s) => s.id === a.defender.split('.')[0]);
      const pool = Object.values(zone ? stats!.ships : stats!.squadrons).find(
        (s) => s.name === piece.card && s.faction === faction(id),
      )!;
      expect(pool, `${piece.card}`).toBeDefined();
      const printed = zone
        ? defenderIsShip
          ? pool.armament![zone]
          : pool.antiSquadron
        : defenderIsShip
          ? pool.battery!
          : pool.antiSquadron;
      // at its own range, then at every band its attacker can measure (the demo's attacks are all beyond:
      // its fleets stand in their deployment zones)
      const got = dicePool(world, a);
      expect(got, `${a.attacker} -> ${a.defender}`).not.toBeNull();
      expect(got!.assumed).toBe(false);
      expect(got!.dice).toEqual(printed.map((n, i) => (KEEPS[a.range][i] ? n : 0)));
      for (const band of zone ? ['close', 'medium', 'long', 'beyond'] : ['distance-1', 'beyond']) {
        const at = dicePool(world, { ...a, range: band as typeof a.range })!;
        expect(at.dice, `${a.attacker} -> ${a.defender} at ${band}`).toEqual(
          printed.map((n, i) => (KEEPS[band][i] ? n : 0)),
        );
        bands.add(band);
        checked++;
      }
    }
    console.log(
      `dice: ${report.attacks.length} demo attacks, ${checked} pools checked against card-stats.json`,
    );
    expect([...bands].sort()).toEqual(['beyond', 'close', 'distance-1', 'long', 'medium']);
  });
});

describe('dice by construction', () => {
  const table = (y: number, card?: string): Table => ({
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships: [
      {
        id: 'vsd',
        player: 1,
        size: 'medium',
        class: 'victory',
        x: 900,
        y: 200,
        rotation: 0,
        speed: 2,
        ...(card ? { card } : {}),
      },
      { id: 'cr', player: 2, size: 'small', class: 'cr90', x: 900, y, rotation: 180, speed: 2 },
    ],
    squadrons: [],
    obstacles: [],
    tokens: [],
    proposals: [],
  });
  // the Victory II's front battery is 3 red, 3 blue (card-stats.json); the CR90's front edge faces it
  it.each([
    [330, 'close', [3, 3, 0]],
    [420, 'medium', [3, 3, 0]],
    [520, 'long', [3, 0, 0]],
    [700, 'beyond', [0, 0, 0]],
  ] as const)('a Victory II front at a CR90 %d mm away: %s range, %j', (y, band, dice) => {
    const w = new World(table(y, 'Victory II-class Star Destroyer'));
    const a = attackBetween(w, 'vsd.front', 'cr.front');
    expect(a.range).toBe(band);
    expect(dicePool(w, a)!.dice).toEqual(dice);
  });
  it("a Victory I's black dice roll at close range only; without a card, the class's first printed card, said so", () => {
    const w = new World(table(330, 'Victory I-class Star Destroyer'));
    expect(dicePool(w, attackBetween(w, 'vsd.front', 'cr.front'))!.dice).toEqual([3, 0, 3]);
    const bare = new World(table(420));
    const p = dicePool(bare, attackBetween(bare, 'vsd.front', 'cr.front'))!;
    expect(p.assumed).toBe(true);
    expect(p.card).toMatch(/^Victory I/);
    expect(diceWords(p.dice)).toMatch(/red/);
  });
  it('a card of another class is refused by name', () => {
    const bad = JSON.stringify({
      ...table(330),
      ships: [{ ...table(330).ships[0], card: 'CR90 Corvette A' }],
    });
    expect(() => parseTableText(bad)).toThrow(/ships\[0\]\.card.*CR90 Corvette A.*not victory/);
  });
});
