import { expect, test, type Page } from '@playwright/test';
import { OBSTACLE_SPOTS, openFresh, pagePoint } from './helpers';

/**
 * A standard setup from New table to both fleets deployed, as a player does it: every click, tap
 * and choice counted (printed). Six obstacles, two ships and two squadrons a side.
 */
async function standardSetup(page: Page, touch: boolean): Promise<number> {
  let actions = 0;
  const press = async (sel: string) => {
    actions++;
    await (touch ? page.tap(sel) : page.click(sel));
  };
  const tapTable = async (x: number, y: number) => {
    actions++;
    const p = await pagePoint(page, x, y);
    if (touch) await page.touchscreen.tap(p.x, p.y);
    else await page.mouse.click(p.x, p.y);
  };
  const status = page.locator('#guide-status');
  const last = page.locator('#guide-last');
  await press('#table-menu > summary');
  await press('#new-guided');
  // the demo table has pieces: the guide asks before it clears them
  await expect(page.locator('#guide-confirm')).toBeVisible();
  await press('#guide-confirm-yes');
  await expect(status).toContainText('Player 2 places');
  // on a phone the sheet's top (all that shows until it is slid up) holds whose turn it is and the turn control
  await expect(status).toBeInViewport({ ratio: 1 });
  await expect(page.locator('#guide-turn-left')).toBeInViewport({ ratio: 1 });
  // one refused placement first: on the edge of the table, the reason in words
  const spots = OBSTACLE_SPOTS;
  for (const [i, [x, y]] of spots.entries()) {
    await expect(status).toHaveAttribute('data-player', i % 2 === 0 ? '2' : '1');
    await expect(status).toContainText(`${6 - i} of 6 left`);
    if (i === 1) {
      // the offered obstacle turned before it is placed: a button (and Q on a keyboard)
      await press('#guide-turn-left');
      if (!touch) {
        actions++;
        await page.keyboard.press('q');
      }
      await expect(status).toContainText(touch ? 'at 15°' : 'at 30°');
    }
    await tapTable(x, y);
    await expect(last).toHaveAttribute('data-ok', 'true');
    if (i === 1)
      expect((await page.evaluate(() => window.__armada.store.getState().table.obstacles))[1].rotation).toBe(
        touch ? 15 : 30,
      );
  }
  await expect(page.locator('#guide')).toHaveAttribute('data-step', 'deploy');
  // the first player deploys first: ships alternate; the first turned a little and at speed 3
  for (const [i, [x, y]] of [
    [700, 100],
    [700, 820],
    [1000, 100],
    [1000, 820],
  ].entries()) {
    if (i === 0) {
      await press('#guide-turn-right');
      actions++;
      await page.selectOption('#deploy-speed', '3');
      await expect(status).toContainText('at 345°, speed 3');
    }
    await tapTable(x, y);
    await expect(last).toHaveAttribute('data-ok', 'true');
    // a deployment's answer runs to several lines; the turn control stays in the sheet's top
    await expect(page.locator('#guide-turn-right')).toBeInViewport({ ratio: 1 });
  }
  const first = (await page.evaluate(() => window.__armada.store.getState().table.ships))[0];
  expect([first.rotation, first.speed]).toEqual([345, 3]);
  // a squadron beyond distance 2 of every friendly ship is refused, the reason shown (it may lie outside the zone)
  await press('#deploy-squadron');
  await tapTable(790, 400);
  await expect(last).toHaveAttribute('data-ok', 'false');
  await expect(last).toContainText('within distance 1-2 of a friendly ship');
  for (const [x, y] of [
    [790, 120],
    [900, 120],
  ]) {
    await tapTable(x, y);
    await expect(last).toHaveAttribute('data-ok', 'true');
  }
  await expect(status).toHaveAttribute('data-player', '2');
  await press('#deploy-squadron');
  for (const [x, y] of [
    [790, 800],
    [900, 800],
  ]) {
    await tapTable(x, y);
    await expect(last).toHaveAttribute('data-ok', 'true');
  }
  await press('#deploy-done');
  await press('#deploy-done');
  await expect(page.locator('#guide')).toHaveAttribute('data-step', 'done');
  const t = await page.evaluate(() => window.__armada.store.getState().table);
  expect([t.obstacles.length, t.ships.length, t.squadrons.length]).toEqual([6, 4, 4]);
  const report = await page.evaluate(() => window.__armada.analysis().report);
  expect(report.collisions).toEqual([]);
  expect(report.offTable).toEqual([]);
  return actions;
}

test('desktop 1280x800: a standard setup from New table to both fleets deployed', async ({ page }) => {
  await openFresh(page);
  const n = await standardSetup(page, false);
  console.log(
    `standard setup at 1280x800 (mouse): ${n} actions (6 obstacles, 4 ships, 4 squadrons, one refused try)`,
  );
  expect(n).toBeLessThan(40);
  // New table is one undo step
  await page.click('#table-menu > summary');
  await page.click('#clear');
  // Clear asks first
  await expect(page.locator('#clear-confirm')).toBeVisible();
  await page.click('#clear-yes');
  await expect.poll(() => page.evaluate(() => window.__armada.store.getState().table.ships.length)).toBe(0);
  await page.click('#undo');
  await expect.poll(() => page.evaluate(() => window.__armada.store.getState().table.ships.length)).toBe(4);
});

test.describe('phone 390x844 with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('a standard setup from New table to both fleets deployed, by taps', async ({ page }) => {
    await openFresh(page);
    const n = await standardSetup(page, true);
    console.log(
      `standard setup at 390x844 (touch): ${n} actions (6 obstacles, 4 ships, 4 squadrons, one refused try)`,
    );
    expect(n).toBeLessThan(40);
  });
});

test.describe('phone 390x844 with touch, one player with a list', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('"Fleet deployed" asks first while the list has pieces left; a tap too many keeps them', async ({
    page,
  }) => {
    await openFresh(page);
    const tap = async (sel: string) => {
      await page.locator(sel).scrollIntoViewIfNeeded();
      await page.tap(sel);
    };
    const tapTable = async (x: number, y: number) => {
      const p = await pagePoint(page, x, y);
      await page.touchscreen.tap(p.x, p.y);
    };
    const status = page.locator('#guide-status');
    const last = page.locator('#guide-last');
    // player 2's list, then the guide from it (the demo table's pieces cleared first)
    await tap('#panel-toggle');
    await tap('#fleet-toggle');
    await page.fill(
      '#fleet-text',
      [
        'Faction: Rebel',
        'CR90 Corvette A (44)',
        "• Jaina's Light (2)",
        'Squadrons:',
        '• 2 x X-wing Squadron (26)',
      ].join('\n'),
    );
    await page.selectOption('#fleet-player', '2');
    await tap('#fleet-guide');
    await tap('#guide-confirm-yes');
    await expect(page.locator('#guide')).toHaveAttribute('data-step', 'obstacles');
    await tap('#panel-toggle');
    for (const [x, y] of OBSTACLE_SPOTS) {
      await tapTable(x, y);
      await expect(last).toHaveAttribute('data-ok', 'true');
    }
    // an obstacle placed is named as the status line names it
    await expect(last).toContainText('placed');
    await expect(last).not.toContainText(/placed [a-z]+-[a-z0-9]+\.$/);
    await tap('#panel-toggle');
    // player 1 has no list: done at once
    await expect(status).toHaveAttribute('data-player', '1');
    await tap('#deploy-done');
    await expect(status).toHaveAttribute('data-player', '2');
    await expect(status).toContainText("Jaina's Light");
    // player 2's list is not on the table: asked first, twice over (a double tap), and kept
    await tap('#deploy-done');
    await tap('#deploy-done');
    await expect(page.locator('#deploy-done-question')).toContainText(
      "Player 2's list still has 1 ship and 2 squadrons to deploy",
    );
    await expect(page.locator('#guide')).toHaveAttribute('data-step', 'deploy');
    await expect(page.locator('#deploy-done-yes')).toBeInViewport();
    await page.screenshot({ path: 'test-results/deploy-done-question-phone.png' });
    await tap('#deploy-done-no');
    await expect(page.locator('#deploy-done-question')).toBeHidden();
    await expect(status).toHaveAttribute('data-player', '2');
    // deploying a piece drops a question left open; asked again, "stop" ends the deployment
    await tap('#deploy-done');
    await expect(page.locator('#deploy-done-question')).toBeVisible();
    await tap('#panel-toggle');
    await page.waitForTimeout(400); // the sheet's slide
    await tapTable(700, 820);
    await expect.poll(() => page.evaluate(() => window.__armada.store.getState().table.ships.length)).toBe(1);
    await tap('#panel-toggle');
    await expect(page.locator('#deploy-done-question')).toBeHidden();
    await tap('#deploy-done');
    await expect(page.locator('#deploy-done-question')).toContainText('still has 2 squadrons to deploy');
    await tap('#deploy-done-yes');
    await expect(page.locator('#guide')).toHaveAttribute('data-step', 'done');
    expect(
      await page.evaluate(() => window.__armada.store.getState().table.ships.map((s) => s.name)),
    ).toEqual(["Jaina's Light"]);
  });
});
