import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openFresh, pagePoint, piece, tableJson } from './helpers';

// The docs' phone screenshots are refreshed only on request (SCREENSHOTS=1), so that a plain test
// run leaves the tracked files alone; the assertions run either way.
const shoot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/${name}.png` });
};

test.describe('phone 390x844 portrait, touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the turned table fills the width and most of the height; taps pick through the turned view; controls are 44 px', async ({
    page,
  }) => {
    await openFresh(page);
    const a = await pagePoint(page, 0, 0),
      b = await pagePoint(page, 1828.8, 914.4);
    // turned: the 6' edge (x) runs down the screen, player 1's edge (y = 0) on the left
    expect(b.y - a.y).toBeGreaterThan(0.7 * 844 - 100);
    expect(b.x - a.x).toBeGreaterThan(0.8 * 390);
    console.log(
      `phone portrait: the table is ${Math.round(b.x - a.x)} x ${Math.round(b.y - a.y)} px of 390 x 844`,
    );
    await shoot(page, 'phone-portrait');
    // a tap on a squadron selects it (hit tests go through the same turned transform), and moves nothing
    const tie = await piece(page, 'tie1');
    const p = await pagePoint(page, tie.x, tie.y);
    await page.touchscreen.tap(p.x, p.y);
    await expect.poll(() => page.evaluate(() => window.__armada.store.getState().selected)).toBe('tie1');
    expect(await piece(page, 'tie1')).toEqual(tie);
    // every visible control at least 44 px tall and wide (an attack entry's pair is a button inline in its
    // sentence, for the keyboard: a finger's target is the whole entry, whose tap opens the same attack)
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('button, select')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        })
        .filter((el) => {
          const r = (
            el.matches('#verdicts li.attack > button.pick') ? el.parentElement! : el
          ).getBoundingClientRect();
          return r.height < 44 || r.width < 44;
        })
        .map((el) => el.id || el.textContent),
    );
    expect(small).toEqual([]);
    // the panel slides up
    await page.tap('#panel-toggle');
    await expect
      .poll(() => page.evaluate(() => document.querySelector('aside')!.getBoundingClientRect().height))
      .toBeGreaterThan(500);
    if (process.env.SCREENSHOTS) await page.waitForTimeout(400); // the slide's end, for the picture only
    await shoot(page, 'phone-panel-open');
    await page.tap('#panel-toggle');
    // turned back on request: the 6' edge across again; table coordinates unchanged
    await page.tap('#turn-view');
    const c = await pagePoint(page, 0, 0),
      d = await pagePoint(page, 1828.8, 914.4);
    expect(d.x - c.x).toBeGreaterThan(300);
    expect(c.y).toBeGreaterThan(d.y);
    expect(await piece(page, 'tie1')).toEqual(tie);
  });
});

test.describe('phone 390x844 portrait, touch: the toolbar', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('too wide, it shows an arrow at its right edge that scrolls it on; at its end, none', async ({
    page,
  }) => {
    await openFresh(page);
    const bar = page.locator('#toolbar');
    const more = page.locator('#toolbar-more');
    const scroll = () => bar.evaluate((b) => ({ left: b.scrollLeft, max: b.scrollWidth - b.clientWidth }));
    expect((await scroll()).max).toBeGreaterThan(100);
    // in view, at the right edge, over the bar (it takes no room of its own: the table keeps its height)
    await expect(more).toBeVisible();
    await expect(more).toBeInViewport({ ratio: 1 });
    const box = (await more.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(385);
    expect(box.height).toBeGreaterThanOrEqual(44);
    const host = (await page.locator('#canvas-host').boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(host.y).toBeLessThanOrEqual(barBox.height + 1);
    expect(host.height).toBeGreaterThan(640);
    const before = await tableJson(page);
    // a tap on it scrolls the bar on; it stays at the edge while more lies beyond
    await more.tap();
    await expect.poll(async () => (await scroll()).left).toBeGreaterThan(200);
    expect((await more.boundingBox())!.x).toBeCloseTo(box.x, 0);
    // at the end, nothing more to the right: no arrow
    await bar.evaluate((b) => b.scrollTo(b.scrollWidth, 0));
    await expect(more).toBeHidden();
    // scrolled back, it is there again
    await bar.evaluate((b) => b.scrollTo(0, 0));
    await expect(more).toBeVisible();
    expect(await tableJson(page)).toBe(before);
  });
});

test('desktop 1280x800: the toolbar wraps, it does not scroll, and shows no arrow', async ({ page }) => {
  await openFresh(page);
  expect(await page.evaluate(() => document.getElementById('toolbar')!.scrollWidth)).toBeLessThanOrEqual(
    1280,
  );
  await expect(page.locator('#toolbar-more')).toBeHidden();
});

test.describe('phone 390x844 portrait, touch: a link opened', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const link = '#table=' + Buffer.from(readFileSync('assets/demo-table.json')).toString('base64url');

  test('its message goes by itself after a few seconds; a tap on it sends it at once', async ({ page }) => {
    await openFresh(page, link);
    const message = page.locator('#message[data-kind="info"]');
    await expect(message).toContainText('Opened the table from the link');
    await shoot(page, 'phone-link-message');
    // nothing touched: it goes by itself (five seconds)
    await expect(message).toBeHidden({ timeout: 8000 });
    // again, and a tap on its text (not only its OK) sends it, and moves nothing on the table
    await page.evaluate(() => window.__armada.cmd.message('info', 'Link to this ruling shared.'));
    await expect(message).toBeVisible();
    const before = await tableJson(page);
    const box = (await message.boundingBox())!;
    await page.touchscreen.tap(box.x + 12, box.y + box.height / 2);
    await expect(message).toBeHidden({ timeout: 1000 });
    expect(await tableJson(page)).toBe(before);
    // an error stays until its OK: its reason is read
    await page.evaluate(() => window.__armada.cmd.message('error', 'That change was not made.'));
    const error = page.locator('#message[data-kind="error"]');
    await error.tap({ position: { x: 12, y: 12 } });
    await expect(error).toBeVisible();
    await error.locator('button').tap();
    await expect(error).toBeHidden();
  });

  test('the next tap on the table sends it at once: the card that tap opens is not covered', async ({
    page,
  }) => {
    await openFresh(page, link);
    const message = page.locator('#message[data-kind="info"]');
    await expect(message).toContainText('Opened the table from the link');
    // a tap on a ship (its card opens where the message lay)
    const ship = (await page.evaluate(() => window.__armada.store.getState().table.ships[0].id)) as string;
    const at = await piece(page, ship);
    const p = await pagePoint(page, at.x, at.y);
    await page.touchscreen.tap(p.x, p.y);
    await expect(message).toBeHidden({ timeout: 1000 });
    // an error is not sent by a tap elsewhere: it stays until its OK
    await page.evaluate(() => window.__armada.cmd.message('error', 'That change was not made.'));
    await page.touchscreen.tap(p.x, p.y);
    await expect(page.locator('#message[data-kind="error"]')).toBeVisible();
  });
});

test.describe('phone landscape 844x390, touch', () => {
  test.use({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });
  test('the table keeps most of the screen beside a narrow panel', async ({ page }) => {
    await openFresh(page);
    const a = await pagePoint(page, 0, 0),
      b = await pagePoint(page, 1828.8, 914.4);
    console.log(
      `phone landscape: the table is ${Math.round(b.x - a.x)} x ${Math.round(a.y - b.y)} px of 844 x 390`,
    );
    expect(b.x - a.x).toBeGreaterThan(450);
    await shoot(page, 'phone-landscape');
  });

  test('a pair tapped: its ruling leads the panel, on screen without a scroll', async ({ page }) => {
    await openFresh(page);
    // the Imperial's front, then the MC80 (the demo table): an attacker and a defender by taps
    const imp = await piece(page, 'isd'),
      mc = await piece(page, 'mc80');
    const at = await pagePoint(page, imp.x, imp.y + 40);
    await page.touchscreen.tap(at.x, at.y);
    const to = await pagePoint(page, mc.x, mc.y);
    await page.touchscreen.tap(to.x, to.y);
    await expect.poll(() => page.evaluate(() => !!window.__armada.store.getState().defender)).toBe(true);
    const headline = page.locator('#attack-verdict .headline');
    await expect(headline).toBeInViewport({ ratio: 1 });
    // above the pickers and the inspector, as the portrait sheet and the desktop panel show it
    const hb = (await headline.boundingBox())!;
    const pickers = (await page.locator('#dispute .dispute-pickers').boundingBox())!;
    expect(hb.y).toBeLessThan(pickers.y);
    await page.screenshot({ path: 'test-results/phone-landscape-pair.png' });
  });

  test('an exogorth being placed, then a maneuver planned: each leads the panel, its buttons on screen', async ({
    page,
  }) => {
    await openFresh(page);
    // the panel scrolled down to the Add palette, as a player who just pressed "Place exogorth…" has it
    await page.locator('#place-exogorth').scrollIntoViewIfNeeded();
    await page.locator('#place-exogorth').tap();
    await expect(page.locator('#insp-lead')).toHaveAttribute('data-legal', /^(true|false)$/);
    for (const sel of ['#insp-lead-head', '#commit-exogorth'])
      await expect(page.locator(sel)).toBeInViewport({ ratio: 1 });
    // above the pickers: the card leads the panel
    const card = (await page.locator('#insp-lead').boundingBox())!;
    const pickers = (await page.locator('#dispute .dispute-pickers').boundingBox())!;
    expect(card.y).toBeLessThan(pickers.y);
    await page.screenshot({ path: 'test-results/phone-landscape-exogorth.png' });
    // an exogorth being placed is no piece of the table's lists: the piece list asks, not left blank
    await expect(page.locator('#pick-piece')).toHaveValue('');
    expect(await page.locator('#pick-piece').evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(0);

    await page.evaluate(() => window.__armada.cmd.select('isd'));
    await page.locator('#maneuver-start').scrollIntoViewIfNeeded();
    await page.locator('#maneuver-start').tap();
    await expect(page.locator('#maneuver-verdict')).toHaveAttribute('data-outcome', /.+/);
    const plan = (await page.locator('#maneuver').boundingBox())!;
    const pickersNow = (await page.locator('#dispute .dispute-pickers').boundingBox())!;
    expect(plan.y).toBeLessThan(pickersNow.y);
  });
});
