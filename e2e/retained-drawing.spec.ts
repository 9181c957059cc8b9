/**
 * The retained picture (src/render/scene.ts keeps each piece, region, mark and attack line between
 * frames and draws again only what changed) against a full redraw of the same state: after a
 * drag, an undo, a class edit and a maneuver, the canvas is captured, every retained item is
 * forgotten (scene.redrawAll()) and the frame drawn again from nothing; the two screenshots must
 * be the same pixels. Each case also checks the retained frame did keep items (so the comparison
 * is not between two full redraws).
 */
import { expect, type Page, test } from '@playwright/test';
import { drag, openFresh, pagePoint, piece } from './helpers';

/** the app settled: the worker's whole report for the table shown, no frame pending */
async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const a = window.__armada,
            an = a.analysis();
          return an.table === a.store.getState().table && !an.live && !a.store.getState().gestureStart;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );
}

/** the retained frame and a full redraw of it, as two screenshots of the canvas (and how much the retained one kept) */
async function retainedAndFull(page: Page, name: string) {
  await settled(page);
  const canvas = page.locator('#canvas-host canvas[data-layer="table"]');
  await page.evaluate(() => {
    window.__armada.scene.drawStats();
    window.__armada.redrawNow();
  });
  const stats = await page.evaluate(() => window.__armada.scene.drawStats());
  const retained = await canvas.screenshot();
  await page.evaluate(() => {
    window.__armada.scene.redrawAll();
    window.__armada.redrawNow();
  });
  const full = await canvas.screenshot();
  await test.info().attach(`${name}-retained.png`, { body: retained, contentType: 'image/png' });
  await test.info().attach(`${name}-full.png`, { body: full, contentType: 'image/png' });
  if (process.env.RETAINED_SHOTS) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${process.env.RETAINED_SHOTS}/${name}-retained.png`, retained);
    writeFileSync(`${process.env.RETAINED_SHOTS}/${name}-full.png`, full);
  }
  expect(Buffer.compare(retained, full), `${name}: the retained picture differs from a full redraw`).toBe(0);
  const kept = Object.values(stats).reduce((n, s) => n + s.kept, 0);
  expect(kept, `${name}: the retained frame kept nothing`).toBeGreaterThan(10);
  return stats;
}

test('the retained drawing matches a full redraw after a drag, an undo, a class edit and a maneuver', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openFresh(page);
  await settled(page);
  // an attacker chosen, so its attack lines are drawn (and kept) too
  await page.evaluate(() => window.__armada.cmd.select('vsd', 'front'));
  await settled(page);

  // a drag: the dragged ship's container moves, nothing else is drawn again
  const isd = await piece(page, 'isd');
  await page.evaluate(() => window.__armada.scene.drawStats());
  await drag(page, isd, { x: isd.x + 90, y: isd.y - 40 }, 8);
  const during = await page.evaluate(() => window.__armada.scene.drawStats());
  expect((await piece(page, 'isd')).x).toBeCloseTo(isd.x + 90, 0);
  // every ship but the dragged one kept through the drag's frames (the selection may redraw vsd's zone fill once
  // or twice, and vsd goes back into Pixi's batch); the dragged one drawn again once: out of the batch when the
  // drag selects it
  expect(during.ships.built).toBeLessThanOrEqual(4);
  expect(during.ships.kept).toBeGreaterThan(during.ships.built);
  await retainedAndFull(page, 'drag');

  // an undo: the ship back where it was
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await piece(page, 'isd')).x).toBeCloseTo(isd.x, 2);
  await retainedAndFull(page, 'undo');

  // a class edit: the Victory's targeting point moved; its drawing (and the catalog's) changes
  await page.evaluate(() =>
    window.__armada.cmd.setClassEdit('victory', { targetingPoints: { side: [19.55, 31.5] } }),
  );
  await retainedAndFull(page, 'class-edit');

  // a maneuver planned for the selected ship: the tool, its ghost and what it hits
  await page.evaluate(() => window.__armada.cmd.select('vsd', 'front'));
  await page.click('#maneuver-start');
  await expect(page.locator('#maneuver-verdict')).toHaveAttribute('data-outcome', /.+/);
  await page.click('#maneuver-joints button[data-joint="0"][data-dir="1"]');
  await retainedAndFull(page, 'maneuver');
});

test("a drag of the selected ship draws no ship again: it left Pixi's batch when it was selected", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openFresh(page);
  await settled(page);
  await page.evaluate(() => window.__armada.cmd.select('vsd', 'front'));
  await settled(page);
  const vsd = await piece(page, 'vsd');
  const [from, to] = [await pagePoint(page, vsd.x, vsd.y), await pagePoint(page, vsd.x + 60, vsd.y + 30)];
  // the press (which may choose the hull zone under it as the attacker, drawn then), then the drag
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await settled(page);
  await page.evaluate(() => window.__armada.scene.drawStats());
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await settled(page);
  expect((await piece(page, 'vsd')).x).toBeCloseTo(vsd.x + 60, 0);
  const stats = await page.evaluate(() => window.__armada.scene.drawStats());
  // moved, never drawn again: not at the first step, not at the drop
  expect(stats.ships.built).toBe(0);
  expect(stats.ships.kept).toBeGreaterThan(10);
  await retainedAndFull(page, 'selected-drag');
});

test('a ship dragged across another keeps its collision outline: moved with it, not drawn again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openFresh(page);
  await settled(page);
  // the Victory set down on another ship's base: the table's sanity outlines both
  const other = await page.evaluate(() => {
    const a = window.__armada,
      t = a.store.getState().table;
    const vsd = t.ships.find((s) => s.id === 'vsd')!;
    const o = t.ships.find((s) => s.id !== 'vsd')!;
    a.cmd.change({
      ...t,
      ships: t.ships.map((s) => (s === vsd ? { ...vsd, x: o.x + 15, y: o.y, rotation: o.rotation } : s)),
    });
    a.cmd.select('vsd', 'front');
    return o.id;
  });
  await settled(page);
  const collides = () =>
    page.evaluate((id) => {
      const cols = window.__armada.analysis().report.collisions ?? [];
      return cols.some((c) => [c.a, c.b].includes('vsd') && [c.a, c.b].includes(id));
    }, other);
  expect(await collides()).toBe(true);
  const vsd = await piece(page, 'vsd');
  const [from, to] = [await pagePoint(page, vsd.x, vsd.y), await pagePoint(page, vsd.x + 8, vsd.y + 4)];
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await settled(page);
  await page.evaluate(() => window.__armada.scene.drawStats());
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await settled(page);
  expect(await collides()).toBe(true);
  const stats = await page.evaluate(() => window.__armada.scene.drawStats());
  // both outlines shown at every step, none drawn again (without the piece's own point, each step drew it anew)
  expect(stats['overlay marks'].built).toBe(0);
  expect(stats['overlay marks'].kept).toBeGreaterThanOrEqual(4);
  await retainedAndFull(page, 'collision-drag');
});

test("the warm-up's drag, rehearsed off screen by the page's renderer, leaves the picture as a full redraw draws it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openFresh(page);
  // the warm-up draws its last steps into a texture, then puts the retained items back
  await expect(page.locator('body[data-warm="done"]')).toHaveCount(1, { timeout: 30_000 });
  expect(Number(await page.locator('body').getAttribute('data-warm-drawn'))).toBeGreaterThan(10);
  const canvas = page.locator('#canvas-host canvas[data-layer="table"]');
  const before = await canvas.screenshot();
  await retainedAndFull(page, 'after-warm-up');
  await page.evaluate(() => window.__armada.redrawNow());
  expect(Buffer.compare(before, await canvas.screenshot()), 'the warm-up changed the canvas').toBe(0);
});
