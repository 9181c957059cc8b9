import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTableText, type Table } from '../../src/model/table';
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
