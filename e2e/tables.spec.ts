import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { drag, piece, tableJson } from './helpers';

/*
 * No table lost: each loss found in ordinary use is replayed here, and after a reload
 * every table the player had is listed in Tables and opens (src/state/tab-tables.ts). Storage
 * faults (blocked, a corrupt record, a full local storage) are said and never stop the app.
 */

/** Every entry kept in IndexedDB: id and table text (records that are no entries give their id and null). */
const kept = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ id: string; table: string | null; source?: string; touched?: boolean }[]>(
        (resolve, reject) => {
          const r = indexedDB.open('armada-tables');
          r.onerror = () => reject(r.error);
          r.onsuccess = () => {
            const db = r.result;
            const g = db.transaction('entries').objectStore('entries').getAll();
            g.onsuccess = () => {
              db.close();
              resolve(
                g.result.map((e: { id: string; table: unknown; source?: string; touched?: boolean }) => ({
                  id: e.id,
                  table: e?.table && typeof e.table === 'object' ? JSON.stringify(e.table) : null,
                  source: e.source,
                  touched: e.touched,
                })),
              );
            };
          };
        },
      ),
  );

/** Write (or overwrite) records in the app's IndexedDB from the page. */
const poke = (page: Page, store: 'entries' | 'histories', records: unknown[]) =>
  page.evaluate(
    ([store, records]) =>
      new Promise<void>((resolve, reject) => {
        const r = indexedDB.open('armada-tables');
        r.onsuccess = () => {
          const db = r.result;
          const tx = db.transaction(store, 'readwrite');
          for (const rec of records) tx.objectStore(store).put(rec);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [store, records] as const,
  );

const currentId = (page: Page) => page.evaluate(() => sessionStorage.getItem('armada-tables/tab-entry'));

/** a shared machine under load takes seconds to start the app: the waits are long */
const READY = { timeout: 60_000 };
async function reload(page: Page) {
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible(READY);
}

/** Wait until the table on screen is saved in its entry. */
async function settled(page: Page) {
  const id = await currentId(page);
  const want = await tableJson(page);
  await expect
    .poll(async () => (await kept(page)).find((k) => k.id === id)?.table, { timeout: 10_000 })
    .toBe(want);
}

/**
 * After a reload, each table is listed in Tables and opens from there (and is still the table on
 * screen after another reload).
 */
async function allListedAndOpening(page: Page, tables: string[], label: string) {
  await reload(page);
  for (const [i, want] of tables.entries()) {
    const entry = (await kept(page)).find((k) => k.table === want);
    expect(entry, `${label}: table ${i} is kept`).toBeTruthy();
    await page.click('#tables');
    const row = page.locator(`#tables-dialog li[data-id="${entry!.id}"]`);
    await expect(row, `${label}: table ${i} is listed`).toBeVisible();
    if ((await tableJson(page)) !== want) {
      await row.locator('button.open').click();
      await expect.poll(() => tableJson(page), { message: `${label}: table ${i} opens` }).toBe(want);
    } else await page.locator('#tables-dialog button', { hasText: 'Close' }).click();
  }
  // the one opened last is the one on screen after another reload
  await settled(page);
  await reload(page);
  expect(await tableJson(page), `${label}: the table opened last is on screen after a reload`).toBe(
    tables[tables.length - 1],
  );
}

/** A change made in the page (one undo step): squadron `i` moved by dx. */
const nudge = (page: Page, dx: number, i = 0) =>
  page.evaluate(
    ([dx, i]) => {
      const { store, cmd } = window.__armada;
      const t = store.getState().table;
      if (t.squadrons.length)
        cmd.change({ ...t, squadrons: t.squadrons.map((q, k) => (k === i ? { ...q, x: q.x + dx } : q)) });
      else
        cmd.change({
          ...t,
          tokens: [...t.tokens, { id: `t${t.tokens.length + 1}`, x: 300 + dx, y: 300, radius: 10 }],
        });
    },
    [dx, i] as const,
  );

/** Press a button by id, wherever the toolbar puts it (a menu may hide it); questions asked are answered yes. */
async function press(page: Page, id: string) {
  page.once('dialog', (d) => void d.accept());
  await page.evaluate((id) => (document.getElementById(id) as HTMLButtonElement).click(), id);
  // Clear asks first: yes, remove every piece
  if (id === 'clear')
    await page.evaluate(() => (document.getElementById('clear-yes') as HTMLButtonElement).click());
}

async function openFresh(page: Page) {
  await page.goto('/');
  await expect(page.locator('body[data-ready="true"]')).toBeVisible(READY);
}

// each test has its own browser context (its own storage): they may run side by side in both workers
test.describe.configure({ timeout: 300_000, mode: 'parallel' });

test('New, 60 changes, reload; New + 6 obstacles; Clear; a table opened from the list: every table replaced is in Tables and opens after a reload', async ({
  page,
}) => {
  await openFresh(page);
  const ship = await piece(page, 'vsd');
  await drag(page, ship, { x: ship.x + 60, y: ship.y + 40 });
  await expect.poll(async () => (await piece(page, 'vsd')).x).not.toBe(ship.x);
  const mine = await tableJson(page);
  await settled(page);

  await press(page, 'new-empty');
  await expect.poll(() => page.evaluate(() => window.__armada.store.getState().table.ships.length)).toBe(0);
  for (let i = 0; i < 60; i++) await nudge(page, 5);
  const sixty = await tableJson(page);
  await settled(page);
  await reload(page);
  expect(await tableJson(page)).toBe(sixty);

  await press(page, 'new-obstacles');
  await expect
    .poll(() => page.evaluate(() => window.__armada.store.getState().table.obstacles.length))
    .toBe(6);
  await page.evaluate(() => {
    const { store, cmd } = window.__armada;
    const t = store.getState().table;
    cmd.change({ ...t, obstacles: t.obstacles.map((o, i) => (i ? o : { ...o, x: o.x + 40 })) });
  });
  const six = await tableJson(page);
  await settled(page);
  await press(page, 'clear');
  await expect
    .poll(() => page.evaluate(() => window.__armada.store.getState().table.obstacles.length))
    .toBe(0);
  await nudge(page, 1); // a token on the cleared table
  const cleared = await tableJson(page);
  await settled(page);

  // open the first table from the list: the cleared one stays listed
  await page.click('#tables');
  const first = (await kept(page)).find((k) => k.table === mine)!;
  await page.locator(`#tables-dialog li[data-id="${first.id}"] button.open`).click();
  await expect.poll(() => tableJson(page)).toBe(mine);
  await nudge(page, 3);
  const mineLater = await tableJson(page);
  await settled(page);

  await allListedAndOpening(page, [mineLater, sixty, six, cleared], 'New/Clear/open');
});

test('55 links opened one after another, then a reload: my own table is still listed and opens', async ({
  page,
}) => {
  await openFresh(page);
  await nudge(page, 25);
  const mine = await tableJson(page);
  await settled(page);
  const base = JSON.parse(mine);
  const t0 = Date.now();
  for (let i = 0; i < 55; i++) {
    const other = {
      ...base,
      squadrons: base.squadrons.slice(0, 1).map((q: { x: number }) => ({ ...q, x: q.x + i })),
    };
    await page.evaluate(
      (h) => {
        location.hash = h;
      },
      '#table=' + Buffer.from(JSON.stringify(other)).toString('base64url'),
    );
    await expect
      .poll(() => page.evaluate(() => window.__armada.store.getState().table.squadrons[0]?.x))
      .toBe(other.squadrons[0].x);
  }
  const last = await tableJson(page);
  await settled(page);
  console.log(`55 links opened in ${Date.now() - t0} ms; ${(await kept(page)).length} tables kept`);
  const entries = await kept(page);
  expect(entries.filter((k) => k.source === 'link')).toHaveLength(55);
  await allListedAndOpening(page, [mine, last], 'links x55');
});

test('a link in a new tab adds no copy of the untouched demo; a link over my changed table keeps it', async ({
  context,
  browser,
  baseURL,
}) => {
  const a = await context.newPage();
  await openFresh(a);
  await settled(a);
  const demo = JSON.parse(await tableJson(a));
  const hashOf = (t: unknown) => '#table=' + Buffer.from(JSON.stringify(t)).toString('base64url');
  const squadrons = (p: Page) => p.evaluate(() => window.__armada.store.getState().table.squadrons.length);

  // a new tab opens a link while A has the demo open: B began on a copy of it, which the link replaced
  const b = await context.newPage();
  await b.goto('/' + hashOf({ ...demo, squadrons: demo.squadrons.slice(1) }));
  await expect(b.locator('body[data-ready="true"]')).toBeVisible(READY);
  await expect.poll(() => squadrons(b)).toBe(demo.squadrons.length - 1);
  await expect(b.locator('#message')).toContainText('Undo returns to the demo table');
  await settled(b);
  // A's demo (its own entry, still on screen there) and B's link: no copy of the demo
  expect((await kept(b)).map((k) => k.source).sort()).toEqual(['link', 'made']);
  await b.click('#tables');
  await expect(b.locator('#tables-dialog li')).toHaveCount(2);
  await expect(b.locator('#tables-dialog')).not.toContainText('copy of');
  await b.locator('#tables-dialog button', { hasText: 'Close' }).click();
  // Undo still returns to the demo
  await b.click('#undo');
  await expect.poll(() => squadrons(b)).toBe(demo.squadrons.length);

  // the first tab of a browser opening a link: the demo it began with leaves no row
  const fresh = await browser.newContext({ baseURL });
  try {
    const c = await fresh.newPage();
    await c.goto('/' + hashOf({ ...demo, squadrons: demo.squadrons.slice(2) }));
    await expect(c.locator('body[data-ready="true"]')).toBeVisible(READY);
    await expect.poll(() => squadrons(c)).toBe(demo.squadrons.length - 2);
    await settled(c);
    expect((await kept(c)).map((k) => k.source)).toEqual(['link']);
    const linkTable = await tableJson(c);
    // after a reload, Undo brings the demo back as its own entry again: the link's table is not written over
    await c.reload();
    await expect(c.locator('body[data-ready="true"]')).toBeVisible(READY);
    await settled(c);
    await c.click('#undo');
    await expect.poll(() => squadrons(c)).toBe(demo.squadrons.length);
    await settled(c);
    const after = await kept(c);
    expect(after.find((k) => k.source === 'link')?.table).toBe(linkTable);
    expect(after.some((k) => k.source === 'made' && k.table === JSON.stringify(demo))).toBe(true);
  } finally {
    await fresh.close();
  }

  // A's demo, changed, then a link over it: the changed table stays in Tables, set aside
  await nudge(a, 15);
  const mine = await tableJson(a);
  await settled(a);
  await a.evaluate((h) => (location.hash = h), hashOf({ ...demo, squadrons: demo.squadrons.slice(3) }));
  await expect.poll(() => squadrons(a)).toBe(demo.squadrons.length - 3);
  await expect(a.locator('#message')).toContainText('the table you had in Tables');
  await settled(a);
  expect((await kept(a)).find((k) => k.table === mine)?.touched).toBe(true);
  await allListedAndOpening(a, [mine, await tableJson(a)], 'a link over my changed table');
});

test("two tabs with two tables: an import in tab B never switches tab A's table; both are kept and open after a reload", async ({
  context,
}) => {
  const a = await context.newPage();
  await openFresh(a);
  const vsd = await piece(a, 'vsd');
  await drag(a, vsd, { x: vsd.x + 50, y: vsd.y + 20 });
  await expect.poll(async () => (await piece(a, 'vsd')).x).not.toBe(vsd.x);
  const fromA = await tableJson(a);
  await settled(a);

  const b = await context.newPage();
  await openFresh(b);
  // B finds A's table open in A: it works on a copy
  expect(await tableJson(b)).toBe(fromA);
  expect(await currentId(b)).not.toBe(await currentId(a));
  const other = JSON.parse(fromA);
  other.squadrons = other.squadrons.slice(0, 2);
  await b.setInputFiles('#import-file', {
    name: 'club-night.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(other)),
  });
  await expect.poll(() => b.evaluate(() => window.__armada.store.getState().table.squadrons.length)).toBe(2);
  await nudge(b, 7);
  const fromB = await tableJson(b);
  await settled(b);
  // a second and more later, A has its own table
  await a.waitForTimeout(1500);
  expect(await tableJson(a)).toBe(fromA);
  await nudge(a, -9, 1);
  const laterA = await tableJson(a);
  await settled(a);
  await reload(a);
  await reload(b);
  expect(await tableJson(a)).toBe(laterA);
  expect(await tableJson(b)).toBe(fromB);
  await allListedAndOpening(b, [laterA, fromB], 'two tabs');
});

test('an imported file enters the Tables list; the table it replaced stays; a broken file adds nothing', async ({
  page,
}) => {
  await openFresh(page);
  await nudge(page, 12);
  const mine = await tableJson(page);
  await settled(page);
  const other = JSON.parse(mine);
  other.squadrons = other.squadrons.slice(0, 2);
  await page.setInputFiles('#import-file', {
    name: 'club-night.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(other)),
  });
  await expect
    .poll(() => page.evaluate(() => window.__armada.store.getState().table.squadrons.length))
    .toBe(2);
  const imported = await tableJson(page);
  await settled(page);
  const broken = { ...other, ships: [{ ...other.ships[0], rotation: 'ten' }] };
  await page.setInputFiles('#import-file', {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  });
  await expect(page.locator('#message[data-kind="error"]')).toContainText('broken.json');
  await reload(page);
  expect(await tableJson(page)).toBe(imported);
  await page.click('#tables');
  const file = page.locator('#tables-dialog li[data-source="file"]');
  await expect(file).toHaveCount(1);
  await expect(file).toContainText('imported from the file club-night.json');
  // undo history came through the reload: one step back is my table
  await page.locator('#tables-dialog button', { hasText: 'Close' }).click();
  await page.click('#undo');
  await expect.poll(() => tableJson(page)).toBe(mine);
  await allListedAndOpening(page, [mine, imported], 'file');
});

test('corrupt records: a saved history of null, an entry that is no table; the app starts, says so, and lists every other table', async ({
  page,
}) => {
  await openFresh(page);
  await nudge(page, 30);
  const mine = await tableJson(page);
  await settled(page);
  await press(page, 'new-obstacles');
  const second = await tableJson(page);
  await settled(page);
  const id = (await currentId(page))!;
  await poke(page, 'histories', [{ id, history: null }]);
  await poke(page, 'entries', [
    {
      id: 'broken-1',
      name: 'broken',
      savedAt: Date.now() + 1,
      table: { format: 'armada-table/1', table: '4x4' },
    },
    { id: 'broken-2', table: null },
  ]);
  await reload(page);
  expect(await tableJson(page)).toBe(second);
  await expect(page.locator('#message[data-kind="error"]')).toContainText(/could not be read/);
  await page.click('#tables');
  await expect(page.locator('#tables-dialog li.unreadable')).toHaveCount(2);
  await expect(page.locator('#tables-dialog li.unreadable[data-id="broken-1"]')).toContainText('table');
  await page.locator('#tables-dialog button', { hasText: 'Close' }).click();
  await allListedAndOpening(page, [mine, second], 'corrupt');
});

test("an earlier version's storage with `history: null` and one corrupt entry: the app starts and every readable table is listed and opens", async ({
  page,
}) => {
  // the database as version 1 of the app left it (one shared current table, a numbered list), written before the app opens it
  await openFresh(page);
  const demo = JSON.parse(await tableJson(page));
  const theirs = { ...demo, squadrons: demo.squadrons.slice(0, 3) };
  const listed = { ...demo, ships: demo.ships.slice(0, 1) };
  const fresh = await page.context().browser()!.newContext({ baseURL: page.url() });
  const p = await fresh.newPage();
  await p.addInitScript(
    ([theirs, listed]) => {
      if (sessionStorage.getItem('v1-written')) return;
      sessionStorage.setItem('v1-written', '1');
      const r = indexedDB.open('armada-tables', 1);
      r.onupgradeneeded = () => {
        const db = r.result;
        db.createObjectStore('current', { keyPath: 'key' }).put({
          key: 'current',
          table: theirs,
          history: null,
          rev: 3,
          tab: 'x',
          savedAt: 1,
        });
        const k = db.createObjectStore('kept', { keyPath: 'id', autoIncrement: true });
        k.createIndex('savedAt', 'savedAt');
        k.put({ name: 'autosave', savedAt: 2, source: 'autosave', table: listed });
        k.put({ name: 'bad', savedAt: 3, source: 'link', table: { format: 'nope' } });
      };
      r.onsuccess = () => r.result.close();
    },
    [theirs, listed] as const,
  );
  await p.goto('/');
  await expect(p.locator('body[data-ready="true"]')).toBeVisible(READY);
  await expect(p.locator('#message[data-kind="error"]')).toContainText('could not be read');
  await p.click('#tables');
  await expect(p.locator('#tables-dialog li.unreadable')).toHaveCount(1);
  await p.locator('#tables-dialog button', { hasText: 'Close' }).click();
  await allListedAndOpening(p, [JSON.stringify(theirs), JSON.stringify(listed)], 'version 1');
  await fresh.close();
});

test('local storage full: said at the change, and the newest table (not an older one) comes back after a reload', async ({
  page,
}) => {
  await openFresh(page);
  await nudge(page, 4);
  const older = await tableJson(page);
  await settled(page);
  const filled = await page.evaluate(() => {
    let n = 0;
    for (let size = 1 << 20; size >= 16; size >>= 1) {
      for (;;) {
        try {
          localStorage.setItem(`fill-${n++}`, 'x'.repeat(size));
        } catch {
          break;
        }
      }
    }
    return n;
  });
  await nudge(page, 8);
  const newer = await tableJson(page);
  await expect(page.locator('#message')).toContainText('Local storage is full');
  await settled(page);
  await reload(page);
  expect(await tableJson(page)).toBe(newer);
  expect(newer).not.toBe(older);
  console.log(`local storage filled with ${filled} items`);
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('fill-')) localStorage.removeItem(k);
  });
  await allListedAndOpening(page, [newer], 'storage full');
});

test('IndexedDB refusing writes (a full quota): the change made meanwhile, kept in local storage, is the table after a reload, and is never written over', async ({
  page,
}) => {
  // every IndexedDB put throws QuotaExceededError while the session says so (the page's own code runs after this)
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if (sessionStorage.getItem('test-idb-full'))
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await openFresh(page);
  await nudge(page, 4);
  const a = await tableJson(page);
  await settled(page);
  await page.evaluate(() => sessionStorage.setItem('test-idb-full', '1'));
  await nudge(page, 8);
  const b = await tableJson(page);
  expect(b).not.toBe(a);
  await expect(page.locator('#message[data-kind="error"]')).toContainText('could not be saved');
  await reload(page);
  expect(await tableJson(page), 'the change made while IndexedDB was full is on screen after a reload').toBe(
    b,
  );
  await expect(page.locator('#message[data-kind="error"]')).toContainText('could not be saved');
  // Undo returns to the table IndexedDB holds
  await page.evaluate(() => window.__armada.cmd.undo());
  expect(await tableJson(page)).toBe(a);
  await page.evaluate(() => window.__armada.cmd.redo());
  expect(await tableJson(page)).toBe(b);
  // IndexedDB healthy again: the change is written there, and stays after another reload
  await page.evaluate(() => sessionStorage.removeItem('test-idb-full'));
  await reload(page);
  expect(await tableJson(page), 'after IndexedDB heals').toBe(b);
  await settled(page);
  await allListedAndOpening(page, [b], 'IndexedDB full');
});

for (const halfway of [false, true])
  test(`an earlier version's database without its list of tables${
    halfway ? ', as an earlier upgrade left it halfway' : ''
  }: the table open then is carried into Tables`, async ({ page }) => {
    await openFresh(page);
    const demo = JSON.parse(await tableJson(page));
    const theirs = { ...demo, squadrons: demo.squadrons.slice(0, 2) };
    const fresh = await page.context().browser()!.newContext({ baseURL: page.url() });
    const p = await fresh.newPage();
    await p.addInitScript(
      ([theirs, halfway]) => {
        if (sessionStorage.getItem('v1-written')) return;
        sessionStorage.setItem('v1-written', '1');
        // version 1 with its current table only; or version 2 as an upgrade that stopped there left it
        const r = indexedDB.open('armada-tables', halfway ? 2 : 1);
        r.onupgradeneeded = () => {
          const db = r.result;
          db.createObjectStore('current', { keyPath: 'key' });
          if (halfway) {
            db.createObjectStore('entries', { keyPath: 'id' }).createIndex('savedAt', 'savedAt');
            db.createObjectStore('histories', { keyPath: 'id' });
          }
          r.transaction!.objectStore('current').put({
            key: 'current',
            table: theirs,
            history: null,
            savedAt: 1,
          });
        };
        r.onsuccess = () => r.result.close();
      },
      [theirs, halfway] as const,
    );
    await p.goto('/');
    await expect(p.locator('body[data-ready="true"]')).toBeVisible(READY);
    if (halfway) await expect(p.locator('#message')).toContainText('left behind by an earlier upgrade');
    expect((await kept(p)).map((k) => k.table)).toContain(JSON.stringify(theirs));
    await allListedAndOpening(p, [JSON.stringify(theirs)], 'version 1 without its list');
    await fresh.close();
  });

test("site data blocked (Chromium's own setting): the app starts, keeps tables in memory and says they will not be kept", async ({
  baseURL,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'armada-blocked-'));
  mkdirSync(join(dir, 'Default'));
  writeFileSync(
    join(dir, 'Default', 'Preferences'),
    JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
  );
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    baseURL,
    args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--no-first-run'],
  });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await expect(page.locator('body[data-ready="true"]')).toBeVisible(READY);
    const blocked = await page.evaluate(() => {
      try {
        localStorage.getItem('x');
        return false;
      } catch (e) {
        return (e as Error).name;
      }
    });
    expect(blocked, 'the setting blocks local storage').toBe('SecurityError');
    await expect(page.locator('#message[data-kind="error"]')).toContainText('will not be kept');
    await nudge(page, 10);
    const mine = await tableJson(page);
    await press(page, 'new-empty');
    await page.click('#tables');
    await expect(page.locator('#tables-dialog li')).toHaveCount(2);
    await expect(page.locator('#tables-dialog')).toContainText('kept in this page only');
    const row = page.locator('#tables-dialog li:not(.current)');
    await row.locator('button.open').click();
    await expect.poll(() => tableJson(page)).toBe(mine);
    expect(errors).toEqual([]);
  } finally {
    await ctx.close();
  }
});
