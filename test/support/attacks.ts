/** Building tables for the attack tests: pieces placed so each answer is known by construction. */
import type { Polygon } from '../../src/geometry/polygon';
import { obstacleOutline } from '../../src/model/pieces';
import { CATALOG, type ObstacleType, type ShipSize } from '../../src/model/catalog';
import type { Obstacle, Ship, Squadron, Table } from '../../src/model/table';
import type { AttackReport } from '../../src/model/report';
import { attackBetween, type AttackOptions } from '../../src/rules/attacks/attacks';
import { World } from '../../src/rules/world';

export function table(parts: Partial<Pick<Table, 'ships' | 'squadrons' | 'obstacles' | 'ruleset'>>): Table {
  return {
    format: 'armada-table/1',
    table: '3x6',
    ruleset: parts.ruleset ?? 'seed',
    ships: parts.ships ?? [],
    squadrons: parts.squadrons ?? [],
    obstacles: parts.obstacles ?? [],
    tokens: [],
    proposals: [],
  };
}

export function ship(
  id: string,
  player: 1 | 2,
  x: number,
  y: number,
  rotation: number,
  size: ShipSize = 'medium',
  cls = 'victory',
): Ship {
  return { id, player, x, y, rotation, size, class: cls, speed: 0 };
}

export function squadron(id: string, player: 1 | 2, x: number, y: number): Squadron {
  return { id, player, x, y };
}

/** The obstacle's outline in its own frame, exactly as the world places it at (0, 0). */
export function localOutline(type: ObstacleType): Polygon {
  return obstacleOutline(CATALOG, { type, x: 0, y: 0, rotation: 0 });
}

/**
 * An obstacle of `type` turned by `rotation`, moved so that its local vertex `i` lands exactly on
 * (px, py) (up to rounding in the placement, far below the tolerance).
 */
export function obstacleWithVertexAt(
  id: string,
  type: ObstacleType,
  rotation: number,
  i: number,
  px: number,
  py: number,
): Obstacle {
  const v = localOutline(type).placed(0, 0, rotation).point(i);
  return { id, type, x: px - v.x, y: py - v.y, rotation };
}

/** Index of the local vertex with the least x after turning by rotation (the leftmost point). */
export function extremeVertex(
  type: ObstacleType,
  rotation: number,
  dir: 'minX' | 'maxX' | 'minY' | 'maxY',
): number {
  const P = localOutline(type).placed(0, 0, rotation);
  let best = 0;
  for (let i = 1; i < P.n; i++) {
    const a =
      dir === 'minX'
        ? P.x(i) < P.x(best)
        : dir === 'maxX'
          ? P.x(i) > P.x(best)
          : dir === 'minY'
            ? P.y(i) < P.y(best)
            : P.y(i) > P.y(best);
    if (a) best = i;
  }
  return best;
}

/**
 * An edge of the obstacle's convex hull (every other vertex at least `margin` to its inner side):
 * the rotation that makes it vertical with the obstacle on its +x side, and the edge's ends.
 */
export function supportingEdge(type: ObstacleType, margin = 0.5): { rotation: number; i: number; j: number } {
  const P = localOutline(type);
  let best: { rotation: number; i: number; j: number; len: number } | null = null;
  for (let i = 0; i < P.n; i++) {
    const j = (i + 1) % P.n;
    // CCW polygon: interior to the left of i->j. Point the edge toward -y so the left is +x.
    const ang = (Math.atan2(P.y(j) - P.y(i), P.x(j) - P.x(i)) * 180) / Math.PI;
    const rotation = -90 - ang;
    const R = P.placed(0, 0, rotation);
    const x0 = R.x(i);
    let ok = true;
    for (let k = 0; k < R.n; k++) if (k !== i && k !== j && R.x(k) - x0 < margin) ok = false;
    const len = Math.hypot(P.x(j) - P.x(i), P.y(j) - P.y(i));
    if (ok && (!best || len > best.len)) best = { rotation, i, j, len };
  }
  if (!best) throw new Error(`no supporting edge on ${type}`);
  return best;
}

export function judge(t: Table, attacker: string, defender: string, opts: AttackOptions = {}): AttackReport {
  return attackBetween(new World(t), attacker, defender, opts);
}
