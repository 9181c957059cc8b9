/**
 * 10,000 mutated table files thrown at parsing and analysis. Each is either analysed (a report
 * whose numbers are all finite) or refused with a TableError whose one-line message names the
 * field; nothing else is thrown, and no file takes long.
 */
import { describe, expect, it } from 'vitest';
import { roundNumbers } from '../../src/model/report';
import { parseTableText, TableError } from '../../src/model/table';
import { analyze } from '../../src/rules/report/analyze';
import { type Json, mutatedFile } from '../support/mutate';

const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
/** Seeds differ from run to run (FUZZ_SEED repeats one); every failure names the seed of its case. */
const SEED0 = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz seeds start at ${SEED0} (FUZZ_SEED=${SEED0} repeats this run)`);

const core: Json = {
  format: 'armada-table/1',
  table: '3x6',
  ruleset: 'seed',
  ships: [{ id: 'isd', size: 'large', class: 'imperial', player: 1, x: 700, y: 200, rotation: 0, speed: 2 }],
  squadrons: [{ id: 'x1', player: 2, x: 720, y: 330 }],
  obstacles: [{ id: 'rock', type: 'asteroid-b', x: 760, y: 420, rotation: 30 }],
  tokens: [{ id: 'obj', x: 300, y: 450, radius: 12.5 }],
};
const campaign: Json = {
  format: 'armada-table/1',
  table: '3x3',
  ruleset: '1.6',
  ships: [
    { id: 'neb', size: 'small', class: 'nebulon-b', player: 2, x: 560, y: 700, rotation: 180, speed: 3 },
  ],
  squadrons: [{ id: 'tie', player: 1, x: 420, y: 420 }],
  obstacles: [
    { id: 'purr', type: 'purrgil-1', x: 700, y: 350, rotation: 30 },
    { id: 'rift', type: 'gravity-rift', x: 250, y: 600 },
  ],
  proposals: [
    {
      id: 'exo',
      kind: 'place-exogorth',
      placedBy: 2,
      obstacle: { id: 'e1', type: 'exogorth-1', x: 650, y: 480, rotation: 90 },
    },
    {
      id: 'swim',
      kind: 'move-obstacle',
      obstacle: 'purr',
      to: { x: 760, y: 300, rotation: 60 },
      maxDistance: 2,
    },
    { id: 'ok', kind: 'setup', reading: 'erratum' },
  ],
  measurements: { distanceBands: { '1': 77 }, squadronDiameter: 30, dialFrame: { protrusion: 3 } },
};

function allFinite(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(allFinite);
  if (v && typeof v === 'object') return Object.values(v).every(allFinite);
  return true;
}

interface Outcome {
  analysed: number;
  refused: number;
  slowest: number;
  paths: Set<string>;
}

function fuzz(base: Json, seed0: number, n: number): Outcome {
  const out: Outcome = { analysed: 0, refused: 0, slowest: 0, paths: new Set() };
  for (let i = 0; i < n; i++) {
    const seed = seed0 + i;
    const text = mutatedFile(base, seed);
    const t0 = performance.now();
    let table;
    try {
      table = parseTableText(text);
    } catch (e) {
      if (!(e instanceof TableError))
        throw new Error(`seed ${seed}: parsing threw ${(e as Error).name}: ${(e as Error).message}`);
      if (/[\n\r\u2028\u2029]/.test(e.message))
        throw new Error(`seed ${seed}: message is not one line: ${JSON.stringify(e.message)}`);
      if (e.path && !e.message.startsWith(`${e.path}: `))
        throw new Error(`seed ${seed}: message does not start with its path: ${e.message}`);
      if (!e.path && !/^not valid JSON/.test(e.message))
        throw new Error(`seed ${seed}: refusal names no field: ${e.message}`);
      out.refused++;
      out.paths.add(e.path.replace(/\[\d+\]/g, '[]'));
      continue;
    }
    let report;
    try {
      report = roundNumbers(analyze(table));
    } catch (e) {
      throw new Error(
        `seed ${seed}: analysis of an accepted table threw ${(e as Error).stack}\n${text.slice(0, 2000)}`,
      );
    }
    if (!allFinite(report))
      throw new Error(`seed ${seed}: report holds a non-finite number\n${text.slice(0, 2000)}`);
    JSON.stringify(report);
    out.analysed++;
    out.slowest = Math.max(out.slowest, performance.now() - t0);
  }
  return out;
}

describe(`${CASES} mutated table files`, () => {
  // split across the two bases: most on the small core table, the rest on the campaign one with proposals
  const nCampaign = Math.round(CASES * 0.1);
  for (const [name, base, seed, n] of [
    ['core', core, SEED0, CASES - nCampaign],
    ['campaign', campaign, SEED0 + 1_000_000, nCampaign],
  ] as const) {
    it(`${name}: each is analysed or refused naming its field; none crashes or hangs`, () => {
      const o = fuzz(base, seed, n);
      console.log(
        `${name}: ${o.analysed} analysed, ${o.refused} refused, slowest ${o.slowest.toFixed(0)} ms, ${o.paths.size} distinct fields named`,
      );
      expect(o.analysed + o.refused).toBe(n);
      // the mutations reach both outcomes and many fields
      expect(o.analysed).toBeGreaterThan(n * 0.05);
      expect(o.refused).toBeGreaterThan(n * 0.3);
      expect(o.paths.size).toBeGreaterThan(15);
      expect(o.slowest).toBeLessThan(5000);
    }, 180_000); // 9,000 cases take 40-70 s on the shared machine
  }
});
