/**
 * The hull zones two dragged pieces face each other with (rules/attacks/facing.ts): by construction
 * (a Victory behind a CR90 that faces away: Victory front on CR90 rear, whichever zones were
 * grabbed) and, on random two-ship tables, checked against the full report's attacks between them.
 * The same order picks, of the hull zones a tap lay near, the one the attack is best against, and the
 * attacker's hull zone that faces a defender a tap picked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Table } from '../../../src/model/table';
import { attackBetween, attacks } from '../../../src/rules/attacks/attacks';
import { facingAttacker, facingPair, facingTier, facingZone } from '../../../src/rules/attacks/facing';
import { World } from '../../../src/rules/world';

const table = (ships: Table['ships'], squadrons: Table['squadrons'] = []): Table => ({
  format: 'armada-table/1',
  table: '3x6',
  ruleset: 'seed',
  ships,
  squadrons,
  obstacles: [],
  tokens: [],
  proposals: [],
});
const ship = (id: string, player: 1 | 2, cls: string, x: number, y: number, rotation: number) =>
  ({
    id,
    player,
    class: cls,
    size: cls === 'victory' ? 'medium' : 'small',
    x,
    y,
    rotation,
    speed: 2,
  }) as const;

describe('facingPair', () => {
  it('a Victory facing a CR90 that faces away: Victory front on CR90 rear (the first piece attacks)', () => {
    const w = new World(table([ship('vsd', 1, 'victory', 900, 200, 0), ship('cr', 2, 'cr90', 900, 480, 0)]));
    expect(facingPair(w, 'vsd', 'cr')).toEqual({ attacker: 'vsd.front', defender: 'cr.rear' });
  });

  it('the CR90 turned to face the Victory: its front', () => {
    const w = new World(
      table([ship('vsd', 1, 'victory', 900, 200, 0), ship('cr', 2, 'cr90', 900, 480, 180)]),
    );
    expect(facingPair(w, 'vsd', 'cr')).toEqual({ attacker: 'vsd.front', defender: 'cr.front' });
  });

  it('turned round when only the second piece can attack the first', () => {
    // a squadron 180 mm off the CR90 is beyond its distance 1; the CR90's front reaches it at close range
    const t = table([ship('cr', 2, 'cr90', 900, 480, 180)], [{ id: 'tie', player: 1, x: 900, y: 300 }]);
    const w = new World(t);
    expect(facingPair(w, 'tie', 'cr')).toEqual({ attacker: 'cr.front', defender: 'tie' });
  });

  it('pieces of one player, or an obstacle, give no pair', () => {
    const w = new World(table([ship('a', 1, 'cr90', 900, 200, 0), ship('b', 1, 'cr90', 900, 480, 0)]));
    expect(facingPair(w, 'a', 'b')).toBeNull();
    expect(facingPair(w, 'a', 'nobody')).toBeNull();
  });

  it('random two-ship tables: the pair chosen is the best of the full report, tier then range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 150, max: 1650 }),
        fc.integer({ min: 150, max: 750 }),
        fc.integer({ min: 0, max: 359 }),
        fc.integer({ min: 150, max: 1650 }),
        fc.integer({ min: 150, max: 750 }),
        fc.integer({ min: 0, max: 359 }),
        (ax, ay, ar, bx, by, br) => {
          fc.pre(Math.hypot(ax - bx, ay - by) > 220);
          const w = new World(table([ship('a', 1, 'victory', ax, ay, ar), ship('b', 2, 'cr90', bx, by, br)]));
          const all = attacks(w);
          const f = facingPair(w, 'a', 'b')!;
          const got = all.find((r) => r.attacker === f.attacker && r.defender === f.defender)!;
          const key = (r: (typeof all)[number]) => [facingTier(r), r.rangeMm ?? Infinity] as const;
          const ab = all.filter((r) => r.attacker.startsWith('a.'));
          const bestAb = ab.reduce((m, r) => {
            const [t, d] = key(r),
              [mt, md] = key(m);
            return t < mt || (t === mt && d < md) ? r : m;
          });
          if (f.attacker.startsWith('a.')) {
            expect(key(got)).toEqual(key(bestAb));
          } else {
            // turned round only when the first piece has no attack in arc, in range and unblocked
            expect(facingTier(bestAb)).toBeGreaterThan(0);
            expect(facingTier(got)).toBeLessThan(facingTier(bestAb));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('facingZone', () => {
  const two = (cr: [number, number, number]) =>
    new World(table([ship('vsd', 1, 'victory', 900, 200, 0), ship('cr', 2, 'cr90', ...cr)]));

  it('a CR90 facing the Victory: of its rear and front, the front (its front blocks the rear)', () => {
    const w = two([900, 480, 180]);
    expect(facingZone(w, 'vsd.front', ['cr.rear', 'cr.front'])).toBe('cr.front');
    expect(facingZone(w, 'vsd.front', ['cr.front', 'cr.rear'])).toBe('cr.front');
    // one candidate: that zone, whatever the attack
    expect(facingZone(w, 'vsd.front', ['cr.rear'])).toBe('cr.rear');
  });

  it('the clear zone before the blocked one, even when the blocked one is nearer', () => {
    // the CR90 off to the side, turned 45 degrees: its rear is 250 mm off and blocked by its own hull,
    // its front 259 mm off and clear
    const w = two([1080, 480, 45]);
    const rear = attackBetween(w, 'vsd.front', 'cr.rear'),
      front = attackBetween(w, 'vsd.front', 'cr.front');
    expect([rear.los, front.los]).toEqual(['blocked', 'clear']);
    expect(rear.rangeMm!).toBeLessThan(front.rangeMm!);
    expect(facingZone(w, 'vsd.front', ['cr.rear', 'cr.front'])).toBe('cr.front');
  });

  it('both clear: the nearer; at one range, the first in the zone order', () => {
    const w = two([900, 480, 0]); // faces away: its rear, 194 mm off, before its blocked sides
    expect(facingZone(w, 'vsd.front', ['cr.left', 'cr.rear'])).toBe('cr.rear');
    // turned 90 degrees: its front and left both clear, both 210 mm off
    const side = two([900, 480, 90]);
    expect(attackBetween(side, 'vsd.front', 'cr.front').rangeMm).toBe(
      attackBetween(side, 'vsd.front', 'cr.left').rangeMm,
    );
    expect(facingZone(side, 'vsd.front', ['cr.left', 'cr.front'])).toBe('cr.front');
  });

  it('the zone under the finger stands when its attack can be made; a blocked one gives way', () => {
    // faces away: its rear (194 mm) and, turned 90 degrees, its front and left (210 mm) are clear
    const w = two([900, 480, 0]);
    expect(attackBetween(w, 'vsd.front', 'cr.left').los).toBe('blocked');
    expect(facingZone(w, 'vsd.front', ['cr.left', 'cr.rear'], 'cr.left')).toBe('cr.rear');
    const side = two([900, 480, 90]);
    expect(facingZone(side, 'vsd.front', ['cr.left', 'cr.front'], 'cr.left')).toBe('cr.left');
    // a clear zone a few mm farther than another clear one is not second-guessed
    const turned = two([900, 480, 100]);
    const left = attackBetween(turned, 'vsd.front', 'cr.left'),
      front = attackBetween(turned, 'vsd.front', 'cr.front');
    expect([left.inArc, left.range !== 'beyond', left.los !== 'blocked']).toEqual([true, true, true]);
    expect(left.rangeMm!).toBeGreaterThan(front.rangeMm!);
    expect(facingZone(turned, 'vsd.front', ['cr.left', 'cr.front'])).toBe('cr.front');
    expect(facingZone(turned, 'vsd.front', ['cr.left', 'cr.front'], 'cr.left')).toBe('cr.left');
    // every zone out of arc, or two at one range: no better kind of attack, the finger's zone stands
    const behind = two([700, 100, 90]);
    const zs = ['cr.front', 'cr.left', 'cr.right', 'cr.rear'];
    expect(zs.map((z) => attackBetween(behind, 'vsd.front', z).inArc)).toEqual([false, false, false, false]);
    for (const z of zs) expect(facingZone(behind, 'vsd.front', zs, z)).toBe(z);
    expect(facingZone(side, 'vsd.front', ['cr.left', 'cr.front'], 'cr.front')).toBe('cr.front');
    // a zone under the finger that is no candidate is ignored
    expect(facingZone(w, 'vsd.front', ['cr.left', 'cr.rear'], 'cr.front')).toBe('cr.rear');
  });

  it('no known candidate, or an unknown attacker: null', () => {
    const w = two([900, 480, 180]);
    expect(facingZone(w, 'vsd.front', [])).toBeNull();
    expect(facingZone(w, 'vsd.front', ['nobody.front', 'cr.middle'])).toBeNull();
    expect(facingZone(w, 'nobody.front', ['cr.front'])).toBeNull();
  });

  it('random tables and candidates: the best of the full report, tier, then range, then zone order', () => {
    const zones = ['front', 'left', 'right', 'rear'];
    fc.assert(
      fc.property(
        fc.integer({ min: 150, max: 1650 }),
        fc.integer({ min: 150, max: 750 }),
        fc.integer({ min: 0, max: 359 }),
        fc.integer({ min: 0, max: 359 }),
        fc.subarray(zones, { minLength: 1 }),
        fc.constantFrom(...zones),
        (bx, by, ar, br, picked, from) => {
          fc.pre(Math.hypot(900 - bx, 450 - by) > 220);
          const w = new World(
            table([ship('a', 1, 'victory', 900, 450, ar), ship('b', 2, 'cr90', bx, by, br)]),
          );
          const all = attacks(w).filter((r) => r.attacker === `a.${from}`);
          const rows = zones
            .filter((z) => picked.includes(z))
            .map((z) => all.find((r) => r.defender === `b.${z}`)!);
          const key = (r: (typeof rows)[number]) => [facingTier(r), r.rangeMm ?? Infinity] as const;
          const want = rows.reduce((m, r) => {
            const [t, d] = key(r),
              [mt, md] = key(m);
            return t < mt || (t === mt && d < md) ? r : m;
          });
          const candidates = [...picked].reverse().map((z) => `b.${z}`);
          expect(facingZone(w, `a.${from}`, candidates)).toBe(want.defender);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('facingAttacker', () => {
  // a Victory with a CR90 ahead and a Nebulon-B off its right
  const w = new World(
    table([
      ship('vsd', 1, 'victory', 900, 300, 0),
      ship('cr', 2, 'cr90', 900, 520, 180),
      ship('nb', 2, 'nebulon-b', 1080, 330, 0),
    ]),
  );

  it("the zone the defender lies in the arc of, whichever of the ship's zones it is given", () => {
    for (const z of ['front', 'left', 'right', 'rear']) {
      expect(facingAttacker(w, `vsd.${z}`, 'nb.left')).toBe('vsd.right');
      expect(facingAttacker(w, `vsd.${z}`, 'cr.front')).toBe('vsd.front');
    }
  });

  it('a squadron attacks as itself; an unknown side gives null', () => {
    const sq = new World(
      table(
        [ship('cr', 2, 'cr90', 900, 520, 180)],
        [{ id: 'tie', player: 1, x: 900, y: 400, card: 'TIE Fighter Squadron' }],
      ),
    );
    expect(facingAttacker(sq, 'tie', 'cr.front')).toBe('tie');
    expect(facingAttacker(w, 'vsd.middle', 'cr.front')).toBeNull();
    expect(facingAttacker(w, 'vsd.front', 'nobody')).toBeNull();
  });

  it('random tables: the best of the full report on that defender, tier, range, then zone order', () => {
    const zones = ['front', 'left', 'right', 'rear'];
    fc.assert(
      fc.property(
        fc.integer({ min: 150, max: 1650 }),
        fc.integer({ min: 150, max: 750 }),
        fc.integer({ min: 0, max: 359 }),
        fc.integer({ min: 0, max: 359 }),
        fc.constantFrom(...zones),
        fc.constantFrom(...zones),
        (bx, by, ar, br, from, target) => {
          fc.pre(Math.hypot(900 - bx, 450 - by) > 220);
          const w = new World(
            table([ship('a', 1, 'victory', 900, 450, ar), ship('b', 2, 'cr90', bx, by, br)]),
          );
          const rows = attacks(w).filter((r) => r.defender === `b.${target}`);
          const order = (r: (typeof rows)[number]) => zones.indexOf(r.attacker.split('.')[1]);
          const key = (r: (typeof rows)[number]) => [facingTier(r), r.rangeMm ?? Infinity, order(r)] as const;
          const want = rows.reduce((m, r) => {
            const [t, d, o] = key(r),
              [mt, md, mo] = key(m);
            return t < mt || (t === mt && (d < md || (d === md && o < mo))) ? r : m;
          });
          expect(facingAttacker(w, `a.${from}`, `b.${target}`)).toBe(want.attacker);
        },
      ),
      { numRuns: 40 },
    );
  });
});
