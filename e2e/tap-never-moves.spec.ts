import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { drag, openFresh, pagePoint, piece, PIXEL5, tableJson, touchDrag, zoneMiddle } from './helpers';

// A tap never moves the piece it was meant to select. While a pair is chosen a finger must rest HOLD_MS on a piece
// before a drag moves it: a slow tap (a finger that rests past HOLD_MS, rolls a few px and lifts) selects and
// moves nothing; the piece moves only once the finger has travelled past the drag threshold from where it rested
// when the hold closed. And a drag only moves: the tap that follows it on an enemy is a first tap, which picks
// the attacker (a pair is picked by taps in order, or by two drags).

type P = { x: number; y: number };
const pair = (page: Page) =>
  page.evaluate(() => {
    const s = window.__armada.store.getState();
    return { attacker: s.attacker, defender: s.defender };
  });
const undoSteps = (page: Page) => page.evaluate(() => window.__armada.store.getState().history.past.length);
/** One finger moved through `points` (page px), one touch event each: no stamped times, as a phone's held finger. */
const fingerTo = async (cdp: CDPSession, points: P[]) => {
  for (const p of points)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: p.x, y: p.y, id: 1, radiusX: 8, radiusY: 8 }],
    });
};
/** `n` points from `a` (not included) to `a` + (dx, dy), evenly. */
const along = (a: P, dx: number, dy: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ x: a.x + (dx * (i + 1)) / n, y: a.y + (dy * (i + 1)) / n }));

test.describe('phone (Pixel 5, touch): a slow tap while a pair is chosen', () => {
  test.use(PIXEL5);
  test.setTimeout(120_000);

  test('selects the piece and moves nothing; a press-and-hold and a drag past the threshold moves it', async ({
    page,
  }) => {
    await openFresh(page);
    const isdFront = await zoneMiddle(page, 'isd', 'front');
    await page.touchscreen.tap(isdFront.x, isdFront.y);
    const mc80Front = await zoneMiddle(page, 'mc80', 'front');
    await page.touchscreen.tap(mc80Front.x, mc80Front.y);
    const chosen = { attacker: 'isd.front', defender: 'mc80.front' };
    await expect.poll(() => pair(page)).toEqual(chosen);
    await expect(page.locator('#pieces-held')).toBeVisible();
    await page.waitForTimeout(800); // the pair framed: the view stays from here on
    const before = await tableJson(page);
    const steps = await undoSteps(page);
    const cue = page.locator('#hold-cue');

    for (const id of ['vsd', 'gladiator', 'tie1']) {
      const p = await piece(page, id);
      const a = await pagePoint(page, p.x, p.y);
      const cdp = await page.context().newCDPSession(page);
      // rests past HOLD_MS (the ring closes), rolls 6 px as it lifts
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: a.x, y: a.y, id: 1, radiusX: 8, radiusY: 8 }],
      });
      await page.waitForTimeout(450);
      await expect(cue).toHaveClass('armed');
      await fingerTo(cdp, along(a, 6, 0, 4));
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      expect(await tableJson(page), `${id} moved by a slow tap`).toBe(before);
      // a finger that creeps 9 px while it rests (not a pan: under the threshold) and 9 px more once the hold
      // has closed: each a tremble, under the 12 px threshold
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: a.x, y: a.y, id: 1, radiusX: 8, radiusY: 8 }],
      });
      await fingerTo(cdp, along(a, 0, 9, 3));
      await page.waitForTimeout(450);
      await expect(cue).toHaveClass('armed');
      await fingerTo(cdp, along({ x: a.x, y: a.y + 9 }, 0, 9, 3));
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
      await expect.poll(() => page.evaluate(() => window.__armada.store.getState().selected)).toBe(id);
      expect(await tableJson(page), `${id} moved by a finger that crept as it rested`).toBe(before);
      expect(await undoSteps(page)).toBe(steps);
      expect(await pair(page)).toEqual(chosen);
    }

    // a busy page: the finger crept 9 px while it rested, but the page ran the hold's timer before it saw that
    // creep (the events carry the times the finger made them); 9 px more once the hold closed: still a tremble
    {
      const p = await piece(page, 'vsd');
      const a = await pagePoint(page, p.x, p.y);
      const cdp = await page.context().newCDPSession(page);
      const t0 = Date.now() / 1000;
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', q: P | null, t: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: q ? [{ x: q.x, y: q.y, id: 1, radiusX: 8, radiusY: 8 }] : [],
          timestamp: t,
        });
      await touch('touchStart', a, t0);
      await page.waitForTimeout(450);
      await expect(cue).toHaveClass('armed');
      // made 0.1-0.2 s after the press, seen only now
      for (const [i, q] of along(a, 0, 9, 3).entries()) await touch('touchMove', q, t0 + 0.1 + 0.05 * i);
      const late = Date.now() / 1000;
      for (const [i, q] of along({ x: a.x, y: a.y + 9 }, 0, 9, 3).entries())
        await touch('touchMove', q, late + 0.02 * (i + 1));
      await touch('touchEnd', null, late + 0.1);
      await cdp.detach();
      expect(await tableJson(page), 'vsd moved by a creep a busy page saw late').toBe(before);
      expect(await undoSteps(page)).toBe(steps);
    }

    // a press-and-hold, then a drag: the piece moves with the finger, the point grabbed staying under it
    const vsd = await piece(page, 'vsd');
    const a = await pagePoint(page, vsd.x, vsd.y);
    const scale = await page.evaluate(() => window.__armada.scene.view.scale);
    await touchDrag(page, a, { x: a.x + 60, y: a.y + 30 }, 450, 6);
    const moved = await piece(page, 'vsd');
    expect(Math.hypot(moved.x - vsd.x, moved.y - vsd.y)).toBeCloseTo(Math.hypot(60, 30) / scale, 0);
    const back = await pagePoint(page, moved.x, moved.y);
    expect(Math.hypot(back.x - (a.x + 60), back.y - (a.y + 30))).toBeLessThan(1);
    expect(await undoSteps(page)).toBe(steps + 1);
    expect(await pair(page)).toEqual(chosen);
  });
});

for (const touch of [true, false]) {
  test.describe(`${touch ? 'phone (Pixel 5, touch)' : 'desktop (mouse)'}: a drag, then a tap on an enemy`, () => {
    if (touch) test.use(PIXEL5);
    test.setTimeout(120_000);

    test('the enemy tapped attacks (a first tap); a tap on the piece dragged then makes it defend', async ({
      page,
    }) => {
      await openFresh(page);
      const mc80 = await piece(page, 'mc80');
      const to = { x: mc80.x - 40, y: mc80.y + 30 };
      if (touch)
        await touchDrag(page, await pagePoint(page, mc80.x, mc80.y), await pagePoint(page, to.x, to.y));
      else await drag(page, mc80, to);
      const placed = await piece(page, 'mc80');
      expect(Math.hypot(placed.x - to.x, placed.y - to.y)).toBeLessThan(1);
      const isd = await piece(page, 'isd');
      const front = await zoneMiddle(page, 'isd', 'front');
      if (touch) await page.touchscreen.tap(front.x, front.y);
      else await page.mouse.click(front.x, front.y);
      await expect.poll(() => pair(page)).toEqual({ attacker: 'isd.front', defender: null });
      expect(await piece(page, 'isd')).toEqual(isd);
      // then the MC80: it defends (its front faces the Imperial), and the card judges the Imperial's attack
      const mc80Front = await zoneMiddle(page, 'mc80', 'front');
      if (touch) await page.touchscreen.tap(mc80Front.x, mc80Front.y);
      else await page.mouse.click(mc80Front.x, mc80Front.y);
      await expect.poll(() => pair(page)).toEqual({ attacker: 'isd.front', defender: 'mc80.front' });
      expect(await piece(page, 'mc80')).toEqual(placed);
      const card = page.locator('#attack-verdict');
      await expect(card).toHaveAttribute('data-attacker', 'isd.front', { timeout: 30_000 });
      await expect(card).toHaveAttribute('data-defender', 'mc80.front');
    });
  });
}
