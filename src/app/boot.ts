/**
 * Boot: the table the app opens with (local storage, the table list in IndexedDB, or the demo)
 * and the links that open another (`#table=` / `#tz=`, with `&attack=`).
 */
import demoJson from '../../assets/demo-table.json';
import { validateTable, type Table } from '../model/table';
import { record } from '../state/history';
import { TableLibrary, type Current } from '../state/library';
import { loadSaved } from '../state/persist';
import { attackFromHash, isTableHash, tableFromHash } from '../state/share';
import { type AppStore, type Commands, commands, createAppStore, pairProblem } from '../state/store';

export interface Booted {
  store: AppStore;
  cmd: Commands;
  lib: TableLibrary | null;
  stored: Current | undefined;
}

export async function bootTable(): Promise<Booted> {
  const demo = validateTable(demoJson);
  // the table (and undo history) kept in IndexedDB; local storage where there is none, or before it
  const lib = await TableLibrary.open();
  const stored = await lib?.current().catch(() => undefined);
  // local storage is written at every change (IndexedDB a moment later): a reload right after a
  // change finds the newer table there, and the saved one becomes its last undo step
  const local = loadSaved(localStorage);
  const saved = local.table || !stored ? local : { table: stored.table, problem: undefined };
  const store = createAppStore(saved.table ?? demo);
  if (stored) {
    const same = !local.table || JSON.stringify(local.table) === JSON.stringify(stored.table);
    store.setState({ history: same ? stored.history : record(stored.history, stored.table) });
  }
  const cmd = commands(store);
  if (saved.problem) cmd.message('error', `${saved.problem}; the demo table is shown instead.`);
  else if (local.problem && stored) {
    cmd.message('error', `${local.problem}; the table last kept in this browser's table list is shown instead.`);
  }
  return { store, cmd, lib, stored };
}

const now = () => new Date().toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' });

/** Open the table a link names (now and whenever the hash changes); a broken link keeps the table. */
export function watchLinks({ store, cmd, lib }: Booted) {
  const openHash = () => {
    if (!isTableHash(location.hash)) return;
    let t: Table | null = null;
    let attack: ReturnType<typeof attackFromHash> = null;
    let attackProblem = '';
    try {
      t = tableFromHash(location.hash);
      try {
        attack = attackFromHash(location.hash);
        const p = attack && pairProblem(t, attack.attacker, attack.defender);
        if (p) {
          attackProblem = p;
          attack = null;
        }
      } catch (e) {
        attackProblem = (e as Error).message;
      }
    } catch (e) {
      cmd.message('error', `The link's table could not be opened: ${(e as Error).message}. The table is as it was.`);
    }
    history.replaceState(null, '', location.pathname + location.search);
    if (!t) return;
    // both kept in the list: the table a link replaces is never lost, even after a reload
    const at = now();
    void lib?.keep(store.getState().table, 'before-link', `the table open before a link, ${at}`).catch(() => undefined);
    void lib?.keep(t, 'link', `opened from a link, ${at}`).catch(() => undefined);
    cmd.load(t, 'Opened the table from the link. Undo, or the table you had in Tables…, returns to it.');
    if (attack) cmd.setPair(attack.attacker, attack.defender);
    if (attackProblem) cmd.message('error', `The link's table is open, but not its attack: ${attackProblem}.`);
  };
  openHash();
  window.addEventListener('hashchange', openHash);
}

/** An imported file enters the Tables list like a link, and so does the table it replaced. */
export function keepImported(lib: TableLibrary | null, t: Table, replaced: Table, name: string) {
  const at = now();
  void lib?.keep(replaced, 'before-file', `the table open before importing ${name}, ${at}`).catch(() => undefined);
  void lib?.keep(t, 'file', `imported from the file ${name}, ${at}`).catch(() => undefined);
}
