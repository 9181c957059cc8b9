import { expect, type Page, test } from '@playwright/test';
import { deflateRawSync } from 'node:zlib';

/*
 * Heavy photo links (every squadron marked with up to 200 rim marks): opening each, a reload with
 * all of them in Tables, and a one-field change then saved. The work is bounded by what the player
 * opened: the photo is fitted a piece at a time between frames (src/state/photo-fits.ts), a table read
 * back from storage is never fitted, and a change elsewhere on the table reuses the fits. That is
 * what is held here, by counting the fits made; the main thread's long tasks (PerformanceObserver)
 * are printed: on a shared, loaded machine they are figures, not a measurement.
 */

/** A table of `pieces` squadrons, each marked with `marks` rim marks at `places` decimals, five calibration points. */
function photoTable(pieces: number, marks: number, places: number) {
  let a = pieces * 7919 + marks;
  const noise = () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.6;
  const px = (x: number, y: number) => [
    Number((x * 10 + 100 + noise()).toFixed(places)),
    Number((y * 10 + 100 + noise()).toFixed(places)),
  ];
  const squadrons = Array.from({ length: pieces }, (_, i) => ({
    id: `q${i}`,
    player: 1 + (i % 2),
    x: 60 + (i % 40) * 42,
    y: 60 + Math.floor(i / 40) * 42,
  }));
  const rim = (x: number, y: number) =>
    Array.from({ length: marks }, (_, k) =>
      px(x + 17.5 * Math.cos((2 * Math.PI * k) / marks), y + 17.5 * Math.sin((2 * Math.PI * k) / marks)),
    );
  return {
    format: 'armada-table/1',
    table: '3x6',
    ships: [],
    squadrons,
    obstacles: [],
    tokens: [],
    photo: {
      size: [20000, 10000],
      calibration: [
        [0, 0],
        [1800, 0],
        [0, 900],
        [1800, 900],
        [900, 450],
      ].map(([x, y]) => ({ px: [x * 10 + 100, y * 10 + 100], mm: [x, y] })),
      marks: squadrons.map((q) => ({ piece: q.id, points: 'rim', px: rim(q.x, q.y) })),
    },
  };
}

/** The app's compressed link (#tz=: base64url of raw DEFLATE, table-format.md "Links"). */
const tableToHash = (t: unknown) =>
  '#tz=' + deflateRawSync(Buffer.from(JSON.stringify(t)), { level: 9 }).toString('base64url');

const LINKS = [
  { label: '40 KB', table: photoTable(23, 200, 2) },
  { label: '160 KB', table: photoTable(92, 200, 2) },
  { label: '812 KB', table: photoTable(200, 200, 7) },
].map((l) => ({ ...l, hash: tableToHash(l.table) }));

const READY = { timeout: 120_000 };

/** Long tasks from the page's start (buffered), in ms. */
const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.slice());

async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const a = window.__armada.analysis();
          return !!a && !a.live && a.table === window.__armada.store.getState().table;
        }),
      { timeout: 120_000 },
    )
    .toBe(true);
}

test.describe.configure({ timeout: 600_000 });

/*
 * The page composited as on a device with a GPU: WebGL in SwiftShader through ANGLE, the frame handed
 * to the compositor as a texture. The suite's usual --disable-gpu composites in software, and Chrome
 * then reads every WebGL frame back to the CPU, waiting on the main thread for the software rasteriser
 * to finish it: on this table 200-500 ms in one task (GLES2::ReadPixels in a trace), which a phone's GPU
 * never costs its main thread. The figures printed here are the page's own work.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
    ],
  },
});

test('heavy photo links: opened, kept in Tables, reloaded and saved; each photo fitted once, a piece at a time, stored ones never', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  const rows: string[] = [];
  const say = (what: string, tasks: number[], fits: number) => {
    const worst = tasks.length ? Math.max(...tasks) : 0;
    rows.push(`${what}: ${fits} piece fits; ${tasks.length} long tasks, the longest ${worst} ms`);
  };
  await page.goto('/');
  await expect(page.locator('body[data-ready="true"]')).toBeVisible(READY);
  for (const l of LINKS) {
    // a link opened in the page (a hash change: the same page, whose count goes on)
    const had = await page.evaluate(() => window.__armada.photoFits());
    const tasksHad = (await longTasks(page)).length;
    await page.goto('/' + l.hash);
    await expect(page.locator('body[data-ready="true"]')).toBeVisible(READY);
    await expect
      .poll(() => page.evaluate(() => window.__armada.store.getState().table.squadrons.length), READY)
      .toBe(l.table.squadrons.length);
    await settled(page);
    const fits = (await page.evaluate(() => window.__armada.photoFits())) - had;
    // opened: each marked piece fitted once on the page (the checks, the photo view and the report reuse it)
    expect(fits, `${l.label}: one fit a piece`).toBe(l.table.squadrons.length);
    // the photo panel lists every piece placed from the photo, with its measured diameter (written in slices)
    await expect(page.locator('#photo-pieces tr')).toHaveCount(l.table.squadrons.length, READY);
    await expect(page.locator('#photo-pieces tr[data-piece="q0"]')).toContainText('mm measured');
    const label = `open the ${l.label} link (${(l.hash.length / 1024).toFixed(0)} KB)`;
    say(label, (await longTasks(page)).slice(tasksHad), fits);
  }
  // a reload with all three in Tables: only the table on screen is fitted (a piece at a time); the
  // stored ones are read without a fit
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible(READY);
  await settled(page);
  const onScreen = await page.evaluate(() => window.__armada.store.getState().table.photo?.marks.length ?? 0);
  expect(onScreen).toBe(200);
  const atReload = await page.evaluate(() => window.__armada.photoFits());
  expect(atReload, 'a reload fits the table on screen only').toBe(onScreen);
  say('reload with the three in Tables', await longTasks(page), atReload);
  // a one-field change, saved: no fit made again
  const before = await page.evaluate(() => window.__armada.photoFits());
  const tasksBefore = (await longTasks(page)).length;
  await page.evaluate(() => {
    const { store, cmd } = window.__armada;
    const t = store.getState().table;
    cmd.change({ ...t, squadrons: t.squadrons.map((q, k) => (k === 0 ? { ...q, x: q.x + 3 } : q)) });
  });
  await settled(page);
  await page.waitForTimeout(1500); // the save (300 ms later) and the Tables list's re-check
  const afterChange = (await page.evaluate(() => window.__armada.photoFits())) - before;
  expect(afterChange, 'a change elsewhere refits nothing').toBe(0);
  say('a one-field change, saved', (await longTasks(page)).slice(tasksBefore), afterChange);
  console.log(`heavy photo links (a loaded machine: figures, not a measurement):\n  ${rows.join('\n  ')}`);
});
