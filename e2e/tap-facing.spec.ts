import { expect, type Page, test } from '@playwright/test';
import { openFresh, pagePoint, piece, PIXEL5, zoneMiddle } from './helpers';

// A finger is wider than the hull zones of a ship seen whole on a phone: a tap on an enemy ship picks, of
// the hull zones within a fingertip of it, the one the attack is best against (state/store.ts tap), and the
// card says so. A second tap on the ship reaches the zone under the finger. On the demo table the MC80
// faces the star destroyer; its middle lies on its side zones, which its own front blocks.

const pair = (page: Page) =>
  page.evaluate(() => {
    const s = window.__armada.store.getState();
    return { attacker: s.attacker, defender: s.defender };
  });
/** The ship's hull zones a table point lies in. */
const zonesAt = (page: Page, id: string, x: number, y: number) =>
  page.evaluate(
    ([id, x, y]) => {
      const e = window.__armada.analysis().world.byId.get(id as string);
      if (e?.kind !== 'ship') throw new Error(`no ship ${id}`);
      return e.shapes.zones.filter(
        (z) => e.shapes.hullZones[z].locate(x as number, y as number) !== 'outside',
      );
    },
    [id, x, y] as const,
  );

test.describe('phone (Pixel 5, touch): a tap on the middle of an enemy ship', () => {
  test.use(PIXEL5);
  test.setTimeout(120_000);

  test('picks the hull zone facing the attacker, says why, and a second tap reaches the zone tapped', async ({
    page,
  }) => {
    await openFresh(page);
    const mc80 = await piece(page, 'mc80');
    // the middle of the MC80, 10 mm off its centreline into its left zone (the centre itself lies on the
    // line between its side zones): the finger's zone, not its front
    const spot = await page.evaluate(() => {
      const e = window.__armada.analysis().world.byId.get('mc80');
      if (e?.kind !== 'ship') throw new Error('no MC80');
      const c = e.shapes.hullZones.left.centroid(),
        [x, y] = [e.piece.x, e.piece.y];
      const d = Math.hypot(c.x - x, c.y - y);
      return { x: x + ((c.x - x) * 10) / d, y: y + ((c.y - y) * 10) / d };
    });
    const under = await zonesAt(page, 'mc80', spot.x, spot.y);
    expect(under).toEqual(['left']);
    // the table fitted whole: the MC80 some 50 px wide, a fingertip's width
    const corners = [await pagePoint(page, 0, 0), await pagePoint(page, 1828, 914)];
    const vp = page.viewportSize()!;
    for (const c of corners) expect(c.x >= 0 && c.x <= vp.width && c.y >= 0 && c.y <= vp.height).toBe(true);

    const isdFront = await zoneMiddle(page, 'isd', 'front');
    await page.touchscreen.tap(isdFront.x, isdFront.y);
    await expect.poll(() => pair(page)).toEqual({ attacker: 'isd.front', defender: null });
    const middle = await pagePoint(page, spot.x, spot.y);
    await page.touchscreen.tap(middle.x, middle.y);
    await expect.poll(() => pair(page)).toEqual({ attacker: 'isd.front', defender: 'mc80.front' });
    // nothing moved
    expect(await piece(page, 'mc80')).toEqual(mc80);
    const card = page.locator('#attack-verdict');
    await expect(card).toHaveAttribute('data-defender', 'mc80.front', { timeout: 30_000 });
    const why = card.locator('.tap-facing');
    await expect(why).toHaveText(
      'MC80 front chosen: it faces Imperial front. Your tap was on its left: tap the left again to choose it.',
    );
    await expect(card.locator('.headline')).not.toContainText('blocked by MC80');
    await page.waitForTimeout(500); // the pair framed (here about the table's width: the view stays)
    await page.screenshot({ path: 'test-results/phone-tap-facing.png' });
    await card.screenshot({ path: 'test-results/phone-tap-facing-card.png' });

    // the same spot again: the zone under the finger, and the card no longer says why
    const again = await pagePoint(page, spot.x, spot.y);
    await page.touchscreen.tap(again.x, again.y);
    await expect.poll(async () => (await pair(page)).defender).toBe('mc80.left');
    await expect(card).toHaveAttribute('data-defender', 'mc80.left', { timeout: 30_000 });
    await expect(card).toHaveAttribute('data-los', 'blocked'); // by the MC80's own front: what the first tap spared
    await expect(why).toHaveCount(0);
    expect(await piece(page, 'mc80')).toEqual(mc80);
  });

  test("a tap on the attacker's side keeps the zone under the finger, near others as it may be", async ({
    page,
  }) => {
    await openFresh(page);
    const isdFront = await zoneMiddle(page, 'isd', 'front');
    await page.touchscreen.tap(isdFront.x, isdFront.y);
    await expect.poll(() => pair(page)).toEqual({ attacker: 'isd.front', defender: null });
    // the Victory's rear, within a fingertip of its left: the Victory's rear attacks
    const gap = await page.evaluate(() => {
      const a = window.__armada,
        e = a.analysis().world.byId.get('vsd');
      if (e?.kind !== 'ship') throw new Error('no Victory');
      const c = e.shapes.hullZones.rear.centroid();
      return e.shapes.hullZones.left.boundaryDistance(c.x, c.y) * a.scene.view.scale;
    });
    expect(gap).toBeLessThan(24);
    const rear = await zoneMiddle(page, 'vsd', 'rear');
    await page.touchscreen.tap(rear.x, rear.y);
    await expect.poll(() => pair(page)).toEqual({ attacker: 'vsd.rear', defender: null });
  });
});

test.describe('desktop (mouse): zoomed in, a click inside a hull zone far from the others', () => {
  test('keeps that zone', async ({ page }) => {
    await openFresh(page);
    const isdFront = await zoneMiddle(page, 'isd', 'front');
    await page.mouse.click(isdFront.x, isdFront.y);
    await expect.poll(() => pair(page)).toEqual({ attacker: 'isd.front', defender: null });
    const mc80 = await piece(page, 'mc80');
    // the MC80 some 500 px long: its rear's middle lies far more than a fingertip from its other zones
    await page.evaluate(([x, y]) => window.__armada.zoomTo(x - 60, y - 60, x + 60, y + 60), [
      mc80.x,
      mc80.y,
    ] as const);
    await page.evaluate(() => window.__armada.redrawNow());
    const rear = await zoneMiddle(page, 'mc80', 'rear');
    await page.mouse.click(rear.x, rear.y);
    await expect.poll(() => pair(page)).toEqual({ attacker: 'isd.front', defender: 'mc80.rear' });
    await expect(page.locator('#attack-verdict .tap-facing')).toHaveCount(0);
  });
});
