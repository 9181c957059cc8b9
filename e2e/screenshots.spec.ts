import { devices, expect, test } from '@playwright/test';
import { drag, openFresh, piece } from './helpers';
import { Polygon } from '../src/geometry/polygon';
import { readFileSync } from 'node:fs';

// (the catalog module imports JSON, which Playwright's loader refuses: read the outlines file directly)
const OUTLINES = JSON.parse(readFileSync('assets/obstacle-outlines.json', 'utf8')).obstacles as Record<
  string,
  { outline: [number, number][] }
>;

// Regenerates docs/screenshots/*.png: SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts
// (playwright.config.ts leaves this file out of the ordinary run). The phone-*.png pictures come from
// e2e/phone-layout.spec.ts under the same SCREENSHOTS=1.

const zoom = async (page: import('@playwright/test').Page, box: [number, number, number, number]) => {
  await page.evaluate((b) => window.__armada.zoomTo(...b), box);
  await page.waitForTimeout(200);
};

const shot = (name: string) => ({
  path: `docs/screenshots/${name}.png`,
  clip: { x: 0, y: 0, width: 1280, height: 800 },
});

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
  const dx = rock.x - xwing.x,
    dy = rock.y - xwing.y,
    l = Math.hypot(dx, dy);
  await drag(page, tie, { x: rock.x + (dx / l) * 60, y: rock.y + (dy / l) * 60 });
  await page.check('#only-selected');
  await expect(
    page.locator('#verdicts li.attack[data-attacker="tie1"][data-defender="xwing1"]'),
  ).toHaveAttribute('data-los', 'obstructed');
  await zoom(page, [430, 230, 1000, 650]);
  await page.screenshot(shot('obstruction'));
});

test('screenshot: an exogorth being placed', async ({ page }) => {
  await openFresh(page);
  // The exogorth's lowest vertex on debris-a's highest: touching by construction, from the catalog outlines.
  const deb = Polygon.from(OUTLINES['debris-a'].outline).centred().placed(820, 470, 45);
  const exoLocal = Polygon.from(OUTLINES['exogorth-1'].outline).centred();
  let top = 0,
    bot = 0;
  for (let i = 0; i < deb.n; i++) if (deb.y(i) > deb.y(top)) top = i;
  for (let i = 0; i < exoLocal.n; i++) if (exoLocal.y(i) < exoLocal.y(bot)) bot = i;
  const at = { x: deb.x(top) - exoLocal.x(bot), y: deb.y(top) - exoLocal.y(bot) };
  // a squadron where the exogorth goes, so it is displaced
  await drag(page, await piece(page, 'xwing2'), { x: at.x + 8, y: at.y + 10 });
  await page.selectOption('#palette-player', '2');
  await page.click('#place-exogorth');
  for (const [field, v] of [
    ['#insp-x', at.x],
    ['#insp-y', at.y],
    ['#insp-rotation', 0],
  ] as const) {
    await page.fill(field, String(v));
    await page.press(field, 'Tab');
  }
  const verdict = page.locator('#verdicts li[data-proposal]');
  await expect(verdict).toContainText('displaces xwing2');
  await expect(verdict).toContainText('may be placed there');
  await zoom(page, [700, 430, 980, 640]);
  await page.screenshot(shot('exogorth-placement'));
});

test('screenshot: a huge ship (the Executor) with its two bases, one token and six hull zones', async ({
  page,
}) => {
  const t = {
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships: [
      { id: 'exe', class: 'executor', name: 'Executor', player: 1, x: 900, y: 450, rotation: 90, speed: 1 },
    ],
    squadrons: [{ id: 'xw', player: 2, x: 900, y: 560 }],
    obstacles: [],
    tokens: [],
    proposals: [],
  };
  await openFresh(page, `#table=${Buffer.from(JSON.stringify(t)).toString('base64url')}`);
  await page.click('#message button');
  await zoom(page, [690, 380, 1110, 600]);
  await page.screenshot(shot('huge-ship'));
});

// The dispute card with its loupe: two squadrons and a ship whose base passes 0.2 mm from the line of sight.
const nearMiss = (wallY: number) => ({
  format: 'armada-table/1',
  table: '3x6',
  ruleset: 'seed',
  ships: [{ id: 'wall', player: 1, size: 'small', x: 900, y: wallY, rotation: 0, speed: 2 }],
  squadrons: [
    { id: 'tie', player: 1, x: 850, y: 300 },
    { id: 'xw', player: 2, x: 950, y: 300 },
  ],
  obstacles: [{ id: 'rock', type: 'asteroid-a', x: 800, y: 200, rotation: 30 }],
  tokens: [],
  proposals: [],
});
const pairLink = (t: unknown) =>
  `#table=${Buffer.from(JSON.stringify(t)).toString('base64url')}&attack=tie,xw`;

async function openNearMiss(page: import('@playwright/test').Page) {
  await openFresh(page, pairLink(nearMiss(400)));
  const half = await page.evaluate(() => {
    const e = window.__armada.analysis().world.byId.get('wall');
    return e?.kind === 'ship' ? 400 - e.shapes.base.minY : 0;
  });
  await openFresh(page, pairLink(nearMiss(300 + half + 0.2)));
  await expect(page.locator('#attack-verdict')).toHaveAttribute('data-close-call', 'true');
}

test('screenshot: the dispute card with its loupe (desktop)', async ({ page }) => {
  await openNearMiss(page);
  await zoom(page, [780, 180, 1020, 420]);
  await expect(page.locator('#loupes .loupe').first()).toBeVisible();
  await page.click('#message button');
  await page.waitForTimeout(300);
  await page.screenshot(shot('dispute-desktop'));
});

test.describe('phone', () => {
  const { defaultBrowserType: _b, ...pixel5 } = devices['Pixel 5'];
  test.use(pixel5);
  test('screenshot: the dispute card with its loupe (phone)', async ({ page }) => {
    await openNearMiss(page);
    await zoom(page, [800, 200, 1000, 400]);
    await page.click('#message button');
    // Today's phone layout gives the side panel the 40% under the canvas; the panel is pulled up
    // here (as the phone's sliding panel does) so the card and its loupe show. Nothing else is changed.
    await page.addStyleTag({ content: 'main { grid-template-rows: 22vh 1fr !important; }' });
    await page.evaluate(() => document.querySelector('#dispute')!.scrollIntoView());
    await expect(page.locator('#loupes .loupe').first()).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'docs/screenshots/dispute-phone.png' });
  });
});
