import { devices, expect, type Page, test } from '@playwright/test';
import { openFresh, pagePoint, piece, tableJson } from './helpers';

// The dispute view (issue 11): selecting never moves anything; a pair is chosen in two taps.
// Each test runs at desktop size with a mouse and on a phone (Pixel 5 profile, touch).

// (defaultBrowserType cannot be set inside a describe block; the browser is chromium anyway)
const { defaultBrowserType: _browser, ...PIXEL5 } = devices['Pixel 5'];

/** A touch press at page point p that trembles by `tremor` px before lifting (real touch events). */
async function touchPress(page: Page, p: { x: number; y: number }, tremor: number, lift = true) {
  const cdp = await page.context().newCDPSession(page);
  const at = (dx: number, dy: number) => [{ x: p.x + dx, y: p.y + dy, id: 1, radiusX: 8, radiusY: 8 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0, 0) });
  for (const [dx, dy] of [[tremor / 2, 0], [tremor, tremor / 2], [0, tremor], [tremor, 0]]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(dx, dy) });
  }
  if (lift) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function mousePress(page: Page, p: { x: number; y: number }, tremor: number) {
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  for (const [dx, dy] of [[tremor / 2, 0], [tremor, tremor / 2], [0, tremor], [tremor, 0]]) await page.mouse.move(p.x + dx, p.y + dy);
  await page.mouse.up();
}

const pair = (page: Page) => page.evaluate(() => {
  const s = window.__armada.store.getState();
  return { attacker: s.attacker, defender: s.defender };
});

for (const phone of [false, true]) {
  test.describe(phone ? 'phone (Pixel 5, touch)' : 'desktop (1280x800, mouse)', () => {
    if (phone) test.use(PIXEL5);
    const press = (page: Page, p: { x: number; y: number }, tremor: number) => (phone ? touchPress(page, p, tremor) : mousePress(page, p, tremor));
    const tremor = phone ? 6 : 2;

    test(`a press with a ${tremor} px tremor selects and moves nothing; a real drag moves; locked, nothing moves`, async ({ page }) => {
      await openFresh(page);
      await page.evaluate(() => window.__armada.zoomTo(500, 100, 1100, 400));
      const before = await tableJson(page);
      const isd = await piece(page, 'isd');
      await press(page, await pagePoint(page, isd.x, isd.y + 20), tremor);
      expect(await tableJson(page)).toBe(before);
      expect((await pair(page)).attacker).toMatch(/^isd\./);
      expect(await page.evaluate(() => window.__armada.store.getState().history.past.length)).toBe(0);
      // the same press travelling 40 px is a drag, and moves the ship (so the check above can fail)
      await press(page, await pagePoint(page, isd.x, isd.y + 20), 40);
      expect((await piece(page, 'isd')).x).not.toBe(isd.x);
      const moved = await tableJson(page);
      await page.check('#lock-pieces');
      await press(page, await pagePoint(page, isd.x, isd.y + 20), 40);
      expect(await tableJson(page)).toBe(moved);
    });
  });
}
