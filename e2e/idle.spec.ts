import { expect, test } from '@playwright/test';

/**
 * A page left alone asks for no animation frame: the app draws on demand, and Pixi's own system
 * ticker is stepped with the app's frames instead of running at 60 a second (a phone's battery, and
 * the CPU every other test shares).
 */
test('an idle table asks for no animation frame', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __frames: number };
    w.__frames = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => {
      w.__frames++;
      return raf(cb);
    };
  });
  await page.goto('/');
  await expect(page.locator('body[data-ready="true"]')).toBeVisible({ timeout: 45_000 });
  await page.waitForFunction(() => !window.__armada.analysis().live);
  const frames = () => page.evaluate(() => (window as unknown as { __frames: number }).__frames);
  await page.waitForTimeout(500);
  const before = await frames();
  await page.waitForTimeout(2000);
  const idle = (await frames()) - before;
  console.log(`animation frames asked for in 2 s of an idle table: ${idle}`);
  expect(idle).toBe(0);
  // and a change still draws: select a piece, a frame is asked for
  await page.evaluate(() => window.__armada.cmd.select(window.__armada.store.getState().table.ships[0].id));
  await expect.poll(frames).toBeGreaterThan(before + idle);
});
