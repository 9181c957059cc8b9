import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Table } from '../model/table';
import type { History } from './history';
import { evictions, type Kept, readEntry, readHistory, type Unreadable } from './kept-records';
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

export class TableLibrary {
  private constructor(private db: IDBPDatabase<Schema>) {}

  /** The library, or the reason there is none (private modes, site data blocked, some webviews). */
  static async open(name = 'armada-tables'): Promise<TableLibrary | { problem: string }> {
    try {
      if (typeof indexedDB === 'undefined') return { problem: 'this browser keeps no IndexedDB' };
      const db = await openDB<Schema>(name, 2, {
        async upgrade(db, oldVersion, _v, tx) {
          const entries = db.createObjectStore('entries', { keyPath: 'id' });
          entries.createIndex('savedAt', 'savedAt');
          db.createObjectStore('histories', { keyPath: 'id' });
          if (oldVersion < 1) return;
          // version 1 kept one shared current table and a list with numbered ids: each becomes an
          // entry as it was stored (checked when read, like every record)
          const old = tx as unknown as {
            objectStore(n: string): { getAll(): Promise<unknown[]>; get(k: string): Promise<unknown> };
          };
          const cur = (await old.objectStore('current').get('current')) as
            | Record<string, unknown>
            | undefined;
          const kept = (await old.objectStore('kept').getAll()) as Record<string, unknown>[];
          for (const k of kept) {
            await tx.objectStore('entries').put({ ...k, id: `v1-${String(k?.id)}` } as unknown as Kept);
          }
          if (cur) {
            const savedAt = typeof cur.savedAt === 'number' ? cur.savedAt : Date.now();
            await tx.objectStore('entries').put({
              id: 'v1-current',
              name: 'the table open before this version',
              createdAt: savedAt,
              savedAt: Date.now(),
              source: 'made',
              touched: true,
              table: cur.table,
            } as Kept);
            await tx
              .objectStore('histories')
              .put({ id: 'v1-current', history: cur.history as History<Table> });
          }
          db.deleteObjectStore('current' as never);
          db.deleteObjectStore('kept' as never);
        },
      });
      return new TableLibrary(db);
    } catch (e) {
      return { problem: storageProblem(e) };
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
    const { entries } = await this.list();
    const drop = evictions(entries, open);
    await this.remove(drop.map((k) => k.id));
    return drop;
  }
}

function trim(h: History<Table>): History<Table> {
  return { past: h.past.slice(-HISTORY_KEPT), future: h.future.slice(0, HISTORY_KEPT) };
}
