/**
 * The hull zones two dragged pieces face each other with (rules/attacks/facing.ts): by construction
 * (a Victory behind a CR90 that faces away: Victory front on CR90 rear, whichever zones were
 * grabbed) and, on random two-ship tables, checked against the full report's attacks between them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Table } from '../../../src/model/table';
import { attacks } from '../../../src/rules/attacks/attacks';
import { facingPair, facingTier } from '../../../src/rules/attacks/facing';
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
