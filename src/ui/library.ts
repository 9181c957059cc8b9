import type { Table } from '../model/table';
import type { Current, Kept, TableLibrary } from '../state/library';
import type { AppStore, Commands } from '../state/store';

/** Milliseconds a change waits before it is saved (a burst of nudges is one write). */
const SAVE_DELAY_MS = 300;

const pieces = (t: Table) => t.ships.length + t.squadrons.length + t.obstacles.length + t.tokens.length;

/**
 * Keeps the store's table and undo history in the library (src/state/library.ts) as they change,
 * follows saves made in other tabs, and offers the list of kept tables ("Tables..." in the
 * toolbar). `rev` is the revision the table on screen was loaded or saved as.
 */
export function attachLibrary(host: HTMLElement, store: AppStore, cmd: Commands, lib: TableLibrary, stored: Current | undefined) {
  let rev = stored?.rev ?? 0;
  let savedTable: Table | null = stored?.table ?? null, savedHistory = stored?.history ?? null;
  let timer = 0;
  let chain: Promise<unknown> = Promise.resolve();
  const saveNow = () => {
    timer = 0;
    const s = store.getState();
    if (s.gestureStart) return; // saved when the gesture ends
    if (s.table === savedTable && s.history === savedHistory) return;
    const table = s.table, history = s.history;
    chain = chain.then(async () => {
      try {
        const r = await lib.save(table, history, rev);
        rev = r.rev;
        savedTable = table;
        savedHistory = history;
        if (r.keptAside) {
          cmd.message('info', `Another tab had saved a different table meanwhile; it is kept in Tables as "${r.keptAside.name}".`);
          refreshList();
        }
      } catch (e) {
        cmd.message('error', `The table could not be kept in this browser's table list (${(e as Error).message}).`);
      }
    });
  };
  store.subscribe((s, prev) => {
    if (s.table === prev.table && s.history === prev.history && s.gestureStart === prev.gestureStart) return;
    clearTimeout(timer);
    timer = window.setTimeout(saveNow, SAVE_DELAY_MS);
  });

  // another tab saved: follow it, unless this tab has a change of its own not yet saved
  lib.listen(async (otherRev) => {
    await chain;
    if (otherRev <= rev) return;
    const cur = await lib.current();
    if (!cur || cur.rev <= rev) return;
    const s = store.getState();
    const dirty = !!s.gestureStart || s.table !== savedTable || timer !== 0;
    if (dirty) return; // our save keeps theirs in the list first (TableLibrary.save)
    rev = cur.rev;
    savedTable = cur.table;
    savedHistory = cur.history;
    store.setState({ table: cur.table, history: cur.history, message: { kind: 'info', text: 'The table was changed in another tab; it is shown here as saved there.' } });
  });

  // a table opened before this was attached (a link) is saved now
  saveNow();

  // the list
  const button = document.createElement('button');
  button.id = 'tables';
  button.textContent = 'Tables…';
  button.title = 'Tables kept in this browser: earlier states, links opened, the table a link replaced';
  host.append(button);
  const dialog = document.createElement('dialog');
  dialog.id = 'tables-dialog';
  document.body.append(dialog);
  const refreshList = async () => {
    if (!dialog.open) return;
    const list = await lib.list();
    dialog.replaceChildren();
    const h = document.createElement('h3');
    h.textContent = 'Tables kept in this browser';
    const ul = document.createElement('ul');
    for (const k of list) ul.append(row(k));
    if (!list.length) ul.append(Object.assign(document.createElement('li'), { textContent: 'None yet.' }));
    const close = Object.assign(document.createElement('button'), { textContent: 'Close' });
    close.onclick = () => dialog.close();
    dialog.append(h, ul, close);
  };
  const row = (k: Kept) => {
    const li = document.createElement('li');
    li.dataset.source = k.source;
    li.dataset.id = String(k.id);
    const open = Object.assign(document.createElement('button'), { textContent: 'Open' });
    open.onclick = async () => {
      const kept = await lib.get(k.id!);
      if (!kept) return;
      dialog.close();
      cmd.load(kept.table, `Opened "${kept.name}" from the list. Undo returns to the table you had.`);
    };
    li.append(open, ` ${k.name} · ${pieces(k.table)} pieces · ${k.table.table}`);
    return li;
  };
  button.onclick = () => {
    dialog.showModal();
    void refreshList();
  };

}
