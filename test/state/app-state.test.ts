import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTableText, TableError, type Table, validateTable } from '../../src/model/table';
import { redo, undo, record, type History } from '../../src/state/history';
import { addPiece, findPiece, patchPiece, removePiece, commitExogorth } from '../../src/state/pieces';
import { fromBase64Url, tableFromHash, tableToHash, toBase64Url } from '../../src/state/share';
import { commands, createAppStore } from '../../src/state/store';
import { CATALOG, withMeasurements } from '../../src/model/catalog';
import { liveAnalysis } from '../../src/state/analysis';
import { uncertainFigures, withOverride } from '../../src/state/measurements';

const demo = (): Table => parseTableText(readFileSync('assets/demo-table.json', 'utf8'));

describe('share links', () => {
  it('base64url round-trips any text, with no +, / or = in the link', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const code = toBase64Url(s);
        expect(code).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64Url(code)).toBe(s);
      }),
    );
  });
  it("agrees with Node's own base64url encoder", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(toBase64Url(s)).toBe(Buffer.from(s, 'utf8').toString('base64url'));
      }),
    );
  });
  it('a table survives the link unchanged', () => {
    const t = demo();
    expect(tableFromHash(tableToHash(t))).toEqual(t);
  });
  it('a broken link says what is wrong', () => {
    expect(() => tableFromHash('#table=%%%')).toThrow(/not base64url/);
    expect(() => tableFromHash('#table=')).toThrow(/nothing after/);
    expect(() => tableFromHash('#table=' + toBase64Url('{"format":"x"}'))).toThrow(TableError);
    const bad = { ...demo(), ships: [{ ...demo().ships[0], rotation: 'north' }] };
    expect(() => tableFromHash('#table=' + toBase64Url(JSON.stringify(bad)))).toThrow(/ships\[0\]\.rotation/);
  });
});

describe('undo history', () => {
  it('undo then redo returns every state in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 30 }), (values) => {
        let h: History<number> = { past: [], future: [] };
        let cur = 0;
        for (const v of values) {
          h = record(h, cur);
          cur = v;
        }
        const seen = [cur];
        for (let r = undo(h, cur); r; r = undo(h, cur)) {
          h = r.history;
          cur = r.value;
          seen.push(cur);
        }
        expect(seen).toEqual([...values].reverse().concat(0));
        for (let r = redo(h, cur); r; r = redo(h, cur)) {
          h = r.history;
          cur = r.value;
        }
        expect(cur).toBe(values[values.length - 1]);
      }),
    );
  });
  it('a whole drag is one step', () => {
    const store = createAppStore(demo());
    const cmd = commands(store);
    const start = store.getState().table;
    cmd.beginGesture();
    for (let i = 1; i <= 10; i++) cmd.change(patchPiece(store.getState().table, 'tie1', { x: 700 + i }));
    cmd.endGesture();
    expect(findPiece(store.getState().table, 'tie1')!.piece.x).toBe(710);
    cmd.undo();
    expect(store.getState().table).toBe(start);
    cmd.redo();
    expect(findPiece(store.getState().table, 'tie1')!.piece.x).toBe(710);
  });
  it('drag steps, which skip the whole-table check, always leave a table the check accepts', () => {
    const t0 = demo();
    const ids = [...t0.ships, ...t0.squadrons, ...t0.obstacles, ...t0.tokens].map((p) => p.id);
    const num = fc.oneof(
      fc.double({ min: -5000, max: 5000, noNaN: true }),
      fc.constantFrom(NaN, Infinity, -Infinity, 1e300, -0),
    );
    const step = fc.record({
      id: fc.constantFrom(...ids),
      x: fc.option(num, { nil: undefined }),
      y: fc.option(num, { nil: undefined }),
      rotation: fc.option(num, { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const store = createAppStore(demo());
        const cmd = commands(store);
        cmd.beginGesture();
        for (const { id, ...p } of steps) cmd.dragStep(id, p);
        const during = store.getState().table;
        expect(() => validateTable(JSON.parse(JSON.stringify(during)))).not.toThrow();
        cmd.endGesture();
        // the whole gesture is one undo step
        cmd.undo();
        expect(store.getState().table).toEqual(demo());
      }),
      { seed: 20261203, numRuns: 150 },
    );
  });
  it('a change that would make the table unreadable is refused and explained', () => {
    const store = createAppStore(demo());
    const cmd = commands(store);
    const before = store.getState().table;
    cmd.change({ ...before, table: '3x3' }); // pieces beyond x = 914.4
    expect(store.getState().table).toBe(before);
    expect(store.getState().message?.kind).toBe('error');
    expect(store.getState().message?.text).toMatch(/off the 3x3 table/);
  });
});

describe('piece edits', () => {
  it('added pieces get fresh ids and the table stays valid', () => {
    let t = demo();
    for (const n of [
      { kind: 'ship', size: 'large', class: 'imperial', player: 2 },
      { kind: 'ship', size: 'small', player: 1 },
      { kind: 'squadron', player: 2 },
      { kind: 'obstacle', type: 'gravity-rift' },
      { kind: 'token', radius: 12.5 },
      { kind: 'exogorth-proposal', type: 'exogorth-2', placedBy: 1 },
    ] as const) {
      const r = addPiece(t, n);
      expect(findPiece(t, r.id)).toBeNull();
      t = r.table;
      expect(findPiece(t, r.id)).not.toBeNull();
    }
    expect(() => parseTableText(JSON.stringify(t))).not.toThrow();
    const exo = t.proposals.find((p) => p.kind === 'place-exogorth')!;
    const id = exo.kind === 'place-exogorth' ? exo.obstacle.id : '';
    const placed = commitExogorth(t, id);
    expect(findPiece(placed, id)!.kind).toBe('obstacle');
    expect(placed.proposals).toHaveLength(0);
  });
  it('moves stay on the table and rotations in [0, 360)', () => {
    const t = patchPiece(demo(), 'isd', { x: -50, y: 5000, rotation: -30 });
    const s = findPiece(t, 'isd')!.piece as Table['ships'][number];
    expect([s.x, s.y, s.rotation]).toEqual([0, 914.4, 330]);
  });
  it('removing a piece removes it and nothing else', () => {
    const t = demo();
    const r = removePiece(t, 'tie1');
    expect(findPiece(r, 'tie1')).toBeNull();
    expect(r.squadrons.length).toBe(t.squadrons.length - 1);
    expect(r.ships).toEqual(t.ships);
  });
});

describe('saving in the browser', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      m,
    } as unknown as Storage & { m: Map<string, string> };
  };
  it('a saved table comes back as it was', async () => {
    const { save, loadSaved } = await import('../../src/state/persist');
    const s = memory();
    const t = demo();
    expect(save(s, t)).toBeNull();
    expect(loadSaved(s).table).toEqual(t);
  });
  it('an unreadable saved table is reported and its text kept aside', async () => {
    const { loadSaved, STORAGE_KEY, UNREADABLE_KEY } = await import('../../src/state/persist');
    const s = memory();
    s.setItem(STORAGE_KEY, '{"format":"armada-table/1","table":"4x4"}');
    const r = loadSaved(s);
    expect(r.table).toBeNull();
    expect(r.problem).toMatch(/table/);
    expect(s.getItem(UNREADABLE_KEY)).toBe('{"format":"armada-table/1","table":"4x4"}');
  });
});

describe('measurement overrides', () => {
  const distance = (t: Table, a: string, b: string) => {
    const d = liveAnalysis(t).report.distances.find((x) => x.a === a && x.b === b)!;
    return { mm: d.mm, band: d.band };
  };
  it('one override is one undoable change, and the table is judged with it', () => {
    const store = createAppStore(demo());
    const cmd = commands(store);
    const before = store.getState().table;
    const base = distance(before, 'vsd', 'int1');
    expect(base.band).toBe(1); // the catalog's distance 1 reaches past it
    const shorter = Math.floor(base.mm as number) - 1;
    cmd.setMeasurement('distanceBands.1', shorter);
    const after = store.getState().table;
    expect(after.measurements).toEqual({ distanceBands: { '1': shorter } });
    expect(store.getState().history.past).toHaveLength(1);
    expect(distance(after, 'vsd', 'int1')).toEqual({ mm: base.mm, band: 2 });
    cmd.undo();
    expect(store.getState().table).toBe(before);
    expect(store.getState().table.measurements).toBeUndefined();
    cmd.redo();
    expect(store.getState().table.measurements).toEqual({ distanceBands: { '1': shorter } });
    cmd.setMeasurement('distanceBands.1', null); // back to the catalog: the key goes, not an empty object
    expect('measurements' in store.getState().table).toBe(false);
    expect(distance(store.getState().table, 'vsd', 'int1').band).toBe(1);
    cmd.undo();
    expect(store.getState().table.measurements).toEqual({ distanceBands: { '1': shorter } });
  });
  it('setting the value the table already holds records no step', () => {
    const store = createAppStore(demo());
    const cmd = commands(store);
    cmd.setMeasurement('squadronDiameter', 33);
    cmd.setMeasurement('squadronDiameter', 33);
    cmd.setMeasurement('rangeBands.close', null);
    expect(store.getState().history.past).toHaveLength(1);
  });
  it('a nonsense value is refused with a message naming the field, and the table stays as it was', () => {
    const store = createAppStore(demo());
    const cmd = commands(store);
    cmd.setMeasurement('rangeBands.long', 300);
    const before = store.getState().table;
    const d2 = CATALOG.ruler.distance.find((b) => b.name === '2')!.end;
    const d1 = CATALOG.ruler.distance.find((b) => b.name === '1')!.end;
    for (const [key, value, field] of [
      ['distanceBands.1', d2 + 1, 'measurements.distanceBands.1'], // past the catalog's distance 2
      ['distanceBands.2', d1 - 1, 'measurements.distanceBands.2'], // short of the catalog's distance 1
      ['distanceBands.1', -5, 'measurements.distanceBands.1'],
      ['rangeBands.medium', 301, 'measurements.rangeBands.long'], // short of the long band the table already sets
      ['squadronDiameter', 0, 'measurements.squadronDiameter'],
      ['dialFrame.width', 500, 'measurements.dialFrame.width'],
    ] as const) {
      cmd.clearMessage();
      cmd.setMeasurement(key, value);
      expect(store.getState().table).toBe(before);
      expect(store.getState().history.past).toHaveLength(1);
      expect(store.getState().message?.kind).toBe('error');
      expect(store.getState().message?.text).toContain(`That change was not made: ${field}:`);
    }
  });
  it('every listed figure lands where the catalog keeps it, and comes back from a share link', () => {
    for (const f of uncertainFigures()) {
      const v = Math.round((f.catalog - 0.5) * 100) / 100;
      const t = withOverride(demo(), f.key, v);
      const cat = withMeasurements(CATALOG, t.measurements);
      const [group, name] = f.key.split('.');
      const got =
        group === 'rangeBands'
          ? cat.ruler.range.find((b) => b.name === name)!.end
          : group === 'distanceBands'
            ? cat.ruler.distance.find((b) => b.name === name)!.end
            : group === 'squadronDiameter'
              ? cat.squadron.diameter
              : group === 'maneuverTool'
                ? toolFigure(cat, name)
                : cat.shipSizes.medium.dialFrame[name as 'width' | 'protrusion'];
      expect(got, f.key).toBe(v);
      expect(f.catalog, f.key).not.toBe(v);
      expect(tableFromHash(tableToHash(t))).toEqual(t);
    }
  });
});

function toolFigure(cat: typeof CATALOG, name: string): number {
  const t = cat.maneuverTool;
  if (name === 'jointLength' || name === 'clickAngle') return t[name].value;
  const size = name.slice(0, -1) as 'small' | 'medium' | 'large';
  return name.endsWith('X') ? t.attach[size].x : t.attach[size].y;
}

describe("liveAnalysis: the app's judging", () => {
  const table: Table = parseTableText(
    readFileSync(new URL('../tables/attacks-fleet.json', import.meta.url), 'utf8'),
  );
  it('judges a move from a full report in full (from what changed), equal to judging afresh', () => {
    const full = liveAnalysis(table);
    expect(full.live).toBe(false);
    const s = table.ships[0];
    const next = {
      ...table,
      ships: [{ ...s, x: s.x + 40, y: s.y - 25, rotation: s.rotation + 20 }, ...table.ships.slice(1)],
    };
    const moved = liveAnalysis(next, full, { attacker: null });
    expect(moved.live).toBe(false);
    expect(JSON.stringify(moved.report)).toBe(JSON.stringify(liveAnalysis(next).report));
  });

  it('judges only what the picture needs when pieces are added, until the worker answers', () => {
    const full = liveAnalysis(table);
    const more = {
      ...table,
      squadrons: [...table.squadrons, { id: 'extra', player: 1 as const, x: 60, y: 60 }],
    };
    const a = liveAnalysis(more, full, { attacker: null });
    expect(a.live).toBe(true);
    expect(a.report.attacks).toEqual([]);
  });
});

describe('undo steps', () => {
  it('a change that changes nothing (an equal table, a click past a limit) records no undo step; a real one does', () => {
    const store = createAppStore(demo());
    const cmd = commands(store);
    const t = store.getState().table;
    cmd.change(JSON.parse(JSON.stringify(t)) as Table);
    expect(store.getState().history.past.length).toBe(0);
    cmd.change(patchPiece(t, t.ships[0].id, { x: t.ships[0].x + 1 }));
    expect(store.getState().history.past.length).toBe(1);
  });
});
