/**
 * Practice maps around a huge ship: the early skip of pairs out of reach is measured on the hull
 * zones' cardboard, as the range is, for every size. Built so the answer is known: an Executor
 * (player 1) at (900, 300) facing +y, its token's front edge at y = 300 + 182.5 (token 365 long), its
 * plastic base's at 300 + 175.75 (351.5 long): 6.75 mm short of the token. A Victory (player 2)
 * facing -y with its token's front edge 300.25 mm beyond the Executor's token: long range (long
 * ends at 304.8), though its base-to-base gap (307 mm) is beyond it.
 */
import { describe, expect, it } from 'vitest';
import type { Table } from '../../../src/model/table';
import { attackBetween } from '../../../src/rules/attacks/attacks';
import { ShipProbe, pairVerdict } from '../../../src/rules/practice/threat';
import { World } from '../../../src/rules/world';
import { ship, table } from '../../support/attacks';
import { SIZES } from '../../support/shapes';

const HT = SIZES.huge.token.length / 2,
  HB = SIZES.huge.base.length / 2;
const VT = SIZES.medium.token.length / 2;
const front = 300 + HT; // the Executor's token's front edge
const vicY = front + 300.25 + VT; // the Victory's token's front edge 300.25 mm beyond it

const scene = (): Table =>
  table({
    ships: [ship('exe', 1, 900, 300, 0, 'huge', 'executor'), ship('vic', 2, 900, vicY, 180)],
  });

describe("a huge ship's practice maps: pairs within reach of its token, not only of its bases", () => {
  it('as built: long range token to token, beyond long range base to base', () => {
    const w = new World(scene());
    expect(HT - HB).toBeCloseTo(6.75, 9);
    const a = attackBetween(w, 'exe.front', 'vic.front');
    expect([a.inArc, a.range]).toEqual([true, 'long']);
    expect(a.rangeMm).toBeCloseTo(300.25, 6);
    expect(attackBetween(w, 'vic.front', 'exe.front').range).toBe('long');
  });
  it("threat at the Executor's own place: the Victory's front attack on exe.front is listed, as analyze has it", () => {
    const w = new World(scene());
    const cell = new ShipProbe(w, 'exe').threat(900, 300);
    const want = pairVerdict(attackBetween(w, 'vic.front', 'exe.front'));
    expect(want).not.toBeNull();
    expect(cell.pairs).toContainEqual(want);
    expect(cell.attackers).toContain('vic.front');
  });
  it("opportunity from the Executor's own place: its front attack on vic.front is listed, as analyze has it", () => {
    const w = new World(scene());
    const opp = new ShipProbe(w, 'exe').opportunity({ x: 900, y: 300, rotation: 0 });
    const want = pairVerdict(attackBetween(w, 'exe.front', 'vic.front'));
    expect(opp.pairs).toContainEqual(want);
    expect(opp.targets).toContain('vic.front');
  });
  it('the Victory moved instead: its threat cell at its place lists the Executor front attack', () => {
    const w = new World(scene());
    const cell = new ShipProbe(w, 'vic').threat(900, vicY);
    expect(cell.attackers).toContain('exe.front');
  });
});
