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

  it('the photo field: a file with calibration and marks is valid; broken photo fields are refused by both', () => {
    // a camera straight above at 2 px per mm: table (x, y) mm is pixel (2x, 2y)
    const at = (x: number, y: number) => [2 * x, 2 * y];
    const t = {
      format: 'armada-table/1',
      table: '3x6',
      ships: [{ id: 'cr90', class: 'cr90', player: 2, x: 900, y: 450, rotation: 0 }],
      squadrons: [],
      obstacles: [{ id: 'rock', type: 'asteroid-a', x: 400, y: 300, rotation: 0 }],
      tokens: [],
      photo: {
        size: [4000, 2000],
        calibration: [
          { px: at(100, 100), mm: [100, 100] },
          { px: at(1700, 100), mm: [1700, 100] },
          { px: at(1700, 800), mm: [1700, 800] },
          { px: at(100, 800), mm: [100, 800] },
          { px: at(410, 290), piece: 'rock', point: [10, -10] },
        ],
        marks: [
          {
            piece: 'cr90',
            px: [at(900 - 21.5, 450 + 35.5), at(900 + 21.5, 450 + 35.5)],
            points: ['front-left', 'front-right'],
          },
        ],
      },
    };
    expect(() => parseTableText(JSON.stringify(t))).not.toThrow();
    expect(validate(t), JSON.stringify(validate.errors)).toBe(true);
    type P = typeof t.photo & Record<string, unknown>;
    const broken: [string, (p: P) => void][] = [
      ['a side of 0 px', (p) => (p.size = [0, 2000])],
      ['three calibration points', (p) => p.calibration.splice(3)],
      ['a corner named "middle"', (p) => (p.marks[0].points[0] = 'middle')],
      ['a pixel left of the photo', (p) => (p.marks[0].px[0] = [-5, 900])],
      [
        'a point with both mm and piece',
        (p) => Object.assign(p.calibration[0], { piece: 'rock', point: [0, 0] }),
      ],
      ['a mark without points', (p) => delete (p.marks[0] as Partial<(typeof p.marks)[0]>).points],
      ['an image id in words', (p) => (p.imageId = 'my photo')],
    ];
    for (const [what, edit] of broken) {
      const b = structuredClone(t);
      edit(b.photo as P);
      expect(validate(b), what).toBe(false);
      expect(() => parseTableText(JSON.stringify(b)), what).toThrow();
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
