/**
 * Reproducible tables for the benchmark and the fast-vs-baseline tests: a tournament-size table
 * (10 ships, 24 squadrons, 12 obstacles) and a stress table five times that size, both on 3'x6'.
 * Placements look legal: ships and squadrons keep clear of each other, obstacles keep apart,
 * fleets face each other across the table. A few ships and squadrons end up on obstacles, as
 * after a real movement phase, so the overlap questions have answers.
 */
import { relate } from '../../src/geometry/relate';
import type { Shape } from '../../src/geometry/circle';
import { CATALOG, type Catalog, type ObstacleType, type ShipSize } from '../../src/model/catalog';
import { obstacleOutline, shipShapes, squadronCircle } from '../../src/model/pieces';
import type { Obstacle, Player, Ship, Squadron, Table } from '../../src/model/table';

import { mulberry32 } from '../../src/model/random';

/** The benchmark's seeded generator (mulberry32). */
export const prng = mulberry32;

export interface TableRecipe {
  /** ships per player */
  shipsPerPlayer: number;
  squadronsPerPlayer: number;
  obstacles: number;
  seed: number;
  /** chance that a ship or squadron is allowed to land on an obstacle */
  onObstacle?: number;
}

export const TOURNAMENT: Omit<TableRecipe, 'seed'> = {
  shipsPerPlayer: 5,
  squadronsPerPlayer: 12,
  obstacles: 12,
};
export const STRESS: Omit<TableRecipe, 'seed'> = {
  shipsPerPlayer: 25,
  squadronsPerPlayer: 60,
  obstacles: 60,
};

const OBSTACLE_MIX: ObstacleType[] = [
  'asteroid-a',
  'asteroid-b',
  'asteroid-c',
  'debris-a',
  'debris-b',
  'station',
  'dust-1',
  'dust-2',
  'gravity-rift',
  'purrgil-1',
  'purrgil-2',
  'exogorth-1',
];

const SIZES: ShipSize[] = ['small', 'medium', 'large'];

function classesBySize(cat: Catalog): Record<ShipSize, (string | undefined)[]> {
  const out: Record<ShipSize, (string | undefined)[]> = {
    small: [undefined],
    medium: [undefined],
    large: [undefined],
    huge: [],
  };
  // the section-7 classes only, so that the benchmark's tables stay the ones measured before the fleet grew
  for (const [id, spec] of Object.entries(cat.shipClasses))
    if (spec.size !== 'huge' && spec.arcSources.section7) out[spec.size].push(id);
  return out;
}

/** Does a shape lie wholly inside the play area, `margin` mm in from its edges? */
function inside(s: Shape, w: number, h: number, margin = 0): boolean {
  return s.minX >= margin && s.minY >= margin && s.maxX <= w - margin && s.maxY <= h - margin;
}

export function generateTable(recipe: TableRecipe, cat: Catalog = CATALOG): Table {
  const rnd = prng(recipe.seed);
  const range = (a: number, b: number) => a + (b - a) * rnd();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const spec = cat.tables['3x6'];
  const W = spec.width,
    H = spec.height;
  const onObstacle = recipe.onObstacle ?? 0.15;
  const dist1 = cat.ruler.distance[0].end;

  const placedObstacles: { o: Obstacle; shape: Shape }[] = [];
  const placedBodies: Shape[] = []; // ship footprints and squadron discs
  const apartFrom = (s: Shape, others: Iterable<Shape>, gap: number) => {
    for (const t of others) {
      if (s.minX - gap > t.maxX || t.minX - gap > s.maxX || s.minY - gap > t.maxY || t.minY - gap > s.maxY)
        continue;
      const r = relate(s, t);
      if (r.kind !== 'apart' || r.distance <= gap) return false;
    }
    return true;
  };
  const clearOfObstacles = (s: Shape) =>
    rnd() < onObstacle ||
    apartFrom(
      s,
      placedObstacles.map((p) => p.shape),
      0,
    );

  // Obstacles: in the setup area's middle band, beyond distance 1 of each other when possible.
  const sa = spec.setupArea;
  for (let i = 0; i < recipe.obstacles; i++) {
    const type = OBSTACLE_MIX[i % OBSTACLE_MIX.length];
    for (let attempt = 0; ; attempt++) {
      const o: Obstacle = {
        id: `o${i}-${type}`,
        type,
        x: range(sa.x0 + 60, sa.x1 - 60),
        y: range(sa.y0 + 190, sa.y1 - 190),
        rotation: Math.round(range(0, 360)),
      };
      const shape = obstacleOutline(cat, o);
      const gap = attempt < 200 ? dist1 : attempt < 400 ? 5 : -1;
      if (
        gap < 0 ||
        apartFrom(
          shape,
          placedObstacles.map((p) => p.shape),
          gap,
        )
      ) {
        placedObstacles.push({ o, shape });
        break;
      }
    }
  }

  const byClass = classesBySize(cat);
  const ships: Ship[] = [];
  const squadrons: Squadron[] = [];
  const dense = recipe.shipsPerPlayer > 8;
  for (const player of [1, 2] as Player[]) {
    const facing = player === 1 ? 0 : 180;
    for (let i = 0; i < recipe.shipsPerPlayer; i++) {
      const size = SIZES[i % 3];
      for (let attempt = 0; attempt < 2000; attempt++) {
        // Fleets advance toward the middle: player 1 in the lower part, player 2 the upper.
        const yLo = dense ? 80 : 150,
          yHi = dense ? H / 2 - 20 : H / 2 - 40;
        const y = player === 1 ? range(yLo, yHi) : H - range(yLo, yHi);
        const cls = pick(byClass[size]);
        const ship: Ship = {
          id: `p${player}-ship${i}`,
          size,
          ...(cls ? { class: cls } : {}),
          player,
          x: range(200, W - 200),
          y,
          rotation: (Math.round(facing + range(-45, 45)) + 360) % 360,
          speed: Math.floor(range(0, 5)),
        };
        const fp = shipShapes(cat, ship).footprint;
        if (!inside(fp, W, H, 5) || !apartFrom(fp, placedBodies, 2) || !clearOfObstacles(fp)) continue;
        ships.push(ship);
        placedBodies.push(fp);
        break;
      }
    }
    for (let i = 0; i < recipe.squadronsPerPlayer; i++) {
      for (let attempt = 0; attempt < 2000; attempt++) {
        // Squadrons screen their fleet: near one of their own ships, or out toward the enemy.
        const own = ships.filter((s) => s.player === player);
        const near = own.length ? pick(own) : undefined;
        const sq: Squadron =
          near && rnd() < 0.7
            ? { id: `p${player}-sq${i}`, player, x: near.x + range(-160, 160), y: near.y + range(-160, 160) }
            : {
                id: `p${player}-sq${i}`,
                player,
                x: range(100, W - 100),
                y: player === 1 ? range(100, H * 0.6) : H - range(100, H * 0.6),
              };
        const c = squadronCircle(cat, sq);
        if (!inside(c, W, H, 2) || !apartFrom(c, placedBodies, 1) || !clearOfObstacles(c)) continue;
        squadrons.push(sq);
        placedBodies.push(c);
        break;
      }
    }
  }
  return {
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships,
    squadrons,
    obstacles: placedObstacles.map((p) => p.o),
    tokens: [],
    // one question about the table, so the proposals section is exercised too
    proposals: [{ id: 'setup-check', kind: 'setup' }],
  };
}

export const tournamentTable = (seed = 1, cat: Catalog = CATALOG) =>
  generateTable({ ...TOURNAMENT, seed }, cat);
export const stressTable = (seed = 1, cat: Catalog = CATALOG) => generateTable({ ...STRESS, seed }, cat);
