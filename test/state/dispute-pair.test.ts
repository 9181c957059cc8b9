import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTableText, type Table } from '../../src/model/table';
import { World } from '../../src/rules/world';
import { patchPiece } from '../../src/state/pieces';
import { commands, createAppStore, tapPair } from '../../src/state/store';

const demo = (): Table => parseTableText(readFileSync('assets/demo-table.json', 'utf8'));
const none = { attacker: null, defender: null };

describe('choosing the pair by taps', () => {
  const t = demo(); // isd, tie1: player 1; mc80, xwing1: player 2
  it('the first tap picks the attacker, the second (an enemy) the defender, and the attacker stays', () => {
    const a = tapPair(t, none, 'isd', 'front');
    expect(a).toEqual({ attacker: 'isd.front', defender: null });
    const b = tapPair(t, a, 'mc80', 'left');
    expect(b).toEqual({ attacker: 'isd.front', defender: 'mc80.left' });
    expect(tapPair(t, b, 'xwing1', null)).toEqual({ attacker: 'isd.front', defender: 'xwing1' });
  });
  it("a tap on the attacker's own side picks a new attacker; another hull zone of the attacker keeps the defender", () => {
    const b = { attacker: 'isd.front', defender: 'mc80.left' };
    expect(tapPair(t, b, 'tie1', null)).toEqual({ attacker: 'tie1', defender: null });
    expect(tapPair(t, b, 'isd', 'right')).toEqual({ attacker: 'isd.right', defender: 'mc80.left' });
  });
  it('obstacles and tokens change neither', () => {
    const b = { attacker: 'isd.front', defender: 'mc80.left' };
    expect(tapPair(t, b, 'asteroid-a', null)).toBe(b);
  });
});

describe('lock pieces', () => {
  it('while locked no change moves a piece (nor undo), other settings still change', () => {
    const store = createAppStore(demo());
    const cmd = commands(store);
    cmd.change(patchPiece(store.getState().table, 'isd', { x: 700 }));
    cmd.set({ locked: true });
    const before = store.getState().table;
    cmd.change(patchPiece(before, 'isd', { x: 650 }));
    expect(store.getState().table).toBe(before);
    cmd.undo();
    expect(store.getState().table).toBe(before);
    cmd.change({ ...before, ruleset: '1.6' });
    expect(store.getState().table.ruleset).toBe('1.6');
    cmd.set({ locked: false });
    cmd.undo();
    expect(store.getState().table).toBe(before);
  });
});

describe('a tap near several hull zones of a new defender', () => {
  // a CR90 whose front faces the Victory: a line to its rear crosses its own front
  const t: Table = {
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships: [
      { id: 'vsd', player: 1, class: 'victory', size: 'medium', x: 900, y: 200, rotation: 0, speed: 2 },
      { id: 'cr', player: 2, class: 'cr90', size: 'small', x: 900, y: 480, rotation: 180, speed: 2 },
    ],
    squadrons: [],
    obstacles: [],
    tokens: [],
    proposals: [],
  };
  const world = new World(t);
  const near = { zones: ['front', 'rear'] as const, world };
  const start = () => {
    const store = createAppStore(t);
    const cmd = commands(store);
    cmd.tap('vsd', 'front', { zones: ['front', 'left'], world });
    return { store, cmd };
  };

  it('picks the zone the attack is best against, says which zone was under the finger', () => {
    const { store, cmd } = start();
    expect(store.getState().attacker).toBe('vsd.front'); // the attacker's own tap: the zone under the finger
    cmd.tap('cr', 'rear', near);
    const s = store.getState();
    expect([s.attacker, s.defender, s.selected]).toEqual(['vsd.front', 'cr.front', 'cr']);
    expect(s.tapFacing).toEqual({ attacker: 'vsd.front', defender: 'cr.front', under: 'cr.rear', table: t });
  });

  it('a second tap on the ship defending reaches the zone under the finger', () => {
    const { store, cmd } = start();
    cmd.tap('cr', 'rear', near);
    cmd.tap('cr', 'rear', near);
    expect(store.getState().defender).toBe('cr.rear');
    expect(store.getState().tapFacing).toBeNull();
  });

  it('one zone near the tap, or a world of another table: the zone under the finger', () => {
    const { store, cmd } = start();
    cmd.tap('cr', 'rear', { zones: ['rear'], world });
    expect(store.getState().defender).toBe('cr.rear');
    const other = start();
    other.cmd.tap('cr', 'rear', { zones: near.zones, world: new World({ ...t }) });
    expect(other.store.getState().defender).toBe('cr.rear');
    const plain = start();
    plain.cmd.tap('cr', 'rear');
    expect(plain.store.getState().defender).toBe('cr.rear');
  });
});
