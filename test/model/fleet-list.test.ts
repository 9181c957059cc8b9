/**
 * Pasted fleet lists (src/model/fleet-list.ts), hand-written in the shapes the list builders
 * export them: Kingston / Star Forge, Armada Warlords, Armada Fleets Designer and plain lists. The
 * expected classes and cards are written out by hand here, not derived from the card table.
 * (Every builder's format over every card: test/model/fleet-formats.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { cardKey, looseKey } from '../../src/model/cards';
import { fleetPieces, type FleetReading, MAX_COUNT, readFleetList } from '../../src/model/fleet-list';

type R = FleetReading & { pieces: ReturnType<typeof fleetPieces>; upgrades: number };
const parseFleetList = (text: string): R => {
  const r = readFleetList(text);
  return {
    ...r,
    pieces: fleetPieces(r, text),
    upgrades: r.ships.reduce((n, s) => n + s.upgrades.length + (s.title ? 1 : 0), 0),
  };
};
const ships = (r: R) => r.pieces.filter((p) => p.kind === 'ship').map((p) => [p.class, p.card]);
const squadrons = (r: R) => r.pieces.filter((p) => p.kind === 'squadron').map((p) => p.name);

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
    // the ace's card keeps its printed quotes
    expect(squadrons(r)).toEqual([
      'TIE Fighter Squadron',
      'TIE Fighter Squadron',
      'TIE Fighter Squadron',
      'Darth Vader',
      '"Mauler" Mithel',
    ]);
    expect(r.squadrons.map((q) => q.cardId)).toContain('squadron:empire:darth-vader:tie-advanced-squadron');
    expect(r.unrecognised).toEqual([]);
    // Relentless is the Imperial II's title: it names the ship
    expect(r.upgrades).toBe(4);
    expect(r.ships[0].name).toBe('Relentless');
    expect(r.objectives).toEqual(['Advanced Gunnery', 'Fire Lanes', 'Solar Corona']);
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
      '· Dual Turbolaser Turrets (5)',
      '2 x V-19 Torrent Squadron (2 x 9)',
      'Ahsoka Tano - Delta-7 Aethersprite Squadron (25)',
      'Obi-Wan Kenobi - Delta-7 Aethersprite Squadron (25)',
    ].join('\n');
    const r = parseFleetList(text);
    expect(r.faction).toBe('republic'); // every ship is a Republic class
    expect(ships(r)).toEqual([
      ['venator', 'Venator II-class Star Destroyer'],
      ['acclamator', 'Acclamator I-class Assault Ship'],
      ['consular', 'Consular-class Charger c70'],
    ]);
    expect(squadrons(r)).toEqual(['V-19 Torrent Squadron', 'V-19 Torrent Squadron', 'Ahsoka Tano']);
    // Obi-Wan flies no Delta-7 in the card table (his squadron card is an Eta-2): named, not guessed
    expect(r.unrecognised.map((u) => u.line)).toEqual([10]);
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
      ['cr90', 'CR90 Corvette A'],
      ['cr90', 'CR90 Corvette A'],
      ['victory', 'Victory II-class Star Destroyer'],
      ['nebulon-b', 'Nebulon-B Escort Frigate'],
      ['assault-frigate-mk2', 'Assault Frigate Mark II B'],
      ['imperial', 'Imperial II-class Star Destroyer'],
      ['gr75', 'GR-75 Medium Transports'],
    ]);
    expect(r.ships.map((x) => x.name).slice(4, 6)).toEqual(['Gallant Haven', 'Devastator']);
    expect(squadrons(r)).toEqual(Array(4).fill('TIE Fighter Squadron'));
    // a short form names no card by itself: listed, with the card it begins
    expect(r.unrecognised.map((u) => [u.line, u.text])).toEqual([
      [6, 'Raider'],
      [9, 'Millennium Falcon'],
      [10, 'Victry II Star Destroyer'],
    ]);
    expect(r.unrecognised[0].hint).toMatch(/cut short\? "Raider I-class Corvette"/);
    expect(r.unrecognised[2].hint).toMatch(/the nearest card: "Victory II-class Star Destroyer" \(ship\)/);
    expect(r.pieces[0].line).toBe(1);
    expect(r.pieces[2].line).toBe(2);
    expect(r.builder).toBe('plain');
  });

  it("a card of two factions goes to the list's faction: its Faction: line, else its other cards; else the official one", () => {
    const card = 'Arquitens-class Light Cruiser (54)';
    expect(ships(parseFleetList(`Faction: Galactic Republic\n${card}`))).toEqual([
      ['arquitens-republic', 'Arquitens-class Light Cruiser'],
    ]);
    expect(ships(parseFleetList(`Faction: Galactic Empire\n${card}`))).toEqual([
      ['arquitens', 'Arquitens-class Light Cruiser'],
    ]);
    // no Faction: line: the Venator makes it a Republic list
    expect(ships(parseFleetList(`Venator I-class Star Destroyer\n${card}`))[1]).toEqual([
      'arquitens-republic',
      'Arquitens-class Light Cruiser',
    ]);
    const alone = parseFleetList(card);
    // no faction to go by: the official card (the Republic's is a community one)
    expect(alone.faction).toBeNull();
    expect(ships(alone)).toEqual([['arquitens', 'Arquitens-class Light Cruiser']]);
    // Gozanti-class Cruisers: the Empire's and the Separatists'
    expect(parseFleetList('Faction: Separatist Alliance\nGozanti Cruisers (23)').ships[0].cardId).toBe(
      'ship:separatist:gozanti-class-cruisers',
    );
  });

  it('the huge Executor by any of its cards', () => {
    const r = parseFleetList(
      'Executor I-class Star Dreadnought (270)\nStar Dreadnought Assault Prototype (220)',
    );
    expect(ships(r)).toEqual([
      ['executor', 'Executor I-class Star Dreadnought'],
      ['executor', 'Star Dreadnought Assault Prototype'],
    ]);
  });

  it('counts beyond the limit and empty lines of names are listed, not added', () => {
    const r = parseFleetList(`${MAX_COUNT + 1} x TIE Fighter Squadron\n0 x CR90 Corvette A\n• (12)`);
    expect(r.pieces).toEqual([]);
    expect(r.unrecognised.map((u) => u.hint)).toEqual([
      `a count of ${MAX_COUNT + 1}: expected 1 to ${MAX_COUNT} of one card on a line`,
      `a count of 0: expected 1 to ${MAX_COUNT} of one card on a line`,
      'no name on this line',
    ]);
  });

  it('an unbulleted upgrade line under no ship is listed as not recognised; under a ship it is passed over', () => {
    const r = parseFleetList('Gunnery Team (7)\nCR90 Corvette B (39)\n  Gunnery Team (7)');
    expect(r.unrecognised.map((u) => u.line)).toEqual([1]);
    expect(r.upgrades).toBe(1);
    expect(ships(r)).toEqual([['cr90', 'CR90 Corvette B']]);
  });

  it('names are compared without case or punctuation; failing that, plural s, Mk/Mark, 1/2 for I/II and "class" aside', () => {
    expect(cardKey('Victory II-Class Star Destroyer')).toBe(cardKey('victory ii class  star destroyer'));
    expect(looseKey('Assault Frigate Mk II A')).toBe(looseKey('Assault Frigate Mark II A'));
    expect(looseKey('Gozanti-class Cruisers')).toBe(looseKey('Gozanti cruiser'));
    expect(looseKey('Victory 2-class')).toBe(looseKey('Victory II class'));
    expect(looseKey('YT-2400s')).toBe(looseKey('YT-2400'));
    expect(looseKey('Victory I')).not.toBe(looseKey('Victory II'));
  });

  it("an X-Wing list is no Armada list: a pilot's points far from the Armada card's leave the line unread, and it is said", () => {
    const xwing = [
      'Darth Vader (70)',
      '    Supernatural Reflexes (8)',
      'Ship total: 78',
      'Soontir Fel (52)',
      'Total: 130',
    ].join('\n');
    const r = readFleetList(xwing);
    expect(r.squadrons).toEqual([]);
    expect(r.unrecognised.map((u) => u.line)).toEqual([1, 2, 3, 4]);
    expect(r.unrecognised[0].hint).toBe(
      '"Darth Vader" is an Armada squadron of 21 or 25 points, and the line gives 70: a list of another game (X-Wing?)',
    );
    expect(r.notes).toEqual([
      '2 lines give points far from the Armada card they name (Darth Vader: 70, the card 21 or 25; Soontir Fel: 52, ' +
        'the card 18), so they were not read as those cards: is this a list of another game, such as X-Wing?',
    ]);
    // an Armada list's own numbers (a points change, a count's total) are read as before
    const armada = readFleetList(
      'Darth Vader (25)\n2 x TIE Fighter Squadron (16)\nVictory II-class Star Destroyer (85)',
    );
    expect(armada.squadrons.map((q) => [q.card, q.points])).toEqual([
      ['Darth Vader', 25],
      ['TIE Fighter Squadron', 16],
    ]);
    expect(armada.ships.map((s) => s.points)).toEqual([85]);
    expect(armada.notes).toEqual([]);
  });
});
