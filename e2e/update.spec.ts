import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';

/*
 * The update flow, with two real builds: A (the suite's own build in dist/, or one made here)
 * and B (built here with VITE_BUILD_ID=B, so every chunk differs). A small server of our own
 * serves A, then B from the same address, as a deployment would. The page loaded under A is
 * offered the update and keeps running A, with A's files (from its service worker's precache,
 * though the server no longer has them), a tab opened meanwhile runs A too, and after the
 * player's reload the page runs B, page and worker. A tab still running A when another tab took
 * B says so.
 */
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

function build(outDir: string, id?: string) {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: ROOT,
      stdio: 'pipe',
      env: { ...process.env, ...(id ? { VITE_BUILD_ID: id } : {}) },
    },
  );
}

let dirA = '',
  dirB = '';
let root = '';
/** requests the server could not answer (path), and whether the test itself made them */
const missing: { path: string; probe: boolean }[] = [];
let server: Server;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const tmp = mkdtempSync(join(tmpdir(), 'armada-update-'));
  dirA = join(ROOT, 'dist');
  if (process.env.E2E_DEV || !existsSync(join(dirA, 'sw.js'))) build((dirA = join(tmp, 'A')), 'A');
  build((dirB = join(tmp, 'B')), 'B');
  root = dirA;
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = join(root, normalize(path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      missing.push({ path, probe: req.headers['x-probe'] === '1' });
      res.writeHead(404).end();
      return;
    }
    // no HTTP caching: what the page gets without the network is what its service worker kept
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((ok) => (server ? server.close(() => ok()) : ok())));

async function open(page: Page) {
  await page.goto(base);
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
}
const builds = (page: Page) =>
  page.evaluate(() => ({ page: window.__armada.build, worker: window.__armada.workerBuild() }));

test('a new build is offered and waits; the old page keeps its own files; after the reload page and worker run the new build', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const page = await context.newPage();
  await open(page);
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active, undefined, {
    timeout: 30_000,
  });
  // a returning player: the page is controlled by build A's worker
  await open(page);
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const A = (await builds(page)).page;
  expect(A).not.toBe('B');
  await expect.poll(async () => (await builds(page)).worker, { timeout: 20_000 }).toBe(A);
  const workerChunk = await page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((n) => /analysis-worker-[^/]*\.js$/.test(n)) ?? '',
  );
  expect(workerChunk, "the analysis worker's chunk").toMatch(/^http/);

  // the server now serves build B; the browser looks for a new worker (on navigation, or now)
  root = dirB;
  expect(existsSync(join(dirB, new URL(workerChunk).pathname)), 'build B has a different worker chunk').toBe(
    false,
  );
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())!.update();
  });
  await expect(page.locator('#update-ready[data-kind="waiting"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('#update-ready')).toContainText('A new version of the app is ready');

  // never mixed: A's worker chunk is gone from the server, yet the old page still gets it (A's
  // precache) and a fresh worker from it answers as build A
  const direct = await fetch(workerChunk, { headers: { 'x-probe': '1' } });
  expect(direct.status).toBe(404);
  const fresh = await page.evaluate(
    (url) =>
      new Promise<string>((done) => {
        const w = new Worker(url, { type: 'module' });
        w.onmessage = (ev: MessageEvent<{ build: string }>) => {
          done(ev.data.build);
          w.terminate();
        };
        w.onerror = (e) => done(`worker failed: ${e.message}`);
        w.postMessage({ seq: 1, table: window.__armada.store.getState().table, budgetMs: 3000 });
      }),
    workerChunk,
  );
  expect(fresh).toBe(A);
  // the page keeps working: a change is judged, by a worker of A
  await page.evaluate(() => {
    const { store, cmd } = window.__armada;
    const t = store.getState().table;
    cmd.change({ ...t, ships: t.ships.map((s, i) => (i === 0 ? { ...s, x: s.x + 20 } : s)) });
  });
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            window.__armada.analysis().live ||
            window.__armada.analysis().table !== window.__armada.store.getState().table,
        ),
      { timeout: 20_000 },
    )
    .toBe(false);
  expect(await builds(page)).toEqual({ page: A, worker: A });
  const table = await page.evaluate(() => JSON.stringify(window.__armada.store.getState().table));

  // a tab opened while B waits runs A, whole (B takes over only when the player says so)
  const tab = await context.newPage();
  await open(tab);
  await expect.poll(async () => (await builds(tab)).worker, { timeout: 20_000 }).toBe(A);
  expect((await builds(tab)).page).toBe(A);
  expect(
    missing.filter((m) => !m.probe),
    'nothing the pages asked for was missing',
  ).toEqual([]);

  // the player takes the update: the page reloads into B, page and worker, the table kept
  await Promise.all([page.waitForEvent('load'), page.locator('#update-ready button').click()]);
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  expect((await builds(page)).page).toBe('B');
  await expect.poll(async () => (await builds(page)).worker, { timeout: 20_000 }).toBe('B');
  await expect(page.locator('#update-ready')).toHaveCount(0);
  expect(await page.evaluate(() => JSON.stringify(window.__armada.store.getState().table))).toBe(table);

  // the other tab still runs A under B's worker now: it says so and offers the reload
  await expect(tab.locator('#update-ready[data-kind="elsewhere"]')).toBeVisible({ timeout: 20_000 });
  await expect(tab.locator('#update-ready')).toContainText('updated in another tab');
  await Promise.all([tab.waitForEvent('load'), tab.locator('#update-ready button').click()]);
  await expect(tab.locator('body[data-ready="true"]')).toBeVisible();
  expect((await builds(tab)).page).toBe('B');
  await expect.poll(async () => (await builds(tab)).worker, { timeout: 20_000 }).toBe('B');
  expect(
    missing.filter((m) => !m.probe),
    'nothing the pages asked for was missing',
  ).toEqual([]);
});
