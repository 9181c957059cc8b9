import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openFresh, pagePoint, piece } from './helpers';

const link = (t: unknown) => '#table=' + Buffer.from(JSON.stringify(t)).toString('base64url');
const exoTable = JSON.parse(readFileSync(new URL('../test/tables/campaign-exogorth.json', import.meta.url), 'utf8'));

test('"Place it" is refused while the exogorth placement is illegal; a legal one moves the displaced squadrons, one undo step', async ({ page }) => {
  await openFresh(page, link({ ...exoTable, proposals: exoTable.proposals.filter((p: { id: string }) => p.id === 'exo-gap') }));
  await page.evaluate(() => window.__armada.cmd.select('exoC'));
  const before = await page.evaluate(() => JSON.stringify(window.__armada.store.getState().table));
  await page.click('#commit-exogorth');
  await expect(page.locator('#message[data-kind="error"]')).toContainText('Not placed: exoC cannot be placed there');
  await expect(page.locator('#message')).toContainText('rock');
  expect(await page.evaluate(() => JSON.stringify(window.__armada.store.getState().table))).toBe(before);

  await openFresh(page, link({ ...exoTable, proposals: exoTable.proposals.filter((p: { id: string }) => p.id === 'exo-touch') }));
  await page.evaluate(() => window.__armada.cmd.select('exoB'));
  const tie1 = await piece(page, 'tie1');
  await page.click('#commit-exogorth');
  await expect.poll(async () => (await page.evaluate(() => window.__armada.store.getState().table.obstacles.map((o) => o.id)))).toContain('exoB');
  const moved = await piece(page, 'tie1');
  expect([moved.x, moved.y]).toEqual([720.04, 412.44]);
  const report = await page.evaluate(() => window.__armada.analysis().report);
  // the displaced squadrons end clear of each other and of everything (x1 and x2 are stacked in the fixture)
  expect((report.collisions ?? []).filter((c: { a: string; b: string }) => [c.a, c.b].some((id) => id.startsWith('tie')))).toEqual([]);
  await page.click('#undo');
  await expect.poll(async () => (await piece(page, 'tie1')).x).toBe(tie1.x);
  expect(await page.evaluate(() => window.__armada.store.getState().table.proposals.length)).toBe(1);
});

test('a purrgil move keeps its verdict after release: an illegal one cannot be finished, it can be put back; a legal one finishes', async ({ page }) => {
  const t = {
    format: 'armada-table/1', table: '3x3', ruleset: 'seed', ships: [], squadrons: [], tokens: [], proposals: [],
    obstacles: [{ id: 'purrgil', type: 'purrgil-1', x: 450, y: 300, rotation: 30 }],
  };
  await openFresh(page, link(t));
  const drag = async (to: [number, number]) => {
    const p = await piece(page, 'purrgil');
    const a = await pagePoint(page, p.x, p.y), b = await pagePoint(page, to[0], to[1]);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
  };
  const row = page.locator('#verdicts li[data-purrgil="purrgil"]');
  await drag([450, 650]);
  await expect(row).toHaveAttribute('data-legal', 'false'); // after release
  await row.locator('button[data-purrgil-finish]').click();
  await expect(page.locator('#message[data-kind="error"]')).toContainText('The move is not finished');
  await expect(row).toHaveAttribute('data-legal', 'false');
  await row.locator('button[data-purrgil-back]').click();
  await expect(row).toHaveCount(0);
  expect([(await piece(page, 'purrgil')).x, (await piece(page, 'purrgil')).y]).toEqual([450, 300]);
  await drag([470, 330]);
  await expect(row).toHaveAttribute('data-legal', 'true');
  await row.locator('button[data-purrgil-finish]').click();
  await expect(row).toHaveCount(0);
  expect((await piece(page, 'purrgil')).y).toBeCloseTo(330, 0);
});
