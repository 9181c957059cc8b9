/**
 * The table's own sanity: pieces that may not overlap but do (collisions), and ships and
 * squadrons with part of their base outside the play area (offTable: destroyed by the rules).
 * Optional report sections of armada-report/1 (../shared/table-format.md).
 */
import type { Polygon } from '../geometry/polygon';
import { penetrationDepth } from '../geometry/penetration';
import { hypot } from '../geometry/hypot';
import { relate } from '../geometry/relate';
import { TOLERANCE_MM } from '../geometry/tolerance';
import type { CollisionReport, OffTableReport } from '../model/report';
import type { Budget } from './report/budget';
import type { ShipEntry, SquadronEntry, World } from './world';

type Piece = ShipEntry | SquadronEntry;

/** A ship's footprint as its convex parts: the plastic base and the four shield-dial frames. */
export function footprintParts(s: ShipEntry): Polygon[] {
  // the base and each dial frame (a huge ship's whole base and six frames)
  return [s.shapes.base, ...s.shapes.zones.map((z) => s.shapes.dials[z])];
}

function shapeOf(p: Piece) {
  return p.kind === 'ship' ? p.shapes.footprint : p.circle;
}

/** The depth of an overlap found by relate(): the least distance one piece must move to clear the other. */
export function collisionDepth(a: Piece, b: Piece): number {
  if (a.kind === 'squadron' && b.kind === 'squadron')
    return a.circle.r + b.circle.r - hypot(b.circle.cx - a.circle.cx, b.circle.cy - a.circle.cy);
  if (a.kind === 'ship' && b.kind === 'ship') return penetrationDepth(footprintParts(a), footprintParts(b));
  const ship = (a.kind === 'ship' ? a : b) as ShipEntry,
    sq = (a.kind === 'squadron' ? a : b) as SquadronEntry;
  // the squadron's radius less its centre's signed distance from the footprint's edge (as overlaps reports)
  return sq.circle.r - ship.shapes.footprint.signedDistance(sq.circle.cx, sq.circle.cy);
}

function collisionWhy(a: Piece, b: Piece, depth: number): string {
  const what =
    a.kind === 'ship' && b.kind === 'ship'
      ? 'their bases with shield-dial frames overlap'
      : a.kind === 'squadron' && b.kind === 'squadron'
        ? 'their bases overlap'
        : "the squadron's base overlaps the ship's base or dial frames";
  return `${a.id} and ${b.id}: ${what}; one must move ${depth.toFixed(2)} mm to clear the other.`;
}

/**
 * Every pair of ships and squadrons that overlap (touching is not overlapping), in table order.
 * With a budget, the pairs past its end are left out and counted in it.
 */
export function collisions(world: World, budget?: Budget): CollisionReport[] {
  const pieces: Piece[] = [...world.ships, ...world.squadrons];
  const out: CollisionReport[] = [];
  const asked = (pieces.length * (pieces.length - 1)) / 2;
  let pairs = 0;
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      // two ships' exact depth can take a millisecond on a pile: checked every 16 pairs
      if (budget && (pairs & 15) === 0 && budget.over()) {
        budget.countPairs('collisions', pairs, asked);
        return out;
      }
      pairs++;
      const c = collisionOf(pieces[i], pieces[j]);
      if (c) out.push(c);
    }
  }
  budget?.countPairs('collisions', asked, asked);
  return out;
}

/**
 * The collision of two pieces, a before b in table order, or null when they do not overlap. `lazy`: its
 * depth (and the sentence that gives it) worked out when first read, not here.
 */
function collisionOf(a: Piece, b: Piece, lazy = false): CollisionReport | null {
  const A = shapeOf(a),
    B = shapeOf(b);
  if (A.maxX < B.minX || B.maxX < A.minX || A.maxY < B.minY || B.maxY < A.minY) return null;
  if (relate(A, B).kind !== 'overlap') return null;
  if (lazy) return lazyCollision(a, b);
  const depthMm = collisionDepth(a, b);
  return { a: a.id, b: b.id, depthMm, why: collisionWhy(a, b, depthMm) };
}

/**
 * A collision whose depth is found when first read: two ships' depth is an exact penetration depth, and a
 * drag step's picture outlines the pair without it (the panel that gives it is written when the pointer
 * rests). Its fields are its own and enumerable, in the same order, so it reads, compares and serialises as
 * collisionOf's eager entry does.
 */
function lazyCollision(a: Piece, b: Piece): CollisionReport {
  let depth: number | undefined;
  const depthMm = () => (depth ??= collisionDepth(a, b));
  return Object.defineProperties({ a: a.id, b: b.id } as CollisionReport, {
    depthMm: { get: depthMm, enumerable: true },
    why: { get: () => collisionWhy(a, b, depthMm()), enumerable: true },
  });
}

/**
 * collisions(world) where only the pieces named in `moved` changed since a world whose collisions
 * were `prev` (the same pieces in the same order, whole: no budget cut them): the pairs with a moved
 * piece are judged again, the others keep their entries, in collisions' order. A drag step judges
 * one piece's pairs, not every pair (a ship overlapping another is an exact depth each time), and with
 * `lazyDepth` leaves each new pair's depth to be found when read (lazyCollision).
 */
export function updateCollisions(
  world: World,
  prev: readonly CollisionReport[],
  moved: ReadonlySet<string>,
  opts: { lazyDepth?: boolean } = {},
): CollisionReport[] {
  const pieces: Piece[] = [...world.ships, ...world.squadrons];
  const out = prev.filter((c) => !moved.has(c.a) && !moved.has(c.b));
  const kept = out.length;
  for (let i = 0; i < pieces.length; i++) {
    const mi = moved.has(pieces[i].id);
    for (let j = i + 1; j < pieces.length; j++) {
      if (!mi && !moved.has(pieces[j].id)) continue;
      const c = collisionOf(pieces[i], pieces[j], opts.lazyDepth);
      if (c) out.push(c);
    }
  }
  if (out.length === kept || kept === 0) return out;
  const n = pieces.length,
    order = new Map(pieces.map((p, i) => [p.id, i]));
  const rank = (c: CollisionReport) => order.get(c.a)! * n + order.get(c.b)!;
  return out.sort((x, y) => rank(x) - rank(y));
}

export interface PlayArea {
  width: number;
  height: number;
}

/** The play area of the world's table. */
export function playArea(world: World): PlayArea {
  const t = world.catalog.tables[world.table.table];
  return { width: t.width, height: t.height };
}

const EDGE_NAMES = [
  "player 1's edge (y = 0)",
  "player 2's edge (y = {H})",
  'the short edge at x = 0',
  'the short edge at x = {W}',
];

/**
 * How far a piece's base (dials ignored) reaches past the play area, and past which edge:
 * the greatest overshoot of any point of it (a convex base's farthest point is a corner).
 */
export function outsideBy(p: Piece, area: PlayArea): { mm: number; edge: number } {
  const { width: W, height: H } = area;
  let mm = -Infinity,
    edge = 0;
  const take = (d: number, e: number) => {
    if (d > mm) {
      mm = d;
      edge = e;
    }
  };
  if (p.kind === 'squadron') {
    const { cx, cy, r } = p.circle;
    take(r - cy, 0);
    take(cy + r - H, 1);
    take(r - cx, 2);
    take(cx + r - W, 3);
  } else {
    const B = p.shapes.base;
    for (let i = 0; i < B.n; i++) {
      const x = B.x(i),
        y = B.y(i);
      take(-y, 0);
      take(y - H, 1);
      take(-x, 2);
      take(x - W, 3);
    }
  }
  return { mm, edge };
}

/** Every ship and squadron with part of its base more than the tolerance outside the play area. */
export function offTable(world: World): OffTableReport[] {
  const area = playArea(world);
  const out: OffTableReport[] = [];
  for (const p of world.ships) pushOff(out, p, area);
  for (const p of world.squadrons) pushOff(out, p, area);
  return out;
}

/**
 * Each piece's answer, kept by its entry and the play area's size: a world reuses an unmoved piece's entry,
 * so a drag step measures only the moved piece again.
 */
const offBy = new WeakMap<Piece, { width: number; height: number; off: OffTableReport | null }>();

function pushOff(out: OffTableReport[], p: Piece, area: PlayArea) {
  let k = offBy.get(p);
  if (!k || k.width !== area.width || k.height !== area.height)
    offBy.set(p, (k = { width: area.width, height: area.height, off: offOf(p, area) }));
  if (k.off) out.push(k.off);
}

function offOf(p: Piece, area: PlayArea): OffTableReport | null {
  const o = outsideBy(p, area);
  if (!(o.mm > TOLERANCE_MM)) return null;
  const edge = EDGE_NAMES[o.edge].replace('{H}', String(area.height)).replace('{W}', String(area.width));
  return {
    piece: p.id,
    outsideMm: o.mm,
    edge,
    why:
      `${p.id}'s base reaches ${o.mm.toFixed(2)} mm past ${edge}; a ${p.kind} with part of its base outside the ` +
      `play area is destroyed.`,
  };
}
