import { inflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { openFresh, pagePoint, piece, PIXEL5 } from './helpers';

// a medium ship with no class (no chart: up to two clicks a joint) heading up the table at speed 2,
// an asteroid ahead and to its right, and a CR90 at speed 3 for the fan
const TABLE = {
  format: 'armada-table/1',
  table: '3x6',
  ships: [
    { id: 'vsd', size: 'medium', player: 1, x: 600, y: 300, rotation: 0, speed: 2 },
    { id: 'cr', size: 'small', class: 'cr90', player: 2, x: 1200, y: 600, rotation: 180, speed: 3 },
  ],
  obstacles: [{ id: 'rock', type: 'asteroid-b', x: 670, y: 470, rotation: 0 }],
};
const hash = () => '#table=' + Buffer.from(JSON.stringify(TABLE)).toString('base64url');
const AMBER = 0xffb000;

test('plan a maneuver with clicks: the ghost and the asteroid it ends on; execute, undo', async ({
  page,
}) => {
  await openFresh(page, hash());
  const at = await pagePoint(page, 600, 300);
  await page.mouse.click(at.x, at.y);
  // the button names the ship as the labels do ('medium ship' here: no class, no name), not by its id
  const name = await page.evaluate(() => window.__armada.scene.drawn.find((l) => l.id === 'vsd')?.text);
  // the label's name, not the ship's id: what the button must say too
  expect(name).toBe('medium ship');
  await expect(page.locator('#maneuver-start')).toHaveText(`Maneuver ${name}`);
  await page.click('#maneuver-start');
  const verdict = page.locator('#maneuver-verdict');
  // straight at speed 2: clean, 2 x 66.71 mm ahead
  await expect(verdict).toHaveAttribute('data-outcome', 'clean');
  await expect(verdict).toHaveAttribute('data-final', '600.00,433.43,0.00');
  // one click right at each joint: it ends on the asteroid
  await page.click('#maneuver-joints button[data-joint="0"][data-dir="1"]');
  await page.keyboard.press('2');
  await page.keyboard.press(']');
  await expect(verdict).toHaveAttribute('data-outcome', 'obstacle');
  await expect(verdict).toHaveAttribute('data-obstacles', 'rock');
  await expect(verdict).toHaveAttribute('data-final', '615.08,465.50,315.00');
  await expect(verdict.locator('li[data-obstacle="rock"]')).toContainText('dealt one faceup damage card');
  await expect(verdict.locator('.why')).toContainText('clicks [1, 1]');
  // the ghost is drawn in the obstacle colour where the ship will end, and the asteroid outlined in it
  await page.evaluate(() => window.__armada.zoomTo(480, 260, 760, 560));
  await page.screenshot({ path: '/tmp/m14-plan.png' });
  // the ghost's rear-left corner (about (556, 451) at rotation 315), far from the asteroid's own outline
  await expect
    .poll(() => page.evaluate((c) => window.__armada.countPixels(c, [540, 435, 575, 468]), AMBER))
    .toBeGreaterThan(20);
  expect(await page.evaluate((c) => window.__armada.countPixels(c, [560, 200, 640, 260]), AMBER)).toBe(0);
  // the plan is in the share link
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  const shared = JSON.parse(inflateRawSync(Buffer.from(link.split('#tz=')[1], 'base64url')).toString());
  expect(shared.proposals).toEqual([
    { id: 'maneuver-plan', kind: 'maneuver', ship: 'vsd', speed: 2, clicks: [1, 1], side: 'right' },
  ]);

  await page.click('#maneuver-execute');
  // the ship by its label's name, not its id; the asteroid by its id
  await expect(page.locator('#message[data-kind="info"]')).toContainText(
    `${name} executed speed 2 (joints 1: 1R, 2: 1R). rock: `,
  );
  await expect(page.locator('#message[data-kind="info"]')).not.toContainText('vsd');
  const moved = await piece(page, 'vsd');
  expect([moved.x.toFixed(2), moved.y.toFixed(2), moved.rotation]).toEqual(['615.08', '465.50', 315]);
  await expect(page.locator('#maneuver-verdict')).toBeHidden();
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await piece(page, 'vsd')).y).toBe(300);
  await expect(verdict).toHaveAttribute('data-obstacles', 'rock'); // the plan is back with the ship
});

test('the fan of a speed 3 ship shows every click list its chart allows, each selectable', async ({
  page,
}) => {
  await openFresh(page, hash());
  const at = await pagePoint(page, 1200, 600);
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press('m');
  await page.keyboard.press('f');
  // CR90 chart (ship-classes.json): speed 3 is - I II, so joint 1 straight, joint 2 up to 1, joint 3 up to 2
  await expect(page.locator('#maneuver-chart')).toContainText('speed 3 allows - I II');
  const want: string[] = [];
  for (let b = -1; b <= 1; b++) for (let c = -2; c <= 2; c++) want.push(`0,${b},${c}`);
  const row = page.locator('[data-fan-row="3"] .fan-item');
  await expect(row).toHaveCount(15);
  expect(
    (await row.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.fanClicks))).sort(),
  ).toEqual(want.sort());
  // the speeds either side: 2 (I II: 3 x 5) and 4 (- I I II: 3 x 3 x 5)
  await expect(page.locator('[data-fan-row="2"] .fan-item')).toHaveCount(15);
  await expect(page.locator('[data-fan-row="4"] .fan-item')).toHaveCount(45);
  // a click the chart forbids cannot be set: joint 1 at speed 3 is straight
  await expect(page.locator('#maneuver-joints button[data-joint="0"]').first()).toBeDisabled();
  await page.evaluate(() => window.__armada.zoomTo(1050, 250, 1400, 650));
  await page.screenshot({ path: '/tmp/m14-fan.png' });
  await page.click('[data-fan-row="3"] .fan-item[data-fan-clicks="0,-1,2"]');
  await expect(page.locator('#maneuver-joints [data-clicks]')).toHaveText([' 1: – ', ' 2: 1L ', ' 3: 2R ']);
  await expect(page.locator('[data-fan-row="3"] .fan-item.selected')).toHaveAttribute(
    'data-fan-clicks',
    '0,-1,2',
  );
});

test("only a shield-dial frame on an asteroid: the plan says the frame's size is an estimate and the base's gap", async ({
  page,
}) => {
  // an Imperial straight at speed 1: its plastic base stops 0.03 mm short of the asteroid, its front frame 3.97 mm on it
  const gap = {
    format: 'armada-table/1',
    table: '3x6',
    ships: [
      { id: 'isd', size: 'large', class: 'imperial', player: 1, x: 600, y: 150, rotation: 0, speed: 1 },
    ],
    obstacles: [{ id: 'rock', type: 'asteroid-a', x: 602.21, y: 315.675, rotation: 0 }],
  };
  await openFresh(page, '#table=' + Buffer.from(JSON.stringify(gap)).toString('base64url'));
  await page.evaluate(() => window.__armada.cmd.select('isd'));
  await page.click('#maneuver-start');
  const verdict = page.locator('#maneuver-verdict');
  await expect(verdict).toHaveAttribute('data-outcome', 'obstacle');
  const rock = verdict.locator('li[data-obstacle="rock"]');
  await expect(rock).toHaveAttribute('data-rests-on', 'large.dialFrame');
  await expect(rock).toHaveAttribute('data-base-gap', '0.03');
  await expect(rock).toContainText(
    'only a dial frame 3.97 mm in; the plastic base stops 0.03 mm short of it',
  );
  await expect(rock).toContainText("rests on an estimate: the shield-dial frame's size");
});

test.describe('phone (Pixel 5, touch)', () => {
  test.use(PIXEL5);
  test('a planned maneuver leads the sheet, its ghost is not under the lines, and Zoom to it frames it', async ({
    page,
  }) => {
    await openFresh(page);
    const vsd = await piece(page, 'vsd');
    const at = await pagePoint(page, vsd.x, vsd.y);
    await page.touchscreen.tap(at.x, at.y);
    await expect.poll(() => page.evaluate(() => window.__armada.store.getState().selected)).toBe('vsd');
    await page.tap('#panel-toggle');
    await page.locator('#maneuver-start').scrollIntoViewIfNeeded();
    await page.tap('#maneuver-start');
    // the open sheet shows the plan it leads with (it had been scrolled down to the Maneuver button)
    await expect(page.locator('#maneuver-verdict')).toHaveAttribute('data-outcome', /.+/);
    for (const id of ['#maneuver-side-left', '#maneuver-speed-up', '#maneuver-execute'])
      await expect(page.locator(id)).toBeInViewport({ ratio: 1 });
    await page.tap('#panel-toggle');
    // the sheet's top (all a closed sheet shows) is the maneuver's: its speed and the way to execute it
    await expect(page.locator('#maneuver-verdict')).toHaveAttribute('data-outcome', /.+/);
    await expect(page.locator('#maneuver-speed-up')).toBeInViewport({ ratio: 1 });
    // the Victory's lines from where it stands are not drawn over its ghost
    expect(await page.evaluate(() => window.__armada.scene.quietForPlan)).toBe(true);
    const span = async () => {
      const a = await pagePoint(page, vsd.x - 50, vsd.y),
        b = await pagePoint(page, vsd.x + 50, vsd.y);
      return Math.hypot(b.x - a.x, b.y - a.y);
    };
    const before = await span();
    await page.tap('#panel-toggle');
    await page.locator('#maneuver-zoom').scrollIntoViewIfNeeded();
    await page.tap('#maneuver-zoom');
    // closer: the ship and where it ends fill the canvas (the sheet goes down)
    await expect.poll(span).toBeGreaterThan(before * 1.5);
    const end = (await page.locator('#maneuver-verdict').getAttribute('data-final'))!.split(',').map(Number);
    const box = (await page.locator('#canvas-host').boundingBox())!;
    for (const [x, y] of [
      [vsd.x, vsd.y],
      [end[0], end[1]],
    ]) {
      const p = await pagePoint(page, x, y);
      expect(p.x).toBeGreaterThan(box.x);
      expect(p.x).toBeLessThan(box.x + box.width);
      expect(p.y).toBeGreaterThan(box.y);
      expect(p.y).toBeLessThan(box.y + box.height);
    }
    await page.screenshot({ path: 'test-results/maneuver-phone-zoomed.png' });
    // another ship selected while the plan is out keeps its lines; the planning ship again, quiet again
    await page.evaluate(() => window.__armada.cmd.select('isd'));
    await expect.poll(() => page.evaluate(() => window.__armada.scene.quietForPlan)).toBe(false);
    await page.evaluate(() => window.__armada.cmd.select('vsd'));
    await expect.poll(() => page.evaluate(() => window.__armada.scene.quietForPlan)).toBe(true);
    // the tool put away: the lines come back
    await page.tap('#panel-toggle');
    await page.locator('#maneuver-cancel').scrollIntoViewIfNeeded();
    await page.tap('#maneuver-cancel');
    await expect.poll(() => page.evaluate(() => window.__armada.scene.quietForPlan)).toBe(false);
  });
});
