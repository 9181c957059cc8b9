import { expect, test } from '@playwright/test';
import { drag, openFresh, piece, tableJson } from './helpers';

/*
 * No table lost: the table and its undo history are kept in IndexedDB (src/state/library.ts),
 * tabs follow each other's saves and never drop a newer table silently, and a link opened over a
 * table keeps that table in the list ("Tables..."), from where it comes back after a reload.
 */
const saved = (page: import('@playwright/test').Page) =>
  page.evaluate(() => new Promise<string | null>((resolve) => {
    const r = indexedDB.open('armada-tables');
    r.onsuccess = () => {
      const g = r.result.transaction('current').objectStore('current').get('current');
      g.onsuccess = () => resolve(g.result ? JSON.stringify(g.result.table) : null);
    };
  }));

test('a link opened over a table: after a reload, the table I had comes back from the list; undo history survives the reload', async ({ page }) => {
  await openFresh(page);
  const ship = await piece(page, 'vsd');
  await drag(page, ship, { x: ship.x + 60, y: ship.y + 40 });
  await expect.poll(async () => (await piece(page, 'vsd')).x).not.toBe(ship.x);
  const mine = await tableJson(page);
  await expect.poll(() => saved(page)).toBe(mine);

  // a link with another table, opened in this tab over mine
  const other = JSON.parse(mine);
  other.squadrons = other.squadrons.slice(0, 1);
  other.ships[0].x += 100;
  await page.goto('/#table=' + Buffer.from(JSON.stringify(other)).toString('base64url'));
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.__armada.store.getState().table.squadrons.length)).toBe(1);
  const linked = await tableJson(page);
  await expect.poll(() => saved(page)).toBe(linked);

  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  expect(await tableJson(page)).toBe(linked);
  // undo history came through the reload: one step back is my table
  await page.click('#undo');
  await expect.poll(() => tableJson(page)).toBe(mine);
  await page.click('#redo');
  await expect.poll(() => tableJson(page)).toBe(linked);

  // and the list has it, named, even without undo
  await page.click('#tables');
  const before = page.locator('#tables-dialog li[data-source="before-link"]').first();
  await expect(before).toContainText('the table open before a link');
  await expect(page.locator('#tables-dialog li[data-source="link"]').first()).toContainText('opened from a link');
  await before.locator('button').click();
  await expect.poll(() => tableJson(page)).toBe(mine);
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  expect(await tableJson(page)).toBe(mine);
});

test('two tabs editing: each follows the other\'s saves; a change made over a newer save keeps that table in the list', async ({ context }) => {
  const a = await context.newPage();
  await openFresh(a);
  const b = await context.newPage();
  await openFresh(b);

  const vsd = await piece(a, 'vsd');
  await drag(a, vsd, { x: vsd.x + 50, y: vsd.y + 20 });
  await expect.poll(async () => (await piece(a, 'vsd')).x).not.toBe(vsd.x);
  const fromA = await tableJson(a);
  await expect.poll(() => tableJson(b), { timeout: 15_000 }).toBe(fromA);
  await expect(b.locator('#message[data-kind="info"]')).toContainText('changed in another tab');

  const tie = await piece(b, 'tie1');
  await drag(b, tie, { x: tie.x - 40, y: tie.y + 30 });
  await expect.poll(async () => (await piece(b, 'tie1')).x).not.toBe(tie.x);
  const fromB = await tableJson(b);
  await expect.poll(() => tableJson(a), { timeout: 15_000 }).toBe(fromB);
  expect((await piece(a, 'vsd')).x).toBe((await piece(b, 'vsd')).x); // A's move kept under B's

  // B in the middle of a drag while A saves: B does not follow, and its save keeps A's table in the list
  await b.evaluate(() => {
    const { store, cmd } = window.__armada;
    cmd.beginGesture();
    const t = store.getState().table;
    cmd.change({ ...t, squadrons: t.squadrons.map((q, i) => (i === 0 ? { ...q, x: q.x + 15 } : q)) });
  });
  await a.evaluate(() => {
    const { store, cmd } = window.__armada;
    const t = store.getState().table;
    cmd.change({ ...t, obstacles: t.obstacles.map((o, i) => (i === 0 ? { ...o, x: o.x + 30 } : o)) });
  });
  const newerA = await tableJson(a);
  await expect.poll(() => saved(a)).toBe(newerA);
  await b.evaluate(() => window.__armada.cmd.endGesture());
  await expect(b.locator('#message[data-kind="info"]')).toContainText('kept in Tables');
  const finalB = await tableJson(b);
  await expect.poll(() => saved(b)).toBe(finalB);
  await b.click('#tables');
  const aside = b.locator('#tables-dialog li[data-source="other-tab"]').first();
  await expect(aside).toContainText('saved by another tab');
  await aside.locator('button').click();
  await expect.poll(() => tableJson(b)).toBe(newerA);
});

test('an imported file enters the Tables list like a link, with the table it replaced; a broken file adds nothing', async ({ page }) => {
  await openFresh(page);
  const ship = await piece(page, 'vsd');
  await drag(page, ship, { x: ship.x + 40, y: ship.y - 30 });
  await expect.poll(async () => (await piece(page, 'vsd')).x).not.toBe(ship.x);
  const mine = await tableJson(page);
  await expect.poll(() => saved(page)).toBe(mine);

  const other = JSON.parse(mine);
  other.squadrons = other.squadrons.slice(0, 2);
  other.ships[0].y -= 50;
  await page.setInputFiles('#import-file', { name: 'club-night.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(other)) });
  await expect.poll(() => page.evaluate(() => window.__armada.store.getState().table.squadrons.length)).toBe(2);
  const imported = await tableJson(page);
  await expect.poll(() => saved(page)).toBe(imported);
  const broken = { ...other, ships: [{ ...other.ships[0], rotation: 'ten' }] };
  await page.setInputFiles('#import-file', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  await expect(page.locator('#message[data-kind="error"]')).toContainText('broken.json');

  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  expect(await tableJson(page)).toBe(imported);
  await page.click('#tables');
  const file = page.locator('#tables-dialog li[data-source="file"]');
  await expect(file).toHaveCount(1); // the broken file added nothing
  await expect(file).toContainText('imported from the file club-night.json');
  await expect(file).toContainText(`${other.ships.length + 2 + other.obstacles.length + other.tokens.length} pieces`);
  const before = page.locator('#tables-dialog li[data-source="before-file"]');
  await expect(before).toHaveCount(1);
  await expect(before).toContainText('the table open before importing club-night.json');
  await before.locator('button').click();
  await expect.poll(() => tableJson(page)).toBe(mine);
  // and the imported one opens from the list too
  await page.click('#tables');
  await page.locator('#tables-dialog li[data-source="file"] button').click();
  await expect.poll(() => tableJson(page)).toBe(imported);
});
