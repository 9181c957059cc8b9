/**
 * Budgets that bound: `over` is monotonic; long proposals are cut inside (a fan's
 * maneuvers, a round's moves, an exogorth's packing orders) with the cut named in `partial`; the
 * proposals kept are always the first ones, in order; the CLI's writer cuts between entries and
 * says so in `partial`, and writes the same bytes as JSON.stringify when it cuts nothing.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeJson } from '../../../src/cli/stream-json';
import { plainReport, roundNumbers } from '../../../src/model/report';
import { parseTableText, validateTable, type Table } from '../../../src/model/table';
import { analyzeWorld } from '../../../src/rules/report/analyze';
import { Budget, cutSections, type PartialNote } from '../../../src/rules/report/budget';
import { proposals } from '../../../src/rules/report/proposals';
import { World } from '../../../src/rules/world';
import { fans, purrgilRounds } from '../../support/heavy';

/** A clock that advances one tick per reading: Budget(n, clock) lets n - 1 checks pass. */
const ticking = () => {
  let t = 0;
  return () => t++;
};
const json = (v: unknown) => JSON.stringify(plainReport(v as never));

describe('over() is monotonic', () => {
  it('once over, over at every later check, even when the next step looks short', () => {
    let t = 0;
    const b = new Budget(1000, () => t);
    t = 100;
    expect(b.over()).toBe(false);
    t = 700;
    expect(b.over()).toBe(true); // a 600 ms step: the next would end past 1000
    t = 701;
    expect(b.over()).toBe(true); // a 1 ms step now, and still over (it was not before the fix)
    t = 702;
    expect(b.over()).toBe(true);
  });
  it("a deadline counted from a start given (the CLI: its run's start), less a reserve", () => {
    let t = 500;
    const b = new Budget(1000, () => t, { start: 0, reserveMs: 300 });
    expect(b.over()).toBe(false);
    t = 600;
    expect(b.over()).toBe(false); // a 100 ms step: the next would end at 700, the deadline
    t = 650;
    expect(b.over()).toBe(false);
    t = 701;
    expect(b.over()).toBe(true);
  });
});

describe('long proposals cut inside, named in partial, the first ones kept in order', () => {
  const cases: [string, Table, 'maneuvers' | 'moves' | 'placement orders'][] = [
    ['fans', validateTable(fans(3)), 'maneuvers'],
    ['purrgil rounds', validateTable(purrgilRounds(3)), 'moves'],
  ];
  for (const [name, table, of] of cases) {
    it(`${name}: cut after n checks, the proposal cut is the first n parts of its whole answer; later proposals not judged`, () => {
      const whole = proposals(new World(table));
      let cutsInside = 0;
      for (const checks of [1, 2, 3, 5, 40, 200]) {
        const b = new Budget(checks, ticking());
        b.proposalsAsked = 0;
        const part = proposals(new World(table), b);
        const note = b.note();
        if (!note) {
          expect(json(part)).toBe(json(whole));
          continue;
        }
        // the kept proposals are the first ones, each whole but perhaps the last
        const ids = table.proposals.map((p) => p.id);
        expect(part.map((p) => p.id)).toEqual(ids.slice(0, part.length));
        expect(note.proposalsNotJudged).toEqual(ids.slice(part.length));
        for (let i = 0; i < part.length - 1; i++) expect(json(part[i])).toBe(json(whole[i]));
        const cut = note.proposalsCut ?? [];
        expect(cut.length).toBeLessThanOrEqual(1);
        if (cut.length) {
          cutsInside++;
          const last = part[part.length - 1] as Record<string, unknown>,
            full = whole[part.length - 1] as Record<string, unknown>;
          expect(cut[0]).toMatchObject({ id: last.id, of });
          const key = of === 'maneuvers' ? 'maneuvers' : 'moves';
          const got = last[key] as unknown[],
            all = full[key] as unknown[];
          expect(cut[0].judged).toBe(got.length);
          expect(cut[0].asked).toBe(all.length);
          expect(got.length).toBeLessThan(all.length);
          expect(json(got)).toBe(json(all.slice(0, got.length)));
          expect(String(last.why)).toMatch(/^Cut by the budget: the first \d+ of \d+ /);
          if (of === 'moves') expect(last.legal).toBe(false);
          expect(cutSections(note)).toContain(`cut inside: ${last.id}, ${got.length} of ${all.length} ${of}`);
        }
      }
      expect(cutsInside, 'some budget cut a proposal inside').toBeGreaterThan(0);
    }, 120_000);
  }

  it('exogorths: the packing orders stop once over; every displaced squadron still has an answer; the cut is named', () => {
    // an exogorth wholly inside a gravity rift: every place touching it is on the rift, so every packing order is tried
    const t = {
      format: 'armada-table/1',
      table: '3x3',
      ruleset: 'seed',
      ships: [],
      tokens: [],
      obstacles: [{ id: 'rift', type: 'gravity-rift', x: 450, y: 450, rotation: 0 }],
      squadrons: [
        { id: 'a', player: 1, x: 450, y: 450 },
        { id: 'b', player: 2, x: 455, y: 445 },
      ],
      proposals: [0, 1].map((i) => ({
        id: `p${i}`,
        kind: 'place-exogorth',
        placedBy: 1,
        obstacle: { id: `e${i}`, type: 'exogorth-1', x: 450, y: 450, rotation: i * 10 },
      })),
    };
    const table = validateTable(t);
    const whole = proposals(new World(table));
    const b = new Budget(2, ticking()); // the first proposal begun, over at the next check
    const part = proposals(new World(table), b);
    const note = b.note()!;
    expect(note).not.toBeNull();
    expect(part.length).toBeGreaterThan(0);
    const cut = note.proposalsCut ?? [];
    if (cut.length) {
      expect(cut[0]).toMatchObject({ id: 'p0', of: 'placement orders' });
      expect(cut[0].judged).toBeLessThan(cut[0].asked);
      expect(String(part[0].why)).toMatch(
        /^Cut by the budget: the displaced squadrons' places are the best of/,
      );
      expect(
        Object.keys(part[0].placements ?? {}).length +
          ((part[0].unplaced as string[] | undefined)?.length ?? 0),
      ).toBe(part[0].displaced!.length);
    } else expect(json(part[0])).toBe(json(whole[0]));
    expect(cut.length).toBe(1);
    console.log(
      `exogorth in a rift: ${cut.length ? `cut inside (${cut[0].judged} of ${cut[0].asked} packing orders)` : 'the first packing order placed every squadron: no cut inside'}`,
    );
  }, 60_000);
});

describe('the writer keeps the budget too', () => {
  const table = parseTableText(JSON.stringify(purrgilRounds(2)));
  const collect = () => {
    const parts: string[] = [];
    return {
      out: new Writable({
        write(c, _e, done) {
          parts.push(String(c));
          done();
        },
      }),
      text: () => parts.join(''),
    };
  };
  it('cut while writing the attacks: the first k written, proposals all left out, partial says both', async () => {
    const budget = new Budget(1e9);
    const report = analyzeWorld(new World(table), budget);
    const whole = JSON.parse(JSON.stringify(roundNumbers(report)));
    let entries = 0;
    const k = 37;
    report.partial = { toJSON: () => budget.note() ?? undefined };
    const { out, text } = collect();
    await writeJson(out, report, roundNumbers, {
      sections: new Set(['attacks', 'proposals']),
      over: () => entries++ >= k, // over at the k+1th attack
      cut(key, written) {
        if (key === 'attacks') budget.attacksJudged = Math.min(budget.attacksJudged, written);
        else
          budget.proposalsNotJudged = [
            ...report.proposals.slice(written).map((p) => p.id),
            ...budget.proposalsNotJudged,
          ];
      },
    });
    const got = JSON.parse(text());
    expect(got.attacks).toEqual(whole.attacks.slice(0, k));
    expect(got.proposals).toEqual([]);
    const p = got.partial as PartialNote;
    expect(p.sections.attacks).toEqual({ judged: k, asked: whole.attacks.length });
    expect(p.proposalsNotJudged).toEqual(table.proposals.map((x) => x.id));
    expect(Object.keys(got)[Object.keys(got).length - 1]).toBe('partial');
  });
  it('nothing cut: the same bytes as the report without a budget, and no `partial` key', async () => {
    const budget = new Budget(1e9);
    const report = analyzeWorld(new World(table), budget);
    report.partial = { toJSON: () => budget.note() ?? undefined };
    const { out, text } = collect();
    await writeJson(out, report, roundNumbers, {
      sections: new Set(['attacks', 'proposals']),
      over: () => false,
      cut: () => undefined,
    });
    expect(text()).toBe(JSON.stringify(roundNumbers(analyzeWorld(new World(table)))) + '\n');
  });
});

describe('a budget spent before the attacks', () => {
  it('counts them without building their context: asked equals the number judged without a budget', async () => {
    const { readFileSync } = await import('node:fs');
    const { attacks, attackCount } = await import('../../../src/rules/attacks/attacks');
    for (const f of ['every-class.json', 'attacks-fleet.json', 'campaign-exogorth.json']) {
      const t = parseTableText(readFileSync(new URL(`../../tables/${f}`, import.meta.url), 'utf8'));
      const w = new World(t);
      const n = attacks(w).length;
      expect(attackCount(w), f).toBe(n);
      const b = new Budget(0, ticking());
      b.over();
      expect(attacks(w, { budget: b })).toEqual([]);
      expect(b.note()!.sections.attacks, f).toEqual({ judged: 0, asked: n });
    }
  }, 60_000);
});
