/**
 * A new player's three tasks, every action counted and printed (a swipe of the phone's panel to
 * find a control counts too): settle one attack on a fresh table (phone, Pixel 5 with real touch;
 * desktop with a mouse), paste a real fleet list and deploy it with the guide (phone), practice maps
 * (switching Reach, Threat and Opportunity shows the map kept; a tapped cell is marked and
 * explained by ship names). Screenshots: docs/screenshots/ under SCREENSHOTS=1, else test-results/.
 */
import { devices, expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { counter, drag, handleOf, pagePoint, piece, tableJson, touchDrag } from './helpers';

const { defaultBrowserType: _browser, ...PIXEL5 } = devices['Pixel 5'];
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
    test('at most 9 actions: New, three pieces added, two drags, Share', async ({ page }) => {
      await openFresh(page);
      const { done, act, tap, print } = counter(page, false);
      await tap('#new-table', '"New table"');
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
      expect(done.length).toBeLessThanOrEqual(9);
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
    for (const [x, y] of [
      [450, 330],
      [800, 330],
      [1150, 330],
      [450, 590],
      [800, 590],
      [1150, 590],
    ]) {
      await inPeek();
      await tapTable(`an obstacle at (${x}, ${y})`, x, y);
      await expect(last).toHaveAttribute('data-ok', 'true');
    }
    const spots = [500, 700, 900, 1100, 1300];
    for (let turn = 0; turn < 12; turn++) {
      if ((await page.locator('#guide').getAttribute('data-step')) !== 'deploy') break;
      const says = await inPeek();
      console.log(`  the peek says: ${says}`);
      if (says.startsWith('Player 2')) await tap('#deploy-done', '"Fleet deployed" (player 2 has no list)');
      else {
        expect(says).toMatch(/^Player 1 deploys /);
        await tapTable(says.replace(/^Player 1 deploys /, '').split(' at ')[0], spots.shift()!, 100);
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
