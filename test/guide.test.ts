/** Guided setup: turn order and what is left read from the table, placements judged by the rules, in words. */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../src/model/catalog';
import { validateTable, type Table } from '../src/model/table';
import { deployAt, guideStep, newGuide, newTable, placeObstacle } from '../src/state/guide';

const blank = validateTable({ format: 'armada-table/1', table: '3x6', ships: [], squadrons: [], obstacles: [], tokens: [] });
const d1 = CATALOG.ruler.distance[0].end;

describe('guided setup', () => {
  it('the second player places first, they alternate, six obstacles; a placement too near another is refused in words', () => {
    const g = newGuide();
    let t: Table = newTable(blank, true);
    expect(t.obstacles.length).toBe(6);
    const spots = [[500, 300], [800, 300], [1100, 300], [500, 600], [800, 600], [1100, 600]];
    const players: number[] = [];
    for (const [x, y] of spots) {
      const s = guideStep(t, g);
      if (s.step !== 'obstacles') throw new Error('expected the obstacle step');
      players.push(s.player);
      const r = placeObstacle(t, g, x, y, 0, 'core', 'all');
      if (!r.ok) throw new Error(r.why);
      t = r.table;
      // the laid-out token was moved in, not a new one added
      expect(t.obstacles.length).toBe(6);
    }
    expect(players).toEqual([2, 1, 2, 1, 2, 1]);
    expect(guideStep(t, g).step).toBe('deploy');
  });

  it('refuses an obstacle within distance 1 of another, naming both and the band end', () => {
    const g = newGuide();
    let t: Table = newTable(blank, false);
    const a = placeObstacle(t, g, 700, 450, 0, 'core', 'all');
    if (!a.ok) throw new Error(a.why);
    t = a.table;
    const b = placeObstacle(t, g, 760, 450, 0, 'core', 'all');
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.why).toMatch(new RegExp(`^asteroid-a (is [0-9.]+ mm from|overlaps) station; it must be beyond distance 1 \\(${d1.toFixed(2)} mm\\)`));
  });

  it('deploys the first player first, one ship or two squadrons a turn, judged by judgeDeploy', () => {
    const g = newGuide();
    let t: Table = { ...blank, obstacles: [] };
    g.set = [];
    const s0 = guideStep(t, g);
    expect(s0.step === 'deploy' && s0.player).toBe(1);
    const r1 = deployAt(t, g, 700, 100);
    if (!r1.ok) throw new Error(r1.why);
    t = r1.table;
    const s1 = guideStep(t, g);
    expect(s1.step === 'deploy' && s1.player).toBe(2);
    // outside player 2's zone: refused, the reason in words
    const bad = deployAt(t, g, 700, 500);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.why).toContain("within distance 1-3 of player 2's edge");
    const r2 = deployAt(t, g, 700, 820);
    if (!r2.ok) throw new Error(r2.why);
    t = r2.table;
    expect(t.ships.find((s) => s.player === 2)!.rotation).toBe(180);
    g.pending[1] = { kind: 'squadron' };
    const q1 = deployAt(t, g, 780, 120);
    if (!q1.ok) throw new Error(q1.why);
    t = q1.table;
    const s2 = guideStep(t, g);
    expect(s2.step === 'deploy' && s2.player).toBe(1); // two squadrons a turn
  });
});
