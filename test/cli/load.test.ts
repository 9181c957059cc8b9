/**
 * The load probes (heavy tables) through the CLI, as a user runs it: 200 large ships (320,000
 * attacks asked: refused up front), 200 pieces on one spot (judged to the default budget, the
 * report marked partial), 2,000 proposals (refused up front). Each must be answered or refused
 * within 30 s: the spawn is killed at 30 s, which fails the test. Times are printed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manyLargeShips, manyProposals, pilesOnOneSpot } from '../support/probes';
import { cliArgs } from '../cli-bundle';

const ROOT = join(__dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'armada-load-'));

function analyse(name: string, table: unknown) {
  const f = join(dir, `${name}.json`);
  writeFileSync(f, JSON.stringify(table));
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [...cliArgs('analyze'), f], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
    maxBuffer: 1 << 30,
    env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=1024' },
  });
  console.log(
    `${name}: exit ${r.status} in ${Date.now() - t0} ms; ${r.stdout.length} bytes out; ${r.stderr.trim()}`,
  );
  expect(r.signal, `${name}: not answered within 30 s`).toBeNull();
  return r;
}

describe('the load probes, each answered or refused within 30 s by the CLI', () => {
  it('200 large ships: refused up front, naming the attack count', () => {
    const r = analyse('ships', manyLargeShips());
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^\(file\): asks for 320000 attacks.*at most 100000/);
  });

  it('2,000 proposals: refused up front, naming the limit', () => {
    const r = analyse('proposals', manyProposals(2000));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^proposals: has 2000 proposals; at most 50/);
  });

  it('200 pieces on one spot: a report, marked partial if the budget ran out', () => {
    const r = analyse('spot', pilesOnOneSpot());
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report.shapes)).toHaveLength(200);
    if (report.partial) {
      expect(r.stderr).toMatch(/^partial report/);
      expect(r.stderr).toContain('sections cut: ');
      expect(report.attacks).toHaveLength(report.partial.attacksJudged);
    } else expect(report.attacks).toHaveLength(45000);
    // each section whole, or cut and named: a pile has a distance for every pair, and every ship and squadron on every other
    const cut = report.partial?.sections ?? {};
    expect(report.distances).toHaveLength(cut.distances ? cut.distances.judged : 19900);
    if (!cut.collisions) expect(report.collisions).toHaveLength((150 * 149) / 2);
    if (!cut.overlaps) expect(report.overlaps.length).toBeGreaterThan(0);
  }, 40_000);
});
