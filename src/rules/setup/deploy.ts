/**
 * Deploying a ship or squadron (reference sections 1 and 10, the seed's gravity rift). A `deploy`
 * proposal asks whether a piece may be set down at a position during setup:
 * - a ship: inside its player's deployment zone, the part of the setup area within distance 1-3 of
 *   the player's edge (on 3'x3' the setup area is the whole table). "Within" a band: all of it, so
 *   every point of the ship's plastic base (dials and frames ignored, as for every deployment
 *   check) lies inside the setup area and no farther than distance 3's end from the player's edge
 *   (a length on the end line belongs to the band). A huge ship's base may reach out of the zone
 *   when it lies wholly inside the setup area and touches the player's own edge (within the
 *   tolerance);
 * - a ship's speed dial: a speed on its chart (not above its top speed);
 * - a squadron: within distance 1-2 of a friendly ship on the table: all of its base, so its
 *   farthest point no farther than distance 2's end from the ship's plastic base; inside the setup
 *   area; it may lie outside the deployment zone (section 10);
 * - overlapping no ship (footprints, dial frames included), squadron or token. Touching is not
 *   overlapping. A huge ship may not be deployed overlapping an obstacle (section 10); any other
 *   piece may, unless readings.deployOnObstacle is 'refused' (the text forbids it for huge ships
 *   only; an objective may add its own ban);
 * - a gravity rift: a ship deployed at distance 1-2 of one sets its speed dial to 0 (the seed:
 *   "When a ship deploys at distance 1-2 of a gravity rift, its speed dial must be set to speed
 *   0"). That is an effect, not a violation: `speed` says what the dial shows after deploying.
 * Every answer says why, with the margins. The deploy step's turns (one ship or two squadrons a
 * turn, the last single squadron after the player's ships) are `deployTurn`'s.
 */
import { Circle } from '../../geometry/circle';
import type { Polygon } from '../../geometry/polygon';
import { hullsApartBeyond, relate, type Shape } from '../../geometry/relate';
import { discFarthestFrom, overlapDepth } from '../../geometry/reach';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import { shipShapes, squadronCircle } from '../../model/pieces';
import type { ProposalReport, Violation } from '../../model/report';
import type { Deploy, Player, Ship, Squadron } from '../../model/table';
import { speedChart } from '../../model/catalog';
import { bandOf, edgeNote } from '../bands';
import { overlapShape, type World } from '../world';

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A player's deployment zone: the setup area's strip within distance 3 of the player's edge. */
export function deploymentZone(world: World, player: Player): Rect {
  const T = world.catalog.tables[world.table.table];
  const d3 = world.catalog.ruler.distance[2].end;
  const { x0, x1 } = T.setupArea;
  return player === 1 ? { x0, y0: 0, x1, y1: d3 } : { x0, y0: T.height - d3, x1, y1: T.height };
}

export interface RiftAtDeploy {
  rift: string;
  mm: number;
  band: number;
  overlapping: boolean;
}

/** A reading that decided a deploy answer: the table's choice, and the answer the other choice gives. */
export interface DeployReading {
  reading: 'deployOnObstacle';
  value: 'allowed' | 'refused';
  otherwise: 'allowed' | 'refused';
  says: string;
}

export interface DeployReport extends ProposalReport {
  kind: 'deploy';
  /** the deployed piece's id, whether a ship or a squadron, and its owner */
  piece: string;
  pieceKind: 'ship' | 'squadron';
  player: Player;
  at: { x: number; y: number; rotation: number };
  /** the player's deployment zone as a rectangle (table coordinates) */
  zone: Rect;
  /** how far the piece's base reaches from its player's edge, and the band it must stay within */
  edgeReachMm: number;
  zoneEndMm: number;
  /** ships: the speed dial after deploying (0 at distance 1-2 of a gravity rift), and the rifts that set it */
  speed?: number;
  rift?: RiftAtDeploy[];
  /** the readings that decided the answer (deploying on an obstacle), when any did */
  readings?: DeployReading[];
  why: string;
}

const f2 = (n: number) => n.toFixed(2);

/** Whether the piece may be deployed at `p.to`, and what a gravity rift does to a ship's speed. */
// eslint-disable-next-line max-lines-per-function -- section 10's checks in order, each a few lines
export function judgeDeploy(world: World, p: Deploy): DeployReport {
  const isShip = p.ship !== undefined;
  const given = isShip ? p.ship : p.squadron;
  const piece = (
    typeof given === 'string'
      ? (isShip ? world.table.ships : world.table.squadrons).find((e) => e.id === given)
      : given
  ) as Ship | Squadron | undefined;
  if (!piece)
    throw new Error(`deploy ${p.id}: no ${isShip ? 'ship' : 'squadron'} ${String(given)} on the table`);
  const cat = world.catalog;
  const at = { x: p.to.x, y: p.to.y, rotation: isShip ? p.to.rotation : 0 };
  const shapes = isShip ? shipShapes(cat, { ...(piece as Ship), ...at }) : undefined;
  // deployment checks ignore dials and frames; overlapping counts them
  const measure: Shape = shapes ? shapes.base : squadronCircle(cat, at);
  const overlap: Shape = shapes ? shapes.footprint : (measure as Circle);
  const T = cat.tables[world.table.table];
  const zone = deploymentZone(world, piece.player);
  const d3 = cat.ruler.distance[2].end;
  const violations: Violation[] = [];
  const notes: string[] = [];
  const edgeName = piece.player === 1 ? "player 1's edge (y = 0)" : `player 2's edge (y = ${T.height})`;

  const { reach, past, hugeAtEdge, zoneWords } = zoneOf(
    world,
    piece,
    isShip,
    measure,
    zone,
    edgeName,
    violations,
  );

  // a ship's speed dial: a speed on its chart
  if (isShip) {
    const chart = speedChart(cat, (piece as Ship).class);
    const top = chart ? chart.length : 4;
    const speed = (piece as Ship).speed;
    if (speed > top) {
      violations.push({
        rule: `must have its speed dial set to a speed on its chart (0-${top}), not ${speed}`,
        piece: piece.id,
        with: null,
        gapMm: null,
        measure: 'speed',
        speed,
        topSpeed: top,
      });
    }
  }

  // overlaps: everything on the table but the piece itself (an obstacle, by the reading)
  const huge = isShip && (piece as Ship).size === 'huge';
  const onObstacle = overlapsAt(world, piece.id, overlap, huge, violations, notes);

  // squadrons: within distance 1-2 of a friendly ship
  if (!isShip) friendlyReach(world, piece as Squadron, measure, violations, notes);

  // a gravity rift at distance 1-2 of a deployed ship sets its speed dial to 0
  const rifts: RiftAtDeploy[] = isShip && shapes ? riftsAtDeploy(world, shapes, notes) : [];
  const speed: number | undefined = isShip ? (rifts.length ? 0 : (piece as Ship).speed) : undefined;

  const legal = violations.length === 0;
  // the reading decided the answer when it allowed an obstacle, or refused one and nothing else is broken
  const readings = onObstacle.filter(
    (u) =>
      u.value === 'allowed' ||
      violations.every((v) => /^cannot be deployed overlapping an obstacle/.test(v.rule)),
  );
  const placeWords = isShip
    ? hugeAtEdge && past > TOLERANCE_MM
      ? `its base lies in the setup area touching ${edgeName}`
      : `it lies in player ${piece.player}'s deployment zone`
    : 'it lies in the setup area';
  const where = `(${f2(at.x)}, ${f2(at.y)}${isShip ? `, ${f2(at.rotation)}°` : ''})`;
  const broken = violations.map(
    (v) =>
      `${v.rule} (${v.with ? `${v.with}, ` : ''}${
        v.measure === 'speed'
          ? 'its dial'
          : v.gapMm === null
            ? 'no ' + 'friendly ship'
            : `${f2(v.gapMm)} mm ${v.measure}`
      })`,
  );
  const why =
    `${piece.id} (player ${piece.player}) ${legal ? 'may be deployed' : 'may not be deployed'} at ${where}: ` +
    (legal ? `${placeWords}, ${zoneWords}, and overlaps nothing` : broken.join('; ') + `; ${zoneWords}`) +
    (notes.length ? `; ${notes.join('; ')}` : '') +
    '.' +
    readings.map((u) => ` Depends on a reading: ${u.says}; otherwise ${u.otherwise}.`).join('') +
    (isShip && rifts.length === 0
      ? ` No gravity rift is at distance 1-2: the speed dial stays at ${speed}.`
      : '');
  const out: DeployReport = {
    id: p.id,
    kind: 'deploy',
    legal,
    violations,
    piece: piece.id,
    pieceKind: isShip ? 'ship' : 'squadron',
    player: piece.player,
    at,
    zone,
    edgeReachMm: reach,
    zoneEndMm: d3,
    why,
  };
  if (isShip) {
    out.speed = speed;
    out.rift = rifts;
  }
  if (readings.length) out.readings = readings;
  return out;
}

/** What deploying on an obstacle is taken to be (readings.deployOnObstacle), in words. */
const DEPLOY_SAYS = {
  allowed:
    'a ship (not huge) or squadron may be deployed overlapping an obstacle: section 10 forbids it for huge ships ' +
    'only, and an obstacle takes effect after a maneuver (readings.deployOnObstacle: allowed, the default)',
  refused:
    'no ship or squadron may be deployed overlapping an obstacle, as an objective may add ' +
    '(readings.deployOnObstacle: refused)',
};

/**
 * The overlaps of a piece being deployed: ships (footprints), squadrons and tokens never; an
 * obstacle never for a huge ship (section 10), and for any other piece by readings.deployOnObstacle
 * ('allowed', the default: the text forbids it only for huge ships; 'refused': as an objective may
 * add). Violations and notes pushed; the reading returned when an obstacle met it (judgeDeploy keeps
 * it when it decided the answer).
 */
function overlapsAt(
  world: World,
  id: string,
  overlap: Shape,
  huge: boolean,
  violations: Violation[],
  notes: string[],
): DeployReading[] {
  const reading = world.table.readings?.deployOnObstacle ?? 'allowed';
  const onObstacles: string[] = [];
  let refusedOnObstacle = false;
  for (const e of world.all) {
    if (e.id === id) continue;
    const s = overlapShape(e);
    if (s.maxX < overlap.minX || s.minX > overlap.maxX || s.maxY < overlap.minY || s.minY > overlap.maxY)
      continue;
    if (
      s.kind === 'polygon' &&
      overlap.kind === 'polygon' &&
      hullsApartBeyond(overlap as Polygon, s as Polygon, TOLERANCE_MM)
    )
      continue;
    if (relate(overlap, s).kind !== 'overlap') continue;
    if (e.kind === 'obstacle' && !huge && reading === 'allowed') {
      onObstacles.push(e.id);
      continue;
    }
    if (e.kind === 'obstacle' && !huge) refusedOnObstacle = true;
    const what = e.kind === 'obstacle' ? `an obstacle (${e.obstacleKind})` : `a ${e.kind}`;
    violations.push({
      rule: `cannot be deployed overlapping ${what}`,
      piece: id,
      with: e.id,
      gapMm: overlapDepth(overlap, s),
      measure: 'overlap depth',
    });
  }
  if (onObstacles.length)
    notes.push(
      `it overlaps ${onObstacles.join(' and ')}, which resolves no effect (obstacles act after a maneuver)`,
    );
  if (onObstacles.length)
    return [
      { reading: 'deployOnObstacle', value: 'allowed', otherwise: 'refused', says: DEPLOY_SAYS.allowed },
    ];
  if (refusedOnObstacle)
    return [
      { reading: 'deployOnObstacle', value: 'refused', otherwise: 'allowed', says: DEPLOY_SAYS.refused },
    ];
  return [];
}

/**
 * Where a piece may stand: wholly inside the setup area; a ship within distance 3 of its player's
 * edge, unless huge, wholly inside the setup area and touching that edge. Violations pushed; the
 * reach and its words returned.
 */
function zoneOf(
  world: World,
  piece: Ship | Squadron,
  isShip: boolean,
  measure: Shape,
  zone: Rect,
  edgeName: string,
  violations: Violation[],
): { reach: number; past: number; hugeAtEdge: boolean; zoneWords: string } {
  const T = world.catalog.tables[world.table.table];
  const d3 = world.catalog.ruler.distance[2].end;
  // the setup area: every piece wholly inside it
  const sides: [string, number][] = [
    [`the setup area's left edge (x = ${zone.x0})`, zone.x0 - measure.minX],
    [`the setup area's right edge (x = ${zone.x1})`, measure.maxX - zone.x1],
    ['the play area', Math.max(0 - measure.minY, measure.maxY - T.height)],
  ];
  let outside = 0;
  for (const [name, out] of sides) {
    outside = Math.max(outside, out);
    if (out > TOLERANCE_MM) {
      violations.push({
        rule: 'must be inside the setup area',
        piece: piece.id,
        with: null,
        gapMm: out,
        measure: `beyond ${name}`,
        edge: name,
      });
    }
  }
  // the deployment zone (ships): within distance 3 of the player's edge; a huge ship wholly in the
  // setup area touching its player's edge may reach out of it; squadrons may lie outside it
  const reach = piece.player === 1 ? measure.maxY : T.height - measure.minY;
  const fromEdge = piece.player === 1 ? measure.minY : T.height - measure.maxY;
  const past = reach - d3;
  const huge = isShip && (piece as Ship).size === 'huge';
  const hugeAtEdge = huge && Math.abs(fromEdge) <= TOLERANCE_MM && outside <= TOLERANCE_MM;
  if (isShip && past > TOLERANCE_MM && !hugeAtEdge) {
    violations.push({
      rule:
        `must be within distance 1-3 of ${edgeName}` +
        (huge
          ? ' (a huge ship may reach beyond only wholly inside the setup area with its base touching that edge)'
          : ''),
      piece: piece.id,
      with: null,
      gapMm: past,
      measure: 'beyond the deployment zone edge',
      edge: edgeName,
      ...(huge ? { fromEdgeMm: fromEdge } : {}),
    });
  }
  const zoneWords =
    `${isShip ? 'its plastic base' : 'its base'} reaches ${f2(reach)} mm from ${edgeName}` +
    ` (distance 3 ends at ${f2(d3)} mm${
      Math.abs(past) <= 2 ? `, ${f2(Math.abs(past))} mm ` + `${past > 0 ? 'past' : 'inside'} it` : ''
    })` +
    (hugeAtEdge && past > TOLERANCE_MM
      ? `: a huge ship wholly inside the setup area with its base touching ${edgeName} may reach out of the ` +
        `deployment zone`
      : '') +
    // fromEdge is measured from the edge onto the table: a negative one hangs past the edge, off the table
    (huge && !hugeAtEdge && past > TOLERANCE_MM
      ? fromEdge < 0
        ? ` and reaches ${f2(-fromEdge)} mm past that edge, off the table`
        : ` and lies ${f2(fromEdge)} mm from that edge`
      : '') +
    (!isShip && past > TOLERANCE_MM
      ? ': a squadron may lie outside the deployment zone, inside the setup area'
      : '');
  return { reach, past, hugeAtEdge, zoneWords };
}

/**
 * A squadron must be within distance 1-2 of a friendly ship (section 10): all of its base, not only
 * its nearest point (rules reference 1.5: "If the entirety of a base or token is inside a specified
 * band, that component is within that band"; reference section 2: "'Within': all of it is"). So
 * its base's farthest point from the ship's plastic base (a huge ship's two bases, not the gap, as
 * every distance to it is measured) lies no farther than distance 2's end. A violation naming the
 * friendly ship that comes nearest to holding it, or a note with the margin.
 */
function friendlyReach(
  world: World,
  piece: Squadron,
  measure: Shape,
  violations: Violation[],
  notes: string[],
): void {
  const cat = world.catalog;
  const d2 = cat.ruler.distance[1].end;
  const disc = measure as Circle;
  let best: { id: string; mm: number; closestMm: number } | null = null;
  for (const s of world.ships) {
    if (s.piece.player !== piece.player) continue;
    const bases = s.shapes.bases.length > 1 ? s.shapes.bases : [s.shapes.base];
    const mm = discFarthestFrom(disc, bases);
    if (!best || mm < best.mm) {
      const closestMm = Math.min(...bases.map((b) => relate(disc, b).distance));
      best = { id: s.id, mm, closestMm };
    }
  }
  if (!best || best.mm > d2 + TOLERANCE_MM) {
    violations.push({
      rule: 'must be within distance 1-2 of a friendly ship (all of its base)',
      piece: piece.id,
      with: best?.id ?? null,
      gapMm: best?.mm ?? null,
      measure: 'to its farthest point',
      needAtMostMm: d2,
      ...(best ? { shortByMm: best.mm - d2, closestMm: best.closestMm } : {}),
    });
  } else
    notes.push(
      `all of its base is within distance 2 of ${best.id} (${f2(d2)} mm): its farthest point is ` +
        `${f2(best.mm)} mm from it${edgeNote(bandOf(best.mm, cat.ruler.distance))}, ` +
        `its nearest ${f2(best.closestMm)} mm`,
    );
}

/** The gravity rifts at distance 1-2 of (or under) a ship being deployed: each sets its speed dial to 0. */
function riftsAtDeploy(
  world: World,
  shapes: { base: Polygon; footprint: Polygon },
  notes: string[],
): RiftAtDeploy[] {
  const rifts: RiftAtDeploy[] = [];
  const bands = world.catalog.ruler.distance;
  for (const o of world.obstacles) {
    if (o.obstacleKind !== 'gravity-rift') continue;
    if (
      hullsApartBeyond(shapes.base, o.outline, bands[1].end + TOLERANCE_MM) &&
      hullsApartBeyond(shapes.footprint, o.outline, TOLERANCE_MM)
    )
      continue;
    const r = relate(shapes.base, o.outline);
    const overlapping = relate(shapes.footprint, o.outline).kind === 'overlap';
    const b = bandOf(r.distance, bands);
    if (!overlapping && (b.index === null || b.index > 2)) continue;
    rifts.push({ rift: o.id, mm: r.distance, band: b.index ?? 1, overlapping });
    notes.push(
      `its base is ${f2(r.distance)} mm from ${o.id} (a gravity rift), distance ${b.index}${edgeNote(b)}: its speed ` +
        `dial is set to 0`,
    );
  }
  return rifts;
}

/** How many ships and squadrons a player has placed, or has left to place. */
export interface DeployTally {
  ships: number;
  squadrons: number;
}

export type DeployTurn =
  | {
      step: 'deploy';
      player: Player;
      /** what the player may set down now: a ship, a squadron, or either */
      may: 'ship' | 'squadron' | 'either';
      /** 1 when a two-squadron turn is under way (its first squadron placed) */
      squadronsThisTurn: 0 | 1;
      /** each player's turns taken: a ship, two squadrons, or a last single squadron */
      turns: Record<Player, number>;
      why: string;
    }
  | { step: 'done'; why: string };

/**
 * The deploy step's turns (reference section 10): starting with the first player (player 1),
 * players take turns; a turn places one ship or two squadrons. A player with one squadron left
 * when two are due places it after all their ships, as a turn of its own. A player who has placed
 * everything is done, and the other takes the rest of their turns in a row.
 *
 * `left`: what each player still has to place, when known (a fleet list); without it a player's
 * fleet is open-ended: `done` says who has finished, and the last-single-squadron rule is asked
 * of the player (a squadron turn under way must be finished with a squadron; a ship may not end it).
 */
export function deployTurn(
  placed: Record<Player, DeployTally>,
  left?: Record<Player, DeployTally>,
  done: Record<Player, boolean> = { 1: false, 2: false },
): DeployTurn {
  const finished = (p: Player) => (left ? left[p].ships + left[p].squadrons === 0 : done[p]);
  // an odd squadron placed is a turn under way, unless it was the last single one (nothing left of them)
  const underway = (p: Player) =>
    placed[p].squadrons % 2 === 1 && !finished(p) && (!left || left[p].squadrons > 0);
  const turns: Record<Player, number> = {
    1: placed[1].ships + Math.ceil(placed[1].squadrons / 2),
    2: placed[2].ships + Math.ceil(placed[2].squadrons / 2),
  };
  if (finished(1) && finished(2)) return { step: 'done', why: 'both fleets are deployed' };
  let player: Player;
  let why: string;
  if (underway(1) || underway(2)) {
    player = underway(1) ? 1 : 2;
    why = `player ${player} has placed one squadron of a two-squadron turn: a second squadron finishes it`;
  } else if (finished(1) || finished(2)) {
    player = finished(1) ? 2 : 1;
    why = `player ${player === 1 ? 2 : 1} has deployed everything: player ${player} takes the rest of their turns`;
  } else {
    player = turns[1] <= turns[2] ? 1 : 2;
    why =
      turns[1] === turns[2]
        ? `each player has taken ${turns[1]} turns: the first player (player 1) goes`
        : `player ${player} has taken fewer turns`;
  }
  let may: 'ship' | 'squadron' | 'either';
  if (underway(player)) may = 'squadron';
  else if (!left) may = 'either';
  else {
    const l = left[player];
    const squadronTurn = l.squadrons >= 2 || (l.squadrons === 1 && l.ships === 0);
    may = l.ships > 0 && squadronTurn ? 'either' : l.ships > 0 ? 'ship' : 'squadron';
    if (l.squadrons === 1 && l.ships > 0)
      why += `; one squadron left: it goes after all of player ${player}'s ships`;
    else if (l.squadrons === 1) why += '; one squadron left: it is a turn of its own';
  }
  return { step: 'deploy', player, may, squadronsThisTurn: underway(player) ? 1 : 0, turns, why };
}

/** Whether `player` may set down a piece of this kind now (deployTurn), and why not. */
export function judgeDeployTurn(
  kind: 'ship' | 'squadron',
  player: Player,
  placed: Record<Player, DeployTally>,
  left?: Record<Player, DeployTally>,
  done?: Record<Player, boolean>,
): { legal: boolean; why: string } {
  const t = deployTurn(placed, left, done);
  if (t.step === 'done') return { legal: false, why: t.why };
  if (t.player !== player) return { legal: false, why: `it is player ${t.player}'s turn: ${t.why}` };
  if (t.may !== 'either' && t.may !== kind) {
    const because = t.squadronsThisTurn
      ? 'a turn is one ship or two squadrons, and this turn has one squadron: a second squadron finishes it ' +
        "(a single last squadron goes after all the player's ships)"
      : kind === 'squadron'
        ? `player ${player}'s last squadron goes after all their ships`
        : `player ${player} has no ship left to deploy`;
    return { legal: false, why: `player ${player} may not deploy a ${kind} now: ${because}` };
  }
  return { legal: true, why: t.why };
}
