import { parseTableText, type Table } from '../model/table';

export const STORAGE_KEY = 'armada-table/1';
export const UNREADABLE_KEY = 'armada-table/1.unreadable';

/** The table saved in this browser, or null (with the reason when one was there but unreadable). */
export function loadSaved(storage: Storage): { table: Table | null; problem?: string } {
  let text: string | null = null;
  try {
    text = storage.getItem(STORAGE_KEY);
  } catch {
    return { table: null, problem: 'this browser refuses local storage' };
  }
  if (text === null) return { table: null };
  try {
    return { table: parseTableText(text) };
  } catch (e) {
    // keep the unreadable text, so nothing is lost when the demo table is saved over it; a copy
    // kept aside before (an earlier corruption) is never overwritten: the next free key is used
    let key = UNREADABLE_KEY;
    try {
      for (let n = 2; storage.getItem(key) !== null && storage.getItem(key) !== text; n++)
        key = `${UNREADABLE_KEY}.${n}`;
      storage.setItem(key, text);
    } catch {
      /* storage full: nothing more to do */
    }
    return {
      table: null,
      problem:
        `the saved table could not be read (${(e as Error).message}); its text is kept in local storage under ` +
        `"${key}"`,
    };
  }
}

export function save(storage: Storage, table: Table): string | null {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(table));
    return null;
  } catch (e) {
    return `the table could not be saved in this browser (${(e as Error).message})`;
  }
}
