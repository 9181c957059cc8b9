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
 * - no overlap with ships (base with dial frames), squadrons, tokens, other obstacles.
 */
import { Circle } from '../geometry/circle';
import { difference, offsetPaths, regionPolygons, toPath } from '../geometry/offset';
import { Polygon } from '../geometry/polygon';
import { relate, type Shape } from '../geometry/relate';
import { farthestReach, overlapDepth } from '../geometry/reach';
import { TOLERANCE_MM } from '../geometry/tolerance';
import { obstacleOutline } from '../model/pieces';
import type { ProposalReport, Violation } from '../model/report';
import type { MoveObstacle, Player, PurrgilRound } from '../model/table';
import { overlapShape, type Entry, type ObstacleEntry, World } from './world';

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

export function judgeMove(world: World, p: MoveObstacle): ProposalReport {
  const entry = obstacleEntry(world, p.obstacle);
  const O = entry.outline;
  const N = obstacleOutline(world.catalog, { type: entry.piece.type, ...p.to });
  const D = bandEnd(world, p.maxDistance);
  const violations: Violation[] = [];

  const reach = farthestReach(O, N);
  if (reach > D + TOLERANCE_MM) {
    violations.push({
      rule: `no part may end beyond distance ${p.maxDistance} of its original position`, with: null,
      gapMm: reach - D, measure: 'beyond the band end', farthestMm: reach, bandEndMm: D,
    });
  }
  let rulerLine: [[number, number], [number, number]] | null = null;
  if (O.locate(p.to.x, p.to.y) === 'outside') {
    const q = O.closestBoundaryPoint(p.to.x, p.to.y);
    rulerLine = [[q.x, q.y], [p.to.x, p.to.y]];
    if (q.d > D + TOLERANCE_MM) {
      violations.push({
        rule: `its centre must lie on the ruler's centre line within distance ${p.maxDistance} of the token's edge (ruler procedure)`,
        with: null, gapMm: q.d - D, measure: 'beyond the band end', centreMm: q.d, bandEndMm: D,
      });
    }
  }
  if (p.minDistance !== undefined) {
    const need = p.minDistance > 1 ? bandEnd(world, p.minDistance - 1) : 0;
    if (!(reach > need + TOLERANCE_MM)) {
      violations.push({
        rule: `must move to distance ${p.minDistance} of its original position`, with: null,
        gapMm: need - reach, measure: 'short of the band', farthestMm: reach, bandStartMm: need,
      });
    }
  }
  for (const e of others(world, entry.id)) {
    const shape = overlapShape(e);
    if (relate(N, shape).kind !== 'overlap') continue;
    const what = e.kind === 'obstacle' ? 'another obstacle' : `a ${e.kind}`;
    violations.push({ rule: `cannot end overlapping ${what}`, with: e.id, gapMm: overlapDepth(N, shape), measure: 'overlap depth' });
  }
  for (const v of violations) v.piece = entry.id;
  const notPurrgil = entry.obstacleKind !== 'purrgil';
  return {
    id: p.id, kind: p.kind, legal: violations.length === 0, violations,
    obstacle: entry.id, farthestMm: reach, bandEndMm: D, rulerLine,
    why: (violations.length
      ? `${entry.id} cannot end there: ${violations.map((v) => v.rule + (v.with ? ` (${v.with})` : '')).join('; ')}.`
      : `${entry.id} may end there: its farthest part is ${reach.toFixed(2)} mm from where it was (distance ${p.maxDistance} ends at ${D.toFixed(2)} mm) and it overlaps nothing.`) +
      (notPurrgil ? ` (${entry.id} is not a purrgil; the obstacle-movement procedure was applied as asked.)` : ''),
  };
}

/** A disc as a polygon drawn around it (every point of the disc is inside). */
function discAround(c: Circle, n = 72): Polygon {
  const R = c.r / Math.cos(Math.PI / n);
  const pts: [number, number][] = [];
  for (let k = 0; k < n; k++) pts.push([c.cx + R * Math.cos((2 * Math.PI * k) / n), c.cy + R * Math.sin((2 * Math.PI * k) / n)]);
  return Polygon.from(pts);
}

/**
 * For drawing: the region the moved token may end in. Every point a legal final position covers
 * lies in it: the token grown by the maximum band's end, less every ship's base with its dial
 * frames, squadron, token and other obstacle. (A pocket of it may be too small for the token to
 * fit: judgeMove decides each position.)
 */
export function purrgilReach(world: World, obstacleId: string, maxDistance: number): Polygon[] {
  const entry = obstacleEntry(world, obstacleId);
  const grown = offsetPaths([toPath(entry.outline)], bandEnd(world, maxDistance));
  const holes = others(world, obstacleId).map((e) => {
    const s: Shape = overlapShape(e);
    return toPath(s.kind === 'circle' ? discAround(s) : s);
  });
  return regionPolygons(difference(grown, holes));
}

/**
 * A round's purrgil moves judged together (seed: "At the end of each round, starting with the
 * second player and alternating, each player chooses one purrgil obstacle and moves it to within
 * distance 1-2 of its current location. Each player must choose a different purrgil obstacle"):
 * the moves in order, player 2 first and alternating, one per player, each a different purrgil,
 * each judged by judgeMove (distance 2) on the table as the earlier moves left it, so a later
 * purrgil sees an earlier one where it ended.
 */
export function judgePurrgilRound(world: World, p: PurrgilRound): ProposalReport {
  const violations: Violation[] = [];
  const moves: ProposalReport[] = [];
  const movedBy = new Map<string, number>();
  let w = world;
  p.moves.forEach((m, k) => {
    const n = k + 1;
    const expected: Player = k % 2 === 0 ? 2 : 1;
    const order = (rule: string, extra: Partial<Violation> = {}) => violations.push({ rule, piece: m.obstacle, with: null, gapMm: null, measure: 'order', move: n, ...extra });
    if (k >= 2) order(`move ${n}: each player moves one purrgil a round (two moves at most)`);
    else if (m.player !== expected) order(`move ${n} is player ${expected}'s: the second player moves first, then the players alternate`);
    const before = movedBy.get(m.obstacle);
    if (before !== undefined) order(`move ${n}: each player must choose a different purrgil (${m.obstacle} was moved in move ${before})`);
    movedBy.set(m.obstacle, n);
    const entry = w.byId.get(m.obstacle);
    if (entry?.kind === 'obstacle' && entry.obstacleKind !== 'purrgil') order(`move ${n}: ${m.obstacle} is not a purrgil; only purrgil move at the end of the round`);
    const r = judgeMove(w, { id: `${p.id}.${n}`, kind: 'move-obstacle', obstacle: m.obstacle, to: m.to, maxDistance: 2 });
    r.player = m.player;
    moves.push(r);
    for (const v of r.violations) violations.push({ ...v, rule: `move ${n}: ${v.rule}`, move: n });
    // the table as this move leaves it, for the next
    w = new World({ ...w.table, obstacles: w.table.obstacles.map((o) => (o.id === m.obstacle ? { ...o, ...m.to } : o)) }, w.catalog, w);
  });
  const legal = violations.length === 0;
  return {
    id: p.id, kind: p.kind, legal, violations, moves,
    why: (legal ? `The round's purrgil moves are legal, judged in order (player 2 first), each on the table the earlier moves left: `
      : `The round's purrgil moves break ${violations.length} rule${violations.length === 1 ? '' : 's'}: `) +
      moves.map((r, k) => `move ${k + 1} (player ${p.moves[k].player}): ${r.why}`).join(' '),
  };
}
