/**
 * Exogorths (seed, Obstacles): their attacks on squadrons, and the legality of placing one.
 */
import { Circle } from '../../geometry/circle';
import type { Point } from '../../geometry/point';
import type { Polygon } from '../../geometry/polygon';
import { closest, crossing, hullsApartBeyond, relate, type Shape } from '../../geometry/relate';
import { outsideRect, overlapDepth } from '../../geometry/reach';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import { obstacleOutline } from '../../model/pieces';
import type { ExogorthReport, ProposalReport, ReadingUse, Violation, XY } from '../../model/report';
import type { PlaceExogorth } from '../../model/table';
import { bandOf, edgeNote } from '../bands';
import { overlapEffect } from '../overlaps';
import { losByPrecedence, obstructionOf } from '../attacks/los';
import { overlapShape, type ObstacleEntry, type ShipEntry, type SquadronEntry, type World } from '../world';
import type { Budget } from '../report/budget';
import { violationWords } from '../violation-words';
import { andList } from '../../model/names';

const xy = (p: Point): XY => [p.x, p.y];

/**
 * What of a ship obstructs a line: its plastic base; a huge ship's two bases, not the gap between
 * them (readings.hugeGap 'open', the default, as for every attack: src/rules/attacks/los.ts), or
 * its whole base with the gap ('covered').
 */
function obstructingShapes(s: ShipEntry, gap: 'open' | 'covered'): readonly Shape[] {
  return gap === 'open' && s.shapes.bases.length > 1 ? s.shapes.bases : [s.shapes.base];
}

/** How segment from-to meets the strongest of these shapes: a cross before a graze, before clear. */
function strongest(shapes: readonly Shape[], from: Point, to: Point): 'cross' | 'graze' | 'clear' {
  let best: 'cross' | 'graze' | 'clear' = 'clear';
  for (const S of shapes) {
    const k = crossing(S, from.x, from.y, to.x, to.y).kind;
    if (k === 'cross') return k;
    if (k === 'graze') best = k;
  }
  return best;
}

/**
 * How far a squadron is from an exogorth, and in which band: kept by the two entries (a world reuses an
 * unmoved piece's entry), so that a drag step of a ship measures no squadron again.
 */
const fromExogorth = new WeakMap<
  ObstacleEntry,
  WeakMap<SquadronEntry, { c: ReturnType<typeof closest>; b: ReturnType<typeof bandOf>; bands: unknown }>
>();

function squadronFrom(e: ObstacleEntry, q: SquadronEntry, bands: Parameters<typeof bandOf>[1]) {
  let m = fromExogorth.get(e);
  if (!m) fromExogorth.set(e, (m = new WeakMap()));
  let k = m.get(q);
  if (!k || k.bands !== bands) {
    const c = closest(e.outline, q.circle);
    m.set(q, (k = { c, b: bandOf(c.distance, bands), bands }));
  }
  return k;
}

/**
 * Every squadron at distance 1 of each exogorth: the exogorth attacks each of them.
 * Line of sight runs from the point of the exogorth's token closest to the squadron, to the
 * point of the squadron's base closest to the exogorth (seed, rules 1.5) or to the centre of the
 * squadron's base (1.6). It is obstructed by another obstacle's token or a ship's plastic base
 * (not its dial frames; a huge ship's two bases, not the gap between them) that it crosses, but
 * never by the exogorth itself nor by an obstacle the exogorth touches (an obstacle lying on it
 * counts as touching). Squadrons never obstruct.
 * The exogorth is treated as a ship while attacking, and a ship cannot attack across a dust
 * field: a line crossing a dust field the exogorth does not touch means no attack
 * (attacks: false, the field listed in `dust`). A dust field it touches is passed over like any
 * obstacle it touches (readings.exogorthDust 'exempt', the default), or still forbids the attack
 * ('forbids': the exemption is from obstruction only); `readings` on the entry when that decided it.
 * When the table says which exogorths were chosen (exogorthChoice), only those attack: the
 * others' entries say attacks: false, not chosen.
 */
// eslint-disable-next-line max-lines-per-function -- one rule: distance, line of sight, dust, readings
export function exogorths(world: World): ExogorthReport[] {
  const out: ExogorthReport[] = [];
  const bands = world.catalog.ruler.distance;
  const choice = world.table.exogorthChoice;
  const dustReading = world.table.readings?.exogorthDust ?? 'exempt';
  const gap = world.table.readings?.hugeGap ?? 'open';
  for (const e of world.obstacles) {
    if (e.obstacleKind !== 'exogorth') continue;
    const chosenBy = choice ? (choice.find((c) => c.exogorth === e.id)?.player ?? null) : undefined;
    const exempt = new Set(
      world.obstacles
        .filter(
          (o) =>
            o !== e &&
            !hullsApartBeyond(o.outline, e.outline, TOLERANCE_MM) &&
            relate(o.outline, e.outline).kind !== 'apart',
        )
        .map((o) => o.id),
    );
    for (const q of world.squadrons) {
      const { c, b } = squadronFrom(e, q, bands);
      if (b.index !== 1) continue;
      const from = c.a;
      const to = world.ruleset === '1.6' ? { x: q.circle.cx, y: q.circle.cy } : c.b;
      const obstructedBy: string[] = [],
        grazing: string[] = [],
        dust: string[] = [],
        notObstructing: string[] = [],
        touchedDust: string[] = [];
      const blockers: [string, readonly Shape[], boolean][] = [
        ...world.obstacles
          .filter((o) => o !== e)
          .map((o): [string, Shape[], boolean] => [o.id, [o.outline], o.obstacleKind === 'dust']),
        ...world.ships.map((s): [string, readonly Shape[], boolean] => [
          s.id,
          obstructingShapes(s, gap),
          false,
        ]),
      ];
      // a huge ship's gap, read the other way, would obstruct (or stop obstructing): how many lines that changes
      let gapFlips = 0;
      for (const s of world.ships) {
        if (s.shapes.bases.length < 2) continue;
        const now = strongest(obstructingShapes(s, gap), from, to) === 'cross';
        const alt =
          strongest(obstructingShapes(s, gap === 'open' ? 'covered' : 'open'), from, to) === 'cross';
        gapFlips += Number(alt) - Number(now);
      }
      for (const [id, shapes, isDust] of blockers) {
        // the same obstruction as any attack's, with the exogorth's own exemptions
        const effect = obstructionOf(strongest(shapes, from, to), exempt.has(id));
        if (effect === 'exempt') {
          notObstructing.push(id);
          if (isDust) touchedDust.push(id);
        } else if (effect === 'obstructs') {
          obstructedBy.push(id);
          if (isDust) dust.push(id);
        } else if (effect === 'touches') grazing.push(id);
      }
      const los = losByPrecedence(false, 0, obstructedBy.length);
      // a dust field the exogorth touches: passed over (exempt) or still forbidding (forbids)
      if (dustReading === 'forbids') dust.push(...touchedDust);
      const forbidden = dust.length > 0;
      const attacks = !forbidden && chosenBy !== null;
      const readings: ReadingUse[] = [];
      // the reading decides it when no other dust field forbids the attack anyway
      const otherDust = dustReading === 'forbids' ? dust.length - touchedDust.length : dust.length;
      if (touchedDust.length && otherDust === 0) {
        readings.push({
          reading: 'exogorthDust',
          value: dustReading,
          otherwise: dustReading === 'exempt' ? 'dust' : los,
          says:
            dustReading === 'exempt'
              ? `a dust field the exogorth touches is passed over like any obstacle it touches ` +
                `(readings.exogorthDust: exempt)`
              : `a dust field the exogorth touches still forbids the attack: the exemption is from obstruction only ` +
                `(readings.exogorthDust: forbids)`,
        });
      }
      const gapLos = losByPrecedence(false, 0, obstructedBy.length + gapFlips);
      if (gapLos !== los)
        readings.push({
          reading: 'hugeGap',
          value: gap,
          otherwise: gapLos,
          says:
            gap === 'open'
              ? "a huge ship's gap between its two plastic bases is not plastic base: it does not obstruct a line " +
                'across it (readings.hugeGap: open, the default)'
              : "a huge ship's token over the gap between its bases obstructs a line across it, as the bases do " +
                '(readings.hugeGap: covered)',
        });
      const entry: ExogorthReport = {
        exogorth: e.id,
        squadron: q.id,
        mm: c.distance,
        attacks,
        los,
        losLine: [xy(from), xy(to)],
        obstructedBy,
        grazing,
        notObstructing,
        dust,
        why:
          `${q.id} is ${c.distance.toFixed(2)} mm from ${e.id}, at distance 1${edgeNote(b)}.` +
          (forbidden
            ? ` ${e.id} is treated as a ship, and a ship cannot attack across a dust field (${dust.join(', ')}): no ` +
              `attack.`
            : chosenBy === null
              ? ` ${e.id} was not chosen this squadron phase: it does not attack.`
              : ` ${e.id} ${
                  chosenBy === undefined
                    ? 'attacks it if chosen'
                    : `attacks it (chosen by player ` + `${chosenBy})`
                } (three blue dice).`) +
          (los === 'obstructed'
            ? ` Line of sight crosses ${obstructedBy.join(', ')}: obstructed.`
            : ' Line of sight is clear.') +
          (notObstructing.length
            ? ` It also crosses ${notObstructing.join(', ')}, which ` +
              `${notObstructing.length === 1 ? 'touches' : 'touch'} ${e.id}, so ` +
              `${notObstructing.length === 1 ? 'does' : 'do'} not ` +
              `obstruct.`
            : '') +
          readings.map((u) => ` Depends on a reading: ${u.says}; otherwise ${u.otherwise}.`).join(''),
      };
      if (chosenBy !== undefined) entry.chosenBy = chosenBy;
      if (readings.length) entry.readings = readings;
      out.push(entry);
    }
  }
  return out;
}

/**
 * A piece that may stand in the way of a squadron being placed (an obstacle only where a clear position can
 * be had).
 */
interface Blocker {
  id: string;
  shape: Shape;
  obstacle?: ObstacleEntry;
}

function overlapViolation(rule: string, id: string, a: Shape, b: Shape): Violation {
  return { rule, with: id, gapMm: overlapDepth(a, b), measure: 'overlap depth' };
}

/**
 * Judge placing an exogorth. Seed: it must touch another obstacle (touching, not overlapping);
 * 1.6: it must touch a non-exogorth obstacle that touches no other exogorth. It may not overlap
 * a ship (base with dial frames), another obstacle or a token, and must lie inside the play area
 * (on its edge counts as inside). Squadrons it overlaps are displaced, and placements for them
 * are proposed (see placeDisplaced).
 */
// eslint-disable-next-line max-lines-per-function -- the placement rule's checks in the seed's order
export function judgeExogorthPlacement(world: World, p: PlaceExogorth, budget?: Budget): ProposalReport {
  const E = obstacleOutline(world.catalog, p.obstacle);
  const violations: Violation[] = [];
  const others = world.obstacles.filter((o) => o.id !== p.obstacle.id);
  const rel = new Map(others.map((o) => [o.id, relate(E, o.outline)]));
  const eligible = (o: ObstacleEntry): { ok: boolean; reason?: string } => {
    if (world.ruleset !== '1.6') return { ok: true };
    if (o.obstacleKind === 'exogorth') return { ok: false, reason: `${o.id} is an exogorth` };
    const exo = others.find(
      (x) => x.obstacleKind === 'exogorth' && relate(x.outline, o.outline).kind !== 'apart',
    );
    return exo ? { ok: false, reason: `${o.id} touches the exogorth ${exo.id}` } : { ok: true };
  };
  const rule =
    world.ruleset === '1.6'
      ? 'must touch another obstacle that is not an exogorth and touches no other exogorth (1.6)'
      : 'must touch another obstacle';
  const touching = others.filter((o) => rel.get(o.id)!.kind === 'touch');
  const good = touching.filter((o) => eligible(o).ok);
  if (good.length === 0) {
    const cands = others.filter((o) => eligible(o).ok && rel.get(o.id)!.kind === 'apart');
    let near: ObstacleEntry | null = null;
    for (const o of cands) if (!near || rel.get(o.id)!.distance < rel.get(near.id)!.distance) near = o;
    const refused = touching.map((o) => eligible(o).reason).filter(Boolean);
    const over = others.filter((o) => eligible(o).ok && rel.get(o.id)!.kind === 'overlap').map((o) => o.id);
    violations.push({
      rule,
      with: near ? near.id : null,
      gapMm: near ? rel.get(near.id)!.distance : null,
      measure: 'gap',
      why:
        // one it overlaps is the one the player meant it to touch: said before the nearest one apart
        // (the violation's `with` and gap stay the nearest one apart, as every panel words them: said too)
        (over.length
          ? `it overlaps ${andList(over)} instead of touching ${over.length === 1 ? 'it' : 'them'}` +
            (near
              ? `; the nearest obstacle apart from it that it could touch, ${near.id}, is ` +
                `${rel.get(near.id)!.distance.toFixed(2)} mm away.`
              : '.')
          : near
            ? `the nearest obstacle it could touch, ${near.id}, is ${rel.get(near.id)!.distance.toFixed(2)} mm away.`
            : 'no obstacle it could touch is on the table.') +
        (refused.length ? ` It touches only obstacles that do not count: ${refused.join('; ')}.` : ''),
    });
  }
  for (const s of world.ships) {
    if (relate(E, s.shapes.footprint).kind === 'overlap')
      violations.push(overlapViolation('cannot overlap a ship', s.id, E, s.shapes.footprint));
  }
  for (const o of others) {
    if (rel.get(o.id)!.kind === 'overlap')
      violations.push(overlapViolation('cannot overlap another obstacle', o.id, E, o.outline));
  }
  for (const t of world.tokens) {
    if (relate(E, t.circle).kind === 'overlap')
      violations.push(overlapViolation('cannot overlap a token', t.id, E, t.circle));
  }
  const T = world.catalog.tables[world.table.table];
  const out = outsideRect(E, 0, 0, T.width, T.height);
  if (out > TOLERANCE_MM)
    violations.push({
      rule: 'must be inside the play area',
      with: null,
      gapMm: out,
      measure: 'beyond the edge',
    });

  for (const v of violations) v.piece = p.obstacle.id;
  const displacedSq = displacedBy(world, E);
  // the places the player chose (the proposal's placements), for squadrons it displaces; the others are
  // searched for around them
  const chosen: Record<string, { x: number; y: number }> = Object.create(null);
  for (const q of displacedSq)
    if (p.placements && Object.hasOwn(p.placements, q.id)) chosen[q.id] = p.placements[q.id];
  const placement = placeDisplaced(
    world,
    E,
    p.obstacle.id,
    displacedSq.filter((q) => !(q.id in chosen)),
    chosen,
    { over: budget && (() => budget.over()) },
  );
  const finalSpots: Record<string, { x: number; y: number }> = Object.create(null);
  for (const q of displacedSq) {
    const at = chosen[q.id] ?? placement.placements[q.id];
    if (at) finalSpots[q.id] = at;
  }
  const spotViolations: Violation[] = [];
  for (const id of Object.keys(chosen)) {
    const sv = judgeDisplacedSpot(world, E, p.obstacle.id, id, chosen[id], finalSpots);
    spotViolations.push(...sv.violations);
    placement.notes[id] = `placed there by player ${3 - p.placedBy}: ${sv.why}`;
    if (sv.on.length) placement.on[id] = sv.on;
  }
  const report: ProposalReport = {
    id: p.id,
    kind: p.kind,
    legal: violations.length === 0 && spotViolations.length === 0,
    violations: [...violations, ...spotViolations],
    displaced: displacedSq.map((q) => q.id),
    placements: finalSpots,
    placementsBy: 3 - p.placedBy,
    ruleset: world.ruleset,
  };
  if (Object.keys(chosen).length) report.chosen = Object.keys(chosen);
  if (displacedSq.length) {
    report.placementNotes = placement.notes;
    if (Object.keys(placement.on).length) report.placedOnObstacles = placement.on;
    if (placement.unplaced.length) report.unplaced = placement.unplaced;
  }
  // each violation with its measure: "must touch another obstacle (debris-a)" read as "must touch debris-a"
  report.why = violations.length
    ? `${p.obstacle.id} cannot be placed there: ` +
      `${violations
        .map((v) =>
          typeof v.why === 'string' ? `it ${v.rule} (${v.why.replace(/\.$/, '')})` : violationWords(v),
        )
        .join('; ')}.`
    : `${p.obstacle.id} may be placed there${good.length ? `, touching ${good.map((o) => o.id).join(', ')}` : ''}.` +
      (displacedSq.length ? ` Player ${3 - p.placedBy} places the displaced squadrons touching it.` : '') +
      (Object.keys(placement.on).length
        ? ` ${Object.keys(placement.on)
            .map((id) => `${id} ${placement.notes[id]}`)
            .join('; ')}.`
        : '');
  if (spotViolations.length)
    report.why +=
      ` A squadron is not where the rule lets it go: ` +
      `${spotViolations.map((v) => `${v.piece} ${v.rule}`).join('; ')}.`;
  return placement.tried === undefined
    ? report
    : cutInside(report, placement.tried, placement.orders!, budget!);
}

/** A placement whose packing orders the budget cut: named in `partial` and in its why. */
function cutInside(report: ProposalReport, tried: number, orders: number, budget: Budget): ProposalReport {
  budget.cutInside({ id: report.id, of: 'placement orders', judged: tried, asked: orders });
  report.why =
    `Cut by the budget: the displaced squadrons' places are the best of ${tried} of ${orders} packing ` +
    `orders tried. ${report.why}`;
  return report;
}

/**
 * Positions for the squadrons an exogorth displaces, one after another in table order: each
 * touching the exogorth (gap 0 within the tolerance), inside the play area, overlapping no
 * ship, token or squadron (nor those already placed; squadrons still waiting are out of the
 * way). The seed limits them to touching and the play area, so an obstacle may be overlapped:
 * a position clear of obstacles is taken where there is one, else one on an obstacle
 * (`on`, with the obstacle's effect in the note). A squadron that cannot touch the exogorth
 * anywhere, even on an obstacle, touches a squadron that touches it.
 * Coordinates are snapped to the report's 0.01 mm grid, and the snapped position is the one
 * checked. Several ways of choosing are tried, and the first that places everyone (else the one
 * placing most) is kept: each squadron nearest its old centre, or packed along the exogorth's
 * outline from each end of each free stretch. The player may of course choose otherwise; a
 * squadron left in `unplaced` is one this search found no place for.
 */
export function placeDisplaced(
  world: World,
  E: Polygon,
  exoId: string,
  displaced: SquadronEntry[],
  fixed: Record<string, { x: number; y: number }> = {},
  opts: DisplacedOptions = {},
): {
  placements: Record<string, { x: number; y: number }>;
  unplaced: string[];
  notes: Record<string, string>;
  on: Record<string, string[]>;
  tried?: number;
  orders?: number;
} {
  if (displaced.length === 0)
    return {
      placements: Object.create(null),
      unplaced: [],
      notes: Object.create(null),
      on: Object.create(null),
    };
  const r = world.catalog.squadron.diameter / 2;
  const around = touchCentres(E, r);
  // squadrons the player has already placed stand where they were put
  const placedAlready = Object.keys(fixed).map((id) => ({
    id,
    circle: new Circle(fixed[id].x, fixed[id].y, r),
  }));
  // Packing orders: walk the outline from each end of each stretch of free touching positions,
  // so squadrons line up against whatever bounds the stretch instead of leaving gaps.
  const free = around.map(
    initialFreedom(
      world,
      E,
      exoId,
      [...displaced.map((q) => q.id), ...placedAlready.map((q) => q.id)],
      r,
      placedAlready,
    ),
  );
  const walks: Order[] = [];
  for (let i = 0; i < around.length; i++) {
    const prev = (i + around.length - 1) % around.length,
      next = (i + 1) % around.length;
    if (free[i] && !free[prev]) walks.push({ start: i, dir: 1 });
    if (free[i] && !free[next]) walks.push({ start: i, dir: -1 });
  }
  const orders: Order[] = [
    null,
    ...walks.slice(0, 8),
    ...(walks.length ? [] : [{ start: 0, dir: 1 as const }]),
  ];
  let best: ReturnType<typeof placeInOrder> | null = null;
  const onCount = (res: ReturnType<typeof placeInOrder>) => Object.keys(res.on).length;
  // with `over` (a budget), no further packing order is tried once it is over; the first is always
  // tried, so every displaced squadron has an answer (the best of the orders tried)
  let tried = 0;
  for (const order of orders) {
    if (tried > 0 && opts.over?.()) return { ...best!, tried, orders: orders.length };
    const res = placeInOrder(world, E, exoId, displaced, around, order, placedAlready, opts);
    tried++;
    if (
      !best ||
      res.unplaced.length < best.unplaced.length ||
      (res.unplaced.length === best.unplaced.length && onCount(res) < onCount(best))
    )
      best = res;
    if (best.unplaced.length === 0 && onCount(best) === 0) break;
  }
  return best!;
}

/**
 * Who displaces the squadrons, when not an exogorth being placed: `effect` words what a squadron
 * placed on an obstacle suffers (a ship's move: nothing, rules reference 1.5).
 */
export interface DisplacedOptions {
  effect?: (q: SquadronEntry, o: ObstacleEntry) => string;
  /** a budget's check: once it says over, no further packing order is tried (the first always is) */
  over?: () => boolean;
}

/** null: nearest the squadron's old centre first; else walk the candidates from `start` in `dir`. */
type Order = { start: number; dir: 1 | -1 } | null;

function initialFreedom(
  world: World,
  E: Polygon,
  exoId: string,
  gone: string[],
  r: number,
  placedAlready: { circle: Circle }[],
) {
  const T = world.catalog.tables[world.table.table];
  const away = new Set(gone);
  const shapes: Shape[] = [
    ...world.ships.map((s) => overlapShape(s)),
    ...world.obstacles.filter((o) => o.id !== exoId).map((o) => o.outline),
    ...world.tokens.map((t) => t.circle),
    ...world.squadrons.filter((q) => !away.has(q.id)).map((q) => q.circle),
    E,
    ...placedAlready.map((q) => q.circle),
  ];
  return (p: Point) => {
    const c = new Circle(p.x, p.y, r - 0.03);
    return (
      outsideRect(c, 0, 0, T.width, T.height) <= 0 && shapes.every((s) => relate(c, s).kind !== 'overlap')
    );
  };
}

// eslint-disable-next-line max-lines-per-function -- the seed's placement order, step by step
function placeInOrder(
  world: World,
  E: Polygon,
  exoId: string,
  displaced: SquadronEntry[],
  around: Point[],
  order: Order,
  placedAlready: { id: string; circle: Circle }[],
  opts: DisplacedOptions,
) {
  const effectOf = opts.effect ?? ((q: SquadronEntry, o: ObstacleEntry) => overlapEffect(world, q, o));
  const r = world.catalog.squadron.diameter / 2;
  const T = world.catalog.tables[world.table.table];
  const gone = new Set([...displaced.map((q) => q.id), ...placedAlready.map((q) => q.id)]);
  const blockers: Blocker[] = [
    ...world.ships.map((s) => ({ id: s.id, shape: overlapShape(s) })),
    ...world.obstacles
      .filter((o) => o.id !== exoId)
      .map((o) => ({ id: o.id, shape: o.outline as Shape, obstacle: o })),
    ...world.tokens.map((t) => ({ id: t.id, shape: t.circle as Shape })),
    ...world.squadrons.filter((q) => !gone.has(q.id)).map((q) => ({ id: q.id, shape: q.circle as Shape })),
    ...placedAlready.map((q) => ({ id: q.id, shape: q.circle as Shape })),
    { id: exoId, shape: E },
  ];
  // squadrons touching the exogorth: candidates to touch for a squadron that cannot touch it
  const touchingExo: Circle[] = [
    ...world.squadrons.filter((q) => !gone.has(q.id)).map((q) => q.circle),
    ...placedAlready.map((q) => q.circle),
  ].filter((c) => relate(c, E).kind === 'touch');
  // keyed by id: no prototype behind them (ids are checked too; see RESERVED_IDS in model/table.ts)
  const placements: Record<string, { x: number; y: number }> = Object.create(null);
  const notes: Record<string, string> = Object.create(null);
  const on: Record<string, string[]> = Object.create(null);
  const unplaced: string[] = [];
  // The seed limits where they go to touching the exogorth (or a squadron touching it) and the
  // play area; squadrons may end on obstacles, so obstacles are avoided only while a clear
  // position exists (onObstacles: the second pass, where they no longer count).
  let onObstacles = false;
  const counts = (b: Blocker) => !(onObstacles && b.obstacle);
  const legal = (c: Circle) =>
    outsideRect(c, 0, 0, T.width, T.height) <= TOLERANCE_MM &&
    blockers.every((b) => !counts(b) || relate(c, b.shape).kind !== 'overlap');
  // a quick test on the unsnapped centre with a slightly smaller disc: snapping moves it < 0.03 mm
  const roughlyFree = (p: Point) => {
    const c = new Circle(p.x, p.y, r - 0.03);
    return (
      outsideRect(c, 0, 0, T.width, T.height) <= 0 &&
      blockers.every((b) => !counts(b) || relate(c, b.shape).kind !== 'overlap')
    );
  };
  const ordered = (cands: Point[], home: Point): Point[] => {
    if (order === null)
      return cands
        .map((c) => ({ c, d: dist2(c, home) }))
        .sort((a, b) => a.d - b.d)
        .map((x) => x.c);
    // the same walk on any list: start at the same fraction of the way round
    const k = Math.floor((order.start / around.length) * cands.length);
    const out: Point[] = [];
    for (let i = 0; i < cands.length; i++)
      out.push(cands[(((k + order.dir * i) % cands.length) + cands.length) % cands.length]);
    return out;
  };
  // touching the exogorth while that is possible anywhere, on an obstacle if need be; only then touching a
  // squadron that touches it
  const place = (q: SquadronEntry, viaSquadron: boolean): Point | null => {
    const home = { x: q.circle.cx, y: q.circle.cy };
    let found = viaSquadron ? null : firstLegal(ordered(around, home), r, E, legal, roughlyFree);
    if (found) {
      notes[q.id] = `touching ${exoId}`;
    } else if (viaSquadron) {
      for (const T2 of touchingExo) {
        const cands: Point[] = [];
        for (let k = 0; k < 720; k++) {
          const a = (k * Math.PI) / 360;
          cands.push({ x: T2.cx + 2 * r * Math.cos(a), y: T2.cy + 2 * r * Math.sin(a) });
        }
        const f = firstLegal(ordered(cands, home), r, T2, legal, roughlyFree);
        if (f && (!found || dist2(f, home) < dist2(found, home))) {
          found = f;
          notes[q.id] =
            `cannot touch ${exoId}; touching a squadron that touches it at (${T2.cx.toFixed(2)}, ${T2.cy.toFixed(2)})`;
        }
      }
    }
    return found;
  };
  for (const q of displaced) {
    let found: Point | null = null;
    for (const [via, lenient] of [
      [false, false],
      [false, true],
      [true, false],
      [true, true],
    ]) {
      onObstacles = lenient;
      if ((found = place(q, via))) break;
    }
    if (!found) {
      unplaced.push(q.id);
      notes[q.id] =
        `no legal position found touching ${exoId} or a squadron touching it, even on an obstacle`;
      continue;
    }
    placements[q.id] = found;
    const c = new Circle(found.x, found.y, r);
    if (onObstacles) {
      const under = blockers
        .filter((b) => b.obstacle && relate(c, b.shape).kind === 'overlap')
        .map((b) => b.obstacle!);
      on[q.id] = under.map((o) => o.id);
      notes[q.id] +=
        `, on ${under.map((o) => `${o.id} (${effectOf(q, o)})`).join(' and ')}: no position clear of obstacles was ` +
        `found, and the rule does not forbid one on an obstacle`;
    }
    blockers.push({ id: q.id, shape: c });
    if (relate(c, E).kind === 'touch') touchingExo.push(c);
  }
  return { placements, unplaced, notes, on };
}

const dist2 = (a: Point, b: Point) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2;

/** The squadrons an exogorth outline overlaps (touching is not overlapping): those it displaces. */
export function displacedBy(world: World, E: Polygon): SquadronEntry[] {
  return world.squadrons.filter((q) => !boxesApart(q.circle, E) && relate(q.circle, E).kind === 'overlap');
}

/** A displaced squadron's place, as the player put it, judged. */
export interface SpotVerdict {
  squadron: string;
  legal: boolean;
  /** each with `piece` the squadron, in the report's violation form */
  violations: Violation[];
  /** what it touches that the rule asks for: the exogorth, or the squadron touching it (null: neither) */
  touches: string | null;
  /** obstacles it lies on (allowed: the rule limits it to touching and the play area) */
  on: string[];
  why: string;
}

/**
 * Judge the place a player puts a displaced squadron (seed: "places the overlapped squadrons ...
 * in any position around that exogorth so that they touch it ... cannot place them outside the
 * play area. A squadron that cannot be placed touching the exogorth must be placed touching
 * another squadron that is touching the exogorth"), with the other displaced squadrons at
 * `spots` (their places, chosen or proposed; squadrons without one are out of the way):
 * - touching the exogorth (not overlapping it), or else touching a squadron that touches it, and
 *   that only when no place touching the exogorth is free for it (then one such place is named);
 * - wholly inside the play area;
 * - overlapping no ship (base and dial frames), token or other squadron: pieces are never put on
 *   each other (a reading: the text does not say it here; the proposals keep to it, and the
 *   table's sanity check would flag it). Obstacles may be overlapped, as in the proposals.
 */
/** A violation in words: its rule, and what it is with when the rule does not say. */
const ruleWith = (v: { rule: string; with?: string | null }) =>
  v.rule + (v.with && !v.rule.includes(v.with) ? ` (${v.with})` : '');

// eslint-disable-next-line max-lines-per-function -- one place's checks in the rule's order
export function judgeDisplacedSpot(
  world: World,
  E: Polygon,
  exoId: string,
  squadronId: string,
  at: { x: number; y: number },
  spots: Record<string, { x: number; y: number }>,
  opts: DisplacedOptions = {},
): SpotVerdict {
  const r = world.catalog.squadron.diameter / 2;
  const c = new Circle(at.x, at.y, r);
  const T = world.catalog.tables[world.table.table];
  const violations: Violation[] = [];
  const displaced = new Set(displacedBy(world, E).map((q) => q.id));
  displaced.add(squadronId);
  // the other squadrons where they stand: displaced ones at their places, the rest where they are
  const others: { id: string; circle: Circle }[] = [];
  for (const q of world.squadrons) {
    if (q.id === squadronId) continue;
    if (!displaced.has(q.id)) others.push({ id: q.id, circle: q.circle });
    else if (Object.hasOwn(spots, q.id))
      others.push({ id: q.id, circle: new Circle(spots[q.id].x, spots[q.id].y, r) });
  }
  const out = outsideRect(c, 0, 0, T.width, T.height);
  if (out > TOLERANCE_MM)
    violations.push({
      rule: 'cannot be placed outside the play area',
      with: null,
      gapMm: out,
      measure: 'beyond the edge',
    });
  const toExo = relate(c, E);
  let touches: string | null = null;
  if (toExo.kind === 'touch') touches = exoId;
  else if (toExo.kind === 'overlap') {
    violations.push({
      rule: `must be placed touching ${exoId}, not under it`,
      with: exoId,
      gapMm: overlapDepth(c, E),
      measure: 'overlap depth',
    });
  } else {
    const via = others.find(
      (o) => relate(o.circle, E).kind === 'touch' && relate(c, o.circle).kind === 'touch',
    );
    if (!via) {
      violations.push({
        rule: `must touch ${exoId}, or a squadron touching it`,
        with: exoId,
        gapMm: toExo.distance,
        measure: 'gap',
      });
    } else {
      // allowed only when it cannot be placed touching the exogorth
      const room = freeTouching(
        world,
        E,
        exoId,
        r,
        others.map((o) => o.circle),
      );
      if (room) {
        violations.push({
          rule:
            `must touch ${exoId}: it may touch a squadron touching it (${via.id}) only when it cannot touch ` +
            `${exoId}, and there is room at (${room.x.toFixed(2)}, ${room.y.toFixed(2)})`,
          with: exoId,
          gapMm: toExo.distance,
          measure: 'gap',
        });
      } else touches = via.id;
    }
  }
  const blockers: [string, Shape][] = [
    ...world.ships.map((s): [string, Shape] => [s.id, overlapShape(s)]),
    ...world.tokens.map((t): [string, Shape] => [t.id, t.circle]),
    ...others.map((o): [string, Shape] => [o.id, o.circle]),
  ];
  for (const [id, shape] of blockers) {
    if (boxesApart(c, shape)) continue;
    if (relate(c, shape).kind === 'overlap')
      violations.push({
        rule: 'cannot be placed on another piece',
        with: id,
        gapMm: overlapDepth(c, shape),
        measure: 'overlap depth',
      });
  }
  const on = world.obstacles.filter(
    (o) => o.id !== exoId && !boxesApart(c, o.outline) && relate(c, o.outline).kind === 'overlap',
  );
  for (const v of violations) v.piece = squadronId;
  const where =
    touches === exoId
      ? `touching ${exoId}`
      : touches
        ? `touching ${touches}, which touches ${exoId} (no place touching ${exoId} is free)`
        : '';
  const sq = world.byId.get(squadronId);
  const effectOf = opts.effect ?? ((q: SquadronEntry, o: ObstacleEntry) => overlapEffect(world, q, o));
  const onNote =
    on.length && sq?.kind === 'squadron'
      ? `, on ${on.map((o) => `${o.id} (${effectOf(sq, o)})`).join(' and ')}`
      : '';
  return {
    squadron: squadronId,
    legal: violations.length === 0,
    violations,
    touches,
    on: on.map((o) => o.id),
    why: violations.length
      ? `not a legal place: ${violations.map(ruleWith).join('; ')}`
      : `legal: ${where}${onNote}`,
  };
}

/** How near (mm) a dragged place must come to touching for it to be set touching. */
export const SNAP_MM = 4;

/**
 * Where a place dragged to `at` is set: touching the exogorth when it is within SNAP_MM of
 * touching it (the nearest touching place, on the 0.01 mm grid, by the same touch test the rule
 * uses), else touching a squadron that touches it when within SNAP_MM of that, else where it was
 * dropped. No hand can drop a base within 0.005 mm of another piece; this is how a player places
 * it "so that it touches". Nothing is judged here: the place is judged as any other.
 */
export function snapDisplacedSpot(
  world: World,
  E: Polygon,
  squadronId: string,
  at: { x: number; y: number },
  spots: Record<string, { x: number; y: number }>,
): { x: number; y: number } {
  const r = world.catalog.squadron.diameter / 2;
  const c = new Circle(at.x, at.y, r);
  const toExo = relate(c, E);
  const any = () => true;
  const nearest = (cands: Point[], target: Shape) => {
    const byDist = cands
      .map((p) => ({ p, d: dist2(p, at) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 8)
      .map((x) => x.p);
    return firstLegal(byDist, r, target, any, any);
  };
  if (toExo.kind !== 'apart' || toExo.distance <= SNAP_MM) {
    const s = nearest(touchCentres(E, r, 0.25), E);
    if (s) return s;
  }
  const displaced = new Set(displacedBy(world, E).map((q) => q.id));
  for (const q of world.squadrons) {
    if (q.id === squadronId) continue;
    const qc = displaced.has(q.id)
      ? Object.hasOwn(spots, q.id)
        ? new Circle(spots[q.id].x, spots[q.id].y, r)
        : null
      : q.circle;
    if (!qc || relate(qc, E).kind !== 'touch') continue;
    const d = Math.hypot(at.x - qc.cx, at.y - qc.cy);
    if (d > 0 && Math.abs(d - qc.r - r) <= SNAP_MM) {
      const s = nearest(
        [{ x: qc.cx + ((at.x - qc.cx) * (qc.r + r)) / d, y: qc.cy + ((at.y - qc.cy) * (qc.r + r)) / d }],
        qc,
      );
      if (s) return s;
    }
  }
  return at;
}

/** Bounding boxes more than 1 mm apart: the shapes certainly neither touch nor overlap. */
const boxesApart = (a: Shape, b: Shape) =>
  a.maxX + 1 < b.minX || b.maxX + 1 < a.minX || a.maxY + 1 < b.minY || b.maxY + 1 < a.minY;

/**
 * A place where a squadron of radius r would touch the exogorth inside the play area, on no ship, token or
 * squadron (obstacles allowed); null when none is free.
 */
function freeTouching(world: World, E: Polygon, exoId: string, r: number, squadrons: Circle[]): Point | null {
  const T = world.catalog.tables[world.table.table];
  const shapes: Shape[] = [
    ...world.ships.map((s) => overlapShape(s)),
    ...world.tokens.map((t) => t.circle),
    ...squadrons,
    E,
  ];
  const legal = (c: Circle) =>
    outsideRect(c, 0, 0, T.width, T.height) <= TOLERANCE_MM &&
    shapes.every((s) => boxesApart(c, s) || relate(c, s).kind !== 'overlap');
  const roughlyFree = (p: Point) => {
    const c = new Circle(p.x, p.y, r - 0.03);
    return (
      outsideRect(c, 0, 0, T.width, T.height) <= 0 &&
      shapes.every((s) => boxesApart(c, s) || relate(c, s).kind !== 'overlap')
    );
  };
  void exoId;
  return firstLegal(touchCentres(E, r), r, E, legal, roughlyFree);
}

/**
 * Centres of a disc of radius r touching outline P from outside: along each edge moved out by r,
 * and around each convex corner. Where a concave corner makes such a centre come nearer another
 * edge, the touch check in firstLegal discards it.
 */
export function touchCentres(P: Polygon, r: number, stepMm = 0.5): Point[] {
  const out: Point[] = [];
  const n = P.n;
  const normal = (i: number) => {
    const j = (i + 1) % n;
    const dx = P.x(j) - P.x(i),
      dy = P.y(j) - P.y(i),
      l = Math.hypot(dx, dy);
    return { x: dy / l, y: -dx / l, len: l };
  };
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const nm = normal(i);
    const steps = Math.max(1, Math.ceil(nm.len / stepMm));
    for (let k = 0; k <= steps; k++) {
      const t = k / steps;
      out.push({
        x: P.x(i) + (P.x(j) - P.x(i)) * t + nm.x * r,
        y: P.y(i) + (P.y(j) - P.y(i)) * t + nm.y * r,
      });
    }
    // the corner at vertex j, from this edge's normal round to the next edge's
    const nn = normal(j);
    const a0 = Math.atan2(nm.y, nm.x);
    let sweep = Math.atan2(nn.y, nn.x) - a0;
    while (sweep < 0) sweep += 2 * Math.PI;
    if (sweep > Math.PI) continue; // a concave corner: no arc
    const arcSteps = Math.ceil((sweep * r) / stepMm);
    for (let k = 1; k < arcSteps; k++) {
      const a = a0 + (sweep * k) / arcSteps;
      out.push({ x: P.x(j) + r * Math.cos(a), y: P.y(j) + r * Math.sin(a) });
    }
  }
  return out;
}

/** The first candidate, snapped to the 0.01 mm grid, that touches `target` and is legal. */
function firstLegal(
  cands: Point[],
  r: number,
  target: Shape,
  legal: (c: Circle) => boolean,
  roughlyFree: (p: Point) => boolean,
): Point | null {
  for (const c of cands) {
    if (!roughlyFree(c)) continue;
    const s = snapTouching(c, r, target, legal);
    if (s) return s;
  }
  return null;
}

const grid = (v: number) => Math.round(v * 100) / 100;

function snapTouching(c: Point, r: number, target: Shape, legal: (c: Circle) => boolean): Point | null {
  const gx = grid(c.x),
    gy = grid(c.y);
  const tries: Point[] = [];
  for (let i = -2; i <= 2; i++)
    for (let j = -2; j <= 2; j++) tries.push({ x: grid(gx + i / 100), y: grid(gy + j / 100) });
  tries.sort((a, b) => dist2(a, c) - dist2(b, c));
  for (const t of tries) {
    const circle = new Circle(t.x, t.y, r);
    if (relate(circle, target).kind !== 'touch') continue;
    if (legal(circle)) return t;
  }
  return null;
}

/** Per exogorth, at the start of a squadron phase: the squadrons it would attack, and whether it was chosen. */
export interface ExogorthTarget {
  exogorth: string;
  /** the player who chose it (exogorthChoice), null if not chosen; absent when the table says nothing */
  chosenBy?: 1 | 2 | null;
  /** the squadrons it would attack if chosen (at distance 1, no dust field forbidding it) */
  wouldAttack: string[];
  /** problems with the choice as the table gives it (order, repeats) */
  problems?: string[];
  why: string;
}

/**
 * The exogorth choice (seed: "At the start of each Squadron Phase, starting with the second
 * player and alternating, each player chooses one exogorth. Each player must choose a different
 * exogorth. The chosen exogorth performs an anti-squadron attack against each squadron at
 * distance 1"): per exogorth on the table, what it would attack, so a player can choose, and the
 * choice the table records judged (player 2 first, alternating, one each, different exogorths).
 * Undefined when the table has no exogorth.
 */
export function exogorthTargets(world: World, entries: ExogorthReport[]): ExogorthTarget[] | undefined {
  const exos = world.obstacles.filter((o) => o.obstacleKind === 'exogorth');
  if (exos.length === 0) return undefined;
  const choice = world.table.exogorthChoice;
  const problems = new Map<string, string[]>();
  const note = (id: string, p: string) => problems.set(id, [...(problems.get(id) ?? []), p]);
  choice?.forEach((c, k) => {
    const expected = k % 2 === 0 ? 2 : 1;
    if (k >= 2) note(c.exogorth, `choice ${k + 1}: each player chooses one exogorth (two choices at most)`);
    else if (c.player !== expected)
      note(
        c.exogorth,
        `choice ${k + 1} is player ${expected}'s: the second player chooses first, then the players alternate`,
      );
    const first = choice.findIndex((d) => d.exogorth === c.exogorth);
    if (first !== k)
      note(
        c.exogorth,
        `choice ${k + 1}: each player must choose a different exogorth (${c.exogorth} was choice ${first + 1})`,
      );
  });
  return exos.map((e) => {
    // what it would attack if chosen: every squadron at distance 1 no dust field forbids
    const would = entries
      .filter((x) => x.exogorth === e.id && (x.dust as string[]).length === 0)
      .map((x) => x.squadron);
    const by = choice ? (choice.find((c) => c.exogorth === e.id)?.player ?? null) : undefined;
    const t: ExogorthTarget = {
      exogorth: e.id,
      wouldAttack: would,
      why:
        `${e.id} would attack ${would.length ? would.join(', ') : 'no squadron'} if chosen` +
        (by === undefined
          ? '.'
          : by === null
            ? '; it was not chosen this squadron phase, so it does not attack.'
            : `; player ${by} chose it, so it attacks.`),
    };
    if (by !== undefined) t.chosenBy = by;
    const p = problems.get(e.id);
    if (p) {
      t.problems = p;
      t.why += ` The choice as given breaks the rule: ${p.join('; ')}.`;
    }
    return t;
  });
}
