import { expect, test, type Page } from '@playwright/test';
import { isWhollyInView, openFresh, pagePoint, piece, PIXEL5, PURRGIL_TABLE, touchDrag } from './helpers';

/*
 * The campaign's moves that a button finishes, on a phone: their verdict in words and the buttons are in the
 * sheet's peek (the inspector's card leads it), not under the panels below.
 */

const link = (t: unknown) => '#table=' + Buffer.from(JSON.stringify(t)).toString('base64url');

/** The sheet's peek shows the card: its verdict, and each of `buttons`, wholly, with nothing scrolled. */
async function cardInPeek(page: Page, buttons: string[]) {
  expect(await page.evaluate(() => document.body.classList.contains('sheet-open'))).toBe(false);
  for (const sel of ['#insp-lead-head', ...buttons])
    await expect.poll(() => isWhollyInView(page, sel), { message: `${sel} in the peek` }).toBe(true);
}

test.describe('phone (Pixel 5, touch)', () => {
  test.use(PIXEL5);

  test("a purrgil dragged: its verdict and Finish move / Put it back lead the sheet's peek; both work", async ({
    page,
  }) => {
    await openFresh(page, link(PURRGIL_TABLE));
    const card = page.locator('#insp-lead');
    const dragTo = async (x: number, y: number) => {
      const p = await piece(page, 'purrgil');
      await touchDrag(page, await pagePoint(page, p.x, p.y), await pagePoint(page, x, y));
      // the test's drag lifts at speed (a fling to Chrome, which drops a tap soon after it: here within about
      // half a second); a player lifts a piece set in place, and reads the verdict before tapping
      await page.waitForTimeout(800);
    };
    // tapped, not moved: the peek says what the shaded region is (it was far down the panel)
    const at = await pagePoint(page, 450, 300);
    await page.touchscreen.tap(at.x, at.y);
    await expect(card).toHaveAttribute('data-kind', 'purrgil-reach');
    await expect(page.locator('#insp-lead-why')).toContainText('The shaded region is where its centre');
    await cardInPeek(page, []);
    await page.screenshot({ path: 'test-results/purrgil-phone-reach.png' });
    expect(await piece(page, 'purrgil')).toMatchObject({ x: 450, y: 300 });
    await dragTo(450, 650);
    await expect(card).toHaveAttribute('data-legal', 'false');
    await expect(page.locator('#insp-lead-head')).toContainText("purrgil's move: not legal");
    await expect(page.locator('#purrgil-finish')).toBeEnabled();
    await cardInPeek(page, ['#purrgil-finish', '#purrgil-back']);
    await page.screenshot({ path: 'test-results/purrgil-phone-illegal.png' });
    await page.tap('#purrgil-finish');
    await expect(page.locator('#message[data-kind="error"]')).toContainText('The move is not finished');
    // the refusal stays over the table until its OK
    await page.tap('#message button');
    await page.tap('#purrgil-back');
    // put back, still selected: the card says what the shaded region means, with no buttons
    await expect(card).toHaveAttribute('data-kind', 'purrgil-reach');
    await expect(page.locator('#purrgil-finish')).toBeHidden();
    await cardInPeek(page, []);
    await page.screenshot({ path: 'test-results/purrgil-phone-reach.png' });
    expect(await piece(page, 'purrgil')).toMatchObject({ x: 450, y: 300 });

    await dragTo(460, 390);
    await expect(card).toHaveAttribute('data-legal', 'true');
    await cardInPeek(page, ['#purrgil-finish', '#purrgil-back']);
    await page.screenshot({ path: 'test-results/purrgil-phone-legal.png' });
    await page.tap('#purrgil-finish');
    await expect(card).toHaveAttribute('data-kind', 'purrgil-reach');
    await expect(page.locator('#message[data-kind="info"]')).toContainText("purrgil's move is finished");
    expect((await piece(page, 'purrgil')).y).toBeCloseTo(390, 0);
  });

  test('Place exogorth…: the view frames it, the sheet goes down, its verdict and Place it are in the peek', async ({
    page,
  }) => {
    await openFresh(page);
    const span = () =>
      page.evaluate(() => {
        const a = window.__armada.pagePoint(600, 400),
          b = window.__armada.pagePoint(700, 400);
        return Math.hypot(b.x - a.x, b.y - a.y) / 100;
      });
    const fitted = await span();
    await page.tap('#panel-toggle');
    await page.locator('#place-exogorth').scrollIntoViewIfNeeded();
    await page.tap('#place-exogorth');
    const id = await page.evaluate(() => window.__armada.store.getState().selected);
    expect(id).toMatch(/^exogorth/);
    // framed: closer, the exogorth inside the canvas
    await expect.poll(span).toBeGreaterThan(2 * fitted);
    const exo = await page.evaluate(
      (id) =>
        window.__armada.store
          .getState()
          .table.proposals.flatMap((p) => (p.kind === 'place-exogorth' ? [p.obstacle] : []))
          .find((o) => o.id === id)!,
      id,
    );
    const at = await pagePoint(page, exo.x, exo.y);
    const box = (await page.locator('#canvas-host').boundingBox())!;
    expect(at.x).toBeGreaterThan(box.x);
    expect(at.x).toBeLessThan(box.x + box.width);
    expect(at.y).toBeGreaterThan(box.y);
    expect(at.y).toBeLessThan(box.y + box.height);
    // the verdict in words (judged: legal or not), by the exogorth's id, with Place it beside it
    await expect(page.locator('#insp-lead')).toHaveAttribute('data-legal', /^(true|false)$/);
    await expect(page.locator('#insp-lead-head')).toContainText(new RegExp(`^${id}: (not )?a legal place$`));
    await cardInPeek(page, ['#commit-exogorth']);
    await page.screenshot({ path: 'test-results/exogorth-phone-placing.png' });
    // the verdict list's proposal reads by the exogorth too
    await expect(page.locator('#verdicts li[data-proposal]').first()).toContainText(`${id} (being placed)`);
  });
});
