/** Bounded work in the app's judging: proposals never judged on the main thread when a worker is there; budgets cut cleanly. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTableText, type Table } from '../src/model/table';
import { analyzeWorld } from '../src/rules/analyze';
import { attacks, attacksFrom } from '../src/rules/attacks';
import { Budget } from '../src/rules/budget';
import { World } from '../src/rules/world';
import { analyse } from '../src/state/analysis';

const load = (f: string): Table => parseTableText(readFileSync(new URL(`./tables/${f}`, import.meta.url), 'utf8'));

describe('proposals are left to the worker', () => {
  const table = load('campaign-exogorth.json');
  it('a move from a full report keeps the moved pieces judged, the proposals pending (not judged here)', () => {
    expect(table.proposals.some((p) => p.kind === 'place-exogorth')).toBe(true);
    const full = analyse(table);
    expect(full.report.proposals.length).toBe(table.proposals.length);
    const q = table.squadrons[0];
    const next = { ...table, squadrons: [{ ...q, x: q.x + 5 }, ...table.squadrons.slice(1)] };
    const moved = analyse(next, full, { attacker: null });
    expect(moved.live).toBe(false);
    expect(moved.proposalsPending).toBe(true);
    expect(moved.report.proposals).toEqual([]);
    // everything else as a full analysis says
    const whole = analyse(next).report;
    expect(JSON.stringify({ ...moved.report, proposals: whole.proposals })).toBe(JSON.stringify(whole));
    // with no worker (no live picture asked), the move judges them in place
    const inPlace = analyse(next, full);
    expect(inPlace.proposalsPending).toBeUndefined();
    expect(JSON.stringify(inPlace.report)).toBe(JSON.stringify(whole));
  });

  it('a live picture (pieces added) judges no proposal', () => {
    const more = { ...table, squadrons: [...table.squadrons, { id: 'extra', player: 1 as const, x: 60, y: 60 }] };
    const a = analyse(more, analyse(table), { attacker: null });
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
    expect(JSON.stringify(analyzeWorld(new World(table), ample))).toBe(JSON.stringify(analyzeWorld(new World(table))));
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

describe('storage corruption', () => {
  it('a second corruption keeps the first copy kept aside, under the next key', async () => {
    const { loadSaved, STORAGE_KEY, UNREADABLE_KEY } = await import('../src/state/persist');
    const m = new Map<string, string>();
    const s = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) } as unknown as Storage;
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
