/**
 * The published JSON Schema of armada-table/1 (schema/armada-table-1.schema.json), checked with a
 * well-kept validator (Ajv, draft 2020-12): every table file the project ships or reads is valid;
 * broken ones are not; and it is never stricter than the app's own validation (a mutated file the
 * app accepts, the schema accepts too).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { tournamentTable } from '../../scripts/bench/tables';
import { parseTableText } from '../../src/model/table';
import { type Json, mutatedFile } from '../support/mutate';
import { SHARED, sharedFile } from '../support/shared';

const schema = JSON.parse(readFileSync('schema/armada-table-1.schema.json', 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true, strictRequired: false }).compile(schema);
const tablesIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f));
const files = [
  'assets/demo-table.json',
  'e2e/fixtures/tournament-table.json',
  ...tablesIn('test/tables'),
  ...(sharedFile('tables', 'the schema check of the example tables') ? tablesIn(join(SHARED, 'tables')) : []),
];

describe('the JSON Schema of armada-table/1', () => {
  it.each(files)('%s is valid', (file) => {
    const ok = validate(JSON.parse(readFileSync(file, 'utf8')));
    expect(validate.errors ?? [], file).toEqual([]);
    expect(ok).toBe(true);
  });

  it('generated tournament tables are valid', () => {
    for (const seed of [1, 2, 3]) expect(validate(tournamentTable(seed)), String(seed)).toBe(true);
  });

  it('refuses what the format does not allow', () => {
    const base = JSON.parse(readFileSync('assets/demo-table.json', 'utf8'));
    const broken: [string, (t: Record<string, unknown> & typeof base) => void][] = [
      ['no format', (t) => delete t.format],
      ['another format', (t) => (t.format = 'armada-table/2')],
      ['a 4x4 table', (t) => (t.table = '4x4')],
      ['a ship of size "tiny"', (t) => (t.ships[0].size = 'tiny')],
      ['a rotation in words', (t) => (t.ships[0].rotation = 'ten')],
      ['player 3', (t) => (t.squadrons[0].player = 3)],
      ['speed 5', (t) => (t.ships[0].speed = 5)],
      ['an unknown obstacle', (t) => (t.obstacles[0].type = 'moon')],
      ['a token of radius 0', (t) => (t.tokens = [{ id: 'obj', x: 1, y: 1, radius: 0 }])],
    ];
    for (const [what, edit] of broken) {
      const t = structuredClone(base);
      edit(t);
      expect(validate(t), what).toBe(false);
      expect(() => parseTableText(JSON.stringify(t)), what).toThrow();
    }
  });

  it('is never stricter than the app: 500 mutated files the app accepts, the schema accepts', () => {
    const base = JSON.parse(readFileSync('test/tables/attacks-fleet.json', 'utf8')) as Json;
    let accepted = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const text = mutatedFile(base, seed);
      let ok = true;
      try {
        parseTableText(text);
      } catch {
        ok = false;
      }
      if (!ok) continue;
      accepted++;
      expect(validate(JSON.parse(text)), `seed ${seed}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(accepted).toBeGreaterThan(50);
  });
});
