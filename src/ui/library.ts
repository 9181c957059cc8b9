import type { Table } from '../model/table';
import { clock, type Kept, type Unreadable } from '../state/kept-records';
import type { TabTables } from '../state/tab-tables';
import { tableThumb, tableWords } from './table-thumb';

const pieces = (t: Table) => t.ships.length + t.squadrons.length + t.obstacles.length + t.tokens.length;

/** What keeping means in this browser, in words. */
function keepsWords(keeps: TabTables['keeps']): string {
  return keeps === 'browser'
    ? 'Every table you made or changed stays here until you delete it; links and files opened and never changed ' +
        'go first when the list is full.'
    : keeps === 'local'
      ? "This browser keeps no table list: these are this page's tables, and only the one on screen is kept " +
        'after a reload.'
      : 'Storage is blocked in this browser: these tables are kept in this page only, and are lost when it is ' +
        'closed.';
}

/** A record that could not be read, listed with the reason and left as stored. */
function unreadableRow(u: Unreadable): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'unreadable';
  li.dataset.id = u.id;
  li.textContent = `A saved record (${u.id}) could not be read: ${u.problem}. It is left as stored.`;
  return li;
}

/**
 * "Tables…" in the toolbar: every table kept in this browser (src/state/tab-tables.ts), newest
 * first, each opened with a tap; a record that could not be read is listed with the reason.
 */
export function attachLibrary(host: HTMLElement, tables: TabTables) {
  const button = document.createElement('button');
  button.id = 'tables';
  button.textContent = 'Tables…';
  button.title =
    'Tables kept in this browser: every table you made, links and files opened, the tables they replaced';
  host.append(button);
  const dialog = document.createElement('dialog');
  dialog.id = 'tables-dialog';
  document.body.append(dialog);
  const refresh = async () => {
    if (!dialog.open) return;
    let list: { entries: Kept[]; unreadable: Unreadable[] };
    try {
      list = await tables.list();
    } catch (e) {
      list = {
        entries: [],
        unreadable: [{ id: '(list)', problem: `the list could not be read (${(e as Error).message})` }],
      };
    }
    dialog.replaceChildren();
    const h = document.createElement('h3');
    h.textContent = 'Tables kept in this browser';
    const note = document.createElement('p');
    note.className = 'hint';
    note.textContent = keepsWords(tables.keeps);
    const ul = document.createElement('ul');
    for (const k of list.entries) ul.append(entryRow(k, tables, dialog, refresh));
    for (const u of list.unreadable) ul.append(unreadableRow(u));
    if (!list.entries.length && !list.unreadable.length)
      ul.append(Object.assign(document.createElement('li'), { textContent: 'None yet.' }));
    const close = Object.assign(document.createElement('button'), { textContent: 'Close' });
    close.onclick = () => dialog.close();
    dialog.append(h, note, ul, close);
  };
  tables.onChange(() => void refresh());
  button.onclick = () => {
    dialog.showModal();
    void refresh();
  };
}

/** One kept table: Open (or "On screen"), its name, size and time, Delete, and what is on it. */
function entryRow(k: Kept, tables: TabTables, dialog: HTMLDialogElement, refresh: () => Promise<void>) {
  const li = document.createElement('li');
  li.dataset.source = k.source;
  li.dataset.id = k.id;
  li.dataset.touched = String(k.touched);
  const here = k.id === tables.currentId;
  if (here) li.classList.add('current');
  const open = Object.assign(document.createElement('button'), {
    textContent: here ? 'On screen' : 'Open',
    disabled: here,
  });
  open.classList.add('open');
  open.onclick = async () => {
    dialog.close();
    await tables.open(k.id);
  };
  const del = Object.assign(document.createElement('button'), {
    textContent: 'Delete',
    disabled: here,
    title: 'delete this table from the list',
  });
  del.classList.add('delete');
  del.onclick = async () => {
    if (!confirm(`Delete "${k.name}" (${pieces(k.table)} pieces) from Tables? This cannot be undone.`))
      return;
    await tables.remove(k.id);
    void refresh();
  };
  // the name first, then its figures and what is on it, each on a line of its own; the buttons together at the
  // row's end (beside the text on a wide screen, under it on a phone), not in the middle of a sentence
  const span = (className: string, textContent: string) =>
    Object.assign(document.createElement('span'), { className, textContent });
  const about = document.createElement('div');
  about.className = 'table-about';
  about.append(
    span('table-name', k.name),
    span('table-facts', `${pieces(k.table)} pieces · ${k.table.table} · saved ${clock(k.savedAt)}`),
  );
  if (k.setAside) about.append(span('table-facts', k.setAside));
  // what is on it, in words and a small picture: two tables of four pieces read apart
  about.append(span('table-words', tableWords(k.table)));
  const actions = document.createElement('div');
  actions.className = 'table-actions';
  actions.append(open, del);
  li.append(tableThumb(k.table), about, actions);
  return li;
}
