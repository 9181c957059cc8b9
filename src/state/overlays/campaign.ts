import { Circle } from '../../geometry/circle';
import type { Polygon } from '../../geometry/polygon';
import { obstacleOutline } from '../../model/pieces';
import type { ProposalReport, Violation, XY } from '../../model/report';
import { deploymentZone } from '../../rules/setup/deploy';
import { guideStep } from '../guide';
import type { PlaceExogorth, Table } from '../../model/table';
import { difference, regionPolygons, toPath } from '../../geometry/offset';
import { attackContext, coverShapes } from '../../rules/attacks/context';
import { judgeMove, purrgilReach } from '../../rules/campaign/purrgil';
import { riftBands } from '../../rules/campaign/rift';
import { judgeDisplacedSpot, type SpotVerdict } from '../../rules/campaign/exogorth';
import { violationWordsBy } from '../../rules/violation-words';
import { namerOf } from '../../model/names';
import { parseSpotId, spotId } from '../pieces';
import { judgeSetup, type SetupVerdict, setupLegalRegion } from '../../rules/setup/setup';
import { type ObstacleEntry, World } from '../../rules/world';
import type { PartialNote } from '../../rules/report/budget';
import type { LiveAnalysis } from '../analysis';
import type { AppState } from '../store';
import { capText, escapeHtml as e } from '../html';
import { ILLEGAL, LEGAL, SANITY } from '../colours';
import { emptyOverlays, type Lead, MAX_LISTED_PAIRS, MAX_OUTLINED, type Overlays } from './model';

/*
 * Overlays drawn from the campaign rules' own verdicts and regions (rift bands, purrgil reach
 * and move legality, exogorth placement, setup legality). Nothing here judges: it asks the rules
 * and turns their answers into things to draw and text for the panel.
 */

const DUST_VISIBLE = 0xffe8a3,
  RIFT = 0x9775fa,
  REACH = 0x20c997,
  REGION = 0x51cf66;

const riftCache = new WeakMap<ObstacleEntry, { distance1: Polygon[]; distance2: Polygon[] }>();
/** per origin: the reach drawn for the rotation the token is turned to (recomputed when it turns) */
const reachCache = new WeakMap<ObstacleEntry, { rotation: number; polygons: Polygon[] }>();
const dustCache = new WeakMap<World, Map<string, Polygon[]>>();
/** per dust outline: the cover outlines its visible parts were last cut with, and the parts */
const dustParts = new WeakMap<Polygon, { covers: Polygon[]; parts: Polygon[] }>();

/**
 * The visible part of each dust field a ship lies on: the dust outline less the outlines the
 * attack rules say hide it (their coverers and cover shape). Fields no ship covers are wholly
 * visible and drawn as they are.
 */
function visibleDust(world: World): Map<string, Polygon[]> {
  let m = dustCache.get(world);
  if (m) return m;
  m = new Map();
  dustCache.set(world, m);
  if (!world.obstacles.some((o) => o.obstacleKind === 'dust')) return m;
  const ctx = attackContext(world);
  for (const o of world.obstacles) {
    if (o.obstacleKind !== 'dust') continue;
    const covers = ctx.coverers.get(o.id) ?? [];
    if (!covers.length) continue;
    // the same field under the same ship outlines (a drag elsewhere): the parts already cut
    const shapes = covers.flatMap((s) => coverShapes(s, ctx.cover, ctx.readings.hugeGap));
    const last = dustParts.get(o.outline);
    if (last && last.covers.length === shapes.length && last.covers.every((c, i) => c === shapes[i])) {
      m.set(o.id, last.parts);
      continue;
    }
    const parts = regionPolygons(
      difference(
        [toPath(o.outline)],
        shapes.map((c) => toPath(c)),
      ),
    );
    dustParts.set(o.outline, { covers: shapes, parts });
    m.set(o.id, parts);
  }
  dustCache.set(world, m);
  return m;
}
let setupCache: { world: World; key: string; verdict: SetupVerdict; region: Polygon[] } | null = null;
/**
 * what the setup verdict and region read of a table: its size, measurements and obstacles (a ship's drag
 * changes neither)
 */
const setupInputs = (w: World) =>
  JSON.stringify([w.table.table, w.table.measurements ?? null, w.table.obstacles]);
let startCache: { table: Table; world: World } | null = null;

/**
 * Each violation in words, pieces by their names; bounded like every list of the panel (MAX_LISTED_PAIRS),
 * with the count of the rest
 */
const violationList = (vs: Violation[], t: Table) => {
  if (!vs.length) return '';
  const words = violationWordsBy(namerOf(t));
  const more =
    vs.length > MAX_LISTED_PAIRS
      ? `<li class="none more">… and ${vs.length - MAX_LISTED_PAIRS} more violations.</li>`
      : '';
  const listed = vs
    .slice(0, MAX_LISTED_PAIRS)
    .map((v) => `<li class="violation">${e(capText(words(v), 400))}</li>`);
  return `<ul>${listed.join('')}${more}</ul>`;
};

const edgesCount = (edges: string) =>
  edges === 'all' ? 'all four edges count' : "only the players' edges count";

/** Gravity rifts: distance 1 and 2 bands, always shown. */
function riftOverlay(world: World, ov: Overlays): void {
  for (const o of world.obstacles) {
    if (o.obstacleKind !== 'gravity-rift') continue;
    let b = riftCache.get(o);
    if (!b) riftCache.set(o, (b = riftBands(world, o.id)));
    ov.regions.push(
      { polygons: b.distance2, color: RIFT, alpha: 0.07 },
      { polygons: b.distance1, color: RIFT, alpha: 0.12 },
    );
  }
}

/** Dust fields partly hidden by ships: the visible part, bright, over the dimmed whole. */
function dustOverlay(world: World, ov: Overlays): void {
  for (const [id, parts] of visibleDust(world)) {
    const o = world.byId.get(id);
    if (o?.kind === 'obstacle') ov.regions.push({ polygons: parts, color: DUST_VISIBLE, alpha: 0.55 });
  }
}

/**
 * Where a purrgil's move starts and the world it is judged in: the piece as it was when the move (or the
 * gesture) began, else the piece itself in the present world.
 */
function purrgilOrigin(
  state: AppState,
  world: World,
  sel: ObstacleEntry,
  pending: AppState['purrgilFrom'],
): { origin: ObstacleEntry; from: World } {
  const start = pending?.table ?? state.gestureStart;
  if (start && start !== state.table) {
    if (!startCache || startCache.table !== start)
      startCache = { table: start, world: new World(start, world.catalog) };
    const o = startCache.world.byId.get(sel.id);
    if (o?.kind === 'obstacle') return { origin: o, from: startCache.world };
  }
  return { origin: sel, from: world };
}

/**
 * A purrgil moved from its origin: both outlines, and the move's verdict for the inspector (its buttons
 * pressable when no drag is on).
 */
function purrgilMove(
  state: AppState,
  from: World,
  origin: ObstacleEntry,
  sel: ObstacleEntry,
  ov: Overlays,
): Lead {
  const { x, y, rotation } = sel.piece;
  const v = judgeMove(from, {
    id: `move-${sel.id}`,
    kind: 'move-obstacle',
    obstacle: sel.id,
    to: { x, y, rotation },
    maxDistance: 2,
  });
  ov.marks.push(
    { shapes: [origin.outline], color: 0xffffff, width: 1 },
    { shapes: [sel.outline], color: v.legal ? LEGAL : ILLEGAL, width: 4 },
  );
  const name = `<b>${e(namerOf(from.table)(sel.id))}</b>`;
  return {
    kind: 'purrgil',
    piece: sel.id,
    legal: v.legal,
    head: v.legal ? `${name}'s move: legal (distance 2)` : `${name}'s move: not legal`,
    why: v.legal
      ? 'Finish move keeps it there; Put it back returns it to where it started.'
      : 'Finish move is refused until it is moved into the shaded region, or put back.' +
        violationList(v.violations, from.table),
    actions: !state.gestureStart,
  };
}

/**
 * A selected purrgil: where it may swim, and whether the place it is dragged to is legal (a move under
 * way keeps its origin until it is finished or put back, so its verdict stays after release).
 */
function purrgilOverlay(state: AppState, world: World, ov: Overlays): Lead | null {
  const pending = state.purrgilFrom && world.byId.has(state.purrgilFrom.id) ? state.purrgilFrom : null;
  const selId = pending?.id ?? state.selected;
  const sel = selId ? world.byId.get(selId) : undefined;
  if (sel?.kind !== 'obstacle' || sel.obstacleKind !== 'purrgil') return null;
  const { origin, from } = purrgilOrigin(state, world, sel, pending);
  // where its centre may end, turned as it is now: the token fits wherever the region is drawn
  const rotation = sel.piece.rotation;
  let reach = reachCache.get(origin);
  if (!reach || reach.rotation !== rotation)
    reachCache.set(origin, (reach = { rotation, polygons: purrgilReach(from, origin.id, 2, rotation) }));
  ov.regions.push({ polygons: reach.polygons, color: REACH, alpha: 0.13 });
  ov.marks.push({ shapes: [new Circle(sel.piece.x, sel.piece.y, 2)], color: REACH, width: 2 });
  if (origin !== sel) return purrgilMove(state, from, origin, sel, ov);
  // what the shaded region means, in the inspector's card (a phone's peek shows it), not far down the list
  return {
    kind: 'purrgil-reach',
    piece: sel.id,
    legal: null,
    head: `<b>${e(namerOf(from.table)(sel.id))}</b>: drag it to move it`,
    why:
      `The shaded region is where its centre (the dot) may end a move of up to distance 2, turned as it is ` +
      `(${rotation}°): anywhere in it the whole token fits.`,
    actions: false,
  };
}

/** The guided setup's deploy step: the deploying player's zone (the legal zone shaded). */
function deployOverlay(state: AppState, world: World, ov: Overlays): void {
  const g = state.guide && guideStep(state.table, state.guide);
  if (!g || g.step !== 'deploy') return;
  const z = deploymentZone(world, g.player);
  const rect: XY[] = [
    [z.x0, z.y0],
    [z.x1, z.y0],
    [z.x1, z.y1],
    [z.x0, z.y1],
  ];
  ov.regions.push({ polygons: [rect], color: REGION, alpha: 0.12 });
}

/** The setup verdict and the next obstacle's legal region, judged again only when what they read changes. */
function setupJudged(state: AppState, world: World): { verdict: SetupVerdict; region: Polygon[] } {
  const key = [
    state.nextObstacle,
    state.nextRotation,
    state.setupReading,
    state.setupEdges,
    setupInputs(world),
  ].join('/');
  if (!setupCache || setupCache.key !== key) {
    setupCache = {
      world,
      key,
      verdict: judgeSetup(world, state.setupReading, state.setupEdges),
      region: setupLegalRegion(
        world,
        { type: state.nextObstacle, rotation: state.nextRotation },
        state.setupReading,
        state.setupEdges,
      ),
    };
  }
  return setupCache;
}

/** Setup mode: each violation, and where the next obstacle may go. */
function setupOverlay(state: AppState, world: World, ov: Overlays, panel: string[]): void {
  if (!state.setupMode) return;
  const { verdict, region } = setupJudged(state, world);
  ov.regions.push({ polygons: region, color: REGION, alpha: 0.16 });
  const bad = new Set<string>();
  for (const v of verdict.violations) {
    if (typeof v.piece === 'string') bad.add(v.piece);
    if (v.with) bad.add(v.with);
  }
  for (const id of bad) {
    const o = world.byId.get(id);
    if (o?.kind === 'obstacle') ov.marks.push({ shapes: [o.outline], color: ILLEGAL, width: 4 });
  }
  panel.push(
    `<h3>Setup (${state.setupReading === 'core' ? 'core rule' : 'campaign erratum'})</h3><ul><li data-setup="true" ` +
      `data-legal="${verdict.legal}">` +
      `${
        verdict.legal
          ? 'Legal setup'
          : `${verdict.violations.length} violation${verdict.violations.length === 1 ? '' : 's'}`
      }; the green region is where the centre of the next ${e(state.nextObstacle)} at ${state.nextRotation}° may go` +
      `${world.table.table === '3x3' ? ` (${edgesCount(state.setupEdges)})` : ''}.` +
      `${violationList(verdict.violations, world.table)}</li></ul>`,
  );
}

/**
 * The overlays of a state, with their panel text (`panel`, written when read) and the verdict of the move under
 * way that the player finishes with a button (`lead`: a purrgil's move, the selected exogorth being placed).
 */
export function buildOverlays(
  state: AppState,
  a: LiveAnalysis,
): Overlays & { panel: string; lead: Lead | null } {
  const ov = emptyOverlays();
  const { world, report } = a;
  const panel: string[] = [];
  let lead: Lead | null = null;

  // the table's own sanity, always on: pieces on pieces, bases off the play area (its panel text, which
  // gives each collision's depth, written when the panel is: a drag step's picture needs the outlines only)
  const sanity = sanityOverlay(a);
  ov.marks.push(...sanity.marks);

  riftOverlay(world, ov);
  dustOverlay(world, ov);

  // exogorths being placed: legal or not, the squadrons they displace and where those go
  for (const p of world.table.proposals) {
    if (p.kind === 'place-exogorth')
      lead =
        exogorthOverlay(
          state,
          world,
          p,
          report.proposals.find((r) => r.id === p.id) as ProposalReport | undefined,
          ov,
          panel,
        ) ?? lead;
  }

  // a purrgil's move under way leads (it holds its origin until it is finished or put back)
  // (a selected purrgil's reach only says what its region means: a verdict of another move keeps the card)
  const swim = purrgilOverlay(state, world, ov);
  if (swim && (swim.kind === 'purrgil' || !lead)) lead = swim;
  deployOverlay(state, world, ov);
  setupOverlay(state, world, ov, panel);
  let text: string | undefined;
  return Object.defineProperty({ ...ov, panel: '', lead }, 'panel', {
    get: () => (text ??= sanity.panel() + panel.join('')),
    enumerable: true,
  });
}

/**
 * The last verdict of each exogorth placement, by proposal id: while the worker judges a change
 * (a place being dragged) the picture keeps the places it last proposed, as long as the exogorth
 * itself has not moved.
 */
const lastExogorth = new Map<string, { key: string; verdict: ProposalReport }>();
/** each place judged once per table state and set of places (a place touching a squadron searches for room) */
const spotCache = new WeakMap<World, Map<string, SpotVerdict>>();

/** One exogorth placement being drawn: its proposal, verdict, displaced squadrons and where each ends. */
interface ExogorthDrawing {
  state: AppState;
  world: World;
  p: PlaceExogorth;
  verdict: ProposalReport;
  entry: ObstacleEntry;
  /** the exogorth's placement as a cache key */
  key: string;
  /** each displaced squadron's place: the player's where chosen, else the proposal's */
  final: Record<string, { x: number; y: number }>;
  cache: Map<string, SpotVerdict>;
  ov: Overlays;
  spots: Overlays['ghosts'];
  rows: string[];
  anyChosen: boolean;
  anyIllegal: boolean;
}

/** The fresh verdict (kept as the last), else the last one while the exogorth itself has not moved. */
function exogorthVerdict(p: PlaceExogorth, key: string, fresh: ProposalReport | undefined) {
  let verdict = fresh;
  if (fresh) lastExogorth.set(p.id, { key, verdict: fresh });
  else {
    const c = lastExogorth.get(p.id);
    if (c && c.key === key) verdict = c.verdict;
  }
  return verdict;
}

const chosenPlace = (p: PlaceExogorth, id: string) => !!p.placements && Object.hasOwn(p.placements, id);

/** One displaced squadron: outlined, its place judged and drawn with a line from it, and its row. */
function displacedSpot(d: ExogorthDrawing, id: string): void {
  const { world, verdict, ov, rows } = d;
  const exoId = d.p.obstacle.id;
  const sq = world.byId.get(id);
  if (sq?.kind !== 'squadron') return;
  ov.marks.push({ shapes: [sq.circle], color: ILLEGAL, width: 3 });
  const at = d.final[id];
  const sid = spotId(exoId, id);
  if (!at) {
    rows.push(
      `<li data-spot="${e(sid)}" data-legal="false"><b>${e(namerOf(world.table)(id))}</b>: no place found; ` +
        `${e(String((verdict.placementNotes as Record<string, string> | undefined)?.[id] ?? ''))}</li>`,
    );
    d.anyIllegal = true;
    return;
  }
  const ck = `${d.key}|${id}|${JSON.stringify(d.final)}`;
  let v = d.cache.get(ck);
  if (!v) d.cache.set(ck, (v = judgeDisplacedSpot(world, d.entry.outline, exoId, id, at, d.final)));
  const mine = chosenPlace(d.p, id);
  d.anyChosen ||= mine;
  d.anyIllegal ||= !v.legal;
  const circle = new Circle(at.x, at.y, sq.circle.r);
  d.spots.push({
    entry: { kind: 'squadron', id: sid, piece: { ...sq.piece, id: sid, x: at.x, y: at.y }, circle },
  });
  ov.marks.push({ shapes: [circle], color: v.legal ? LEGAL : ILLEGAL, width: mine ? 4 : 2 });
  ov.lines.push({
    a: [sq.circle.cx, sq.circle.cy],
    b: [at.x, at.y],
    color: v.legal ? LEGAL : ILLEGAL,
    width: 1.5,
    dash: 4,
  });
  const say = namerOf(world.table);
  rows.push(
    `<li data-spot="${e(sid)}" data-legal="${v.legal}" ` +
      `data-chosen="${mine}"${d.state.selected === sid ? ' class="selected"' : ''}><b>${e(say(id))}</b> to ` +
      `(${at.x.toFixed(2)}, ` +
      `${at.y.toFixed(2)}), ${mine ? 'placed by you' : 'proposed'}: ` +
      `${
        v.legal
          ? e(capText(v.why))
          : `<span class="violation">not a legal place: ` +
            `${e(capText(v.violations.map(violationWordsBy(say)).join('; ')))}</span>`
      }</li>`,
  );
}

/** The placement's panel: the displaced squadrons' places, and its buttons. */
function exogorthPanel(d: ExogorthDrawing, displaced: string[], blocked: boolean, judging: boolean): string {
  const exoId = d.p.obstacle.id;
  const by = Number(d.verdict.placementsBy ?? 3 - d.p.placedBy);
  return (
    `<h3>Exogorth placement</h3><p class="meta">${e(exoId)} displaces ` +
    `${displaced.length} squadron${displaced.length === 1 ? '' : 's'}; player ${by} places them touching it. ` +
    `Drag a place (or select it and nudge it with the arrow keys) to put a squadron elsewhere; Delete gives it ` +
    `back to the proposal.${judging ? ' (being judged…)' : ''}</p>` +
    `<ul class="exo-spots">${d.rows.join('')}</ul><div class="row"><button ` +
    `data-exo-place="${e(exoId)}"${blocked ? ' data-blocked="true"' : ''}>Place it</button>` +
    `${d.anyChosen ? `<button data-exo-reset="${e(exoId)}">Reset places</button>` : ''}</div>`
  );
}

/** The exogorth being placed, or one of its displaced squadrons' places, is the selected piece. */
const exogorthSelected = (state: AppState, exoId: string) =>
  !!state.selected && (state.selected === exoId || parseSpotId(state.selected)?.exogorth === exoId);

/**
 * The placement's verdict for the inspector: legal or not in words (the exogorth's own violations, and
 * whether its displaced squadrons' places stand), null while it is judged.
 */
function exogorthLead(d: ExogorthDrawing, own: Violation[], displaced: string[]): Lead {
  const exoId = d.p.obstacle.id;
  // the rules' verdict (the report's legal, its own violations); a squadron with no place found is no
  // violation of it, but Place it waits for one (state/pieces.ts), so the card says so beside the verdict
  const legal = d.verdict.legal && !own.length;
  const ready = legal && !d.anyIllegal;
  const name = `<b>${e(exoId)}</b>`;
  const say = namerOf(d.world.table);
  const moved = displaced.length
    ? `<p>It displaces ${displaced.map((id) => e(say(id))).join(', ')}: ` +
      `${d.anyIllegal ? 'a place is not legal or not found; ' : ''}` +
      `their places are listed under Exogorth placement.</p>`
    : '';
  return {
    kind: 'exogorth',
    piece: exoId,
    legal,
    head: !legal
      ? `${name}: not a legal place`
      : ready
        ? `${name}: a legal place`
        : `${name}: a legal place; a displaced squadron has no place yet`,
    why:
      (ready
        ? 'Place it puts it on the table.'
        : legal
          ? 'Place it is refused until every displaced squadron has a legal place.'
          : 'Place it is refused until it is moved to a legal place.') +
      violationList(own, d.world.table) +
      moved,
    actions: !d.state.gestureStart,
  };
}

/** One exogorth being placed: its ghost, verdict, displaced squadrons; its lead when it is selected. */
function exogorthOverlay(
  state: AppState,
  world: World,
  p: PlaceExogorth,
  fresh: ProposalReport | undefined,
  ov: Overlays,
  panel: string[],
): Lead | null {
  const exoId = p.obstacle.id;
  const entry: ObstacleEntry = {
    kind: 'obstacle',
    id: exoId,
    piece: p.obstacle,
    obstacleKind: 'exogorth',
    outline: obstacleOutline(world.catalog, p.obstacle),
  };
  const key = JSON.stringify(p.obstacle);
  const verdict = exogorthVerdict(p, key, fresh);
  const selected = exogorthSelected(state, exoId);
  if (!verdict) {
    ov.ghosts.push({ entry });
    return selected
      ? {
          kind: 'exogorth',
          piece: exoId,
          legal: null,
          head: `<b>${e(exoId)}</b>: being judged…`,
          why: '',
          actions: !state.gestureStart,
        }
      : null;
  }
  // the exogorth's own verdict: its violations, not its squadrons'
  const own = verdict.violations.filter((v) => v.piece === exoId);
  ov.marks.push({ shapes: [entry.outline], color: own.length ? ILLEGAL : LEGAL, width: 6 });
  const displaced = (verdict.displaced ?? []).filter((id) => world.byId.get(id)?.kind === 'squadron');
  const final: Record<string, { x: number; y: number }> = Object.create(null);
  for (const id of displaced) {
    const at = chosenPlace(p, id) ? p.placements![id] : verdict.placements?.[id];
    if (at) final[id] = at;
  }
  let cache = spotCache.get(world);
  if (!cache) spotCache.set(world, (cache = new Map()));
  const d: ExogorthDrawing = {
    state,
    world,
    p,
    verdict,
    entry,
    key,
    final,
    cache,
    ov,
    spots: [],
    rows: [],
    anyChosen: false,
    anyIllegal: false,
  };
  for (const id of displaced) displacedSpot(d, id);
  // the places first: picked before the exogorth they touch
  ov.ghosts.push(...d.spots, { entry });
  if (displaced.length) panel.push(exogorthPanel(d, displaced, !!own.length || d.anyIllegal, !fresh));
  return selected ? exogorthLead(d, own, displaced) : null;
}

/** Outlines and panel text (written when asked) for the report's collisions and offTable sections. */
function sanityOverlay(a: LiveAnalysis): { marks: Overlays['marks']; panel: () => string } {
  const { world, report } = a;
  const cols = report.collisions ?? [],
    off = report.offTable ?? [];
  const shapes = (id: string) => {
    const p = world.byId.get(id);
    return p?.kind === 'ship' ? [p.shapes.footprint] : p?.kind === 'squadron' ? [p.circle] : [];
  };
  const ids = new Set([...cols.flatMap((c) => [c.a, c.b]), ...off.map((o) => o.piece)]);
  const outlined = ids.size > MAX_OUTLINED ? [...ids].slice(0, MAX_OUTLINED) : [...ids];
  const marks = outlined.map((id) => ({ shapes: shapes(id), color: SANITY, width: 5, piece: id }));
  if (!ids.size) return { marks, panel: () => '' };
  const panel = () => {
    const cut = (report.partial as PartialNote | undefined)?.sections?.collisions;
    const items = [
      // bounded like the verdict panel's lists (MAX_LISTED_PAIRS): a pile of 200 pieces has 11,000 collisions
      ...cols
        .slice(0, MAX_LISTED_PAIRS)
        .map(
          (c) =>
            `<li class="sanity" data-collision="${e(c.a)},${e(c.b)}"><b>${e(c.a)}</b> overlaps <b>${e(c.b)}</b> by ` +
            `${c.depthMm.toFixed(2)} mm${c.why ? `<div class="why">${e(capText(c.why))}</div>` : ''}</li>`,
        ),
      ...off.map(
        (o) =>
          `<li class="sanity" data-off-table="${e(o.piece)}"><b>${e(o.piece)}</b> is ` +
          `${o.outsideMm.toFixed(2)} mm off the table` +
          `${o.why ? `<div class="why">${e(capText(o.why))}</div>` : ''}</li>`,
      ),
    ];
    if (cols.length > MAX_LISTED_PAIRS)
      items.push(`<li class="none more">… and ${cols.length - MAX_LISTED_PAIRS} more collisions.</li>`);
    if (outlined.length < ids.size)
      items.push(
        `<li class="none more">Outlined on the table: the first ${outlined.length} of the ${ids.size} pieces.</li>`,
      );
    if (cut)
      items.push(
        `<li class="none partial">Collisions judged for ${cut.judged} of ${cut.asked} pairs of pieces before the ` +
          `budget ran out; the rest are not listed.</li>`,
      );
    return (
      `<h3>Table sanity <span class="count">${cols.length + off.length}</span></h3><ul ` +
      `class="sanity">${items.join('')}</ul>`
    );
  };
  return { marks, panel };
}
