/**
 * The seed's Dust Field section, one test per bullet and sub-bullet, built so each answer is known
 * by construction. Scene as in los-obstruction: a (player 1) at (500, 300) facing +y, b (player 2)
 * at (500, 500) facing -y; the line of sight a.front -> b.front is x = 500 from y = 339.35 to
 * 460.65. b's plastic base spans y 449..551; its front shield dial x 491.5..508.5, y 445..455.
 * A dust field (dust-1 turned 90 degrees) at (500, Y) meets x = 500 over about [Y - 15, Y + 10.5]:
 * each test measures that stretch before relying on it.
 */
import { describe, expect, it } from 'vitest';
import { insideIntervals, relate } from '../../../src/geometry/relate';
import type { Obstacle, Ship, Squadron, Table } from '../../../src/model/table';
import { attacksFrom } from '../../../src/rules/attacks/attacks';
import { World } from '../../../src/rules/world';
import { extremeVertex, judge, obstacleWithVertexAt, ship, squadron, table } from '../../support/attacks';

const A = ship('a', 1, 500, 300, 0);
const B = ship('b', 2, 500, 500, 180);
const dust = (y: number, x = 500): Obstacle => ({ id: 'dust', type: 'dust-1', x, y, rotation: 90 });
const scene = (o: {
  obstacles?: Obstacle[];
  ships?: Ship[];
  squadrons?: Squadron[];
  ruleset?: Table['ruleset'];
}) =>
  table({
    ships: o.ships ?? [A, B],
    obstacles: o.obstacles ?? [],
    squadrons: o.squadrons ?? [],
    ruleset: o.ruleset,
  });

/** Where the vertical line x = 500 is inside the dust field, as [yLow, yHigh]. */
function dustOnLine(t: Table): [number, number] {
  const w = new World(t);
  const o = w.obstacles.find((e) => e.id === 'dust')!.outline;
  const iv = insideIntervals(o, 500, 0, 500, 1000);
  expect(iv.length).toBe(1);
  return [iv[0][0] * 1000, iv[0][1] * 1000];
}

describe('a ship tracing line of sight across a dust field cannot attack', () => {
  it('ship attacking a ship: dust', () => {
    const t = scene({ obstacles: [dust(400)] });
    const [lo, hi] = dustOnLine(t);
    expect(lo).toBeGreaterThan(360);
    expect(hi).toBeLessThan(440);
    const r = judge(t, 'a.front', 'b.front');
    expect(r.los).toBe('dust');
    expect(r.dustBy).toEqual(['dust']);
    expect(r.obstructedBy).toEqual([]); // the dust forbids the attack; it is not an obstruction
    expect(r.why).toMatch(/cannot make this attack \(dust\)/);
  });

  it('... but may declare another target: the same hull zone to a target off the dust is judged on its own', () => {
    const t = scene({ obstacles: [dust(400)], squadrons: [squadron('s', 2, 620, 430)] });
    const all = attacksFrom(new World(t), 'a.front');
    expect(all.find((x) => x.defender === 'b.front')!.los).toBe('dust');
    const other = all.find((x) => x.defender === 's')!;
    expect(other.inArc).toBe(true);
    expect([other.los, other.dustBy ?? []]).toEqual(['clear', []]);
  });

  it('ship attacking a squadron: dust', () => {
    const t = scene({ ships: [A], squadrons: [squadron('s', 2, 500, 470)], obstacles: [dust(400)] });
    const r = judge(t, 'a.front', 's');
    expect([r.los, r.dustBy]).toEqual(['dust', ['dust']]);
  });

  it('dust outranks obstructed but not blocked', () => {
    const rockAndDust = [
      dust(420),
      { id: 'rock', type: 'asteroid-a' as const, x: 500, y: 375, rotation: 90 },
    ];
    const r = judge(scene({ obstacles: rockAndDust }), 'a.front', 'b.front');
    expect([r.los, r.obstructedBy, r.dustBy]).toEqual(['dust', ['rock'], ['dust']]);
    const blocked = judge(scene({ obstacles: rockAndDust }), 'a.front', 'b.rear');
    expect(blocked.los).toBe('blocked');
  });

  it('a line that only touches a dust field (through a vertex) is not dust, but grazing', () => {
    const i = extremeVertex('dust-1', 90, 'minX');
    const t = scene({ obstacles: [{ ...obstacleWithVertexAt('dust', 'dust-1', 90, i, 500, 400) }] });
    const r = judge(t, 'a.front', 'b.front');
    expect([r.los, r.grazing, r.dustBy ?? []]).toEqual(['clear', ['dust'], []]);
  });
});

describe('a squadron tracing line of sight across a dust field: obstructed', () => {
  it('squadron attacking a ship', () => {
    const t = scene({ ships: [B], squadrons: [squadron('q', 1, 500, 340)], obstacles: [dust(400)] });
    const r = judge(t, 'q', 'b.front');
    expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['dust']]);
    expect(r.why).toMatch(/squadron attacking across dust is obstructed/);
  });

  it('squadron attacking a squadron', () => {
    const t = scene({
      ships: [],
      squadrons: [squadron('q', 1, 500, 340), squadron('s', 2, 500, 460)],
      obstacles: [dust(400)],
    });
    const r = judge(t, 'q', 's');
    expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['dust']]);
  });
});

describe('the defending ship overlaps the dust field', () => {
  for (const ruleset of ['seed', '1.6'] as const) {
    it(`(${ruleset}) the line does not pass over a visible portion: the ship can attack${ruleset === 'seed' ? ', obstructed by the 1.5 dial rule' : ''}`, () => {
      const t = scene({ obstacles: [dust(470)], ruleset });
      const [lo] = dustOnLine(t);
      expect(lo).toBeGreaterThan(455 + 0.01); // past b's base edge (449) and past its front dial (to 455) on the line
      expect(lo).toBeLessThan(460.65 - 1); // the line does cross the dust, under b's base
      const w = new World(t);
      expect(relate(w.ships[1].shapes.base, w.obstacles[0].outline).kind).toBe('overlap');
      // the dust reaches under b's front dial beside the line, and the line leaves b.front through that dial
      expect(relate(w.ships[1].shapes.dials.front, w.obstacles[0].outline).kind).toBe('overlap');
      const r = judge(t, 'a.front', 'b.front');
      expect(r.dustBy ?? []).toEqual([]);
      if (ruleset === '1.6') {
        expect(r.why).toMatch(/only where b's plastic base covers it/);
        return expect([r.los, r.obstructedBy]).toEqual(['clear', []]);
      }
      expect(r.why).toMatch(/through b.front's shield dial, which overlaps dust \(rules 1.5\)/);
      expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['dust']]);
      expect(r.readings?.map((u) => [u.reading, u.value, u.otherwise])).toEqual([
        ['dustDial', 'defender', 'clear'],
      ]);
      expect(r.why).toMatch(/Depends on a reading: a line through the defending hull zone's shield dial/);
    });
  }

  it('the line passes over a visible portion (outside the base): dust', () => {
    const t = scene({ obstacles: [dust(450)] });
    const [lo] = dustOnLine(t);
    expect(lo).toBeLessThan(445 - 1); // begins outside the base and its dial
    const r = judge(t, 'a.front', 'b.front');
    expect([r.los, r.dustBy]).toEqual(['dust', ['dust']]);
  });

  for (const ruleset of ['seed', '1.6'] as const) {
    it(`(${ruleset}) caveat: a line through the defending hull zone's shield dial, where the dust would otherwise be visible: dust`, () => {
      // the dust begins under the dial's frame, outside the plastic base (y 445..449)
      const t = scene({ obstacles: [dust(461)], ruleset });
      const [lo] = dustOnLine(t);
      expect(lo).toBeGreaterThan(445 + 0.5);
      expect(lo).toBeLessThan(449 - 0.5);
      const r = judge(t, 'a.front', 'b.front');
      expect([r.los, r.dustBy]).toEqual(['dust', ['dust']]);
    });

    it(`(${ruleset}) control: the same dust 4.5 mm further in lies under the dial and the base alike; the base hides it: can attack${ruleset === 'seed' ? ', obstructed (1.5 dial rule)' : ''}`, () => {
      const t = scene({ obstacles: [dust(465.5)], ruleset });
      const [lo] = dustOnLine(t);
      expect(lo).toBeGreaterThan(449 + 0.5);
      expect(lo).toBeLessThan(455 - 0.5); // still under b's front dial
      const w = new World(t);
      expect(relate(w.ships[1].shapes.dials.front, w.obstacles[0].outline).kind).toBe('overlap');
      const r = judge(t, 'a.front', 'b.front');
      expect([r.los, r.dustBy ?? []]).toEqual([ruleset === 'seed' ? 'obstructed' : 'clear', []]);
    });
  }

  for (const ruleset of ['seed', '1.6'] as const) {
    for (const cover of ['base', 'token'] as const) {
      it(`(${ruleset}, cover ${cover}) a squadron attacking that ship through the covered part is obstructed: both exceptions are for ships`, () => {
        const t = {
          ...scene({ ships: [B], squadrons: [squadron('q', 1, 500, 340)], obstacles: [dust(470)], ruleset }),
          readings: { cover },
        };
        const r = judge(t, 'q', 'b.front');
        expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['dust']]);
        expect(r.why).toMatch(/a squadron attacking across dust is obstructed/);
        expect(
          (r.lines as { piece: string; coveredBy?: string[] }[]).find((e) => e.piece === 'dust')?.coveredBy,
        ).toBeUndefined();
      });
    }
  }
});

describe('a ship that is neither attacker nor defender overlaps the dust field', () => {
  // c lies across the line (turned 90 degrees: its base spans y 368.5..431.5), with the dust under it
  const C = ship('c', 1, 500, 400, 90);
  it('the line passes only over the part c covers: the attack still cannot be made', () => {
    const t = scene({ ships: [A, B, C], obstacles: [dust(400)] });
    const [lo, hi] = dustOnLine(t);
    expect(lo).toBeGreaterThan(368.5 + 5);
    expect(hi).toBeLessThan(431.5 - 5);
    const r = judge(t, 'a.front', 'b.front');
    expect(r.los).toBe('dust');
    expect(r.dustBy).toEqual(['dust']);
    expect(r.obstructedBy).toEqual(['c']); // c obstructs as well
    expect(r.why).toMatch(/c lies on it, but a third ship covering a dust field does not help/);
  });

  it('lifting c out of the way (its owner may) gives the same dust verdict', () => {
    const withC = judge(scene({ ships: [A, B, C], obstacles: [dust(400)] }), 'a.front', 'b.front');
    const lifted = judge(scene({ ships: [A, B], obstacles: [dust(400)] }), 'a.front', 'b.front');
    expect([lifted.los, lifted.dustBy]).toEqual([withC.los, withC.dustBy]);
  });

  it('for a squadron attacker c hides nothing: the dust obstructs, and c in its own right', () => {
    const t = scene({ ships: [B, C], squadrons: [squadron('q', 1, 500, 340)], obstacles: [dust(400)] });
    const r = judge(t, 'q', 'b.front');
    expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['dust', 'c']]);
  });
});

describe('the attacking ship overlaps the dust field (the seed is silent: the general visible-portion rule)', () => {
  it("dust crossed only under the attacker's own plastic base is hidden: the attack is allowed", () => {
    const t = scene({ obstacles: [dust(330)] });
    const [lo, hi] = dustOnLine(t);
    expect(lo).toBeLessThan(339.35); // the dust reaches back past a's targeting point ...
    expect(hi).toBeGreaterThan(339.35 + 0.5); // ... and the line crosses it ...
    expect(hi).toBeLessThan(345 - 0.5); // ... short of a's front dial frame and base edge (351)
    const r = judge(t, 'a.front', 'b.front');
    expect([r.los, r.dustBy ?? []]).toEqual(['clear', []]);
    expect(r.why).toMatch(/only where a's plastic base covers it/);
  });
});
