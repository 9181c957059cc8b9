import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { tournamentTable } from '../../scripts/bench/tables';
import { CATALOG } from '../../src/model/catalog';
import type { Table } from '../../src/model/table';
import { attacksFrom } from '../../src/rules/attacks/attacks';
import { attackContext } from '../../src/rules/attacks/context';
import { World } from '../../src/rules/world';
import { analyze } from '../../src/rules/report/analyze';
import { type LiveAnalysis, liveAnalysis, primeDrag } from '../../src/state/analysis';

// A drag step judged live (the selected attacker's attacks, frameOnly) keeps the previous step's attack
// context, the moved ship's part worked out again: its attacks must be those judged on a fresh world; and
// its overlaps and collisions, the moved ship's pairs judged again, those of a whole analysis.
const moveShip = (t: Table, i: number, dx: number, dy: number, dr: number): Table => ({
  ...t,
  ships: t.ships.map((s, k) => (k === i ? { ...s, x: s.x + dx, y: s.y + dy, rotation: s.rotation + dr } : s)),
});

describe('a live drag step', () => {
  const base = tournamentTable(1);
  const step = fc.tuple(
    fc.double({ min: -30, max: 30, noNaN: true }),
    fc.double({ min: -30, max: 30, noNaN: true }),
    fc.double({ min: -20, max: 20, noNaN: true }),
  );
  it("judges the selected attacker's attacks as on a fresh world, keeping the other sides' context", () => {
    // the live judging stops at a time budget (LIVE_ATTACKS_MS): the clock is held still, so that a
    // loaded machine judges every attack here as a quiet one does
    const clock = vi.spyOn(performance, 'now').mockReturnValue(0);
    try {
      check();
    } finally {
      clock.mockRestore();
    }
  });
  const check = () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: base.ships.length - 1 }),
        fc.constantFrom('moved', 'other', 'squadron'),
        fc.constantFrom<'base' | 'token'>('base', 'token'),
        fc.array(step, { minLength: 2, maxLength: 6 }),
        (i, who, cover, steps) => {
          let t: Table = { ...base, readings: { ...base.readings, cover } };
          const other = base.ships[(i + 1) % base.ships.length].id;
          const attacker =
            who === 'moved'
              ? `${base.ships[i].id}.front`
              : who === 'other'
                ? `${other}.left`
                : base.squadrons[0].id;
          let a: LiveAnalysis = liveAnalysis(t, undefined, { attacker, frameOnly: true });
          for (const [dx, dy, dr] of steps) {
            t = moveShip(t, i, dx, dy, dr);
            const prev = a;
            a = liveAnalysis(t, prev, { attacker, frameOnly: true });
            // the context was kept: an unmoved side is the previous context's own object
            const kept = attackContext(a.world).sides.find((s) => s.kind === 'squadron');
            expect(kept).toBe(attackContext(prev.world).sides.find((s) => s.kind === 'squadron'));
            const fresh = attacksFrom(new World(t, CATALOG), attacker);
            expect(JSON.stringify(a.report.attacks)).toBe(JSON.stringify(fresh));
            // the pair sections judged again for the moved ship's pairs only: as a whole analysis has them
            const whole = analyze(t);
            expect(JSON.stringify(a.report.overlaps)).toBe(JSON.stringify(whole.overlaps));
            expect(JSON.stringify(a.report.collisions)).toBe(JSON.stringify(whole.collisions));
          }
        },
      ),
      { numRuns: 25, seed: 3 },
    );

  it("starts a drag from a whole picture readied by primeDrag: its context carried, the answers a fresh world's", () => {
    const clock = vi.spyOn(performance, 'now').mockReturnValue(0);
    try {
      for (const i of [0, 3, 7]) {
        const attacker = `${base.ships[i].id}.front`;
        const whole = liveAnalysis(base); // the worker's kind of picture: every section, not live
        expect(whole.live).toBe(false);
        const squadron = (a: LiveAnalysis) => attackContext(a.world).sides.find((s) => s.kind === 'squadron');
        // not readied: the first step builds a context of its own
        const t = moveShip(base, i, 12, -7, 5);
        const cold = liveAnalysis(t, liveAnalysis(base), { attacker, frameOnly: true });
        primeDrag(whole, attacker);
        const first = liveAnalysis(t, whole, { attacker, frameOnly: true });
        expect(squadron(first)).toBe(squadron(whole));
        expect(squadron(cold)).not.toBe(squadron(whole));
        const fresh = attacksFrom(new World(t, CATALOG), attacker);
        expect(JSON.stringify(first.report.attacks)).toBe(JSON.stringify(fresh));
        expect(JSON.stringify(cold.report.attacks)).toBe(JSON.stringify(fresh));
        // and the step after it, from the first
        const t2 = moveShip(t, i, -20, 4, -9);
        const second = liveAnalysis(t2, first, { attacker, frameOnly: true });
        expect(JSON.stringify(second.report.attacks)).toBe(
          JSON.stringify(attacksFrom(new World(t2, CATALOG), attacker)),
        );
      }
    } finally {
      clock.mockRestore();
    }
  });
});
