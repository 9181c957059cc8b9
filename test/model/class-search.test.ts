/** The Add palette's class search ranks a class's own name first and printed classes before community ones. */
import { describe, expect, it } from 'vitest';
import { searchClasses } from '../../src/model/class-search';
import { CATALOG } from '../../src/model/catalog';

describe('searchClasses', () => {
  it.each([
    ['imperial', 'imperial'],
    ['assault frigate', 'assault-frigate-mk2'],
    ['victory ii', 'victory'],
    ['cr90', 'cr90'],
    ['Victory II-class Star Destroyer', 'victory'],
    ['arquitens', 'arquitens'],
    // players' shorthand
    ['isd', 'imperial'],
    ['VSD', 'victory'],
    ['ssd', 'executor'],
    ['neb-b', 'nebulon-b'],
    ['afmk2', 'assault-frigate-mk2'],
    // five class names end with it: the one whose own name and every card say it
    ['star destroyer', 'imperial'],
  ])('"%s" finds %s first', (q, id) => {
    expect(searchClasses(q)[0]).toBe(id);
  });

  it('every match holds the query somewhere (name, id, shorthand or card); an empty query lists every class', () => {
    const all = Object.keys(CATALOG.shipClasses);
    expect(searchClasses('').sort()).toEqual([...all].sort());
    for (const q of ['star', 'mc', 'frigate', 'zzz']) {
      const expected = all.filter((id) => {
        const c = CATALOG.shipClasses[id];
        return [id, c.name, ...c.cards].some((t) => t.toLowerCase().includes(q));
      });
      expect(searchClasses(q).sort()).toEqual(expected.sort());
    }
    // a shorthand no name holds finds its class alone
    expect(searchClasses('isd')).toEqual(['imperial']);
  });

  it('classes matching equally well: the one more of whose names hold the query first, then the shorter name', () => {
    // Imperial: its name and 4 cards; Venator: 1 + 3; Victory, Gladiator: 1 + 2; Onager: 1 + 1 (its testbed card
    // says "Onager-class Testbed")
    expect(searchClasses('star destroyer')).toEqual([
      'imperial',
      'venator',
      'victory',
      'gladiator',
      'onager',
    ]);
    // the count only breaks ties: a class named by the query itself still comes first
    expect(searchClasses('onager-class star destroyer')).toEqual(['onager']);
    expect(searchClasses('onager')[0]).toBe('onager');
    expect(searchClasses('venator')[0]).toBe('venator');
    // a better fit (the query starts a name) beats more names holding it further in
    expect(searchClasses('victory')[0]).toBe('victory');
  });
});
