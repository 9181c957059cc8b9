/**
 * `analyze` reports every attack pair on a table of 10 ships and 24 squadrons
 * (test/tables/attacks-fleet.json), and every report keeps to table-format.md.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTableText } from '../../../src/model/table';
import type { AttackReport } from '../../../src/model/report';
import { analyze } from '../../../src/rules/report/analyze';
import { attacks, attacksFrom } from '../../../src/rules/attacks/attacks';
import { World } from '../../../src/rules/world';
import { cliArgs } from '../../cli-bundle';

const FILE = 'test/tables/attacks-fleet.json';
const text = readFileSync(FILE, 'utf8');
const t = parseTableText(text);

describe('attacks on a 10-ship, 24-squadron table', () => {
  it('the table is what it says', () => {
    expect(t.ships.length).toBe(10);
    expect(t.squadrons.length).toBe(24);
  });

  const report = analyze(t);
  const zonesOf = (p: 1 | 2) =>
    t.ships
      .filter((s) => s.player === p)
      .flatMap((s) => ['front', 'left', 'right', 'rear'].map((z) => `${s.id}.${z}`));
  const squadsOf = (p: 1 | 2) => t.squadrons.filter((s) => s.player === p).map((s) => s.id);

  it('reports every ordered pair of an attacker and an enemy defender, once, in table order', () => {
    const expected: [string, string][] = [];
    const attackers = [
      ...t.ships.flatMap((s) =>
        ['front', 'left', 'right', 'rear'].map((z) => ({ key: `${s.id}.${z}`, p: s.player })),
      ),
      ...t.squadrons.map((q) => ({ key: q.id, p: q.player })),
    ];
    for (const a of attackers) {
      const enemy = a.p === 1 ? 2 : 1;
      for (const d of [...zonesOf(enemy), ...squadsOf(enemy)]) expected.push([a.key, d]);
    }
    expect(expected.length).toBe(2 * (5 * 4 + 12) * (5 * 4 + 12));
    expect(report.attacks.map((a) => [a.attacker, a.defender])).toEqual(expected);
  });

  it('every entry keeps to the format and is consistent with itself', () => {
    const squadronIds = new Set(t.squadrons.map((q) => q.id));
    for (const a of report.attacks as AttackReport[]) {
      const shipAttacker = !squadronIds.has(a.attacker);
      expect(['clear', 'obstructed', 'blocked', 'dust']).toContain(a.los);
      expect(shipAttacker ? ['close', 'medium', 'long', 'beyond'] : ['distance-1', 'beyond']).toContain(
        a.range,
      );
      if (!shipAttacker) expect(a.inArc).toBe(true);
      if (!shipAttacker) expect(a.los).not.toBe('dust');
      const [[x0, y0], [x1, y1]] = a.rangeLine!;
      expect(Math.abs(Math.hypot(x1 - x0, y1 - y0) - a.rangeMm!)).toBeLessThan(1e-9);
      expect(a.los === 'blocked').toBe(((a.blockedBy as string[] | undefined) ?? []).length > 0);
      if (a.los === 'obstructed') expect(a.obstructedBy.length).toBeGreaterThan(0);
      if (a.los === 'clear') expect(a.obstructedBy).toEqual([]);
      expect(a.obstructedBy.every((id) => !id.includes('.'))).toBe(true); // obstacles and ships, never hull zones
      expect(a.why.length).toBeGreaterThan(40);
      expect(a.why).toContain(a.defender);
      if (!a.inArc) expect(a.rangeMeasuredTo).toMatch(/outside the arc/);
    }
  });

  it('has a spread of verdicts (the fixture exercises every kind)', () => {
    const kinds = new Set(report.attacks.map((a) => a.los));
    expect([...kinds].sort()).toEqual(['blocked', 'clear', 'dust', 'obstructed']);
    const ranges = new Set(report.attacks.map((a) => a.range));
    for (const r of ['close', 'medium', 'long', 'beyond'])
      expect(ranges.has(r as AttackReport['range'])).toBe(true);
  });

  it('attacksFrom, one attacker at a time, gives the same answers as attacks', () => {
    const w = new World(t);
    const all = attacks(w);
    const keys = [...new Set(all.map((a) => a.attacker))];
    expect(keys.flatMap((k) => attacksFrom(w, k))).toEqual(all);
  });

  it('is fast enough to judge on every drag (timings logged)', () => {
    const w = new World(t);
    let t0 = performance.now();
    attacks(w);
    const first = performance.now() - t0;
    t0 = performance.now();
    for (let i = 0; i < 5; i++) attacks(new World(t));
    const full = (performance.now() - t0) / 5;
    t0 = performance.now();
    for (let i = 0; i < 20; i++) attacksFrom(new World(t), 'p1s2.front');
    const one = (performance.now() - t0) / 20;
    console.log(
      `attacks: first ${first.toFixed(1)} ms, then ${full.toFixed(1)} ms for 2048 pairs; attacksFrom one zone with a fresh world ${one.toFixed(2)} ms`,
    );
    expect(full).toBeLessThan(2000);
    expect(one).toBeLessThan(100);
  });

  it('the analyze command prints them (rounded to 0.01)', () => {
    const out = execFileSync(process.execPath, [...cliArgs('analyze'), FILE], {
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 256 * 1024 * 1024,
    });
    const printed = JSON.parse(out);
    expect(printed.attacks.length).toBe(2048);
    expect(printed.attacks[0].attacker).toBe('p1s0.front');
    for (const a of printed.attacks.slice(0, 50)) {
      for (const v of [a.rangeMm, ...a.losLine.flat()]) expect(Math.round(v * 100) / 100).toBe(v);
    }
  });
});
