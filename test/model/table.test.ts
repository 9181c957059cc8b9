/** Reading table files: every refusal is a TableError whose one-line message starts with the field's path. */
import { describe, expect, it } from 'vitest';
import {
  MAX_ATTACKS,
  MAX_PROPOSALS,
  parseTableText,
  RESERVED_IDS,
  TableError,
  validateTable,
} from '../../src/model/table';

const ok = () => ({
  format: 'armada-table/1',
  table: '3x6',
  ships: [{ id: 'isd', size: 'large', class: 'imperial', player: 1, x: 600, y: 150, rotation: 0, speed: 2 }],
  squadrons: [{ id: 'tie1', player: 1, x: 650, y: 260 }],
  obstacles: [{ id: 'rock1', type: 'asteroid-a', x: 900, y: 450, rotation: 30 }],
  tokens: [{ id: 'obj1', x: 300, y: 450, radius: 12.5 }],
  proposals: [] as unknown[],
});
type T = ReturnType<typeof ok> & Record<string, unknown>;

function refusal(edit: (t: T) => void): TableError {
  const t = ok() as T;
  edit(t);
  try {
    validateTable(JSON.parse(JSON.stringify(t)));
  } catch (e) {
    expect(e).toBeInstanceOf(TableError);
    const err = e as TableError;
    expect(err.message).not.toMatch(/\n/);
    expect(err.message.startsWith(`${err.path}: `)).toBe(true);
    return err;
  }
  throw new Error('accepted a broken table');
}

describe('a valid table', () => {
  it('is read with its defaults filled in', () => {
    const t = validateTable({
      format: 'armada-table/1',
      table: '3x3',
      obstacles: [{ id: 'a', type: 'station', x: 1, y: 2 }],
    });
    expect(t).toMatchObject({ ruleset: 'seed', ships: [], squadrons: [], tokens: [], proposals: [] });
    expect(t.obstacles[0].rotation).toBe(0);
    expect(validateTable(ok()).ships[0]).toMatchObject({ speed: 2, class: 'imperial' });
  });

  it('normalises rotations to [0, 360)', () => {
    for (const [given, want] of [
      [-90, 270],
      [720, 0],
      [-0, 0],
      [359.5, 359.5],
      [-720.25, 359.75],
    ]) {
      const t = ok();
      t.ships[0].rotation = given;
      const r = validateTable(t).ships[0].rotation;
      expect(r).toBeCloseTo(want, 9);
      expect(Object.is(r, -0)).toBe(false);
    }
  });

  it('accepts pieces on the table edge', () => {
    const t = ok();
    t.squadrons[0].x = 0;
    t.squadrons[0].y = 914.4;
    t.tokens[0].x = 1828.8;
    expect(() => validateTable(t)).not.toThrow();
  });
});

describe('each broken field is named by its path', () => {
  const cases: [string, (t: T) => void, string, RegExp?][] = [
    [
      'format',
      (t) => {
        t.format = 'armada-table/2';
      },
      'format',
    ],
    [
      'missing table',
      (t) => {
        delete (t as Partial<T>).table;
      },
      'table',
      /missing/,
    ],
    [
      'table size',
      (t) => {
        t.table = '4x4';
      },
      'table',
      /unknown value "4x4"/,
    ],
    [
      'ruleset',
      (t) => {
        t.ruleset = 1.6;
      },
      'ruleset',
      /expected a string/,
    ],
    [
      'ships not a list',
      (t) => {
        t.ships = {} as never;
      },
      'ships',
      /expected an array/,
    ],
    [
      'ship not an object',
      (t) => {
        (t.ships as unknown[]).push(7);
      },
      'ships[1]',
      /expected an object/,
    ],
    [
      'unknown obstacle type',
      (t) => {
        t.obstacles[0].type = 'asteroid-d';
      },
      'obstacles[0].type',
      /unknown value "asteroid-d"/,
    ],
    [
      'duplicate id across lists',
      (t) => {
        t.tokens[0].id = 'isd';
      },
      'tokens[0].id',
      /duplicate id "isd" \(also used by ships\[0\]\)/,
    ],
    [
      'missing x',
      (t) => {
        delete (t.squadrons[0] as Partial<T['squadrons'][0]>).x;
      },
      'squadrons[0].x',
      /missing; expected a number/,
    ],
    [
      'non-numeric y',
      (t) => {
        (t.ships[0] as Record<string, unknown>).y = '150';
      },
      'ships[0].y',
      /expected a number, got "150"/,
    ],
    [
      'rotation not a number',
      (t) => {
        (t.ships[0] as Record<string, unknown>).rotation = 'north';
      },
      'ships[0].rotation',
      /expected a number/,
    ],
    [
      'rotation null',
      (t) => {
        (t.obstacles[0] as Record<string, unknown>).rotation = null;
      },
      'obstacles[0].rotation',
      /got null/,
    ],
    [
      'rotation absurd',
      (t) => {
        t.ships[0].rotation = 1e300;
      },
      'ships[0].rotation',
      /above/,
    ],
    [
      'missing rotation of a ship',
      (t) => {
        delete (t.ships[0] as Partial<T['ships'][0]>).rotation;
      },
      'ships[0].rotation',
      /missing/,
    ],
    [
      'piece off the table (x)',
      (t) => {
        t.ships[0].x = 1900;
      },
      'ships[0].x',
      /off the 3x6 table/,
    ],
    [
      'piece off the table (y)',
      (t) => {
        t.obstacles[0].y = -0.5;
      },
      'obstacles[0].y',
      /off the 3x6 table/,
    ],
    [
      'off a 3x3 table',
      (t) => {
        t.table = '3x3';
        t.tokens[0].x = 1000;
      },
      'tokens[0].x',
      /off the 3x3 table/,
    ],
    [
      'size',
      (t) => {
        t.ships[0].size = 'gigantic';
      },
      'ships[0].size',
      /unknown value/,
    ],
    [
      'huge size given to a large class',
      (t) => {
        t.ships[0].size = 'huge';
      },
      'ships[0].class',
      /large ship, not huge/,
    ],
    [
      'class of another size',
      (t) => {
        t.ships[0].class = 'cr90';
      },
      'ships[0].class',
      /small ship, not large/,
    ],
    [
      'class from the prototype',
      (t) => {
        t.ships[0].class = 'toString';
      },
      'ships[0].class',
      /unknown ship class/,
    ],
    [
      'player',
      (t) => {
        t.squadrons[0].player = 3;
      },
      'squadrons[0].player',
      /expected 1 or 2/,
    ],
    [
      'speed',
      (t) => {
        t.ships[0].speed = 2.5;
      },
      'ships[0].speed',
      /whole number/,
    ],
    [
      'speed too high',
      (t) => {
        t.ships[0].speed = 5;
      },
      'ships[0].speed',
      /above/,
    ],
    [
      'token radius',
      (t) => {
        t.tokens[0].radius = 0;
      },
      'tokens[0].radius',
      /below/,
    ],
    [
      'empty id',
      (t) => {
        t.squadrons[0].id = '';
      },
      'squadrons[0].id',
    ],
    [
      'id not a string',
      (t) => {
        (t.squadrons[0] as Record<string, unknown>).id = 5;
      },
      'squadrons[0].id',
      /expected a string/,
    ],
    [
      'proposal kind',
      (t) => {
        t.proposals.push({ id: 'p', kind: 'teleport' });
      },
      'proposals[0].kind',
    ],
    [
      'move of a missing obstacle',
      (t) => {
        t.proposals.push({
          id: 'p',
          kind: 'move-obstacle',
          obstacle: 'nope',
          to: { x: 1, y: 1, rotation: 0 },
        });
      },
      'proposals[0].obstacle',
      /no obstacle with id "nope"/,
    ],
    [
      'move without a destination',
      (t) => {
        t.proposals.push({ id: 'p', kind: 'move-obstacle', obstacle: 'rock1' });
      },
      'proposals[0].to',
      /expected an object/,
    ],
    [
      'exogorth that is not one',
      (t) => {
        t.proposals.push({
          id: 'p',
          kind: 'place-exogorth',
          obstacle: { id: 'e', type: 'station', x: 1, y: 1 },
          placedBy: 1,
        });
      },
      'proposals[0].obstacle.type',
    ],
    [
      'measurement band order',
      (t) => {
        t.measurements = { distanceBands: { '1': 80, '2': 70 } };
      },
      'measurements.distanceBands.2',
      /longer than the band before/,
    ],
    [
      'unknown band',
      (t) => {
        t.measurements = { rangeBands: { extreme: 400 } };
      },
      'measurements.rangeBands.extreme',
    ],
    [
      'dial frame width',
      (t) => {
        t.measurements = { dialFrame: { width: 'wide' } };
      },
      'measurements.dialFrame.width',
    ],
    [
      'dial frame wider than a small base',
      (t) => {
        t.measurements = { dialFrame: { width: 50 } };
      },
      'measurements.dialFrame.width',
      /above/,
    ],
    [
      'dial frame of no width',
      (t) => {
        t.measurements = { dialFrame: { width: 0 } };
      },
      'measurements.dialFrame.width',
      /below/,
    ],
    [
      'string with a line break',
      (t) => {
        t.obstacles[0].type = 'dust\n-1';
      },
      'obstacles[0].type',
    ],
  ];
  for (const [what, edit, path, msg] of cases) {
    it(what, () => {
      const e = refusal(edit);
      expect(e.path).toBe(path);
      if (msg) expect(e.message).toMatch(msg);
    });
  }
});

describe('the file as a whole', () => {
  it('text that is not JSON is refused in one line', () => {
    for (const text of ['', '{', 'null', '[]', '"armada"', '{"format": "armada-table/1", "table": "3x6",}']) {
      expect(() => parseTableText(text)).toThrow(TableError);
      try {
        parseTableText(text);
      } catch (e) {
        expect((e as Error).message).not.toMatch(/\n/);
      }
    }
  });

  it('a byte-order mark before the JSON is allowed', () => {
    expect(parseTableText('\ufeff' + JSON.stringify(ok())).ships[0].id).toBe('isd');
  });

  it('too many pieces is refused before any is measured', () => {
    const t = ok();
    t.squadrons = Array.from({ length: 300 }, (_, i) => ({ id: `q${i}`, player: 1, x: 100, y: 100 }));
    const e = refusal((x) => Object.assign(x, { squadrons: t.squadrons }));
    expect(e.path).toBe('(file)');
  });

  it('deeply nested JSON is refused, not a stack overflow', () => {
    const deep =
      '{"format":"armada-table/1","table":"3x6","ships":' + '['.repeat(200000) + ']'.repeat(200000) + '}';
    expect(() => parseTableText(deep)).toThrow(TableError);
  });
});

describe('measurement overrides keep their place among the catalog bands', () => {
  const base = { format: 'armada-table/1', table: '3x6' };
  it('distance 1 set past the catalog distance 2 is refused, naming the field', () => {
    expect(() => validateTable({ ...base, measurements: { distanceBands: { '1': 200 } } })).toThrow(
      /^measurements\.distanceBands\.1: /,
    );
  });
  it('range long set below the catalog medium is refused, naming the field', () => {
    expect(() => validateTable({ ...base, measurements: { rangeBands: { long: 150 } } })).toThrow(
      /^measurements\.rangeBands\.long: /,
    );
  });
  it('an override that keeps its place is accepted', () => {
    expect(validateTable({ ...base, measurements: { distanceBands: { '1': 71.5 } } }).measurements).toEqual({
      distanceBands: { '1': 71.5 },
    });
  });
});

describe('readings', () => {
  const base = { format: 'armada-table/1', table: '3x6' };
  it('cover may be base or token', () => {
    expect(validateTable({ ...base, readings: { cover: 'token' } }).readings).toEqual({ cover: 'token' });
  });
  it('an unknown cover or reading is refused, naming the field', () => {
    expect(() => validateTable({ ...base, readings: { cover: 'dials' } })).toThrow(/^readings\.cover: /);
    expect(() => validateTable({ ...base, readings: { dust: 'no' } })).toThrow(/^readings\.dust: /);
  });
});

describe('ids: reserved names, dots, and the work a file may ask for', () => {
  it('every reserved name is refused for every kind of piece, naming the piece', () => {
    for (const name of RESERVED_IDS) {
      for (const [list, i] of [
        ['ships', 0],
        ['squadrons', 0],
        ['obstacles', 0],
        ['tokens', 0],
      ] as const) {
        const e = refusal((t) => {
          (t[list][i] as { id: string }).id = name;
        });
        expect(e.path).toBe(`${list}[${i}].id`);
        expect(e.message).toContain(JSON.stringify(name));
        expect(e.message).toMatch(/reserved name/);
      }
    }
    // parsed from text, where `__proto__` is an own key of the piece (not its prototype)
    expect(() => parseTableText(JSON.stringify(ok()).replace('"tie1"', '"__proto__"'))).toThrow(
      /squadrons\[0\]\.id: "__proto__" is a reserved name/,
    );
  });

  it('an id holding a dot is refused: a squadron "isd.front" beside a ship "isd" would share its attack key', () => {
    const e = refusal((t) => {
      t.squadrons[0].id = 'isd.front';
    });
    expect(e.path).toBe('squadrons[0].id');
    expect(e.message).toMatch(/holds a dot/);
    expect(
      refusal((t) => {
        t.ships[0].id = 'a.b';
      }).path,
    ).toBe('ships[0].id');
    expect(
      refusal((t) => {
        t.proposals = [{ id: 'p.1', kind: 'setup' }];
      }).path,
    ).toBe('proposals[0].id');
  });

  it('an id holding a comma is refused: a link names an attack as ATTACKER,DEFENDER', () => {
    const e = refusal((t) => {
      t.squadrons[0].id = 'tie,1';
    });
    expect(e.path).toBe('squadrons[0].id');
    expect(e.message).toMatch(/holds a comma/);
  });

  it('more than MAX_PROPOSALS proposals of any kind are refused before any is judged', () => {
    const many = Array.from({ length: MAX_PROPOSALS + 1 }, (_, i) => ({
      id: `p${i}`,
      kind: i % 2 ? 'setup' : 'a-kind-added-later',
    }));
    const e = refusal((t) => {
      t.proposals = many;
    });
    expect(e.path).toBe('proposals');
    expect(e.message).toContain(`at most ${MAX_PROPOSALS}`);
    expect(
      validateTable({
        ...ok(),
        proposals: many.slice(0, MAX_PROPOSALS).map((p) => ({ ...p, kind: 'setup' })),
      }).proposals,
    ).toHaveLength(MAX_PROPOSALS);
  });

  it('a table asking for more than MAX_ATTACKS attacks is refused, naming the count', () => {
    const ships = Array.from({ length: 200 }, (_, i) => ({
      id: `s${i}`,
      size: 'large',
      class: 'imperial',
      player: (i % 2) + 1,
      x: 100 + i,
      y: 100,
      rotation: 0,
      speed: 1,
    }));
    const e = refusal((t) => {
      t.ships = ships;
      t.squadrons = [];
      t.obstacles = [];
      t.tokens = [];
    });
    expect(e.path).toBe('(file)');
    expect(e.message).toContain('320000 attacks');
    expect(e.message).toContain(`at most ${MAX_ATTACKS}`);
  });
});
