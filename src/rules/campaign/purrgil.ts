/**
 * Moving an obstacle (purrgil at the end of each round: within distance 1-2 of where it is).
 *
 * The procedure, as the reference gives it: lay the ruler with the centre of its distance-1 end
 * touching the token's edge; place the token along the ruler's centre line up to the line ending
 * the maximum band, its centre on that line (the later ruling); it may rotate so long as no part
 * ends beyond the maximum distance from its original position; at the end it may not overlap a
 * ship, squadron, token or other obstacle. Touching is not overlapping. With no minimum the token
 * may stay where it is.
 *
 * Checks made, each exact up to the tolerance:
 * - farthest reach: the farthest point of the moved token from the original token (filled) is at
 *   most the maximum band's end (a point on the end line is inside the band);
 * - ruler: the new centre is within the maximum band's end of the original token's edge, so a
 *   ruler laid from the closest edge point runs through it (reported as rulerLine);
 * - minimum (only when the proposal gives minDistance m): some part of the moved token ends beyond
 *   the end of band m-1 (m = 1: it must move at all);
 * - no overlap with ships (base with dial frames), squadrons, tokens, other obstacles;
 * - on the play area: no part of the token more than the tolerance outside it (the procedure places
 *   the token on the table; the seed text does not say so in words, so it is named in the violation).
 */
import type ClipperLib from 'clipper-lib';
import {
  difference,
  erosionPieces,
  intersection,
  minkowskiPaths,
  offsetPaths,
  rectPath,
  reflected,
  regionPolygons,
  SCALE,
  toPath,
} from '../../geometry/offset';
import { Polygon } from '../../geometry/polygon';
import { relate, type Shape } from '../../geometry/relate';
import { farthestReach, outsideRect, overlapDepth, reachesWithin } from '../../geometry/reach';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import type { Catalog } from '../../model/catalog';
import { obstacleOutline } from '../../model/pieces';
import type { ProposalReport, Violation } from '../../model/report';
import type { MoveObstacle, Player, PurrgilRound } from '../../model/table';
import { overlapShape, type Entry, type ObstacleEntry, World } from '../world';
import type { Budget } from '../report/budget';

type Paths = ClipperLib.Paths;

function obstacleEntry(world: World, id: string): ObstacleEntry {
  const e = world.byId.get(id);
  if (!e || e.kind !== 'obstacle') throw new Error(`no obstacle with id "${id}"`);
  return e;
}

function bandEnd(world: World, band: number): number {
  const bands = world.catalog.ruler.distance;
  if (!Number.isInteger(band) || band < 1 || band > bands.length) throw new Error(`no distance band ${band}`);
  return bands[band - 1].end;
}

/** Pieces the moved token may not overlap: everything but itself. */
function others(world: World, selfId: string): Entry[] {
  return world.all.filter((e) => e.id !== selfId);
}

// eslint-disable-next-line max-lines-per-function -- the move's checks in the seed's order
export function judgeMove(world: World, p: MoveObstacle): ProposalReport {
  const entry = obstacleEntry(world, p.obstacle);
  const O = entry.outline;
  const N = obstacleOutline(world.catalog, { type: entry.piece.type, ...p.to });
  const D = bandEnd(world, p.maxDistance);
  const violations: Violation[] = [];

  const reach = farthestReach(O, N);
  if (reach > D + TOLERANCE_MM) {
    violations.push({
      rule: `no part may end beyond distance ${p.maxDistance} of its original position`,
      with: null,
      gapMm: reach - D,
      measure: 'beyond the band end',
      farthestMm: reach,
      bandEndMm: D,
    });
  }
  let rulerLine: [[number, number], [number, number]] | null = null;
  if (O.locate(p.to.x, p.to.y) === 'outside') {
    const q = O.closestBoundaryPoint(p.to.x, p.to.y);
    rulerLine = [
      [q.x, q.y],
      [p.to.x, p.to.y],
    ];
    if (q.d > D + TOLERANCE_MM) {
      violations.push({
        rule:
          `its centre must lie on the ruler's centre line within distance ${p.maxDistance} of the token's edge ` +
          `(ruler procedure)`,
        with: null,
        gapMm: q.d - D,
        measure: 'beyond the band end',
        centreMm: q.d,
        bandEndMm: D,
      });
    }
  }
  if (p.minDistance !== undefined) {
    const need = p.minDistance > 1 ? bandEnd(world, p.minDistance - 1) : 0;
    if (!(reach > need + TOLERANCE_MM)) {
      violations.push({
        rule: `must move to distance ${p.minDistance} of its original position`,
        with: null,
        gapMm: need - reach,
        measure: 'short of the band',
        farthestMm: reach,
        bandStartMm: need,
      });
    }
  }
  const { width: W, height: H } = world.catalog.tables[world.table.table];
  const off = outsideRect(N, 0, 0, W, H);
  if (off > TOLERANCE_MM) {
    violations.push({
      rule: 'cannot end with part of it outside the play area',
      with: null,
      gapMm: off,
      measure: 'outside the play area',
    });
  }
  for (const e of others(world, entry.id)) {
    const shape = overlapShape(e);
    if (relate(N, shape).kind !== 'overlap') continue;
    const what = e.kind === 'obstacle' ? 'another obstacle' : `a ${e.kind}`;
    violations.push({
      rule: `cannot end overlapping ${what}`,
      with: e.id,
      gapMm: overlapDepth(N, shape),
      measure: 'overlap depth',
    });
  }
  for (const v of violations) v.piece = entry.id;
  const notPurrgil = entry.obstacleKind !== 'purrgil';
  return {
    id: p.id,
    kind: p.kind,
    legal: violations.length === 0,
    violations,
    obstacle: entry.id,
    farthestMm: reach,
    bandEndMm: D,
    rulerLine,
    why:
      (violations.length
        ? `${entry.id} cannot end there: ${violations.map((v) => v.rule + (v.with ? ` (${v.with})` : '')).join('; ')}.`
        : `${entry.id} may end there: its farthest part is ${reach.toFixed(2)} mm from where it was (distance ` +
          `${p.maxDistance} ends at ${D.toFixed(2)} mm) and it overlaps nothing.`) +
      (notPurrgil
        ? ` (${entry.id} is not a purrgil; the obstacle-movement procedure was applied as asked.)`
        : ''),
  };
}

/**
 * Paths computed at the origin and moved into place by a shift, per catalog: the Minkowski sums (a
 * piece's shape + the reflected token) by shape and token, and the erosions by token type, the
 * rotations it had and has, and the band. Only the rotation or a new neighbour costs a computation.
 */
const originCache = new WeakMap<Catalog, Map<string, Paths>>();
const MAX_CACHED = 400;

function cached(cat: Catalog, key: string, make: () => Paths): Paths {
  let m = originCache.get(cat);
  if (!m) originCache.set(cat, (m = new Map()));
  let paths = m.get(key);
  if (!paths) {
    paths = make();
    if (m.size >= MAX_CACHED) m.delete(m.keys().next().value!);
    m.set(key, paths);
  }
  return paths;
}

const shift = (paths: Paths, ox: number, oy: number): Paths =>
  paths.map((p) => p.map((q) => ({ X: q.X + ox, Y: q.Y + oy })));

/**
 * Where shape S forbids the moved token's centre (the token T at the origin, at its rotation):
 * the points c with T + c reaching into S, i.e. S + (-T). Computed once at the origin for each
 * (shape, token) and shifted, so dragging a piece or re-drawing costs a lookup (see setup-region.ts).
 */
function forbiddenFor(cat: Catalog, S: Shape, T: Polygon, tKey: string): Paths {
  let key: string, ox: number, oy: number;
  if (S.kind === 'circle') {
    key = `c${S.r}|${tKey}`;
    ox = Math.round(S.cx * SCALE);
    oy = Math.round(S.cy * SCALE);
  } else {
    ox = Math.round(S.minX * SCALE);
    oy = Math.round(S.minY * SCALE);
    const rel: number[] = [];
    for (let i = 0; i < S.n; i++) rel.push(Math.round(S.x(i) * SCALE) - ox, Math.round(S.y(i) * SCALE) - oy);
    key = `p${rel.join(',')}|${tKey}`;
  }
  const origin = cached(cat, key, () =>
    S.kind === 'circle'
      ? offsetPaths([toPath(reflected(T))], S.r)
      : minkowskiPaths(S.placed(-ox / SCALE, -oy / SCALE, 0), reflected(T)),
  );
  return shift(origin, ox, oy);
}

/**
 * For drawing: where the moved token's CENTRE may end a move of up to `maxDistance`, the token
 * turned to `rotation` (default: as it stands). Each point of the region is a centre judgeMove
 * accepts, up to the drawing's precision: the whole token within the band of where it was
 * (farthest reach), its centre within the band of the token's edge (ruler), the whole token on
 * the play area, and overlapping no ship (base with dial frames), squadron, token or other
 * obstacle. So there are no pockets the token cannot fit in.
 *
 * Computed with clipper (offset.ts): G = the token grown by the band end; the centres keeping the
 * token inside G (erosionPieces, each piece checked by one exact judgement of a point in it);
 * the play area shrunk by the token's extent; less every other piece's shape summed with the
 * reflected token, for the pieces near enough to matter. Arcs are chords within ARC_TOLERANCE_MM,
 * so the edge may sit up to 2 ARC_TOLERANCE_MM inside the exact one; judgeMove decides each move.
 */
export function purrgilReach(
  world: World,
  obstacleId: string,
  maxDistance: number,
  rotation?: number,
): Polygon[] {
  const entry = obstacleEntry(world, obstacleId);
  const D = bandEnd(world, maxDistance);
  const rot = rotation ?? entry.piece.rotation;
  const T = obstacleOutline(world.catalog, { type: entry.piece.type, x: 0, y: 0, rotation: rot });
  const tKey = `${entry.piece.type}|${rot}`;
  const cat = world.catalog,
    o = entry.piece;
  const ox = Math.round(o.x * SCALE),
    oy = Math.round(o.y * SCALE);
  // the centres keeping the token within the band (and the centre itself within it: the ruler), at the origin
  const kept = shift(
    cached(cat, `e|${o.type}|${o.rotation}|${tKey}|${D}`, () => {
      const G = offsetPaths(
        [toPath(obstacleOutline(cat, { type: o.type, x: 0, y: 0, rotation: o.rotation }))],
        D,
      );
      return intersection(erosionPieces(G, T), G);
    }),
    ox,
    oy,
  );
  const { width: W, height: H } = cat.tables[world.table.table];
  // the token whole on the play area: its centre in the area shrunk by the token's extent (a rectangle: exact)
  let region = intersection(kept, [rectPath(-T.minX, -T.minY, W - T.maxX, H - T.maxY)]);
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const p of region)
    for (const q of p) {
      x0 = Math.min(x0, q.X / SCALE);
      x1 = Math.max(x1, q.X / SCALE);
      y0 = Math.min(y0, q.Y / SCALE);
      y1 = Math.max(y1, q.Y / SCALE);
    }
  const holes: Paths = [];
  for (const e of others(world, obstacleId)) {
    const S: Shape = overlapShape(e);
    // S + (-T) lies within S's box grown by the token's extent: skip the pieces whose box misses the region's
    if (S.maxX - T.minX < x0 || S.minX - T.maxX > x1 || S.maxY - T.minY < y0 || S.minY - T.maxY > y1)
      continue;
    holes.push(...forbiddenFor(cat, S, T, tKey));
  }
  if (holes.length) region = difference(region, holes);
  // a piece of erosionPieces outside the erosion is wholly outside it: judge one inner point of each
  return regionPolygons(region).filter((piece) => {
    const c = piece.innerPoint();
    return reachesWithin(entry.outline, T.placed(c.x, c.y, 0), D + TOLERANCE_MM);
  });
}

/**
 * A round's purrgil moves judged together (seed: "At the end of each round, starting with the
 * second player and alternating, each player chooses one purrgil obstacle and moves it to within
 * distance 1-2 of its current location. Each player must choose a different purrgil obstacle"):
 * the moves in order, player 2 first and alternating, one per player, each a different purrgil,
 * each judged by judgeMove (distance 2) on the table as the earlier moves left it, so a later
 * purrgil sees an earlier one where it ended.
 */
export function judgePurrgilRound(world: World, p: PurrgilRound, budget?: Budget): ProposalReport {
  const violations: Violation[] = [];
  const moves: ProposalReport[] = [];
  const movedBy = new Map<string, number>();
  let w = world;
  // with a budget, the moves stop before the first one not begun in time (the round says so)
  const judgedMoves: PurrgilRound['moves'] = [];
  for (const [k, m] of p.moves.entries()) {
    if (budget?.over()) break;
    judgedMoves.push(m);
    const n = k + 1;
    const expected: Player = k % 2 === 0 ? 2 : 1;
    const order = (rule: string, extra: Partial<Violation> = {}) =>
      violations.push({
        rule,
        piece: m.obstacle,
        with: null,
        gapMm: null,
        measure: 'order',
        move: n,
        ...extra,
      });
    if (k >= 2) order(`move ${n}: each player moves one purrgil a round (two moves at most)`);
    else if (m.player !== expected)
      order(`move ${n} is player ${expected}'s: the second player moves first, then the players alternate`);
    const before = movedBy.get(m.obstacle);
    if (before !== undefined)
      order(
        `move ${n}: each player must choose a different purrgil (${m.obstacle} was moved in move ${before})`,
      );
    movedBy.set(m.obstacle, n);
    const entry = w.byId.get(m.obstacle);
    if (entry?.kind === 'obstacle' && entry.obstacleKind !== 'purrgil')
      order(`move ${n}: ${m.obstacle} is not a purrgil; only purrgil move at the end of the round`);
    const r = judgeMove(w, {
      id: `${p.id}.${n}`,
      kind: 'move-obstacle',
      obstacle: m.obstacle,
      to: m.to,
      maxDistance: 2,
    });
    r.player = m.player;
    moves.push(r);
    for (const v of r.violations) violations.push({ ...v, rule: `move ${n}: ${v.rule}`, move: n });
    // the table as this move leaves it, for the next
    w = new World(
      { ...w.table, obstacles: w.table.obstacles.map((o) => (o.id === m.obstacle ? { ...o, ...m.to } : o)) },
      w.catalog,
      w,
    );
  }
  const cut = judgedMoves.length < p.moves.length;
  if (cut) budget!.cutInside({ id: p.id, of: 'moves', judged: judgedMoves.length, asked: p.moves.length });
  // a round cut short is not called legal: its last moves were not judged
  const legal = violations.length === 0 && !cut;
  return {
    id: p.id,
    kind: p.kind,
    legal,
    violations,
    moves,
    why:
      (cut ? `Cut by the budget: the first ${judgedMoves.length} of ${p.moves.length} moves judged. ` : '') +
      (violations.length === 0
        ? `The round's purrgil moves${cut ? ' judged' : ''} are legal, judged in order (player 2 first), each on the ` +
          `table the earlier moves left: `
        : `The round's purrgil moves break ${violations.length} rule${violations.length === 1 ? '' : 's'}: `) +
      moves.map((r, k) => `move ${k + 1} (player ${p.moves[k].player}): ${r.why}`).join(' '),
  };
}
