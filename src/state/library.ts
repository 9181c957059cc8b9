import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Table } from '../model/table';
import type { History } from './history';
import { evictions, type Kept, KEPT_LIMIT, readEntry, readHistory, type Unreadable } from './kept-records';
import { storageProblem } from './storage';

/**
 * Tables kept in this browser (IndexedDB, through idb). Every table a tab has on screen is one
 * entry of the list, saved as it changes, with its undo history beside it; a table another one
 * replaces (New, Clear, a link, a file, one opened from the list) simply stays in the list as it
 * was. Each tab writes only its own entry (src/state/tab-tables.ts), so tabs never write each
 * other's table. Records are checked when read (kept-records.ts): a bad one is listed with the
 * reason and left as it was, never fatal, never hiding the rest.
 */
export type { Kept, KeptSource, Unreadable } from './kept-records';

interface Schema extends DBSchema {
  entries: { key: string; value: Kept; indexes: { savedAt: number } };
  histories: { key: string; value: { id: string; history: History<Table> } };
}

/** undo and redo steps kept with a table across a reload (in the page: HISTORY_LIMIT) */
export const HISTORY_KEPT = 50;
/** the mark (a histories record, no entry's) that version 1's left-behind current table was carried */
const CARRIED = 'v1-current-carried';

type OldStores = {
  objectStore(n: string): { getAll(): Promise<unknown[]>; get(k: string): Promise<unknown> };
};
type NewStores = {
  objectStore(n: 'entries' | 'histories'): { put(v: unknown): Promise<unknown> };
};

/** Version 1's shared current table as an entry (and its history), when it had one. */
async function carryCurrent(old: OldStores, now: NewStores): Promise<boolean> {
  const cur = (await old.objectStore('current').get('current')) as Record<string, unknown> | undefined;
  if (!cur) return false;
  const savedAt = typeof cur.savedAt === 'number' ? cur.savedAt : Date.now();
  await now.objectStore('entries').put({
    id: 'v1-current',
    name: 'the table open before this version',
    createdAt: savedAt,
    savedAt: Date.now(),
    source: 'made',
    touched: true,
    table: cur.table,
  });
  await now.objectStore('histories').put({ id: 'v1-current', history: cur.history });
  return true;
}

/** Version 1's list (numbered ids): each becomes an entry as it was stored (checked when read, like every record). */
async function carryKept(old: OldStores, now: NewStores): Promise<void> {
  const kept = (await old.objectStore('kept').getAll()) as Record<string, unknown>[];
  for (const k of kept) await now.objectStore('entries').put({ ...k, id: `v1-${String(k?.id)}` });
}

export class TableLibrary {
  /** what opening found and said nothing of otherwise (an earlier version's store missing or unreadable) */
  readonly notes: string[] = [];
  private constructor(private db: IDBPDatabase<Schema>) {}

  /** The library, or the reason there is none (private modes, site data blocked, some webviews). */
  static async open(name = 'armada-tables'): Promise<TableLibrary | { problem: string }> {
    const notes: string[] = [];
    try {
      if (typeof indexedDB === 'undefined') return { problem: 'this browser keeps no IndexedDB' };
      const db = await openDB<Schema>(name, 2, {
        async upgrade(db, oldVersion, _v, tx) {
          const entries = db.createObjectStore('entries', { keyPath: 'id' });
          entries.createIndex('savedAt', 'savedAt');
          db.createObjectStore('histories', { keyPath: 'id' });
          if (oldVersion < 1) return;
          // version 1 kept one shared current table and a list: each store is carried over on its
          // own, so one missing or unreadable store never stops the other (nor the upgrade)
          const has = (n: string) => db.objectStoreNames.contains(n as never);
          const old = tx as unknown as OldStores,
            now = tx as unknown as NewStores;
          for (const [store, carry, what] of [
            ['current', carryCurrent, 'the table open before this version'],
            ['kept', carryKept, "the earlier version's list of tables"],
          ] as const) {
            if (!has(store)) continue;
            try {
              await carry(old, now);
              db.deleteObjectStore(store as never);
            } catch (e) {
              // left as stored (never deleted unread)
              notes.push(
                `${what[0].toUpperCase()}${what.slice(1)} could not be read from this browser's storage ` +
                  `(${storageProblem(e)}); it is left as stored, and every other table is kept.`,
              );
            }
          }
        },
      });
      const lib = new TableLibrary(db);
      lib.notes.push(...notes, ...(await lib.carryLeftCurrent()));
      return lib;
    } catch (e) {
      return { problem: storageProblem(e) };
    }
  }

  /**
   * An upgrade of an earlier release stopped halfway where version 1's list was missing, leaving its
   * current table in its old store: carried into the list once (a mark in the histories store says so).
   */
  private async carryLeftCurrent(): Promise<string[]> {
    if (!this.db.objectStoreNames.contains('current' as never)) return [];
    const db = this.db as unknown as IDBPDatabase;
    try {
      if (await db.get('histories', CARRIED)) return [];
      const cur = await db.get('current', 'current');
      const tx = db.transaction(['entries', 'histories'], 'readwrite');
      const carried = cur
        ? await carryCurrent({ objectStore: () => ({ get: async () => cur }) } as never, tx)
        : 0;
      await tx.objectStore('histories').put({ id: CARRIED, history: null });
      await tx.done;
      return carried
        ? ['The table open before this version was found left behind by an earlier upgrade; it is in Tables.']
        : [];
    } catch (e) {
      return [
        `The table open before this version could not be read from this browser's storage (${storageProblem(e)}); ` +
          `it is left as stored, and every other table is kept.`,
      ];
    }
  }

  /** Every entry, newest first; records that do not read as entries listed apart, with the reason. */
  async list(): Promise<{ entries: Kept[]; unreadable: Unreadable[] }> {
    const tx = this.db.transaction('entries');
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    const entries: Kept[] = [],
      unreadable: Unreadable[] = [];
    keys.forEach((k, i) => {
      const r = readEntry(values[i], k);
      if ('entry' in r) entries.push(r.entry);
      else unreadable.push(r.unreadable);
    });
    entries.sort((a, b) => b.savedAt - a.savedAt || b.createdAt - a.createdAt);
    return { entries, unreadable };
  }

  async get(id: string): Promise<{ entry: Kept } | { unreadable: Unreadable } | undefined> {
    const raw = await this.db.get('entries', id);
    return raw === undefined ? undefined : readEntry(raw, id);
  }

  /** The undo history kept with an entry; steps that do not read as tables are left out and said. */
  async history(id: string): Promise<ReturnType<typeof readHistory>> {
    const raw = await this.db.get('histories', id);
    return readHistory(raw === undefined ? undefined : ((raw as { history?: unknown })?.history ?? null));
  }

  /** Write an entry (and, when given, its undo history, trimmed to HISTORY_KEPT) in one transaction. */
  async put(entry: Kept, history?: History<Table>): Promise<void> {
    const tx = this.db.transaction(['entries', 'histories'], 'readwrite');
    await tx.objectStore('entries').put(entry);
    if (history) await tx.objectStore('histories').put({ id: entry.id, history: trim(history) });
    await tx.done;
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const tx = this.db.transaction(['entries', 'histories'], 'readwrite');
    for (const id of ids) {
      await tx.objectStore('entries').delete(id);
      await tx.objectStore('histories').delete(id);
    }
    await tx.done;
  }

  /** Drop what the list must (kept-records.ts `evictions`: only opened-and-untouched tables, oldest first). */
  async prune(open: ReadonlySet<string>): Promise<Kept[]> {
    // run after every save: the records are read (and checked) only when there are more than the limit
    if ((await this.db.count('entries')) <= KEPT_LIMIT) return [];
    const { entries } = await this.list();
    const drop = evictions(entries, open);
    await this.remove(drop.map((k) => k.id));
    return drop;
  }
}

function trim(h: History<Table>): History<Table> {
  return { past: h.past.slice(-HISTORY_KEPT), future: h.future.slice(0, HISTORY_KEPT) };
}
