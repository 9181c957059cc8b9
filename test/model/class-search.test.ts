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
});
