/**
 * While a piece is dragged the page judges only what it draws (the selected attacker's attacks)
 * and the worker judges the whole table once the piece rests. Whatever the page showed while it
 * moved, once it rests every verdict on screen must be the report's: here a ship of the
 * tournament table is dragged with the CPU throttled 4x (a phone-class device), by mouse at desktop
 * size and by a finger on a Pixel 5 profile, and then every attack listed in the verdict panel
 * is compared with `npm run analyze` of the table the page holds (the command line, in Node).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices, expect, type Page, test } from '@playwright/test';
import { openFresh, pagePoint, piece, wholeReport, touchDrag } from './helpers';
import type { Ship, Table } from '../src/model/table';
import type { Report } from '../src/model/report';

const TOURNAMENT: Table = JSON.parse(
  readFileSync(new URL('./fixtures/tournament-table.json', import.meta.url), 'utf8'),
);
const { defaultBrowserType: _browser, ...PIXEL5 } = devices['Pixel 5'];

/** The command line's report of a table. */
function analyzeCli(table: Table): Report {
  const dir = mkdtempSync(join(tmpdir(), 'armada-drag-'));
  try {
    const file = join(dir, 'table.json');
    writeFileSync(file, JSON.stringify(table));
    const out = execFileSync('npx', ['tsx', 'src/cli/analyze.ts', file], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    return JSON.parse(out) as Report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const settled = (page: Page) => wholeReport(page, 120_000);

/** every attack entry the verdict panel lists, and its first line */
const onScreen = (page: Page) =>
  page.evaluate(() => {
    const list = [...document.querySelectorAll<HTMLElement>('#verdicts li.attack')].map((li) => ({
      attacker: li.dataset.attacker!,
      defender: li.dataset.defender!,
      los: li.dataset.los!,
      range: li.dataset.range!,
      inArc: li.dataset.inArc === 'true',
    }));
    const meta = document.querySelector('#verdicts .meta')?.textContent ?? '';
    return { list, meta };
  });

/** Drag `id` along a wavy path in steps with the CPU throttled, then let go and wait for the report. */
async function throttledDrag(page: Page, id: string, touch: boolean) {
  const start = await piece(page, id);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const from = await pagePoint(page, start.x, start.y);
  const to = await pagePoint(page, start.x + 160, start.y + 40);
  if (touch) await touchDrag(page, from, to, 0, 12);
  else {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let k = 1; k <= 12; k++) {
      const f = k / 12;
      await page.mouse.move(
        from.x + (to.x - from.x) * f,
        from.y + (to.y - from.y) * f + 15 * Math.sin(f * 6),
      );
    }
    await page.mouse.up();
  }
  await settled(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const moved = await piece(page, id);
  expect(Math.hypot(moved.x - start.x, moved.y - start.y)).toBeGreaterThan(60);
}

async function checkRested(page: Page, touch: boolean) {
  await openFresh(page);
  await page.evaluate((t) => window.__armada.cmd.load(t), TOURNAMENT);
  await settled(page);
  const ship = TOURNAMENT.ships.reduce((b: Ship, s: Ship) =>
    Math.abs(s.y - 457) < Math.abs(b.y - 457) ? s : b,
  );
  await page.evaluate((id) => window.__armada.cmd.select(id, 'front'), ship.id);
  await throttledDrag(page, ship.id, touch);
  // a drawn frame after the report came (the panel is written once the piece rests)
  await page.evaluate(() => window.__armada.redrawNow());

  const table: Table = await page.evaluate(() =>
    JSON.parse(JSON.stringify(window.__armada.store.getState().table)),
  );
  const report = analyzeCli(table);
  const byPair = new Map(report.attacks.map((r) => [`${r.attacker}>${r.defender}`, r]));
  const shown = await onScreen(page);
  expect(shown.meta).not.toMatch(/moving/);
  expect(shown.list.length).toBeGreaterThan(10);
  for (const x of shown.list) {
    const r = byPair.get(`${x.attacker}>${x.defender}`);
    expect(r, `${x.attacker} > ${x.defender} is in the report`).toBeTruthy();
    expect({ ...x, pair: `${x.attacker}>${x.defender}` }).toEqual({
      attacker: r!.attacker,
      defender: r!.defender,
      los: r!.los,
      range: r!.range,
      inArc: r!.inArc,
      pair: `${x.attacker}>${x.defender}`,
    });
  }
  // the page's own report, every attack, is the same as the one judged here
  const pageAttacks: string[] = await page.evaluate(() =>
    window.__armada
      .analysis()
      .report.attacks.map((r) => `${r.attacker}>${r.defender}:${r.inArc}:${r.range}:${r.los}`),
  );
  expect(pageAttacks).toEqual(
    report.attacks.map((r) => `${r.attacker}>${r.defender}:${r.inArc}:${r.range}:${r.los}`),
  );
}

test.describe('verdicts once a dragged piece rests', () => {
  test.setTimeout(300_000);
  test('desktop, by mouse, CPU throttled 4x', async ({ page }) => {
    await checkRested(page, false);
  });
  test.describe('phone', () => {
    test.use({ ...PIXEL5 });
    test('Pixel 5, by a finger, CPU throttled 4x', async ({ page }) => {
      await checkRested(page, true);
    });
  });
});
