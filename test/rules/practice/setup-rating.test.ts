/**
 * The setup rating and its search, by construction and by property:
 * - an asteroid across the only approach of the enemy's slow ship rates higher for the player than
 *   the same asteroid (same type and turn) in a corner of the setup area, and for the reason the
 *   rating gives (the enemy's ends on it);
 * - a candidate obstacle rated by its outline alone equals the position with it rated afresh;
 * - the search is reproducible from its seed when the candidate count binds;
 * - setups played through by the app's search on both sides, over seeds: every obstacle it places
 *   is legal by judgeSetup and every ship it deploys by judgeDeploy (the setup rules' validators,
 *   apart from the search's own test).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/model/catalog';
import { obstacleOutline } from '../../../src/model/pieces';
import type { Obstacle, Ship, Table } from '../../../src/model/table';
import {
  appMove,
  applyMove,
  nearestLegal,
  newSetupGame,
  nextTurn,
  placementProblem,
} from '../../../src/rules/practice/setup-game';
import {
  evaluate,
  rateSetup,
  ratingOf,
  type SetupPosition,
  withObstacle,
} from '../../../src/rules/practice/setup-rating';
import { bestObstacleSpot } from '../../../src/rules/practice/setup-search';
import { judgeDeploy } from '../../../src/rules/setup/deploy';
import { judgeSetup } from '../../../src/rules/setup/setup';
import { World } from '../../../src/rules/world';

const ship = (id: string, cls: string, player: 1 | 2, x = 0, y = 0, rotation = 0, speed = 2): Ship => ({
  id,
  class: cls,
  size: CATALOG.shipClasses[cls].size as Ship['size'],
  player,
  x,
  y,
  rotation,
  speed,
});

function table(ships: Ship[], obstacles: Obstacle[] = []): Table {
  return {
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships,
    squadrons: [],
    obstacles,
    tokens: [],
    proposals: [],
  } as unknown as Table;
}

describe('the rating by construction', () => {
  // the player's Victory at its edge; the enemy's Nebulon-B at speed 1 comes straight down the middle
  const pos: SetupPosition = {
    table: table([ship('vic', 'victory', 1, 900, 110, 0, 2), ship('neb', 'nebulon-b', 2, 900, 800, 180, 1)]),
    pending: [],
  };
  const rock = (x: number, y: number): Obstacle => ({ id: 'rock', type: 'asteroid-b', x, y, rotation: 0 });
  const across = rateSetup(withObstacle(pos, rock(900, 680)), 1);
  const corner = rateSetup(withObstacle(pos, rock(400, 260)), 1);

  it('both spots are legal obstacle spots', () => {
    for (const o of [rock(900, 680), rock(400, 260)])
      expect(judgeSetup(new World(withObstacle(pos, o).table)).violations).toEqual([]);
  });

  it('the asteroid across the approach rates higher than in the corner, by the enemy ends it takes', () => {
    expect(across.rating).toBeGreaterThan(corner.rating);
    expect(across.enemy.onObstacles).toBeGreaterThan(0);
    expect(corner.enemy.onObstacles).toBe(0);
    // the attacks are the same either way: asteroids move no end and stop no attack
    expect([across.own.safeShots, across.enemy.safeShots]).toEqual([
      corner.own.safeShots,
      corner.enemy.safeShots,
    ]);
  });

  it("the opponent's rating is the negative of the player's", () => {
    const theirs = rateSetup(withObstacle(pos, rock(900, 680)), 2);
    expect(theirs.rating).toBeCloseTo(-across.rating, 6);
  });
});

describe('a candidate obstacle rated by its outline equals the position rated afresh', () => {
  const pos: SetupPosition = {
    table: table([ship('gla', 'gladiator', 1, 700, 120, 0, 2)]),
    pending: [ship('cr90', 'cr90', 2, 0, 0, 0, 3), ship('neb', 'nebulon-b', 2, 0, 0, 0, 2)],
  };
  const ev = evaluate(pos);
  it('for seeded spots and turns of each core obstacle type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('asteroid-a', 'asteroid-c', 'debris-a', 'debris-b', 'station'),
        fc.double({ min: 450, max: 1400, noNaN: true }),
        fc.double({ min: 250, max: 650, noNaN: true }),
        fc.integer({ min: 0, max: 359 }),
        (type, x, y, rotation) => {
          const o = { id: 'o', type, x, y, rotation } as Obstacle;
          const quick = ratingOf(ev, 1, obstacleOutline(CATALOG, o));
          expect(quick).toEqual(rateSetup(withObstacle(pos, o), 1));
        },
      ),
      { numRuns: 5, seed: 36036 },
    );
  }, 120_000);
});

describe('the search', () => {
  const pos: SetupPosition = {
    table: table([]),
    pending: [ship('vic', 'victory', 1), ship('cr90', 'cr90', 2, 0, 0, 0, 3)],
  };
  const ev = evaluate(pos);
  const budget = { candidates: 40, ms: 600_000 };
  it('gives the same spot from the same seed, and says the candidate count ended it', () => {
    const a = bestObstacleSpot(pos, 1, [{ id: 'station', type: 'station' }], 5, budget, ev);
    const b = bestObstacleSpot(pos, 1, [{ id: 'station', type: 'station' }], 5, budget, ev);
    expect(a).not.toBeNull();
    expect({ ...b, ms: 0 }).toEqual({ ...a, ms: 0 });
    expect(a!.cut).toBe('candidates');
    expect(a!.drawn).toBe(40);
  });
  it('stops at its time when that runs out first, and says so', () => {
    const r = bestObstacleSpot(
      pos,
      1,
      [{ id: 'station', type: 'station' }],
      5,
      { candidates: 1e7, ms: 30 },
      ev,
    );
    expect(r!.cut).toBe('ms');
    expect(r!.drawn).toBeLessThan(1e7);
  });
});

describe("the app's placements and deployments are legal (setups played through, over seeds)", () => {
  const fleets: Ship[] = [
    ship('vic', 'victory', 1),
    ship('gla', 'gladiator', 1),
    ship('mc80', 'mc80', 2, 0, 0, 0, 1),
    ship('cr90', 'cr90', 2, 0, 0, 0, 3),
  ];
  it('every move by judgeSetup or judgeDeploy', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(1, 2), (seed, first) => {
        let g = newSetupGame(fleets, first as 1 | 2);
        let n = 0;
        for (let turn = nextTurn(g); turn; turn = nextTurn(g)) {
          const m = appMove(g, seed + n++, { candidates: turn.kind === 'obstacle' ? 24 : 4, ms: 600_000 });
          expect(m.by).toBe(turn.player);
          if (m.kind === 'deploy') {
            const s = g.pending.find((p) => p.id === m.piece)!;
            const at = { ...s, x: m.x, y: m.y, rotation: m.rotation };
            const r = judgeDeploy(new World(g.table), { id: 'd', kind: 'deploy', ship: at, to: at });
            expect(r.violations, r.why).toEqual([]);
          }
          g = applyMove(g, m);
          if (m.kind === 'obstacle') expect(judgeSetup(new World(g.table)).violations).toEqual([]);
        }
        expect(g.table.obstacles).toHaveLength(6);
        expect(g.table.ships.map((s) => s.id).sort()).toEqual(['cr90', 'gla', 'mc80', 'vic']);
      }),
      { numRuns: 3, seed: 3636 },
    );
  }, 600_000);
});

describe("the player's placement: the nearest legal spot to a tap", () => {
  const g0 = newSetupGame([ship('vic', 'victory', 1), ship('cr90', 'cr90', 2, 0, 0, 0, 3)], 1);
  // player 2 (second) places first: a station in the middle
  const g = applyMove(g0, {
    by: 2,
    kind: 'obstacle',
    piece: 'station',
    type: 'station',
    x: 900,
    y: 450,
    rotation: 0,
    rating: { player: 2, rating: 0, own: {} as never, enemy: {} as never },
    best: null,
    app: true,
  });
  it('a tap on the station moves the asteroid beyond distance 1 of it, legal by judgeSetup', () => {
    const tap = { piece: 'asteroid-a', type: 'asteroid-a' as const, x: 905, y: 455, rotation: 0 };
    expect(placementProblem(g, tap)).toMatch(/beyond distance 1 of every other obstacle/);
    const q = nearestLegal(g, tap)!;
    expect(q).not.toBeNull();
    expect(Math.hypot(q.x - tap.x, q.y - tap.y)).toBeGreaterThan(0);
    const o = { id: q.piece, type: 'asteroid-a' as const, x: q.x, y: q.y, rotation: q.rotation };
    expect(judgeSetup(new World({ ...g.table, obstacles: [...g.table.obstacles, o] })).violations).toEqual(
      [],
    );
  });
  it('a legal tap stays where it is; a tap far outside anything legal finds nothing', () => {
    const ok = { piece: 'asteroid-a', type: 'asteroid-a' as const, x: 600, y: 450, rotation: 30 };
    expect(nearestLegal(g, ok)).toBe(ok);
    expect(nearestLegal(g, { ...ok, y: -300 })).toBeNull();
  });
});
