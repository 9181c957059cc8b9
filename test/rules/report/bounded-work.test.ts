/** Bounded work in the app's judging: proposals never judged on the main thread when a worker is there; budgets cut cleanly. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTableText, type Table } from '../../../src/model/table';
import { plainReport } from '../../../src/model/report';
import { analyzeWorld } from '../../../src/rules/report/analyze';
import { attacks, attacksFrom } from '../../../src/rules/attacks/attacks';
import { Budget, cutSections, type PartialNote } from '../../../src/rules/report/budget';
import { World } from '../../../src/rules/world';
import { distances } from '../../../src/rules/distances';
import { overlaps } from '../../../src/rules/overlaps';
import { collisions } from '../../../src/rules/sanity';
import { validateTable } from '../../../src/model/table';
import { tournamentTable } from '../../../scripts/bench/tables';
import { liveAnalysis } from '../../../src/state/analysis';
import { pilesOnOneSpot } from '../../support/probes';

const load = (f: string): Table =>
  parseTableText(readFileSync(new URL(`../../tables/${f}`, import.meta.url), 'utf8'));

describe('proposals are left to the worker', () => {
  const table = load('campaign-exogorth.json');
  it('a move from a full report keeps the moved pieces judged, the proposals pending (not judged here)', () => {
    expect(table.proposals.some((p) => p.kind === 'place-exogorth')).toBe(true);
    const full = liveAnalysis(table);
    expect(full.report.proposals.length).toBe(table.proposals.length);
    const q = table.squadrons[0];
    const next = { ...table, squadrons: [{ ...q, x: q.x + 5 }, ...table.squadrons.slice(1)] };
    const moved = liveAnalysis(next, full, { attacker: null });
    expect(moved.live).toBe(false);
    expect(moved.proposalsPending).toBe(true);
    expect(moved.report.proposals).toEqual([]);
    // everything else as a full analysis says
    const whole = liveAnalysis(next).report;
    expect(JSON.stringify({ ...moved.report, proposals: whole.proposals })).toBe(JSON.stringify(whole));
    // with no worker (no live picture asked), the move judges them in place
    const inPlace = liveAnalysis(next, full);
    expect(inPlace.proposalsPending).toBeUndefined();
    expect(JSON.stringify(inPlace.report)).toBe(JSON.stringify(whole));
  });

  it('a live picture (pieces added) judges no proposal', () => {
    const more = {
      ...table,
      squadrons: [...table.squadrons, { id: 'extra', player: 1 as const, x: 60, y: 60 }],
    };
    const a = liveAnalysis(more, liveAnalysis(table), { attacker: null });
    expect(a.live).toBe(true);
    expect(a.report.proposals).toEqual([]);
  });
});

describe('budgets', () => {
  const table = load('attacks-fleet.json');
  it('a spent budget leaves attacks and proposals out and says so; an ample one changes nothing', () => {
    const world = new World(table);
    const all = attacks(world);
    let clock = 0;
    const spent = new Budget(0, () => clock++);
    const cut = attacks(world, { budget: spent });
    expect(cut.length).toBe(0);
    expect(spent.attacksAsked).toBe(all.length);
    const ample = new Budget(1e9);
    expect(JSON.stringify(analyzeWorld(new World(table), ample))).toBe(
      JSON.stringify(analyzeWorld(new World(table))),
    );
    expect(ample.note()).toBeNull();
  });

  it('a budget that runs out part way keeps the attacks judged so far, in order, equal to the whole', () => {
    const world = new World(table);
    const all = attacks(world);
    let ticks = 0;
    const b = new Budget(3, () => ticks++); // over after a few checks (every 32 attacks)
    const cut = attacks(world, { budget: b });
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan(all.length);
    expect(JSON.stringify(cut)).toBe(JSON.stringify(all.slice(0, cut.length)));
    const note = b.note()!;
    expect(note.attacksJudged).toBe(cut.length);
    const key = all[0].attacker;
    let c2 = 0;
    const one = attacksFrom(world, key, { budget: new Budget(0, () => c2++) });
    expect(one).toEqual([]);
  });
});

/**
 * A clock that advances one tick per reading. The budget takes the time since its last check as the
 * next step's, here one tick: a Budget(n, clock) lets n - 1 checks pass and is over at the nth.
 */
const ticking = () => {
  let t = 0;
  return () => t++;
};

describe('budgets in the pair sections (distances, overlaps, collisions)', () => {
  const pile = validateTable(pilesOnOneSpot());
  const world = new World(pile);
  const n = world.all.length,
    pieces = [...world.ships, ...world.squadrons];
  /** the position of each pair in a section's own order, so a cut can be checked against the pairs it judged */
  const order = {
    distances: (a: string, b: string) => {
      const i = world.all.findIndex((e) => e.id === a),
        j = world.all.findIndex((e) => e.id === b);
      return i * n - (i * (i + 1)) / 2 + (j - i - 1);
    },
    overlaps: (piece: string, obstacle: string) => {
      const o = world.obstacles.findIndex((e) => e.id === obstacle),
        k = world.ships.findIndex((e) => e.id === piece);
      return (
        o * (world.ships.length + world.squadrons.length) +
        (k >= 0 ? k : world.ships.length + world.squadrons.findIndex((e) => e.id === piece))
      );
    },
    collisions: (a: string, b: string) => {
      const m = pieces.length,
        i = pieces.findIndex((e) => e.id === a),
        j = pieces.findIndex((e) => e.id === b);
      return i * m - (i * (i + 1)) / 2 + (j - i - 1);
    },
  };
  const cases = [
    [
      'distances',
      () => distances(world),
      (b: Budget) => distances(world, b),
      (e: { a: string; b: string }) => order.distances(e.a, e.b),
      (n * (n - 1)) / 2,
    ],
    [
      'overlaps',
      () => overlaps(world),
      (b: Budget) => overlaps(world, b),
      (e: { piece: string; obstacle: string }) => order.overlaps(e.piece, e.obstacle),
      world.obstacles.length * pieces.length,
    ],
    [
      'collisions',
      () => collisions(world),
      (b: Budget) => collisions(world, b),
      (e: { a: string; b: string }) => order.collisions(e.a, e.b),
      (pieces.length * (pieces.length - 1)) / 2,
    ],
  ] as const;

  for (const [name, whole, cut, ordinal, asked] of cases) {
    it(`${name}: a budget that runs out part way keeps exactly the entries of the pairs it judged, and counts them`, () => {
      const all = (whole as () => unknown[])();
      const ord = ordinal as (e: unknown) => number;
      // the ordinals are the section's own order (checks the bookkeeping below)
      expect(all.map(ord)).toEqual([...all.map(ord)].sort((a, b) => a - b));
      for (const checks of [0, 1, 5, 40]) {
        const b = new Budget(checks, ticking());
        const part = (cut as (b: Budget) => unknown[])(b);
        const note = b.note()!;
        expect(note, `${name} after ${checks} checks`).not.toBeNull();
        const c = note.sections[name]!;
        expect(c.asked).toBe(asked);
        expect(c.judged).toBeLessThan(asked);
        expect(c.judged).toBeGreaterThanOrEqual(Math.max(0, checks - 1)); // at least one pair between checks
        // the entries kept are those of pairs before the cut, in order: a prefix of the whole
        expect(JSON.stringify(part)).toBe(JSON.stringify(all.filter((e) => ord(e) < c.judged)));
        if (checks === 0) expect(part).toEqual([]);
      }
      const ample = new Budget(1e9);
      expect(JSON.stringify((cut as (b: Budget) => unknown[])(ample))).toBe(JSON.stringify(all));
      expect(ample.note()).toBeNull();
    }, 30_000);
  }
});

describe('a budgeted report', () => {
  const tables: [string, Table][] = [
    ...[
      'attacks-fleet.json',
      'attacks-dust.json',
      'campaign-exogorth.json',
      'campaign-setup.json',
      'every-class.json',
    ].map((f) => [f, load(f)] as [string, Table]),
    ['tournament', tournamentTable(2)],
  ];
  it('within its budget, byte for byte the report without one, and no `partial`', () => {
    for (const [name, t] of tables) {
      const b = new Budget(1e9);
      const r = analyzeWorld(new World(t), b);
      expect(r.partial, name).toBeUndefined();
      expect(JSON.stringify(plainReport(r)), name).toBe(
        JSON.stringify(plainReport(analyzeWorld(new World(t)))),
      );
    }
  });

  it('a budget spent from the start leaves every cut section out and names each, with what was asked', () => {
    const t = load('attacks-fleet.json');
    const w = new World(t);
    const r = analyzeWorld(w, new Budget(0, ticking()));
    const n = w.all.length,
      sq = w.ships.length + w.squadrons.length;
    expect(r.distances).toEqual([]);
    expect(r.overlaps).toEqual([]);
    expect(r.collisions).toEqual([]);
    expect(r.attacks).toEqual([]);
    const p = r.partial as PartialNote;
    expect(p.sections.distances).toEqual({ judged: 0, asked: (n * (n - 1)) / 2 });
    expect(p.sections.collisions).toEqual({ judged: 0, asked: (sq * (sq - 1)) / 2 });
    expect(p.sections.attacks).toEqual({ judged: 0, asked: analyzeWorld(new World(t)).attacks.length });
    if (w.obstacles.length)
      expect(p.sections.overlaps).toEqual({ judged: 0, asked: w.obstacles.length * sq });
    // what is not cut by a budget is whole
    const whole = analyzeWorld(new World(t));
    expect(JSON.stringify(r.shapes)).toBe(JSON.stringify(whole.shapes));
    expect(JSON.stringify(r.offTable)).toBe(JSON.stringify(whole.offTable));
    expect(cutSections(p)).toMatch(
      /^distances \(0 of \d+ pairs\), overlaps .*collisions \(0 of \d+ pairs\), attacks \(0 of \d+\)$/,
    );
  });

  it('the pair sections are judged before attacks: a budget that runs out among the attacks leaves them whole', () => {
    const t = load('campaign-exogorth.json');
    // how many checks the pair sections make, with a clock that never runs out
    let checks = 0;
    const counter = new Budget(1e12, () => checks++);
    const w0 = new World(t);
    distances(w0, counter);
    overlaps(w0, counter);
    collisions(w0, counter);
    const pairChecks = checks - 1; // the first reading set the deadline
    // one more check: attacks() asks once before building its context (a spent budget skips it)
    const r = analyzeWorld(new World(t), new Budget(pairChecks + 4, ticking()));
    const whole = analyzeWorld(new World(t));
    const p = r.partial as PartialNote;
    expect(Object.keys(p.sections)).toEqual(t.proposals.length ? ['attacks', 'proposals'] : ['attacks']);
    expect(p.sections.attacks!.judged).toBe(64); // the checks at 0 and 32 pass, the one at 64 stops
    expect(JSON.stringify(r.distances)).toBe(JSON.stringify(whole.distances));
    expect(JSON.stringify(r.overlaps)).toBe(JSON.stringify(whole.overlaps));
    expect(JSON.stringify(r.collisions)).toBe(JSON.stringify(whole.collisions));
    expect(JSON.stringify(r.attacks)).toBe(JSON.stringify(whole.attacks.slice(0, 64)));
    if (t.proposals.length) expect(p.sections.proposals).toEqual({ judged: 0, asked: t.proposals.length });
  });
});

describe('storage corruption', () => {
  it('a second corruption keeps the first copy kept aside, under the next key', async () => {
    const { loadSaved, STORAGE_KEY, UNREADABLE_KEY } = await import('../../../src/state/persist');
    const m = new Map<string, string>();
    const s = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
    } as unknown as Storage;
    s.setItem(STORAGE_KEY, 'first {');
    expect(loadSaved(s).problem).toContain(`"${UNREADABLE_KEY}"`);
    s.setItem(STORAGE_KEY, 'second {');
    expect(loadSaved(s).problem).toContain(`"${UNREADABLE_KEY}.2"`);
    expect(m.get(UNREADABLE_KEY)).toBe('first {');
    expect(m.get(`${UNREADABLE_KEY}.2`)).toBe('second {');
    // the same text again is not copied twice
    s.setItem(STORAGE_KEY, 'second {');
    expect(loadSaved(s).problem).toContain(`"${UNREADABLE_KEY}.2"`);
    expect(m.size).toBe(3);
  });
});

describe('the budget looks one step ahead', () => {
  it("a step that would end past the deadline is not begun: the last step's length is taken as the next one's", () => {
    let t = 0;
    const b = new Budget(1000, () => t);
    t = 100;
    expect(b.over()).toBe(false); // no step seen yet
    t = 400;
    expect(b.over()).toBe(false); // a 300 ms step: the next would end at 700
    t = 750;
    expect(b.over()).toBe(true); // a 350 ms step: the next would end at 1100, past 1000: not begun
    t = 0;
    const c = new Budget(1000, () => t);
    t = 1100;
    expect(c.over()).toBe(true); // past the deadline, whatever the step
    let u = 0;
    const d = new Budget(1000, () => u);
    for (u = 0; u <= 990; u += 10) expect(d.over()).toBe(false); // short steps use the budget to its end
    u = 1000;
    expect(d.over()).toBe(true);
  });
});
