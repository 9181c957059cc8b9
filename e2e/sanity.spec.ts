import { expect, test } from '@playwright/test';
import { around, countColour, drag, openFresh, piece, tableJson } from './helpers';

// src/render/colours.ts SANITY: the outline of a piece on a piece or off the table
const SANITY = 0xff1f6d;
const count = countColour;

test("the table's own sanity: a ship on a ship and a ship off the edge are listed and outlined", async ({
  page,
}) => {
  await openFresh(page);
  const glad = await piece(page, 'gladiator');
  const isd = await piece(page, 'isd');
  expect(await count(page, SANITY, around(isd, 120))).toBe(0);
  await drag(page, glad, { x: isd.x + 30, y: isd.y + 10 });
  const row = page.locator('#verdicts li[data-collision="isd,gladiator"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('must move');
  expect(await count(page, SANITY, around(isd, 140))).toBeGreaterThan(100);
  // the star destroyer (on top where they overlap) dragged to 20 mm from player 1's edge: its base hangs off
  await drag(page, isd, { x: 400, y: 20 });
  await expect(row).toHaveCount(0);
  const off = page.locator('#verdicts li[data-off-table="isd"]');
  await expect(off).toHaveCount(1);
  await expect(off).toContainText("player 1's edge");
  expect(await count(page, SANITY, [300, 0, 500, 120])).toBeGreaterThan(30);
});

test("a position typed off the table is refused with the piece's name; 3'x3' names the pieces off it", async ({
  page,
}) => {
  await openFresh(page);
  const before = await tableJson(page);
  await page.evaluate(() => window.__armada.cmd.select('vsd'));
  await page.fill('#insp-x', '5000');
  await page.press('#insp-x', 'Enter');
  // the ship by its label's name (a Victory), not its id
  await expect(page.locator('#message')).toContainText('Victory was not moved: x = 5000 mm is off');
  expect(await tableJson(page)).toBe(before);
  await expect(page.locator('#insp-x')).toHaveValue(String((await piece(page, 'vsd')).x));
  await page.selectOption('#table-size', '3x3');
  await expect(page.locator('#message')).toContainText("Not switched to 3'x3'");
  await expect(page.locator('#message')).toContainText('Victory');
  // unnamed squadrons and obstacles keep their ids; the ships do not show theirs
  await expect(page.locator('#message')).toContainText('awing1');
  await expect(page.locator('#message')).not.toContainText('vsd');
  await expect(page.locator('#message')).not.toContainText('afmk2');
  expect(JSON.parse(await tableJson(page)).table).toBe('3x6');
});
