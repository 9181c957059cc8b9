import { type CDPSession, devices, expect, type Page } from '@playwright/test';

/**
 * A Pixel 5 as most browser tests emulate it: its size, touch and mobile viewport, drawn at one device pixel
 * per CSS pixel. The test machine draws WebGL in software, where the phone's density (2.75; the app draws at 2)
 * is four times the pixels in every frame: the phone tests took half as long again. What the player taps and
 * sees laid out is the same; the tests that keep the real density (drag-verdicts, screenshots) hold the
 * drawing at it.
 */
const { defaultBrowserType: _browser, ...pixel5 } = devices['Pixel 5'];
export const PIXEL5 = { ...pixel5, deviceScaleFactor: 1 };

/** Six places (table mm) a guided setup's six obstacles may go, in turn: two rows mid-table, apart enough. */
export const OBSTACLE_SPOTS: readonly (readonly [number, number])[] = [
  [450, 330],
  [800, 330],
  [1150, 330],
  [450, 590],
  [800, 590],
  [1150, 590],
];

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

/** Two fingers a fixed span apart, moved together from `a` to `b` (page points) in steps: a pan, no zoom. */
export async function twoFingerPan(
  cdp: CDPSession,
  a: { x: number; y: number },
  b: { x: number; y: number },
) {
  const at = (t: number) => {
    const x = a.x + (b.x - a.x) * t,
      y = a.y + (b.y - a.y) * t;
    return [
      { x: x - 40, y, id: 1 },
      { x: x + 40, y, id: 2 },
    ];
  };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (const t of [0.25, 0.5, 0.75, 1])
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(t) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

type P = { x: number; y: number };
/**
 * One finger: down at page point `a`, (after `holdMs`) along to `b` in steps, up: real touch events. A quick
 * drag's carry the time the finger did them (a loaded test machine delivers them late, and the app reads a
 * finger that rests HOLD_MS from their times; a phone delivers them at once). A held drag's carry none:
 * the hold is waited out in real time, so it is never shorter than asked, and stamped times on a held drag
 * left Chrome making no click of the next tap (the phone settle test's Share, seven times in ten repeated;
 * never in 19 without them).
 */
export async function touchDrag(page: Page, a: P, b: P, holdMs = 0, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const at = (p: P) => [{ x: p.x, y: p.y, id: 1, radiusX: 8, radiusY: 8 }];
  const stamp = (planned: number) => (holdMs ? undefined : planned);
  const t0 = Date.now() / 1000;
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: at(a),
    timestamp: stamp(t0),
  });
  if (holdMs) await page.waitForTimeout(holdMs);
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at({ x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps }),
      timestamp: stamp(t0 + 0.016 * i),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchEnd',
    touchPoints: [],
    timestamp: stamp(t0 + 0.016 * (steps + 1)),
  });
  await cdp.detach();
}

/** The selected piece's turn handle (table mm) and whether it lies off the rear (`turn` 180). */
export const handleOf = (page: Page, id: string) =>
  page.evaluate((id) => {
    const a = window.__armada;
    return a.scene.handle(a.analysis().world.byId.get(id)!);
  }, id);

/**
 * A new player's actions, each counted: `act(what, f)` records and runs one; `tap(sel, what)` first
 * counts a swipe of the panel when the control is not wholly in view (a player has to find it).
 */
export function counter(page: Page, touch: boolean) {
  const done: string[] = [];
  const act = async (what: string, f: () => Promise<unknown>) => {
    done.push(what);
    await f();
  };
  const tap = async (sel: string, what: string) => {
    const el = page.locator(sel);
    if (!(await isWhollyInView(page, sel))) {
      done.push(`swipe the panel to "${what}"`);
      await el.scrollIntoViewIfNeeded();
    }
    await act(`${touch ? 'tap' : 'click'} ${what}`, () => (touch ? el.tap() : el.click()));
  };
  const print = (task: string) =>
    console.log(`${task}: ${done.length} actions:\n  ${done.map((d, i) => `${i + 1}. ${d}`).join('\n  ')}`);
  return { done, act, tap, print };
}

/**
 * Whether a finger can use the element where it stands: its box inside the viewport and the element
 * itself (not a panel over it, not a box that scrolled it away) found at its centre.
 */
export const isWhollyInView = (page: Page, sel: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) return false;
    const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return !!at && (el === at || el.contains(at));
  }, sel);

/** Wait for the worker's whole report of the table on screen (not the page's live picture, nor a partial one). */
export const wholeReport = (page: Page, timeout = 120_000) =>
  expect
    .poll(
      () =>
        page.evaluate(() => {
          const a = window.__armada;
          const an = a.analysis();
          return an.table === a.store.getState().table && !an.live && !an.report.partial;
        }),
      { timeout },
    )
    .toBe(true);

/** A 3'x3' table with one purrgil and nothing else: a move judged by the purrgil rule alone. */
export const PURRGIL_TABLE = {
  format: 'armada-table/1',
  table: '3x3',
  ruleset: 'seed',
  ships: [],
  squadrons: [],
  tokens: [],
  proposals: [],
  obstacles: [{ id: 'purrgil', type: 'purrgil-1', x: 450, y: 300, rotation: 30 }],
};

/** The page point of a ship's hull zone's middle (its centroid). */
export const zoneMiddle = async (page: Page, id: string, zone: string) => {
  const c = await page.evaluate(
    ([id, zone]) => {
      const e = window.__armada.analysis().world.byId.get(id);
      if (e?.kind !== 'ship') throw new Error(`no ship ${id}`);
      const c = e.shapes.hullZones[zone as 'front'].centroid();
      return [c.x, c.y] as const;
    },
    [id, zone] as const,
  );
  return pagePoint(page, c[0], c[1]);
};
