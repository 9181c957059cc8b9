import { describe, expect, it } from 'vitest';
import { tournamentTable } from '../../scripts/bench/tables';
import type { Table } from '../../src/model/table';
import { LIVE_PIECES, liveAnalysis } from '../../src/state/analysis';
import { warmUp, warmUpSteps } from '../../src/state/warm-up';

// The warm-up judges a short drag on copies of the table: it must really judge (the attacks of the
// moved ship's zone) and leave the table and the analysis it starts from as they were.
const frozen = <T>(x: T): T => {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) frozen(v);
  }
  return x;
};

describe('warmUp', () => {
  it("judges a drag step of the first ship's front hull zone, touching nothing it is given", () => {
    const table = tournamentTable(2);
    const from = liveAnalysis(table);
    const before = JSON.stringify(from.report);
    frozen(table);
    const last = warmUp(table, from)!;
    const judged = last.report.attacks.length;
    // every other ship's hull zones and every squadron could be its defender: some are in its arc
    expect(judged).toBeGreaterThan(0);
    // the last step overlaps the second ship: the two bases' collision judged
    const [a, b] = [table.ships[0].id, table.ships[1].id];
    expect(
      (last.report.collisions ?? []).some((c) => [a, b].every((id) => JSON.stringify(c).includes(id))),
    ).toBe(true);
    // its last step puts the ship on the second one: the same attacks are judged (the defenders do not
    // change with the attacker's place)
    const zoneAttacks = from.report.attacks.filter((a) => a.attacker === `${table.ships[0].id}.front`);
    expect(judged).toBe(zoneAttacks.length);
    expect(JSON.stringify(from.report)).toBe(before);
  });

  it('tours the table: the moved ship comes onto every obstacle, turning as it goes', () => {
    const table = tournamentTable(2);
    const ship = table.ships[0].id;
    const met = new Set<string>();
    const turns = new Set<number>();
    for (const a of warmUpSteps(table, liveAnalysis(table))) {
      for (const o of a.report.overlaps) if (JSON.stringify(o).includes(ship)) met.add(JSON.stringify(o));
      turns.add(a.table.ships[0].rotation);
    }
    for (const o of table.obstacles)
      expect(
        [...met].some((m) => m.includes(`"${o.id}"`)),
        o.id,
      ).toBe(true);
    expect(turns.size).toBeGreaterThan(20);
  });

  it('warms up on a table of one ship and nothing else (the tour stays in place, turning)', () => {
    const table = tournamentTable(2);
    const lone: Table = { ...table, ships: [table.ships[0]], squadrons: [], obstacles: [], tokens: [] };
    const turns = new Set<number>();
    for (const a of warmUpSteps(lone, liveAnalysis(lone), 12)) turns.add(a.table.ships[0].rotation);
    expect(turns.size).toBeGreaterThan(5);
    const last = warmUp(lone, liveAnalysis(lone))!;
    expect(last.table.ships[0].x).toBe(table.ships[0].x + 10);
  });

  it('does nothing on a table without ships, or with an analysis of another table', () => {
    const table = tournamentTable(2);
    const none: Table = { ...table, ships: [] };
    expect(warmUp(none, liveAnalysis(none))).toBe(null);
    expect(warmUp(table, liveAnalysis(none))).toBe(null);
  });

  it("does nothing on a crowded table (past the live judging's piece limit)", () => {
    const table = tournamentTable(2);
    const many = Array.from({ length: LIVE_PIECES }, (_, i) => ({ ...table.squadrons[0], id: `extra-${i}` }));
    const crowded: Table = { ...table, squadrons: [...table.squadrons, ...many] };
    expect(warmUp(crowded, liveAnalysis(crowded))).toBe(null);
  });
});
