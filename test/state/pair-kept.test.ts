/** The attack pair kept in the tab's session storage for a reload (src/state/pair-kept.ts). */
import { describe, expect, it } from 'vitest';
import demoJson from '../../assets/demo-table.json';
import { validateTable } from '../../src/model/table';
import { keepPairs, keptPair, PAIR_KEY } from '../../src/state/pair-kept';
import type { SafeStorage } from '../../src/state/storage';
import { commands, createAppStore } from '../../src/state/store';
import { memoryStorage } from '../support/memory-storage';

/** a page: the table at start, its store and commands, the pairs kept in `session` */
function page(session: SafeStorage, table = validateTable(JSON.parse(JSON.stringify(demoJson)))) {
  const store = createAppStore(table);
  const cmd = commands(store);
  keepPairs(store, cmd, session);
  return { store, cmd };
}

describe('the pair on screen kept for a reload', () => {
  it('a reload on the same table chooses it again; let go, none is kept', () => {
    const session = memoryStorage();
    const a = page(session);
    expect(a.store.getState().attacker).toBeNull();
    a.cmd.setPair('vsd.front', 'mc80.rear');
    const b = page(session, a.store.getState().table);
    expect([b.store.getState().attacker, b.store.getState().defender]).toEqual(['vsd.front', 'mc80.rear']);
    b.cmd.setPair(null, null);
    expect(session.map.has(PAIR_KEY)).toBe(false);
    expect(page(session, b.store.getState().table).store.getState().attacker).toBeNull();
  });

  it('kept with the pieces where they rest after a move; another table (or another place) chooses nothing', () => {
    const session = memoryStorage();
    const a = page(session);
    a.cmd.setPair('vsd.front', 'mc80.rear');
    const t = a.store.getState().table;
    const moved = { ...t, ships: t.ships.map((s) => (s.id === 'vsd' ? { ...s, x: s.x + 30 } : s)) };
    a.cmd.change(moved);
    expect(a.store.getState().attacker).toBe('vsd.front');
    expect(keptPair(session, moved)).toEqual({ attacker: 'vsd.front', defender: 'mc80.rear' });
    // the table before the move, or one without the Victory: nothing chosen
    expect(keptPair(session, t)).toBeNull();
    expect(keptPair(session, { ...moved, ships: moved.ships.filter((s) => s.id !== 'vsd') })).toBeNull();
    // a record that cannot be read chooses nothing
    session.set(PAIR_KEY, '{not json');
    expect(keptPair(session, moved)).toBeNull();
  });
});
