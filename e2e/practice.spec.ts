import { expect, test, type Page } from '@playwright/test';
import { LEGAL } from '../src/state/colours';
import { countColour, isWhollyInView, openFresh, pagePoint, piece, PIXEL5 } from './helpers';

// a Victory (dial 2) of player 1 heading up the table, a CR90 and a squadron of player 2 ahead of
// it, an asteroid between: the threat map has cells attacked by several, by one and by none
const TABLE = {
  format: 'armada-table/1',
  table: '3x6',
  ships: [
    { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 600, y: 250, rotation: 0, speed: 2 },
    { id: 'cr', size: 'small', class: 'cr90', player: 2, x: 760, y: 640, rotation: 200, speed: 2 },
  ],
  squadrons: [{ id: 'x1', player: 2, x: 480, y: 560 }],
  obstacles: [{ id: 'rock', type: 'asteroid-b', x: 700, y: 470, rotation: 0 }],
};
const hash = () => '#table=' + Buffer.from(JSON.stringify(TABLE)).toString('base64url');

/** A judged cell with attackers, on bare table (away from every piece), as a table point. */
async function attackedCell(page: Page, min = 1) {
  return page.evaluate((min) => {
    const m = window.__armada.practice()!;
    const g = m.grid!;
    const t = window.__armada.store.getState().table;
    const pieces = [...t.ships, ...t.squadrons, ...t.obstacles];
    for (const c of m.cells.values()) {
      if (c.attackers.length < min) continue;
      const i = c.k % g.nx,
        j = (c.k - i) / g.nx;
      const x = g.x0 + (i + 0.5) * g.cell,
        y = g.y0 + (j + 0.5) * g.cell;
      // clear of every piece, and of the selected ship's turn handle at its bow (a finger's reach on a phone)
      const far = pieces.every((p) => Math.hypot(p.x - x, p.y - y) > (p.id === 'vsd' ? 170 : 90));
      if (far) return { x, y, attackers: c.attackers };
    }
    return null;
  }, min);
}

/** A reach end of round 2 on bare table. */
async function bareEnd(page: Page) {
  return page.evaluate(() => {
    const m = window.__armada.practice()!;
    const t = window.__armada.store.getState().table;
    const pieces = [...t.ships, ...t.squadrons, ...t.obstacles];
    const i = m.ends!.findIndex(
      (e) => e.round === 2 && pieces.every((p) => Math.hypot(p.x - e.x, p.y - e.y) > 90),
    );
    return i < 0 ? null : { i, x: m.ends![i].x, y: m.ends![i].y };
  });
}

// the maps are worked in a worker while the page draws them: slow on a loaded machine, so more time than the default
test.setTimeout(180_000);

const done = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => window.__armada.practice()?.done ?? false), { timeout: 60_000 })
    .toBe(true);

/** The status line once the maps are whole: the ship by its name, every count complete, the times. */
async function statusComplete(page: Page) {
  const n = await page.evaluate(() => {
    const m = window.__armada.practice()!;
    return { cells: m.grid!.total, ends: m.ends!.length, first: m.ends!.filter((e) => e.round === 1).length };
  });
  const status = page.locator('#practice-status');
  const count = (k: number) => k.toLocaleString('en-US');
  await expect(status).toContainText(`Victory: ${count(n.first)} place`);
  await expect(status).toContainText(`${count(n.ends - n.first)} after two`);
  await expect(status).toContainText(`threat: every 5 mm spot checked (${count(n.cells)})`);
  await expect(status).toContainText(`opportunity: from every place (${count(n.ends)})`);
  await expect(status).toContainText('first map after');
  await expect(status).toContainText('done in');
  await expect(status).not.toContainText('vsd');
}

/** The ends' marks as drawn now, in screen pixels: [first maneuver, second]. */
const marksPx = async (page: Page) =>
  ((await page.locator('#practice').getAttribute('data-end-marks-px')) ?? '').split(',').map(Number);

/** The clean end of the first maneuver farthest from the ship (its mark clear of the ship drawn over it). */
const farFirstEnd = (page: Page) =>
  page.evaluate(() => {
    const ends = window.__armada.practice()!.ends!.filter((e) => e.round === 1 && e.outcome === 'clean');
    return ends.reduce((a, b) =>
      Math.hypot(b.x - 600, b.y - 250) > Math.hypot(a.x - 600, a.y - 250) ? b : a,
    );
  });

test("desktop: the Victory's reach, threat, opportunity; tap a cell and an end, read why; a table change", async ({
  page,
}) => {
  await openFresh(page, hash());
  const at = await pagePoint(page, 600, 250);
  await page.mouse.click(at.x, at.y);
  await page.click('#practice-reach');
  await expect(page.locator('#practice-status')).toContainText('after one maneuver');
  await page.click('#practice-threat');
  await done(page);
  await statusComplete(page);
  await expect(page.locator('#practice-legend')).toContainText('Threat (5 mm cells');
  await expect(page.locator('#practice-legend')).toContainText('Reach');
  await page.evaluate(() => window.__armada.zoomTo(350, 150, 900, 750));
  await page.screenshot({ path: '/tmp/practice-desktop-threat.png' });
  // tap an attacked cell: the rules' answers for that place, with their explanations
  const cell = await attackedCell(page);
  expect(cell).not.toBeNull();
  const p = await pagePoint(page, cell!.x, cell!.y);
  await page.mouse.click(p.x, p.y);
  const head = page.locator('#practice-why-head');
  await expect(head).toContainText(
    `Threat on Victory in the marked 5 mm cell (${cell!.x.toFixed(1)}, ${cell!.y.toFixed(1)})`,
  );
  await expect(head).toContainText(`${cell!.attackers.length} attacker`);
  // the reading is brought into view (the panel scrolls to it: it lies below the fold)
  await expect.poll(() => isWhollyInView(page, '#practice-why-head')).toBe(true);
  await expect(page.locator('#practice-why li').first()).toContainText('can attack');
  await expect(page.locator('#practice-why li').first()).toContainText('range');
  // nothing moved, the ship stays selected
  expect(await piece(page, 'vsd')).toMatchObject({ x: 600, y: 250 });
  // opportunity: from a bare end, what it could attack
  await page.click('#practice-threat'); // threat off: the tap reads the nearest end
  await page.click('#practice-opportunity');
  await done(page);
  await expect(page.locator('#practice-legend')).toContainText('Opportunity');
  const end = await bareEnd(page);
  expect(end).not.toBeNull();
  const q = await pagePoint(page, end!.x, end!.y);
  await page.mouse.click(q.x, q.y);
  await expect(head).toContainText(`End ${end!.i + 1} of`);
  await expect.poll(() => isWhollyInView(page, '#practice-why-head')).toBe(true);
  await expect(page.locator('#practice-why')).toContainText('From there it could attack');
  await page.screenshot({ path: '/tmp/practice-desktop-opportunity.png' });
  // save as picture: a PNG with the map and its legend
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#practice-save')]);
  expect(download.suggestedFilename()).toBe('practice-vsd.png');
  await download.saveAs('/tmp/practice-saved.png');
  // the table changes: the work in hand is dropped and the maps are worked again for the new table
  await page.evaluate(() => {
    const { store, cmd } = window.__armada;
    const t = store.getState().table;
    cmd.change({ ...t, ships: t.ships.map((s) => (s.id === 'cr' ? { ...s, x: s.x + 40 } : s)) });
  });
  await expect
    .poll(() =>
      page.evaluate(() => window.__armada.practice()?.table === window.__armada.store.getState().table),
    )
    .toBe(true);
  await done(page);
});

test.describe('phone (Pixel 5, touch)', () => {
  test.use(PIXEL5);

  test("tap the ship, show the threat map, tap a cell and read why in the sheet's peek; the ship never moves", async ({
    page,
  }) => {
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    await openFresh(page, hash());
    const at = await pagePoint(page, 600, 250);
    await page.touchscreen.tap(at.x, at.y);
    await expect.poll(() => page.evaluate(() => window.__armada.store.getState().selected)).toBe('vsd');
    await page.tap('#panel-toggle');
    await page.locator('#practice-threat').scrollIntoViewIfNeeded();
    await page.tap('#practice-threat');
    await page.tap('#practice-reach');
    await done(page);
    await expect(page.locator('#practice-legend')).toContainText('5 mm cells');
    // every practice control is a finger's size
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('#practice button, #practice select')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.height < 44 || r.width < 44);
        })
        .map((el) => el.id),
    );
    expect(small).toEqual([]);
    await page.screenshot({ path: '/tmp/practice-phone-sheet.png' });
    await page.tap('#panel-toggle');
    // the sheet slides down: wait for the canvas to stand still before aiming at it
    let last = '';
    await expect
      .poll(async () => {
        const r = JSON.stringify(await pagePoint(page, 600, 250));
        const same = r === last;
        last = r;
        return same;
      })
      .toBe(true);
    await page.screenshot({ path: '/tmp/practice-phone-map.png' });
    await statusComplete(page);
    // the whole table fitted to the phone: the ends' marks are held at a size a player can see
    // (at about a third of a pixel a mm a 3 mm mark would be one pixel) and show in their colour
    const [first, second] = await marksPx(page);
    expect(first).toBeGreaterThanOrEqual(7);
    expect(second).toBeGreaterThanOrEqual(4.5);
    const end = await farFirstEnd(page);
    // (about 50 pixels of its colour within 10 mm of it; drawn at its 3 mm the same place showed 8)
    const seen = await countColour(page, LEGAL, [end.x - 10, end.y - 10, end.x + 10, end.y + 10]);
    expect(seen, 'the clean mark of a first maneuver end, in pixels').toBeGreaterThanOrEqual(30);
    const cell = await attackedCell(page);
    expect(cell).not.toBeNull();
    const p = await pagePoint(page, cell!.x, cell!.y);
    await page.touchscreen.tap(p.x, p.y);
    await expect(page.locator('#practice-why-head')).toContainText(
      'Threat on Victory in the marked 5 mm cell',
    );
    // the reading leads the sheet's peek: in view with the sheet down, nothing opened or scrolled by hand
    await expect.poll(() => isWhollyInView(page, '#practice-why-head')).toBe(true);
    expect(await page.evaluate(() => document.body.classList.contains('sheet-open'))).toBe(false);
    await page.screenshot({ path: 'test-results/practice-phone-why-peek.png' });
    await page.tap('#panel-toggle');
    await expect(page.locator('#practice-why li').first()).toContainText('can attack');
    await page.locator('#practice-why').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/practice-phone-why.png' });
    expect(await piece(page, 'vsd')).toMatchObject({ x: 600, y: 250, rotation: 0 });
    // zoom to the maps: the sheet goes down, the view frames the ship and its reach, closer
    const span = async () => {
      const a = await pagePoint(page, 600, 250),
        b = await pagePoint(page, 700, 250);
      return Math.hypot(b.x - a.x, b.y - a.y) / 100;
    };
    const fitted = await span();
    await page.tap('#practice-zoom');
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('sheet-open'))).toBe(false);
    await expect.poll(span).toBeGreaterThan(2 * fitted);
    const inView = await page.evaluate(() => {
      const r = document.querySelector('canvas')!.getBoundingClientRect();
      return window.__armada.practice()!.ends!.every((e) => {
        const p = window.__armada.pagePoint(e.x, e.y);
        return p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;
      });
    });
    expect(inView).toBe(true);
    await page.screenshot({ path: '/tmp/practice-phone-zoomed.png' });
    expect((await marksPx(page))[1]).toBeGreaterThanOrEqual(4.5);
  });
});
