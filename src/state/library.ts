import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { type Table, validateTable } from '../model/table';
import type { History } from './history';

/**
 * Tables kept in this browser (IndexedDB, through idb): the current table with its undo history
 * (so a reload keeps both), and a named, time-stamped list of earlier ones: the last several
 * states, every table opened from a link or imported from a file, the table that was open when a
 * link or a file replaced it, and a table another tab saved that this one then saved over. "Open
 * the table I had" is always one entry of that list away.
 *
 * Tabs: every save bumps a revision and is announced on a BroadcastChannel; a tab that saves
 * over a revision it has not seen keeps that newer table in the list first, never dropping it.
 */
export type KeptSource = 'autosave' | 'link' | 'file' | 'before-link' | 'before-file' | 'other-tab';

export interface Kept {
  id?: number;
  name: string;
  /** ms since 1970 */
  savedAt: number;
  source: KeptSource;
  table: Table;
}

export interface Current {
  key: 'current';
  table: Table;
  history: History<Table>;
  /** one more at every save, whichever tab saved */
  rev: number;
  /** the tab that saved it */
  tab: string;
  savedAt: number;
}

interface Schema extends DBSchema {
  current: { key: string; value: Current };
  kept: { key: number; value: Kept; indexes: { savedAt: number } };
}

/** autosaved states kept in the list (older ones are dropped); a new one at most every SNAPSHOT_MS */
export const AUTOSAVES_KEPT = 10;
export const SNAPSHOT_MS = 20_000;
/** entries of any kind in the list; beyond it the oldest go, autosaves first */
export const KEPT_LIMIT = 100;
/** undo and redo steps kept across a reload */
export const HISTORY_KEPT = 50;

export interface SaveResult {
  rev: number;
  /** a newer table another tab had saved, now kept in the list (this tab's table is current) */
  keptAside?: Kept;
}

export class TableLibrary {
  readonly tab = Math.random().toString(36).slice(2, 10);
  private lastSnapshot = 0;
  private channel: BroadcastChannel | null = null;

  private constructor(private db: IDBPDatabase<Schema>) {}

  /** The library, or null where this browser keeps no IndexedDB (private modes, some webviews). */
  static async open(name = 'armada-tables'): Promise<TableLibrary | null> {
    try {
      const db = await openDB<Schema>(name, 1, {
        upgrade(db) {
          db.createObjectStore('current', { keyPath: 'key' });
          db.createObjectStore('kept', { keyPath: 'id', autoIncrement: true }).createIndex('savedAt', 'savedAt');
        },
      });
      return new TableLibrary(db);
    } catch {
      return null;
    }
  }

  /** The table saved last (by any tab), if it still reads as a table. */
  async current(): Promise<Current | undefined> {
    const c = await this.db.get('current', 'current');
    if (!c) return undefined;
    try {
      validateTable(JSON.parse(JSON.stringify(c.table)));
    } catch {
      return undefined;
    }
    return c;
  }

  /**
   * Save the table as current. `baseRev` is the revision this tab last saved or loaded: if another
   * tab has saved since, its table goes into the list before this one replaces it.
   */
  async save(table: Table, history: History<Table>, baseRev: number): Promise<SaveResult> {
    const now = Date.now();
    const tx = this.db.transaction(['current', 'kept'], 'readwrite');
    const cur = await tx.objectStore('current').get('current');
    const kept = tx.objectStore('kept');
    let keptAside: Kept | undefined;
    if (cur && cur.rev > baseRev && cur.tab !== this.tab && cur.table !== table) {
      keptAside = { name: `saved by another tab at ${clock(cur.savedAt)}`, savedAt: cur.savedAt, source: 'other-tab', table: cur.table };
      keptAside.id = await kept.add(keptAside);
    }
    const rev = (cur?.rev ?? 0) + 1;
    await tx.objectStore('current').put({ key: 'current', table, history: trim(history), rev, tab: this.tab, savedAt: now });
    if (now - this.lastSnapshot >= SNAPSHOT_MS) {
      this.lastSnapshot = now;
      await kept.add({ name: `autosave at ${clock(now)}`, savedAt: now, source: 'autosave', table });
    }
    await tx.done;
    this.channel?.postMessage({ tab: this.tab, rev });
    void this.prune();
    return { rev, keptAside };
  }

  /** Add a table to the list (a link opened, a file imported, the table a link replaced). */
  async keep(table: Table, source: KeptSource, name: string): Promise<number> {
    const id = await this.db.add('kept', { name, savedAt: Date.now(), source, table });
    void this.prune();
    return id;
  }

  /** The list, newest first. */
  async list(): Promise<Kept[]> {
    return (await this.db.getAllFromIndex('kept', 'savedAt')).reverse();
  }

  async get(id: number): Promise<Kept | undefined> {
    return this.db.get('kept', id);
  }

  /** Calls `onSave(rev)` when another tab saves. */
  listen(onSave: (rev: number) => void): void {
    if (typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel('armada-tables');
    this.channel.onmessage = (ev: MessageEvent<{ tab: string; rev: number }>) => {
      if (ev.data?.tab !== this.tab && typeof ev.data?.rev === 'number') onSave(ev.data.rev);
    };
  }

  /** Oldest autosaves beyond AUTOSAVES_KEPT go; then, beyond KEPT_LIMIT, the oldest of any kind. */
  private async prune(): Promise<void> {
    const all = await this.db.getAllFromIndex('kept', 'savedAt');
    const autos = all.filter((k) => k.source === 'autosave');
    const drop = new Set(autos.slice(0, Math.max(0, autos.length - AUTOSAVES_KEPT)).map((k) => k.id!));
    const rest = all.filter((k) => !drop.has(k.id!));
    for (const k of rest.slice(0, Math.max(0, rest.length - KEPT_LIMIT))) drop.add(k.id!);
    if (!drop.size) return;
    const tx = this.db.transaction('kept', 'readwrite');
    await Promise.all([...drop].map((id) => tx.store.delete(id)));
    await tx.done;
  }
}

function trim(h: History<Table>): History<Table> {
  return { past: h.past.slice(-HISTORY_KEPT), future: h.future.slice(0, HISTORY_KEPT) };
}

const clock = (ms: number) => new Date(ms).toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' });
