/**
 * The attack list while a piece is held: an entry whose text alone changed is written in place (its text
 * nodes), not parsed again, as is the panel's timing line. What is on screen must be what parsing its HTML
 * gives: after every rest of the pointer the panel is compared with the same panel parsed again whole
 * (window.__armada.reparseVerdicts).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openFresh, pagePoint, piece, wholeReport } from './helpers';
import type { Ship, Table } from '../src/model/table';

const table: Table = JSON.parse(
  readFileSync(new URL('./fixtures/tournament-table.json', import.meta.url), 'utf8'),
);

test('a dragged attacker: its list entries are written in place, exactly as their HTML parses', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openFresh(page);
  await page.evaluate((t) => window.__armada.cmd.load(t), table);
  await wholeReport(page);
  const ship = table.ships.reduce((b: Ship, s: Ship) => (Math.abs(s.y - 457) < Math.abs(b.y - 457) ? s : b));
  await page.evaluate((id) => window.__armada.cmd.select(id, 'front'), ship.id);
  const start = await piece(page, ship.id);
  const from = await pagePoint(page, start.x, start.y);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const list = page.locator('#verdicts li.attack');
  // their text (entries off screen are not laid out: no innerText)
  const texts = () =>
    page.evaluate(() => [...document.querySelectorAll('#verdicts li.attack')].map((li) => li.textContent));
  // the entries on screen, and the same list parsed again from their HTML
  const compare = () =>
    page.evaluate(() => {
      // the DOM as text, each element's attributes in name order (morphdom may add them in another order)
      const canon = (n: Node): string =>
        n instanceof Element
          ? `<${n.tagName} ${[...n.attributes]
              .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
              .sort()
              .join(' ')}>${[...n.childNodes].map(canon).join('')}</${n.tagName}>`
          : n.nodeType === Node.TEXT_NODE
            ? JSON.stringify(n.textContent)
            : '';
      const panel = document.getElementById('verdicts')!;
      const shown = canon(panel);
      window.__armada.reparseVerdicts();
      return { shown, parsed: canon(panel) };
    });
  let kept = 0;
  for (let k = 1; k <= 8; k++) {
    const to = await pagePoint(page, start.x + k * 12, start.y + k * 4);
    // an entry element from before the step: still in the list after it when it was written in place
    await page.evaluate(() => {
      (window as unknown as { __entry: Element | null }).__entry =
        document.querySelector('#verdicts li.attack');
    });
    const before = await texts();
    await page.mouse.move(to.x, to.y);
    // rested: the list is written again (the step's figures)
    await expect.poll(texts, { timeout: 10_000 }).not.toEqual(before);
    kept += Number(
      await page.evaluate(() => !!(window as unknown as { __entry: Element | null }).__entry?.isConnected),
    );
    const { shown, parsed } = await compare();
    expect(shown).toBe(parsed);
    expect(await list.count()).toBeGreaterThan(10);
  }
  // most steps change figures only: their entries were written in place
  expect(kept).toBeGreaterThan(3);
  await page.mouse.up();
  await wholeReport(page);
  const { shown, parsed } = await compare();
  expect(shown).toBe(parsed);
});

test('the whole report is listed when it comes between a frame and that frame’s panels', async ({ page }) => {
  // Frames held back 600 ms and every message between the page's own ports 300 ms: the panels a frame writes (a
  // task of their own, posted on a channel) then come after the worker's report of a table judged in a few
  // milliseconds and before the frame that draws it, as they can on a busy machine. The panels of the frame
  // before the report must not stand for the report's.
  await page.addInitScript(() => {
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
      setTimeout(() => (post as (...a: unknown[]) => void).apply(this, args), 300);
    };
    const raf = window.requestAnimationFrame.bind(window);
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    let n = 0;
    window.requestAnimationFrame = (cb: FrameRequestCallback) => {
      const id = ++n;
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          raf(cb);
        }, 600),
      );
      return id;
    };
    window.cancelAnimationFrame = (id: number) => {
      clearTimeout(timers.get(id));
      timers.delete(id);
    };
  });
  await openFresh(page);
  await wholeReport(page);
  for (const t of [table, null]) {
    // another table (the tournament table, then the demo again by undo): a live picture, then the worker's report
    await page.evaluate((t) => (t ? window.__armada.cmd.load(t) : window.__armada.cmd.undo()), t);
    await wholeReport(page);
    const n = await page.evaluate(() => window.__armada.analysis().report.attacks.length);
    expect(n).toBeGreaterThan(0);
    await expect(page.locator('#verdicts .meta')).not.toContainText('judging every attack');
    await expect(page.locator('#verdicts h3:has-text("Attacks") .count')).toHaveText(String(n));
  }
});
