import { expect, test } from '@playwright/test';
import { openFresh, piece } from './helpers';

/*
 * Offline after one load: the built app is loaded once, then the network is gone (the context
 * offline and every request that still reaches the network aborted), and the app is opened again
 * in a fresh tab with the browser's HTTP cache disabled (DevTools protocol), so only what the
 * service worker precached can serve it.
 */
test('after one load, the app opens in a fresh tab with no network and no HTTP cache', async ({
  page,
  context,
}) => {
  await openFresh(page);
  // the worker installs in the background, precaching every built file, and becomes active
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active, undefined, {
    timeout: 30_000,
  });
  const table = await page.evaluate(() => JSON.stringify(window.__armada.store.getState().table));

  let reachedNetwork = 0;
  await context.route('**/*', (route) => {
    reachedNetwork++;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(true);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await openFresh(tab);
  expect(await tab.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // the table as it was, drawn, and judged in the worker (its chunk came from the precache too)
  expect(await tab.evaluate(() => JSON.stringify(window.__armada.store.getState().table))).toBe(table);
  await expect
    .poll(() => tab.evaluate(() => window.__armada.analysis().live), { timeout: 20_000 })
    .toBe(false);
  expect(await tab.evaluate(() => window.__armada.workerAvailable())).toBe(true);
  expect((await piece(tab, 'vsd')).x).toBeGreaterThan(0);
  await expect(tab.locator('#message[data-kind="error"]')).toHaveCount(0);
  console.log(`requests that reached the (blocked) network while opening offline: ${reachedNetwork}`);
  await context.setOffline(false);
});
