/**
 * Issue #13: a fleet list pasted into the app lands, by name, in the player's deployment zone
 * (one undo step), with the lines it did not recognise listed; pieces added with the Add buttons
 * land at a free spot near the view's centre, on no other piece. Desktop and a phone with touch.
 */
import { expect, type Page, test } from '@playwright/test';
import { openFresh } from './helpers';

const H = 914.4, D3 = 185.25, SETUP = [304.8, 1524];

const LIST = [
  ' Name: Rebel picket',
  'Faction: Rebel Alliance',
  'Commander: General Rieekan (30)',
  '',
  'Assault Frigate Mark II B (72)',
  '• Gunnery Team (7)',
  '= 79 Points',
  '',
  'Death Star (1000)',
  '',
  '2 x Hammerhead Torpedo Corvette (36)',
  '= 72 Points',
  '',
  'Squadrons:',
  '• 2 x X-wing Squadron (26)',
  '• Luke Skywalker - X-wing Squadron (20)',
  '= 46 Points',
  '',
  'Total Points: 227',
].join('\n');

const NAMES = ['Assault Frigate Mark II B', 'Hammerhead Torpedo Corvette', 'Hammerhead Torpedo Corvette', 'X-wing Squadron', 'X-wing Squadron', 'Luke Skywalker'];

/** Every ship and squadron the table holds that the demo table did not, with its base's extent (the app's shapes). */
const newPieces = (page: Page, before: string[]) => page.evaluate((before) => {
  const a = window.__armada.analysis();
  const t = window.__armada.store.getState().table;
  return [...t.ships, ...t.squadrons].filter((p) => !before.includes(p.id)).map((p) => {
    const e = a.world.byId.get(p.id)!;
    const s = e.kind === 'ship' ? e.shapes.base : e.kind === 'squadron' ? e.circle : null;
    return { id: p.id, name: p.name ?? null, player: p.player, rotation: 'rotation' in p ? p.rotation : null, minX: s!.minX, maxX: s!.maxX, minY: s!.minY, maxY: s!.maxY };
  });
}, before);

const ids = (page: Page) => page.evaluate(() => {
  const t = window.__armada.store.getState().table;
  return [...t.ships, ...t.squadrons, ...t.obstacles, ...t.tokens].map((p) => p.id);
});

/** Once the worker's whole report is in: every overlap and collision naming one of these pieces. */
async function clashes(page: Page, of: string[]) {
  await expect.poll(() => page.evaluate(() => window.__armada.analysis().live)).toBe(false);
  return page.evaluate((of) => {
    const r = window.__armada.analysis().report;
    return [...r.overlaps.map((o) => [o.piece, o.obstacle]), ...(r.collisions ?? []).map((c) => [c.a, c.b])].filter((p) => p.some((id) => of.includes(id)));
  }, of);
}

async function pasteFleet(page: Page, touch: boolean) {
  const before = await ids(page);
  const click = (sel: string) => (touch ? page.tap(sel) : page.click(sel));
  await page.locator('#fleet-toggle').scrollIntoViewIfNeeded();
  await click('#fleet-toggle');
  await page.fill('#fleet-text', LIST);
  await page.selectOption('#fleet-player', '2');
  await page.locator('#fleet-add').scrollIntoViewIfNeeded();
  await click('#fleet-add');
  await expect(page.locator('#fleet-summary')).toHaveText('Added 3 ships and 3 squadrons for player 2 (one undo step).');
  // the line it did not know, by its number
  await expect(page.locator('#fleet-unrecognised li')).toHaveCount(1);
  await expect(page.locator('#fleet-unrecognised li[data-line="9"]')).toContainText('Death Star');
  const added = await newPieces(page, before);
  expect(added.map((p) => p.name)).toEqual(NAMES);
  for (const p of added) {
    // in player 2's deployment zone: the base within distance 3 of y = 914.4, inside the setup area
    expect(p.player).toBe(2);
    expect(p.minY, p.id).toBeGreaterThanOrEqual(H - D3 - 0.005);
    expect(p.maxY, p.id).toBeLessThanOrEqual(H);
    expect(p.minX, p.id).toBeGreaterThanOrEqual(SETUP[0]);
    expect(p.maxX, p.id).toBeLessThanOrEqual(SETUP[1]);
    if (p.rotation !== null) expect(p.rotation).toBe(180);
  }
  expect(await clashes(page, added.map((p) => p.id))).toEqual([]);
  // the names on the canvas (the pieces' labels, drawn once the view is close enough) and in the verdict panel
  const box = [Math.min(...added.map((p) => p.minX)), Math.min(...added.map((p) => p.minY)), Math.max(...added.map((p) => p.maxX)), Math.max(...added.map((p) => p.maxY))] as const;
  await page.evaluate((b) => window.__armada.zoomTo(...b), box);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const labels = await page.evaluate((ids) => ids.map((id) => {
    const t = (window.__armada.scene as unknown as { labels: Map<string, { text: string; visible: boolean }> }).labels.get(id);
    return t && t.visible ? t.text : null;
  }), added.map((p) => p.id));
  expect(labels).toEqual(added.map((p) => `${p.name} (${p.id})`));
  await expect(page.locator('#verdicts')).toContainText('Assault Frigate Mark II B (assault-frigate-mk2)');
  return { before, added };
}

test.describe('desktop 1280x800', () => {
  test('a pasted fleet lands by name in the deployment zone, one undo step; unrecognised lines are listed', async ({ page }) => {
    await openFresh(page);
    const { before } = await pasteFleet(page, false);
    await page.screenshot({ path: 'test-results/fleet-desktop.png' });
    await page.click('#undo');
    expect(await ids(page)).toEqual(before);
  });

  test('Add places each new piece at a free spot near the view centre, on no other piece', async ({ page }) => {
    await openFresh(page);
    // zoom on the demo's player 1 ships: the view's centre lies on the Imperial
    await page.evaluate(() => window.__armada.zoomTo(560, 20, 960, 320));
    const before = await ids(page);
    for (let i = 0; i < 3; i++) await page.click('#add-squadron');
    await page.selectOption('#palette-class', 'cr90');
    await page.click('#add-ship');
    await page.click('#add-token');
    await page.click('[data-add="asteroid-a"]');
    const now = await ids(page);
    const added = now.filter((id) => !before.includes(id));
    expect(added).toHaveLength(6);
    expect(await clashes(page, added)).toEqual([]);
    // near the view's centre (760, 170): within the zoomed box
    const at = await page.evaluate((added) => {
      const t = window.__armada.store.getState().table;
      return [...t.ships, ...t.squadrons, ...t.obstacles, ...t.tokens].filter((p) => added.includes(p.id)).map((p) => [p.x, p.y]);
    }, added);
    for (const [x, y] of at) {
      expect(x).toBeGreaterThan(560);
      expect(x).toBeLessThan(960);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(340);
    }
  });
});

test.describe('phone 390x844 portrait, touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a pasted fleet lands by name in the deployment zone; Add lands on no other piece', async ({ page }) => {
    await openFresh(page);
    await page.tap('#panel-toggle');
    await pasteFleet(page, true);
    await page.locator('#fleet-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/fleet-phone.png' });
    const before = await ids(page);
    await page.locator('#add-squadron').scrollIntoViewIfNeeded();
    await page.tap('#add-squadron');
    await page.tap('#add-squadron');
    const added = (await ids(page)).filter((id) => !before.includes(id));
    expect(added).toHaveLength(2);
    expect(await clashes(page, added)).toEqual([]);
  });
});
