/**
 * The maneuver tool (src/rules/movement/maneuver.ts) against the reference's recipe and worked example
 * (../shared/reference/maneuver-tool.md), an independent computation of the recipe (3x3
 * transforms composed step by step, written here without the implementation's formulas), and
 * cases known by construction. Figures: the catalog's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG, SHIP_SIZES, type ShipSize } from '../../../src/model/catalog';
import { parseTableText, TableError } from '../../../src/model/table';
import {
  chartViolations,
  judgeManeuver,
  judgeManeuverFan,
  maneuverCalls,
  ManeuverContext,
  type ManeuverReport,
  type SpeedChart,
} from '../../../src/rules/movement/maneuver';
import { analyze } from '../../../src/rules/report/analyze';
import { extreme, world, type T } from '../../support/campaign';
import { ringBoundaryDistance, ringContains } from '../../support/oracle';

const TOOL = CATALOG.maneuverTool;
const L = TOOL.jointLength.value;

// ---- an independent computation of the recipe: affine transforms as 3x3 matrices ----
type M = [number, number, number, number, number, number]; // [a b c; d e f; 0 0 1]
const mul = (p: M, q: M): M => [
  p[0] * q[0] + p[1] * q[3],
  p[0] * q[1] + p[1] * q[4],
  p[0] * q[2] + p[1] * q[5] + p[2],
  p[3] * q[0] + p[4] * q[3],
  p[3] * q[1] + p[4] * q[4],
  p[3] * q[2] + p[4] * q[5] + p[5],
];
const translate = (x: number, y: number): M => [1, 0, x, 0, 1, y];
/** a turn of the frame by `cw` degrees clockwise seen from above (the reference's heading) */
const turnCW = (cw: number): M => {
  const t = (-cw * Math.PI) / 180;
  return [Math.cos(t), -Math.sin(t), 0, Math.sin(t), Math.cos(t), 0];
};
/**
 * The recipe as frames: the ship's frame, moved to the tool's reference point; each segment moves
 * the frame L along its own +y and turns it by the joint's clicks; the ship is set back by the same
 * offset in the last frame. Pose read off the matrix: origin and the angle of its +y axis.
 */
function recipe(
  size: ShipSize,
  start: { x: number; y: number; rotation: number },
  clicks: number[],
  side: 'left' | 'right',
  notch: 'side' | 'mod' = 'side',
) {
  // the joints' line: the base's real side plus the tool's offset (default), or the mod's figure for its narrower base
  const a = {
    x: notch === 'mod' ? TOOL.attach[size].x : CATALOG.shipSizes[size].base.width / 2 + TOOL.sideOffset.value,
    y: TOOL.attach[size].y,
  };
  const ax = side === 'right' ? a.x : -a.x;
  let F = mul(mul(translate(start.x, start.y), turnCW(-start.rotation)), translate(ax, a.y));
  const joints: [number, number][] = [[F[2], F[5]]];
  for (const c of clicks) {
    F = mul(mul(F, translate(0, L)), turnCW(TOOL.clickAngle.value * c));
    joints.push([F[2], F[5]]);
  }
  const S = mul(F, translate(-ax, -a.y));
  // +y axis of the frame is (S[1], S[4]); the table's rotation is counter-clockwise from +y
  const rot = (Math.atan2(-S[1], S[4]) * 180) / Math.PI;
  return { x: S[2], y: S[5], rotation: ((rot % 360) + 360) % 360, joints };
}

const angleDiff = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

function ship(
  id: string,
  size: ShipSize,
  x: number,
  y: number,
  rotation: number,
  extra: Record<string, unknown> = {},
) {
  return { id, size, player: 1, x, y, rotation, ...extra };
}

function judge(
  t: T,
  shipId: string,
  speed: number,
  clicks: number[],
  side: 'left' | 'right' = 'right',
  chart: SpeedChart | null = null,
): ManeuverReport {
  return judgeManeuver(world(t), { id: 'm', kind: 'maneuver', ship: shipId, speed, clicks, side }, chart);
}

describe('the recipe', () => {
  it("with the mod's notch (measurements.maneuverNotch: mod) reproduces the reference's worked example and its mirror (medium, speed 2, clicks [+1, +1])", () => {
    const mod = { measurements: { maneuverNotch: 'mod' } };
    const right = judge({ ...mod, ships: [ship('v', 'medium', 600, 300, 0)] }, 'v', 2, [1, 1], 'right');
    // the example's ship is at (0, 0): final centre (14.79, 164.80), heading 45 clockwise (rotation 315)
    expect(right.final.x - 600).toBeCloseTo(14.79, 2);
    expect(right.final.y - 300).toBeCloseTo(164.8, 2);
    expect(right.final.rotation).toBeCloseTo(315, 9);
    expect(right.tool.map(([x, y]) => [x - 600, y - 300])).toEqual([
      [expect.closeTo(38.63, 2), expect.closeTo(31.19, 2)],
      [expect.closeTo(38.63, 2), expect.closeTo(97.9, 2)],
      [expect.closeTo(64.16, 2), expect.closeTo(159.54, 2)],
    ]);
    const left = judge({ ...mod, ships: [ship('v', 'medium', 600, 300, 0)] }, 'v', 2, [1, 1], 'left');
    expect(left.final.x - 600).toBeCloseTo(-7.84, 2);
    expect(left.final.y - 300).toBeCloseTo(110.17, 2);
    expect(left.final.rotation).toBeCloseTo(315, 9);
    // the mirror image: left clicks with the tool on the left side
    const mirror = judge({ ...mod, ships: [ship('v', 'medium', 600, 300, 0)] }, 'v', 2, [-1, -1], 'left');
    expect(mirror.final.x - 600).toBeCloseTo(-14.79, 2);
    expect(mirror.final.y - 300).toBeCloseTo(164.8, 2);
    expect(mirror.final.rotation).toBeCloseTo(45, 9);
    expect(right.notch).toEqual({
      from: 'mod width',
      baseWidth: expect.closeTo(61, 9),
      sideOffsetMm: 8.128,
      attachX: 38.628,
    });
    expect(right.why).toMatch(
      /as the reference mod places them, for its 61.00 mm base \(measurements.maneuverNotch: mod/,
    );
  });

  it("by default measures the tool from the base's real side (63 mm): the worked example worked again by hand", () => {
    // a = (31.5 + 8.128, 31.188); P2 = a + (0, L) + L (sin 22.5, cos 22.5); final = P2 - R(45) a
    const right = judge({ ships: [ship('v', 'medium', 600, 300, 0)] }, 'v', 2, [1, 1], 'right');
    expect(right.tool[0][0] - 600).toBeCloseTo(39.628, 9);
    expect(right.final.x - 600).toBeCloseTo(15.0835, 3);
    expect(right.final.y - 300).toBeCloseTo(165.5038, 3);
    const left = judge({ ships: [ship('v', 'medium', 600, 300, 0)] }, 'v', 2, [1, 1], 'left');
    expect(left.final.x - 600).toBeCloseTo(-8.1301, 3);
    expect(left.final.y - 300).toBeCloseTo(109.4613, 3);
    expect(right.notch).toEqual({ from: 'base side', baseWidth: 63, sideOffsetMm: 8.128, attachX: 39.628 });
    expect(right.why).toMatch(
      /its joints 8.13 mm outside the base's real side \(63.00 mm wide; measurements.maneuverNotch: mod takes/,
    );
    // a table's own figure wins over both
    const set = judge(
      {
        measurements: { maneuverNotch: 'mod', maneuverTool: { mediumX: 40 } },
        ships: [ship('v', 'medium', 600, 300, 0)],
      },
      'v',
      1,
      [0],
    );
    expect(set.notch).toMatchObject({ from: 'table', attachX: 40 });
    // every size: the real side by default (huge: its large bases, 77.5 mm), the mod's figure when asked
    for (const size of SHIP_SIZES) {
      const w = CATALOG.shipSizes[size].base.width;
      const fig = judge({ ships: [ship('s', size, 900, 450, 0)] }, 's', 1, [0]);
      expect(fig.notch.attachX).toBeCloseTo(w / 2 + 8.128, 9);
      const m = judge(
        { measurements: { maneuverNotch: 'mod' }, ships: [ship('s', size, 900, 450, 0)] },
        's',
        1,
        [0],
      );
      expect(m.notch.attachX).toBe(TOOL.attach[size].x);
      expect(m.notch.attachX).toBeLessThanOrEqual(w / 2 + 8.128); // the mod's bases are narrower (up to 1 mm inside)
      expect(w / 2 + 8.128 - m.notch.attachX).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it('moves straight N joint lengths forward at every speed, for every base size and either side', () => {
    for (const size of SHIP_SIZES) {
      for (const rot of [0, 30, 200]) {
        for (let n = 0; n <= 4; n++) {
          for (const side of ['left', 'right'] as const) {
            const m = judge({ ships: [ship('s', size, 900, 450, rot)] }, 's', n, Array(n).fill(0), side);
            const r = (rot * Math.PI) / 180;
            expect(m.final.x).toBeCloseTo(900 - n * L * Math.sin(r), 9);
            expect(m.final.y).toBeCloseTo(450 + n * L * Math.cos(r), 9);
            expect(m.final.rotation).toBeCloseTo(rot, 9);
            expect(m.tool).toHaveLength(n + 1);
            expect(m.speedUsed).toBe(n);
          }
        }
      }
    }
    // the reference's figures for the straight moves: 66.71 / 133.43 / 200.14 / 266.85 mm
    const d = [1, 2, 3, 4].map(
      (n) => judge({ ships: [ship('s', 'small', 900, 100, 0)] }, 's', n, Array(n).fill(0)).final.y - 100,
    );
    expect(d.map((v) => Math.round(v * 100) / 100)).toEqual([66.71, 133.43, 200.14, 266.85]);
  });

  it('speed 0 stays put', () => {
    const m = judge({ ships: [ship('s', 'large', 900, 450, 77)] }, 's', 0, []);
    expect(m.final).toEqual({ x: 900, y: 450, rotation: 77 });
    expect(m.why).toContain('stays where it is');
  });

  it('agrees with the transforms composed step by step, for random maneuvers (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHIP_SIZES),
        fc.integer({ min: 0, max: 3599 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 4, maxLength: 4 }),
        fc.constantFrom('left' as const, 'right' as const),
        (size, rot10, n, all, side) => {
          const start = { x: 914.4, y: 457.2, rotation: rot10 / 10 };
          const clicks = all.slice(0, n);
          const m = judge(
            { ships: [ship('s', size, start.x, start.y, start.rotation)] },
            's',
            n,
            clicks,
            side,
          );
          const want = recipe(size, start, clicks, side);
          expect(m.final.x).toBeCloseTo(want.x, 8);
          expect(m.final.y).toBeCloseTo(want.y, 8);
          expect(angleDiff(m.final.rotation, want.rotation)).toBeLessThan(1e-8);
          m.tool.forEach(([x, y], i) => {
            expect(x).toBeCloseTo(want.joints[i][0], 8);
            expect(y).toBeCloseTo(want.joints[i][1], 8);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("takes the joint length from the table's measurements", () => {
    const t = { ships: [ship('s', 'small', 900, 100, 0)] };
    const w = parseTableText(
      JSON.stringify({
        format: 'armada-table/1',
        table: '3x6',
        ...t,
        measurements: { maneuverTool: { jointLength: 70 } },
      }),
    );
    const m = analyze({
      ...w,
      proposals: [{ id: 'm', kind: 'maneuver', ship: 's', speed: 2, clicks: [], side: 'right' }],
    });
    expect((m.proposals[0] as ManeuverReport).final.y).toBeCloseTo(240, 9);
    expect(() =>
      parseTableText(
        JSON.stringify({
          format: 'armada-table/1',
          table: '3x6',
          measurements: { maneuverTool: { jointLenght: 70 } },
        }),
      ),
    ).toThrow(/measurements\.maneuverTool\.jointLenght: unknown figure/);
  });
});

describe('the end position, known by construction', () => {
  // a medium ship at rotation 22.5 makes one click to starboard at speed 1: it ends at rotation 0
  const start = { x: 700, y: 300, rotation: 22.5 };
  const end = recipe('medium', start, [1], 'right');
  const frameTop =
    end.y + CATALOG.shipSizes.medium.base.length / 2 + CATALOG.shipSizes.medium.dialFrame.protrusion;
  /** the asteroid's lowest vertex straight ahead of the front dial frame's top edge, `gap` above it */
  const rockAt = (gap: number) => {
    const [vx, vy] = extreme('asteroid-a', 0, 'bottom');
    return { id: 'rock', type: 'asteroid-a', x: end.x - vx, y: frameTop + gap - vy, rotation: 0 };
  };

  it('ends 0.2 mm clear of an asteroid: no effect, the gap named', () => {
    const m = judge(
      { ships: [ship('v', 'medium', start.x, start.y, start.rotation)], obstacles: [rockAt(0.2)] },
      'v',
      1,
      [1],
    );
    expect(m.final.rotation).toBeCloseTo(0, 9);
    expect(m.obstacles).toEqual([]);
    expect(m.nearMisses).toEqual([{ piece: 'rock', gapMm: expect.closeTo(0.2, 6) }]);
    expect(m.why).toContain('0.20 mm clear of rock');
  });

  it("ends on an obstacle as deep as the overlaps then say it lies: the plan's figure is the table's after it", () => {
    // the obstacle's lowest corner `gap` into the front dial frame (less than 0: in), shifted, turned
    const cases: [string, number, number, number][] = [
      ['asteroid-a', -0.2, 0, 0],
      ['asteroid-a', -3, 0, 0],
      ['asteroid-a', -15, 0, 0],
      ['asteroid-a', -15, 20, 120],
      ['debris-a', -15, 20, 35],
      ['station', -5, -20, 0],
    ];
    for (const [type, gap, dx, turn] of cases) {
      const [vx, vy] = extreme(type, turn, 'bottom');
      const rock = { id: 'rock', type, x: end.x - vx + dx, y: frameTop + gap - vy, rotation: turn };
      const t = { ships: [ship('v', 'medium', start.x, start.y, start.rotation)], obstacles: [rock] };
      const w = world(t);
      const m = judgeManeuver(
        w,
        { id: 'm', kind: 'maneuver', ship: 'v', speed: 1, clicks: [1], side: 'right' },
        null,
      );
      const { x, y, rotation } = m.final;
      const after = analyze({ ...w.table, ships: w.table.ships.map((s) => ({ ...s, x, y, rotation })) });
      const o = after.overlaps.find((e) => e.piece === 'v' && e.obstacle === 'rock')!;
      expect(m.obstacles.map((e) => [e.obstacle, e.part, e.depthMm])).toEqual([['rock', o.part, o.depthMm]]);
      // straight in: a flat edge pushed onto the lowest corner, as deep as it was pushed
      if (!dx && !turn) expect(o.depthMm).toBeCloseTo(-gap, 6);
    }
  });

  it('ends 0.2 mm on an asteroid: its shield-dial frame lies on it, a faceup damage card', () => {
    const m = judge(
      { ships: [ship('v', 'medium', start.x, start.y, start.rotation)], obstacles: [rockAt(-0.2)] },
      'v',
      1,
      [1],
    );
    expect(m.obstacles).toEqual([
      {
        obstacle: 'rock',
        effect: 'dealt one faceup damage card',
        part: 'dial frame',
        depthMm: expect.closeTo(0.2, 2),
        restsOn: expect.objectContaining({ figure: 'medium.dialFrame' }),
        baseGapMm: expect.closeTo(3.8, 2),
      },
    ]);
    expect(m.why).toContain('rock (only a shield-dial frame 0.20 mm deep');
  });

  it("only a frame on an asteroid, the base 0.03 mm short: the entry rests on the frame's estimate, as the overlaps do", () => {
    // the asteroid's lowest corner 3.97 mm into the front dial frame: 0.03 mm past the base's front edge
    const t = { ships: [ship('v', 'medium', start.x, start.y, start.rotation)], obstacles: [rockAt(-3.97)] };
    const m = judge(t, 'v', 1, [1]);
    const { x, y, rotation } = m.final;
    const w = world(t);
    const after = analyze({ ...w.table, ships: w.table.ships.map((s) => ({ ...s, x, y, rotation })) });
    const o = after.overlaps.find((e) => e.piece === 'v' && e.obstacle === 'rock')!;
    expect(o.restsOn).toMatchObject({ figure: 'medium.dialFrame' });
    expect(m.obstacles).toHaveLength(1);
    expect(m.obstacles[0]).toMatchObject({ obstacle: 'rock', part: 'dial frame', restsOn: o.restsOn });
    expect(m.obstacles[0].depthMm).toBeCloseTo(3.97, 6);
    expect(m.obstacles[0].baseGapMm).toBeCloseTo(0.03, 6);
    expect(m.why).toContain('its plastic base 0.03 mm clear');
    expect(m.why).toContain(`rests on an estimate: ${o.restsOn!.says}`);
    // the base on it: no gap to give, and (an official base size) nothing it rests on
    const deep = judge({ ...t, obstacles: [rockAt(-5)] }, 'v', 1, [1]);
    expect(deep.obstacles[0]).toMatchObject({ part: 'base' });
    expect(deep.obstacles[0]).not.toHaveProperty('restsOn');
    expect(deep.obstacles[0]).not.toHaveProperty('baseGapMm');
  });

  // a medium ship straight ahead at speed 2 from (600, 300); a small ship in the way
  const M = CATALOG.shipSizes.medium,
    S = CATALOG.shipSizes.small;
  const reach = (n: number) => 300 + n * L + M.base.length / 2 + M.dialFrame.protrusion; // front of the footprint
  const blockerAt = (rearY: number) =>
    ship('b', 'small', 600, rearY + S.base.length / 2 + S.dialFrame.protrusion, 0, { player: 2 });

  it('would overlap a ship at speed 2, so moves back one joint; both take a facedown damage card', () => {
    const m = judge({ ships: [ship('v', 'medium', 600, 300, 0), blockerAt(reach(2) - 5)] }, 'v', 2, [0, 0]);
    expect(m.movedBack).toBe(1);
    expect(m.final.y).toBeCloseTo(300 + L, 9);
    expect(m.intended.y).toBeCloseTo(300 + 2 * L, 9);
    expect(m.shipsOverlapped).toEqual(['b']);
    expect(m.damaged).toEqual(['v', 'b']);
    expect(m.why).toContain('moves back 1 joint');
  });

  it('touching the ship ahead is not overlapping it: no move back', () => {
    const m = judge({ ships: [ship('v', 'medium', 600, 300, 0), blockerAt(reach(2))] }, 'v', 2, [0, 0]);
    expect(m.movedBack).toBe(0);
    expect(m.shipsOverlapped).toEqual([]);
  });

  it('moves back to speed 0 when every joint overlaps, and stays where it started', () => {
    const m = judge({ ships: [ship('v', 'medium', 600, 300, 0), blockerAt(reach(0) + 10)] }, 'v', 2, [0, 1]);
    expect(m.movedBack).toBe(2);
    expect(m.final).toEqual({ x: 600, y: 300, rotation: 0 });
    expect(m.damaged).toEqual(['v', 'b']);
    expect(m.why).toContain('to speed 0 and stays where it started');
  });

  it('names squadrons under its end, to be placed touching it', () => {
    const m = judge(
      {
        ships: [ship('v', 'medium', 600, 300, 0)],
        squadrons: [{ id: 'q', player: 2, x: 600 + 20, y: 300 + L }],
      },
      'v',
      1,
      [0],
    );
    expect(m.squadronsToMove).toEqual(['q']);
  });

  describe("squadrons it lands on get places, as an exogorth's displaced squadrons do", () => {
    const R = CATALOG.squadron.diameter / 2;
    const { width: W, length: LB } = CATALOG.shipSizes.medium.base;
    /** distance from (x, y) to the landed ship's footprint outline, and whether (x, y) is inside it, by plain arithmetic */
    const toFootprint = (m: ManeuverReport, x: number, y: number) => {
      const w = world({ ships: [ship('v', 'medium', m.final.x, m.final.y, m.final.rotation)] });
      const ring = w.ships[0].shapes.footprint.pairs() as [number, number][];
      return { d: ringBoundaryDistance(ring, x, y), inside: ringContains(ring, x, y) };
    };
    for (const ruleset of ['seed', '1.6'] as const) {
      it(`(${ruleset}) two squadrons under its end: each proposed touching its footprint, apart, on the table, placed by the opponent`, () => {
        const t: T = {
          ruleset,
          ships: [ship('v', 'medium', 600, 300, 0)],
          squadrons: [
            { id: 'q', player: 2, x: 600 + 20, y: 300 + L },
            { id: 'p', player: 2, x: 600 - 15, y: 300 + L + 10 },
          ],
        };
        const m = judge(t, 'v', 1, [0]);
        expect(m.squadronsToMove).toEqual(['q', 'p']);
        expect(m.placementsBy).toBe(2);
        expect(Object.keys(m.placements!).sort()).toEqual(['p', 'q']);
        expect(m.unplaced).toBeUndefined();
        for (const id of ['p', 'q']) {
          const at = m.placements![id];
          const f = toFootprint(m, at.x, at.y);
          expect(f.inside).toBe(false);
          expect(Math.abs(f.d - R)).toBeLessThanOrEqual(0.005 + 0.005); // touching (the 0.01 mm grid of the places)
          expect(m.placementNotes![id]).toBe('touching v');
        }
        expect(
          Math.hypot(m.placements!.p.x - m.placements!.q.x, m.placements!.p.y - m.placements!.q.y),
        ).toBeGreaterThanOrEqual(2 * R - 0.005);
        expect(m.legal).toBe(true);
        expect(m.why).toMatch(
          /Player 2 places them \(proposed\): q to \([0-9.]+, [0-9.]+\), touching v; p to/,
        );
        // the proposal's answer in the report lists them too
        const rep = analyze(
          parseTableText(
            JSON.stringify({
              format: 'armada-table/1',
              table: '3x6',
              ...t,
              proposals: [{ id: 'm', kind: 'maneuver', ship: 'v', speed: 1, clicks: [0], side: 'right' }],
            }),
          ),
        );
        expect((rep.proposals[0] as ManeuverReport).placements).toEqual(m.placements);
      });
      it(`(${ruleset}) a place the player chose is judged: touching the ship, legal (even on an obstacle, with no effect); 1 mm off, not`, () => {
        const base = {
          ruleset,
          ships: [ship('v', 'medium', 600, 300, 0)],
          squadrons: [{ id: 'q', player: 2, x: 600, y: 300 + L }],
        };
        const finalY = 300 + L;
        // beside the base's right edge, level with its rear part (clear of the side dial frame)
        const touching = { x: 600 + W / 2 + R, y: finalY - LB / 2 + R + 2 };
        const rock = { id: 'rock', type: 'asteroid-a', x: touching.x + 12, y: touching.y, rotation: 0 };
        const chosen = (at: { x: number; y: number }, obstacles: unknown[] = []) =>
          judgeManeuver(
            world({ ...base, obstacles }),
            {
              id: 'm',
              kind: 'maneuver',
              ship: 'v',
              speed: 1,
              clicks: [0],
              side: 'right',
              placements: { q: at },
            },
            null,
          );
        const ok = chosen(touching, [rock]);
        expect([ok.legal, ok.violations, ok.chosen, ok.placements]).toEqual([
          true,
          [],
          ['q'],
          { q: touching },
        ]);
        expect(ok.placementNotes!.q).toMatch(
          /^placed there by player 2: legal: touching v, on rock \(no effect: placed aside after a ship moved/,
        );
        const off = chosen({ x: touching.x + 1, y: touching.y });
        expect(off.legal).toBe(false);
        expect(off.violations).toEqual([
          expect.objectContaining({ rule: 'must touch v, or a squadron touching it', piece: 'q' }),
        ]);
        expect(off.violations[0].gapMm).toBeCloseTo(1, 6);
        expect(off.why).toMatch(/A squadron is not where the rule lets it go: q must touch v/);
      });
    }
    it('a ship that ends off the table is destroyed: no places are proposed (the squadrons stay)', () => {
      const m = judge(
        {
          ships: [ship('v', 'medium', 600, 914.4 - 40, 0)],
          squadrons: [{ id: 'q', player: 2, x: 600, y: 895 }],
        },
        'v',
        1,
        [0],
      );
      expect(m.squadronsToMove).toEqual(['q']);
      expect(m.leavesPlayArea).toBe(true);
      expect(m.placements).toBeUndefined();
    });
  });

  it('ends with a corner of its base 0.3 mm off the table: destroyed; 0.3 mm inside: not', () => {
    // speed 2, clicks [1, 1]: the ship ends at rotation 315, a corner of its base farthest in +x
    const rel = recipe('large', { x: 0, y: 0, rotation: 0 }, [1, 1], 'right');
    const { width: W, length: Lb } = CATALOG.shipSizes.large.base;
    const r = (rel.rotation * Math.PI) / 180;
    const cornerX = Math.max(
      ...[
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ].map(([sx, sy]) => rel.x + ((sx * W) / 2) * Math.cos(r) - ((sy * Lb) / 2) * Math.sin(r)),
    );
    const at = (out: number) =>
      judge({ ships: [ship('l', 'large', 1828.8 + out - cornerX, 300, 0)] }, 'l', 2, [1, 1]);
    const off = at(0.3);
    expect(off.leavesPlayArea).toBe(true);
    expect(off.outsideMm).toBeCloseTo(0.3, 9);
    expect(off.why).toContain('0.30 mm outside the play area: it is destroyed');
    expect(at(-0.3).leavesPlayArea).toBe(false);
  });

  it('a shield-dial frame past the edge is not the base leaving the play area', () => {
    // straight at speed 1, the base's front edge 1 mm inside the far edge; its dial frame pokes 3 mm out
    const y = 914.4 - 1 - L - M.base.length / 2;
    const m = judge({ ships: [ship('v', 'medium', 600, y, 0)] }, 'v', 1, [0]);
    expect(m.leavesPlayArea).toBe(false);
    expect(m.outsideMm).toBe(0);
  });

  it('a ship at distance 2 of a gravity rift executes speed 2 as speed 1; at distance 3 it does not', () => {
    const [vx, vy] = extreme('gravity-rift', 0, 'bottom');
    const rift = { id: 'rift', type: 'gravity-rift', x: 900 - vx, y: 700 - vy, rotation: 0 };
    // the base's front edge 100 mm below the rift's lowest point: distance 2 (76.5 to 124.75 mm)
    const near = judge(
      { ships: [ship('v', 'medium', 900, 700 - 100 - M.base.length / 2, 0)], obstacles: [rift] },
      'v',
      2,
      [0, 1],
    );
    expect(near.speedUsed).toBe(1);
    expect(near.clicks).toEqual([0]);
    expect(near.tool).toHaveLength(2);
    expect(near.final.y).toBeCloseTo(700 - 100 - M.base.length / 2 + L, 9);
    expect(near.why).toContain('100.00 mm from rift, a gravity rift (distance 2)');
    expect(near.why).toContain('speed 2 becomes 1');
    const far = judge(
      { ships: [ship('v', 'medium', 900, 700 - 130 - M.base.length / 2, 0)], obstacles: [rift] },
      'v',
      2,
      [0, 1],
    );
    expect(far.speedUsed).toBe(2);
  });
});

describe("a gravity rift near distance 2's end: the maneuver says it is a close call, and what the other reading does", () => {
  // an Imperial at speed 3 heading up the table: at speed 2 it ends clean, at speed 3 its base ends off the table
  const Lg = CATALOG.shipSizes.large;
  const at = { x: 896.46, y: 685.88 };
  const d2 = CATALOG.ruler.distance[1].end;
  /** the rift's topmost vertex straight below the base's rear edge, `gap` from it: the base is exactly gap away */
  const tableAt = (gap: number): T => {
    const [vx, vy] = extreme('gravity-rift', 0, 'top');
    return {
      ships: [ship('isd', 'large', at.x, at.y, 0, { speed: 3 })],
      obstacles: [
        {
          id: 'rift',
          type: 'gravity-rift',
          x: at.x - vx,
          y: at.y - Lg.base.length / 2 - gap - vy,
          rotation: 0,
        },
      ],
    };
  };
  const riftCall = (m: ManeuverReport) =>
    m.riftCall as
      | {
          rift: string;
          mm: number;
          nearEnd: { side: string; inSpread: boolean; marginMm: number };
          otherwise: { speedUsed: number; outcome: string; legal: boolean };
        }
      | undefined;

  it('on the end line: speed 3 becomes 2 and it ends clean; read beyond distance 2 it would end off the table', () => {
    const m = judge(tableAt(d2), 'isd', 3, [0, 0, 0]);
    expect(m.speedUsed).toBe(2);
    expect(m.leavesPlayArea).toBe(false);
    const c = riftCall(m)!;
    expect(c).toMatchObject({ rift: 'rift', nearEnd: { side: 'within', inSpread: true } });
    expect(c.mm).toBeCloseTo(d2, 6);
    expect(c.otherwise).toMatchObject({ speedUsed: 3, outcome: 'off-table', legal: true });
    expect(m.why).toContain('Too close to call: 124.75 mm from rift is on the end of distance 2');
    expect(m.why).toContain(
      'read beyond distance 2, it would execute speed 3 and end off the table (destroyed)',
    );
  });

  it('0.01 mm inside the end: the same, 0.01 mm from it', () => {
    const m = judge(tableAt(d2 - 0.01), 'isd', 3, [0, 0, 0]);
    expect(m.speedUsed).toBe(2);
    expect(riftCall(m)!.nearEnd.marginMm).toBeCloseTo(0.01, 6);
    expect(riftCall(m)!.otherwise.outcome).toBe('off-table');
  });

  it('0.01 mm beyond the end: full speed and off the table; read at distance 2 it would execute speed 2 and end clean', () => {
    const m = judge(tableAt(d2 + 0.01), 'isd', 3, [0, 0, 0]);
    expect(m.speedUsed).toBe(3);
    expect(m.leavesPlayArea).toBe(true);
    const c = riftCall(m)!;
    expect(c).toMatchObject({ rift: 'rift', nearEnd: { side: 'beyond', inSpread: true } });
    expect(c.otherwise).toMatchObject({ speedUsed: 2, outcome: 'clean' });
    expect(m.why).toContain('124.76 mm from rift, a gravity rift, beyond distance 2 as it determines course');
    expect(m.why).toContain('0.01 mm beyond the end of distance 2');
    expect(m.why).toContain('read at distance 2, it would execute speed 2 and end clean');
  });

  it('well away from the end either side: no close call', () => {
    const inside = judge(tableAt(100), 'isd', 3, [0, 0, 0]);
    expect(inside.speedUsed).toBe(2);
    expect(inside).not.toHaveProperty('riftCall');
    expect(inside.why).not.toMatch(/too close/i);
    const outside = judge(tableAt(140), 'isd', 3, [0, 0, 0]);
    expect(outside.speedUsed).toBe(3);
    expect(outside).not.toHaveProperty('riftCall');
    expect(outside.why).not.toMatch(/rift/);
  });
});

describe('the speed chart', () => {
  // from ../shared/reference/ship-classes.json
  const VICTORY: SpeedChart = [[1], [0, 1]];
  const CR90: SpeedChart = [[2], [1, 2], [0, 1, 2], [0, 1, 1, 2]];

  it('refuses a forbidden click, naming the chart row', () => {
    const m = judge(
      { ships: [ship('v', 'medium', 600, 300, 0, { class: 'victory' })] },
      'v',
      2,
      [1, 0],
      'right',
      VICTORY,
    );
    expect(m.legal).toBe(false);
    expect(m.violations).toEqual([
      expect.objectContaining({
        rule: 'speed chart (victory, speed 2: - I): joint 1 allows no click, 1 given',
        joint: 1,
        row: [0, 1],
      }),
    ]);
    expect(m.why).toContain('Not allowed');
    // the geometry is still answered
    expect(m.final.rotation).toBeCloseTo(337.5, 9);
    const ok = judge(
      { ships: [ship('v', 'medium', 600, 300, 0, { class: 'victory' })] },
      'v',
      2,
      [0, -1],
      'right',
      VICTORY,
    );
    expect(ok.legal).toBe(true);
    expect(ok.why).toContain('The speed chart of class victory allows clicks [0, -1] at speed 2 (- I)');
  });

  it("takes the class's chart from the catalog in a table file", () => {
    const t = parseTableText(
      JSON.stringify({
        format: 'armada-table/1',
        table: '3x6',
        ships: [
          { id: 'v', class: 'victory', player: 1, x: 600, y: 300, rotation: 0, speed: 2 },
          { id: 'c', class: 'cr90', player: 2, x: 900, y: 600, rotation: 180, speed: 3 },
        ],
        proposals: [
          { id: 'p', kind: 'maneuver', ship: 'v', clicks: [1, 0] },
          { id: 'f', kind: 'maneuver-fan', ship: 'c' },
          { id: 'g', kind: 'maneuver-fan', ship: 'v', speed: 3 },
        ],
      }),
    );
    const [p, f, g] = analyze(t).proposals as ManeuverReport[];
    expect(p.legal).toBe(false);
    expect(p.violations.map((v) => v.rule)).toEqual([
      'speed chart (victory, speed 2: - I): joint 1 allows no click, 1 given',
    ]);
    expect(p.chartRow).toEqual([0, 1]);
    expect((f.maneuvers as ManeuverReport[]).map((m) => m.clicks.join(','))).toHaveLength(15);
    expect(g.legal).toBe(false);
    expect(g.maneuvers).toEqual([]);
    expect(g.why).toContain('speed 3 is not on the chart, whose top speed is 2');
  });

  it('refuses a speed beyond the chart', () => {
    expect(chartViolations(VICTORY, 'victory', 3, [0, 0, 0])[0].rule).toBe(
      'speed chart (victory): speed 3 is not on the chart, whose top speed is 2',
    );
  });

  it('judges geometry only for a ship without a class, and says so', () => {
    const m = judge({ ships: [ship('s', 'small', 600, 300, 0)] }, 's', 1, [2]);
    expect(m.legal).toBe(true);
    expect(m.chartRow).toBeNull();
    expect(m.why).toContain('no class, so the clicks are judged only against the tool');
  });

  it('the fan holds every allowed click list once, each judged as a maneuver', () => {
    const w = world({ ships: [ship('c', 'small', 900, 300, 0, { class: 'cr90' })] });
    const fan = judgeManeuverFan(
      w,
      { id: 'f', kind: 'maneuver-fan', ship: 'c', speed: 3, side: 'right' },
      CR90,
    );
    const lists = (fan.maneuvers as ManeuverReport[]).map((m) => m.clicks.join(','));
    expect(lists).toHaveLength(1 * 3 * 5);
    expect(new Set(lists).size).toBe(15);
    for (const m of fan.maneuvers as ManeuverReport[]) {
      expect(m.legal).toBe(true);
      expect(m.clicks[0]).toBe(0);
      expect(Math.abs(m.clicks[1])).toBeLessThanOrEqual(1);
      const want = recipe('small', { x: 900, y: 300, rotation: 0 }, m.clicks, 'right');
      expect(m.final.x).toBeCloseTo(want.x, 8);
    }
    const ctx = new ManeuverContext(w, 'c', null);
    expect(ctx.fan('x', 4, 'left')).toHaveLength(5 ** 4);
  });
});

describe('the proposals in a table file', () => {
  const base = {
    format: 'armada-table/1',
    table: '3x6',
    ships: [ship('v', 'medium', 600, 300, 0, { speed: 2 })],
  };
  it("default to the ship's speed and the right side", () => {
    const t = parseTableText(
      JSON.stringify({ ...base, proposals: [{ id: 'p', kind: 'maneuver', ship: 'v', clicks: [0, 1] }] }),
    );
    const r = analyze(t).proposals[0] as ManeuverReport;
    expect(r.speedUsed).toBe(2);
    expect(r.side).toBe('right');
  });
  it('name the problem in a broken proposal', () => {
    const bad = (p: unknown) => () => parseTableText(JSON.stringify({ ...base, proposals: [p] }));
    expect(bad({ id: 'p', kind: 'maneuver', ship: 'x', clicks: [] })).toThrow(
      new TableError('proposals[0].ship', 'no ship with id "x" on the table'),
    );
    expect(bad({ id: 'p', kind: 'maneuver', ship: 'v', clicks: [0, 3] })).toThrow(
      /proposals\[0\]\.clicks\[1\]: 3 clicks/,
    );
    expect(bad({ id: 'p', kind: 'maneuver', ship: 'v', clicks: [0, 0, 0] })).toThrow(
      /3 clicks given for speed 2/,
    );
    expect(bad({ id: 'p', kind: 'maneuver-fan', ship: 'v', side: 'up' })).toThrow(/proposals\[0\]\.side/);
  });
});

describe('which margins of a maneuver are too close to call (maneuverCalls)', () => {
  const edge = (marginMm: number, inSpread: boolean) =>
    ({
      band: 2,
      endMm: 124.75,
      spread: null,
      marginMm,
      side: 'within',
      inSpread,
      otherwise: '',
      says: '',
    }) as const;
  const answer = (o: Partial<ManeuverReport>) =>
    ({ nearMisses: [], obstacles: [], ...o }) as unknown as ManeuverReport;
  it('a gap or a depth under the precision, a rift end within its spread or nearer than the precision', () => {
    const m = answer({
      nearMisses: [
        { piece: 'a', gapMm: 0.4 },
        { piece: 'b', gapMm: 0.9 },
      ],
      obstacles: [{ obstacle: 'rock', effect: '', part: 'base', depthMm: 2 }],
    });
    expect(maneuverCalls(m, 0.5)).toEqual({
      misses: [true, false],
      obstacles: [false],
      rift: false,
      any: true,
    });
    expect(maneuverCalls(m, 0.3).any).toBe(false);
    expect(maneuverCalls(m, 3)).toEqual({ misses: [true, true], obstacles: [true], rift: false, any: true });
    const rift = (marginMm: number, inSpread: boolean) =>
      maneuverCalls(
        answer({
          riftCall: { rift: 'r', mm: 124, nearEnd: edge(marginMm, inSpread), otherwise: {} as never },
        }),
        1,
      );
    expect(rift(0.5, false)).toMatchObject({ rift: true, any: true });
    expect(rift(3, true)).toMatchObject({ rift: true, any: true });
    expect(rift(3, false)).toMatchObject({ rift: false, any: false });
  });
});
