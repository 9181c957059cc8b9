/**
 * Squadrons a ship lands on, in the app: the plan's answer proposes their places; a place
 * dragged is the opponent's choice in the plan (set touching when near, as an exogorth's displaced
 * squadrons are); Execute moves the ship and the squadrons in one change (one undo step).
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/model/catalog';
import { validateTable, type Table } from '../../src/model/table';
import { judgeManeuver, landedWorld, type ManeuverReport } from '../../src/rules/movement/maneuver';
import { World } from '../../src/rules/world';
import { executed, planOf, withPlan } from '../../src/state/maneuver';
import { findPiece, patchPiece, removePiece, spotId } from '../../src/state/pieces';
import { ringBoundaryDistance } from '../support/oracle';

const L = CATALOG.maneuverTool.jointLength.value,
  R = CATALOG.squadron.diameter / 2;
const { width: W, length: LB } = CATALOG.shipSizes.medium.base;
const base: Table = validateTable({
  format: 'armada-table/1',
  table: '3x6',
  ships: [{ id: 'v', size: 'medium', player: 1, x: 600, y: 300, rotation: 0, speed: 1 }],
  squadrons: [
    { id: 'q', player: 2, x: 600, y: 300 + L },
    { id: 'far', player: 2, x: 1000, y: 600 },
  ],
  obstacles: [],
});
const answer = (t: Table): ManeuverReport => judgeManeuver(new World(t), planOf(t)!, null);
const planned = withPlan(base, { ship: 'v', speed: 1, clicks: [0], side: 'right' });

describe('a planned maneuver onto a squadron', () => {
  it('Execute moves the ship and puts the squadron at the proposed place, touching the ship, in one change', () => {
    const a = answer(planned);
    expect(a.squadronsToMove).toEqual(['q']);
    const after = executed(planned, a);
    const q = after.squadrons.find((s) => s.id === 'q')!;
    expect({ x: q.x, y: q.y }).toEqual({
      x: Math.round(a.placements!.q.x * 100) / 100,
      y: Math.round(a.placements!.q.y * 100) / 100,
    });
    expect(after.squadrons.find((s) => s.id === 'far')).toEqual(base.squadrons[1]);
    expect(after.ships[0]).toMatchObject({ x: a.final.x, y: a.final.y });
    expect(after.proposals).toEqual([]);
    const fp = new World(after).ships[0].shapes.footprint.pairs() as [number, number][];
    expect(Math.abs(ringBoundaryDistance(fp, q.x, q.y) - R)).toBeLessThan(0.02);
  });
  it('a place dragged near the ship is set touching it, kept in the plan, and Execute uses it; Delete gives it back to the proposal', () => {
    const sid = spotId('v', 'q');
    expect(findPiece(planned, sid)).toMatchObject({ kind: 'displaced-spot', spot: { chosen: false } });
    // dropped 2 mm off the base's right edge, level with its rear part: snapped touching
    const dropY = 300 + L - LB / 2 + R + 2;
    const moved = patchPiece(planned, sid, { x: 600 + W / 2 + R + 2, y: dropY });
    const chosen = planOf(moved)!.placements!.q;
    const w = landedWorld(new World(moved), 'v', answer(moved).final);
    expect(
      Math.abs(
        ringBoundaryDistance(w.ships[0].shapes.footprint.pairs() as [number, number][], chosen.x, chosen.y) -
          R,
      ),
    ).toBeLessThan(0.02);
    const a = answer(moved);
    expect([a.legal, a.chosen, a.placements!.q]).toEqual([true, ['q'], chosen]);
    expect(executed(moved, a).squadrons.find((s) => s.id === 'q')).toMatchObject(chosen);
    // a changed plan drops the choice; Delete on the place gives it back to the rules
    expect(
      planOf(withPlan(moved, { ship: 'v', speed: 1, clicks: [1], side: 'right' }))!.placements,
    ).toBeUndefined();
    expect(planOf(removePiece(moved, sid))!.placements).toBeUndefined();
  });
});
