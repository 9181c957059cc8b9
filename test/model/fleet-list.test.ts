/**
 * Pasted fleet lists (src/model/fleet-list.ts), in the shapes the list builders export them:
 * Kingston / Star Forge, Armada Warlords, Armada Fleets Designer and plain lists. The expected
 * classes are written out by hand here, not derived from the catalog.
 */
import { describe, expect, it } from 'vitest';
import { MAX_COUNT, normaliseName, parseFleetList } from '../../src/model/fleet-list';

const ships = (r: ReturnType<typeof parseFleetList>) => r.pieces.filter((p) => p.kind === 'ship').map((p) => [p.class, p.name]);
const squadrons = (r: ReturnType<typeof parseFleetList>) => r.pieces.filter((p) => p.kind === 'squadron').map((p) => p.name);

describe('fleet list: list-builder exports', () => {
  it('Kingston / Star Forge: ships with points, bulleted upgrades, a Squadrons: section, headers and totals', () => {
    const text = [
      ' Name: Hammer of the Outer Rim',
      'Faction: Empire',
      'Commander: Admiral Motti (24)',
      '',
      'Assault: Advanced Gunnery',
      'Defense: Fire Lanes',
      'Navigation: Solar Corona',
      '',
      'Imperial II-class Star Destroyer (120)',
      '• Admiral Motti (24)',
      '• Gunnery Team (7)',
      '• Relentless (3)',
      '= 154 Points',
      '',
      'Victory II-class Star Destroyer [Legacy] (85)',
      '• Ordnance Experts (4)',
      '= 89 Points',
      '',
      'Gozanti-class Cruisers (23)',
      '= 23 Points',
      '',
      'Squadrons:',
      '• 3 x TIE Fighter Squadron (24)',
      '• Darth Vader - TIE Advanced Squadron (21)',
      '• Mauler Mithel - TIE Fighter Squadron (15)',
      '= 60 Points',
      '',
      'Total Points: 326',
    ].join('\n');
    const r = parseFleetList(text);
    expect(r.faction).toBe('empire');
    expect(ships(r)).toEqual([
      ['imperial', 'Imperial II-class Star Destroyer'],
      ['victory', 'Victory II-class Star Destroyer'],
      ['gozanti', 'Gozanti-class Cruisers'],
    ]);
    expect(squadrons(r)).toEqual(['TIE Fighter Squadron', 'TIE Fighter Squadron', 'TIE Fighter Squadron', 'Darth Vader', 'Mauler Mithel']);
    expect(r.unrecognised).toEqual([]);
    expect(r.upgrades).toBe(4);
    expect(r.pieces[0].line).toBe(9);
  });

  it('Armada Warlords: [ flagship ], "-" upgrades, "( N points)", totals, then counted squadrons without "x"', () => {
    const text = [
      'Name: Rebels at the gate',
      'Faction: Rebel Alliance',
      'Points: 398/400',
      '',
      'Commander: General Dodonna',
      '',
      'Assault Objective: Most Wanted',
      'Defense Objective: Hyperspace Assault',
      'Navigation Objective: Dangerous Territory',
      '',
      '[ flagship ] MC80 Assault Cruiser ( 114 points)',
      '-  General Dodonna  ( 20  points)',
      '-  Home One  ( 7  points)',
      '= 141 total ship cost',
      '',
      'Assault Frigate Mark II A ( 81 points)',
      '-  Electronic Countermeasures  ( 7  points)',
      '= 88 total ship cost',
      '',
      'CR90 Corvette A ( 44 points)',
      '= 44 total ship cost',
      '',
      '2 X-wing Squadron ( 26 points)',
      '1 Biggs Darklighter ( 14 points)',
      '= 40 total squadron cost',
    ].join('\n');
    const r = parseFleetList(text);
    expect(r.faction).toBe('rebel');
    expect(ships(r)).toEqual([
      ['mc80', 'MC80 Assault Cruiser'],
      ['assault-frigate-mk2', 'Assault Frigate Mark II A'],
      ['cr90', 'CR90 Corvette A'],
    ]);
    expect(squadrons(r)).toEqual(['X-wing Squadron', 'X-wing Squadron', 'Biggs Darklighter']);
    expect(r.unrecognised).toEqual([]);
    expect(r.upgrades).toBe(3);
  });

  it('Armada Fleets Designer: "Name (400/134/400)", "=====", "·" upgrades, "(85 + 20: 105)", "(2 x 8)"', () => {
    const text = [
      'Clone Hammer (398/130/400)',
      '===========',
      'Venator II-class Star Destroyer (100 + 22: 122)',
      '· Anakin Skywalker (22)',
      'Acclamator I-class Assault Ship (66)',
      'Consular-class Charger c70 (42 + 5: 47)',
      '· Dorsal Turbolaser Turret (5)',
      '2 x V-19 Torrent Squadron (2 x 9)',
      'Obi-Wan Kenobi - Delta-7 Aethersprite Squadron (25)',
    ].join('\n');
    const r = parseFleetList(text);
    expect(r.faction).toBe('republic'); // every ship is a Republic class
    expect(ships(r)).toEqual([
      ['venator', 'Venator II-class Star Destroyer'],
      ['acclamator', 'Acclamator I-class Assault Ship'],
      ['consular', 'Consular-class Charger c70'],
    ]);
    expect(squadrons(r)).toEqual(['V-19 Torrent Squadron', 'V-19 Torrent Squadron', 'Obi-Wan Kenobi']);
    expect(r.unrecognised).toEqual([]);
    expect(r.upgrades).toBe(2);
  });

  it('a plain list: counts, "- " items, spelling and case differences, a title after the card, a short form', () => {
    const text = [
      '2 x CR90 Corvette A',
      '- victory ii class star destroyer',
      '- Nebulon B Escort Frigates',
      'Assault Frigate Mk II B - Gallant Haven',
      'Devastator (Imperial II-class Star Destroyer)',
      'Raider',
      '1x GR-75 Medium Transports',
      'TIE Fighter Squadron x 4',
      'Millennium Falcon',
      'Victry II Star Destroyer',
    ].join('\n');
    const r = parseFleetList(text);
    expect(ships(r)).toEqual([
      ['cr90', 'CR90 Corvette A'], ['cr90', 'CR90 Corvette A'],
      ['victory', 'Victory II-class Star Destroyer'],
      ['nebulon-b', 'Nebulon-B Escort Frigate'],
      ['assault-frigate-mk2', 'Assault Frigate Mark II B'],
      ['imperial', 'Imperial II-class Star Destroyer'],
      ['raider', 'Raider I-class Corvette'],
      ['gr75', 'GR-75 Medium Transports'],
    ]);
    expect(squadrons(r)).toEqual(Array(4).fill('TIE Fighter Squadron'));
    expect(r.unrecognised.map((u) => [u.line, u.text])).toEqual([[9, 'Millennium Falcon'], [10, 'Victry II Star Destroyer']]);
    expect(r.unrecognised[1].why).toMatch(/no ship class has a card of that name \(the nearest: Victory II-class Star Destroyer\)/);
    expect(r.pieces[0].line).toBe(1);
    expect(r.pieces[2].line).toBe(2);
  });

  it('a card two classes share goes to the faction: its Faction: line, else its other ships; else the first, with a note', () => {
    const card = 'Arquitens-class Light Cruiser (54)';
    expect(ships(parseFleetList(`Faction: Galactic Republic\n${card}`))).toEqual([['arquitens-republic', 'Arquitens-class Light Cruiser']]);
    expect(ships(parseFleetList(`Faction: Galactic Empire\n${card}`))).toEqual([['arquitens', 'Arquitens-class Light Cruiser']]);
    // no Faction: line: the Venator makes it a Republic list
    expect(ships(parseFleetList(`Venator I-class Star Destroyer\n${card}`))[1]).toEqual(['arquitens-republic', 'Arquitens-class Light Cruiser']);
    const alone = parseFleetList(card);
    expect(alone.faction).toBeNull();
    expect(ships(alone)).toEqual([['arquitens', 'Arquitens-class Light Cruiser']]);
    expect(alone.notes).toEqual(['line 1 "Arquitens-class Light Cruiser (54)": arquitens or arquitens-republic; taken as arquitens (a "Faction:" line chooses)']);
  });

  it('the huge Executor by any of its cards', () => {
    const r = parseFleetList('Executor I-class Star Dreadnought (270)\nStar Dreadnought Assault Prototype (220)');
    expect(ships(r)).toEqual([['executor', 'Executor I-class Star Dreadnought'], ['executor', 'Star Dreadnought Assault Prototype']]);
  });

  it('counts beyond the limit and empty lines of names are listed, not added', () => {
    const r = parseFleetList(`${MAX_COUNT + 1} x TIE Fighter Squadron\n0 x CR90 Corvette A\n• (12)`);
    expect(r.pieces).toEqual([]);
    expect(r.unrecognised.map((u) => u.why)).toEqual([`a count of ${MAX_COUNT + 1}: expected 1 to ${MAX_COUNT}`, `a count of 0: expected 1 to ${MAX_COUNT}`, 'no name on this line']);
  });

  it('an unbulleted upgrade line under no ship is listed as not recognised; under a ship it is passed over', () => {
    const r = parseFleetList('Gunnery Team (7)\nCR90 Corvette B (39)\n  Gunnery Team (7)');
    expect(r.unrecognised.map((u) => u.line)).toEqual([1]);
    expect(r.upgrades).toBe(1);
    expect(ships(r)).toEqual([['cr90', 'CR90 Corvette B']]);
  });

  it('names are compared without case, punctuation, plural s, Mk/Mark and 1/2 for I/II', () => {
    expect(normaliseName('Victory II-Class Star Destroyer')).toBe(normaliseName('victory ii class  star destroyer'));
    expect(normaliseName('Assault Frigate Mk II A')).toBe(normaliseName('Assault Frigate Mark II A'));
    expect(normaliseName('Gozanti-class Cruisers')).toBe(normaliseName('Gozanti class cruiser'));
    expect(normaliseName('Victory 2-class')).toBe(normaliseName('Victory II class'));
    expect(normaliseName('Victory I')).not.toBe(normaliseName('Victory II'));
  });
});
