/**
 * The `deploy` proposal (src/rules/setup/deploy.ts): the deployment zone, overlaps and the gravity
 * rift's effect, each built so the answer is known: bases placed with an edge exactly on a
 * zone line or a chosen gap from another piece, from the catalog's sizes (not from src/geometry).
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/rules/report/analyze';
import {
  deploymentZone,
  type DeployReport,
  deployTurn,
  judgeDeploy,
  judgeDeployTurn,
} from '../../../src/rules/setup/deploy';
import { parseTableText, TableError, type Deploy } from '../../../src/model/table';
import { DISTANCE_BANDS, SIZES, SQUADRON_DIAMETER } from '../../support/shapes';
import { extreme, world, type T } from '../../support/campaign';

const d2 = DISTANCE_BANDS[1].end,
  d3 = DISTANCE_BANDS[2].end;
const S = SIZES.small,
  W = S.base.width,
  L = S.base.length;
const P = (S as unknown as { dialFrame: { protrusion: number } }).dialFrame.protrusion;
const R = SQUADRON_DIAMETER / 2;
const SETUP_X0 = 304.8,
  H = 914.4;

function judge(t: T, p: Record<string, unknown>): DeployReport {
  const w = world({ ...t, proposals: [{ id: 'd', kind: 'deploy', ...p }] });
  return judgeDeploy(w, w.table.proposals[0] as Deploy);
}
const ship = (over: Record<string, unknown> = {}) => ({
  id: 'cr90',
  size: 'small',
  player: 1,
  x: 600,
  y: 100,
  rotation: 0,
  speed: 3,
  ...over,
});

describe('deploy: the deployment zone', () => {
  const cases: [string, number, boolean][] = [
    ['base front edge on the distance-3 end line', d3 - L / 2, true],
    ['within the tolerance past it', d3 - L / 2 + 0.004, true],
    ['0.01 mm past it', d3 - L / 2 + 0.01, false],
  ];
  for (const [name, y, legal] of cases) {
    it(`player 1, ${name}: ${legal ? 'legal' : 'outside the zone'}`, () => {
      const r = judge({ ships: [ship()] }, { ship: 'cr90', to: { x: 600, y } });
      expect(r.legal).toBe(legal);
      expect(r.edgeReachMm).toBeCloseTo(y + L / 2, 9);
      if (!legal) {
        expect(r.violations).toHaveLength(1);
        expect(r.violations[0].rule).toMatch(/within distance 1-3 of player 1's edge/);
        expect(r.violations[0].gapMm).toBeCloseTo(0.01, 6);
      }
      expect(r.why).toContain(legal ? 'may be deployed' : 'may not be deployed');
    });
    it(`player 2 (mirrored, facing -y), ${name}: ${legal ? 'legal' : 'outside the zone'}`, () => {
      const s = ship({ player: 2, rotation: 180, y: 800 });
      const r = judge({ ships: [s] }, { ship: 'cr90', to: { x: 600, y: H - y } });
      expect(r.legal).toBe(legal);
      expect(r.at.rotation).toBe(180); // the ship's own rotation when `to` has none
    });
  }
  it('a ship turned 90 degrees reaches half its width, not its length, from the edge', () => {
    const r = judge({ ships: [ship()] }, { ship: 'cr90', to: { x: 600, y: d3 - W / 2, rotation: 90 } });
    expect(r.legal).toBe(true);
    expect(
      judge({ ships: [ship()] }, { ship: 'cr90', to: { x: 600, y: d3 - W / 2 + 0.01, rotation: 90 } }).legal,
    ).toBe(false);
  });
  it("3'x6': the setup area's side edges bound the zone; on 3'x3' the whole table is the setup area", () => {
    expect(judge({ ships: [ship()] }, { ship: 'cr90', to: { x: SETUP_X0 + W / 2, y: 100 } }).legal).toBe(
      true,
    );
    const out = judge({ ships: [ship()] }, { ship: 'cr90', to: { x: SETUP_X0 + W / 2 - 0.01, y: 100 } });
    expect(out.legal).toBe(false);
    expect(out.violations[0].rule).toBe('must be inside the setup area');
    expect(out.violations[0].gapMm).toBeCloseTo(0.01, 6);
    expect(
      judge({ table: '3x3', ships: [ship({ x: 400 })] }, { ship: 'cr90', to: { x: W / 2, y: 100 } }).legal,
    ).toBe(true);
    expect(
      judge({ table: '3x3', ships: [ship({ x: 400 })] }, { ship: 'cr90', to: { x: W / 2 - 0.01, y: 100 } })
        .legal,
    ).toBe(false);
  });
  it('the zone rectangle follows the catalog (distance 3 and the setup area)', () => {
    const w = world({});
    expect(deploymentZone(w, 1)).toEqual({ x0: SETUP_X0, y0: 0, x1: 1524, y1: d3 });
    expect(deploymentZone(w, 2)).toEqual({ x0: SETUP_X0, y0: H - d3, x1: 1524, y1: H });
  });
});

describe('deploy: overlaps', () => {
  // two small ships side by side, bows +y: their side dial frames face each other, so the
  // footprints touch when the centres are W + 2 * protrusion apart
  const touching = 600 + W + 2 * P;
  for (const [name, x, legal] of [
    ['footprints touching', touching, true],
    ['footprints 0.01 mm into each other', touching - 0.01, false],
  ] as const) {
    it(`a ship beside another, ${name}: ${legal ? 'legal' : 'overlapping'}`, () => {
      const r = judge(
        { ships: [ship({ id: 'a' }), ship({ id: 'b', x: 900 })] },
        { ship: 'b', to: { x, y: 100 } },
      );
      expect(r.legal).toBe(legal);
      if (!legal) {
        expect(r.violations).toEqual([
          expect.objectContaining({ rule: 'cannot be deployed overlapping a ship', with: 'a' }),
        ]);
        expect(r.violations[0].gapMm).toBeCloseTo(0.01, 2);
      }
    });
  }
  it('a ship deployed near where it stands does not overlap itself', () => {
    expect(judge({ ships: [ship()] }, { ship: 'cr90', to: { x: 605, y: 100 } }).legal).toBe(true);
  });
  it('squadrons, obstacles and tokens may not be overlapped; touching is allowed', () => {
    // a token left of the base's left edge, beside the base clear of the side frame
    const tok = (gap: number) => ({ id: 'obj', x: 600 - W / 2 - 5 - gap, y: 100 + 25, radius: 5 });
    expect(judge({ ships: [ship()], tokens: [tok(0)] }, { ship: 'cr90', to: { x: 600, y: 100 } }).legal).toBe(
      true,
    );
    const r = judge({ ships: [ship()], tokens: [tok(-0.01)] }, { ship: 'cr90', to: { x: 600, y: 100 } });
    expect(r.violations.map((v) => v.with)).toEqual(['obj']);
    const sq = { id: 'tie', player: 2, x: 600 + W / 2 + R - 0.01, y: 100 - 25 };
    expect(
      judge({ ships: [ship()], squadrons: [sq] }, { ship: 'cr90', to: { x: 600, y: 100 } }).violations.map(
        (v) => v.with,
      ),
    ).toEqual(['tie']);
  });
});

describe('deploy: on an obstacle (readings.deployOnObstacle; section 10 forbids it for huge ships only)', () => {
  const rock = { id: 'rock', type: 'asteroid-a', x: 600, y: 100, rotation: 0 };
  const t = (deployOnObstacle?: 'allowed' | 'refused') => ({
    ships: [ship({ x: 900 })],
    obstacles: [rock],
    ...(deployOnObstacle ? { readings: { deployOnObstacle } } : {}),
  });
  it('allowed (default): a ship overlapping an asteroid may be deployed; no effect, and the reading is named', () => {
    const r = judge(t(), { ship: 'cr90', to: { x: 600, y: 100 } });
    expect([r.legal, r.violations]).toEqual([true, []]);
    expect(r.readings).toEqual([expect.objectContaining({ reading: 'deployOnObstacle', value: 'allowed' })]);
    expect(r.why).toMatch(
      /it overlaps rock, which resolves no effect.*Depends on a reading: a ship \(not huge\)/,
    );
  });
  it('allowed: a squadron on an asteroid beside its ship too', () => {
    const r = judge(
      { ...t(), ships: [ship({ x: 600 + W / 2 + 40 })] },
      { squadron: { id: 'x1', player: 1, x: 600, y: 100 }, to: { x: 600, y: 100 } },
    );
    expect([r.legal, r.violations]).toEqual([true, []]);
  });
  it('refused: not, and the reading says it decided', () => {
    const r = judge(t('refused'), { ship: 'cr90', to: { x: 600, y: 100 } });
    expect(r.violations.map((v) => v.rule)).toEqual([
      'cannot be deployed overlapping an obstacle (asteroid)',
    ]);
    expect(r.readings).toEqual([
      expect.objectContaining({ reading: 'deployOnObstacle', value: 'refused', otherwise: 'allowed' }),
    ]);
  });
  it('refused, with the ship out of its zone too: the reading did not decide it', () => {
    const r = judge(
      { ...t('refused'), obstacles: [{ ...rock, y: 300 }] },
      { ship: 'cr90', to: { x: 600, y: 300 } },
    );
    expect(r.legal).toBe(false);
    expect(r.readings).toBeUndefined();
  });
});

describe('deploy: a gravity rift sets the speed dial to 0 at distance 1-2', () => {
  const [rx, ry] = extreme('gravity-rift', 0, 'right');
  const RIFT = { id: 'rift', type: 'gravity-rift', x: 600, y: 100, rotation: 0 };
  // the ship's base's left edge `gap` right of the rift's rightmost vertex, that vertex beside the base's rear part
  const at = (gap: number) => ({ x: RIFT.x + rx + gap + W / 2, y: RIFT.y + ry + L / 2 - 5 });
  for (const [name, gap, zero] of [
    ['on the distance-2 end line', d2, true],
    ['0.01 mm beyond distance 2', d2 + 0.01, false],
    ['at distance 1', 10, true],
  ] as const) {
    it(`${name}: speed ${zero ? '0' : 'kept'}`, () => {
      const r = judge({ ships: [ship({ x: 1200 })], obstacles: [RIFT] }, { ship: 'cr90', to: at(gap) });
      expect(r.legal).toBe(true);
      expect(r.speed).toBe(zero ? 0 : 3);
      expect(r.rift).toHaveLength(zero ? 1 : 0);
      expect(r.why).toMatch(
        zero ? /from rift \(a gravity rift\), distance \d.*speed dial is set to 0/ : /speed dial stays at 3/,
      );
    });
  }
});

describe('deploy: squadrons', () => {
  const base = { ships: [ship()] };
  // a squadron right of the ship's base, `gap` from its right edge, level with the base's rear part (clear of the frame)
  const sq = (gap: number, player = 1) => ({ id: 'x1', player, x: 600 + W / 2 + gap + R, y: 80 });
  // "within" (rules reference 1.5): the entirety of the base, so the squadron's far side counts, not its near one
  it("within distance 1-2 of a friendly ship: its far side on distance 2's end: legal; 0.01 mm beyond: not", () => {
    const onEnd = judge(base, { squadron: sq(d2 - 2 * R), to: { x: 600 + W / 2 + d2 - R, y: 80 } });
    expect([onEnd.legal, onEnd.violations]).toEqual([true, []]);
    expect(onEnd.why).toMatch(/all of its base is within distance 2 of cr90.*farthest point is 124\.75 mm/);
    const r = judge(base, { squadron: sq(d2), to: { x: 600 + W / 2 + d2 - R + 0.01, y: 80 } });
    expect(r.violations).toEqual([
      expect.objectContaining({
        rule: 'must be within distance 1-2 of a friendly ship (all of its base)',
        with: 'cr90',
        measure: 'to its farthest point',
      }),
    ]);
    expect(r.violations[0].gapMm).toBeCloseTo(d2 + 0.01, 6);
    expect(r.violations[0].closestMm).toBeCloseTo(d2 - 2 * R + 0.01, 6);
  });
  it('a squadron whose near side is at distance 1-2 but whose far side is past it is not within distance 1-2', () => {
    // 100 mm from the ship, its far side 100 + 34 = 134 mm away: distance 2 ends at 125.4 mm at most
    const r = judge(base, { squadron: sq(100), to: { x: 600 + W / 2 + 100 + R, y: 80 } });
    expect(r.legal).toBe(false);
    expect(r.violations[0].gapMm).toBeCloseTo(100 + 2 * R, 6);
    expect(r.why).toMatch(
      /within distance 1-2 of a friendly ship \(all of its base\) \(cr90, 134\.00 mm to its farthest point\)/,
    );
  });
  it("off a corner of the base: the farthest point is the centre's distance to the corner plus the radius", () => {
    // centre on the diagonal out of the base's front-right corner (600 + W/2, 100 + L/2), k mm from it
    const k = d2 - R;
    const c = (extra: number) => ({
      x: 600 + W / 2 + (k + extra) / Math.SQRT2,
      y: 100 + L / 2 + (k + extra) / Math.SQRT2,
    });
    expect(judge(base, { squadron: sq(5), to: c(0) }).legal).toBe(true);
    const past = judge(base, { squadron: sq(5), to: c(0.01) });
    expect(past.violations.map((v) => v.rule)).toEqual([
      'must be within distance 1-2 of a friendly ship (all of its base)',
    ]);
    expect(past.violations[0].gapMm).toBeCloseTo(d2 + 0.01, 6);
  });
  it("beside a huge ship's gap: measured from its two plastic bases, not from the gap", () => {
    const HB = SIZES.huge.base as unknown as { width: number; length: number; gap: number };
    const exe = { id: 'exe', class: 'executor', player: 1, x: 900, y: 300, rotation: 0, speed: 1 };
    // the disc level with the gap's middle, to the right: its rim point straight out is the farthest from
    // both bases' inner corners (W/2, +-gap/2): sqrt((g + 2R)^2 + (gap/2)^2) = d2
    const g = Math.sqrt(d2 * d2 - (HB.gap / 2) ** 2) - 2 * R;
    const at = (extra: number) => ({ x: 900 + HB.width / 2 + g + R + extra, y: 300 });
    const on = judge({ ships: [exe] }, { squadron: sq(5), to: at(0) });
    expect([on.legal, on.violations]).toEqual([true, []]);
    const past = judge({ ships: [exe] }, { squadron: sq(5), to: at(0.01) });
    expect(past.violations.map((v) => v.rule)).toEqual([
      'must be within distance 1-2 of a friendly ship (all of its base)',
    ]);
    // measured from the whole base, gap included, its far side would be only g + 2R away
    expect(g + 2 * R + 0.01).toBeLessThan(d2 - 5);
    expect(past.violations[0].gapMm).toBeGreaterThan(d2 + 0.005);
    expect(past.violations[0].gapMm).toBeLessThan(d2 + 0.0101);
  });
  it('an enemy ship does not count, and a squadron has no speed', () => {
    const r = judge(
      { ships: [ship({ player: 2, y: 800, rotation: 180 }), ship({ id: 'far', x: 1400 })] },
      { squadron: sq(10, 1), to: { x: 600, y: 100 } },
    );
    expect(r.violations.map((v) => v.with)).toEqual(['far']);
    expect(r.speed).toBeUndefined();
  });
  for (const ruleset of ['seed', '1.6'] as const) {
    it(`(${ruleset}) may lie outside the deployment zone: partly or wholly beyond distance 3, within 1-2 of a friendly ship`, () => {
      // the ship's front edge on distance 3's end line, the squadron's far side d2 - 0.5 beyond it (its base wholly
      // past distance 3)
      const front = ship({ y: d3 - L / 2 });
      const partly = judge(
        { ruleset, ships: [front] },
        { squadron: sq(5), to: { x: 600 + W / 2 + 5 + R, y: d3 - R + 0.01 } },
      );
      expect([partly.legal, partly.violations]).toEqual([true, []]);
      expect(partly.edgeReachMm).toBeCloseTo(d3 + 0.01, 9);
      expect(partly.why).toMatch(
        /may be deployed.*it lies in the setup area.*a squadron may lie outside the deployment zone, inside the setup area/,
      );
      const wholly = judge(
        { ruleset, ships: [front] },
        { squadron: sq(5), to: { x: 600, y: d3 + (d2 - 0.5) - R } },
      );
      expect([wholly.legal, wholly.violations]).toEqual([true, []]);
      expect(wholly.edgeReachMm - 2 * R).toBeGreaterThan(d3); // its nearest point is past distance 3 too
      // but not with its far side 0.01 mm beyond distance 2 of that ship
      const far = judge(
        { ruleset, ships: [front] },
        { squadron: sq(5), to: { x: 600, y: d3 + d2 + 0.01 - R } },
      );
      expect(far.violations.map((v) => v.rule)).toEqual([
        'must be within distance 1-2 of a friendly ship (all of its base)',
      ]);
    });
    it(`(${ruleset}) but not outside the setup area: 0.01 mm past its side edge`, () => {
      const by = judge(
        { ruleset, ships: [ship({ x: SETUP_X0 + W / 2 + 10 })] },
        { squadron: sq(5), to: { x: SETUP_X0 + R - 0.01, y: 20 } },
      );
      expect(by.violations.map((v) => v.rule)).toEqual(['must be inside the setup area']);
      expect(by.violations[0].gapMm).toBeCloseTo(0.01, 6);
      expect(
        judge(
          { ruleset, ships: [ship({ x: SETUP_X0 + W / 2 + 10 })] },
          { squadron: sq(5), to: { x: SETUP_X0 + R, y: 20 } },
        ).legal,
      ).toBe(true);
    });
  }
});

describe('deploy: a huge ship may reach out of the zone wholly in the setup area, touching its edge', () => {
  const HB = SIZES.huge.base as { width: number; length: number };
  const HW = HB.width,
    HL = HB.length;
  const exe = (over: Record<string, unknown> = {}) => ({
    id: 'exe',
    class: 'executor',
    player: 1,
    x: 900,
    y: 600,
    rotation: 0,
    speed: 1,
    ...over,
  });
  for (const ruleset of ['seed', '1.6'] as const) {
    it(`(${ruleset}) player 1: its base's rear edge on the edge (or within the tolerance) reaches ${HL} mm, past distance 3: legal; 0.01 mm off the edge: not`, () => {
      expect(HL).toBeGreaterThan(d3);
      for (const off of [0, 0.004]) {
        const r = judge(
          { ruleset, ships: [exe()] },
          { ship: 'exe', to: { x: 900, y: HL / 2 + off, rotation: 0 } },
        );
        expect([r.legal, r.violations]).toEqual([true, []]);
        expect(r.edgeReachMm).toBeCloseTo(HL + off, 9);
        expect(r.why).toMatch(
          /its base lies in the setup area touching player 1's edge.*a huge ship wholly inside the setup area with its base touching player 1's edge \(y = 0\) may reach out of the deployment zone/,
        );
      }
      const r = judge(
        { ruleset, ships: [exe()] },
        { ship: 'exe', to: { x: 900, y: HL / 2 + 0.01, rotation: 0 } },
      );
      expect(r.legal).toBe(false);
      expect(r.violations).toHaveLength(1);
      expect(r.violations[0].rule).toMatch(
        /^must be within distance 1-3 of player 1's edge \(y = 0\) \(a huge ship may reach beyond only/,
      );
      expect(r.violations[0].gapMm).toBeCloseTo(HL + 0.01 - d3, 6);
      expect(r.violations[0].fromEdgeMm).toBeCloseTo(0.01, 6);
      expect(r.why).toMatch(/lies 0.01 mm from that edge/);
      // hanging 4.70 mm past the edge (off the table, toward y < 0): said as a reach past it, no negative figure
      const over = judge(
        { ruleset, ships: [exe()] },
        { ship: 'exe', to: { x: 900, y: HL / 2 - 4.7, rotation: 0 } },
      );
      expect(over.legal).toBe(false);
      expect(over.violations.find((v) => v.fromEdgeMm !== undefined)?.fromEdgeMm).toBeCloseTo(-4.7, 6);
      expect(over.why).toMatch(/reaches 4\.70 mm past that edge, off the table/);
      expect(over.why).not.toMatch(/(?<!\d)-\d/); // a negative figure (not "1-3")
    });
    it(`(${ruleset}) player 2, mirrored (facing -y)`, () => {
      const s = exe({ player: 2, rotation: 180, y: 400 });
      expect(
        judge({ ruleset, ships: [s] }, { ship: 'exe', to: { x: 900, y: H - HL / 2, rotation: 180 } }).legal,
      ).toBe(true);
      expect(
        judge({ ruleset, ships: [s] }, { ship: 'exe', to: { x: 900, y: H - HL / 2 - 0.01, rotation: 180 } })
          .legal,
      ).toBe(false);
    });
    it(`(${ruleset}) touching the edge but 0.01 mm past the setup area's side edge: outside the setup area and the zone`, () => {
      const r = judge(
        { ruleset, ships: [exe()] },
        { ship: 'exe', to: { x: SETUP_X0 + HW / 2 - 0.01, y: HL / 2, rotation: 0 } },
      );
      expect(r.violations.map((v) => v.rule.replace(/ \(.*$/, ''))).toEqual([
        'must be inside the setup area',
        "must be within distance 1-3 of player 1's edge",
      ]);
      expect(
        judge(
          { ruleset, ships: [exe()] },
          { ship: 'exe', to: { x: SETUP_X0 + HW / 2, y: HL / 2, rotation: 0 } },
        ).legal,
      ).toBe(true);
    });
    it(`(${ruleset}) touching the edge, overlapping an obstacle: not; touching the obstacle: legal`, () => {
      const [rx, ry] = extreme('asteroid-a', 0, 'left');
      // the asteroid's leftmost vertex on the huge base's right edge (x = 900 + HW / 2), level with its middle; then pushed 0.5 mm in
      const rock = (dx: number) => ({
        id: 'rock',
        type: 'asteroid-a',
        x: 900 + HW / 2 - rx - dx,
        y: HL / 2 - ry,
        rotation: 0,
      });
      const bad = judge(
        { ruleset, ships: [exe()], obstacles: [rock(0.5)] },
        { ship: 'exe', to: { x: 900, y: HL / 2, rotation: 0 } },
      );
      expect(bad.violations.map((v) => [v.rule, v.with])).toEqual([
        ['cannot be deployed overlapping an obstacle (asteroid)', 'rock'],
      ]);
      expect(
        judge(
          { ruleset, ships: [exe()], obstacles: [rock(0)] },
          { ship: 'exe', to: { x: 900, y: HL / 2, rotation: 0 } },
        ).legal,
      ).toBe(true);
    });
  }
  it('a ship that is not huge gets no such leave: a large ship turned 90 degrees is still judged by the zone', () => {
    const big = { id: 'isd', class: 'imperial', player: 1, x: 900, y: 600, rotation: 0, speed: 1 };
    const LB = SIZES.large.base.length;
    // a large ship's rear edge on the edge reaches 129 mm, inside distance 3: legal; a medium base 0.01 past distance 3: not, even touching
    expect(judge({ ships: [big] }, { ship: 'isd', to: { x: 900, y: LB / 2, rotation: 0 } }).legal).toBe(true);
    expect(
      judge(
        { ships: [ship({ size: 'medium' })] },
        { ship: 'cr90', to: { x: 600, y: d3 - SIZES.medium.base.length / 2 + 0.01, rotation: 0 } },
      ).legal,
    ).toBe(false);
  });
});

describe("deploy: the speed dial is set to a speed on the ship's chart", () => {
  it('a Victory (top speed 2) at speed 2: legal; at speed 3: not, and why names the chart', () => {
    const v = (speed: number) => ({
      id: 'vsd',
      class: 'victory',
      player: 1,
      x: 600,
      y: 100,
      rotation: 0,
      speed,
    });
    expect(judge({ ships: [v(2)] }, { ship: 'vsd', to: { x: 600, y: 100 } }).legal).toBe(true);
    const r = judge({ ships: [v(3)] }, { ship: 'vsd', to: { x: 600, y: 100 } });
    expect(r.violations.map((x) => x.rule)).toEqual([
      'must have its speed dial set to a speed on its chart (0-2), not 3',
    ]);
    expect(r.why).toMatch(/may not be deployed.*speed on its chart \(0-2\), not 3 \(its dial\)/);
  });
});

describe('deploy: the turns (reference section 10)', () => {
  const tally = (s1: number, q1: number, s2: number, q2: number) => ({
    1: { ships: s1, squadrons: q1 },
    2: { ships: s2, squadrons: q2 },
  });
  it('the first player first; one ship or two squadrons a turn; the player with fewer turns next', () => {
    expect(deployTurn(tally(0, 0, 0, 0), tally(2, 2, 2, 2))).toMatchObject({
      step: 'deploy',
      player: 1,
      may: 'either',
      squadronsThisTurn: 0,
    });
    expect(deployTurn(tally(1, 0, 0, 0), tally(1, 2, 2, 2))).toMatchObject({ player: 2, may: 'either' });
    // one squadron of a two-squadron turn: the same player, a squadron only
    const mid = deployTurn(tally(0, 1, 0, 0), tally(2, 1, 2, 2));
    expect(mid).toMatchObject({ player: 1, may: 'squadron', squadronsThisTurn: 1 });
    expect(judgeDeployTurn('ship', 1, tally(0, 1, 0, 0), tally(2, 1, 2, 2)).why).toMatch(
      /a turn is one ship or two squadrons/,
    );
    expect(judgeDeployTurn('squadron', 2, tally(0, 1, 0, 0), tally(2, 1, 2, 2))).toMatchObject({
      legal: false,
      why: expect.stringMatching(/player 1's turn/),
    });
    // two squadrons make one turn: then player 2
    expect(deployTurn(tally(0, 2, 0, 0), tally(2, 0, 2, 2))).toMatchObject({
      player: 2,
      turns: { 1: 1, 2: 0 },
    });
  });
  it('a player with one squadron left when two are due places it after all their ships, as a turn of its own', () => {
    // player 1: one ship and one squadron left: a ship only
    const t = deployTurn(tally(1, 2, 2, 0), tally(1, 1, 0, 0));
    expect(t).toMatchObject({ player: 1, may: 'ship' });
    expect(t.why).toMatch(/one squadron left: it goes after all of player 1's ships/);
    expect(judgeDeployTurn('squadron', 1, tally(1, 2, 2, 0), tally(1, 1, 0, 0))).toMatchObject({
      legal: false,
      why: expect.stringMatching(/last squadron goes after all their ships/),
    });
    // no ship left: the single squadron is the turn, and after it the player is done
    expect(deployTurn(tally(2, 2, 3, 0), tally(0, 1, 1, 0))).toMatchObject({
      player: 1,
      may: 'squadron',
      squadronsThisTurn: 0,
    });
    expect(deployTurn(tally(2, 3, 2, 0), tally(0, 0, 1, 0))).toMatchObject({
      player: 2,
      may: 'ship',
      squadronsThisTurn: 0,
    });
    expect(deployTurn(tally(2, 3, 3, 0), tally(0, 0, 0, 0))).toMatchObject({ step: 'done' });
  });
  it('a player who has placed everything is done: the other takes the rest of their turns in a row', () => {
    expect(deployTurn(tally(1, 0, 1, 0), tally(0, 0, 2, 2))).toMatchObject({ player: 2, may: 'either' });
    expect(deployTurn(tally(1, 0, 3, 0), tally(0, 0, 0, 2))).toMatchObject({ player: 2, may: 'squadron' });
  });
  it('an open-ended fleet (no list): the players say when they are done; a squadron turn under way still needs its second squadron', () => {
    expect(deployTurn(tally(0, 0, 0, 0))).toMatchObject({ player: 1, may: 'either' });
    expect(deployTurn(tally(0, 1, 0, 0))).toMatchObject({ player: 1, may: 'squadron', squadronsThisTurn: 1 });
    expect(deployTurn(tally(0, 1, 0, 0), undefined, { 1: true, 2: false })).toMatchObject({
      player: 2,
      squadronsThisTurn: 0,
    });
    expect(deployTurn(tally(0, 1, 1, 0), undefined, { 1: true, 2: true })).toMatchObject({ step: 'done' });
  });
});

describe('deploy: the table file', () => {
  const file = (p: unknown) =>
    JSON.stringify({ format: 'armada-table/1', table: '3x6', ships: [ship()], proposals: [p] });
  it('names one ship or one squadron, by id or in full', () => {
    expect(() => parseTableText(file({ id: 'd', kind: 'deploy', to: { x: 1, y: 1 } }))).toThrow(TableError);
    expect(() => parseTableText(file({ id: 'd', kind: 'deploy', ship: 'nope', to: { x: 1, y: 1 } }))).toThrow(
      /proposals\[0\]\.ship: no ship with id "nope"/,
    );
    expect(() => parseTableText(file({ id: 'd', kind: 'deploy', ship: ship(), to: { x: 1, y: 1 } }))).toThrow(
      /duplicate id "cr90"/,
    );
    expect(() =>
      parseTableText(
        file({ id: 'd', kind: 'deploy', ship: ship({ id: 'n', size: 'tiny' }), to: { x: 1, y: 1 } }),
      ),
    ).toThrow(/proposals\[0\]\.ship\.size/);
    const t = parseTableText(
      file({ id: 'd', kind: 'deploy', ship: ship({ id: 'new', rotation: 20 }), to: { x: 700, y: 90 } }),
    );
    const r = analyze(t).proposals[0] as DeployReport;
    expect(r).toMatchObject({
      id: 'd',
      kind: 'deploy',
      legal: true,
      piece: 'new',
      pieceKind: 'ship',
      player: 1,
      at: { x: 700, y: 90, rotation: 20 },
      speed: 3,
    });
  });
});
