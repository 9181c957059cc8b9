/**
 * The overlaps section as a player reads it: each overlap with how deep it is (the least move that clears it),
 * the pairs that touch within the tolerance listed as touching with their gap (touching is not overlapping),
 * close calls below the placement precision and not above, and the estimate an overlap rests on named (a
 * shield-dial frame's size). By construction on a square obstacle, on the demo table at the positions a
 * reviewer disputed, and a drag through touching and overlapping equal to a full analysis.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { type Catalog, CATALOG } from '../../src/model/catalog';
import { parseTableText, validateTable, type Table } from '../../src/model/table';
import { overlapCalls } from '../../src/rules/overlap-words';
import { nearMisses, overlaps } from '../../src/rules/overlaps';
import { analyze, analyzeWorld } from '../../src/rules/report/analyze';
import { analyzeFull, analyzeIncremental } from '../../src/rules/report/incremental';
import { World } from '../../src/rules/world';

/** The catalog with asteroid-a's outline a 100 mm square (its centroid the obstacle's x, y). */
const SQUARE: Catalog = {
  ...CATALOG,
  obstacles: {
    ...CATALOG.obstacles,
    'asteroid-a': {
      ...CATALOG.obstacles['asteroid-a'],
      outline: [
        [-50, -50],
        [50, -50],
        [50, 50],
        [-50, 50],
      ],
    },
  },
};
const small = CATALOG.shipSizes.small; // base 43 x 71, dial frames 17 wide standing 4 out
const R = CATALOG.squadron.diameter / 2;
/** the square's lower edge */
const EDGE = 500 - 50;

function table(part: Partial<Table>): Table {
  return validateTable({
    format: 'armada-table/1',
    table: '3x6',
    ships: [],
    squadrons: [],
    obstacles: [{ id: 'rock', type: 'asteroid-a', x: 900, y: 500, rotation: 0 }],
    tokens: [],
    ...part,
  });
}
/** A small ship below the square, bow up, its front dial frame reaching `d` mm past the square's lower edge. */
const shipIn = (d: number, extra: Partial<Table> = {}) =>
  table({
    ships: [
      {
        id: 'glad',
        size: 'small',
        player: 1,
        x: 900,
        y: EDGE - small.base.length / 2 - small.dialFrame.protrusion + d,
        rotation: 0,
        speed: 2,
      },
    ],
    ...extra,
  } as Partial<Table>);
const judge = (t: Table) => {
  const world = new World(t, SQUARE);
  return { world, report: analyzeWorld(world) };
};

describe('an overlap says how deep it is: a square piece pushed d mm into another, depth d', () => {
  it('a dial frame d mm in: depth d, whatever d; past the frame the base too, still depth d', () => {
    for (const d of [0.006, 0.01, 0.3, 2, 3.9]) {
      const { report } = judge(shipIn(d));
      expect(report.overlaps).toHaveLength(1);
      expect(report.overlaps[0]).toMatchObject({ piece: 'glad', obstacle: 'rock', part: 'dial frame' });
      expect(report.overlaps[0].depthMm).toBeCloseTo(d, 9);
      expect(report.touching).toEqual([]);
    }
    for (const d of [4.5, 12]) {
      const o = judge(shipIn(d)).report.overlaps[0];
      expect(o.part).toBe('base');
      expect(o.depthMm).toBeCloseTo(d, 9);
    }
  });

  it('a squadron d mm in: depth d', () => {
    for (const d of [0.01, 1, 7]) {
      const { report } = judge(table({ squadrons: [{ id: 'tie', player: 1, x: 900, y: EDGE - R + d }] }));
      expect(report.overlaps[0].depthMm).toBeCloseTo(d, 9);
    }
  });

  it('a piece deep in: the least move the other way or sideways, whichever is shorter', () => {
    // the ship's centre 10 mm inside the square's lower edge: straight back is 10 + half its length + the
    // frame (49.5), sideways half the square and half the ship with its side frame (75.5)
    const { report } = judge(shipIn(small.base.length / 2 + small.dialFrame.protrusion + 10));
    const back = 10 + small.base.length / 2 + small.dialFrame.protrusion,
      side = 50 + small.base.width / 2 + small.dialFrame.protrusion;
    expect(back).toBeLessThan(side);
    expect(report.overlaps[0].depthMm).toBeCloseTo(back, 9);
  });
});

describe('touching is not overlapping: listed as touching, with the gap', () => {
  it('reaching in by less than the tolerance, or apart by less: touching, 0.00 mm apart; farther: neither', () => {
    for (const d of [TOLERANCE_MM * 0.6, 0, -TOLERANCE_MM * 0.8]) {
      const { report } = judge(shipIn(d));
      expect(report.overlaps, `${d}`).toEqual([]);
      expect(report.touching, `${d}`).toHaveLength(1);
      const t = report.touching![0];
      expect(t).toMatchObject({ piece: 'glad', obstacle: 'rock', part: 'dial frame' });
      expect(t.gapMm).toBeCloseTo(Math.max(0, -d), 9);
      expect(t.why).toContain('touching is not overlapping');
      expect(t.gapMm.toFixed(2)).toBe('0.00');
    }
    const apart = judge(shipIn(-2 * TOLERANCE_MM)).report;
    expect(apart.overlaps).toEqual([]);
    expect(apart.touching).toEqual([]);
  });

  it('a squadron touching: listed with its gap; its base size named (an estimate)', () => {
    const { report } = judge(table({ squadrons: [{ id: 'tie', player: 1, x: 900, y: EDGE - R - 0.002 }] }));
    expect(report.overlaps).toEqual([]);
    expect(report.touching).toHaveLength(1);
    expect(report.touching![0].gapMm).toBeCloseTo(0.002, 9);
    expect(report.touching![0].restsOn?.figure).toBe('squadron');
  });

  it('in words: "touching, not overlapping: 0.00 mm apart", and a close call (a hair nearer it would overlap)', () => {
    const { world, report } = judge(shipIn(0.003));
    const c = overlapCalls(world, report, 1);
    expect(c.overlaps).toEqual([]);
    expect(c.touching).toHaveLength(1);
    expect(c.touching[0].text).toContain('touching, not overlapping: 0.00 mm apart');
    expect(c.touching[0].close).toBe(true);
    expect(c.touching[0].closeText).toContain(
      'a hair nearer and it would overlap (dealt one faceup damage card)',
    );
    expect(c.touching[0].label[0]).toBe('touching rock, not overlapping: 0.00 mm apart');
  });
});

describe('a close call: shallower (or nearer) than the placement precision, and not when deeper', () => {
  it('an overlap 0.5 mm deep is close at 1 mm precision, not at 0.25 mm; 1.5 mm deep is not close at 1 mm', () => {
    const half = judge(shipIn(0.5));
    const at = (p: number, j = half) => overlapCalls(j.world, j.report, p).overlaps[0];
    expect(at(1).close).toBe(true);
    expect(at(1).closeText).toContain('Too close to call on the table: only 0.50 mm deep');
    expect(at(1).closeText).toContain('less than the placement precision (1.00 mm)');
    expect(at(0.25).close).toBe(false);
    expect(at(0.25).closeText).toBe('');
    expect(at(0.25).text).toContain('not a close call at 0.25 mm placement precision');
    const deeper = judge(shipIn(1.5));
    expect(at(1, deeper).close).toBe(false);
    expect(at(1, deeper).text).toContain('1.50 mm deep (only a shield-dial frame of glad)');
    expect(at(2, deeper).close).toBe(true);
    // the canvas label says so
    expect(at(1).label[0]).toBe('rock 0.50 mm deep, close call: dealt one faceup damage card');
    expect(at(0.25).label[0]).toBe('rock 0.50 mm deep: dealt one faceup damage card');
  });

  it('a miss nearer than the precision is listed as one (not overlapping, how far apart); farther, not at all', () => {
    const { world, report } = judge(shipIn(-0.4));
    expect(report.overlaps).toEqual([]);
    expect(report.touching).toEqual([]);
    const c = overlapCalls(world, report, 1);
    expect(c.near).toHaveLength(1);
    expect(c.near[0]).toMatchObject({ kind: 'near', piece: 'glad', obstacle: 'rock', close: true });
    expect(c.near[0].mm).toBeCloseTo(0.4, 9);
    expect(c.near[0].text).toBe('not overlapping: 0.40 mm apart (a shield-dial frame of glad).');
    expect(c.near[0].closeText).toContain('0.40 mm nearer and it would overlap');
    expect(overlapCalls(world, report, 0.3).near).toEqual([]);
    expect(overlapCalls(world, report, 1, { near: false }).near).toEqual([]);
    // nearMisses itself: more than the tolerance apart, less than the distance asked
    expect(nearMisses(world, 0.5).map((m) => m.piece)).toEqual(['glad']);
    expect(nearMisses(world, 0.39)).toEqual([]);
  });
});

describe('what an overlap rests on: a shield-dial frame, whose size is an estimate, is named', () => {
  it("only a frame reaching: restsOn the size's dialFrame, its status, in words; the base: nothing", () => {
    const { world, report } = judge(shipIn(0.5));
    const o = report.overlaps[0];
    expect(o.restsOn).toMatchObject({ figure: 'small.dialFrame', status: small.dialFrame.status });
    expect(o.restsOn!.says).toContain(
      "the shield-dial frame's size (17 mm wide, standing 4 mm out of the base)",
    );
    const c = overlapCalls(world, report, 1).overlaps[0];
    expect(c.restsText).toMatch(
      /^rests on an estimate: the shield-dial frame's size .*estimated from a digital model/,
    );
    expect(judge(shipIn(6)).report.overlaps[0].restsOn).toBeUndefined();
  });

  it("a frame set by the table's measurements: rests on this table's figure", () => {
    const t = shipIn(0.5, { measurements: { dialFrame: { width: 17, protrusion: 4 } } } as Partial<Table>);
    const { world, report } = judge(t);
    expect(report.overlaps[0].restsOn?.status).toBe('set by the table');
    expect(overlapCalls(world, report, 1).overlaps[0].restsText).toMatch(/^rests on this table's figure/);
  });

  it('a squadron reaching less far than the smallest measured base would not: rests on its diameter', () => {
    const at = (d: number) =>
      judge(table({ squadrons: [{ id: 'tie', player: 1, x: 900, y: EDGE - R + d }] })).report.overlaps[0];
    expect(at(1).restsOn?.figure).toBe('squadron');
    expect(at(1).restsOn?.says).toContain('bases measured 30-34.7 mm');
    expect(at(3).restsOn).toBeUndefined();
  });
});

describe('the disputed positions on the demo table (the Victory by asteroid-b)', () => {
  const demo = parseTableText(readFileSync('assets/demo-table.json', 'utf8'));
  const at = (y: number) =>
    analyze({
      ...demo,
      ships: demo.ships.map((s) => (s.id === 'vsd' ? { ...s, x: 980, y, rotation: 0 } : s)),
    });

  it('y 301.59: touching, not overlapping, 0.00 mm apart, by a shield-dial frame', () => {
    const r = at(301.59);
    expect(r.overlaps.filter((o) => o.piece === 'vsd')).toEqual([]);
    const t = r.touching!.filter((x) => x.piece === 'vsd');
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ obstacle: 'asteroid-b', part: 'dial frame', gapMm: 0 });
    expect(t[0].restsOn?.figure).toBe('medium.dialFrame');
  });

  it('y 301.6: overlapping by 0.01 mm, only by a shield-dial frame: a close call resting on an estimate', () => {
    const r = at(301.6);
    const o = r.overlaps.find((x) => x.piece === 'vsd')!;
    expect(o).toMatchObject({
      obstacle: 'asteroid-b',
      part: 'dial frame',
      effect: 'dealt one faceup damage card',
    });
    expect(o.depthMm!.toFixed(2)).toBe('0.01');
    const world = new World({
      ...demo,
      ships: demo.ships.map((s) => (s.id === 'vsd' ? { ...s, x: 980, y: 301.6, rotation: 0 } : s)),
    });
    const c = overlapCalls(world, r, 1).overlaps.find((x) => x.piece === 'vsd')!;
    expect(c.close).toBe(true);
    expect(c.text).toBe(
      '0.01 mm deep (only a shield-dial frame of vsd): moved 0.01 mm it would clear asteroid-b.',
    );
    expect(c.restsText).toContain('rests on an estimate');
  });
});

describe('a drag through touching and overlapping: the re-judge equal to a full analysis', () => {
  it('the touching section and the depths, step by step, byte for byte', () => {
    const t0 = table({
      ships: [
        { id: 'a', size: 'small', player: 1, x: 600, y: 300, rotation: 0, speed: 1 },
        { id: 'b', size: 'medium', player: 2, x: 1200, y: 300, rotation: 90, speed: 1 },
      ],
      squadrons: [{ id: 's', player: 1, x: 700, y: 200 }],
      obstacles: [
        { id: 'rock', type: 'asteroid-a', x: 900, y: 500, rotation: 0 },
        { id: 'rock2', type: 'asteroid-a', x: 400, y: 600, rotation: 0 },
      ],
    } as Partial<Table>);
    const y0 = EDGE - small.base.length / 2 - small.dialFrame.protrusion;
    let prev = analyzeFull(t0, SQUARE);
    let touched = 0,
      overlapped = 0;
    for (const d of [-1, -0.004, 0.003, 0.02, 3, 0.001, -0.002, -5]) {
      const t = { ...t0, ships: [{ ...t0.ships[0], x: 900, y: y0 + d }, t0.ships[1]] };
      prev = analyzeIncremental(prev, t);
      const full = analyzeWorld(new World(t, SQUARE));
      expect(JSON.stringify(prev.report)).toBe(JSON.stringify(full));
      touched += full.touching!.length;
      overlapped += full.overlaps.length;
    }
    // the squadron moved onto the other obstacle's edge (an obstacle moved too)
    const t2 = {
      ...t0,
      squadrons: [{ ...t0.squadrons[0], x: 400, y: 550 - R - 0.001 }],
      obstacles: [t0.obstacles[0], { ...t0.obstacles[1], x: 401 }],
    };
    prev = analyzeIncremental(prev, t2);
    const full = analyzeWorld(new World(t2, SQUARE));
    expect(JSON.stringify(prev.report)).toBe(JSON.stringify(full));
    expect(full.touching).toHaveLength(1);
    expect(touched).toBe(4);
    expect(overlapped).toBe(2);
    // overlaps() alone keeps the order and entries of the full section
    const w = new World(t2, SQUARE);
    const tt: NonNullable<typeof full.touching> = [];
    expect(overlaps(w, undefined, w, tt)).toEqual(full.overlaps);
    expect(tt).toEqual(full.touching);
  });
});
