/**
 * The tables of a tab (src/state/tab-tables.ts), kept in memory as where IndexedDB is refused (node has none):
 * a table replaced on screen stays in Tables, except the demo the tab began with, never changed.
 */
import { describe, expect, it } from 'vitest';
import demoJson from '../../assets/demo-table.json';
import { validateTable, type Table } from '../../src/model/table';
import type { SafeStorage } from '../../src/state/storage';
import { bootTables } from '../../src/state/tab-tables';
import { commands, createAppStore } from '../../src/state/store';
import { practiceTableState } from '../../src/state/practice-table';
import { memoryStorage } from '../support/memory-storage';

async function boot() {
  const demo = validateTable(demoJson);
  const local = memoryStorage();
  const b = await bootTables(demo, { local, session: memoryStorage() });
  const store = createAppStore(b.table);
  store.setState({ history: b.history });
  b.tables.attach(store);
  return { demo, local, store, cmd: commands(store), tables: b.tables };
}

/** The list once every write queued (saves a moment after a change included) is done. */
async function listed(tables: Awaited<ReturnType<typeof boot>>['tables']) {
  await new Promise((r) => setTimeout(r, 20));
  return (await tables.list()).entries;
}

/** A table other than the demo: the demo without its first squadron. */
const linked = (demo: Table): Table => ({ ...demo, squadrons: demo.squadrons.slice(1) });
const link = { source: 'link' as const, name: 'opened from a link' };

describe('a table replaced on screen', () => {
  it('the demo the tab began with, never changed: a link adds no row for it; Undo still returns to it', async () => {
    const { demo, local, store, cmd, tables } = await boot();
    expect(tables.keepsOnScreen()).toBe(false);
    const demoId = tables.currentId;
    cmd.load(linked(demo), 'from a link', link);
    const rows = await listed(tables);
    expect(rows.map((k) => k.source)).toEqual(['link']);
    expect(rows.some((k) => k.setAside)).toBe(false);
    expect(local.keys().filter((k) => k.includes(demoId))).toEqual([]);
    // the page still has it: Undo returns to the demo, which is listed again
    cmd.undo();
    expect(store.getState().table).toBe(demo);
    expect(tables.currentId).toBe(demoId);
    const back = await listed(tables);
    expect(back.map((k) => k.source).sort()).toEqual(['link', 'made']);
  });

  it('a table the player changed stays, set aside, when a link replaces it', async () => {
    const { demo, cmd, tables } = await boot();
    const t = { ...demo, squadrons: demo.squadrons.map((q, i) => (i ? q : { ...q, x: q.x + 25 })) };
    cmd.change(t);
    expect(tables.keepsOnScreen()).toBe(true);
    cmd.load(linked(demo), 'from a link', link);
    const rows = await listed(tables);
    const mine = rows.find((k) => k.source === 'made');
    expect(mine?.table).toEqual(t);
    expect(mine?.touched).toBe(true);
    expect(mine?.setAside).toMatch(/replaced by the table opened from a link/);
  });

  it('a change undone leaves an undo step: the demo brought back is kept too', async () => {
    const { demo, cmd, tables } = await boot();
    cmd.change({ ...demo, tokens: [] });
    cmd.undo();
    cmd.load(linked(demo), 'from a link', link);
    expect((await listed(tables)).map((k) => k.source).sort()).toEqual(['link', 'made']);
  });

  it('the table a link opened, then replaced by New: kept (the player opened it)', async () => {
    const { demo, cmd, tables } = await boot();
    cmd.load(linked(demo), 'from a link', link);
    cmd.load({ ...demo, ships: [], squadrons: [], obstacles: [], tokens: [] }, 'new', {
      source: 'made',
      name: 'table begun',
    });
    expect((await listed(tables)).map((k) => k.source).sort()).toEqual(['link', 'made']);
  });
});

describe('a practice on screen (Tables paused)', () => {
  it("a change the player made just before is kept, never the practice's table that follows it", async () => {
    const { demo, store, cmd, tables } = await boot();
    const mine = { ...demo, squadrons: demo.squadrons.map((q, i) => (i ? q : { ...q, x: q.x + 25 })) };
    cmd.change(mine);
    // the practice starts before the change's save (a moment after it) is due
    tables.pause();
    store.setState(practiceTableState({ ...demo, ships: demo.ships.slice(0, 1), obstacles: [] }));
    await new Promise((r) => setTimeout(r, 400));
    const rows = await listed(tables);
    expect(rows).toHaveLength(1);
    expect(rows[0].table).toEqual(mine);
  });
});
