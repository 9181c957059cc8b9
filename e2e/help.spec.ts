/**
 * The help box: what the app is, first; a Close in view at its top however far it is scrolled (a
 * phone); Escape and a press outside close it (a desktop), focus back on the "?" that opened it.
 */
import { expect, test } from '@playwright/test';
import { openFresh, tableJson } from './helpers';

const focusedId = (page: import('@playwright/test').Page) => page.evaluate(() => document.activeElement?.id);

test('desktop: the help begins with what the app is; Escape and a click outside close it', async ({
  page,
}) => {
  await openFresh(page);
  await page.evaluate(() => window.__armada.cmd.select('vsd'));
  const panel = page.locator('#help-panel');
  await page.click('#help');
  await expect(panel).toBeVisible();
  await expect(panel.locator('.help-intro')).toContainText('Armada table');
  await expect(panel.locator('.help-intro')).toContainText('tap a ship to see its attacks');
  await expect(page.locator('#help')).toHaveAttribute('aria-expanded', 'true');
  // Escape closes it (and does not let go of anything on the table), focus back on the "?"
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  expect(await focusedId(page)).toBe('help');
  await expect(page.locator('#help')).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => window.__armada.store.getState().selected)).toBe('vsd');
  // the keyboard opens it again, and its Close closes it
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  expect(await focusedId(page)).toBe('help-close');
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  expect(await focusedId(page)).toBe('help');
  // a click outside it (the bare cloth beside the table) closes it and moves nothing
  const before = await tableJson(page);
  await page.click('#help');
  await expect(panel).toBeVisible();
  const host = (await page.locator('#canvas-host').boundingBox())!;
  await page.mouse.click(host.x + 12, host.y + host.height - 12);
  await expect(panel).toBeHidden();
  expect(await tableJson(page)).toBe(before);
  // a click inside it keeps it open
  await page.click('#help');
  await panel.locator('.help-intro').click();
  await expect(panel).toBeVisible();
});

test.describe('phone 390x844, touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('the Close is in view at the top, scrolled to the end too; a tap on it closes the help', async ({
    page,
  }) => {
    await openFresh(page);
    await page.tap('#help');
    const panel = page.locator('#help-panel');
    await expect(panel).toBeVisible();
    const close = page.locator('#help-close');
    await expect(close).toBeInViewport({ ratio: 1 });
    await expect(panel.locator('.help-intro')).toBeInViewport();
    // scrolled to its end, the Close is still in view, at the panel's top
    await panel.evaluate((p) => p.scrollTo(0, p.scrollHeight));
    await expect.poll(() => panel.evaluate((p) => p.scrollTop)).toBeGreaterThan(100);
    await expect(close).toBeInViewport({ ratio: 1 });
    const [c, p] = [(await close.boundingBox())!, (await panel.boundingBox())!];
    expect(c.y - p.y).toBeLessThan(30);
    await page.tap('#help-close');
    await expect(panel).toBeHidden();
  });
});
