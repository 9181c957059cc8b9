import { expect, type Page, test } from '@playwright/test';
import { drag, openFresh, pagePoint, piece, PIXEL5 } from './helpers';

/*
 * Setup practice played start to finish as a player would, at desktop size with a mouse and on a
 * Pixel 5 with touch: started from the Table menu, the bundled lists it starts with (the player's Rebel
 * 3-ship list against the app's Imperial 5-ship one), the player going first; each of the player's
 * obstacles and ships placed by choosing it, tapping the table and placing it, its rating and the
 * best spot found shown (their times printed, not asserted: the machine is shared); the app's moves
 * between; the summary, a replay, and the player's own table, Tables and Undo as they were. Every tap
 * is counted and printed; screenshots go to test-results/.
 */

/** Table points (mm) the player taps for obstacles (the middle band) and ships (their zone). */
const OBSTACLE_SPOTS = [
  [650, 470],
  [1000, 420],
  [1250, 520],
  [800, 330],
  [1100, 600],
];
const DEPLOY_SPOTS = [
  [500, 95],
  [850, 95],
  [1200, 95],
  [700, 110],
  [1050, 110],
];

async function playSetup(page: Page, phone: boolean, shots: string) {
  let taps = 0;
  const tap = async (selector: string) => {
    taps++;
    if (phone) await page.tap(selector);
    else await page.click(selector);
  };
  const tapTable = async (x: number, y: number) => {
    taps++;
    const p = await pagePoint(page, x, y);
    if (phone) await page.touchscreen.tap(p.x, p.y);
    else await page.mouse.click(p.x, p.y);
  };
  await tap('#table-menu summary');
  await tap('#setup-start-menu');
  await expect(page.locator('#setup-bar')).toHaveAttribute('data-phase', 'choose');
  if (phone) await page.screenshot({ path: `test-results/${shots}-choose.png` });
  await tap('#setup-start');
  const bar = page.locator('#setup-bar');
  const rated: { rating: number; best: number; ms: number }[] = [];
  let obstacles = 0,
    ships = 0;
  for (let turn = 0; turn < 20; turn++) {
    // the app's moves run by themselves: wait for the player's turn or the end
    await expect
      .poll(
        async () =>
          (await bar.getAttribute('data-phase')) === 'done' ||
          (await bar.locator('[data-piece]').count()) > 0,
        {
          timeout: 120_000,
        },
      )
      .toBe(true);
    if ((await bar.getAttribute('data-phase')) === 'done') break;
    const kind = (await bar.locator('.setup-ask').textContent())!.includes('obstacle')
      ? 'obstacle'
      : 'deploy';
    const before = taps;
    await tap('#setup-bar [data-piece]:first-child');
    // an obstacle chosen: where its centre may go is shaded on the table; a ship: its zone is outlined instead
    if (kind === 'obstacle') await expect(bar).toHaveAttribute('data-region', /^[1-9]\d*$/);
    else await expect(bar).toHaveAttribute('data-region', '0');
    const [x, y] = kind === 'obstacle' ? OBSTACLE_SPOTS[obstacles++] : DEPLOY_SPOTS[ships++];
    await tapTable(x, y);
    await expect(page.locator('#setup-place')).toBeVisible();
    if (turn === 0 && phone) await page.screenshot({ path: `test-results/${shots}-candidate.png` });
    // this placement's rating line is caught as it appears: after the last one the summary replaces it at once
    await page.evaluate(() => {
      const w = window as unknown as { rated: Record<string, string> | null };
      w.rated = null;
      // the previous placement's line may still stand until this one's replaces it
      const key = (e: HTMLElement | null) => (e ? JSON.stringify(e.dataset) : '');
      const previous = document.getElementById('setup-rated'),
        was = key(previous);
      const seen = () => {
        const e = document.getElementById('setup-rated');
        if (!e || w.rated) return !!w.rated;
        if (e === previous && key(e) === was) return false;
        w.rated = { rating: e.dataset.rating!, best: e.dataset.best!, ms: e.dataset.ms! };
        return true;
      };
      const o = new MutationObserver(() => seen() && o.disconnect());
      o.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await tap('#setup-place');
    expect(taps - before).toBe(3);
    const read = () =>
      page.evaluate(() => (window as unknown as { rated: Record<string, string> | null }).rated);
    await expect.poll(read, { timeout: 60_000 }).not.toBeNull();
    const got = (await read())!;
    rated.push({ rating: Number(got.rating), best: Number(got.best), ms: Number(got.ms) });
    if (rated.length === 1 || (kind === 'deploy' && ships === 1))
      await page.screenshot({ path: `test-results/${shots}-rated-${kind}.png` });
  }
  return { taps, rated, obstacles, ships };
}

/** The table and its setup area as drawn, and the canvas's space the setup bar leaves below it (page px). */
async function framing(page: Page) {
  return page.evaluate(() => {
    const w = window.__armada;
    const c = document.getElementById('canvas-host')!.getBoundingClientRect();
    const bar = document.getElementById('setup-bar')!.getBoundingClientRect();
    const rect = (x0: number, y0: number, x1: number, y1: number) => {
      const a = w.pagePoint(x0, y0),
        b = w.pagePoint(x1, y1);
      return {
        left: Math.min(a.x, b.x),
        right: Math.max(a.x, b.x),
        top: Math.min(a.y, b.y),
        bottom: Math.max(a.y, b.y),
      };
    };
    return {
      free: { left: c.left, right: c.right, top: bar.bottom, bottom: c.bottom },
      table: rect(0, 0, 1828.8, 914.4),
      setup: rect(304.8, 0, 1524, 914.4),
    };
  });
}

/**
 * The table framed in the space the bar leaves: the setup area (where every piece of the practice goes) wholly
 * below the bar and on the canvas, and on a phone the table as drawn across most of the free width.
 */
async function expectFramed(page: Page, phone: boolean, what: string) {
  const f = await framing(page);
  const freeW = f.free.right - f.free.left;
  const drawnW = Math.min(f.table.right, f.free.right) - Math.max(f.table.left, f.free.left);
  console.log(
    `setup practice framed (${phone ? 'phone' : 'desktop'}, ${what}): the table drawn ${Math.round(drawnW)} px ` +
      `of ${Math.round(freeW)} px free width; the setup area ${Math.round(f.setup.right - f.setup.left)} x ` +
      `${Math.round(f.setup.bottom - f.setup.top)} px in ${Math.round(freeW)} x ${Math.round(f.free.bottom - f.free.top)}`,
  );
  expect(f.setup.top).toBeGreaterThanOrEqual(f.free.top - 1);
  expect(f.setup.bottom).toBeLessThanOrEqual(f.free.bottom + 1);
  expect(f.setup.left).toBeGreaterThanOrEqual(f.free.left - 1);
  expect(f.setup.right).toBeLessThanOrEqual(f.free.right + 1);
  if (phone) expect(drawnW).toBeGreaterThan(0.7 * freeW);
}

for (const phone of [false, true]) {
  test.describe(phone ? 'setup practice on a Pixel 5, touch' : 'setup practice at desktop size', () => {
    if (phone) test.use(PIXEL5);

    test('the table framed in the space the bar leaves while the setup is played', async ({ page }) => {
      await openFresh(page);
      await page.click('#table-menu summary');
      await page.click('#setup-start-menu');
      const bar = page.locator('#setup-bar');
      await expect(bar).toHaveAttribute('data-phase', 'choose');
      await page.click('#setup-start');
      await expect(bar.locator('[data-piece]').first()).toBeVisible({ timeout: 120_000 });
      await page.waitForTimeout(300);
      await expectFramed(page, phone, 'placing an obstacle');
      if (phone) await page.screenshot({ path: 'test-results/setup-phone-framed.png' });
    });

    test('a whole setup against the app, each placement rated, the summary, the replay, the table back', async ({
      page,
    }) => {
      test.setTimeout(420_000);
      const shots = phone ? 'setup-phone' : 'setup-desktop';
      await openFresh(page);
      if (!phone) {
        // a move of the player's own before: Undo takes it back afterwards
        const tie = await piece(page, 'tie1');
        await drag(page, tie, { x: tie.x + 30, y: tie.y });
      }
      const demo = await page.evaluate(() => JSON.stringify(window.__armada.store.getState().table));
      const entries = () => page.evaluate(async () => (await window.__armada.tables.list()).entries.length);
      await expect.poll(entries).toBeGreaterThan(0);
      const entriesBefore = await entries();

      const run = await playSetup(page, phone, shots);
      const bar = page.locator('#setup-bar');
      await expect(bar).toHaveAttribute('data-phase', 'done');
      // the player placed three obstacles and deployed their three ships; the app the rest
      expect([run.obstacles, run.ships]).toEqual([3, 3]);
      const table = await page.evaluate(() => window.__armada.store.getState().table);
      expect(table.obstacles).toHaveLength(6);
      expect(table.ships).toHaveLength(8);
      await expect(page.locator('#setup-summary')).toHaveAttribute('data-rating', /^-?\d/, {
        timeout: 60_000,
      });
      await expect(page.locator('#setup-bar tr[data-move]')).toHaveCount(14);
      await page.screenshot({ path: `test-results/${shots}-summary.png` });
      let taps = run.taps;
      const tap = async (s: string) => {
        taps++;
        if (phone) await page.tap(s);
        else await page.click(s);
      };
      // the replay, placement by placement: the table grows a piece a step
      await tap('#setup-replay');
      await expect(page.locator('#setup-replay-move')).toContainText(/^1\. /);
      const count = () =>
        page.evaluate(() => {
          const t = window.__armada.store.getState().table;
          return t.obstacles.length + t.ships.length;
        });
      expect(await count()).toBe(1);
      await tap('#setup-next');
      await expect(page.locator('#setup-replay-move')).toContainText(/^2\. /);
      expect(await count()).toBe(2);
      await page.screenshot({ path: `test-results/${shots}-replay.png` });
      await tap('#setup-end');
      console.log(
        `setup practice (${phone ? 'phone' : 'desktop'}): ${taps} taps for a whole setup; ` +
          `ratings vs best found, and the time from Place to the rating on screen: ` +
          run.rated.map((r) => `${r.rating}/${r.best} in ${r.ms} ms`).join(', '),
      );
      // back to the table the player had; the practice's tables were never kept
      await expect(bar).toBeHidden();
      await expect
        .poll(() => page.evaluate(() => JSON.stringify(window.__armada.store.getState().table)))
        .toBe(demo);
      await page.waitForTimeout(1500);
      expect(await entries()).toBe(entriesBefore);
      expect(await page.evaluate(() => window.__armada.store.getState().locked)).toBe(false);
      if (!phone) {
        await page.click('#undo');
        const tie = await piece(page, 'tie1');
        const was = JSON.parse(demo).squadrons.find((q: { id: string }) => q.id === 'tie1');
        expect(tie.x).toBeCloseTo(was.x - 30, 0);
      }
    });
  });
}

for (const phone of [false, true]) {
  test.describe(
    phone ? 'setup practice reloaded on a Pixel 5' : 'setup practice reloaded at desktop size',
    () => {
      if (phone) test.use(PIXEL5);

      test('a reload mid-way goes on with the obstacles placed, the piece put down, the rating; End brings back the table', async ({
        page,
      }) => {
        test.setTimeout(240_000);
        await openFresh(page);
        // the player's own change, the practice started at once (before the change's save is due)
        const mine = await page.evaluate(() => {
          const { store, cmd } = window.__armada;
          const t = store.getState().table;
          cmd.change({ ...t, squadrons: t.squadrons.map((q, i) => (i ? q : { ...q, x: q.x + 30 })) });
          return JSON.stringify(store.getState().table);
        });
        const tap = (s: string) => (phone ? page.tap(s) : page.click(s));
        const tapTable = async (x: number, y: number) => {
          const p = await pagePoint(page, x, y);
          if (phone) await page.touchscreen.tap(p.x, p.y);
          else await page.mouse.click(p.x, p.y);
        };
        const bar = page.locator('#setup-bar');
        const yourTurn = () => expect(bar.locator('[data-piece]').first()).toBeVisible({ timeout: 120_000 });
        const table = () => page.evaluate(() => JSON.stringify(window.__armada.store.getState().table));
        const reload = async () => {
          await page.reload();
          await expect(page.locator('body[data-ready="true"]')).toBeVisible();
        };
        await tap('#table-menu summary');
        await tap('#setup-start-menu');
        // the fleets being chosen: the choice made so far is there after a reload
        await page.selectOption('#setup-theirs', 'paste');
        await page.fill(
          '#setup-paste-theirs',
          'Name: One\nFaction: Empire\n\nRaider-I Class Corvette (44)\n',
        );
        await reload();
        await expect(bar).toHaveAttribute('data-phase', 'choose');
        await expect(page.locator('#setup-theirs')).toHaveValue('paste');
        await expect(page.locator('#setup-paste-theirs')).toHaveValue(/Raider-I Class Corvette/);
        await page.selectOption('#setup-theirs', 'composed-imperial-raiders');
        await tap('#setup-start');
        // the app places the first obstacle; the player the second, rated; the app the third
        await yourTurn();
        await tap('#setup-bar [data-piece]:first-child');
        await tapTable(650, 470);
        await tap('#setup-place');
        await expect(page.locator('#setup-rated')).toBeVisible({ timeout: 60_000 });
        await yourTurn();
        await expect(page.locator('#setup-progress')).toContainText('obstacle 4 of 6 · your turn');
        const rated = await page.locator('#setup-rated').getAttribute('data-rating');
        const placed = await table();
        // a piece chosen and put down, not yet placed
        await tap('#setup-bar [data-piece]:first-child');
        const piece = await bar.locator('[aria-pressed="true"]').getAttribute('data-piece');
        await tapTable(1000, 420);
        await expect(page.locator('#setup-place')).toBeVisible();
        const putDown = await table();
        expect(putDown).not.toBe(placed);
        await reload();
        // the same turn, the same table with the piece put down, the last rating, and Place there to press
        await expect(bar).toHaveAttribute('data-phase', 'play');
        await expect(page.locator('#setup-progress')).toContainText('obstacle 4 of 6 · your turn');
        expect(await table()).toBe(putDown);
        await expect(page.locator('#setup-rated')).toHaveAttribute('data-rating', rated!);
        await expect(bar.locator('[aria-pressed="true"]')).toHaveAttribute('data-piece', piece!);
        expect(await page.evaluate(() => window.__armada.store.getState().locked)).toBe(true);
        // rated, then reloaded the moment the app's turn begins (the page reloads itself, in the bar's change
        // that shows it): the app's move is asked for again
        await page.evaluate(() => {
          const bar = document.getElementById('setup-bar')!;
          const o = new MutationObserver(() => {
            if (!document.getElementById('setup-progress')?.textContent?.includes("the app's turn")) return;
            o.disconnect();
            sessionStorage.setItem(
              'test:reloaded-at',
              document.getElementById('setup-progress')!.textContent!,
            );
            location.reload();
          });
          o.observe(bar, { childList: true, subtree: true, characterData: true });
        });
        const loaded = page.waitForEvent('load', { timeout: 60_000 });
        await tap('#setup-place');
        await loaded;
        await expect(page.locator('body[data-ready="true"]')).toBeVisible();
        expect(await page.evaluate(() => sessionStorage.getItem('test:reloaded-at'))).toContain(
          "obstacle 5 of 6 · the app's turn",
        );
        await yourTurn();
        await expect(page.locator('#setup-progress')).toContainText('obstacle 6 of 6 · your turn');
        expect(JSON.parse(await table()).obstacles).toHaveLength(5);
        if (phone) await page.screenshot({ path: 'test-results/setup-reloaded-phone.png' });
        // End: the table the player had, with its undo; a reload then finds it, and no practice
        await tap('#setup-close');
        await expect(bar).toBeHidden();
        expect(await table()).toBe(mine);
        await reload();
        await expect(bar).toBeHidden();
        expect(await table()).toBe(mine);
        expect(await page.evaluate(() => window.__armada.store.getState().locked)).toBe(false);
        await tap('#undo');
        const tie = JSON.parse(mine).squadrons[0];
        await expect
          .poll(() => page.evaluate(() => window.__armada.store.getState().table.squadrons[0].x))
          .toBeCloseTo(tie.x - 30, 3);
      });
    },
  );
}

test('a pasted list: nothing readable is said, a readable one starts; a candidate turns and leaves with another choice', async ({
  page,
}) => {
  await openFresh(page);
  await page.click('#table-menu summary');
  await page.click('#setup-start-menu');
  // the lists it starts with: the player's Rebel, the app's Imperial; both sides choose from both factions
  await expect(page.locator('#setup-mine')).toHaveValue('afd-old-food');
  await expect(page.locator('#setup-theirs')).toHaveValue('composed-imperial-raiders');
  await expect(page.locator('#setup-theirs option:checked')).toContainText('(Imperial, ');
  for (const which of ['#setup-mine', '#setup-theirs'])
    expect(
      await page.locator(`${which} optgroup`).evaluateAll((g) => g.map((x) => x.getAttribute('label'))),
    ).toEqual(['Rebel Alliance', 'Galactic Empire']);
  await page.selectOption('#setup-mine', 'paste');
  await page.fill('#setup-paste', 'my shopping list');
  await page.click('#setup-start');
  await expect(page.locator('#setup-note')).toContainText(
    'No ship with a known class was read from your list',
  );
  await expect(page.locator('#setup-bar')).toHaveAttribute('data-phase', 'choose');
  await page.fill(
    '#setup-paste',
    'Name: Two\nFaction: Rebel\n\nCR90 Corvette A (44)\nNebulon-B Escort Frigate (57)\n',
  );
  // the list to face pasted too: its own box; nothing readable in it is said as that list's
  await page.selectOption('#setup-theirs', 'paste');
  await expect(page.locator('#setup-paste')).toHaveValue(/CR90 Corvette A/);
  await page.click('#setup-start');
  await expect(page.locator('#setup-note')).toContainText(
    'No ship with a known class was read from the list to face',
  );
  await page.fill('#setup-paste-theirs', 'Name: One\nFaction: Rebel\n\nCR90 Corvette B (39)\n');
  await page.click('#setup-start');
  await expect(page.locator('#setup-bar')).toHaveAttribute('data-phase', 'play');
  await expect(page.locator('#setup-progress')).toContainText('obstacle');
  // a candidate turned with the buttons, then another piece chosen: the candidate leaves the table
  const obstacles = () => page.evaluate(() => window.__armada.store.getState().table.obstacles);
  await expect(page.locator('#setup-bar [data-piece]').first()).toBeVisible({ timeout: 60_000 });
  const before = (await obstacles()).length;
  await page.click('#setup-bar [data-piece]:first-child');
  const p = await pagePoint(page, 650, 470);
  await page.mouse.click(p.x, p.y);
  await expect.poll(async () => (await obstacles()).length).toBe(before + 1);
  await page.click('#setup-turn-left');
  await expect.poll(async () => (await obstacles()).at(-1)!.rotation).toBe(15);
  await page.click('#setup-bar [data-piece]:nth-child(2)');
  await expect.poll(async () => (await obstacles()).length).toBe(before);
  await page.click('#setup-close');
  await expect(page.locator('#setup-bar')).toBeHidden();
});
