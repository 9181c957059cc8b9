import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { openFresh, pagePoint, piece, PIXEL5, wholeReport, zoneMiddle } from './helpers';
import type { Table } from '../src/model/table';

/*
 * What a drag chooses, by mouse at desktop size and by a finger on a Pixel 5. A drag alone moves a piece and
 * picks no attacker, so nothing of it is drawn as an attacker's: no lines while it moves nor once it rests
 * (the selected attacker dragged keeps its lines). Two drags pick the pair with the hull zones that face each
 * other; a tap then on a third enemy ship makes it the defender, attacked from the zone that faces it, as a
 * player who tapped that pair would have chosen it.
 */

// a Victory (player 1) facing a CR90 ahead of it, a Nebulon-B off its right: only its right zone reaches it
const TABLE: Table = {
  format: 'armada-table/1',
  table: '3x6',
  ruleset: 'seed',
  ships: [
    { id: 'vsd', player: 1, class: 'victory', size: 'medium', x: 900, y: 300, rotation: 0, speed: 2 },
    { id: 'cr', player: 2, class: 'cr90', size: 'small', x: 900, y: 520, rotation: 180, speed: 2 },
    { id: 'nb', player: 2, class: 'nebulon-b', size: 'small', x: 1080, y: 330, rotation: 0, speed: 2 },
  ],
  squadrons: [],
  obstacles: [],
  tokens: [],
  proposals: [],
};

const state = (page: Page) =>
  page.evaluate(() => {
    const s = window.__armada.store.getState();
    return { selected: s.selected, attacker: s.attacker, defender: s.defender };
  });

/** The attack lines drawn by a frame drawn now. */
const linesDrawn = (page: Page) =>
  page.evaluate(() => {
    window.__armada.redrawNow();
    return window.__armada.scene.attackLinesDrawn();
  });

async function openTable(page: Page) {
  await openFresh(page);
  await page.evaluate((t) => window.__armada.cmd.load(t), TABLE);
  await wholeReport(page);
  // the three ships in view, whatever the screen
  await page.evaluate(() => window.__armada.zoomTo(760, 180, 1180, 640));
  await page.evaluate(() => window.__armada.redrawNow());
}

type P = { x: number; y: number };
/** One pointer held down: pressed at `a`, moved in steps to `b`; `up()` lifts it. Mouse or a real finger. */
async function press(page: Page, touch: boolean, a: P, b: P, steps = 8) {
  let cdp: CDPSession | null = null;
  const finger = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: P) =>
    cdp!.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: p ? [{ x: p.x, y: p.y, id: 1, radiusX: 8, radiusY: 8 }] : [],
    });
  if (touch) {
    cdp = await page.context().newCDPSession(page);
    await finger('touchStart', a);
  } else {
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
  }
  for (let i = 1; i <= steps; i++) {
    const p = { x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps };
    if (touch) await finger('touchMove', p);
    else await page.mouse.move(p.x, p.y);
  }
  return {
    up: async () => {
      if (!touch) return page.mouse.up();
      await finger('touchEnd');
      await cdp!.detach();
    },
  };
}

/** A whole drag of piece `id` by (dx, dy) mm from its centre. */
async function dragBy(page: Page, touch: boolean, id: string, dx: number, dy: number) {
  const p = await piece(page, id);
  const held = await press(
    page,
    touch,
    await pagePoint(page, p.x, p.y),
    await pagePoint(page, p.x + dx, p.y + dy),
  );
  await held.up();
  await expect.poll(async () => (await piece(page, id)).x).toBeCloseTo(p.x + dx, 0);
}

for (const touch of [false, true]) {
  test.describe(touch ? 'phone (Pixel 5, touch)' : 'desktop (mouse)', () => {
    if (touch) test.use(PIXEL5);
    test.setTimeout(120_000);

    test('a ship dragged alone draws no attack lines; the selected attacker dragged keeps its own', async ({
      page,
    }) => {
      await openTable(page);
      expect(await linesDrawn(page)).toBe(0);
      const vsd = await piece(page, 'vsd');
      const held = await press(
        page,
        touch,
        await pagePoint(page, vsd.x, vsd.y),
        await pagePoint(page, vsd.x - 40, vsd.y - 20),
      );
      await expect.poll(async () => (await piece(page, 'vsd')).x).toBeLessThan(vsd.x - 20);
      expect(await linesDrawn(page)).toBe(0);
      expect(await state(page)).toEqual({ selected: 'vsd', attacker: null, defender: null });
      await held.up();
      await wholeReport(page);
      expect(await linesDrawn(page)).toBe(0);
      // no attacker named: the strip waits for one
      await expect(page.locator('#pair-strip')).toBeHidden();

      // the Victory's front tapped: the attacker, whose lines a drag of it keeps drawing
      const front = await zoneMiddle(page, 'vsd', 'front');
      if (touch) await page.touchscreen.tap(front.x, front.y);
      else await page.mouse.click(front.x, front.y);
      await expect
        .poll(() => state(page))
        .toEqual({ selected: 'vsd', attacker: 'vsd.front', defender: null });
      expect(await linesDrawn(page)).toBeGreaterThan(0);
      const at = await piece(page, 'vsd');
      const again = await press(
        page,
        touch,
        await pagePoint(page, at.x, at.y),
        await pagePoint(page, at.x + 30, at.y - 10),
      );
      await expect.poll(async () => (await piece(page, 'vsd')).x).toBeGreaterThan(at.x + 15);
      expect(await state(page)).toEqual({ selected: 'vsd', attacker: 'vsd.front', defender: null });
      expect(await linesDrawn(page)).toBeGreaterThan(0);
      await again.up();
      await wholeReport(page);
      expect(await linesDrawn(page)).toBeGreaterThan(0);
      await expect(page.locator('#pair-strip')).toBeVisible();
    });

    test('after two drags pick the pair, a third enemy tapped is attacked from the zone facing it', async ({
      page,
    }) => {
      await openTable(page);
      await dragBy(page, touch, 'vsd', -20, -10);
      await dragBy(page, touch, 'cr', 10, 20);
      // the pair the two drags picked: the zones that face each other
      await wholeReport(page);
      await expect
        .poll(() => state(page))
        .toEqual({ selected: 'cr', attacker: 'vsd.front', defender: 'cr.front' });
      // the Nebulon-B, off the Victory's right, tapped: its left faces the Victory's right
      await page.evaluate(() => window.__armada.zoomTo(760, 180, 1180, 640));
      const left = await zoneMiddle(page, 'nb', 'left');
      if (touch) await page.touchscreen.tap(left.x, left.y);
      else await page.mouse.click(left.x, left.y);
      await expect
        .poll(() => state(page))
        .toEqual({ selected: 'nb', attacker: 'vsd.right', defender: 'nb.left' });
      const card = page.locator('#attack-verdict');
      await expect(card).toHaveAttribute('data-attacker', 'vsd.right', { timeout: 30_000 });
      await expect(card).toHaveAttribute('data-in-arc', 'true');
      // fixed by the tap: the zones no longer follow the pieces
      expect(await page.evaluate(() => window.__armada.store.getState().pairFollows)).toBe(false);
    });
  });
}
