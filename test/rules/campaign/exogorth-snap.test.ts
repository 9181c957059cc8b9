import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relate } from '../../../src/geometry/relate';
import { CATALOG } from '../../../src/model/catalog';
import { obstacleOutline } from '../../../src/model/pieces';
import { type Obstacle, validateTable } from '../../../src/model/table';
import { judgeExogorthPlacement } from '../../../src/rules/campaign/exogorth';
import { snapExogorthTouching } from '../../../src/rules/campaign/exogorth-snap';
import { World } from '../../../src/rules/world';

const table = (obstacles: Obstacle[]) =>
  validateTable({
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships: [],
    squadrons: [],
    obstacles,
    tokens: [],
    proposals: [],
  });

describe('an exogorth snapped to touching', () => {
  const debris: Obstacle = { id: 'deb', type: 'debris-a', x: 820, y: 470, rotation: 45 };
  const rock: Obstacle = { id: 'rock', type: 'asteroid-a', x: 1200, y: 470, rotation: 10 };
  const world = new World(table([debris, rock]), CATALOG);
  const exo = (x: number, y: number, rotation = 0): Obstacle => ({
    id: 'exo',
    type: 'exogorth-1',
    x,
    y,
    rotation,
  });
  const judge = (o: Obstacle) =>
    judgeExogorthPlacement(world, { id: 'p', kind: 'place-exogorth', placedBy: 1, obstacle: o });

  it('pushed down onto the debris from 150 mm above, it slides until it touches, and the placement is then legal', () => {
    const start = exo(820, 620);
    expect(judge(start).legal).toBe(false);
    // the refusal says the gap in mm
    const v = judge(start).violations.find((x) => x.rule.includes('touch'))!;
    expect(v.gapMm).toBeGreaterThan(10);
    const s = snapExogorthTouching(world, start, { x: 0, y: -1 })!;
    expect(s.touches).toBe('deb');
    expect(s.x).toBe(820);
    const E = obstacleOutline(CATALOG, { ...start, x: s.x, y: s.y });
    expect(relate(E, obstacleOutline(CATALOG, debris)).kind).toBe('touch');
    expect(judge({ ...start, x: s.x, y: s.y }).legal).toBe(true);
    // it slid no farther than the gap it started with along that way could allow, and at least the straight gap
    expect(s.movedMm).toBeGreaterThanOrEqual(v.gapMm! - 1e-9);
  });

  it('without a direction it goes straight to the nearest obstacle', () => {
    const s = snapExogorthTouching(world, exo(1000, 470, 30))!;
    expect(['deb', 'rock']).toContain(s.touches);
    expect(
      judge({ ...exo(1000, 470, 30), x: s.x, y: s.y }).violations.filter((x) => x.rule.includes('touch')),
    ).toEqual([]);
  });

  it('pushed where nothing lies, or from an overlap, it is not moved (null)', () => {
    expect(snapExogorthTouching(world, exo(820, 620), { x: 0, y: 1 })).toBeNull();
    expect(snapExogorthTouching(world, exo(820, 470))).toBeNull();
  });

  it('from any start and any way, a snap ends touching an obstacle and overlapping none', () => {
    let snapped = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 300, max: 1600, noNaN: true }),
        fc.double({ min: 150, max: 800, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.constantFrom(debris, rock),
        fc.double({ min: -0.35, max: 0.35, noNaN: true }),
        (x, y, rot, target, jitter) => {
          // aimed near an obstacle, so most runs snap and the property is not vacuous (a way that
          // misses everything is the third test's case)
          const a = Math.atan2(target.y - y, target.x - x) + jitter;
          const o = exo(x, y, rot);
          const s = snapExogorthTouching(world, o, { x: Math.cos(a), y: Math.sin(a) });
          if (!s) return;
          snapped++;
          const E = obstacleOutline(CATALOG, { ...o, x: s.x, y: s.y });
          const kinds = world.obstacles.map((e) => relate(E, e.outline).kind);
          expect(kinds).not.toContain('overlap');
          expect(kinds).toContain('touch');
        },
      ),
      { numRuns: 150 },
    );
    console.log(`snapped ${snapped} of 150`);
    expect(snapped).toBeGreaterThan(50);
  });
});
