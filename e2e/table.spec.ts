import { expect, test } from '@playwright/test';
import { around, countColour, drag, openFresh, pagePoint, piece, pinch, tableJson } from './helpers';

// Colours the renderer uses (src/render/colours.ts): opaque fills, so pixels can be read exactly.
const ASTEROID = 0x8d7b68,
  PLAYER1 = 0x3d8bfd,
  PLAYER2 = 0xf76707,
  TABLE = 0x0b1426,
  OVERLAP = 0xff00ff;

const count = countColour;

// each test opens its own page (its own storage): the file's tests may run side by side in both workers
test.describe.configure({ mode: 'parallel' });

test("the demo table renders: table, obstacles and both players' pieces are drawn", async ({ page }) => {
  await openFresh(page);
  const rock = await piece(page, 'asteroid-a');
  const tie = await piece(page, 'tie1');
  const xwing = await piece(page, 'xwing1');
  // off the setup area on the left: bare table
  expect(await count(page, TABLE, [40, 300, 260, 600])).toBeGreaterThan(1000);
  expect(await count(page, ASTEROID, around(rock, 40))).toBeGreaterThan(80);
  expect(await count(page, PLAYER1, around(tie, 20))).toBeGreaterThan(40);
  expect(await count(page, PLAYER2, around(xwing, 20))).toBeGreaterThan(40);
  // nothing drawn where there is no piece: no asteroid colour in an empty corner
  expect(await count(page, ASTEROID, [40, 40, 260, 260])).toBe(0);
  await expect(page.locator('#verdicts li.attack').first()).toBeVisible();
  await expect(page.locator('#verdicts [data-tolerance]')).toHaveAttribute('data-tolerance', '0.005');
  // the ruleset switch reaches the rules: the report says which ruleset judged it
  await page.selectOption('#ruleset', '1.6');
  await expect(page.locator('#verdicts .meta')).toContainText('Ruleset 1.6');
  expect(JSON.parse(await tableJson(page)).ruleset).toBe('1.6');
});

test('dragging a ship onto an asteroid shows the overlap in the panel and on the canvas', async ({
  page,
}) => {
  await openFresh(page);
  const ship = await piece(page, 'gladiator');
  const rock = await piece(page, 'asteroid-a');
  const row = page.locator('#verdicts li.overlap[data-piece="gladiator"][data-obstacle="asteroid-a"]');
  await expect(row).toHaveCount(0);
  expect(await count(page, OVERLAP, around(rock, 60))).toBe(0);
  await drag(page, ship, rock);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('dealt one faceup damage card');
  expect(await count(page, OVERLAP, around(rock, 60))).toBeGreaterThan(30);
});

test('a squadron moved behind an obstacle is obstructed, and a reload keeps the table', async ({ page }) => {
  await openFresh(page);
  const verdict = page.locator('#verdicts li.attack[data-attacker="tie1"][data-defender="xwing1"]');
  await expect(verdict).toHaveAttribute('data-los', 'clear');
  const tie = await piece(page, 'tie1');
  const xwing = await piece(page, 'xwing1');
  const rock = await piece(page, 'asteroid-a');
  // put tie1 on the far side of the asteroid, on the line from xwing1 through its centre
  const dx = rock.x - xwing.x,
    dy = rock.y - xwing.y,
    l = Math.hypot(dx, dy);
  const behind = { x: rock.x + (dx / l) * 60, y: rock.y + (dy / l) * 60 };
  await drag(page, tie, behind);
  await expect(verdict).toHaveAttribute('data-los', 'obstructed');
  await expect(verdict).toContainText('asteroid-a');
  const moved = await tableJson(page);

  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  expect(await tableJson(page)).toBe(moved);
  await expect(verdict).toHaveAttribute('data-los', 'obstructed');
  // the full report comes from the worker as plain data: the explanation arrives with it
  await expect(verdict.locator('.why')).toContainText(
    /crosses asteroid-a for \d+\.\d\d mm, \d+\.\d\d mm deep: obstructed/,
  );
});

test("while a piece is dragged the selected attacker's attacks follow it; the whole table once it is let go", async ({
  page,
}) => {
  await openFresh(page);
  const verdictNow = () =>
    page.evaluate(() => {
      const a = window.__armada.analysis();
      return {
        live: a.live,
        los: a.report.attacks.find((x) => x.attacker === 'tie1' && x.defender === 'xwing1')?.los,
      };
    });
  await expect.poll(verdictNow).toEqual({ live: false, los: 'clear' });
  await page.evaluate(() => window.__armada.cmd.select('tie1'));
  const tie = await piece(page, 'tie1');
  const xwing = await piece(page, 'xwing1');
  const rock = await piece(page, 'asteroid-a');
  const dx = rock.x - xwing.x,
    dy = rock.y - xwing.y,
    l = Math.hypot(dx, dy);
  const behind = await pagePoint(page, rock.x + (dx / l) * 60, rock.y + (dy / l) * 60);
  const from = await pagePoint(page, tie.x, tie.y);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(behind.x, behind.y, { steps: 6 });
  // the mouse is still down: the page judged the attacks it draws, the selected attacker's, where the piece is
  await expect.poll(verdictNow).toEqual({ live: true, los: 'obstructed' });
  await expect(page.locator('#verdicts .meta')).toContainText("only the selected attacker's attacks");
  await expect(
    page.locator('#verdicts li.attack[data-attacker="tie1"][data-defender="xwing1"]'),
  ).toHaveAttribute('data-los', 'obstructed');
  await page.mouse.up();
  // let go: the worker's whole report, every attack of the table
  await expect.poll(verdictNow).toEqual({ live: false, los: 'obstructed' });
  const all = await page.evaluate(() => window.__armada.analysis().report.attacks.length);
  const mine = await page.evaluate(
    () => window.__armada.analysis().report.attacks.filter((x) => x.attacker === 'tie1').length,
  );
  expect(all).toBeGreaterThan(mine);
});

test('undo after a drag restores the verdict, redo repeats it', async ({ page }) => {
  await openFresh(page);
  const verdict = page.locator('#verdicts li.attack[data-attacker="tie1"][data-defender="xwing1"]');
  const tie = await piece(page, 'tie1');
  const xwing = await piece(page, 'xwing1');
  const rock = await piece(page, 'asteroid-a');
  const dx = rock.x - xwing.x,
    dy = rock.y - xwing.y,
    l = Math.hypot(dx, dy);
  await drag(page, tie, { x: rock.x + (dx / l) * 60, y: rock.y + (dy / l) * 60 }, 20);
  await expect(verdict).toHaveAttribute('data-los', 'obstructed');
  await page.click('#undo');
  await expect(verdict).toHaveAttribute('data-los', 'clear');
  expect(await piece(page, 'tie1')).toEqual(tie);
  await page.click('#redo');
  await expect(verdict).toHaveAttribute('data-los', 'obstructed');
});

test('a broken #table= link shows what is wrong and keeps the table', async ({ page, context }) => {
  await openFresh(page);
  const ship = await piece(page, 'vsd');
  await drag(page, ship, { x: ship.x + 40, y: ship.y + 30 });
  await expect.poll(async () => (await piece(page, 'vsd')).x).not.toBe(ship.x);
  const before = await tableJson(page);

  // not base64url at all, in the open page
  await page.evaluate(() => {
    location.hash = '#table=%%%not-base64';
  });
  await expect(page.locator('#message[data-kind="error"]')).toContainText('base64url');
  expect(await tableJson(page)).toBe(before);

  // valid base64url of a table with a bad field, opened in a new page
  const bad = JSON.parse(before);
  bad.ships[1].rotation = 'north';
  const code = Buffer.from(JSON.stringify(bad)).toString('base64url');
  const other = await context.newPage();
  await openFresh(other, `#table=${code}`);
  await expect(other.locator('#message[data-kind="error"]')).toContainText('ships[1].rotation');
  expect(await tableJson(other)).toBe(before);
});

test('a share link opened in a fresh browser shows the same table', async ({ page, browser }) => {
  await openFresh(page);
  const tie = await piece(page, 'tie2');
  await drag(page, tie, { x: tie.x + 120, y: tie.y - 50 });
  await expect.poll(async () => (await piece(page, 'tie2')).x).not.toBe(tie.x);
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  expect(link).toContain('#tz=');
  const table = await tableJson(page);

  const fresh = await browser.newContext();
  const p2 = await fresh.newPage();
  await p2.goto(link);
  await expect(p2.locator('body[data-ready="true"]')).toBeVisible();
  expect(await tableJson(p2)).toBe(table);
  await expect(p2.locator('#message[data-kind="error"]')).toHaveCount(0);
  const moved = await piece(p2, 'tie2');
  expect(await count(p2, PLAYER1, around(moved, 20))).toBeGreaterThan(40);
  await fresh.close();
});

test('campaign overlays: a purrgil dragged too far is illegal, setup mode lists violations, an exogorth proposal is judged', async ({
  page,
}) => {
  const t = {
    format: 'armada-table/1',
    table: '3x3',
    ruleset: 'seed',
    ships: [
      { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 300, y: 200, rotation: 0, speed: 2 },
    ],
    squadrons: [
      { id: 'tie1', player: 1, x: 420, y: 420 },
      { id: 'ywing1', player: 2, x: 650, y: 480 },
    ],
    obstacles: [
      { id: 'rift', type: 'gravity-rift', x: 250, y: 600, rotation: 0 },
      { id: 'purrgil', type: 'purrgil-1', x: 700, y: 300, rotation: 30 },
      { id: 'rock', type: 'asteroid-c', x: 600, y: 480, rotation: 0 },
    ],
    tokens: [],
    proposals: [
      {
        id: 'exo',
        kind: 'place-exogorth',
        placedBy: 2,
        obstacle: { id: 'exogorth', type: 'exogorth-1', x: 650, y: 480, rotation: 90 },
      },
    ],
  };
  await openFresh(page, '#table=' + Buffer.from(JSON.stringify(t)).toString('base64url'));
  await expect(page.locator('#verdicts li[data-proposal="exo"]')).toContainText('displaces ywing1');

  const from = await pagePoint(page, 700, 300);
  const far = await pagePoint(page, 700, 620);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(far.x, far.y, { steps: 3 });
  await expect(page.locator('#insp-lead[data-piece="purrgil"]')).toHaveAttribute('data-legal', 'false');
  await page.mouse.up();

  await page.check('#setup-mode');
  await expect(page.locator('#verdicts li[data-setup]')).toHaveAttribute('data-legal', 'false');
  await expect(page.locator('#verdicts li[data-setup] li.violation').first()).toBeVisible();
});

test('export writes the table file; importing it back restores it; a broken file is refused', async ({
  page,
}) => {
  await openFresh(page);
  const original = await tableJson(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const text = await (await download.createReadStream())
    .toArray()
    .then((c) => Buffer.concat(c).toString('utf8'));
  expect(JSON.parse(text)).toEqual(JSON.parse(original));

  await page.evaluate(() => window.__armada.cmd.remove('tie1'));
  expect(await tableJson(page)).not.toBe(original);
  await page.setInputFiles('#import-file', {
    name: 'table.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect.poll(() => tableJson(page)).toBe(original);

  const broken = JSON.parse(text);
  broken.squadrons[0].player = 3;
  await page.setInputFiles('#import-file', {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  });
  await expect(page.locator('#message[data-kind="error"]')).toContainText('squadrons[0].player');
  expect(await tableJson(page)).toBe(original);
  await page.setInputFiles('#import-file', {
    name: 'junk.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ not json'),
  });
  await expect(page.locator('#message[data-kind="error"]')).toContainText('not valid JSON');
  expect(await tableJson(page)).toBe(original);
});

test('turning with keys and the handle, typing exact values, wheel zoom about the pointer', async ({
  page,
}) => {
  await openFresh(page);
  const view = () => page.evaluate(() => ({ ...window.__armada.scene.view }));
  const isd = await piece(page, 'isd');
  const at = await pagePoint(page, isd.x, isd.y);
  await page.mouse.click(at.x, at.y);
  // the Selected header names the piece and its attacking zone as the labels and the pair strip do, not by id
  const title = page.locator('.insp-title');
  await expect(title).toContainText(
    /^Imperial: large ship \(Imperial-class Star Destroyer\) · attacker Imperial \w+$/,
  );
  await expect(title).not.toContainText('isd');
  // under the ruling card and above the photo's form: the Selected panel and its fields in view at 1280x800
  const [inspector, photo] = [
    await page.locator('#inspector').boundingBox(),
    await page.locator('#photo').boundingBox(),
  ];
  expect(inspector!.y).toBeLessThan(photo!.y);
  await expect(title).toBeInViewport({ ratio: 1 });
  await expect(page.locator('#insp-rotation')).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('q');
  expect((await piece(page, 'isd')).rotation).toBe(15);
  await page.keyboard.press('Shift+E');
  expect((await piece(page, 'isd')).rotation).toBe(14);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  expect((await piece(page, 'isd')).rotation).toBe(0);
  // the picture catches up with the table on the next frame
  await expect
    .poll(() =>
      page.evaluate(() => {
        const a = window.__armada;
        return a.analysis().table === a.store.getState().table;
      }),
    )
    .toBe(true);

  // the handle sits ahead of the bow; dragging it to the ship's right turns the bow to face +x
  const handle = await page.evaluate(() => {
    const a = window.__armada;
    return a.scene.handleOf(a.analysis().world.byId.get('isd')!);
  });
  if (!handle) throw new Error('isd has no turning handle');
  const h = await pagePoint(page, handle[0], handle[1]);
  const right = await pagePoint(page, isd.x + 150, isd.y);
  await page.mouse.move(h.x, h.y);
  await page.mouse.down();
  await page.mouse.move(right.x, right.y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await piece(page, 'isd')).rotation).toBe(270);

  await page.fill('#insp-x', '812.5');
  await page.press('#insp-x', 'Enter');
  await page.fill('#insp-rotation', '-45');
  await page.press('#insp-rotation', 'Enter');
  await expect
    .poll(async () => [(await piece(page, 'isd')).x, (await piece(page, 'isd')).rotation])
    .toEqual([812.5, 315]);

  const before = await view();
  const p = await pagePoint(page, 1000, 400);
  await page.mouse.move(p.x, p.y);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await view()).scale).toBeGreaterThan(before.scale * 1.2);
  const still = await pagePoint(page, 1000, 400);
  expect(Math.abs(still.x - p.x) + Math.abs(still.y - p.y)).toBeLessThan(1);
  await page.click('#fit');
  await expect.poll(async () => (await view()).scale).toBeCloseTo(before.scale, 6);
});

test('pinch with two fingers zooms the table', async ({ page }) => {
  await openFresh(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  const scale = () => page.evaluate(() => window.__armada.scene.view.scale as number);
  const before = await scale();
  // two fingers on empty table (outside the setup area), moving apart
  const c = await pagePoint(page, 150, 450);
  await pinch(cdp, c, 20, [30, 40, 50, 60]);
  await expect.poll(scale).toBeGreaterThan(before * 2.5);
  // the table did not change: a pinch is not a move
  await expect(page.locator('#undo')).toBeDisabled();
});

test('overriding distance 1 re-judges the table, undoes in one step, survives a reload, and a nonsense value is refused', async ({
  page,
}) => {
  await openFresh(page);
  // the full report (from the worker when it runs) for one pair the demo table holds just inside distance 1
  const pair = () =>
    page.evaluate(() => {
      const a = window.__armada.analysis();
      if (a.live) return null;
      const d = a.report.distances.find((x) => x.a === 'vsd' && x.b === 'int1');
      return d ? { mm: d.mm as number, band: d.band as number | null } : null;
    });
  // the full report comes from the worker: this checks the table it is posted carries the overrides
  expect(await page.evaluate(() => window.__armada.workerAvailable())).toBe(true);
  await expect.poll(async () => (await pair())?.band).toBe(1);
  const { mm } = (await pair())!;
  const shorter = String(Math.floor(mm) - 1);
  const band = async () => (await pair())?.band;
  const input = page.locator('#meas-distanceBands-1');
  await expect(input).toBeHidden(); // the section starts folded
  await page.click('#measurements-panel summary');
  const catalogValue = await input.inputValue();
  expect(Number(catalogValue)).toBeGreaterThan(mm);
  await expect(page.locator('#meas-reset-distanceBands-1')).toBeDisabled();

  await input.fill(shorter);
  await input.press('Enter');
  await expect.poll(band).toBe(2);
  await expect(page.locator('#measurements-count')).toHaveText('1 set');
  await expect(page.locator('#meas-reset-distanceBands-1')).toBeEnabled();
  expect(JSON.parse(await tableJson(page)).measurements).toEqual({ distanceBands: { '1': Number(shorter) } });

  await page.click('#undo');
  await expect.poll(band).toBe(1);
  await expect(input).toHaveValue(catalogValue);
  await expect(page.locator('#measurements-count')).toHaveText('catalog');
  await page.click('#redo');
  await expect.poll(band).toBe(2);

  // longer than distance 2: refused, named, and the table keeps the figure it had
  const before = await tableJson(page);
  await input.fill('500');
  await input.press('Enter');
  await expect(page.locator('#message[data-kind="error"]')).toContainText('measurements.distanceBands.1');
  await expect(input).toHaveValue(shorter);
  expect(await tableJson(page)).toBe(before);

  // the override lives in the saved table
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
  await expect.poll(band).toBe(2);
  await page.click('#measurements-panel summary');
  await expect(input).toHaveValue(shorter);
  await page.click('#meas-reset-distanceBands-1');
  await expect.poll(band).toBe(1);
  expect(JSON.parse(await tableJson(page)).measurements).toBeUndefined();
});

test('the covering-outline reading is a table setting the whole report follows, and undo takes it back', async ({
  page,
}) => {
  await openFresh(page);
  const covers = () =>
    page.evaluate(() => {
      const a = window.__armada.analysis();
      return a.live ? null : [...new Set(a.report.attacks.map((x) => x.coverOutline))];
    });
  await expect.poll(covers).toEqual(['plastic base']);
  await page.selectOption('#cover', 'token');
  await expect
    .poll(() => page.evaluate(() => window.__armada.store.getState().table.readings?.cover))
    .toBe('token');
  await expect.poll(covers).toEqual(['cardboard token']);
  await page.click('#undo');
  await expect.poll(covers).toEqual(['plastic base']);
  await expect(page.locator('#cover')).toHaveValue('base');
});

test('a drag of the selected ship keeps the hull zone chosen to attack; a tap on it chooses the zone under the finger', async ({
  page,
}) => {
  await openFresh(page);
  await page.evaluate(() => window.__armada.cmd.select('vsd', 'front'));
  // the middle of the rear hull zone (its corners' mean), in table mm
  const rear = await page.evaluate(() => {
    const e = window.__armada.analysis().world.byId.get('vsd');
    if (e?.kind !== 'ship') throw new Error('no vsd');
    const z = e.shapes.hullZones.rear;
    let [x, y] = [0, 0];
    for (let i = 0; i < z.n; i++) [x, y] = [x + z.x(i) / z.n, y + z.y(i) / z.n];
    return { x, y };
  });
  const attacker = () => page.evaluate(() => window.__armada.store.getState().attacker);
  // pressed on its rear and dragged: moved, the front still attacking (its lines judged ahead of the drag)
  const start = await piece(page, 'vsd');
  await drag(page, rear, { x: rear.x + 40, y: rear.y + 20 });
  await expect.poll(async () => (await piece(page, 'vsd')).x).toBeCloseTo(start.x + 40, 0);
  expect(await attacker()).toBe('vsd.front');
  // a tap on its rear: the rear attacks
  const moved = { x: rear.x + 40, y: rear.y + 20 };
  const at = await pagePoint(page, moved.x, moved.y);
  await page.mouse.click(at.x, at.y);
  await expect.poll(attacker).toBe('vsd.rear');
});

test('a table of another size, imported or opened, is fitted to the screen; one of the same size keeps the view', async ({
  page,
}) => {
  await openFresh(page);
  const canvasBox = async () => (await page.locator('#canvas-host').boundingBox())!;
  // zoomed in on the demo (3'x6')
  const c = await canvasBox();
  await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
  for (let k = 0; k < 6; k++) await page.mouse.wheel(0, -100);
  const zoomed = await page.evaluate(() => window.__armada.pagePoint(0, 0));
  // the same size again (the demo's own table, moved a piece): the view stays where the player put it
  const demo = await page.evaluate(() => window.__armada.store.getState().table);
  await page.evaluate((t) => window.__armada.cmd.load({ ...t, ships: t.ships.slice(1) }), demo);
  await expect.poll(() => page.evaluate(() => window.__armada.pagePoint(0, 0))).toEqual(zoomed);
  // a 3'x3' table: fitted, its four corners on the canvas
  await page.evaluate(() =>
    window.__armada.cmd.load({
      format: 'armada-table/1',
      table: '3x3',
      ruleset: 'seed',
      ships: [],
      squadrons: [{ id: 'tie1', player: 1, x: 450, y: 450 }],
      obstacles: [],
      tokens: [],
      proposals: [],
    }),
  );
  await expect
    .poll(async () => {
      const b = await canvasBox();
      const corners = await page.evaluate(() =>
        [
          [0, 0],
          [914.4, 0],
          [0, 914.4],
          [914.4, 914.4],
        ].map(([x, y]) => window.__armada.pagePoint(x, y)),
      );
      return corners.every(
        (p) => p.x >= b.x - 1 && p.x <= b.x + b.width + 1 && p.y >= b.y - 1 && p.y <= b.y + b.height + 1,
      );
    })
    .toBe(true);
});

test("a setup proposal's violations read in words: the obstacle, the other one, how far from legal", async ({
  page,
}) => {
  const t = {
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships: [],
    squadrons: [],
    tokens: [],
    obstacles: [
      { id: 'station', type: 'station', x: 600, y: 450, rotation: 0 },
      { id: 'asteroid-b', type: 'asteroid-b', x: 700, y: 450, rotation: 0 },
    ],
    proposals: [{ id: 'setup-check', kind: 'setup' }],
  };
  await openFresh(page, '#table=' + Buffer.from(JSON.stringify(t)).toString('base64url'));
  const item = page.locator('#verdicts li[data-proposal="setup-check"]');
  await expect(item).toHaveAttribute('data-legal', 'false');
  const spacing = item.locator('li.violation[data-rule*="every other obstacle"]').first();
  // "asteroid-b is 41.37 mm from station; it must be beyond distance 1 (76.20 mm)": not the rule's text with
  // a bare figure after it
  await expect(spacing).toHaveText(
    /^\S+ is \d+\.\d\d mm from \S+; it must be beyond distance 1 \(\d+\.\d\d mm\)$/,
  );
});
