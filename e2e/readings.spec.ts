import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openFresh } from './helpers';

// test/tables/attacks-dust.json: d.front -> e.front is obstructed under the seed ruleset only by
// the reading that a dial on dust the defender's base hides still obstructs (rules 1.5)
test('a verdict a reading decided is marked in the verdict list, with what the other choice gives', async ({
  page,
}) => {
  const file = readFileSync('test/tables/attacks-dust.json', 'utf8');
  await openFresh(page, `#table=${Buffer.from(file).toString('base64url')}`);
  const li = page.locator('#verdicts li.attack[data-attacker="d.front"][data-defender="e.front"]');
  await expect(li).toHaveAttribute('data-los', 'obstructed');
  await expect(li.locator('.reading')).toHaveAttribute('data-readings', 'dustDial');
  await expect(li.locator('.reading')).toContainText(
    'depends on a reading: a line through the defending hull zone',
  );
  await expect(li.locator('.reading')).toContainText('(otherwise clear)');
  // a verdict no reading decided carries no marker
  await expect(
    page.locator('#verdicts li.attack[data-attacker="a.front"][data-defender="b.front"] .reading'),
  ).toHaveCount(0);
  await li.scrollIntoViewIfNeeded();
  await li.screenshot({ path: 'test-results/reading-marker.png' });
});
