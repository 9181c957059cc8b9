/**
 * A huge ship's gap, read one way for covering and for obstructing (readings.hugeGap). Built so the
 * answer is known: an Executor (player 1, a third ship) at (900, 450) lying along y, its two plastic
 * bases y 321.25..450 - 46.75 and 450 + 46.75..578.75, x 861.25..938.75 (catalog: 77.5 x 129 with a
 * 93.5 mm gap); an asteroid-a turned 90 degrees (69 x 28.4) at the gap's middle, wholly under the gap;
 * attacker a (player 1) at (700, 450) facing +x and defender b (player 2) at (1100, 450) facing -x,
 * both Victories: the line a.front -> b.front is y = 450, through the gap's middle, 46.75 mm from
 * both bases, across the asteroid.
 */
import { describe, expect, it } from 'vitest';
import type { AttackReport, ReadingUse } from '../../../src/model/report';
import type { Readings, Table } from '../../../src/model/table';
import { attackBetween } from '../../../src/rules/attacks/attacks';
import { World } from '../../../src/rules/world';
import { ship, table } from '../../support/attacks';
import { SIZES } from '../../support/shapes';
import { relate } from '../../../src/geometry/relate';
import { CATALOG } from '../../../src/model/catalog';
import { obstacleOutline } from '../../../src/model/pieces';
import { exogorths } from '../../../src/rules/campaign/exogorth';

const HB = SIZES.huge.base as unknown as { width: number; length: number; baseLength: number; gap: number };
const scene = (readings: Readings = {}, rock = true): Table => ({
  ...table({
    ships: [
      ship('a', 1, 700, 450, -90),
      ship('b', 2, 1100, 450, 90),
      { ...ship('exe', 1, 900, 450, 0, 'huge', 'executor') },
    ],
    obstacles: rock ? [{ id: 'rock', type: 'asteroid-a', x: 900, y: 450, rotation: 90 }] : [],
  }),
  readings,
});
const judge = (t: Table): AttackReport => attackBetween(new World(t), 'a.front', 'b.front');
const uses = (r: AttackReport) => (r.readings ?? []).map((u) => `${u.reading}:${u.value}->${u.otherwise}`);

describe("a huge ship's gap: neither covers nor obstructs, or (readings.hugeGap: covered) both", () => {
  it('the scene is as built: the asteroid lies wholly under the gap, the line crosses it 46.75 mm from both bases', () => {
    const w = new World(scene());
    const exe = w.ships[2].shapes;
    const rock = w.obstacles[0].outline;
    expect(HB.gap).toBe(93.5);
    // under the whole base (gap included), apart from both plastic bases by more than 30 mm
    expect(relate(exe.base, rock).kind).toBe('overlap');
    for (const b of exe.bases) expect(relate(b, rock).distance).toBeGreaterThan(30);
    const r = judge(scene());
    expect(r.losLine[0][1]).toBeCloseTo(450, 9);
    expect(r.losLine[1][1]).toBeCloseTo(450, 9);
    expect(r.inArc).toBe(true);
  });
  it('open (default): the asteroid under the gap is visible, so the attack is obstructed by it, not by the ship', () => {
    const r = judge(scene());
    expect(r.los).toBe('obstructed');
    expect(r.obstructedBy).toEqual(['rock']);
    expect(r.why).not.toMatch(/only where exe's plastic base covers it/);
    expect(r.why).toMatch(/crosses rock for \d+\.\d+ mm/);
    // the other gap reading covers it and obstructs by the ship instead: the verdict stays, so it decided nothing;
    // the token (cover: token) would hide it, and the open gap obstructs nothing: clear
    expect(uses(r)).toEqual(['cover:base->clear']);
  });
  it('covered: the token over the gap hides the asteroid and obstructs the line as a base would', () => {
    const r = judge(scene({ hugeGap: 'covered' }));
    expect(r.los).toBe('obstructed');
    expect(r.obstructedBy).toEqual(['exe']);
    expect(r.why).toMatch(/only where exe's plastic base covers it/);
  });
  it('no asteroid: clear when the gap is open, obstructed by the ship when covered; each names its reading', () => {
    const open = judge(scene({}, false));
    expect([open.los, uses(open)]).toEqual(['clear', ['hugeGap:open->obstructed']]);
    expect(open.why).toMatch(
      /Depends on a reading: a huge ship's gap between its two plastic bases is not plastic base/,
    );
    const covered = judge(scene({ hugeGap: 'covered' }, false));
    expect([covered.los, covered.obstructedBy, uses(covered)]).toEqual([
      'obstructed',
      ['exe'],
      ['hugeGap:covered->clear'],
    ]);
  });
  it('cover token: the token over the gap hides the asteroid, and the open gap does not obstruct: clear, and it says why', () => {
    const r = judge(scene({ cover: 'token' }));
    expect(r.los).toBe('clear');
    expect(uses(r)).toContain('cover:token->obstructed');
  });
});

describe("an exogorth's line across a huge ship's gap reads the gap the same way", () => {
  // the Executor at (900, 450) along y; an exogorth 1 mm left of its left side (x = 861.25) at the gap's
  // middle; a squadron inside the gap, 25 mm in: the line from one to the other crosses the gap only
  const exoTable = (readings: Readings = {}): Table => {
    const ring = obstacleOutline(CATALOG, { type: 'exogorth-1', x: 0, y: 0, rotation: 0 });
    const right = Math.max(...ring.points().map((p) => p.x));
    return {
      ...table({
        ships: [ship('exe', 1, 900, 450, 0, 'huge', 'executor')],
        squadrons: [{ id: 'tie', player: 2, x: 900 - HB.width / 2 + 25, y: 450 }],
        obstacles: [
          { id: 'exo', type: 'exogorth-1', x: 900 - HB.width / 2 - 1 - right, y: 450, rotation: 0 },
        ],
      }),
      readings,
    };
  };
  it('open (default): not obstructed by the ship, and the reading is named; covered: obstructed', () => {
    const open = exogorths(new World(exoTable()))[0];
    expect([open.squadron, open.los, open.obstructedBy]).toEqual(['tie', 'clear', []]);
    const used = (open.readings ?? []) as ReadingUse[];
    expect(used.map((u) => `${u.reading}:${u.value}->${u.otherwise}`)).toEqual(['hugeGap:open->obstructed']);
    const covered = exogorths(new World(exoTable({ hugeGap: 'covered' })))[0];
    expect([covered.los, covered.obstructedBy]).toEqual(['obstructed', ['exe']]);
  });
});
