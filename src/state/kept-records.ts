import { type Table, validateTable } from '../model/table';
import type { History } from './history';

/**
 * The records the Tables list keeps (src/state/library.ts), checked when they are read: storage is
 * outside the app's control (another version, an extension, a disk fault), so a record that does
 * not read as what it should be is set aside with the reason, never fatal, never hiding the rest.
 * Pure: no storage here, so the rules of what is kept and what may go are tested in node.
 */

/**
 * made: a table begun or changed here (never dropped); link, file: opened from a link or a file;
 * copy: a table another tab has open, copied so the two tabs never write each other's table;
 * autosave, before-link, before-file, other-tab: kinds an earlier version kept (read as made).
 */
export type KeptSource =
  | 'made'
  | 'link'
  | 'file'
  | 'copy'
  | 'autosave'
  | 'before-link'
  | 'before-file'
  | 'other-tab';
const SOURCES: readonly KeptSource[] = [
  'made',
  'link',
  'file',
  'copy',
  'autosave',
  'before-link',
  'before-file',
  'other-tab',
];

export interface Kept {
  id: string;
  name: string;
  /** ms since 1970: when it was made or opened */
  createdAt: number;
  /** ms since 1970: when it was last saved */
  savedAt: number;
  source: KeptSource;
  /**
   * changed since it was opened (a link or a file), or made here: such a table is never dropped;
   * only a table opened and left untouched may go when the list is full
   */
  touched: boolean;
  /** why it was set aside (another table replaced it on screen), when it was */
  setAside?: string;
  /**
   * the entry whose table this one replaced on screen (Undo past the replacement returns to it, even after a
   * reload)
   */
  cameFrom?: string;
  table: Table;
}

/** A record that could not be read, kept as it was (never deleted by the app) and listed with the reason. */
export interface Unreadable {
  id: string;
  problem: string;
}

/** Tables in the list before the oldest opened-and-untouched ones go (tables made here never go). */
export const KEPT_LIMIT = 100;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Check one stored table (a deep copy is validated: the record is left as it was). Its photo's fit is
 * not redone: the table was checked in full when it was opened, and every stored table and every
 * step of its history is read at each start and after each save.
 */
export function readTable(raw: unknown): Table {
  return validateTable(JSON.parse(JSON.stringify(raw ?? null)), { photoFit: false });
}

/** A stored list entry, or the reason it cannot be read. */
export function readEntry(raw: unknown, key: unknown): { entry: Kept } | { unreadable: Unreadable } {
  const id = typeof key === 'string' || typeof key === 'number' ? String(key) : '?';
  const bad = (problem: string) => ({ unreadable: { id, problem } });
  if (!isObj(raw)) return bad(`the record is ${raw === null ? 'null' : typeof raw}, not a table entry`);
  let table: Table;
  try {
    table = readTable(raw.table);
  } catch (e) {
    return bad(`its table could not be read (${(e as Error).message})`);
  }
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const savedAt = num(raw.savedAt, 0);
  const source = SOURCES.includes(raw.source as KeptSource) ? (raw.source as KeptSource) : 'made';
  const opened = source === 'link' || source === 'file' || source === 'copy' || source === 'autosave';
  const entry: Kept = {
    id,
    name: typeof raw.name === 'string' && raw.name ? raw.name.slice(0, 200) : `table ${id}`,
    createdAt: num(raw.createdAt, savedAt),
    savedAt,
    source,
    // a record without the flag (an earlier version's) is kept unless it was plainly a copy
    touched: typeof raw.touched === 'boolean' ? raw.touched : !opened,
    table,
  };
  if (typeof raw.setAside === 'string') entry.setAside = raw.setAside.slice(0, 200);
  if (typeof raw.cameFrom === 'string') entry.cameFrom = raw.cameFrom;
  return { entry };
}

/**
 * A stored undo history: the steps that read as tables, in order; a step that does not is left out
 * and counted (its neighbours are still good states the player had). Anything but a history reads
 * as none, with the problem said.
 */
export function readHistory(raw: unknown): { history: History<Table>; dropped: number; problem?: string } {
  const empty = { past: [], future: [] };
  if (raw === undefined) return { history: empty, dropped: 0 };
  if (!isObj(raw))
    return {
      history: empty,
      dropped: 0,
      problem: `the saved undo history is ${raw === null ? 'null' : typeof raw}`,
    };
  if (!Array.isArray(raw.past) || !Array.isArray(raw.future)) {
    return { history: empty, dropped: 0, problem: 'the saved undo history has no list of steps' };
  }
  let dropped = 0;
  const steps = (list: unknown[]) =>
    list.flatMap((t) => {
      try {
        return [readTable(t)];
      } catch {
        dropped++;
        return [];
      }
    });
  const history = { past: steps(raw.past), future: steps(raw.future) };
  return dropped
    ? {
        history,
        dropped,
        problem: `${dropped} step${dropped === 1 ? '' : 's'} of the saved undo history could not be read`,
      }
    : { history, dropped };
}

/**
 * The entries to drop so the list holds at most `limit`: only tables opened and left untouched
 * (links, files, copies), oldest first, and never one open in a tab (`open`). Tables made or
 * changed here are never dropped, even past the limit.
 */
export function evictions(entries: readonly Kept[], open: ReadonlySet<string>, limit = KEPT_LIMIT): Kept[] {
  const over = entries.length - limit;
  if (over <= 0) return [];
  return entries
    .filter((k) => !k.touched && !open.has(k.id))
    .sort((a, b) => a.savedAt - b.savedAt || a.createdAt - b.createdAt)
    .slice(0, over);
}

/**
 * Whether a table set aside (another replaced it on screen) keeps its row in Tables: it does whenever it
 * holds anything the player did. The table a tab starts with (`start`, the demo's text; or a copy of it,
 * when another tab has it open), never changed, with no undo step behind or ahead of it, holds nothing
 * of theirs: a row for it ("copy of the demo table, replaced by the table opened from a link") is
 * clutter, and nothing is lost without it (Undo in the page still returns to it). A table made or
 * changed here, one with an undo step (a change undone included), and one opened from a link or a
 * file are always kept.
 */
export function keptWhenReplaced(leaving: Kept, history: History<Table>, start: string): boolean {
  if (leaving.touched || (leaving.source !== 'made' && leaving.source !== 'copy')) return true;
  if (history.past.length || history.future.length) return true;
  return JSON.stringify(leaving.table) !== start;
}

/** What the player is told when tables were dropped from a full list. */
export function evictedMessage(dropped: readonly Kept[]): string {
  const n = dropped.length;
  const names =
    dropped
      .slice(0, 3)
      .map((k) => `"${k.name}"`)
      .join(', ') + (n > 3 ? ', ...' : '');
  return (
    `Tables was full (${KEPT_LIMIT}): ${n} table${n === 1 ? '' : 's'} opened and never changed ` +
    `${n === 1 ? 'was' : 'were'} dropped from it, ` +
    `oldest first (${names}). Every table you made or changed is kept.`
  );
}

/** A time in words, or, for a number no date can hold (a record's 1e300), that number said as such. */
export function clock(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return `at no date (the record's time, ${ms} ms, is beyond any calendar)`;
  return d.toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' });
}
