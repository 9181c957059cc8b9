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
