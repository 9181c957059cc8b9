/**
 * A new player's three tasks, every action counted and printed (a swipe of the phone's panel to
 * find a control counts too): settle one attack on a fresh table (phone, Pixel 5 with real touch;
 * desktop with a mouse), paste a real fleet list and deploy it with the guide (phone), practice maps
 * (switching Reach, Threat and Opportunity shows the map kept; a tapped cell is marked and
 * explained by ship names). Screenshots: docs/screenshots/ under SCREENSHOTS=1, else test-results/.
 */
import { expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  counter,
  drag,
  handleOf,
  isWhollyInView,
  OBSTACLE_SPOTS,
  pagePoint,
  piece,
  PIXEL5,
  tableJson,
  touchDrag,
} from './helpers';

const shoot = async (page: Page, name: string) =>
  page.screenshot({ path: `${process.env.SCREENSHOTS ? 'docs/screenshots' : 'test-results'}/${name}.png` });
const slow = expect.configure({ timeout: 60_000 });
async function openFresh(page: Page, hash = '') {
  await page.goto('/' + hash);
  await slow(page.locator('body[data-ready="true"]')).toBeVisible();
}
const pair = (page: Page) =>
  page.evaluate(() => {
    const s = window.__armada.store.getState();
    return { attacker: s.attacker, defender: s.defender };
  });
type Added = { id: string; x: number; y: number };
const added = async (page: Page) => {
  const t = JSON.parse(await tableJson(page));
  return { rock: t.obstacles[0] as Added, vic: t.ships[0] as Added, cr: t.ships[1] as Added };
};

test.describe('settle one attack on a fresh table', () => {
  test.setTimeout(300_000);

  test.describe('phone (Pixel 5, touch)', () => {
    test.use(PIXEL5);
    test('at most 12 actions: the pair follows the drags, the turn makes it the rear, the verdict in the peek', async ({
      page,
    }) => {
      await openFresh(page);
      const { done, act, tap, print } = counter(page, true);
      await tap('#table-menu > summary', '"Table"');
      await tap('#new-empty', '"New table"');
      // the sheet opens on the palette: the next thing a new table needs
      await slow(page.locator('#palette-class-search')).toBeInViewport({ ratio: 1 });
      await tap('[data-add="asteroid-a"]', 'the asteroid "asteroid-a"');
      await act('type "victory ii" in the class search', () =>
        page.fill('#palette-class-search', 'victory ii'),
      );
      await expect(page.locator('#palette-class')).toHaveValue('victory');
      await tap('#add-ship', '"Ship"');
      await act('type "cr90" in the class search', () => page.fill('#palette-class-search', 'cr90'));
      await expect(page.locator('#palette-player')).toHaveValue('2');
      await tap('#add-ship', '"Ship"');
      await tap('#panel-toggle', '"Panel" (the table back)');
      await page.waitForTimeout(400); // the sheet's slide
      const { rock, vic, cr } = await added(page);
      await act('drag the Victory to the near side of the asteroid', async () =>
        touchDrag(page, await pagePoint(page, vic.x, vic.y), await pagePoint(page, rock.x, rock.y - 150)),
      );
      await act('drag the CR90 to the far side', async () =>
        touchDrag(page, await pagePoint(page, cr.x, cr.y), await pagePoint(page, rock.x, rock.y + 130)),
      );
      // the drags chose the pair, the zones that face each other (not the ones the finger grabbed)
      await expect
        .poll(() => pair(page))
        .toEqual({ attacker: `${vic.id}.front`, defender: `${cr.id}.front` });
      await page.waitForTimeout(400); // the framing, once the finger is up
      const crNow = await piece(page, cr.id);
      const h = (await handleOf(page, cr.id))!;
      // the handle lies off the rear when its front place is on the line of sight
      console.log(`the CR90's turn handle lies off its ${h.turn ? 'rear' : 'front'}`);
      await act("press and hold the CR90's turn handle, turn it to face away", async () =>
        touchDrag(
          page,
          await pagePoint(page, h.at[0], h.at[1]),
          await pagePoint(page, crNow.x, crNow.y + (h.turn ? -90 : 90)),
          500,
        ),
      );
      const rot = (await piece(page, cr.id)).rotation!;
      expect(Math.min(rot, 360 - rot)).toBeLessThan(1);
      // the pair follows the turn: the Victory's front now sees the CR90's rear
      await expect.poll(() => pair(page)).toEqual({ attacker: `${vic.id}.front`, defender: `${cr.id}.rear` });
      const headline = page.locator('#attack-verdict .headline');
      await expect(headline).toContainText('Victory front may attack CR90 rear');
      await expect(headline).toContainText('obstructed by');
      await shoot(page, 'new-player-phone-settled');
      // in the peek (its last pixel row may fall on the sheet's edge)
      await expect(headline).toBeInViewport({ ratio: 0.95 });
      await tap('#share-attack', '"Share"');
      await expect(page.locator('#attack-link')).toHaveValue(
        new RegExp(`&attack=${vic.id}\\.front,${cr.id}\\.rear$`),
      );
      print('settle one attack, phone (Pixel 5, touch)');
      expect(done.length).toBeLessThanOrEqual(12);
    });
  });

  test.describe('desktop (1280x800, mouse)', () => {
    test('at most 10 actions: Table, New table, three pieces added, two drags, Share', async ({ page }) => {
      await openFresh(page);
      const { done, act, tap, print } = counter(page, false);
      // New table is in the Table menu, once (the toolbar has no second one)
      await expect(page.locator('button:text-is("New table")')).toHaveCount(1);
      await tap('#table-menu > summary', '"Table"');
      await tap('#new-empty', '"New table"');
      await tap('[data-add="asteroid-a"]', 'the asteroid "asteroid-a"');
      await act('type "victory ii" in the class search', () =>
        page.fill('#palette-class-search', 'victory ii'),
      );
      await tap('#add-ship', '"Ship"');
      await act('type "cr90" in the class search', () => page.fill('#palette-class-search', 'cr90'));
      await tap('#add-ship', '"Ship"');
      const { rock, vic, cr } = await added(page);
      await act('drag the Victory to the near side of the asteroid', () =>
        drag(page, vic, { x: rock.x, y: rock.y - 150 }),
      );
      await act('drag the CR90 to the far side', () => drag(page, cr, { x: rock.x, y: rock.y + 130 }));
      await expect
        .poll(() => pair(page))
        .toEqual({ attacker: `${vic.id}.front`, defender: `${cr.id}.front` });
      const headline = page.locator('#attack-verdict .headline');
      await expect(headline).toContainText('Victory front may attack CR90 front');
      await expect(headline).toContainText('obstructed by');
      await expect(headline).toBeInViewport({ ratio: 1 });
      await shoot(page, 'new-player-desktop-settled');
      await tap('#share-attack', '"Share"');
      await expect(page.locator('#attack-link')).toHaveValue(
        new RegExp(`&attack=${vic.id}\\.front,${cr.id}\\.front$`),
      );
      print('settle one attack, desktop (1280x800, mouse)');
      expect(done.length).toBeLessThanOrEqual(10);
    });
  });
});

test.describe('paste a real fleet list and deploy it with the guide', () => {
  test.use(PIXEL5);
  test.setTimeout(300_000);
  test('phone (Pixel 5, touch): at most 35 actions; whose turn it is shows in the peek without a swipe', async ({
    page,
  }) => {
    // a real list (../shared beside the repository): Ryan Kingston's builder, five ships, Admiral Raddus
    const list = readFileSync(
      join('..', 'shared', 'reference', 'fleet-lists', 'kingston-spicy-radish.txt'),
      'utf8',
    );
    await openFresh(page);
    const { done, act, tap, print } = counter(page, true);
    const tapTable = (what: string, x: number, y: number) =>
      act(`tap the table: ${what}`, async () => {
        const p = await pagePoint(page, x, y);
        await page.touchscreen.tap(p.x, p.y);
      });
    await tap('#panel-toggle', '"Panel"');
    await tap('#fleet-toggle', '"Paste a fleet list…"');
    await act("paste the list (Spicy Radish, Ryan Kingston's builder)", () => page.fill('#fleet-text', list));
    await expect(page.locator('#fleet-head')).toContainText('5 ships');
    await expect(page.locator('#fleet-check')).toHaveAttribute('data-ok', 'true');
    // a Rebel list: for player 2, whose side of the demo table is Rebel (said under the list's head)
    await expect(page.locator('#fleet-player')).toHaveValue('2');
    await expect(page.locator('#fleet-player-note')).toBeVisible();
    await tap('#fleet-guide', '"Deploy with the guide"');
    await tap('#guide-confirm-yes', 'yes, start over (the demo table had pieces)');
    await tap('#panel-toggle', '"Panel" (the table back)');
    const status = page.locator('#guide-status');
    const last = page.locator('#guide-last');
    // whose turn it is, in the peek, at every turn: never a swipe to find it
    const inPeek = async () => {
      await expect(status).toBeInViewport({ ratio: 1 });
      return (await status.textContent()) ?? '';
    };
    expect(await inPeek()).toContain('Player 2 places');
    await shoot(page, 'new-player-phone-guide-peek');
    for (const [x, y] of OBSTACLE_SPOTS) {
      await inPeek();
      await tapTable(`an obstacle at (${x}, ${y})`, x, y);
      await expect(last).toHaveAttribute('data-ok', 'true');
    }
    await slow(page.locator('#guide')).toHaveAttribute('data-step', 'deploy');
    const spots = [500, 700, 900, 1100, 1300];
    for (let turn = 0; turn < 12; turn++) {
      if ((await page.locator('#guide').getAttribute('data-step')) !== 'deploy') break;
      const says = await inPeek();
      console.log(`  the peek says: ${says}`);
      if (says.startsWith('Player 1')) await tap('#deploy-done', '"Fleet deployed" (player 1 has no list)');
      else {
        expect(says).toMatch(/^Player 2 deploys /);
        await tapTable(says.replace(/^Player 2 deploys /, '').split(' at ')[0], spots.shift()!, 820);
        await expect(last).toHaveAttribute('data-ok', 'true');
      }
      // the next turn is shown before it is read (a loaded machine answers late)
      await slow(status).not.toHaveText(says);
    }
    await expect(page.locator('#guide')).toHaveAttribute('data-step', 'done');
    const t = JSON.parse(await tableJson(page));
    expect(t.ships.length).toBe(5);
    expect(t.ships.every((s: { card?: string }) => s.card)).toBe(true);
    await shoot(page, 'new-player-phone-fleet-deployed');
    print('paste a real fleet list and deploy it with the guide, phone (Pixel 5, touch)');
    expect(done.length).toBeLessThanOrEqual(35);
  });
});

test.describe('practice maps', () => {
  test.setTimeout(300_000);
  // a Victory of player 1, a CR90 and an X-wing of player 2 ahead of it, an asteroid between
  const TABLE = {
    format: 'armada-table/1',
    table: '3x6',
    ships: [
      { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 600, y: 250, rotation: 0, speed: 2 },
      { id: 'cr', size: 'small', class: 'cr90', player: 2, x: 760, y: 640, rotation: 200, speed: 2 },
    ],
    squadrons: [{ id: 'x1', player: 2, x: 480, y: 560, name: 'Wedge' }],
    obstacles: [{ id: 'rock', type: 'asteroid-b', x: 700, y: 470, rotation: 0 }],
  };
  const hash = '#table=' + Buffer.from(JSON.stringify(TABLE)).toString('base64url');

  test('desktop: switching Reach, Threat and Opportunity back and forth shows the kept map; a tapped cell is marked and read by names', async ({
    page,
  }) => {
    await openFresh(page, hash);
    const at = await pagePoint(page, 600, 250);
    await page.mouse.click(at.x, at.y);
    await page.click('#practice-reach');
    await slow
      .poll(() => page.evaluate(() => window.__armada.practice()?.done ?? false), { timeout: 120_000 })
      .toBe(true);
    await page.evaluate(() => window.__armada.zoomTo(350, 150, 900, 750));
    const asked0 = await page.evaluate(() => {
      (window as unknown as { __kept: unknown }).__kept = window.__armada.practice();
      return window.__armada.practiceAsked();
    });
    // one map at a time, as a player switches: the one shown off, the next on; then back again
    const order = ['reach', 'threat', 'opportunity', 'threat', 'reach', 'opportunity', 'reach'] as const;
    const times: number[] = [];
    for (let k = 1; k < order.length; k++) {
      const ms = await page.evaluate(
        ([from, to]) =>
          new Promise<number>((resolve) => {
            const t0 = performance.now();
            document.getElementById(`practice-${from}`)!.click();
            document.getElementById(`practice-${to}`)!.click();
            const host = document.getElementById('practice')!;
            const wait = () =>
              host.dataset.drawn === to ? resolve(performance.now() - t0) : requestAnimationFrame(wait);
            requestAnimationFrame(wait);
          }),
        [order[k - 1], order[k]] as const,
      );
      times.push(ms);
      // the kept map, not worked out again: the same maps, no new request to the worker
      expect(
        await page.evaluate(
          () => window.__armada.practice() === (window as unknown as { __kept: unknown }).__kept,
        ),
      ).toBe(true);
    }
    expect(await page.evaluate(() => window.__armada.practiceAsked())).toBe(asked0);
    console.log(
      `practice maps switched ${times.length} times, each shown (the map kept) in ` +
        `${times.map((t) => t.toFixed(0)).join(', ')} ms (a loaded machine; not a measurement)`,
    );
    // the threat map, and a tapped cell: marked on the canvas, explained by the pieces' names
    await page.click('#practice-reach');
    await page.click('#practice-threat');
    const cell = await page.evaluate(() => {
      const m = window.__armada.practice()!;
      const g = m.grid!;
      for (const c of m.cells.values()) {
        if (c.attackers.length < 2) continue;
        const i = c.k % g.nx,
          j = (c.k - i) / g.nx;
        const x = g.x0 + (i + 0.5) * g.cell,
          y = g.y0 + (j + 0.5) * g.cell;
        if (Math.hypot(x - 600, y - 250) > 170 && Math.hypot(x - 700, y - 470) > 90) return { x, y };
      }
      return null;
    });
    expect(cell).not.toBeNull();
    const ring = [cell!.x - 20, cell!.y - 20, cell!.x + 20, cell!.y + 20] as const;
    const white0 = await page.evaluate((b) => window.__armada.countPixels(0xffffff, b, 24), ring);
    const p = await pagePoint(page, cell!.x, cell!.y);
    await page.mouse.click(p.x, p.y);
    const head = page.locator('#practice-why-head');
    await expect(head).toContainText('Threat on Victory in the marked 5 mm cell');
    await expect(head).toContainText('(CR90');
    await expect(page.locator('#practice-why li').first()).toContainText(
      /^(CR90|Wedge)( \w+)? on Victory \w+: can attack/,
    );
    // ids and the measurements' words only under "how it was measured"
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('#practice-why li')].map((li) => li.firstChild!.textContent).join(' | '),
    );
    expect(shown).not.toMatch(/\bcr\.|\bvsd\.|measurements\./);
    await expect
      .poll(() => page.evaluate((b) => window.__armada.countPixels(0xffffff, b, 24), ring))
      .toBeGreaterThan(white0 + 20);
    await shoot(page, 'new-player-practice-cell');
  });
});

test.describe('phone (Pixel 5): the toolbar and the share sheet', () => {
  test.use(PIXEL5);
  test('Import, Export, Share link and Tables are in the Table menu, no swipe away; Share hands the link to the share sheet', async ({
    page,
  }) => {
    // a share sheet as a phone has one (Web Share), recording what it was handed
    await page.addInitScript(() => {
      (navigator as unknown as { share: (d: unknown) => Promise<void> }).share = (d) => {
        (window as unknown as { __shared: unknown[] }).__shared ??= [];
        (window as unknown as { __shared: unknown[] }).__shared.push(d);
        return Promise.resolve();
      };
    });
    await openFresh(page);
    await page.tap('#table-menu > summary');
    await shoot(page, 'new-player-phone-table-menu');
    for (const id of ['import', 'export', 'share', 'tables'])
      expect(await isWhollyInView(page, `#${id}`), id).toBe(true);
    await page.tap('#share');
    await expect(page.locator('#message')).toContainText('Share link shared.');
    const [shared, link] = await page.evaluate(() => [
      (window as unknown as { __shared: { url: string }[] }).__shared,
      (document.getElementById('share-link') as HTMLInputElement).value,
    ]);
    expect(shared).toEqual([{ url: link, title: 'Armada table' }]);
    // the menu closed, Undo in view
    await expect(page.locator('#table-menu')).not.toHaveAttribute('open', '');
    expect(await isWhollyInView(page, '#undo')).toBe(true);
    // a ruling's Share: the same sheet
    await page.goto(
      `/#table=${Buffer.from(readFileSync('assets/demo-table.json')).toString('base64url')}&attack=isd.front,xwing1`,
    );
    await slow(page.locator('#attack-verdict')).toHaveAttribute('data-defender', 'xwing1');
    await page.tap('#share-attack');
    await expect(page.locator('#message')).toContainText('Link to this ruling shared.');
  });
});

test('Tables…: two tables of four pieces read apart, each with its ships by name and a small picture', async ({
  page,
}) => {
  await openFresh(page);
  for (const classes of [
    ['victory', 'cr90'],
    ['imperial', 'mc80'],
  ]) {
    await page.click('#table-menu > summary');
    await page.click('#new-empty');
    await page.evaluate((classes) => {
      const { cmd } = window.__armada;
      classes.forEach((c, i) =>
        cmd.add({
          kind: 'ship',
          size: c === 'cr90' ? 'small' : c === 'victory' ? 'medium' : 'large',
          class: c,
          player: (i + 1) as 1 | 2,
        }),
      );
      cmd.add({ kind: 'obstacle', type: 'asteroid-a' });
      cmd.add({ kind: 'squadron', player: 1 });
    }, classes);
    await expect.poll(async () => JSON.parse(await tableJson(page)).ships.length).toBe(2);
  }
  // each kept (the list saves as it goes); the demo the first New replaced, never changed, is not
  await page.waitForTimeout(1500);
  await page.click('#tables');
  const rows = page.locator('#tables-dialog li:has(.table-words)');
  await expect.poll(() => rows.count()).toBe(2);
  const words = await page.locator('#tables-dialog .table-words').allTextContents();
  console.log(`Tables…: ${words.map((w) => `"${w}"`).join(', ')}`);
  expect(words).toContain('Victory, CR90; 1 squadron; 1 obstacle');
  expect(words).toContain('Imperial, MC80; 1 squadron; 1 obstacle');
  expect(await page.locator('#tables-dialog canvas.table-thumb').count()).toBe(await rows.count());
  // each row: its name on a line of its own, the buttons together at its end (not inside the sentence)
  expect(await page.locator('#tables-dialog .table-name').count()).toBe(await rows.count());
  expect(await page.locator('#tables-dialog .table-actions button.open + button.delete').count()).toBe(
    await rows.count(),
  );
  await shoot(page, 'new-player-tables');
});
