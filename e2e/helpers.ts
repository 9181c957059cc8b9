import { type CDPSession, expect, type Page } from '@playwright/test';

export async function openFresh(page: Page, hash = '') {
  await page.goto('/' + hash);
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
}

/** Page coordinates of a table point (mm). */
export async function pagePoint(page: Page, x: number, y: number) {
  return page.evaluate(([x, y]) => window.__armada.pagePoint(x, y), [x, y] as const);
}

/** A piece as the table holds it (ship, squadron, obstacle or token); fails the test if it is not there. */
export async function piece(
  page: Page,
  id: string,
): Promise<{ id: string; x: number; y: number; rotation?: number }> {
  const found = await page.evaluate((id) => {
    const t = window.__armada.store.getState().table;
    return [...t.ships, ...t.squadrons, ...t.obstacles, ...t.tokens].find((p) => p.id === id) ?? null;
  }, id);
  if (!found) throw new Error(`no piece "${id}" on the table`);
  return found;
}

export async function tableJson(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify(window.__armada.store.getState().table));
}

/** Drag a piece by its centre to a table point, in steps, as a player would. */
export async function drag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 6,
) {
  const a = await pagePoint(page, from.x, from.y);
  const b = await pagePoint(page, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps });
  await page.mouse.up();
}

/** How many canvas pixels of `colour` lie in the table box [x0, y0, x1, y1] (mm). */
export const countColour = (page: Page, colour: number, box: [number, number, number, number]) =>
  page.evaluate(([c, b]) => window.__armada.countPixels(c, b), [colour, box] as const);

/** The square box of half-side r (mm) around a point. */
export const around = (p: { x: number; y: number }, r: number): [number, number, number, number] => [
  p.x - r,
  p.y - r,
  p.x + r,
  p.y + r,
];

/**
 * Two fingers `from` px apart spread (or close) about the page point c through DevTools touch events,
 * step by step to `spans`, then lifted: a pinch as a phone sends it.
 */
export async function pinch(cdp: CDPSession, c: { x: number; y: number }, from: number, spans: number[]) {
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: c.x - d, y: c.y, id: 1 },
              { x: c.x + d, y: c.y, id: 2 },
            ],
    });
  await touch('touchStart', from);
  for (const d of spans) await touch('touchMove', d);
  await touch('touchEnd', 0);
}
