import { expect, test } from '@playwright/test';
import { drag, openFresh, piece } from './helpers';

// Regenerates docs/screenshots/*.png: SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts
// (playwright.config.ts leaves this file out of the ordinary run).

const zoom = async (page: import('@playwright/test').Page, box: [number, number, number, number]) => {
  await page.evaluate((b) => (window as any).__armada.zoomTo(...b), box);
  await page.waitForTimeout(200);
};

const shot = (name: string) => ({ path: `docs/screenshots/${name}.png`, clip: { x: 0, y: 0, width: 1280, height: 800 } });

test('screenshot: the demo table', async ({ page }) => {
  await openFresh(page);
  await zoom(page, [290, 0, 1540, 914.4]);
  await page.screenshot(shot('demo-table'));
});

test('screenshot: an obstructed line of sight', async ({ page }) => {
  await openFresh(page);
  const tie = await piece(page, 'tie1');
  const xwing = await piece(page, 'xwing1');
  const rock = await piece(page, 'asteroid-a');
  const dx = rock.x - xwing.x, dy = rock.y - xwing.y, l = Math.hypot(dx, dy);
  await drag(page, tie, { x: rock.x + (dx / l) * 60, y: rock.y + (dy / l) * 60 });
  await page.check('#only-selected');
  await expect(page.locator('#verdicts li.attack[data-attacker="tie1"][data-defender="xwing1"]')).toHaveAttribute('data-los', 'obstructed');
  await zoom(page, [430, 230, 1000, 650]);
  await page.screenshot(shot('obstruction'));
});

test('screenshot: an exogorth being placed', async ({ page }) => {
  await openFresh(page);
  await page.selectOption('#palette-player', '2');
  await page.click('#place-exogorth');
  const sq = await piece(page, 'xwing2');
  const exo = await page.evaluate(() => (window as any).__armada.store.getState().table.proposals[0].obstacle);
  await drag(page, exo, { x: sq.x + 12, y: sq.y + 4 });
  await expect(page.locator('#verdicts li[data-proposal]')).toContainText('displaces xwing2');
  await zoom(page, [760, 500, 1060, 700]);
  await page.screenshot(shot('exogorth-placement'));
});
