/**
 * Judge by eye: situations dealt near the edges that decide games, for a player to answer before
 * the rules do. Each situation is two pieces (two ships, or a ship and a squadron) and 0-3
 * obstacles, built so the answer to one question (in arc or not, the range band, obstructed or
 * not) sits a chosen margin from the edge that would flip it: the defender slid along a ray until
 * its range is that far from a band's end, turned about the attacker until it is that far inside
 * or outside the arc, or an obstacle slid across the line of sight until the line crosses it or
 * clears it by that much. The answer key is the rules' own verdict on the finished table
 * (`attackBetween`, as `analyze` judges it), never the construction's aim.
 *
 * Deterministic: a situation is a function of (seed, index, level), so two players given the same
 * seed and levels get the same situations.
 */
import { segmentShapeDistance } from '../../geometry/relate';
import { CATALOG, type Catalog, type HullZoneName } from '../../model/catalog';
import type { AttackReport } from '../../model/report';
import { CORE_OBSTACLES, emptyTable, type Obstacle, type Ship, type Table } from '../../model/table';
import { mulberry32, seedOf } from '../../model/random';
import { attackBetween } from '../attacks/attacks';
import type { PieceOnLine } from '../attacks/los';
import { collisions } from '../sanity';
import { type ObstacleEntry, World } from '../world';

export type DrillKind = 'arc' | 'range' | 'los';
export const DRILL_KINDS: readonly DrillKind[] = ['arc', 'range', 'los'];

/**
 * The margin each level aims at, mm [least, most]: level 1 is plain to the eye, level 5 is a
 * millimetre or two (every situation of it within 10 mm). Uniform within the span.
 */
export const LEVEL_MARGINS: readonly (readonly [number, number])[] = [
  [25, 45],
  [12, 25],
  [6, 12],
  [3, 7],
  [0.5, 4],
];
export const TOP_LEVEL = LEVEL_MARGINS.length;

export interface DrillChoice {
  value: string;
  label: string;
}

export interface DrillSituation {
  seed: string;
  index: number;
  level: number;
  kind: DrillKind;
  table: Table;
  /** the attack asked about, keys as in the report (`att.front`, `sq1`) */
  attacker: string;
  defender: string;
  choices: DrillChoice[];
  /** the rules' answer (one of the choices' values) */
  answer: string;
  /** how far the deciding measure lies from the edge that would flip the answer, mm */
  marginMm: number;
  /** the margin the construction aimed at, mm */
  targetMm: number;
  /** what the margin is measured to, in words ("the end of medium range", "the arc line", "asteroid-b") */
  edge: string;
  /** the line from attacker to defender runs 30-60 degrees off the table's edges */
  diagonal: boolean;
  /**
   * a range question's measured range (or distance) and the far ends of the bands it asks about, in the
   * choices' order (beyond lies past the last): what a wrong answer missed by (missOf)
   */
  range?: { mm: number; bands: { value: string; end: number }[] };
}

/** The generator a situation is dealt from: mulberry32 seeded from the text (FNV-1a). */
export const rngFrom = (text: string): (() => number) => mulberry32(seedOf(text));

const TAU = Math.PI * 2;
const DEG = Math.PI / 180;
/** a zone's facing, degrees counter-clockwise from the bow (rotation 0: bow toward +y) */
const FACING: Record<string, number> = { front: 0, left: 90, rear: 180, right: -90 };

interface Build {
  rnd: () => number;
  catalog: Catalog;
  table: Table;
  /** the last world judged: the next keeps the shapes of the pieces that did not move */
  world?: World;
}

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
function judge(b: Build, attacker: string, defender: string): AttackReport {
  b.world = new World(b.table, b.catalog, b.world);
  return attackBetween(b.world, attacker, defender);
}

/** Put a piece at (x, y) as a new object (a world keeps a piece's shapes while the object is the same). */
function movePiece(b: Build, id: string, x: number, y: number): void {
  for (const list of [b.table.ships, b.table.squadrons, b.table.obstacles] as { id: string }[][]) {
    const i = list.findIndex((p) => p.id === id);
    if (i >= 0) list[i] = { ...list[i], x, y } as { id: string };
  }
}

function shipClasses(catalog: Catalog): string[] {
  return Object.keys(catalog.shipClasses)
    .filter((id) => catalog.shipClasses[id].size !== 'huge')
    .sort();
}

/** The unit vector of a ship's zone facing, for a ship at `rotation` degrees. */
function facing(rotation: number, zone: string): { x: number; y: number } {
  const a = (rotation + FACING[zone]) * DEG;
  return { x: -Math.sin(a), y: Math.cos(a) };
}

/** The defender's zone facing a point best (the zone a player would shoot at from there). */
function zoneToward(ship: Ship, x: number, y: number): HullZoneName {
  const dx = x - ship.x,
    dy = y - ship.y;
  let best: HullZoneName = 'front',
    bestDot = -Infinity;
  for (const zone of ['front', 'left', 'right', 'rear'] as HullZoneName[]) {
    const f = facing(ship.rotation, zone);
    const dot = f.x * dx + f.y * dy;
    if (dot > bestDot) [best, bestDot] = [zone, dot];
  }
  return best;
}

/**
 * Bisection for f(t) = 0 on [lo, hi], f(lo) and f(hi) of opposite signs; null when they are not.
 * 36 halvings take a 1,000 mm bracket below a hundred-thousandth of a millimetre.
 */
function solve(f: (t: number) => number, lo: number, hi: number): number | null {
  let flo = f(lo);
  const fhi = f(hi);
  if (!(flo * fhi <= 0)) return null;
  for (let i = 0; i < 36; i++) {
    const mid = (lo + hi) / 2;
    const fm = f(mid);
    if (fm * flo <= 0) hi = mid;
    else [lo, flo] = [mid, fm];
  }
  return (lo + hi) / 2;
}

function attackerShip(b: Build): Ship {
  const ship: Ship = {
    id: 'att',
    size: 'small',
    class: pick(b.rnd, shipClasses(b.catalog)),
    player: 1,
    x: 914.4 + (b.rnd() - 0.5) * 300,
    y: 457.2 + (b.rnd() - 0.5) * 160,
    rotation: Math.round(b.rnd() * 3600) / 10,
    speed: 2,
  };
  ship.size = b.catalog.shipClasses[ship.class!].size;
  return ship;
}

function defenderShip(b: Build): Ship {
  const cls = pick(b.rnd, shipClasses(b.catalog));
  return {
    id: 'def',
    size: b.catalog.shipClasses[cls].size,
    class: cls,
    player: 2,
    x: 0,
    y: 0,
    rotation: Math.round(b.rnd() * 3600) / 10,
    speed: 2,
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Move the defender to `d` mm from the attacker's centre along direction `a` (radians from +x). */
function placeDefender(b: Build, att: Ship, a: number, d: number): void {
  const id = b.table.ships.some((s) => s.id === 'def') ? 'def' : 'dsq';
  movePiece(b, id, att.x + Math.cos(a) * d, att.y + Math.sin(a) * d);
}

interface Built {
  attacker: string;
  defender: string;
  measure: (r: AttackReport) => number;
  /** the margin a player sees when it is not |measure|: a range's distance to the nearest band end */
  margin?: (r: AttackReport) => number;
  edge: string;
}

/**
 * A range question: the defender on a ray in the attacker's arc, slid until its range (or a
 * squadron attacker's distance) is the margin from a band's end, on a side chosen at random.
 */
function buildRange(b: Build, target: number): Built | null {
  const att = attackerShip(b);
  const squadronAttacks = b.rnd() < 0.2;
  const squadronDefends = !squadronAttacks && b.rnd() < 0.25;
  const zone = pick(b.rnd, ['front', 'front', 'left', 'right', 'rear'] as const);
  let attacker = `att.${zone}`;
  let dir = facing(att.rotation, zone);
  const bands = squadronAttacks ? b.catalog.ruler.distance.slice(0, 1) : b.catalog.ruler.range;
  const band = pick(b.rnd, bands);
  const end = band.end;
  const side = b.rnd() < 0.5 ? 1 : -1;
  if (squadronAttacks) {
    b.table.squadrons.push({ id: 'asq', player: 1, x: att.x, y: att.y, name: 'X-wing' });
    attacker = 'asq';
    const a = b.rnd() * TAU;
    dir = { x: Math.cos(a), y: Math.sin(a) };
  } else b.table.ships.push(att);
  const spread = (b.rnd() - 0.5) * 30 * DEG;
  const a = Math.atan2(dir.y, dir.x) + spread;
  const from = { x: att.x + Math.cos(a) * 300, y: att.y + Math.sin(a) * 300 };
  let defender: string;
  if (squadronDefends) {
    b.table.squadrons.push({ id: 'dsq', player: 2, x: from.x, y: from.y, name: 'TIE fighter' });
    defender = 'dsq';
  } else {
    const def = defenderShip(b);
    def.x = from.x;
    def.y = from.y;
    b.table.ships.push(def);
    defender = `def.${zoneToward(def, att.x, att.y)}`;
  }
  const want = end + side * target;
  const d = solve(
    (t) => {
      placeDefender(b, att, a, t);
      return (judge(b, attacker, defender).rangeMm ?? Infinity) - want;
    },
    20,
    want + 300,
  );
  if (d === null) return null;
  placeDefender(b, att, a, d);
  const name = squadronAttacks ? 'distance 1' : `${band.name} range`;
  const nearestEnd = (r: AttackReport) =>
    Math.min(...bands.map((x) => Math.abs((r.rangeMm ?? Infinity) - x.end)));
  return {
    attacker,
    defender,
    measure: (r) => (r.rangeMm ?? Infinity) - end,
    margin: nearestEnd,
    edge: `the end of ${name}`,
  };
}

/** Inside the arc: how deep the defender lies from the nearer arc line; outside: minus its gap. */
const arcMeasure = (r: AttackReport): number =>
  r.inArc ? ((r.arcDepthMm as number | undefined) ?? 0) : -((r.arcGapMm as number | undefined) ?? 0);

/**
 * An arc question: the defender at close to long range, turned about the attacker from the
 * middle of the zone's arc outward until it lies the margin inside or outside an arc line.
 */
function buildArc(b: Build, target: number): Built | null {
  const att = attackerShip(b);
  b.table.ships.push(att);
  const zone = pick(b.rnd, ['front', 'left', 'right', 'rear'] as const);
  const attacker = `att.${zone}`;
  const dir = facing(att.rotation, zone);
  const a0 = Math.atan2(dir.y, dir.x);
  const turn = b.rnd() < 0.5 ? 1 : -1;
  const dist = 140 + b.rnd() * 160;
  let defender: string;
  if (b.rnd() < 0.3) {
    b.table.squadrons.push({ id: 'dsq', player: 2, x: 0, y: 0, name: 'TIE fighter' });
    defender = 'dsq';
  } else {
    const def = defenderShip(b);
    b.table.ships.push(def);
    placeDefender(b, att, a0, dist);
    defender = `def.${zoneToward(def, att.x, att.y)}`;
  }
  const want = (b.rnd() < 0.5 ? 1 : -1) * target;
  const at = (k: number) => {
    placeDefender(b, att, a0 + turn * k * DEG, dist);
    return arcMeasure(judge(b, attacker, defender)) - want;
  };
  // from the arc's middle outward in 10-degree steps to the first angle past the wanted margin
  if (at(0) <= 0) return null;
  let k = 10;
  while (k <= 180 && at(k) > 0) k += 10;
  if (k > 180) return null;
  const found = solve(at, k - 10, k);
  if (found === null) return null;
  at(found);
  return { attacker, defender, measure: arcMeasure, edge: 'the arc line' };
}

/**
 * A line-of-sight question: attacker and defender facing each other at close to long range, an
 * obstacle slid across the line of sight until the line crosses it, or clears it, by the margin.
 */
function buildLos(b: Build, target: number): Built | null {
  const att = attackerShip(b);
  b.table.ships.push(att);
  const zone = pick(b.rnd, ['front', 'front', 'left', 'right'] as const);
  const attacker = `att.${zone}`;
  const dir = facing(att.rotation, zone);
  const a = Math.atan2(dir.y, dir.x) + (b.rnd() - 0.5) * 20 * DEG;
  const dist = 190 + b.rnd() * 110;
  let defender: string;
  if (b.rnd() < 0.25) {
    b.table.squadrons.push({ id: 'dsq', player: 2, x: 0, y: 0, name: 'TIE fighter' });
    defender = 'dsq';
    placeDefender(b, att, a, dist);
  } else {
    const def = defenderShip(b);
    b.table.ships.push(def);
    placeDefender(b, att, a, dist);
    defender = `def.${zoneToward(def, att.x, att.y)}`;
  }
  const first = judge(b, attacker, defender);
  if (!first.inArc || first.range === 'beyond' || first.los !== 'clear') return null;
  const [[px, py], [qx, qy]] = first.losLine as [[number, number], [number, number]];
  const len = Math.hypot(qx - px, qy - py);
  const ux = (qx - px) / len,
    uy = (qy - py) / len;
  const along = 0.4 + b.rnd() * 0.2;
  const side = b.rnd() < 0.5 ? 1 : -1;
  const type = pick(b.rnd, CORE_OBSTACLES);
  // an obstacle's id is its type, so the canvas and the card name it as a player would
  const rock: Obstacle = {
    id: type,
    type,
    x: 0,
    y: 0,
    rotation: Math.round(b.rnd() * 3600) / 10,
  };
  b.table.obstacles.push(rock);
  // the line's depth into the obstacle as the rules report it, or minus its clearance (of the world just judged)
  const measure = (r: AttackReport): number => {
    const lines = (r.lines as PieceOnLine[] | undefined) ?? [];
    const crossed = lines.find((l) => l.piece === rock.id && l.line === 'los' && l.verdict === 'cross');
    if (crossed && crossed.depthMm !== undefined) return crossed.depthMm;
    const outline = (b.world!.byId.get(rock.id) as ObstacleEntry).outline;
    return -segmentShapeDistance(outline, px, py, qx, qy);
  };
  const want = (b.rnd() < 0.5 ? 1 : -1) * target;
  const at = (s: number) => {
    movePiece(b, rock.id, px + ux * len * along - uy * side * s, py + uy * len * along + ux * side * s);
    return measure(judge(b, attacker, defender)) - want;
  };
  const s = solve(at, 0, 160);
  if (s === null) return null;
  at(s);
  return { attacker, defender, measure, edge: `${rock.type}` };
}

/** Obstacles that change nothing asked: clear of every piece and at least 25 mm from the line of sight. */
function addDecoys(b: Build, att: string, def: string, count: number): void {
  const first = judge(b, att, def);
  const [[px, py], [qx, qy]] = first.losLine as [[number, number], [number, number]];
  for (let n = 0, tries = 0; n < count && tries < 40; tries++) {
    const type = pick(b.rnd, CORE_OBSTACLES);
    if (b.table.obstacles.some((x) => x.id === type)) continue;
    const o: Obstacle = {
      id: type,
      type,
      x: (px + qx) / 2 + (b.rnd() - 0.5) * 600,
      y: (py + qy) / 2 + (b.rnd() - 0.5) * 400,
      rotation: Math.round(b.rnd() * 3600) / 10,
    };
    if (o.x < 60 || o.x > 1768 || o.y < 60 || o.y > 854) continue;
    const trial = { ...b.table, obstacles: [...b.table.obstacles, o] };
    const w = new World(trial, b.catalog, b.world);
    const shape = (w.byId.get(o.id) as ObstacleEntry).outline;
    if (segmentShapeDistance(shape, px, py, qx, qy) < 25) continue;
    const near = [...w.ships, ...w.squadrons, ...w.obstacles].some((e) => {
      if (e.id === o.id) return false;
      return Math.hypot(e.piece.x - o.x, e.piece.y - o.y) < 150;
    });
    if (near) continue;
    b.table = trial;
    n++;
  }
}

const CHOICES: Record<string, DrillChoice[]> = {
  arc: [
    { value: 'in', label: 'In arc' },
    { value: 'out', label: 'Out of arc' },
  ],
  shipRange: [
    { value: 'close', label: 'Close' },
    { value: 'medium', label: 'Medium' },
    { value: 'long', label: 'Long' },
    { value: 'beyond', label: 'Beyond' },
  ],
  squadronRange: [
    { value: 'distance-1', label: 'Distance 1' },
    { value: 'beyond', label: 'Beyond' },
  ],
  los: [
    { value: 'clear', label: 'Clear' },
    { value: 'obstructed', label: 'Obstructed' },
  ],
};

/** The rules' answer to a kind of question about an attack. */
export function answerOf(kind: DrillKind, r: AttackReport): string {
  if (kind === 'arc') return r.inArc ? 'in' : 'out';
  if (kind === 'range') return r.range;
  return r.los;
}

/** The choices a question offers. */
export function choicesOf(kind: DrillKind, attacker: string): DrillChoice[] {
  if (kind === 'range') return attacker.includes('.') ? CHOICES.shipRange : CHOICES.squadronRange;
  return CHOICES[kind];
}

const BUILDERS: Record<DrillKind, (b: Build, target: number) => Built | null> = {
  arc: buildArc,
  range: buildRange,
  los: buildLos,
};

/**
 * The situation `index` of a drill: its kind from the index (arc, range, line of sight in turn,
 * unless one is asked for), its margin from the level. Tries again (from the same generator) when a
 * construction does not close: a ray that leaves the arc, an obstacle that cannot reach the margin.
 */
export function dealSituation(
  seed: string,
  index: number,
  level: number,
  kind: DrillKind = DRILL_KINDS[index % DRILL_KINDS.length],
  catalog: Catalog = CATALOG,
): DrillSituation {
  const lv = Math.min(TOP_LEVEL, Math.max(1, Math.round(level)));
  const rnd = rngFrom(`${seed}/${index}/${lv}/${kind}`);
  for (let attempt = 0; attempt < 200; attempt++) {
    const [lo, hi] = LEVEL_MARGINS[lv - 1];
    const target = lo + rnd() * (hi - lo);
    const b: Build = { rnd, catalog, table: emptyTable() };
    const built = BUILDERS[kind](b, target);
    if (!built) continue;
    addDecoys(b, built.attacker, built.defender, Math.floor(rnd() * (kind === 'los' ? 3 : 4)));
    b.table = roundTable(b.table);
    const r = judge(b, built.attacker, built.defender);
    const s = situationOf(b, built, r, { seed, index, level: lv, kind, target });
    if (s) return s;
  }
  throw new Error(`no ${kind} situation could be built for seed ${seed}, situation ${index + 1}`);
}

/** Positions to the 0.01 mm and rotations to the 0.01 degree a table file prints. */
function roundTable(t: Table): Table {
  const pos = <T extends { x: number; y: number }>(p: T): T => ({ ...p, x: round2(p.x), y: round2(p.y) });
  return {
    ...t,
    ships: t.ships.map((s) => ({ ...pos(s), rotation: round2(s.rotation) })),
    squadrons: t.squadrons.map(pos),
    obstacles: t.obstacles.map((o) => ({ ...pos(o), rotation: round2(o.rotation) })),
  };
}

function situationOf(
  b: Build,
  built: Built,
  r: AttackReport,
  at: { seed: string; index: number; level: number; kind: DrillKind; target: number },
): DrillSituation | null {
  const w = b.world!;
  const onTable = [...w.ships, ...w.squadrons].every(
    (e) => e.piece.x > 80 && e.piece.x < 1748 && e.piece.y > 80 && e.piece.y < 834,
  );
  if (!onTable || collisions(w).length) return null;
  // the question must be the one that decides: an arc question in range, a range question in arc,
  // a line-of-sight question in arc and range; no blocked line, no dust
  if (at.kind !== 'arc' && !r.inArc) return null;
  if (at.kind === 'los' && r.range === 'beyond') return null;
  if (r.los === 'blocked' || r.los === 'dust') return null;
  const margin = built.margin ? built.margin(r) : Math.abs(built.measure(r));
  // the rounding to 0.01 mm may move the measure a hair; a margin far from the aim means a
  // construction that slid past another edge (a band's other end, another piece)
  if (Math.abs(margin - at.target) > Math.max(0.05, at.target * 0.02)) return null;
  const att = w.byId.get(built.attacker.split('.')[0])!.piece;
  const def = w.byId.get(built.defender.split('.')[0])!.piece;
  const angle = (Math.atan2(def.y - att.y, def.x - att.x) / DEG + 360) % 90;
  return {
    seed: at.seed,
    index: at.index,
    level: at.level,
    kind: at.kind,
    table: b.table,
    attacker: built.attacker,
    defender: built.defender,
    choices: choicesOf(at.kind, built.attacker),
    answer: answerOf(at.kind, r),
    marginMm: round2(margin),
    targetMm: round2(at.target),
    edge: built.edge,
    diagonal: angle >= 30 && angle <= 60,
    ...(at.kind === 'range' ? { range: rangeOf(b.catalog, built.attacker, r) } : {}),
  };
}

/** A range question's figure and band ends, from the ruler it was judged with. */
function rangeOf(catalog: Catalog, attacker: string, r: AttackReport): DrillSituation['range'] {
  const ship = attacker.includes('.');
  const bands = ship ? catalog.ruler.range : catalog.ruler.distance.slice(0, 1);
  const values = choicesOf('range', attacker).map((c) => c.value);
  return { mm: r.rangeMm ?? Infinity, bands: bands.map((b, i) => ({ value: values[i], end: b.end })) };
}

const BAND_NAMES: Record<string, string> = {
  close: 'close range',
  medium: 'medium range',
  long: 'long range',
  'distance-1': 'distance 1',
};

/**
 * What an answer missed by, and the edge it missed. A range question's edge is said whole ("past the end of
 * close range", "short of the end of medium range"), and a wrong range answer is measured to the band the
 * player named (past its end when the player named a nearer band, short of the end of the band before it
 * when a farther one): "close" for a defender 16 mm short of the end of medium range missed by the whole
 * way past close range's end, not by those 16 mm. An arc or line-of-sight answer, right or wrong, is about
 * the edge the situation was built at: its own margin and edge (the words around it are the caller's).
 */
export function missOf(s: DrillSituation, given: string): { mm: number; edge: string } {
  if (!s.range) return { mm: s.marginMm, edge: s.edge };
  const { mm, bands } = s.range;
  const k = given === 'beyond' ? bands.length : bands.findIndex((b) => b.value === given);
  if (given !== s.answer && k >= 0) {
    if (k < bands.length && mm > bands[k].end)
      return { mm: round2(mm - bands[k].end), edge: `past the end of ${BAND_NAMES[given]}` };
    const before = bands[k - 1];
    if (before && mm <= before.end)
      return { mm: round2(before.end - mm), edge: `short of the end of ${BAND_NAMES[before.value]}` };
  }
  // the edge it was built at: the band end nearest the range (a range on an end line is in that band)
  const end = bands.reduce((e, b) => (Math.abs(mm - b.end) < Math.abs(mm - e) ? b.end : e), Infinity);
  return { mm: s.marginMm, edge: `${mm <= end ? 'short of' : 'past'} ${s.edge}` };
}
