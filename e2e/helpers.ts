import { expect, type Page } from '@playwright/test';

export async function openFresh(page: Page, hash = '') {
  await page.goto('/' + hash);
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
}

/** Page coordinates of a table point (mm). */
export async function pagePoint(page: Page, x: number, y: number) {
  return page.evaluate(([x, y]) => (window as any).__armada.pagePoint(x, y), [x, y] as const);
}

export async function piece(page: Page, id: string) {
  return page.evaluate((id) => {
    const t = (window as any).__armada.store.getState().table;
    return [...t.ships, ...t.squadrons, ...t.obstacles, ...t.tokens].find((p: any) => p.id === id);
  }, id);
}

export async function tableJson(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify((window as any).__armada.store.getState().table));
}

/** Drag a piece by its centre to a table point, in steps, as a player would. */
export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 6) {
  const a = await pagePoint(page, from.x, from.y);
  const b = await pagePoint(page, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps });
  await page.mouse.up();
}
