import { expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { pagePoint, piece, PIXEL5, tableJson, wholeReport } from './helpers';

/** openFresh with room for a loaded machine (the crowded table's first frame in software rendering). */
async function openFresh(page: Page, hash = '') {
  await page.goto('/' + hash);
  await expect(page.locator('body[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
}

// Settling one attack on a phone (Pixel 5 profile, real touch events through the
// DevTools protocol). The dispute task counts every action a player takes (printed); the pair
// strip and its swap; a one-finger pan that starts on a ship while a pair is chosen moves nothing;
// a press-and-hold moves it; a shared ruling opens framed; Clear asks first. Then the label check
// in the browser: the labels as pixi draws them never overlap nor cover the judged line.

const b64 = (t: unknown) => Buffer.from(JSON.stringify(t), 'utf8').toString('base64url');
const DEMO = JSON.parse(readFileSync('assets/demo-table.json', 'utf8'));
const FLEET = JSON.parse(readFileSync('test/tables/attacks-fleet.json', 'utf8'));
const shoot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/${name}.png` });
  else await page.screenshot({ path: `test-results/${name}.png` });
};

type P = { x: number; y: number };
/** One finger: down at `a`, (after `holdMs`) along to `b` in steps, up. Real touch events. */
async function touchDrag(page: Page, a: P, b: P, holdMs = 0, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const at = (p: P) => [{ x: p.x, y: p.y, id: 1, radiusX: 8, radiusY: 8 }];
  // each event carries the time the finger did it (a loaded test machine delivers them late; a phone does not)
  const t0 = Date.now() / 1000;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(a), timestamp: t0 });
  if (holdMs) await page.waitForTimeout(holdMs);
  const t1 = holdMs ? Date.now() / 1000 : t0;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at({ x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps }),
      timestamp: t1 + 0.016 * i,
    });
  }
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchEnd',
    touchPoints: [],
    timestamp: t1 + 0.016 * (steps + 1),
  });
  await cdp.detach();
}
const tapAt = async (page: Page, p: P) => page.touchscreen.tap(p.x, p.y);
const zoneCentre = (page: Page, id: string, zone: string) =>
  page.evaluate(
    ([id, zone]) => {
      const e = window.__armada.analysis().world.byId.get(id);
      if (e?.kind !== 'ship') throw new Error(`no ship ${id}`);
      const c = e.shapes.hullZones[zone as 'front'].centroid();
      return { x: c.x, y: c.y };
    },
    [id, zone] as const,
  );
const pair = (page: Page) =>
  page.evaluate(() => {
    const s = window.__armada.store.getState();
    return { attacker: s.attacker, defender: s.defender };
  });
/** A piece's longest extent on screen, px. */
const screenLength = (page: Page, id: string) =>
  page.evaluate((id) => {
    const a = window.__armada,
      e = a.analysis().world.byId.get(id)!;
    const s = e.kind === 'ship' ? e.shapes.base : e.kind === 'obstacle' ? e.outline : e.circle;
    const box =
      s.kind === 'circle'
        ? [s.cx - s.r, s.cy - s.r, s.cx + s.r, s.cy + s.r]
        : [s.minX, s.minY, s.maxX, s.maxY];
    const p = a.pagePoint(box[0], box[1]),
      q = a.pagePoint(box[2], box[3]);
    return Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y));
  }, id);

test.describe('phone (Pixel 5, touch): settle it in under a minute', () => {
  test.use(PIXEL5);
  test.setTimeout(300_000);

  test('the dispute task: new table, a Victory front against a CR90 rear over an asteroid, verdict, share; a shared ruling opens framed', async ({
    page,
    browser,
  }) => {
    await openFresh(page);
    const done: string[] = [];
    const act = async (what: string, f: () => Promise<unknown>) => {
      done.push(what);
      await f();
    };
    await act('tap "Table"', () => page.tap('#table-menu > summary'));
    await act('tap "New table"', () => page.tap('#new-empty'));
    // (the sheet opens on the palette by itself)
    await act('tap the asteroid "asteroid-a"', () => page.tap('[data-add="asteroid-a"]'));
    await act('type "victory ii" in the class search', () =>
      page.fill('#palette-class-search', 'victory ii'),
    );
    await expect(page.locator('#palette-class')).toHaveValue('victory');
    await act('tap "Ship"', () => page.tap('#add-ship'));
    await act('type "cr90" in the class search', () => page.fill('#palette-class-search', 'cr90'));
    // a rebel class after an imperial fleet: the palette turns to player 2 by itself
    await expect(page.locator('#palette-player')).toHaveValue('2');
    await act('tap "Ship"', () => page.tap('#add-ship'));
    await act('tap "Panel" (the table back)', () => page.tap('#panel-toggle'));
    await page.waitForTimeout(400); // the sheet's slide
    const t0 = JSON.parse(await tableJson(page));
    expect(t0.obstacles.length).toBe(1);
    expect(t0.ships.map((s: { class: string; player: number }) => [s.class, s.player])).toEqual([
      ['victory', 1],
      ['cr90', 2],
    ]);
    const rock = t0.obstacles[0],
      vic = t0.ships[0],
      cr = t0.ships[1];
    await act('drag the Victory to the near side of the asteroid', async () =>
      touchDrag(page, await pagePoint(page, vic.x, vic.y), await pagePoint(page, rock.x, rock.y - 150)),
    );
    await act('drag the CR90 to the far side', async () =>
      touchDrag(page, await pagePoint(page, cr.x, cr.y), await pagePoint(page, rock.x, rock.y + 130)),
    );
    // the pair is chosen by then (the drags picked the Victory, then the CR90): the view frames them, and a drag would pan
    await expect.poll(async () => (await pair(page)).defender?.split('.')[0]).toBe(cr.id);
    await page.waitForTimeout(400); // the framing, once the finger is up
    const crNow = await piece(page, cr.id);
    expect(Math.hypot(crNow.x - rock.x, crNow.y - rock.y - 130)).toBeLessThan(1);
    // (the handle lies off the CR90's rear when its front place is on the line of sight)
    const handle = (await page.evaluate((id) => {
      const a = window.__armada;
      return a.scene.handle(a.analysis().world.byId.get(id)!);
    }, cr.id))!;
    await act("press and hold the CR90's turn handle, turn it to face away", async () =>
      touchDrag(
        page,
        await pagePoint(page, handle.at[0], handle.at[1]),
        await pagePoint(page, crNow.x, crNow.y + (handle.turn ? -90 : 90)),
        500,
      ),
    );
    const rot = (await piece(page, cr.id)).rotation!;
    expect(Math.min(rot, 360 - rot)).toBeLessThan(1);
    await act("tap the Victory's front", async () =>
      tapAt(
        page,
        await pagePoint(
          page,
          ...(Object.values(await zoneCentre(page, vic.id, 'front')) as [number, number]),
        ),
      ),
    );
    await act("tap the CR90's rear", async () =>
      tapAt(
        page,
        await pagePoint(page, ...(Object.values(await zoneCentre(page, cr.id, 'rear')) as [number, number])),
      ),
    );
    expect(await pair(page)).toEqual({ attacker: `${vic.id}.front`, defender: `${cr.id}.rear` });
    // the verdict, in the peek: obstructed by the asteroid, in names
    const headline = page.locator('#attack-verdict .headline');
    await expect(headline).toContainText(`Victory front may attack CR90 rear`);
    await expect(headline).toContainText(`obstructed by ${rock.id}`);
    await expect(page.locator('#pair-text')).toHaveText('Victory front → CR90 rear');
    await expect(page.locator('#attack-verdict .meaning')).toContainText('removes one die');
    const vh = page.viewportSize()!.height;
    expect((await headline.boundingBox())!.y).toBeLessThan(vh);
    await act('tap "Share"', () => page.tap('#share-attack'));
    const link = await page.locator('#attack-link').inputValue();
    expect(link).toMatch(new RegExp(`&attack=${vic.id}\\.front,${cr.id}\\.rear$`));
    console.log(
      `the dispute task on a Pixel 5 (touch): ${done.length} actions:\n  ${done.map((d, i) => `${i + 1}. ${d}`).join('\n  ')}`,
    );
    expect(done.length).toBeLessThanOrEqual(15);
    // both pieces framed at least 40 px long
    console.log(
      `framed after the pair: Victory ${(await screenLength(page, vic.id)).toFixed(0)} px, CR90 ${(await screenLength(page, cr.id)).toFixed(0)} px`,
    );
    await shoot(page, 'phone-settled');

    // the shared ruling, opened on another phone: framed on the attack
    const fresh = await browser.newContext({ ...PIXEL5 });
    const other = await fresh.newPage();
    await other.goto(link);
    await expect(other.locator('body[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(other.locator('#attack-verdict')).toHaveAttribute('data-defender', `${cr.id}.rear`, {
      timeout: 30_000,
    });
    await expect.poll(() => screenLength(other, vic.id)).toBeGreaterThanOrEqual(40);
    const lens = [await screenLength(other, vic.id), await screenLength(other, cr.id)];
    console.log(
      `a shared ruling opens framed: Victory ${lens[0].toFixed(0)} px, CR90 ${lens[1].toFixed(0)} px long on screen (fitted, the CR90 would be ~29 px)`,
    );
    expect(Math.min(...lens)).toBeGreaterThanOrEqual(40);
    // one control returns to the whole table
    await other.tap('#whole-table');
    expect(await screenLength(other, cr.id)).toBeLessThan(40);
    await fresh.close();
  });

  test("the pair strip names the pair and swaps it; a tap on the defender's side never inverts it", async ({
    page,
  }) => {
    await openFresh(page, `#table=${b64(DEMO)}&attack=isd.front,xwing1`);
    const strip = page.locator('#pair-text');
    await expect(strip).toHaveText('Imperial front → xwing1');
    // (the card once the attack is judged: a loaded machine takes a while)
    await expect(page.locator('#attack-verdict')).toHaveAttribute('data-defender', 'xwing1', {
      timeout: 30_000,
    });
    await expect(page.locator('#attack-verdict .headline')).not.toContainText('isd');
    await page.tap('#swap-pair');
    expect(await pair(page)).toEqual({ attacker: 'xwing1', defender: 'isd.front' });
    await expect(strip).toHaveText('xwing1 → Imperial front');
    await expect(page.locator('#attack-verdict')).toHaveAttribute('data-attacker', 'xwing1');
    // a tap on another piece of the defender's player sets the defender; the attacker stays
    await page.tap('#whole-table');
    const vsd = await piece(page, 'vsd');
    await tapAt(page, await pagePoint(page, vsd.x, vsd.y));
    const p = await pair(page);
    expect(p.attacker).toBe('xwing1');
    expect(p.defender).toMatch(/^vsd\./);
    await shoot(page, 'phone-pair-strip');
  });

  test('with a pair chosen a one-finger drag on a ship pans and moves nothing; a press-and-hold moves it', async ({
    page,
  }) => {
    await openFresh(page, `#table=${b64(DEMO)}&attack=isd.front,xwing1`);
    await expect(page.locator('#attack-verdict')).toHaveAttribute('data-defender', 'xwing1', {
      timeout: 30_000,
    });
    await expect(page.locator('#pieces-held')).toBeVisible();
    const before = await tableJson(page);
    const isd = await piece(page, 'isd');
    const view0 = await page.evaluate(() => ({ ...window.__armada.scene.view }));
    const a = await pagePoint(page, isd.x, isd.y);
    await touchDrag(page, a, { x: a.x + 60, y: a.y + 30 });
    expect(await tableJson(page)).toBe(before);
    const view1 = await page.evaluate(() => ({ ...window.__armada.scene.view }));
    expect(Math.hypot(view1.ox - view0.ox, view1.oy - view0.oy)).toBeGreaterThan(40);
    expect(await pair(page)).toEqual({ attacker: 'isd.front', defender: 'xwing1' });
    // press and hold (a ring closes under the finger), then the same drag moves the ship; the pair stays
    const b = await pagePoint(page, isd.x, isd.y);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: b.x, y: b.y, id: 1 }],
    });
    // a ring closes under the finger (class "arming"), then turns solid ("armed")
    await page.waitForTimeout(450);
    await expect(page.locator('#hold-cue')).toHaveClass('armed');
    await shoot(page, 'phone-hold-cue');
    for (let i = 1; i <= 6; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: b.x + 10 * i, y: b.y + 5 * i, id: 1 }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    const moved = await piece(page, 'isd');
    expect(Math.hypot(moved.x - isd.x, moved.y - isd.y)).toBeGreaterThan(20);
    expect(await pair(page)).toEqual({ attacker: 'isd.front', defender: 'xwing1' });
    // one undo step brings it back (once the tap's click lands: a loaded machine makes it after tap() returns)
    await page.tap('#undo');
    await expect.poll(() => tableJson(page)).toBe(before);
  });

  test('New and Clear are behind the Table menu; Clear asks first; Undo brings the pieces back', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.locator('#clear')).toBeHidden();
    const before = await tableJson(page);
    await page.tap('#table-menu > summary');
    await page.tap('#clear');
    await expect(page.locator('#clear-confirm')).toBeVisible();
    await expect(page.locator('#clear-confirm')).toContainText('Remove every piece');
    await shoot(page, 'phone-clear-asks');
    await page.tap('#clear-no');
    expect(await tableJson(page)).toBe(before);
    await page.tap('#table-menu > summary');
    await page.tap('#clear');
    await page.tap('#clear-yes');
    await expect.poll(async () => JSON.parse(await tableJson(page)).ships.length).toBe(0);
    await page.tap('#undo');
    expect(await tableJson(page)).toBe(before);
  });
});

/** The label check as drawn: pixi's own text bounds, pairwise, and against the judged line. */
async function labelCheck(page: Page, what: string) {
  const { drawn, judged } = await page.evaluate(() => window.__armada.labels());
  let overlaps = 0,
    covering = 0;
  for (let i = 0; i < drawn.length; i++) {
    const a = drawn[i].box;
    for (let j = i + 1; j < drawn.length; j++) {
      const b = drawn[j].box;
      if (
        Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0 &&
        Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0
      ) {
        overlaps++;
        console.log(`  overlap: ${drawn[i].text} / ${drawn[j].text}`);
      }
    }
    for (const s of judged) {
      const n = Math.ceil(Math.hypot(s.b[0] - s.a[0], s.b[1] - s.a[1]) / 0.5);
      for (let k = 0; k <= n; k++) {
        const x = s.a[0] + ((s.b[0] - s.a[0]) * k) / n,
          y = s.a[1] + ((s.b[1] - s.a[1]) * k) / n;
        if (x > a[0] - 3 && x < a[2] + 3 && y > a[1] - 3 && y < a[3] + 3) {
          covering++;
          console.log(`  on the line: ${drawn[i].text}`);
          break;
        }
      }
    }
  }
  console.log(
    `labels, ${what}: ${drawn.length} drawn, ${overlaps} overlapping, ${covering} on the judged line`,
  );
  expect(judged.length).toBeGreaterThan(0);
  expect(drawn.map((d) => d.id)).toContain('chosen:los');
  expect(overlaps).toBe(0);
  expect(covering).toBe(0);
}

for (const phone of [false, true]) {
  test.describe(phone ? 'labels on a phone (Pixel 5)' : 'labels at 1280x800', () => {
    if (phone) test.use(PIXEL5);
    test.setTimeout(120_000);
    test('demo, fleet and crowded tables, fitted and 2x: no label on another, none on the judged line', async ({
      page,
    }) => {
      const crowded = await (async () => {
        await openFresh(page);
        // the crowded table is the bench's tournament table (10 ships, 24 squadrons, 12 obstacles), built in the page's own modules
        return JSON.parse(readFileSync('e2e/fixtures/tournament-table.json', 'utf8'));
      })();
      for (const [name, t, attacker, defender] of [
        ['demo', DEMO, 'isd.front', 'xwing1'],
        ['fleet', FLEET, 'p1s1.front', 'p2q1'],
        ['crowded', crowded, null, null],
      ] as const) {
        let a: string | null = attacker,
          d: string | null = defender;
        if (!a) {
          await openFresh(page, `#table=${b64(t)}`);
          await wholeReport(page, 60_000);
          [a, d] = await page.evaluate(() => {
            const r = window.__armada
              .analysis()
              .report.attacks.filter((x) => x.inArc && x.range !== 'beyond' && x.rangeLine);
            const pick = r.find((x) => x.los === 'obstructed') ?? r[0];
            return [pick.attacker, pick.defender];
          });
        }
        await openFresh(page, `#table=${b64(t)}&attack=${a},${d}`);
        await expect(page.locator('#attack-verdict')).toHaveAttribute('data-defender', d!, {
          timeout: 90_000,
        });
        await page.waitForTimeout(300);
        // the whole table (fitted), then the attack framed, then 2x over the line's middle
        await page.evaluate(() => document.getElementById('whole-table')!.click());
        await page.waitForTimeout(200);
        await labelCheck(page, `${name}, fitted`);
        if (name === 'crowded') await shoot(page, phone ? 'labels-phone-crowded' : 'labels-desktop-crowded');
        await page.evaluate(() => {
          const w = window.__armada,
            s = w.store.getState();
          const r = w
            .analysis()
            .report.attacks.find((x) => x.attacker === s.attacker && x.defender === s.defender)!;
          const [[ax, ay], [bx, by]] = r.losLine;
          const v = w.scene.view;
          const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
          const half = [w.scene.width / (4 * v.scale), w.scene.height / (4 * v.scale)];
          const [hx, hy] = v.turn ? [half[1], half[0]] : half;
          w.zoomTo(mx - hx, my - hy, mx + hx, my + hy);
        });
        await page.waitForTimeout(200);
        await labelCheck(page, `${name}, 2x`);
        if (name === 'demo') await shoot(page, phone ? 'labels-phone-demo-2x' : 'labels-desktop-demo-2x');
      }
    });
  });
}

test.describe('desktop 1280x800', () => {
  test('the chosen pair is framed and its card stays pinned while the panel below is scrolled', async ({
    page,
  }) => {
    await openFresh(page, `#table=${b64(DEMO)}&attack=isd.front,xwing1`);
    await expect(page.locator('#attack-verdict')).toHaveAttribute('data-defender', 'xwing1', {
      timeout: 30_000,
    });
    await expect(page.locator('#pair-text')).toHaveText('Imperial front → xwing1');
    const lens = [await screenLength(page, 'isd'), await screenLength(page, 'xwing1')];
    console.log(
      `desktop, a link's pair framed: Imperial ${lens[0].toFixed(0)} px, xwing1 ${lens[1].toFixed(0)} px long`,
    );
    // the ship well over 40 px; a squadron 430 mm away stays under it on an 880 x 776 canvas (printed)
    expect(lens[0]).toBeGreaterThanOrEqual(40);
    expect(lens[1]).toBeGreaterThan(20);
    await page.locator('#inspector').scrollIntoViewIfNeeded();
    await page.evaluate(() => document.querySelector('aside')!.scrollBy(0, 400));
    await expect(page.locator('#attack-verdict .headline')).toBeInViewport();
    await expect(page.locator('#inspector')).toBeInViewport();
    await shoot(page, 'desktop-pair-pinned');
  });
});

/** An empire list with squadrons, and a real rebel list (Fab's builder: three ships, seven squadrons). */
const EMPIRE_LIST = [
  'Name: Hammer',
  'Faction: Empire',
  'Imperial II-class Star Destroyer (120)',
  '• Grand Moff Tarkin (38)',
  'Victory II-class Star Destroyer (85)',
  'Squadrons:',
  '• 4 x TIE Fighter Squadron (32)',
  '• 2 x TIE Interceptor Squadron (22)',
  '• Howlrunner (16)',
].join('\n');

test.describe('labels of deployed fleets on a phone (Pixel 5)', () => {
  test.use(PIXEL5);
  test.setTimeout(180_000);
  test('two lists set down: no label on another, none on the judged line, every squadron named or counted in the legend', async ({
    page,
  }) => {
    await openFresh(page);
    await page.evaluate(() => document.getElementById('new-empty')!.click());
    const rebel = readFileSync('../shared/reference/fleet-lists/fabs-rebel-398.txt', 'utf8');
    for (const [player, list] of [
      ['1', EMPIRE_LIST],
      ['2', rebel],
    ] as const) {
      await page.evaluate(() => {
        const t = document.getElementById('fleet-toggle')!;
        if (t.getAttribute('aria-expanded') !== 'true') t.click();
      });
      await page.selectOption('#fleet-player', player);
      await page.fill('#fleet-text', list);
      await expect(page.locator('#fleet-head')).toContainText('squadrons');
      await page.evaluate(() => document.getElementById('fleet-add')!.click());
      await expect(page.locator('#fleet-summary')).toContainText(`for player ${player}`);
    }
    const t = JSON.parse(await tableJson(page));
    expect(t.squadrons.length).toBe(14);
    // the whole report of the table with both fleets (not the one of the first fleet alone)
    await wholeReport(page, 60_000);
    // a ruling between the fleets: the ship attack nearest in range
    const [a, d] = await page.evaluate(() => {
      const r = window.__armada
        .analysis()
        .report.attacks.filter((x) => x.attacker.includes('.') && x.rangeLine)
        .sort((p, q) => (p.rangeMm ?? 1e9) - (q.rangeMm ?? 1e9));
      return [r[0].attacker, r[0].defender];
    });
    await page.evaluate(([a, d]) => window.__armada.cmd.setPair(a, d), [a, d] as const);
    await expect(page.locator('#attack-verdict')).toHaveAttribute('data-defender', d, { timeout: 60_000 });
    if (await page.evaluate(() => document.body.classList.contains('sheet-open')))
      await page.tap('#panel-toggle');
    for (const zoom of ['fitted', '2x'] as const) {
      if (zoom === 'fitted') await page.evaluate(() => document.getElementById('whole-table')!.click());
      else
        await page.evaluate(() => {
          const w = window.__armada;
          const z = w.scene.view.scale;
          const [x0, y0, x1, y1] = [300, 0, 1500, 914];
          const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
          const half = [w.scene.width / (4 * z), w.scene.height / (4 * z)];
          const [hx, hy] = w.scene.view.turn ? [half[1], half[0]] : half;
          w.zoomTo(mx - hx, my - hy, mx + hx, my + hy);
        });
      await page.waitForTimeout(300);
      await labelCheck(page, `deployed fleets, ${zoom}`);
      // the selected ship's turn handle keeps off the judged line (its squadrons crowd both its ends here)
      const handleToLine = await page.evaluate(() => {
        const w = window.__armada,
          s = w.store.getState();
        const h = w.scene.handle(w.analysis().world.byId.get(s.selected!)!)!;
        const r = w
          .analysis()
          .report.attacks.find((x) => x.attacker === s.attacker && x.defender === s.defender)!;
        const p = w.pagePoint(h.at[0], h.at[1]);
        const [a, b] = r.losLine.map(([x, y]) => w.pagePoint(x, y));
        const [dx, dy] = [b.x - a.x, b.y - a.y];
        const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
        return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
      });
      console.log(`  the turn handle, ${zoom}: ${handleToLine.toFixed(1)} px from the line of sight`);
      expect(handleToLine).toBeGreaterThan(22);
      // every squadron on screen named on the canvas, or counted by name in the legend
      const { drawn, unlabelled, legend, onScreen, legendBox } = await page.evaluate(() => {
        const w = window.__armada;
        const l = w.labels();
        const r = document.getElementById('canvas-host')!.getBoundingClientRect();
        const onScreen = w.store
          .getState()
          .table.squadrons.filter((q) => {
            const p = w.pagePoint(q.x, q.y);
            return p.x >= r.left && p.y >= r.top && p.x <= r.right && p.y <= r.bottom;
          })
          .map((q) => q.id);
        const lg = document.getElementById('label-legend')!;
        const b = lg.hidden ? null : lg.getBoundingClientRect();
        return {
          drawn: l.drawn.map((x) => x.id),
          unlabelled: l.unlabelled.map((x) => x.id),
          legend: l.legend,
          onScreen,
          legendBox: b && [b.left - r.left, b.top - r.top, b.right - r.left, b.bottom - r.top],
        };
      });
      const missing = onScreen.filter((id) => !drawn.includes(id) && !unlabelled.includes(id));
      console.log(
        `  squadrons, ${zoom}: ${onScreen.length} on screen, ${onScreen.length - unlabelled.length} labelled, ` +
          `${unlabelled.length} counted in the legend${legend ? ` ("${legend}")` : ''}`,
      );
      expect(missing).toEqual([]);
      if (unlabelled.length) expect(legend).toContain(`${unlabelled.length} squadron`);
      // the legend covers no label
      if (legendBox) {
        const boxes = (await page.evaluate(() => window.__armada.labels().drawn)).map((x) => x.box);
        const under = boxes.filter(
          (b) =>
            Math.min(b[2], legendBox[2]) > Math.max(b[0], legendBox[0]) &&
            Math.min(b[3], legendBox[3]) > Math.max(b[1], legendBox[1]),
        );
        expect(under.length).toBe(0);
      }
      await shoot(page, `labels-phone-deployed-${zoom}`);
    }
  });
});
