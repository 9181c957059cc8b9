/**
 * Touching and overlapping stated honestly, at desktop size and on a phone (Pixel 5): the Victory set beside
 * asteroid-b on the demo table where a reviewer disputed it. At y 301.59 its front shield-dial frame touches the
 * asteroid: the verdict list says "touching, not overlapping: 0.00 mm apart", a close call, resting on the
 * frame's estimated size, and the canvas labels it so. At y 301.6 the frame is 0.01 mm on it: the overlap reads
 * its depth, the close call and the estimate, on the list and on the canvas.
 */
import { expect, type Page, test } from '@playwright/test';
import { openFresh, PIXEL5 } from './helpers';

/** Set the Victory (vsd) at x 980, bow toward +y, at this y: one change, as the inspector's fields make it. */
const placeVictory = (page: Page, y: number) =>
  page.evaluate((y) => window.__armada.cmd.dragStep('vsd', { x: 980, y, rotation: 0 }), y);

/** The canvas's labels drawn now, their texts. */
const labelTexts = (page: Page) =>
  page.evaluate(() => {
    window.__armada.redrawNow();
    return window.__armada.labels().drawn.map((d: { text: string }) => d.text);
  });

for (const phone of [false, true]) {
  test.describe(phone ? 'phone (Pixel 5, touch)' : 'desktop (1280x800, mouse)', () => {
    if (phone) test.use(PIXEL5);

    /** On a phone the verdict list is in the sheet: opened, and the row brought into view. */
    const shown = async (page: Page, sel: string) => {
      if (phone && !(await page.evaluate(() => document.body.classList.contains('sheet-open'))))
        await page.tap('#panel-toggle');
      await page.locator(sel).scrollIntoViewIfNeeded();
      await expect(page.locator(sel)).toBeVisible();
    };

    test('the Victory touching asteroid-b: "touching, not overlapping: 0.00 mm apart", a close call', async ({
      page,
    }) => {
      await openFresh(page);
      await page.evaluate(() => window.__armada.zoomTo(900, 250, 1060, 420));
      await placeVictory(page, 301.59);
      const row = page.locator('#verdicts li.touch[data-piece="vsd"][data-obstacle="asteroid-b"]');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(
        'touching, not overlapping: 0.00 mm apart (a shield-dial frame of Victory)',
      );
      await expect(row).toContainText('within the 0.005 mm tolerance; touching has no effect');
      await expect(row).toHaveAttribute('data-close', 'true');
      await expect(row.locator('.close-call')).toContainText(
        'Too close to call on the table: 0.00 mm apart, less than the placement precision (1.00 mm); a hair ' +
          'nearer and it would overlap (dealt one faceup damage card)',
      );
      await expect(row.locator('.rests-on')).toContainText(
        "rests on an estimate: the shield-dial frame's size (17 mm wide, standing 4 mm out of the base)",
      );
      // not an overlap: the count says none, and no overlap row names the Victory
      await expect(page.locator('#verdicts li.overlap[data-piece="vsd"]')).toHaveCount(0);
      await shown(page, '#verdicts li.touch[data-piece="vsd"]');
      await expect
        .poll(async () => (await labelTexts(page)).some((t) => t.startsWith('touching asteroid-b')))
        .toBe(true);
    });

    test('the Victory 0.01 mm on asteroid-b by a dial frame: its depth, a close call, the estimate named', async ({
      page,
    }) => {
      await openFresh(page);
      await page.evaluate(() => window.__armada.zoomTo(900, 250, 1060, 420));
      await placeVictory(page, 301.6);
      const row = page.locator('#verdicts li.overlap[data-piece="vsd"][data-obstacle="asteroid-b"]');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Victory overlaps asteroid-b: dealt one faceup damage card');
      await expect(row).toHaveAttribute('data-depth', '0.01');
      await expect(row).toHaveAttribute('data-close', 'true');
      await expect(row.locator('.margin')).toHaveText(
        '0.01 mm deep (only a shield-dial frame of Victory): moved 0.01 mm it would clear asteroid-b.',
      );
      await expect(row.locator('.close-call')).toContainText(
        'Too close to call on the table: only 0.01 mm deep, less than the placement precision (1.00 mm)',
      );
      await expect(row.locator('.rests-on')).toContainText('rests on an estimate');
      await expect(row.locator('.rests-on')).toContainText('estimated from a digital model');
      await expect(page.locator('#verdicts li.touch[data-piece="vsd"]')).toHaveCount(0);
      await shown(page, '#verdicts li.overlap[data-piece="vsd"]');
      await expect
        .poll(async () =>
          (await labelTexts(page)).some((t) => t.startsWith('asteroid-b 0.01 mm deep, close call')),
        )
        .toBe(true);
      // the placement precision raised to 0.005 mm: 0.0148 mm deep is then no close call
      await page.evaluate(() => window.__armada.cmd.set({ precisionMm: 0.005 }));
      await expect(row).toHaveAttribute('data-close', 'false');
      await expect(row.locator('.close-call')).toHaveCount(0);
    });
  });
}
