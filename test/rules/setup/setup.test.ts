import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  judgeSetup,
  setupLegalRegion,
  type SetupEdges,
  type SetupReading,
} from '../../../src/rules/setup/setup';
import { judgeProposal } from '../../../src/rules/report/proposals';
import { parseTableText } from '../../../src/model/table';
import { ringBoundaryDistance, ringContains } from '../../support/oracle';
import { DISTANCE_BANDS } from '../../support/shapes';
import { extreme, rightOf, type T, world, uniform } from '../../support/campaign';

const [d1, , d3] = DISTANCE_BANDS.map((b) => b.end);
const TYPE = 'asteroid-b',
  ROT = 0;
const L = extreme(TYPE, ROT, 'left'),
  R = extreme(TYPE, ROT, 'right'),
  B = extreme(TYPE, ROT, 'bottom'),
  TOP = extreme(TYPE, ROT, 'top');
/** an asteroid whose outline's lowest point is `minY` and leftmost point `minX` */
const rockAt = (id: string, minX: number, minY: number) => ({
  id,
  type: TYPE,
  rotation: ROT,
  x: minX - L[0],
  y: minY - B[1],
});
const judge = (t: T, reading: SetupReading = 'core', edges: SetupEdges = 'all') =>
  judgeSetup(world(t), reading, edges);

describe('setup on 3x6: edges and the setup area', () => {
  it("beyond distance 3 of player 1's edge: on the band-3 end line is not beyond; 0.01 mm more is", () => {
    for (const [g, ok] of [
      [d3, false],
      [d3 + 0.004, false],
      [d3 + 0.01, true],
    ] as const) {
      const v = judge({ obstacles: [rockAt('rock', 900, g)] });
      expect(v.legal).toBe(ok);
      if (!ok) {
        expect(v.violations).toHaveLength(1);
        expect(v.violations[0]).toMatchObject({
          rule: "must be beyond distance 3 of player 1's edge (y = 0)",
          piece: 'rock',
          with: null,
          needMoreThanMm: d3,
        });
        expect(v.violations[0].gapMm as number).toBeCloseTo(g, 6);
      }
    }
  });
  it("player 2's edge likewise", () => {
    const y = (gap: number) => 914.4 - gap - TOP[1];
    expect(
      judge({ obstacles: [{ id: 'rock', type: TYPE, rotation: ROT, x: 900, y: y(d3 + 0.01) }] }).legal,
    ).toBe(true);
    const v = judge({ obstacles: [{ id: 'rock', type: TYPE, rotation: ROT, x: 900, y: y(d3) }] });
    expect(v.violations[0].rule).toMatch(/player 2's edge/);
  });
  it('inside the setup area: on its edge is inside, 0.01 mm out is not', () => {
    expect(judge({ obstacles: [rockAt('rock', 304.8, 400)] }).legal).toBe(true);
    const v = judge({ obstacles: [rockAt('rock', 304.79, 400)] });
    expect(v.violations).toEqual([
      expect.objectContaining({ rule: 'must be inside the setup area', piece: 'rock' }),
    ]);
    expect(v.violations[0].gapMm as number).toBeCloseTo(0.01, 6);
    const right = judge({
      obstacles: [{ id: 'rock', type: TYPE, rotation: ROT, x: 1524 + 0.01 - R[0], y: 400 }],
    });
    expect(right.violations[0].rule).toBe('must be inside the setup area');
  });
  it("erratum: beyond distance 1 of the setup area's side edges (the core reading has no such limit)", () => {
    for (const [g, ok] of [
      [d1, false],
      [d1 + 0.01, true],
    ] as const) {
      const t = { obstacles: [rockAt('rock', 304.8 + g, 400)] };
      expect(judge(t, 'erratum').legal).toBe(ok);
      expect(judge(t, 'core').legal).toBe(true);
    }
    expect(judge({ obstacles: [rockAt('rock', 304.8 + d1, 400)] }, 'erratum').violations[0].rule).toBe(
      "must be beyond distance 1 of the setup area's left edge (x = 304.8)",
    );
  });
});

describe('setup: obstacles beyond distance 1 of each other', () => {
  const a = rockAt('a', 800, 400);
  for (const [g, ok] of [
    [d1, false],
    [d1 + 0.01, true],
    [0, false],
    [-2, false],
  ] as const) {
    it(`${g} mm apart: ${ok ? 'legal' : 'too close'}`, () => {
      const b = { id: 'b', type: 'debris-b', rotation: 45, ...rightOf(a, 'debris-b', 45, g) };
      const v = judge({ obstacles: [a, b] });
      expect(v.legal).toBe(ok);
      if (!ok) {
        expect(v.violations).toEqual([
          expect.objectContaining({
            rule: 'must be beyond distance 1 of every other obstacle',
            piece: 'a',
            with: 'b',
          }),
        ]);
        expect(v.violations[0].gapMm as number).toBeCloseTo(Math.max(0, g), 6);
        expect(v.violations[0].measure).toBe(g < 0 ? 'overlapping (gap 0)' : 'gap');
      }
    });
  }
  it('exogorths are left out and said so', () => {
    const exo = { id: 'exo', type: 'exogorth-1', rotation: 0, ...rightOf(a, 'exogorth-1', 0, 0) };
    const v = judge({ obstacles: [a, exo] });
    expect(v).toMatchObject({ legal: true, checked: ['a'], notChecked: ['exo'] });
  });
});

describe('setup on 3x3: which edges count', () => {
  // leftmost point 100 mm from the left edge: beyond distance 1, within distance 3
  const t = (minX: number): T => ({ table: '3x3', obstacles: [rockAt('rock', minX, 400)] });
  const cases: [number, SetupReading, SetupEdges, boolean][] = [
    [100, 'core', 'all', false],
    [100, 'core', 'player', true],
    [100, 'erratum', 'all', true],
    [100, 'erratum', 'player', true],
    [50, 'erratum', 'all', false],
    [50, 'erratum', 'player', true],
    [d3 + 0.01, 'core', 'all', true],
    [d3, 'core', 'all', false],
  ];
  for (const [minX, reading, edges, ok] of cases) {
    it(`${minX} mm from the left edge, ${reading}, ${edges} edges: ${ok ? 'legal' : 'not'}`, () => {
      expect(judge(t(minX), reading, edges).legal).toBe(ok);
    });
  }
  it('the setup proposal reports the reading and the edges it used', () => {
    const w = world({
      ...t(100),
      proposals: [{ id: 's', kind: 'setup', reading: 'erratum', edges: 'player', composition: 'free' }],
    });
    const rep = judgeProposal(w, w.table.proposals[0]);
    expect(rep).toMatchObject({ id: 's', legal: true, reading: 'erratum', edges: 'player' });
    expect(rep.why).toMatch(/campaign erratum.*only the players' edges/);
  });
});

describe('setupLegalRegion', () => {
  const cases: {
    name: string;
    t: T;
    reading: SetupReading;
    edges: SetupEdges;
    type: string;
    rotation: number;
  }[] = [
    {
      name: '3x6 core',
      reading: 'core',
      edges: 'all',
      type: 'debris-a',
      rotation: 25,
      t: {
        obstacles: [
          rockAt('a', 600, 400),
          { id: 'b', type: 'station', x: 1000, y: 500, rotation: 10 },
          { id: 'c', type: 'asteroid-c', x: 800, y: 650, rotation: 70 },
        ],
      },
    },
    {
      name: "3x3 erratum, players' edges only",
      reading: 'erratum',
      edges: 'player',
      type: 'asteroid-a',
      rotation: 100,
      t: {
        table: '3x3',
        obstacles: [rockAt('a', 300, 350), { id: 'b', type: 'debris-b', x: 600, y: 500, rotation: 0 }],
      },
    },
  ];
  for (const c of cases) {
    it(`${c.name}: a centre well inside the region is a legal next obstacle, one well outside is not`, () => {
      const w = world(c.t);
      const region = setupLegalRegion(
        w,
        { type: c.type as never, rotation: c.rotation },
        c.reading,
        c.edges,
      ).map((p) => p.pairs());
      expect(region.length).toBeGreaterThan(0);
      const W = c.t.table === '3x3' ? 914.4 : 1828.8;
      const signed = (x: number, y: number) => {
        let best = Infinity,
          inside = false;
        for (const g of region) {
          best = Math.min(best, ringBoundaryDistance(g, x, y));
          if (ringContains(g, x, y)) inside = true;
        }
        return inside ? -best : best;
      };
      let ins = 0,
        outs = 0;
      fc.assert(
        fc.property(uniform(0, W), uniform(0, 914.4), (x, y) => {
          const s = signed(x, y);
          if (Math.abs(s) < 0.05) return;
          const next = { id: 'next', type: c.type, x, y, rotation: c.rotation };
          const legal = judge(
            { ...c.t, obstacles: [...(c.t.obstacles ?? []), next] },
            c.reading,
            c.edges,
          ).legal;
          if (s < 0) ins++;
          else outs++;
          expect(legal, `centre (${x}, ${y}), ${s.toFixed(3)} mm from the region's edge`).toBe(s < 0);
        }),
        // about a tenth of the table is inside the region: 600 draws put ~57 inside (sd ~7), so the
        // guard below (the property was tried on both sides) is not a coin toss
        { numRuns: 600 },
      );
      expect(ins).toBeGreaterThan(20);
      expect(outs).toBeGreaterThan(20);
    });
  }
  it('the legal existing setup of the first case is judged legal (the region test depends on it)', () => {
    expect(judge(cases[0].t).legal).toBe(true);
    expect(judge(cases[1].t, 'erratum', 'player').legal).toBe(true);
  });
});

describe('setup spacing: random pairs', () => {
  const types = [
    'asteroid-a',
    'asteroid-b',
    'asteroid-c',
    'debris-a',
    'debris-b',
    'station',
    'dust-2',
    'purrgil-1',
    'gravity-rift',
  ];
  it('on the distance-1 end line is too close, 0.006 mm past it is beyond', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        uniform(0, 360),
        fc.constantFrom(...types),
        uniform(0, 360),
        (ta, ra, tb, rb) => {
          const a = { id: 'a', type: ta, x: 800, y: 450, rotation: ra };
          const at = (g: number) =>
            judge({ obstacles: [a, { id: 'b', type: tb, rotation: rb, ...rightOf(a, tb, rb, g) }] });
          const near = at(d1);
          expect(near.violations.map((v) => v.rule)).toEqual([
            'must be beyond distance 1 of every other obstacle',
          ]);
          expect(Math.abs((near.violations[0].gapMm as number) - d1)).toBeLessThan(1e-6);
          // within the tolerance past the line: still too close (a hull test that forgot the tolerance skips it)
          expect(at(d1 + 0.004).legal).toBe(false);
          expect(at(d1 + 0.006).legal).toBe(true);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('setup: the obstacle set of a standard game (composition)', () => {
  // the six of a core set in a row along y = 450, 200 mm apart: spacing legal on 3'x6'
  const SIX = ['asteroid-a', 'asteroid-b', 'asteroid-c', 'debris-a', 'debris-b', 'station'];
  const row = (types: string[]) =>
    types.map((type, i) => ({ id: `o${i}`, type, x: 380 + 150 * i, y: 450 - 120 * (i % 2), rotation: 0 }));
  const judgeP = (types: string[], extra: Record<string, unknown> = {}) => {
    const w = world({ obstacles: row(types), proposals: [{ id: 's', kind: 'setup', ...extra }] });
    return judgeProposal(w, w.table.proposals[0]);
  };
  const compositionRules = (rep: ReturnType<typeof judgeP>) =>
    rep.violations.filter((v) => v.measure === 'composition');
  it('the six of one set: legal; the spacing of the row is legal too (the control)', () => {
    const rep = judgeP(SIX);
    expect(rep.violations).toEqual([]);
    expect(rep.legal).toBe(true);
    expect(rep.why).toMatch(/is a standard game's/);
  });
  it('one missing, one repeated (two sets mixed): both named, with the tokens', () => {
    const rep = judgeP([...SIX.slice(0, 5), 'asteroid-a']);
    expect(compositionRules(rep)).toEqual([
      expect.objectContaining({ missing: ['station'] }),
      expect.objectContaining({ repeated: ['o0', 'o5'], piece: 'o5', with: 'o0' }),
    ]);
    expect(rep.legal).toBe(false);
  });
  it('a campaign obstacle: extra unless the objective adds it; one the objective adds must be there', () => {
    expect(compositionRules(judgeP([...SIX, 'dust-1']))).toEqual([
      expect.objectContaining({
        extra: ['o6'],
        rule: expect.stringMatching(/dust-1 \(o6\) is not in objectiveAdds/),
      }),
    ]);
    expect(judgeP([...SIX, 'dust-1'], { objectiveAdds: ['dust-1'] }).legal).toBe(true);
    expect(compositionRules(judgeP(SIX, { objectiveAdds: ['gravity-rift'] }))).toEqual([
      expect.objectContaining({ missing: ['gravity-rift'] }),
    ]);
  });
  it('an exogorth counts as a campaign obstacle for the set (though its placement is not checked here)', () => {
    expect(compositionRules(judgeP([...SIX, 'exogorth-1']))).toEqual([
      expect.objectContaining({ extra: ['o6'] }),
    ]);
  });
  it('composition free: any obstacles (a practice table), and why says the set was not checked', () => {
    const rep = judgeP(['asteroid-a', 'asteroid-a'], { composition: 'free' });
    expect(compositionRules(rep)).toEqual([]);
    expect(rep.why).toMatch(/not checked \(composition: free\)/);
  });
  it('objectiveAdds takes campaign obstacles only, each once, and names the entry', () => {
    const file = (p: unknown) => JSON.stringify({ format: 'armada-table/1', table: '3x6', proposals: [p] });
    expect(() => parseTableText(file({ id: 's', kind: 'setup', objectiveAdds: ['station'] }))).toThrow(
      /proposals\[0\]\.objectiveAdds\[0\]: expected a campaign obstacle/,
    );
    expect(() =>
      parseTableText(file({ id: 's', kind: 'setup', objectiveAdds: ['dust-1', 'dust-1'] })),
    ).toThrow(/objectiveAdds\[1\]: "dust-1" is listed twice/);
    expect(() => parseTableText(file({ id: 's', kind: 'setup', composition: 'any' }))).toThrow(
      /proposals\[0\]\.composition/,
    );
  });
});
