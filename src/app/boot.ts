/**
 * Boot: the table the app opens with (this tab's entry in the Tables list, the one saved last, or the demo)
 * and the links that open another (`#table=` / `#tz=`, with `&attack=`).
 */
import demoJson from '../../assets/demo-table.json';
import { validateTable, type Table } from '../model/table';
import { keepPairs } from '../state/pair-kept';
import { fitPhotoInSlices } from '../state/photo-fits';
import { type PracticeShelf, practiceShelf } from '../state/practice-kept';
import { safeStorage } from '../state/storage';
import { bootTables, type TabTables } from '../state/tab-tables';
import { attackFromHash, isTableHash, pairIn, tableFromHashAsync } from '../state/share';
import { type AppStore, type Commands, commands, createAppStore, pairProblem } from '../state/store';

export interface Booted {
  store: AppStore;
  cmd: Commands;
  /** the tables kept in this browser (src/state/tab-tables.ts) */
  tables: TabTables;
  /** a practice under way, kept for a reload of the tab (src/state/practice-kept.ts) */
  practices: PracticeShelf;
}

export async function bootTable(): Promise<Booted> {
  const demo = validateTable(demoJson);
  // every storage fault is said (blocked, full, a record that cannot be read), none stops the app
  const session = safeStorage(() => sessionStorage);
  const boot = await bootTables(demo, { local: safeStorage(() => localStorage), session });
  // the table's photo fitted a piece at a time before the first frame asks for it (kept: src/model/photo.ts)
  await fitPhotoInSlices(boot.table).catch(() => undefined);
  const store = createAppStore(boot.table);
  store.setState({ history: boot.history });
  const cmd = commands(store);
  // said together: one message line shows one text
  if (boot.messages.length) {
    cmd.message(
      boot.messages.some((m) => m.kind === 'error') ? 'error' : 'info',
      boot.messages.map((m) => m.text).join(' '),
    );
  }
  boot.tables.attach(store);
  // the pair on screen before a reload of the tab, on the same table, is chosen again (and kept from now on)
  keepPairs(store, cmd, session);
  return { store, cmd, tables: boot.tables, practices: practiceShelf(session) };
}

const now = () => new Date().toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' });

/** Open the table a link names (now and whenever the hash changes); a broken link keeps the table. */
export function watchLinks({ cmd, tables }: Booted) {
  const openHash = async () => {
    if (!isTableHash(location.hash)) return;
    let t: Table | null = null;
    let attack: ReturnType<typeof attackFromHash> = null;
    let attackProblem = '';
    const hash = location.hash;
    history.replaceState(null, '', location.pathname + location.search);
    try {
      // the photo's fit runs a piece at a time between frames (a heavy photo never holds the page)
      t = await tableFromHashAsync(hash, { photoFit: false });
      await fitPhotoInSlices(t);
      try {
        const named = attackFromHash(hash);
        const pair = named && pairIn(named, (a, d) => pairProblem(t!, a, d));
        if (pair && 'problem' in pair) attackProblem = pair.problem;
        else attack = pair;
      } catch (e) {
        attackProblem = (e as Error).message;
      }
    } catch (e) {
      t = null;
      cmd.message(
        'error',
        `The link's table could not be opened: ${(e as Error).message}. The table is as it was.`,
      );
    }
    if (!t) return;
    // the table a link replaces stays in Tables (src/state/tab-tables.ts), even after a reload; the demo
    // the tab began with, never changed, does not (it holds nothing of the player's)
    const text = tables.keepsOnScreen()
      ? 'Opened the table from the link. Undo, or the table you had in Tables…, returns to it.'
      : 'Opened the table from the link. Undo returns to the demo table.';
    cmd.load(t, text, { source: 'link', name: `opened from a link, ${now()}` });
    if (attack) cmd.setPair(attack.attacker, attack.defender);
    if (attackProblem)
      cmd.message('error', `The link's table is open, but not its attack: ${attackProblem}.`);
  };
  void openHash();
  window.addEventListener('hashchange', () => void openHash());
}
