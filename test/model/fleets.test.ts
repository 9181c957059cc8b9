/**
 * The table file's `fleets` field (src/model/fleets.ts): a list kept with the table survives the
 * file's round trip, and a bad one is refused naming the field.
 */
import { describe, expect, it } from 'vitest';
import { fleetJson, readFleetList } from '../../src/model/fleet-list';
import { parseTableText, TableError } from '../../src/model/table';

const LIST =
  'Faction: Empire\nImperial II-class Star Destroyer (120)\n• Relentless (3)\nVictry II (85)\nSquadrons:\n• 2 x TIE Fighter Squadron (16)';
const base = {
  format: 'armada-table/1',
  table: '3x6',
  ships: [],
  squadrons: [],
  obstacles: [],
  tokens: [],
  proposals: [],
};
const fleet = () => ({
  player: 1,
  text: LIST,
  fixes: { 4: 'ship:empire:victory-ii-class-star-destroyer' },
  read: fleetJson(readFleetList(LIST, { fixes: { 4: 'ship:empire:victory-ii-class-star-destroyer' } })),
});
const refuse = (fleets: unknown, path: string, problem: RegExp) => {
  let err: unknown;
  try {
    parseTableText(JSON.stringify({ ...base, fleets }));
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(TableError);
  expect((err as TableError).path).toBe(path);
  expect((err as TableError).problem).toMatch(problem);
};

describe('the fleets field', () => {
  it('kept through the file: the text, the fix and what was read', () => {
    const t = parseTableText(JSON.stringify({ ...base, fleets: [fleet()] }));
    expect(t.fleets).toHaveLength(1);
    expect(t.fleets![0].fixes).toEqual({ 4: 'ship:empire:victory-ii-class-star-destroyer' });
    expect(t.fleets![0].read.ships.map((s) => s.name)).toEqual([
      'Relentless',
      'Victory II-class Star Destroyer',
    ]);
    expect(t.fleets![0].read.squadrons).toEqual([{ card: 'TIE Fighter Squadron', count: 2, points: 16 }]);
    expect(parseTableText(JSON.stringify(t))).toEqual(t);
    // a table without the field has none
    expect(parseTableText(JSON.stringify(base)).fleets).toBeUndefined();
  });

  it('refused, naming the field: two lists for one player, an unknown builder, a bad count, a stray field, too long a text', () => {
    refuse([fleet(), fleet()], 'fleets[1].player', /player 1 has a fleet list already/);
    refuse([{ ...fleet(), builder: 'xwing' }], 'fleets[0].builder', /unknown builder/);
    const bad = fleet();
    bad.read.squadrons[0].count = 0;
    refuse([bad], 'fleets[0].read.squadrons[0].count', /whole number from 1/);
    refuse([{ ...fleet(), colour: 'red' }], 'fleets[0].colour', /unknown field/);
    refuse(
      [{ ...fleet(), text: 'x'.repeat(100_001) }],
      'fleets[0].text',
      /100001 characters; at most 100000/,
    );
    refuse([{ ...fleet(), fixes: { first: null } }], 'fleets[0].fixes.first', /line number/);
    refuse({ player: 1 }, 'fleets', /expected a list/);
  });
});
