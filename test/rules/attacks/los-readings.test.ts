/**
 * The readings an attack's verdict may rest on (docs/readings.md), each built so the answer is
 * known: the attacker's own shield dial on a dust field (seed), the 1.5 dial rule for a line that
 * misses the obstacle, the visible-portion exception for a squadron, what covers (base or token);
 * and a property: no dust field is ever better for the attacker than an asteroid of the same outline.
 *
 * Scene as in los-dust.test.ts: a (player 1) at (500, 300) facing +y, b (player 2) at (500, 500)
 * facing -y, both medium (base 63 x 102, token 58.5 x 101.5). The line a.front -> b.front is
 * x = 500 from y = 339.35 to 460.65. a's front shield dial spans x 491.5..508.5, y 345..355; b's
 * y 445..455; b's base y 449..551, its token y 449.25..550.75.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG, type Catalog, type ObstacleType } from '../../../src/model/catalog';
import type { AttackReport, LosVerdict } from '../../../src/model/report';
import type { Obstacle, Readings, Ship, Squadron, Table } from '../../../src/model/table';
import { attackBetween, attacks } from '../../../src/rules/attacks/attacks';
import { relate } from '../../../src/geometry/relate';
import { World } from '../../../src/rules/world';
import { extremeVertex, obstacleWithVertexAt, ship, squadron, table } from '../../support/attacks';
import { uniform } from '../../support/campaign';

const A = ship('a', 1, 500, 300, 0);
const B = ship('b', 2, 500, 500, 180);
const scene = (o: {
  obstacles: Obstacle[];
  ships?: Ship[];
  squadrons?: Squadron[];
  ruleset?: Table['ruleset'];
  readings?: Readings;
}): Table => ({
  ...table({
    ships: o.ships ?? [A, B],
    obstacles: o.obstacles,
    squadrons: o.squadrons ?? [],
    ruleset: o.ruleset,
  }),
  readings: o.readings ?? {},
});
const judge = (t: Table, att: string, def: string): AttackReport => attackBetween(new World(t), att, def);
const uses = (r: AttackReport) => (r.readings ?? []).map((u) => `${u.reading}:${u.value}->${u.otherwise}`);
const RULESETS = ['seed', '1.6'] as const;
const COVERS = ['base', 'token'] as const;

/** An obstacle with its rightmost vertex (turned 0) at (px, py). */
const withMaxXAt = (id: string, type: ObstacleType, px: number, py: number) =>
  obstacleWithVertexAt(id, type, 0, extremeVertex(type, 0, 'maxX'), px, py);

describe("the attacker's own shield dial on a dust field (wrong today 1)", () => {
  // the obstacle's rightmost point at (494, 350): inside a's front dial (x 491.5..508.5, y 345..355), 6 mm left of the line
  for (const cover of COVERS) {
    for (const ruleset of RULESETS) {
      it(`(${ruleset}, cover ${cover}) a line through a's front dial, which lies on dust, never over the dust itself`, () => {
        const dust = withMaxXAt('dust', 'dust-1', 494, 350);
        const rock = withMaxXAt('rock', 'asteroid-b', 494, 350);
        for (const o of [dust, rock])
          expect(
            relate(
              new World(scene({ obstacles: [o] })).ships[0].shapes.dials.front,
              new World(scene({ obstacles: [o] })).obstacles[0].outline,
            ).kind,
          ).toBe('overlap');
        const d = judge(scene({ obstacles: [dust], ruleset, readings: { cover } }), 'a.front', 'b.front');
        const r = judge(scene({ obstacles: [rock], ruleset, readings: { cover } }), 'a.front', 'b.front');
        if (ruleset === '1.6') {
          // no dial rule: the line misses both
          expect([d.los, r.los]).toEqual(['clear', 'clear']);
          expect([uses(d), uses(r)]).toEqual([[], []]);
          return;
        }
        // rules 1.5 as written: obstructed, as by the asteroid; not dust (the seed's caveat names the defending dial only)
        expect([d.los, d.obstructedBy, d.dustBy ?? []]).toEqual(['obstructed', ['dust'], []]);
        expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['rock']]);
        expect(uses(d)).toEqual(['dialLine:through-dial->clear', 'dustDial:attacker->dust']);
        expect(uses(r)).toEqual(['dialLine:through-dial->clear']);
        expect(d.why).toMatch(
          /through a.front's shield dial, which overlaps dust \(rules 1.5\)\): obstructed/,
        );
        expect(d.why).toMatch(
          /Depends on a reading: a line through the attacking hull zone's own shield dial on a dust field is obstructed/,
        );
      });
    }
  }
  it('(seed) with readings.dialLine over-obstacle the line must pass over the obstacle: clear for both, and the reading is named', () => {
    for (const o of [withMaxXAt('dust', 'dust-1', 494, 350), withMaxXAt('rock', 'asteroid-b', 494, 350)]) {
      const r = judge(
        scene({ obstacles: [o], readings: { dialLine: 'over-obstacle' } }),
        'a.front',
        'b.front',
      );
      expect(r.los).toBe('clear');
      expect(uses(r)).toEqual(['dialLine:over-obstacle->obstructed']);
      expect(r.why).toMatch(
        /Depends on a reading: the 1.5 dial rule obstructs only a line that also passes over the obstacle/,
      );
    }
  });
  it('(seed) dust under both the dial and the base, crossed by the line only under the base: obstructed like the asteroid, under both dial readings', () => {
    // a dust field turned 90 degrees with its top vertex at (500, 348): the line crosses it under a's base (to y 351) and through the dial
    const i = extremeVertex('dust-1', 90, 'maxY');
    const dust = obstacleWithVertexAt('dust', 'dust-1', 90, i, 500, 348);
    for (const dialLine of ['through-dial', 'over-obstacle'] as const) {
      const r = judge(scene({ obstacles: [dust], readings: { dialLine } }), 'a.front', 'b.front');
      expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['dust']]);
      expect(uses(r)).toContain('dustDial:attacker->dust');
    }
    expect(judge(scene({ obstacles: [dust], ruleset: '1.6' }), 'a.front', 'b.front').los).toBe('clear');
  });
});

describe('the 1.5 dial rule for a line that misses the obstacle (readings.dialLine)', () => {
  // an asteroid under b's front dial (rightmost point at (494, 450)), 6 mm left of the line
  const rock = withMaxXAt('rock', 'asteroid-b', 494, 450);
  it('(seed) through-dial (default): obstructed, and the reading decided it', () => {
    const r = judge(scene({ obstacles: [rock] }), 'a.front', 'b.front');
    expect([r.los, r.obstructedBy, uses(r)]).toEqual([
      'obstructed',
      ['rock'],
      ['dialLine:through-dial->clear'],
    ]);
  });
  it('(seed) over-obstacle: clear, and the reading decided it', () => {
    const r = judge(
      scene({ obstacles: [rock], readings: { dialLine: 'over-obstacle' } }),
      'a.front',
      'b.front',
    );
    expect([r.los, uses(r)]).toEqual(['clear', ['dialLine:over-obstacle->obstructed']]);
  });
  it('(1.6) no dial rule: clear, no reading', () => {
    const r = judge(scene({ obstacles: [rock], ruleset: '1.6' }), 'a.front', 'b.front');
    expect([r.los, uses(r)]).toEqual(['clear', []]);
  });
});

describe('the visible-portion exception for a squadron attacker (readings.visiblePortion)', () => {
  // an asteroid whose lowest point is (500, 456): under b's base and token, clear of b's dial (to 455); the line crosses it to 460.65
  const i = extremeVertex('asteroid-a', 90, 'minY');
  const rock = obstacleWithVertexAt('rock', 'asteroid-a', 90, i, 500, 456);
  const Q = squadron('q', 1, 500, 340);
  for (const ruleset of RULESETS) {
    for (const cover of COVERS) {
      it(`(${ruleset}, cover ${cover}) ship (default, the text as written): obstructed; any (the switch): clear`, () => {
        const def = judge(
          scene({ obstacles: [rock], ships: [B], squadrons: [Q], ruleset, readings: { cover } }),
          'q',
          'b.front',
        );
        expect([def.los, def.obstructedBy, uses(def)]).toEqual([
          'obstructed',
          ['rock'],
          ['visiblePortion:ship->clear'],
        ]);
        expect(def.why).toMatch(
          /Depends on a reading: the visible-portion exception applies only to an attacking hull zone's line, as rules 1.5 word it \(readings.visiblePortion: ship, the default/,
        );
        const ship = judge(
          scene({
            obstacles: [rock],
            ships: [B],
            squadrons: [Q],
            ruleset,
            readings: { cover, visiblePortion: 'ship' },
          }),
          'q',
          'b.front',
        );
        expect(ship).toEqual(def);
        const any = judge(
          scene({
            obstacles: [rock],
            ships: [B],
            squadrons: [Q],
            ruleset,
            readings: { cover, visiblePortion: 'any' },
          }),
          'q',
          'b.front',
        );
        expect([any.los, uses(any)]).toEqual(['clear', ['visiblePortion:any->obstructed']]);
        expect(any.why).toMatch(
          /Depends on a reading: the visible-portion exception applies to a squadron's line of sight as to a ship's \(readings.visiblePortion: any, not the default\)/,
        );
      });
    }
  }
  it('a ship attacker is not affected by the setting', () => {
    for (const visiblePortion of ['any', 'ship'] as const) {
      expect(
        judge(scene({ obstacles: [rock], readings: { visiblePortion } }), 'a.front', 'b.front').los,
      ).toBe('clear');
    }
  });
});

describe('what covers: plastic base or cardboard token (readings.cover)', () => {
  // (1.6, no dial rule) an asteroid whose lowest point is (500, 449.1): the line crosses it from
  // there, under b's base (from 449) but for 0.15 mm not under its token (from 449.25)
  const i = extremeVertex('asteroid-a', 90, 'minY');
  const rock = obstacleWithVertexAt('rock', 'asteroid-a', 90, i, 500, 449.1);
  it('base: hidden, clear (the token would leave it obstructed); token: obstructed (the base would hide it)', () => {
    const base = judge(scene({ obstacles: [rock], ruleset: '1.6' }), 'a.front', 'b.front');
    expect([base.los, uses(base)]).toEqual(['clear', ['cover:base->obstructed']]);
    const token = judge(
      scene({ obstacles: [rock], ruleset: '1.6', readings: { cover: 'token' } }),
      'a.front',
      'b.front',
    );
    expect([token.los, uses(token)]).toEqual(['obstructed', ['cover:token->clear']]);
  });
  it('deep under both: no reading decides it', () => {
    const deep = obstacleWithVertexAt('rock', 'asteroid-a', 90, i, 500, 456);
    for (const cover of COVERS)
      expect(
        uses(judge(scene({ obstacles: [deep], ruleset: '1.6', readings: { cover } }), 'a.front', 'b.front')),
      ).toEqual([]);
  });
});

/** The catalog with asteroid-a given a dust field's outline: the same geometry, another kind. */
function asteroidShaped(type: 'dust-1' | 'dust-2'): Catalog {
  return {
    ...CATALOG,
    obstacles: {
      ...CATALOG.obstacles,
      'asteroid-a': { ...CATALOG.obstacles['asteroid-a'], outline: CATALOG.obstacles[type].outline },
    },
  };
}
const CATALOGS = { 'dust-1': asteroidShaped('dust-1'), 'dust-2': asteroidShaped('dust-2') };
const RANK: Record<LosVerdict, number> = { clear: 0, obstructed: 1, dust: 2, blocked: 3 };

describe('property: a dust field is never better for the attacker than an asteroid of the same outline', () => {
  it('every attack of a random scene, under both rulesets, both covers and both dial readings', () => {
    const piece = fc.record({ x: uniform(380, 620), y: uniform(260, 540), rotation: uniform(0, 360) });
    fc.assert(
      fc.property(
        fc.record({
          a: piece,
          b: piece,
          c: fc.option(piece, { nil: undefined }),
          q: fc.option(piece, { nil: undefined }),
          dust: fc.constantFrom('dust-1' as const, 'dust-2' as const),
          o: piece,
          ruleset: fc.constantFrom(...RULESETS),
          cover: fc.constantFrom(...COVERS),
          dialLine: fc.constantFrom('through-dial' as const, 'over-obstacle' as const),
          visiblePortion: fc.constantFrom('any' as const, 'ship' as const),
        }),
        (s) => {
          const ships = [
            ship('a', 1, s.a.x, s.a.y, s.a.rotation, 'small', 'cr90'),
            ship('b', 2, s.b.x, s.b.y, s.b.rotation, 'small', 'cr90'),
          ];
          if (s.c) ships.push(ship('c', 1, s.c.x, s.c.y, s.c.rotation, 'small', 'cr90'));
          const squadrons = s.q ? [squadron('q', 2, s.q.x, s.q.y)] : [];
          const readings: Readings = {
            cover: s.cover,
            dialLine: s.dialLine,
            visiblePortion: s.visiblePortion,
          };
          const at = (type: ObstacleType): Table => ({
            ...scene({ ships, squadrons, obstacles: [{ id: 'o', type, ...s.o }], ruleset: s.ruleset }),
            readings,
          });
          const withDust = attacks(new World(at(s.dust)));
          const withRock = attacks(new World(at('asteroid-a'), CATALOGS[s.dust]));
          expect(withDust.length).toBe(withRock.length);
          for (let k = 0; k < withDust.length; k++) {
            const d = withDust[k],
              r = withRock[k];
            if (RANK[d.los] < RANK[r.los])
              throw new Error(
                `${d.attacker} -> ${d.defender}: dust ${d.los}, asteroid ${r.los}\n${d.why}\n${r.why}`,
              );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
