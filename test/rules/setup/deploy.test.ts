/**
 * The `deploy` proposal (src/rules/setup/deploy.ts): the deployment zone, overlaps and the gravity
 * rift's effect, each built so the answer is known: bases placed with an edge exactly on a
 * zone line or a chosen gap from another piece, from the catalog's sizes (not from src/geometry).
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/rules/report/analyze';
import { deploymentZone, type DeployReport, judgeDeploy } from '../../../src/rules/setup/deploy';
import { parseTableText, TableError, type Deploy } from '../../../src/model/table';
import { DISTANCE_BANDS, SIZES, SQUADRON_DIAMETER } from '../../support/shapes';
import { extreme, world, type T } from '../../support/campaign';

const d2 = DISTANCE_BANDS[1].end, d3 = DISTANCE_BANDS[2].end;
const S = SIZES.small, W = S.base.width, L = S.base.length;
const P = (S as unknown as { dialFrame: { protrusion: number } }).dialFrame.protrusion;
const R = SQUADRON_DIAMETER / 2;
const SETUP_X0 = 304.8, H = 914.4;

function judge(t: T, p: Record<string, unknown>): DeployReport {
  const w = world({ ...t, proposals: [{ id: 'd', kind: 'deploy', ...p }] });
  return judgeDeploy(w, w.table.proposals[0] as Deploy);
}
const ship = (over: Record<string, unknown> = {}) => ({ id: 'cr90', size: 'small', player: 1, x: 600, y: 100, rotation: 0, speed: 3, ...over });

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
    expect(judge({ ships: [ship()] }, { ship: 'cr90', to: { x: 600, y: d3 - W / 2 + 0.01, rotation: 90 } }).legal).toBe(false);
  });
  it("3'x6': the setup area's side edges bound the zone; on 3'x3' the whole table is the setup area", () => {
    expect(judge({ ships: [ship()] }, { ship: 'cr90', to: { x: SETUP_X0 + W / 2, y: 100 } }).legal).toBe(true);
    const out = judge({ ships: [ship()] }, { ship: 'cr90', to: { x: SETUP_X0 + W / 2 - 0.01, y: 100 } });
    expect(out.legal).toBe(false);
    expect(out.violations[0].rule).toBe('must be inside the setup area');
    expect(out.violations[0].gapMm).toBeCloseTo(0.01, 6);
    expect(judge({ table: '3x3', ships: [ship({ x: 400 })] }, { ship: 'cr90', to: { x: W / 2, y: 100 } }).legal).toBe(true);
    expect(judge({ table: '3x3', ships: [ship({ x: 400 })] }, { ship: 'cr90', to: { x: W / 2 - 0.01, y: 100 } }).legal).toBe(false);
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
  for (const [name, x, legal] of [['footprints touching', touching, true], ['footprints 0.01 mm into each other', touching - 0.01, false]] as const) {
    it(`a ship beside another, ${name}: ${legal ? 'legal' : 'overlapping'}`, () => {
      const r = judge({ ships: [ship({ id: 'a' }), ship({ id: 'b', x: 900 })] }, { ship: 'b', to: { x, y: 100 } });
      expect(r.legal).toBe(legal);
      if (!legal) {
        expect(r.violations).toEqual([expect.objectContaining({ rule: 'cannot be deployed overlapping a ship', with: 'a' })]);
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
    expect(judge({ ships: [ship()], tokens: [tok(0)] }, { ship: 'cr90', to: { x: 600, y: 100 } }).legal).toBe(true);
    const r = judge({ ships: [ship()], tokens: [tok(-0.01)] }, { ship: 'cr90', to: { x: 600, y: 100 } });
    expect(r.violations.map((v) => v.with)).toEqual(['obj']);
    const sq = { id: 'tie', player: 2, x: 600 + W / 2 + R - 0.01, y: 100 - 25 };
    expect(judge({ ships: [ship()], squadrons: [sq] }, { ship: 'cr90', to: { x: 600, y: 100 } }).violations.map((v) => v.with)).toEqual(['tie']);
    const rock = { id: 'rock', type: 'asteroid-a', x: 600, y: 100, rotation: 0 };
    expect(judge({ ships: [ship({ x: 900 })], obstacles: [rock] }, { ship: 'cr90', to: { x: 600, y: 100 } }).violations[0].rule)
      .toBe('cannot be deployed overlapping an obstacle (asteroid)');
  });
});

describe('deploy: a gravity rift sets the speed dial to 0 at distance 1-2', () => {
  const [rx, ry] = extreme('gravity-rift', 0, 'right');
  const RIFT = { id: 'rift', type: 'gravity-rift', x: 600, y: 100, rotation: 0 };
  // the ship's base's left edge `gap` right of the rift's rightmost vertex, that vertex beside the base's rear part
  const at = (gap: number) => ({ x: RIFT.x + rx + gap + W / 2, y: RIFT.y + ry + L / 2 - 5 });
  for (const [name, gap, zero] of [['on the distance-2 end line', d2, true], ['0.01 mm beyond distance 2', d2 + 0.01, false], ['at distance 1', 10, true]] as const) {
    it(`${name}: speed ${zero ? '0' : 'kept'}`, () => {
      const r = judge({ ships: [ship({ x: 1200 })], obstacles: [RIFT] }, { ship: 'cr90', to: at(gap) });
      expect(r.legal).toBe(true);
      expect(r.speed).toBe(zero ? 0 : 3);
      expect(r.rift).toHaveLength(zero ? 1 : 0);
      expect(r.why).toMatch(zero ? /gravity rift rift.*speed dial is set to 0/ : /speed dial stays at 3/);
    });
  }
});

describe('deploy: squadrons', () => {
  const base = { ships: [ship()] };
  // a squadron right of the ship's base, `gap` from its right edge, level with the base's rear part (clear of the frame)
  const sq = (gap: number, player = 1) => ({ id: 'x1', player, x: 600 + W / 2 + gap + R, y: 80 });
  it('within distance 1-2 of a friendly ship: legal; 0.01 mm beyond distance 2: not', () => {
    expect(judge(base, { squadron: sq(d2), to: { x: 600 + W / 2 + d2 + R, y: 80 } }).legal).toBe(true);
    const r = judge(base, { squadron: sq(d2), to: { x: 600 + W / 2 + d2 + 0.01 + R, y: 80 } });
    expect(r.violations).toEqual([expect.objectContaining({ rule: 'must be within distance 1-2 of a friendly ship', with: 'cr90' })]);
    expect(r.violations[0].gapMm).toBeCloseTo(d2 + 0.01, 6);
  });
  it("an enemy ship does not count, and a squadron has no speed", () => {
    const r = judge({ ships: [ship({ player: 2, y: 800, rotation: 180 }), ship({ id: 'far', x: 1400 })] }, { squadron: sq(10, 1), to: { x: 600, y: 100 } });
    expect(r.violations.map((v) => v.with)).toEqual(['far']);
    expect(r.speed).toBeUndefined();
  });
  it('inside the deployment zone as well', () => {
    const r = judge(base, { squadron: sq(5), to: { x: 600 + W / 2 + 5 + R, y: d3 - R + 0.01 } });
    expect(r.violations.map((v) => v.rule)).toEqual(["must be within distance 1-3 of player 1's edge (y = 0)"]);
  });
});

describe('deploy: the table file', () => {
  const file = (p: unknown) => JSON.stringify({ format: 'armada-table/1', table: '3x6', ships: [ship()], proposals: [p] });
  it('names one ship or one squadron, by id or in full', () => {
    expect(() => parseTableText(file({ id: 'd', kind: 'deploy', to: { x: 1, y: 1 } }))).toThrow(TableError);
    expect(() => parseTableText(file({ id: 'd', kind: 'deploy', ship: 'nope', to: { x: 1, y: 1 } }))).toThrow(/proposals\[0\]\.ship: no ship with id "nope"/);
    expect(() => parseTableText(file({ id: 'd', kind: 'deploy', ship: ship(), to: { x: 1, y: 1 } }))).toThrow(/duplicate id "cr90"/);
    expect(() => parseTableText(file({ id: 'd', kind: 'deploy', ship: ship({ id: 'n', size: 'tiny' }), to: { x: 1, y: 1 } }))).toThrow(/proposals\[0\]\.ship\.size/);
    const t = parseTableText(file({ id: 'd', kind: 'deploy', ship: ship({ id: 'new', rotation: 20 }), to: { x: 700, y: 90 } }));
    const r = analyze(t).proposals[0] as DeployReport;
    expect(r).toMatchObject({ id: 'd', kind: 'deploy', legal: true, piece: 'new', pieceKind: 'ship', player: 1, at: { x: 700, y: 90, rotation: 20 }, speed: 3 });
  });
});
