import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { isWhollyInView, openFresh, pagePoint, piece, PURRGIL_TABLE, tableJson } from './helpers';

const link = (t: unknown) => '#table=' + Buffer.from(JSON.stringify(t)).toString('base64url');
const exoTable = JSON.parse(
  readFileSync(new URL('../test/tables/campaign-exogorth.json', import.meta.url), 'utf8'),
);

test('"Place it" is refused while the exogorth placement is illegal; a legal one moves the displaced squadrons, one undo step', async ({
  page,
}) => {
  await openFresh(
    page,
    link({ ...exoTable, proposals: exoTable.proposals.filter((p: { id: string }) => p.id === 'exo-gap') }),
  );
  await page.evaluate(() => window.__armada.cmd.select('exoC'));
  const before = await page.evaluate(() => JSON.stringify(window.__armada.store.getState().table));
  await page.click('#commit-exogorth');
  await expect(page.locator('#message[data-kind="error"]')).toContainText(
    'Not placed: exoC cannot be placed there',
  );
  await expect(page.locator('#message')).toContainText('rock');
  expect(await page.evaluate(() => JSON.stringify(window.__armada.store.getState().table))).toBe(before);

  await openFresh(
    page,
    link({ ...exoTable, proposals: exoTable.proposals.filter((p: { id: string }) => p.id === 'exo-touch') }),
  );
  await page.evaluate(() => window.__armada.cmd.select('exoB'));
  const tie1 = await piece(page, 'tie1');
  await page.click('#commit-exogorth');
  await expect
    .poll(
      async () =>
        await page.evaluate(() => window.__armada.store.getState().table.obstacles.map((o) => o.id)),
    )
    .toContain('exoB');
  const moved = await piece(page, 'tie1');
  expect([moved.x, moved.y]).toEqual([720.04, 412.44]);
  const report = await page.evaluate(() => window.__armada.analysis().report);
  // the displaced squadrons end clear of each other and of everything (x1 and x2 are stacked in the fixture)
  expect(
    (report.collisions ?? []).filter((c: { a: string; b: string }) =>
      [c.a, c.b].some((id) => id.startsWith('tie')),
    ),
  ).toEqual([]);
  await page.click('#undo');
  await expect.poll(async () => (await piece(page, 'tie1')).x).toBe(tie1.x);
  expect(await page.evaluate(() => window.__armada.store.getState().table.proposals.length)).toBe(1);
});

test("a press on the panel's Place it survives the panel being written again between press and release", async ({
  page,
}) => {
  await openFresh(
    page,
    link({ ...exoTable, proposals: exoTable.proposals.filter((p: { id: string }) => p.id === 'exo-touch') }),
  );
  const button = page.locator('#verdicts button[data-exo-place="exoB"]');
  const row = page.locator('#verdicts li[data-spot="exoB.tie1"]');
  await expect(row).not.toHaveClass(/selected/);
  await button.scrollIntoViewIfNeeded();
  const centre = async () => {
    const box = (await button.boundingBox())!;
    return [box.x + box.width / 2, box.y + box.height / 2] as const;
  };
  await page.mouse.move(...(await centre()));
  await page.mouse.down();
  // the panel's words change under the finger (here the selection; a worker's answer or the rest after a
  // drag does the same): the panel is written again before the release, which is on the same button
  await page.evaluate(() => window.__armada.cmd.select('exoB.tie1'));
  await expect(row).toHaveClass(/selected/);
  await button.scrollIntoViewIfNeeded();
  await page.mouse.move(...(await centre()));
  await page.mouse.up();
  await expect
    .poll(() => page.evaluate(() => window.__armada.store.getState().table.obstacles.map((o) => o.id)))
    .toContain('exoB');
});

test('Place exogorth… with the panel scrolled down to Add: its verdict and Place it come into view', async ({
  page,
}) => {
  await openFresh(page);
  await page.locator('#place-exogorth').scrollIntoViewIfNeeded();
  expect(await isWhollyInView(page, '#inspector h3')).toBe(false);
  await page.click('#place-exogorth');
  await expect(page.locator('#insp-lead')).toHaveAttribute('data-legal', /^(true|false)$/);
  for (const sel of ['#insp-lead-head', '#commit-exogorth'])
    await expect.poll(() => isWhollyInView(page, sel), { message: sel }).toBe(true);
  await page.screenshot({ path: 'test-results/exogorth-desktop.png' });
});

test('a purrgil move keeps its verdict after release: an illegal one cannot be finished, it can be put back; a legal one finishes', async ({
  page,
}) => {
  await openFresh(page, link(PURRGIL_TABLE));
  const drag = async (to: [number, number]) => {
    const p = await piece(page, 'purrgil');
    const a = await pagePoint(page, p.x, p.y),
      b = await pagePoint(page, to[0], to[1]);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
  };
  // the move's verdict (a selected purrgil with no move under way has a card too: what its region means)
  const row = page.locator('#insp-lead[data-piece="purrgil"][data-kind="purrgil"]');
  const reach = page.locator('#insp-lead[data-piece="purrgil"][data-kind="purrgil-reach"]');
  await drag([450, 650]);
  await expect(row).toHaveAttribute('data-legal', 'false'); // after release
  // the verdict and its buttons are in the inspector, at the top of the panel
  for (const sel of ['#insp-lead-head', '#purrgil-finish', '#purrgil-back'])
    expect(await isWhollyInView(page, sel), sel).toBe(true);
  await page.screenshot({ path: 'test-results/purrgil-desktop.png' });
  await row.locator('button[data-purrgil-finish]').click();
  await expect(page.locator('#message[data-kind="error"]')).toContainText('The move is not finished');
  await expect(row).toHaveAttribute('data-legal', 'false');
  await row.locator('button[data-purrgil-back]').click();
  await expect(row).toHaveCount(0);
  await expect(reach).toContainText('drag it to move it');
  await expect(page.locator('#purrgil-finish')).toBeHidden();
  expect([(await piece(page, 'purrgil')).x, (await piece(page, 'purrgil')).y]).toEqual([450, 300]);
  await drag([470, 330]);
  await expect(row).toHaveAttribute('data-legal', 'true');
  await row.locator('button[data-purrgil-finish]').click();
  await expect(row).toHaveCount(0);
  expect((await piece(page, 'purrgil')).y).toBeCloseTo(330, 0);
});

/**
 * A displaced squadron's place moved before "Place it" (mouse, or real touch events on a phone):
 * a tap selects it and moves nothing; dragged away it is judged illegal in words and Place it is
 * refused; dropped near the exogorth it is set touching it; Place it then moves the exogorth and
 * both displaced squadrons in one undo step.
 */
for (const phone of [false, true]) {
  test.describe(phone ? 'phone 390x844 with touch' : 'desktop 1280x800', () => {
    if (phone) test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    test("a displaced squadron's place is moved before Place it, judged, and placed in one undo step", async ({
      page,
    }) => {
      await openFresh(
        page,
        link({
          ...exoTable,
          proposals: exoTable.proposals.filter((p: { id: string }) => p.id === 'exo-touch'),
        }),
      );
      const row = page.locator('#verdicts li[data-spot="exoB.tie1"]');
      await expect(row).toHaveAttribute('data-legal', 'true');
      await expect(row).toHaveAttribute('data-chosen', 'false');
      const proposed = await page.evaluate(
        () =>
          (
            window.__armada.analysis().report.proposals[0].placements as Record<
              string,
              { x: number; y: number }
            >
          ).tie1,
      );
      await page.evaluate(() => window.__armada.zoomTo(620, 330, 870, 540));
      const exo = exoTable.proposals.find((p: { id: string }) => p.id === 'exo-touch').obstacle;
      const ux = (proposed.x - exo.x) / Math.hypot(proposed.x - exo.x, proposed.y - exo.y),
        uy = (proposed.y - exo.y) / Math.hypot(proposed.x - exo.x, proposed.y - exo.y);
      const cdp = phone ? await page.context().newCDPSession(page) : null;
      const press = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
        const a = await pagePoint(page, from.x, from.y),
          b = await pagePoint(page, to.x, to.y);
        if (cdp) {
          const pt = (t: number) => [
            { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, id: 1, radiusX: 8, radiusY: 8 },
          ];
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pt(0) });
          for (const t of [0.25, 0.5, 0.75, 1])
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pt(t) });
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        } else {
          await page.mouse.move(a.x, a.y);
          await page.mouse.down();
          await page.mouse.move(b.x, b.y, { steps: 5 });
          await page.mouse.up();
        }
      };
      // a tap selects the place and moves nothing
      const before = await tableJson(page);
      await press(proposed, proposed);
      await expect
        .poll(() => page.evaluate(() => window.__armada.store.getState().selected))
        .toBe('exoB.tie1');
      expect(await tableJson(page)).toBe(before);
      // dragged 20 mm away: judged illegal in words, Place it refused
      const away = { x: proposed.x + ux * 20, y: proposed.y + uy * 20 };
      await press(proposed, away);
      await expect(row).toHaveAttribute('data-chosen', 'true');
      await expect(row).toHaveAttribute('data-legal', 'false');
      await expect(row).toContainText('mm from exoB; it must touch exoB, or a squadron touching it');
      await page.locator('#verdicts button[data-exo-place="exoB"]').click();
      await expect(page.locator('#message[data-kind="error"]')).toContainText(
        'Not placed: exoB cannot be placed there: tie1 is',
      );
      expect(
        await page.evaluate(() =>
          window.__armada.store.getState().table.obstacles.some((o) => o.id === 'exoB'),
        ),
      ).toBe(false);
      // dropped 2 mm off the exogorth: set touching it, legal
      const placed = await page.evaluate(
        () =>
          (
            window.__armada.store.getState().table.proposals[0] as {
              placements: Record<string, { x: number; y: number }>;
            }
          ).placements.tie1,
      );
      const near = { x: proposed.x + ux * 2 - uy * 10, y: proposed.y + uy * 2 + ux * 10 };
      await press(placed, near);
      await expect(row).toHaveAttribute('data-legal', 'true');
      await expect(row).toContainText('touching exoB');
      const chosen = await page.evaluate(
        () =>
          (
            window.__armada.store.getState().table.proposals[0] as {
              placements: Record<string, { x: number; y: number }>;
            }
          ).placements.tie1,
      );
      expect(Math.hypot(chosen.x - near.x, chosen.y - near.y)).toBeLessThan(4);
      const other = await piece(page, 'tie2');
      await page.locator('#verdicts button[data-exo-place="exoB"]').click();
      await expect
        .poll(
          async () =>
            await page.evaluate(() => window.__armada.store.getState().table.obstacles.map((o) => o.id)),
        )
        .toContain('exoB');
      expect(await piece(page, 'tie1')).toMatchObject(chosen);
      expect((await piece(page, 'tie2')).x).not.toBe(other.x);
      // the picture judged of the table as placed (a frame may still show the one before: waited for)
      await expect
        .poll(() =>
          page.evaluate(() => {
            const a = window.__armada.analysis();
            if (a.table !== window.__armada.store.getState().table) return 'not judged yet';
            return (a.report.collisions ?? []).filter((c: { a: string; b: string }) =>
              [c.a, c.b].some((id) => id.startsWith('tie')),
            );
          }),
        )
        .toEqual([]);
      // one undo step takes the exogorth and both squadrons back, the places kept in the proposal
      await page.click('#undo');
      await expect.poll(async () => (await piece(page, 'tie1')).x).toBe(exoTable.squadrons[0].x);
      expect((await piece(page, 'tie2')).x).toBe(other.x);
      expect(
        await page.evaluate(
          () => (window.__armada.store.getState().table.proposals[0] as { placements?: object }).placements,
        ),
      ).toEqual({ tie1: chosen });
      await cdp?.detach();
    });
  });
}

test("an exogorth's displaced squadrons are named in the panel as on the table", async ({ page }) => {
  const named = {
    ...exoTable,
    squadrons: exoTable.squadrons.map((s: { id: string }) =>
      s.id === 'tie1' ? { ...s, name: 'Howlrunner' } : s,
    ),
    proposals: exoTable.proposals.filter((p: { id: string }) => p.id === 'exo-touch'),
  };
  await openFresh(page, link(named));
  const row = page.locator('#verdicts li[data-spot="exoB.tie1"]');
  await expect(row.locator('b')).toHaveText('Howlrunner');
  await expect(page.locator('#verdicts li[data-spot="exoB.tie2"] b')).toHaveText('tie2');
});
