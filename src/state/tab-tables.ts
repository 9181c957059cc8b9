import type { Table } from '../model/table';
import { type History, record } from './history';
import {
  clock,
  evictedMessage,
  evictions,
  type Kept,
  keptWhenReplaced,
  type KeptSource,
  type readHistory,
  readTable,
  type Unreadable,
} from './kept-records';
import { TableLibrary } from './library';
import { loadSaved, STORAGE_KEY } from './persist';
import { fitPhotoInSlices } from './photo-fits';
import type { SafeStorage } from './storage';
import type { AppState, AppStore, Message } from './store';

/**
 * The tables of this tab, kept so that none is lost in ordinary use:
 * - the table on screen is one entry of the Tables list, saved as it changes (a moment after,
 *   and at once in local storage, so a reload right after a change finds it), with its undo history;
 * - a table replaced on screen (New, Clear, a link, a file, another table from the list: any change
 *   that removes more than one piece, or every piece, or loads a whole table) stays in the list as
 *   it was, and the new one begins its own entry; only the demo the tab began with, never changed
 *   and with no undo step, leaves the list instead (it holds nothing of the player's: keptWhenReplaced);
 * - a tab writes only its own entry: it holds a lock on it (Web Locks), a reload of the same tab
 *   takes it back (session storage names it), and a tab that finds its table open elsewhere
 *   works on a copy;
 * - with storage blocked the tab keeps its tables in memory and says the table will not be kept.
 */

const TAB_KEY = 'armada-tables/tab-entry';
const MIRROR = 'armada-tables/mirror:';
/** ms a change waits before it is written to IndexedDB (a burst of nudges is one write) */
const SAVE_DELAY_MS = 300;

interface Mirror {
  id: string;
  savedAt: number;
  table: unknown;
}

/** The store a tab keeps its entries in: IndexedDB (TableLibrary), or memory where that is refused. */
interface Shelf {
  list(): Promise<{ entries: Kept[]; unreadable: Unreadable[] }>;
  get(id: string): Promise<{ entry: Kept } | { unreadable: Unreadable } | undefined>;
  history(id: string): Promise<ReturnType<typeof readHistory>>;
  put(entry: Kept, history?: History<Table>): Promise<void>;
  prune(open: ReadonlySet<string>): Promise<Kept[]>;
  remove(ids: readonly string[]): Promise<void>;
}

class MemoryShelf implements Shelf {
  private entries = new Map<string, Kept>();
  private histories = new Map<string, History<Table>>();
  async list() {
    return { entries: [...this.entries.values()].sort((a, b) => b.savedAt - a.savedAt), unreadable: [] };
  }
  async get(id: string) {
    const e = this.entries.get(id);
    return e ? { entry: e } : undefined;
  }
  async history(id: string) {
    return { history: this.histories.get(id) ?? { past: [], future: [] }, dropped: 0 };
  }
  async put(entry: Kept, history?: History<Table>) {
    this.entries.set(entry.id, { ...entry });
    if (history) this.histories.set(entry.id, history);
  }
  async remove(ids: readonly string[]) {
    for (const id of ids) {
      this.entries.delete(id);
      this.histories.delete(id);
    }
  }
  async prune(open: ReadonlySet<string>) {
    const drop = evictions([...this.entries.values()], open);
    for (const k of drop) {
      this.entries.delete(k.id);
      this.histories.delete(k.id);
    }
    return drop;
  }
}

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Web Locks: one tab holds its entry's lock while it has the entry on screen. */
const locks = (): LockManager | null =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
const lockName = (id: string) => `armada-table:${id}`;

/** Take an entry's lock (waiting up to `waitMs`, or not at all); the release, or null when another tab holds it. */
function claim(id: string, waitMs = 0): Promise<(() => void) | null> {
  const lm = locks();
  if (!lm) return Promise.resolve(() => undefined); // no locks here: nothing to tell tabs apart by
  return new Promise((resolve) => {
    const ac = waitMs ? new AbortController() : null;
    const timer = ac ? setTimeout(() => ac.abort(), waitMs) : 0;
    lm.request(lockName(id), ac ? { signal: ac.signal } : { ifAvailable: true }, (lock) => {
      clearTimeout(timer);
      if (!lock) {
        resolve(null);
        return undefined;
      }
      return new Promise<void>((release) => resolve(() => release()));
    }).catch(() => resolve(null));
  });
}

/** The entries some tab has on screen now (their locks are held). */
async function heldIds(own: string): Promise<Set<string>> {
  const out = new Set([own]);
  try {
    const q = await locks()?.query();
    for (const l of q?.held ?? [])
      if (l.name?.startsWith('armada-table:')) out.add(l.name.slice('armada-table:'.length));
  } catch {
    /* nothing more known */
  }
  return out;
}

/** Pieces whose ids are gone from `next` (a whole table replaced on screen removes many at once). */
function removedPieces(prev: Table, next: Table): { removed: number; had: number } {
  const ids = (t: Table) => [...t.ships, ...t.squadrons, ...t.obstacles, ...t.tokens].map((p) => p.id);
  const now = new Set(ids(next));
  const had = ids(prev);
  return { removed: had.filter((id) => !now.has(id)).length, had: had.length };
}

/** What replaces the table on screen: a table made or loaded (with its source and name), or an entry of the list. */
type ReplacedAs = { source: KeptSource; name: string } | { entry: string };

/** What replaced a table set aside, in words. */
const replacedBy = (as: ReplacedAs) =>
  'entry' in as
    ? 'another table of the list (opened, or brought back by Undo)'
    : as.source === 'made'
      ? 'a new table'
      : `the table ${as.name}`;

export interface Boot {
  table: Table;
  history: History<Table>;
  messages: Message[];
  tables: TabTables;
}

export class TabTables {
  private entry: Kept;
  private release: () => void = () => undefined;
  private store: AppStore | null = null;
  private timer: ReturnType<typeof setTimeout> | 0 = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private said = new Set<string>();
  /**
   * When this page last wrote each entry's copy in local storage: a save checks it rather than reading
   * the copy back (a table with a photo's marks is hundreds of kB to read and parse at every save).
   */
  private mirroredAt = new Map<string, number>();
  /** the table an entry was opened with (a link, a file): a change from it marks the entry touched */
  private openedTable: Table | null = null;
  private savedTable: Table | null = null;
  private savedHistory: History<Table> | null = null;
  private listeners: (() => void)[] = [];

  constructor(
    private shelf: Shelf,
    private local: SafeStorage,
    private session: SafeStorage,
    /** where tables are kept: 'browser' (IndexedDB), 'local' (this table only, local storage), 'memory' (nowhere) */
    readonly keeps: 'browser' | 'local' | 'memory',
    entry: Kept,
    release: () => void,
    /** the table a tab starts with when it has none to show (the demo): unchanged, not kept when replaced */
    private start: Table | null = null,
  ) {
    this.entry = entry;
    this.release = release;
    this.openedTable = entry.touched ? null : entry.table;
    this.session.set(TAB_KEY, entry.id);
    this.readBack();
  }

  /** Read the entry the one on screen replaced (for an Undo past the replacement after a reload). */
  private readBack(): void {
    const from = this.entry.cameFrom,
      forId = this.entry.id;
    this.back = null;
    if (!from) return;
    const known = this.left.get(from);
    if (known) {
      this.back = { entry: known, json: JSON.stringify(known.table) };
      return;
    }
    this.chain = this.chain.then(async () => {
      const got = await this.shelf.get(from).catch(() => 'unread' as const);
      if (this.entry.id !== forId) return;
      if (got && got !== 'unread' && 'entry' in got)
        this.back = { entry: got.entry, json: JSON.stringify(got.entry.table) };
      // no such entry: the untouched demo this one replaced left the list (keptWhenReplaced); an Undo that
      // brings it back begins its entry again, rather than write the demo over this one
      else if (!got && this.start) this.back = { entry: this.demoEntry(from), json: this.startText() };
    });
  }

  /** The demo's entry as it was before it left the list, for an Undo that brings it back. */
  private demoEntry(id: string): Kept {
    const now = Date.now();
    return {
      id,
      name: 'the demo table',
      createdAt: now,
      savedAt: now,
      source: 'made',
      touched: false,
      table: this.start!,
    };
  }

  /** The id of the entry on screen. */
  get currentId(): string {
    return this.entry.id;
  }

  /** Called when the list changed (a table added, set aside or dropped). */
  onChange(f: () => void): void {
    this.listeners.push(f);
  }

  list(): Promise<{ entries: Kept[]; unreadable: Unreadable[] }> {
    return this.chain.then(() => this.shelf.list());
  }

  /** Delete an entry the player chose to delete (never the one on screen, nor one open in another tab). */
  async remove(id: string): Promise<void> {
    if (id === this.entry.id) return;
    if ((await heldIds(this.entry.id)).has(id)) {
      this.say('info', 'That table is open in another tab; close it there first.');
      return;
    }
    this.chain = this.chain.then(() => this.shelf.remove([id]));
    await this.chain;
  }

  /** Follow the store: save its table into this tab's entry, begin a new entry when a table is replaced. */
  attach(store: AppStore): void {
    this.store = store;
    this.savedTable = null;
    store.subscribe((s, prev) => this.changed(s, prev));
    // the table on screen now (the entry as read, or a copy, or the demo) is written at once
    this.mirror(store.getState().table);
    this.saveSoon(0);
  }

  /** Open an entry of the list in this tab (a copy of it when another tab has it on screen). */
  async open(id: string): Promise<void> {
    const store = this.store;
    if (!store) return;
    const got = await this.shelf.get(id);
    if (!got || !('entry' in got)) {
      this.say(
        'error',
        `That table could not be opened: ${
          got && 'unreadable' in got ? got.unreadable.problem : 'it is no longer in ' + 'the list'
        }.`,
      );
      return;
    }
    const k = got.entry;
    const text = `Opened "${k.name}" from Tables. ${
      this.keepsOnScreen()
        ? 'Undo returns to the table you had, which stays in Tables.'
        : 'Undo returns to the demo table.'
    }`;
    if (id === this.entry.id) {
      store.setState({ message: { kind: 'info', text: 'That table is the one on screen.' } });
      return;
    }
    await fitPhotoInSlices(k.table).catch(() => undefined); // its photo fitted between frames, kept
    const release = await claim(id);
    if (!release) {
      this.pendingRelease = null;
      const cmdText =
        `"${k.name}" is open in another tab: a copy of it is opened here (kept in Tables as its own ` +
        `table), so the two tabs never write each other's table.`;
      loadInto(store, k.table, cmdText, { source: 'copy', name: `copy of ${k.name}` });
      return;
    }
    this.pendingRelease = { id, release, entry: k };
    loadInto(store, k.table, text, { entry: id });
  }

  private pendingRelease: { id: string; release: () => void; entry: Kept } | null = null;
  /** which entry a table on screen belonged to, for the tables this page replaced (Undo returns to them) */
  private entryOf = new WeakMap<Table, string>();
  /** the entries this page left, as it left them */
  private left = new Map<string, Kept>();
  /** the entry the one on screen replaced, as stored (read when an entry comes on screen) */
  private back: { entry: Kept; json: string } | null = null;
  /** an entry taken back after another tab took it: its copy's id */
  private renamed = new Map<string, string>();

  /** While set, the store's changes are not kept: nothing is saved and no entry begins (a drill's tables). */
  private paused = false;

  /**
   * Keep nothing until resume(): the store's tables pass by unsaved (a practice drill's situations);
   * a reload meanwhile finds the table as it was before.
   */
  pause(): void {
    // a change's save still due is written now, of the table it was for: due later, it would write the
    // practice's table over the player's
    if (this.timer) {
      clearTimeout(this.timer);
      this.saveNow();
    }
    this.paused = true;
  }

  /** Keep changes again; the caller has put back the table and history the store had at pause(). */
  resume(): void {
    this.paused = false;
  }

  private changed(s: AppState, prev: AppState): void {
    if (this.paused) return;
    if (s.opened !== prev.opened && s.opened) {
      this.replace(prev, s, s.opened.as);
      return;
    }
    if (s.table === prev.table && s.history === prev.history && s.gestureStart === prev.gestureStart) return;
    // Undo or Redo back across a replacement: back to the entry that table belongs to (the
    // replaced table is not written over with the one it replaced)
    const owner = s.table !== prev.table ? this.entryOf.get(s.table) : undefined;
    if (owner && owner !== this.entry.id && this.left.has(owner) && !s.gestureStart) {
      this.replace(prev, s, { entry: owner });
      return;
    }
    // after a reload the tables of the history are new objects: an Undo that brings back exactly
    // the table of the entry this one replaced returns to that entry
    const back = this.back;
    if (
      back &&
      s.table !== prev.table &&
      !s.gestureStart &&
      s.history.future.length === prev.history.future.length + 1 &&
      back.entry.id !== this.entry.id &&
      JSON.stringify(s.table) === back.json
    ) {
      this.left.set(back.entry.id, back.entry);
      this.replace(prev, s, { entry: back.entry.id });
      return;
    }
    if (s.table !== prev.table && !s.gestureStart && !prev.gestureStart) {
      const { removed, had } = removedPieces(prev.table, s.table);
      if (removed > 1 || (had > 0 && removed === had)) {
        this.replace(prev, s, { source: 'made', name: `table begun ${clock(Date.now())}` });
        return;
      }
    }
    if (!s.gestureStart) this.mirror(s.table);
    this.saveSoon();
  }

  private startJson: string | null = null;
  private startText(): string {
    return (this.startJson ??= JSON.stringify(this.start));
  }

  /** Whether the entry left, with the history it had, keeps its row in Tables (keptWhenReplaced). */
  private worthKeeping(leaving: Kept, history: History<Table>): boolean {
    if (!this.start) return true;
    return keptWhenReplaced(leaving, history, this.startText());
  }

  /**
   * Whether the table on screen stays in Tables when a table loaded now replaces it (false only for the demo
   * the tab began with, never changed).
   */
  keepsOnScreen(): boolean {
    const s = this.store?.getState();
    return !s || this.worthKeeping(this.leavingEntry(s, { entry: '' }, Date.now()), s.history);
  }

  /**
   * `prev`'s table stays in its entry, set aside (or leaves the list, when it holds nothing of the
   * player's); `s`'s table begins (or continues) another.
   */
  private replace(prev: AppState, s: AppState, as: ReplacedAs): void {
    const now = Date.now();
    const old = this.entry;
    const leaving = this.leavingEntry(prev, as, now);
    const oldHistory = prev.history;
    const releaseOld = this.release;
    clearTimeout(this.timer);
    this.timer = 0;
    this.entryOf.set(leaving.table, old.id);
    this.left.set(old.id, leaving);
    if ('entry' in as && this.pendingRelease?.id === as.entry) this.takeOpened(this.pendingRelease);
    else if ('entry' in as && this.left.has(as.entry)) this.takeBack(this.left.get(as.entry)!, s.table);
    else this.begin(as, s.table, now, old.id);
    this.entryOf.set(s.table, this.entry.id);
    this.readBack();
    this.session.set(TAB_KEY, this.entry.id);
    this.savedTable = null;
    this.mirror(s.table);
    if (this.worthKeeping(leaving, oldHistory)) this.keepLeaving(leaving, oldHistory, releaseOld);
    else this.dropLeaving(leaving.id, releaseOld);
    this.saveSoon(0);
  }

  /** The entry on screen as it is left: its table before the change, set aside, touched if changed. */
  private leavingEntry(prev: AppState, as: ReplacedAs, now: number): Kept {
    const old = this.entry;
    const leaving: Kept = {
      ...old,
      table: prev.gestureStart ?? prev.table,
      savedAt: Math.max(old.savedAt, now - 1),
    };
    if (leaving.table !== this.openedTable && leaving.table !== this.savedTable) leaving.touched = true;
    leaving.setAside = `set aside ${clock(now)}: replaced by ${replacedBy(as)}`;
    return leaving;
  }

  /** An entry of the list just opened: its lock was taken as it was opened. */
  private takeOpened(p: { release: () => void; entry: Kept }): void {
    this.pendingRelease = null;
    this.entry = { ...p.entry };
    this.release = p.release;
    this.openedTable = p.entry.touched ? null : p.entry.table;
  }

  /**
   * An entry this page left a moment ago: its lock was let go, so it is taken again (a copy when another
   * tab took it meanwhile).
   */
  private takeBack(back: Kept, table: Table): void {
    this.left.delete(back.id);
    this.entry = { ...back, table };
    delete this.entry.setAside;
    this.release = () => undefined;
    this.openedTable = back.touched ? null : table;
    const id = back.id;
    this.chain = this.chain.then(async () => {
      const r = await claim(id, 1000);
      if (r && this.entry.id === id) this.release = r;
      else if (!r && this.entry.id === id) {
        this.entry = {
          ...this.entry,
          id: newId(),
          source: 'copy',
          name: `copy of ${back.name}`,
          touched: true,
        };
        this.renamed.set(id, this.entry.id);
        this.session.set(TAB_KEY, this.entry.id);
      } else r?.();
    });
  }

  /** A new entry for the table on screen (made here, or a copy), its lock taken when free. */
  private begin(as: ReplacedAs, table: Table, now: number, cameFrom: string): void {
    this.entry = {
      id: newId(),
      name: 'entry' in as ? 'a table opened from Tables' : as.name,
      createdAt: now,
      savedAt: now,
      source: 'entry' in as ? 'copy' : as.source,
      touched: !('entry' in as) && as.source === 'made',
      table,
      cameFrom,
    };
    this.release = () => undefined;
    this.openedTable = this.entry.touched ? null : table;
    const id = this.entry.id;
    void claim(id).then((r) => {
      if (r && this.entry.id === id) this.release = r;
      else r?.();
    });
  }

  /** The entry left is written in the list with its history (its copy in local storage then dropped). */
  private keepLeaving(leaving: Kept, oldHistory: History<Table>, releaseOld: () => void): void {
    this.chain = this.chain.then(async () => {
      try {
        await this.shelf.put(leaving, oldHistory);
        this.local.remove(MIRROR + leaving.id);
        this.mirroredAt.delete(leaving.id);
      } catch (e) {
        this.say(
          'error',
          `The table you had could not be kept in Tables (${(e as Error).message}); Undo still returns to it.`,
        );
      }
      releaseOld();
    });
  }

  /**
   * The entry left holds nothing of the player's (the demo, untouched): its row and its copy in local
   * storage go (the page still has it, for Undo, which writes it again).
   */
  private dropLeaving(id: string, releaseOld: () => void): void {
    this.chain = this.chain.then(async () => {
      await this.shelf.remove([id]).catch(() => undefined); // left listed: clutter, never a loss
      this.local.remove(MIRROR + id);
      this.mirroredAt.delete(id);
      releaseOld();
      for (const f of this.listeners) f();
    });
  }

  private saveSoon(delay = SAVE_DELAY_MS): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.saveNow(), delay);
  }

  private saveNow(): void {
    this.timer = 0;
    if (this.paused) return;
    const store = this.store;
    if (!store) return;
    const s = store.getState();
    if (s.gestureStart) return; // saved when the gesture ends
    if (s.table === this.savedTable && s.history === this.savedHistory) return;
    const table = s.table,
      history = s.history;
    const changedFromOpened = !!this.openedTable && table !== this.openedTable;
    if (changedFromOpened) this.openedTable = null;
    const base = this.entry;
    this.chain = this.chain.then(async () => {
      // built here, after any change of entry queued before it (an entry taken back, or copied);
      // a save queued before the table was replaced writes the entry it was made for
      const mine = this.entry.id === base.id || this.renamed.get(base.id) === this.entry.id;
      const entry: Kept = { ...(mine ? this.entry : base), table, savedAt: Date.now() };
      if (changedFromOpened) entry.touched = true;
      if (mine) this.entry = entry;
      try {
        await this.shelf.put(entry, history);
        this.savedTable = table;
        this.savedHistory = history;
        if (this.keeps === 'browser') {
          const at = this.mirroredAt.get(entry.id) ?? this.readMirror(entry.id)?.savedAt;
          if (at !== undefined && at <= entry.savedAt) {
            this.local.remove(MIRROR + entry.id);
            this.mirroredAt.delete(entry.id);
          }
        }
        const dropped = await this.shelf.prune(await heldIds(entry.id));
        if (dropped.length) this.say('info', evictedMessage(dropped));
      } catch (e) {
        this.say(
          'error',
          `The table could not be saved in this browser (${(e as Error).message}). It stays on screen; keep it as a ` +
            `file (Export) or a share link.`,
        );
      }
      for (const f of this.listeners) f();
    });
  }

  /** The table on screen, written at once in local storage (IndexedDB follows a moment later). */
  private mirror(table: Table): void {
    if (this.keeps === 'memory') return;
    const savedAt = Date.now();
    const text = JSON.stringify({ id: this.entry.id, savedAt, table });
    const problem = this.local.set(MIRROR + this.entry.id, text);
    if (!problem) this.mirroredAt.set(this.entry.id, savedAt);
    if (problem && this.keeps === 'local')
      this.say(
        'error',
        `The table could not be saved (${problem}); it is kept in this page only: keep it as a file (Export) or a ` +
          `share link.`,
      );
    else if (problem)
      this.say(
        'info',
        `Local storage is full or refused (${problem}): each change is kept in Tables a moment after it is made, not ` +
          `at once.`,
      );
  }

  private readMirror(id: string): Mirror | null {
    const text = this.local.get(MIRROR + id);
    if (!text) return null;
    try {
      const m = JSON.parse(text) as Mirror;
      return m && typeof m.savedAt === 'number' ? m : null;
    } catch {
      return null;
    }
  }

  private say(kind: Message['kind'], text: string): void {
    if (this.said.has(text)) return; // a fault repeated at every change is said once
    this.said.add(text);
    this.store?.setState({ message: { kind, text } });
  }
}

function loadInto(
  store: AppStore,
  table: Table,
  text: string,
  as: { source: KeptSource; name: string } | { entry: string },
) {
  const s = store.getState();
  store.setState({
    table,
    history: record(s.history, s.table),
    selected: null,
    attacker: null,
    defender: null,
    gestureStart: null,
    message: { kind: 'info', text },
    opened: { n: (s.opened?.n ?? 0) + 1, as },
  });
}

/** A new entry of a table (made here, unless said), begun `now`. */
type Fresh = (table: Table, source?: KeptSource, name?: string) => Kept;
const freshAt =
  (now: number): Fresh =>
  (table, source = 'made', name = `table begun ${clock(now)}`) => ({
    id: newId(),
    name,
    createdAt: now,
    savedAt: now,
    source,
    touched: source === 'made',
    table,
  });

/** An earlier version's single saved table (a problem reading it said in `messages`). */
function legacyTable(local: SafeStorage, messages: Message[]): Table | null {
  const legacyText = local.get(STORAGE_KEY);
  if (legacyText === null) return null;
  const asStorage = {
    getItem: (k: string) => local.get(k),
    setItem: (k: string, v: string) => {
      const p = local.set(k, v);
      if (p) throw new Error(p);
    },
  } as Storage;
  const r = loadSaved(asStorage);
  if (r.problem)
    messages.push({ kind: 'error', text: `${r.problem[0].toUpperCase()}${r.problem.slice(1)}.` });
  return r.table;
}

/** No IndexedDB: the table on screen kept in local storage where it can be, else in memory only. */
async function bootInMemory(
  problem: string,
  demo: Table,
  env: { local: SafeStorage; session: SafeStorage },
  legacy: Table | null,
  fresh: Fresh,
  messages: Message[],
): Promise<Boot> {
  const { local, session } = env;
  const shelf = new MemoryShelf();
  const mirrors = local
    .keys()
    .filter((k) => k.startsWith(MIRROR))
    .map((k) => {
      try {
        return JSON.parse(local.get(k)!) as Mirror;
      } catch {
        return null;
      }
    })
    .filter((m): m is Mirror => !!m && typeof m.savedAt === 'number')
    .sort((a, b) => b.savedAt - a.savedAt);
  let entry: Kept | null = null;
  for (const m of mirrors) {
    try {
      entry = { ...fresh(readTable(m.table)), id: m.id, savedAt: m.savedAt };
      break;
    } catch {
      /* an unreadable copy is left as it is */
    }
  }
  if (!entry && legacy) {
    entry = fresh(legacy);
    local.remove(STORAGE_KEY);
  }
  const keeps = local.blocked ? 'memory' : 'local';
  messages.push({
    kind: 'error',
    text:
      keeps === 'memory'
        ? `Storage is blocked in this browser (${local.blocked}): the table will not be kept after this page is ` +
          `closed or reloaded. Keep it as a file (Export) or a share link.`
        : `This browser keeps no table list here (${problem}): only the table on screen is kept (in local ` +
          `storage), and Tables lists this page's tables only.`,
  });
  entry ??= { ...fresh(demo, 'made', 'the demo table'), touched: false };
  await shelf.put(entry);
  return {
    table: entry.table,
    history: { past: [], future: [] },
    messages,
    tables: new TabTables(shelf, local, session, keeps, entry, () => undefined, demo),
  };
}

/** The earlier version's table kept as an entry of the list (dropped from local storage once it is there). */
async function keepLegacy(lib: TableLibrary, local: SafeStorage, legacy: Table | null, fresh: Fresh) {
  const v1 = legacy ? await lib.get('v1-current').catch(() => undefined) : undefined;
  if (legacy && v1 && 'entry' in v1 && JSON.stringify(v1.entry.table) === JSON.stringify(legacy))
    local.remove(STORAGE_KEY);
  else if (legacy) {
    await lib
      .put(fresh(legacy, 'made', 'the table kept in local storage by an earlier version'))
      .then(() => local.remove(STORAGE_KEY))
      .catch(() => undefined);
  }
}

const unreadableMessage = (unreadable: Unreadable[]): Message => ({
  kind: 'error',
  text:
    `${unreadable.length} saved record${unreadable.length === 1 ? '' : 's'} could not be read as tables` +
    ` (${unreadable[0].problem}${unreadable.length > 1 ? ', ...' : ''}); ` +
    `${unreadable.length === 1 ? 'it is' : 'they are'} listed in Tables with the reason and left as stored. ` +
    `Every other ` +
    `table is there.`,
});

/**
 * The entry to show: this tab's own after a reload, else the one saved last; a copy of it when another tab
 * holds it (said in `messages`); none when the list is empty.
 */
async function chooseEntry(
  entries: Kept[],
  own: Kept | undefined,
  fresh: Fresh,
  messages: Message[],
): Promise<{ entry: Kept | null; release: (() => void) | null }> {
  let entry: Kept | null = null,
    release: (() => void) | null = null;
  if (own) {
    // a reload of this tab: its lock is freed as the old page goes; a duplicated tab finds it held
    release = await claim(own.id, 1500);
    if (release) entry = own;
    else {
      entry = fresh(own.table, 'copy', `copy of ${own.name}`);
      messages.push({
        kind: 'info',
        text:
          `This tab's table is open in another tab: a copy is shown here, kept in Tables as its own table, so ` +
          `the two tabs never write each other's table.`,
      });
    }
  } else if (entries.length) {
    const last = entries[0];
    release = await claim(last.id);
    if (release) entry = last;
    else {
      entry = fresh(last.table, 'copy', `copy of ${last.name}`);
      messages.push({
        kind: 'info',
        text:
          `The table saved last is open in another tab: a copy is shown here, kept in Tables as its own table, ` +
          `so the two tabs never write each other's table.`,
      });
    }
  }
  return { entry, release };
}

/** The undo history of the entry shown (behind its pending copy, if any); a problem reading it is said. */
async function entryHistory(
  lib: TableLibrary,
  id: string,
  pending: ReadonlyMap<string, Pending>,
  messages: Message[],
): Promise<History<Table>> {
  const h = await lib
    .history(id)
    .catch((e) => ({ history: { past: [], future: [] }, dropped: 0, problem: (e as Error).message }));
  const behind = pending.get(id)?.behind;
  const history = behind ? record(h.history, behind) : h.history;
  if (h.problem)
    messages.push({
      kind: 'error',
      text: `${h.problem[0].toUpperCase()}${h.problem.slice(1)}; the table itself is kept, and Undo starts from it.`,
    });
  return history;
}

/**
 * Find the table this tab should show: its own entry after a reload, else the one saved last (a
 * copy of it when another tab has it open), else the demo; read every record with care, and say
 * every fault found (storage blocked, a record set aside, a history that could not be read).
 */
export async function bootTables(
  demo: Table,
  /** the page's local and session storage (safeStorage: a blocked one answers instead of throwing) */
  env: { local: SafeStorage; session: SafeStorage; dbName?: string },
): Promise<Boot> {
  const { local, session } = env;
  const messages: Message[] = [];
  const opened = await TableLibrary.open(env.dbName);
  const fresh = freshAt(Date.now());

  // an earlier version's single saved table: kept as an entry (or said, when unreadable)
  const legacy = legacyTable(local, messages);
  if (!(opened instanceof TableLibrary))
    return bootInMemory(opened.problem, demo, env, legacy, fresh, messages);

  const lib = opened;
  messages.push(...lib.notes.map((text) => ({ kind: 'error' as const, text })));
  const pending = await carryMirrors(lib, local, await heldIds(''), fresh);
  await keepLegacy(lib, local, legacy, fresh);

  const listed = await lib.list();
  const unreadable = listed.unreadable;
  // a copy newer than its entry that could not be written there (IndexedDB refusing writes, or the
  // entry still held by the page this one replaces) is the table: shown, never written over
  const entries = withPending(listed.entries, pending, fresh);
  if (unreadable.length) messages.push(unreadableMessage(unreadable));
  const mine = session.get(TAB_KEY);
  const own = mine ? entries.find((k) => k.id === mine) : undefined;
  let { entry, release } = await chooseEntry(entries, own, fresh, messages);
  let history: History<Table> = { past: [], future: [] };
  if (entry && entry.id === (own ?? entries[0])?.id)
    history = await entryHistory(lib, entry.id, pending, messages);
  if (!entry) entry = legacy ? fresh(legacy) : fresh(demo, 'made', 'the demo table');
  if (entry.table === demo) entry.touched = false; // the demo, unchanged, is no table of the player's
  release ??= (await claim(entry.id)) ?? (() => undefined);
  return {
    table: entry.table,
    history,
    messages,
    tables: new TabTables(lib, local, session, 'browser', entry, release, demo),
  };
}

/** A copy in local storage newer than its IndexedDB entry, not yet written there (`behind`: the entry's table). */
interface Pending {
  table: Table;
  savedAt: number;
  behind: Table | null;
}

/**
 * Copies written to local storage and not yet to IndexedDB (a tab closed within a moment of a change,
 * or IndexedDB refusing writes): newer than the entry, they are written into it; older ones are
 * dropped. A newer copy that cannot be written now (IndexedDB full, or its entry still held by the
 * page being replaced) stays in local storage and is answered, to be shown in place of its entry.
 */
async function carryMirrors(
  lib: TableLibrary,
  local: SafeStorage,
  held: ReadonlySet<string>,
  fresh: (t: Table) => Kept,
): Promise<Map<string, Pending>> {
  const pending = new Map<string, Pending>();
  for (const key of local.keys().filter((k) => k.startsWith(MIRROR))) {
    const id = key.slice(MIRROR.length);
    let m: Mirror | null = null;
    try {
      m = JSON.parse(local.get(key)!) as Mirror;
    } catch {
      /* unreadable: dropped below */
    }
    const got = await lib.get(id).catch(() => undefined);
    const have = got && 'entry' in got ? got.entry : null;
    let table: Table | null = null;
    try {
      if (m && typeof m.savedAt === 'number' && (!have || m.savedAt > have.savedAt)) {
        table = readTable(m.table);
        if (held.has(id)) throw new Error('held');
        const h = have ? (await lib.history(id)).history : { past: [], future: [] };
        await lib.put(
          { ...(have ?? fresh(table)), id, table, savedAt: m.savedAt, touched: true },
          have ? record(h, have.table) : h,
        );
      } else if (held.has(id)) continue; // another tab's copy, no newer than its entry: that tab's own
      local.remove(key);
    } catch {
      // left in local storage until it is written; meanwhile it is the table of its entry
      if (m && table) pending.set(id, { table, savedAt: m.savedAt, behind: have?.table ?? null });
    }
  }
  return pending;
}

/** The list with each pending copy in place of its entry's table (an entry only in local storage added). */
function withPending(
  entries: Kept[],
  pending: ReadonlyMap<string, Pending>,
  fresh: (t: Table) => Kept,
): Kept[] {
  if (!pending.size) return entries;
  const out = entries.map((k) => {
    const p = pending.get(k.id);
    return p ? { ...k, table: p.table, savedAt: p.savedAt, touched: true } : k;
  });
  for (const [id, p] of pending)
    if (!entries.some((k) => k.id === id)) out.push({ ...fresh(p.table), id, savedAt: p.savedAt });
  return out.sort((a, b) => b.savedAt - a.savedAt || b.createdAt - a.createdAt);
}
