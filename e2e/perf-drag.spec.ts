/**
 * Frame times while dragging a ship across the benchmark's tournament table (10 ships,
 * 24 squadrons, 12 obstacles: e2e/fixtures/tournament-table.json, written by
 * scripts/bench-tables.ts) with the app judging live. A measurement, not a timed assertion: it
 * prints the median and 95th percentile of the frame intervals and of the analysis time at each
 * step (the whole table, re-judged from the previous report), and attaches them as
 * perf-drag.json. It checks only that the drag happened and the whole table was judged as it moved.
 * PERF_THROTTLE=4 slows the page's CPU that many times (DevTools `Emulation.setCPUThrottlingRate`,
 * a phone-class device) and PERF_OUT names a file for the figures: `npm run bench -- --browser`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openFresh, pagePoint, piece } from './helpers';
import type { Ship, Table } from '../src/model/table';

const table: Table = JSON.parse(readFileSync(new URL('./fixtures/tournament-table.json', import.meta.url), 'utf8'));

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};

test('frame times while dragging a ship across the tournament table', async ({ page }, info) => {
  test.setTimeout(Number(process.env.PERF_THROTTLE ?? 1) > 1 ? 600_000 : 180_000); // throttled on a loaded machine: minutes
  await openFresh(page);
  await page.evaluate((t) => window.__armada.cmd.load(t), table);
  await expect.poll(() => page.evaluate(() => {
    const a = window.__armada;
    const an = a.analysis();
    // the worker's whole report, not the first live picture: a drag re-judges the whole table only from it
    return an.table === a.store.getState().table && !an.live && !an.report.partial;
  }), { timeout: 60_000 }).toBe(true);

  const throttle = Number(process.env.PERF_THROTTLE ?? 1);
  if (throttle > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }

  // the ship nearest the middle of the table, attacking from its front hull zone
  const ship = table.ships.reduce((b: Ship, s: Ship) => (Math.abs(s.y - 457) < Math.abs(b.y - 457) ? s : b));
  await page.evaluate((id) => window.__armada.cmd.select(id, 'front'), ship.id);
  const start = await piece(page, ship.id);

  // record every frame's interval and each new analysis's own time
  await page.evaluate(() => {
    const a = window.__armada;
    const rec = { frames: [] as number[], analyses: [] as number[], live: 0, whole: 0, run: true };
    window.__perf = rec;
    let last = performance.now(), seen = a.analysis();
    const tick = (now: number) => {
      rec.frames.push(now - last);
      last = now;
      const an = a.analysis();
      if (an !== seen) { seen = an; rec.analyses.push(an.ms); if (an.live) rec.live++; else rec.whole++; }
      if (rec.run) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

  const steps = 90;
  const from = await pagePoint(page, start.x, start.y);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= steps; k++) {
    const f = k / steps;
    const to = await pagePoint(page, 250 + 1300 * f, start.y + 120 * Math.sin(f * 6 * Math.PI));
    await page.mouse.move(to.x, to.y);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  }
  // stop recording before the drop: the full analysis after it is not part of the drag
  const rec = await page.evaluate(() => { const r = window.__perf!; r.run = false; return r; });
  await page.mouse.up();

  const moved = await piece(page, ship.id);
  expect(Math.hypot(moved.x - start.x, moved.y - start.y)).toBeGreaterThan(100);
  // judged as it moved: every attack of the whole table at each step (moves from a full report)
  expect(rec.analyses.length).toBeGreaterThan(steps / 3);
  expect(rec.whole).toBeGreaterThan(steps / 3);

  const frames = rec.frames.slice(2); // the first frames include the set-up
  const result = {
    throttle,
    table: `${table.ships.length} ships, ${table.squadrons.length} squadrons, ${table.obstacles.length} obstacles`,
    steps,
    frames: frames.length,
    frameMedianMs: quantile(frames, 0.5),
    frameP95Ms: quantile(frames, 0.95),
    analyses: rec.analyses.length,
    wholeTableAnalyses: rec.whole,
    analysisMedianMs: quantile(rec.analyses, 0.5),
    analysisP95Ms: quantile(rec.analyses, 0.95),
  };
  console.log(`perf-drag: ${JSON.stringify(result)}`);
  if (process.env.PERF_OUT) writeFileSync(process.env.PERF_OUT, JSON.stringify(result));
  await info.attach('perf-drag.json', { body: JSON.stringify(result, null, 2), contentType: 'application/json' });
});
