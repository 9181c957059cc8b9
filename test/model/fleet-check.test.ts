/** Fleet lists checked against the fleet-building rules: each problem named with its rule. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFleet, statedLimit } from '../../src/model/fleet-check';
import { readFleetList } from '../../src/model/fleet-list';
import { SHARED, sharedFile } from '../support/shared';

const read = (lines: string[]) => readFleetList(lines.join('\n'));

describe('checkFleet', () => {
  it('a legal list: one commander, within 400, squadrons within 133', () => {
    const r = read([
      'Faction: Empire',
      'Victory II-class Star Destroyer (85)',
      '• Grand Moff Tarkin (38)',
      'Squadrons:',
      '• 2 x TIE Fighter Squadron (16)',
    ]);
    const c = checkFleet(r);
    expect(c.commanders).toEqual(['Grand Moff Tarkin']);
    expect(c.problems).toEqual([]);
  });

  it('over its points, and two commanders, each named with its rule', () => {
    const r = read([
      'Faction: Empire',
      'Imperial II-class Star Destroyer (120)',
      '• Grand Moff Tarkin (38)',
      'Imperial II-class Star Destroyer (120)',
      '• Admiral Screed (26)',
      'Victory II-class Star Destroyer (85)',
      'Victory II-class Star Destroyer (85)',
    ]);
    const c = checkFleet(r);
    expect(c.points).toBe(474);
    expect(c.problems.map((p) => p.rule)).toEqual(['fleet points', 'commander']);
    expect(c.problems[0].text).toBe('Over its points: 474 of 400, 74 too many (fleet points: at most 400).');
    expect(c.problems[1].text).toContain('2 commanders: Grand Moff Tarkin and Admiral Screed');
    // the list's own limit
    expect(checkFleet(r, 500).problems.map((p) => p.rule)).toEqual(['commander']);
  });

  it('three flotillas, a commander on a flotilla, squadrons over a third', () => {
    const r = read([
      'Faction: Rebel',
      'GR-75 Medium Transports (18)',
      '• General Dodonna (20)',
      'GR-75 Medium Transports (18)',
      'GR-75 Combat Retrofits (24)',
      'Squadrons:',
      '• 11 x X-wing Squadron (143)',
    ]);
    const c = checkFleet(r);
    expect(c.flotillas.length).toBe(3);
    expect(c.problems.map((p) => p.rule)).toEqual(['flotillas', 'flotillas', 'squadron points']);
    expect(c.problems[2].text).toContain('Squadrons cost 143, over 133');
  });

  it.skipIf(!sharedFile('reference/fleet-lists', 'fleet checks of the reference lists'))(
    "the reference's real lists: Spicy Radish (396 points, Raddus) is legal",
    () => {
      const text = readFileSync(join(SHARED, 'reference/fleet-lists/kingston-spicy-radish.txt'), 'utf8');
      const c = checkFleet(readFleetList(text));
      expect(c.commanders).toEqual(['Admiral Raddus']);
      expect(c.problems).toEqual([]);
    },
  );

  it.skipIf(!sharedFile('reference/fleet-lists', 'fleet checks of the reference lists'))(
    "the reference's real lists each have one commander: the officers who share a commander's name are officers",
    () => {
      const commanders = (file: string) => {
        const text = readFileSync(join(SHARED, 'reference/fleet-lists', file), 'utf8');
        const c = checkFleet(readFleetList(text), statedLimit(text) ?? undefined);
        return [c.commanders, c.problems.map((p) => p.rule)];
      };
      // Leia Organa (3) on a GR-75, a flotilla, beside General Dodonna
      expect(commanders('afd-new-w8-hodgepodge.txt')).toEqual([['General Dodonna'], []]);
      // Leia Organa (3) under General Dodonna on a CR90
      expect(commanders('starforge-export-template.txt')).toEqual([['General Dodonna'], []]);
      // Bail Organa, the Rebel officer (the commander is the Republic's)
      for (const f of ['afd-old-food.txt', 'fabs-rebel-398.txt', 'warlords-food.txt'])
        expect(commanders(f)).toEqual([['General Madine'], []]);
    },
  );
});

describe('statedLimit', () => {
  it.each([
    ['Points: 398/400\t', 400],
    ['Food (398/400)', 400],
    ['W8 Hodgepodge (0/399/400)', 400],
    ['Big game (580/600)', 600],
    ['Total Points: 396', null],
    ['REBEL FLEET (398 points)', null],
    ['MC80 Battle Cruiser (103 + 66)', null],
  ])('%s: %s', (line, limit) => {
    expect(statedLimit(`${line}\nFaction: Rebel`)).toBe(limit);
  });

  it('a list over a 600-point limit of its own is within it', () => {
    const r = readFleetList(
      [
        'Big game (474/600)',
        'Faction: Empire',
        'Imperial II-class Star Destroyer (120)',
        '• Grand Moff Tarkin (38)',
        'Imperial II-class Star Destroyer (120)',
        'Victory II-class Star Destroyer (85)',
        'Victory II-class Star Destroyer (85)',
        'Victory II-class Star Destroyer (85)',
      ].join('\n'),
    );
    const text = 'Big game (474/600)';
    expect(checkFleet(r, statedLimit(text) ?? undefined).problems).toEqual([]);
    expect(checkFleet(r).problems.map((p) => p.rule)).toEqual(['fleet points']);
  });
});

/**
 * A name several upgrade cards share (Leia Organa: a commander of 28 points and an officer of 3) is the
 * card its points make it, as each builder writes them; with no points, the place the upgrade stands in.
 */
describe('one name, several upgrade cards', () => {
  const check = (lines: string[]) => checkFleet(readFleetList(lines.join('\n')));
  const kingston = (leia: string) => [
    'Name: Escort',
    'Faction: Rebel',
    'Commander: General Dodonna',
    '',
    'CR90 Corvette A (44)',
    '• General Dodonna (20)',
    `• Leia Organa (${leia})`,
    `= ${64 + Number(leia)} Points`,
  ];
  const starforge = [
    ' Name: Escort',
    'Faction: Rebel',
    'Commander: General Dodonna',
    '',
    'CR90 Corvette A [Legacy] (44)',
    '• General Dodonna (20)',
    '• Leia Organa (3)',
    '• Nav Team (4)',
    '= 71 Points',
    '',
    'Total Points: 71',
  ];
  const warlords = [
    'Escort ',
    '',
    'Faction: Rebel Alliance\t',
    'Points: 85/400\t',
    ' ',
    'Commander: General Dodonna',
    '',
    '[ flagship ] CR90 Corvette A (44 points)',
    '-  General Dodonna\t ( 20\t points) ',
    '= 64 total ship cost',
    '',
    'GR-75 Medium Transports (18 points)',
    '-  Leia Organa\t ( 3\t points) ',
    '= 21 total ship cost',
  ];
  const afdOld = [
    'Escort (85/400)',
    '=============',
    'CR90 Corvette A (44 + 20)',
    '+ General Dodonna (20)',
    'GR-75 Medium Transports (18 + 3)',
    '+ Leia Organa (3)',
  ];
  const afdNew = [
    'Escort (0/87/400)',
    '==========================',
    'CR90 Corvette A (44 + 20: 64)',
    '    + General Dodonna (20)',
    'GR-75 Medium Transports (18 + 5: 23)',
    '    + Leia Organa (3)',
    '    + Comms Net (2)',
    'Hyperspace Migration',
  ];
  const fabs = [
    'REBEL FLEET (85 points)',
    '1 • CR90 Corvette A - General Dodonna (64)',
    '2 • GR-75 Medium Transports - Leia Organa (21)',
  ];

  it.each([
    ['Kingston', kingston('3')],
    ['Star Forge', starforge],
    ['Armada Warlords', warlords],
    ['Armada Fleets Designer (older)', afdOld],
    ['Armada Fleets Designer (newer)', afdNew],
    ["Fab's (the ship's total decides)", fabs],
  ])('%s: Leia Organa at 3 points is the officer, General Dodonna the one commander', (_, lines) => {
    const c = check(lines);
    expect(c.commanders).toEqual(['General Dodonna']);
    expect(c.problems).toEqual([]);
  });

  it('the officer alone is no commander; at 28 points she is the commander', () => {
    const officer = check(['Faction: Rebel', 'CR90 Corvette A (44)', '• Leia Organa (3)']);
    expect(officer.commanders).toEqual([]);
    expect(officer.problems.map((p) => p.text)).toEqual([
      'No commander (commander: a fleet has exactly one).',
    ]);
    const commander = check(['Faction: Rebel', 'CR90 Corvette A (44)', '• Leia Organa (28)']);
    expect(commander.commanders).toEqual(['Leia Organa']);
    expect(commander.problems).toEqual([]);
    // and beside another commander she makes two
    expect(check(kingston('28')).problems.map((p) => p.text)).toEqual([
      '2 commanders: General Dodonna and Leia Organa (commander: a fleet has exactly one).',
    ]);
  });

  it("Fab's writes no upgrade's points: the ship's total decides", () => {
    const fab = (total: number) =>
      check(['REBEL FLEET (100 points)', `1 • CR90 Corvette A - Leia Organa - Nav Team (${total})`]);
    expect(fab(76).commanders).toEqual(['Leia Organa']); // 44 + 28 + 4
    expect(fab(51).commanders).toEqual([]); // 44 + 3 + 4
  });

  it('with no points, the Commander: line, else the first place under a ship with no other commander', () => {
    const named = (commander: string) =>
      check([`Commander: ${commander}`, 'CR90 Corvette A', '• Leia Organa', 'CR90 Corvette B']).commanders;
    expect(named('Leia Organa')).toEqual(['Leia Organa']);
    expect(named('Leia Organa (28)')).toEqual(['Leia Organa']);
    const plain = (...lines: string[]) => check(lines).commanders;
    // builders write the commander first among a ship's upgrades
    expect(plain('CR90 Corvette A', '- Leia Organa', '- Nav Team')).toEqual(['Leia Organa']);
    expect(plain('CR90 Corvette A', '- General Dodonna', '- Leia Organa')).toEqual(['General Dodonna']);
    expect(plain('CR90 Corvette A', '- Nav Team', '- Leia Organa')).toEqual([]);
    // Armada Warlords marks the ship that carries the commander (the fleet's name on the first line)
    const flagship = (first: string, second: string) =>
      plain('Escort', 'Faction: Rebel Alliance', first, '-  Nav Team', second, '-  Leia Organa');
    expect(flagship('[ flagship ] CR90 Corvette A', 'CR90 Corvette B')).toEqual([]);
    expect(flagship('CR90 Corvette A', '[ flagship ] CR90 Corvette B')).toEqual(['Leia Organa']);
    expect(plain('CR90 Corvette A', '- Leia Organa', 'CR90 Corvette B', '- General Dodonna')).toEqual([
      'General Dodonna',
    ]);
  });

  it('an officer any faction may take is no commander in a list of the faction whose commander shares its name', () => {
    const c = check(['Faction: Scum', 'Action VI Armed Transports (26)', '• Hondo Ohnaka (2)']);
    expect(c.commanders).toEqual([]);
    expect(
      check(['Faction: Scum', 'Action VI Armed Transports (26)', '• Hondo Ohnaka (22)']).commanders,
    ).toEqual(['Hondo Ohnaka']);
  });
});
