/** Guided setup: turn order and what is left read from the table, placements judged by the rules, in words. */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/model/catalog';
import { validateTable, type Table } from '../../src/model/table';
import fc from 'fast-check';
import {
  deploySpeeds,
  deployAt,
  guideStep,
  newGuide,
  newTable,
  pendingSpeed,
  placeObstacle,
} from '../../src/state/guide';

const blank = validateTable({
  format: 'armada-table/1',
  table: '3x6',
  ships: [],
  squadrons: [],
  obstacles: [],
  tokens: [],
});
const d1 = CATALOG.ruler.distance[0].end;

describe('guided setup', () => {
  it('the second player places first, they alternate, six obstacles; a placement too near another is refused in words', () => {
    const g = newGuide();
    let t: Table = newTable(blank, true);
    expect(t.obstacles.length).toBe(6);
    const spots = [
      [500, 300],
      [800, 300],
      [1100, 300],
      [500, 600],
      [800, 600],
      [1100, 600],
    ];
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
    if (!b.ok)
      expect(b.why).toMatch(
        new RegExp(
          `^asteroid-a (is [0-9.]+ mm from|overlaps) station; it must be beyond distance 1 \\(${d1.toFixed(2)} mm\\)`,
        ),
      );
  });

  it("refuses an obstacle hanging past player 1's edge: how far past it, no negative figure, the legal side named", () => {
    const g = newGuide();
    const t: Table = newTable(blank, false);
    // the station's outline reaches 44.70 mm below its centre: at y = 40 it hangs 4.70 mm past y = 0
    const r = placeObstacle(t, g, 700, 40, 0, 'core', 'all');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.why).toContain(
      "station reaches 4.70 mm past player 1's edge (y = 0); it must be beyond distance 3 of that edge, " +
        `more than ${CATALOG.ruler.distance[2].end.toFixed(2)} mm inside it`,
    );
    expect(r.why).not.toMatch(/(?<!\d)-\d/); // no negative figure ("1-3" is a band)
    // inside the edge but too near it: still the distance from it
    const near = placeObstacle(t, g, 700, 100, 0, 'core', 'all');
    if (near.ok) throw new Error('expected a refusal');
    expect(near.why).toMatch(
      /^station is 55\.30 mm from player 1's edge \(y = 0\); it must be beyond distance 3/,
    );
  });

  it('a refused deployment names the ship as its label will (its class), not by its id', () => {
    const g = newGuide();
    g.set = [];
    g.pending[1] = { kind: 'ship', size: 'small', class: 'cr90' };
    const bad = deployAt({ ...blank, obstacles: [] }, g, 700, 500);
    if (bad.ok) throw new Error('expected a refusal');
    expect(bad.why).toMatch(/^CR90 must be within distance 1-3 of player 1's edge/);
    expect(bad.why).not.toContain('cr90');
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
    // a ship may not end a two-squadron turn (one ship or two squadrons a turn)
    g.pending[1] = { kind: 'ship', size: 'small' };
    const mixed = deployAt(t, g, 500, 100);
    expect(mixed.ok).toBe(false);
    if (!mixed.ok)
      expect(mixed.why).toMatch(
        /player 1 has placed one squadron of a two-squadron turn: place a second squadron/,
      );
    // a squadron beyond distance 3 of the edge, within distance 2 of the ship: squadrons may lie outside the zone
    g.pending[1] = { kind: 'squadron' };
    const q2 = deployAt(t, g, 700, 100 + 51 + 17 + 60);
    if (!q2.ok) throw new Error(q2.why);
    const s3 = guideStep(q2.table, g);
    expect(s3.step === 'deploy' && s3.player).toBe(2);
  });

  it('deploys a ship at the heading and speed chosen, the speed held to its class chart; a gravity rift at distance 1-2 still sets 0', () => {
    const g = newGuide();
    g.set = [];
    const t: Table = { ...blank, obstacles: [] };
    // a Victory's chart has two speeds: 3 is held to 2
    expect(deploySpeeds('victory')).toEqual([1, 2]);
    expect(deploySpeeds('cr90')).toEqual([1, 2, 3, 4]);
    expect(deploySpeeds(undefined)).toEqual([1, 2, 3, 4]);
    g.pending[1] = { kind: 'ship', size: 'small', class: 'cr90', rotation: 37.5, speed: 4 };
    const r = deployAt(t, g, 700, 100);
    if (!r.ok) throw new Error(r.why);
    expect(r.table.ships[0]).toMatchObject({ rotation: 37.5, speed: 4, class: 'cr90' });
    g.pending[1] = { kind: 'ship', size: 'medium', class: 'victory', speed: 3 };
    expect(pendingSpeed(g.pending[1])).toBe(2);
    const v = deployAt(t, g, 700, 100);
    if (!v.ok) throw new Error(v.why);
    expect(v.table.ships[0]).toMatchObject({ rotation: 0, speed: 2 });
    // turned past 360: normalised
    g.pending[1] = { kind: 'ship', size: 'small', rotation: -15 };
    const w = deployAt(t, g, 700, 100);
    if (!w.ok) throw new Error(w.why);
    expect(w.table.ships[0].rotation).toBe(345);
    // a gravity rift at distance 1-2: the chosen speed gives way to 0
    const rift: Table = {
      ...t,
      obstacles: [{ id: 'rift', type: 'gravity-rift', x: 700, y: 260, rotation: 0 }],
    };
    g.pending[1] = { kind: 'ship', size: 'small', class: 'cr90', speed: 4 };
    const z = deployAt(rift, g, 700, 100);
    if (!z.ok) throw new Error(z.why);
    expect(z.table.ships[0].speed).toBe(0);
    expect(z.note).toContain('speed dial is set to 0');
  });

  it('property: any heading and speed asked gives a ship on its chart (or 0 by a rift), rotation in [0, 360)', () => {
    const classes = Object.keys(CATALOG.shipClasses).filter((c) => CATALOG.shipClasses[c].size !== 'huge');
    fc.assert(
      fc.property(
        fc.constantFrom(...classes),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.integer({ min: -3, max: 9 }),
        (c, rot, speed) => {
          const g = newGuide();
          g.set = [];
          g.pending[2] = {
            kind: 'ship',
            size: CATALOG.shipClasses[c].size as 'small',
            class: c,
            rotation: rot,
            speed,
          };
          g.done[1] = true;
          const r = deployAt({ ...blank, obstacles: [] }, g, 900, 800);
          if (!r.ok) return true; // a long ship may not fit there: refused, not our question
          const s = r.table.ships[0];
          expect(s.rotation).toBeGreaterThanOrEqual(0);
          expect(s.rotation).toBeLessThan(360);
          expect(deploySpeeds(c)).toContain(s.speed);
          return true;
        },
      ),
      { numRuns: 60 },
    );
  });
});
