/**
 * Dust under the attacking ship's own base (readings.dustUnderAttacker). The seed grants the
 * covered-dust exception to the defending ship, and names "the attacker or defender" only in its
 * third-ship bullet: built so the line crosses dust only where the attacker's base lies on it.
 * a (player 1) at (500, 300) facing +y, b (player 2) at (500, 500) facing -y, both Victories (base
 * y 249..351 for a); the line a.front -> b.front is x = 500 from y = 339.35; a dust field turned 90
 * degrees at (500, 332) spans y 311.4..350.3 (its outline's own extent), so the line crosses it only under a's base.
 * Ruleset 1.6 (no 1.5 dial rule: a's front dial lies on the dust too).
 */
import { describe, expect, it } from 'vitest';
import type { AttackReport } from '../../../src/model/report';
import type { Readings, Table } from '../../../src/model/table';
import { attackBetween } from '../../../src/rules/attacks/attacks';
import { World } from '../../../src/rules/world';
import { ship, table } from '../../support/attacks';

const scene = (readings: Readings = {}, dustY = 332): Table => ({
  ...table({
    ruleset: '1.6',
    ships: [ship('a', 1, 500, 300, 0), ship('b', 2, 500, 500, 180)],
    obstacles: [{ id: 'dust', type: 'dust-1', x: 500, y: dustY, rotation: 90 }],
  }),
  readings,
});
const judge = (t: Table): AttackReport => attackBetween(new World(t), 'a.front', 'b.front');
const uses = (r: AttackReport) => (r.readings ?? []).map((u) => `${u.reading}:${u.value}->${u.otherwise}`);

describe("dust under the attacking ship's own base", () => {
  it('hidden (default): the base hides it, the attack may be made, and the card names the reading', () => {
    const r = judge(scene());
    expect(r.los).toBe('clear');
    expect(uses(r)).toContain('dustUnderAttacker:hidden->dust');
    expect(r.why).toMatch(
      /Depends on a reading: the attacking ship's own base hides the dust field under it/,
    );
  });
  it("visible: only the defending ship's cover counts, so the attack cannot be made", () => {
    const r = judge(scene({ dustUnderAttacker: 'visible' }));
    expect(r.los).toBe('dust');
    expect(uses(r)).toContain('dustUnderAttacker:visible->clear');
  });
  it('the reverse attack (b attacking a, the dust under the defender): the seed decides, no reading', () => {
    for (const dustUnderAttacker of ['hidden', 'visible'] as const) {
      const r = attackBetween(new World(scene({ dustUnderAttacker })), 'b.front', 'a.front');
      expect(r.los).toBe('clear');
      expect(uses(r).filter((u) => u.startsWith('dustUnderAttacker'))).toEqual([]);
    }
  });
  it('dust the line crosses beyond the base: dust whatever the reading', () => {
    const r = judge(scene({}, 345));
    expect(r.los).toBe('dust');
    expect(uses(r).filter((u) => u.startsWith('dustUnderAttacker'))).toEqual([]);
  });
});
