import { expect, type Page, test } from '@playwright/test';
import { openFresh, piece, wholeReport } from './helpers';

/*
 * The table by keyboard alone, at a desktop's size: a player who never touches the mouse chooses an attack
 * with the pickers or the attack list, opens and closes the menus and dialogs, and answers the drill, pressing
 * only keys.
 */

const pair = (page: Page) =>
  page.evaluate(() => {
    const s = window.__armada.store.getState();
    return { selected: s.selected, attacker: s.attacker, defender: s.defender };
  });

/**
 * The attacker picker's first attack chosen with the keys: the demo's Imperial front (Home first: the picker may
 * still show the attacker an Undo brought back, and the arrow would go on from it).
 */
async function chooseAttacker(page: Page) {
  await page.locator('#pick-attacker').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => pair(page)).toEqual({ selected: 'isd', attacker: 'isd.front', defender: null });
}

test('a dialog keeps the keys: Escape closes it without dropping the attack, Delete leaves the table', async ({
  page,
}) => {
  await openFresh(page);
  await chooseAttacker(page);
  const before = await piece(page, 'isd');
  await page.locator('#tables').focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('#tables-dialog');
  await expect(dialog).toBeVisible();
  // the table's keys wait while the dialog is open
  for (const key of ['Delete', 'q', 'ArrowLeft', 'Control+z']) await page.keyboard.press(key);
  expect(await piece(page, 'isd')).toEqual(before);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('#tables')).toBeFocused();
  expect(await pair(page)).toEqual({ selected: 'isd', attacker: 'isd.front', defender: null });
  // and act again once it is closed
  await page.keyboard.press('q');
  expect((await piece(page, 'isd')).rotation).toBe((before.rotation ?? 0) + 15);
});

test('the Table menu closes with Escape, and focus comes back to "Table" from it and from Clear', async ({
  page,
}) => {
  await openFresh(page);
  await chooseAttacker(page);
  const menu = page.locator('#table-menu');
  const summary = menu.locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  await expect(page.locator('#new-empty')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open', '');
  await expect(summary).toBeFocused();
  // the menu's Escape is not the table's, which lets go of the selection
  expect(await pair(page)).toEqual({ selected: 'isd', attacker: 'isd.front', defender: null });
  // Clear's question, kept out of with Escape, hands the focus back to "Table", not to the page's top
  await page.keyboard.press('Enter');
  await page.locator('#clear').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#clear-confirm')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#clear-confirm')).toBeHidden();
  await expect(menu).not.toHaveAttribute('open', '');
  await expect(summary).toBeFocused();
  // on to the panel (the pair strip's first button open to a pair without a defender), not the page's top
  await page.keyboard.press('Tab');
  await expect(page.locator('#whole-table')).toBeFocused();
});

test('judge by eye by keyboard: focus goes to the answers, on to Next, and back to where it began', async ({
  page,
}) => {
  await openFresh(page);
  const firstAnswer = page.locator('#drill-bar .drill-choices button').first();
  await page.locator('#drill-start').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#drill-bar')).toHaveAttribute('data-phase', 'ask');
  await expect(firstAnswer).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#drill-bar')).toHaveAttribute('data-phase', 'shown');
  await expect(page.locator('#drill-next')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#drill-progress')).toContainText('2 of 10');
  await expect(firstAnswer).toBeFocused();
  // End is the bar's first button: one Shift+Tab back
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('#drill-close')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#drill-bar')).toBeHidden();
  await expect(page.locator('#drill-start')).toBeFocused();

  // from the Table menu, which closes as the drill starts: the end hands the focus to "Table"
  const summary = page.locator('#table-menu > summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await page.locator('#drill-start-menu').focus();
  await page.keyboard.press('Enter');
  await expect(firstAnswer).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('#drill-bar')).toBeHidden();
  await expect(summary).toBeFocused();
});

test("Enter on a toggle is the toggle's: it opens the Legend and executes no planned maneuver", async ({
  page,
}) => {
  await openFresh(page);
  await page.evaluate(() => window.__armada.cmd.select('isd'));
  await page.locator('#maneuver-start').click();
  await expect(page.locator('#maneuver-verdict')).toHaveAttribute('data-outcome', /.+/);
  const before = await piece(page, 'isd');
  await page.locator('#legend > summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#legend')).toHaveAttribute('open', '');
  await page.waitForTimeout(300);
  expect(await piece(page, 'isd')).toEqual(before);
  await expect(page.locator('#maneuver-verdict')).toBeVisible();
  // with nothing focused, Enter executes the plan
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await piece(page, 'isd')).y).not.toBe(before.y);
});

test('after Delete the focus is on Undo, and after New pair on the attacker picker, not the page top', async ({
  page,
}) => {
  await openFresh(page);
  await chooseAttacker(page);
  await page.locator('#delete').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => window.__armada.store.getState().table.ships.length)).toBe(5);
  await expect(page.locator('#undo')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => window.__armada.store.getState().table.ships.length)).toBe(6);

  await chooseAttacker(page);
  await page.locator('#pick-defender').focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await pair(page)).defender).not.toBeNull();
  // the pair's card (and its New pair) is written with the panel after the choice: waited for, or the focus
  // would find no button to land on
  await expect(page.locator('#clear-pair')).toBeVisible();
  await expect(page.locator('#clear-pair')).toBeEnabled();
  await page.locator('#clear-pair').focus();
  await expect(page.locator('#clear-pair')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await pair(page)).attacker).toBeNull();
  await expect(page.locator('#pick-attacker')).toBeFocused();
});

test('the maneuver by keyboard: focus goes to the plan, its keys work there, and back to "Maneuver" after', async ({
  page,
}) => {
  await openFresh(page);
  await chooseAttacker(page);
  const start = page.locator('#maneuver-start');
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#maneuver-verdict')).toHaveAttribute('data-outcome', /.+/);
  // the button pressed is hidden now: the plan has the focus, and Tab goes on inside it
  await expect(page.locator('.maneuver-plan')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('#maneuver-side-left')).toBeFocused();
  // Cancel by keyboard: the focus back on "Maneuver <ship>", shown again
  await page.locator('#maneuver-cancel').focus();
  await page.keyboard.press('Enter');
  await expect(start).toBeFocused();
  // again, and Enter on the plan itself executes it (the plan's key), the focus then on "Maneuver"; pressed at
  // once, before the new plan is judged (the last plan's verdict gone with it), it executes when judged
  const before = await piece(page, 'isd');
  await page.keyboard.press('Enter');
  await expect(page.locator('.maneuver-plan')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await piece(page, 'isd')).y).not.toBe(before.y);
  await expect(start).toBeFocused();
});

test('setup practice by keyboard: focus in its bar from the start, kept through a redraw, back at the end', async ({
  page,
}) => {
  await openFresh(page);
  const summary = page.locator('#table-menu > summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await page.locator('#setup-start-menu').focus();
  await page.keyboard.press('Enter');
  const bar = page.locator('#setup-bar');
  await expect(bar).toHaveAttribute('data-phase', 'choose');
  // the first control of the bar (past its End): the player's own fleet
  await expect(page.locator('#setup-mine')).toBeFocused();
  // a choice redraws the bar: the focus stays on the control of the same id
  await page.keyboard.press('Tab');
  await expect(page.locator('#setup-theirs')).toBeFocused();
  await page.locator('#setup-theirs').selectOption({ index: 0 });
  await expect(page.locator('#setup-theirs')).toBeFocused();
  await page.locator('#setup-close').focus();
  await page.keyboard.press('Enter');
  await expect(bar).toBeHidden();
  await expect(summary).toBeFocused();
});

test('an obstacle chosen by name from the piece list, then nudged and turned with the keys', async ({
  page,
}) => {
  await openFresh(page);
  const list = page.locator('#pick-piece');
  await list.focus();
  await list.selectOption('debris-b');
  await expect.poll(() => pair(page)).toEqual({ selected: 'debris-b', attacker: null, defender: null });
  const before = await piece(page, 'debris-b');
  // the list keeps the arrows while it has the focus; Enter hands the keys to the table
  await page.keyboard.press('Enter');
  await expect(page.locator('canvas[data-layer="table"]')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('q');
  await expect
    .poll(() => piece(page, 'debris-b'))
    .toEqual({
      ...before,
      x: before.x + 5,
      rotation: (before.rotation ?? 0) + 15,
    });
  // a piece selected on the table is the one the list shows
  await page.evaluate(() => window.__armada.cmd.select('isd'));
  await expect(list).toHaveValue('isd');
});

test('the attack list by keyboard: Tab reaches each row, Enter or Space opens it, focus stays', async ({
  page,
}) => {
  await openFresh(page);
  await wholeReport(page);
  /** the attack list's row holding the focus, as `attacker>defender` */
  const focusedRow = () =>
    page.evaluate(() => {
      const li = document.activeElement?.closest<HTMLElement>('#verdicts li.attack');
      return li ? `${li.dataset.attacker}>${li.dataset.defender}` : null;
    });
  const rows = await page
    .locator('#verdicts li.attack')
    .evaluateAll((els) =>
      els.map((li) => `${(li as HTMLElement).dataset.attacker}>${(li as HTMLElement).dataset.defender}`),
    );
  expect(rows.length).toBeGreaterThan(3);
  // from the panel's top, Tab goes on into the list: its first row, then each next one
  await page.evaluate(() => {
    const panel = document.getElementById('verdicts')!;
    panel.tabIndex = -1;
    panel.focus();
  });
  for (let k = 0; k < 20 && !(await focusedRow()); k++) await page.keyboard.press('Tab');
  expect(await focusedRow()).toBe(rows[0]);
  await page.keyboard.press('Tab');
  expect(await focusedRow()).toBe(rows[1]);
  await page.keyboard.press('Tab');
  expect(await focusedRow()).toBe(rows[2]);

  // Enter opens the row's attack on the ruling card; the focus stays on the row, the panel written again
  const opened = async (row: string) => {
    const [attacker, defender] = row.split('>');
    await expect.poll(() => pair(page)).toEqual({ selected: attacker.split('.')[0], attacker, defender });
    const card = page.locator('#attack-verdict');
    await expect(card).toHaveAttribute('data-attacker', attacker, { timeout: 30_000 });
    await expect(card).toHaveAttribute('data-defender', defender);
    await page.evaluate(() => window.__armada.redrawNow());
    expect(await focusedRow()).toBe(row);
  };
  await page.keyboard.press('Enter');
  await opened(rows[2]);
  // Shift+Tab back a row, and Space opens that one
  await page.keyboard.press('Shift+Tab');
  expect(await focusedRow()).toBe(rows[1]);
  await page.keyboard.press('Space');
  await opened(rows[1]);
  // the list rebuilt whole ("only the selected attacker" lists its attacks alone): the focus on the same row
  await page.evaluate(() => {
    const only = document.querySelector<HTMLInputElement>('#only-selected');
    if (!only) throw new Error('no "only the selected attacker" switch');
    only.click();
  });
  await expect.poll(() => page.locator('#verdicts li.attack').count()).toBeLessThan(rows.length);
  expect(await focusedRow()).toBe(rows[1]);
});

test('Escape ends judge by eye as End does; not from the race link, nor past the help', async ({ page }) => {
  await openFresh(page);
  const own = await page.evaluate(() => JSON.stringify(window.__armada.store.getState().table));
  const bar = page.locator('#drill-bar');
  const start = page.locator('#drill-start');
  const ownTable = () => page.evaluate(() => JSON.stringify(window.__armada.store.getState().table));
  // asked: Escape ends it, the player's table back and the focus on the button that started it
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(bar).toHaveAttribute('data-phase', 'ask');
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await expect(start).toBeFocused();
  expect(await ownTable()).toBe(own);
  await expect(page.locator('body')).not.toHaveClass(/drill/);

  // answered (the ruling card out): the same
  await page.keyboard.press('Enter');
  await expect(bar).toHaveAttribute('data-phase', 'ask');
  await page.keyboard.press('Enter');
  await expect(bar).toHaveAttribute('data-phase', 'shown');
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await expect(start).toBeFocused();
  expect(await ownTable()).toBe(own);

  // the help open over the drill: Escape closes the help, and the drill goes on
  await page.keyboard.press('Enter');
  await expect(bar).toHaveAttribute('data-phase', 'ask');
  await page.locator('#help').click();
  await expect(page.locator('#help-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#help-panel')).toBeHidden();
  await expect(bar).toHaveAttribute('data-phase', 'ask');
  // the score: the race link is a text field, whose Escape is its own
  for (let i = 0; i < 10; i++) {
    await bar.locator('.drill-choices button').first().click();
    await bar.locator('#drill-next').click();
  }
  await expect(bar).toHaveAttribute('data-phase', 'done');
  const link = page.locator('#drill-link');
  await link.evaluate((el) => {
    (el as HTMLInputElement).hidden = false;
    (el as HTMLInputElement).focus();
  });
  await page.keyboard.press('Escape');
  await expect(bar).toHaveAttribute('data-phase', 'done');
  await page.locator('#drill-end').focus();
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  expect(await ownTable()).toBe(own);
});
