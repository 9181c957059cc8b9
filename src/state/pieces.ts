import { CATALOG, type ObstacleType, type ShipSize } from '../model/catalog';
import type { Violation } from '../model/report';
import { judgeExogorthPlacement, snapDisplacedSpot } from '../rules/campaign/exogorth';
import { obstacleOutline } from '../model/pieces';
import { freeSpot, type FreeSpotPiece } from '../rules/movement/free-spot';
import { World } from '../rules/world';
import { namer, tableSizeWords } from '../model/names';
import type {
  ManeuverProposal,
  Obstacle,
  PlaceExogorth,
  Player,
  Ship,
  Squadron,
  Table,
  Token,
} from '../model/table';
import { judgeManeuver, landedWorld } from '../rules/movement/maneuver';
import { shipChart } from '../rules/report/proposals';

export type PieceKind = 'ship' | 'squadron' | 'obstacle' | 'token' | 'exogorth-proposal' | 'displaced-spot';
export type AnyPiece = Ship | Squadron | Obstacle | Token;

export interface Found {
  kind: PieceKind;
  piece: AnyPiece;
  /** for an exogorth being placed (and a displaced squadron's place beside it): the proposal carrying it */
  proposal?: PlaceExogorth;
  /**
   * for a displaced squadron's place: the squadron, and whether the player has put it somewhere (else the
   * place is the rules' proposal, not in the table)
   */
  spot?: { squadron: Squadron; chosen: boolean };
  /** for the place of a squadron a planned maneuver's ship lands on (`ship.squadron`): the plan */
  plan?: ManeuverProposal;
}

/**
 * The id of the place a squadron displaced by an exogorth being placed is to go: `exo.squadron`.
 * No piece's id holds a dot, so it never names a piece.
 */
export const spotId = (exogorth: string, squadron: string) => `${exogorth}.${squadron}`;

/** The exogorth and squadron a spot id names (null: not a spot id). */
export function parseSpotId(id: string): { exogorth: string; squadron: string } | null {
  const i = id.indexOf('.');
  if (i <= 0 || i !== id.lastIndexOf('.') || i === id.length - 1) return null;
  return { exogorth: id.slice(0, i), squadron: id.slice(i + 1) };
}

/** Find a piece by id, including an exogorth that a place-exogorth proposal is placing. */
export function findPiece(t: Table, id: string): Found | null {
  for (const s of t.ships) if (s.id === id) return { kind: 'ship', piece: s };
  for (const s of t.squadrons) if (s.id === id) return { kind: 'squadron', piece: s };
  for (const o of t.obstacles) if (o.id === id) return { kind: 'obstacle', piece: o };
  for (const o of t.tokens) if (o.id === id) return { kind: 'token', piece: o };
  for (const p of t.proposals) {
    if (p.kind === 'place-exogorth' && p.obstacle.id === id)
      return { kind: 'exogorth-proposal', piece: p.obstacle, proposal: p };
  }
  const spot = parseSpotId(id);
  if (spot) {
    const p = t.proposals.find(
      (q): q is PlaceExogorth => q.kind === 'place-exogorth' && q.obstacle.id === spot.exogorth,
    );
    const sq = t.squadrons.find((q) => q.id === spot.squadron);
    if (p && sq) {
      const at = p.placements && Object.hasOwn(p.placements, sq.id) ? p.placements[sq.id] : null;
      return {
        kind: 'displaced-spot',
        piece: { ...sq, id, ...(at ?? {}) },
        proposal: p,
        spot: { squadron: sq, chosen: !!at },
      };
    }
    // a squadron the planned maneuver's ship lands on
    const plan = t.proposals.find(
      (q): q is ManeuverProposal => q.kind === 'maneuver' && q.ship === spot.exogorth,
    );
    if (plan && sq) {
      const at = plan.placements && Object.hasOwn(plan.placements, sq.id) ? plan.placements[sq.id] : null;
      return {
        kind: 'displaced-spot',
        piece: { ...sq, id, ...(at ?? {}) },
        plan,
        spot: { squadron: sq, chosen: !!at },
      };
    }
  }
  return null;
}

/** A maneuver plan with the places the opponent chose for squadrons its ship lands on: none left drops the field. */
function withPlanPlacements(
  t: Table,
  p: ManeuverProposal,
  placements: Record<string, { x: number; y: number }>,
): Table {
  const next: ManeuverProposal = { ...p, placements };
  if (!Object.keys(placements).length) delete next.placements;
  return { ...t, proposals: t.proposals.map((q) => (q === p ? next : q)) };
}

/** A proposal with its displaced squadrons' places (the player's) replaced: none left drops the field. */
function withPlacements(
  t: Table,
  p: PlaceExogorth,
  placements: Record<string, { x: number; y: number }>,
): Table {
  const next: PlaceExogorth = { ...p, placements };
  if (!Object.keys(placements).length) delete next.placements;
  return { ...t, proposals: t.proposals.map((q) => (q === p ? next : q)) };
}

/**
 * Every place the player chose for an exogorth's displaced squadrons dropped: the rules propose them all
 * again (one undo step).
 */
export function resetSpots(t: Table, exogorth: string): Table {
  const p = t.proposals.find(
    (q): q is PlaceExogorth => q.kind === 'place-exogorth' && q.obstacle.id === exogorth,
  );
  return p?.placements ? withPlacements(t, p, {}) : t;
}

export type Patch = Partial<Pick<Ship, 'x' | 'y' | 'rotation' | 'player' | 'speed' | 'size' | 'class'>> & {
  radius?: number;
  type?: ObstacleType;
};

function clampTo(t: Table, v: number, axis: 'x' | 'y'): number {
  const spec = CATALOG.tables[t.table];
  const max = axis === 'x' ? spec.width : spec.height;
  return Math.min(max, Math.max(0, v));
}

export function normaliseDeg(r: number): number {
  const m = r % 360;
  // a tiny negative angle plus 360 rounds to 360 itself: that is 0
  const v = m < 0 ? m + 360 : m;
  return v >= 360 || v === 0 ? 0 : v;
}

/**
 * Why a typed position cannot be taken (the piece's centre off the table), naming the piece as its
 * label does (src/model/names.ts); null
 * when it can. A typed number is never clamped silently.
 */
export function positionProblem(t: Table, id: string, patch: Patch): string | null {
  const spec = CATALOG.tables[t.table];
  for (const [axis, max] of [
    ['x', spec.width],
    ['y', spec.height],
  ] as const) {
    const v = patch[axis];
    if (v !== undefined && !(v >= 0 && v <= max))
      return (
        `${namer(t)(id)} was not moved: ${axis} = ${v} mm is off the ${tableSizeWords(t.table)} table ` +
        `(${axis} runs from 0 to ${max} mm)`
      );
  }
  return null;
}

/**
 * Pieces whose centre lies off a table of the given size: a table cannot switch to it until they
 * are moved (names them), and null when every piece fits.
 */
export function piecesOffSize(t: Table, size: Table['table']): string[] {
  const spec = CATALOG.tables[size];
  const out: string[] = [];
  const all = [
    ...t.ships,
    ...t.squadrons,
    ...t.obstacles,
    ...t.tokens,
    ...t.proposals.flatMap((p) => (p.kind === 'place-exogorth' ? [p.obstacle] : [])),
  ];
  for (const p of all) if (p.x < 0 || p.x > spec.width || p.y < 0 || p.y > spec.height) out.push(p.id);
  return out;
}

/** A new table with one piece changed; positions kept on the table, rotation in [0, 360). */
export function patchPiece(t: Table, id: string, patch: Patch): Table {
  const p: Patch = { ...patch };
  if (p.x !== undefined) p.x = clampTo(t, p.x, 'x');
  if (p.y !== undefined) p.y = clampTo(t, p.y, 'y');
  if (p.rotation !== undefined) p.rotation = normaliseDeg(p.rotation);
  const upd = <T extends { id: string }>(list: T[]): T[] =>
    list.map((e) => (e.id === id ? { ...e, ...p } : e));
  const f = findPiece(t, id);
  if (!f) return t;
  switch (f.kind) {
    case 'ship':
      return { ...t, ships: upd(t.ships) };
    case 'squadron':
      return { ...t, squadrons: upd(t.squadrons) };
    case 'obstacle':
      return { ...t, obstacles: upd(t.obstacles) };
    case 'token':
      return { ...t, tokens: upd(t.tokens) };
    case 'exogorth-proposal':
      return {
        ...t,
        proposals: t.proposals.map((q) => {
          if (q.kind !== 'place-exogorth' || q.obstacle.id !== id) return q;
          const next: PlaceExogorth = { ...q, obstacle: { ...q.obstacle, ...p } as Obstacle };
          // the exogorth moved or turned: the places chosen beside it no longer fit it, the rules propose new ones
          const o = q.obstacle,
            n = next.obstacle;
          if (n.x !== o.x || n.y !== o.y || n.rotation !== o.rotation || n.type !== o.type)
            delete next.placements;
          return next;
        }),
      };
    case 'displaced-spot': {
      // a place is set whole: a typed field gives one coordinate, the other is where the place is now
      if (p.x === undefined && p.y === undefined) return t;
      const x = p.x ?? f.piece.x,
        y = p.y ?? f.piece.y;
      if (f.plan) {
        // near touching the ship where it lands (or a squadron touching it), it is set touching
        const world = new World(t);
        const a = judgeManeuver(world, f.plan, shipChart(world, f.plan.ship));
        const w = landedWorld(world, f.plan.ship, a.final);
        const e = w.byId.get(f.plan.ship);
        const at =
          e?.kind === 'ship'
            ? snapDisplacedSpot(w, e.shapes.footprint, f.spot!.squadron.id, { x, y }, a.placements ?? {})
            : { x, y };
        return withPlanPlacements(t, f.plan, {
          ...(f.plan.placements ?? {}),
          [f.spot!.squadron.id]: { x: round2(at.x), y: round2(at.y) },
        });
      }
      // near touching the exogorth (or a squadron touching it), it is set touching (the rules say where)
      const world = new World(t);
      const at = snapDisplacedSpot(
        world,
        obstacleOutline(world.catalog, f.proposal!.obstacle),
        f.spot!.squadron.id,
        { x, y },
        f.proposal!.placements ?? {},
      );
      return withPlacements(t, f.proposal!, {
        ...(f.proposal!.placements ?? {}),
        [f.spot!.squadron.id]: { x: round2(at.x), y: round2(at.y) },
      });
    }
  }
}

/** A new table with a ship's or squadron's name set, or removed when blank. */
export function renamePiece(t: Table, id: string, name: string): Table {
  const n = name.trim();
  const upd = <T extends { id: string; name?: string }>(list: T[]): T[] =>
    list.map((e) => {
      if (e.id !== id) return e;
      const c = { ...e };
      if (n) c.name = n;
      else delete c.name;
      return c;
    });
  return { ...t, ships: upd(t.ships), squadrons: upd(t.squadrons) };
}

export function removePiece(t: Table, id: string): Table {
  const f = findPiece(t, id);
  if (!f) return t;
  if (f.kind === 'displaced-spot') {
    // Delete on a place the player chose gives it back to the rules' proposal
    const rest = { ...((f.plan ?? f.proposal)!.placements ?? {}) };
    delete rest[f.spot!.squadron.id];
    if (!f.spot!.chosen) return t;
    return f.plan ? withPlanPlacements(t, f.plan, rest) : withPlacements(t, f.proposal!, rest);
  }
  const keep = <T extends { id: string }>(l: T[]) => l.filter((e) => e.id !== id);
  return {
    ...t,
    ships: keep(t.ships),
    squadrons: keep(t.squadrons),
    obstacles: keep(t.obstacles),
    tokens: keep(t.tokens),
    proposals: t.proposals.filter((q) => {
      if (q.kind === 'place-exogorth') return q.obstacle.id !== id;
      if (q.kind === 'move-obstacle') return q.obstacle !== id;
      if (q.kind === 'deploy') return (q.ship ?? q.squadron) !== id;
      if (q.kind === 'purrgil-round') return q.moves.every((m) => m.obstacle !== id);
      if (q.kind === 'maneuver' || q.kind === 'maneuver-fan') return q.ship !== id;
      return true;
    }),
    ...(t.exogorthChoice ? { exogorthChoice: t.exogorthChoice.filter((c) => c.exogorth !== id) } : {}),
  };
}

function allIds(t: Table): Set<string> {
  const ids = new Set<string>();
  for (const l of [t.ships, t.squadrons, t.obstacles, t.tokens]) for (const e of l) ids.add(e.id);
  for (const p of t.proposals) {
    ids.add(p.id);
    if (p.kind === 'place-exogorth') ids.add(p.obstacle.id);
    if (p.kind === 'deploy') {
      const piece = p.ship ?? p.squadron;
      if (typeof piece === 'object') ids.add(piece.id);
    }
  }
  return ids;
}

export function freshId(t: Table, prefix: string): string {
  const ids = allIds(t);
  // a prefix ending in a dash is always numbered ("sq1-1", "sq1-2"), never left hanging ("sq1-")
  if (prefix.endsWith('-')) for (let i = 1; ; i++) if (!ids.has(`${prefix}${i}`)) return `${prefix}${i}`;
  if (!ids.has(prefix)) return prefix;
  for (let i = 2; ; i++) if (!ids.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

export function tableCentre(t: Table): { x: number; y: number } {
  const spec = CATALOG.tables[t.table];
  return { x: spec.width / 2, y: spec.height / 2 };
}

export type NewPiece =
  | { kind: 'ship'; size: ShipSize; class?: string; player: Player }
  | { kind: 'squadron'; player: Player }
  | { kind: 'obstacle'; type: ObstacleType }
  | { kind: 'token'; radius: number }
  | { kind: 'exogorth-proposal'; type: 'exogorth-1' | 'exogorth-2'; placedBy: Player };

/** Add a piece at `at` exactly (default the table's centre); returns the new table and the piece's id. */
export function addPiece(t: Table, n: NewPiece, at = tableCentre(t)): { table: Table; id: string } {
  const { x, y } = at;
  switch (n.kind) {
    case 'ship': {
      const id = freshId(t, n.class ?? n.size);
      const s: Ship = {
        id,
        size: n.size,
        player: n.player,
        x,
        y,
        rotation: n.player === 1 ? 0 : 180,
        speed: 2,
      };
      if (n.class) s.class = n.class;
      return { table: { ...t, ships: [...t.ships, s] }, id };
    }
    case 'squadron': {
      const id = freshId(t, n.player === 1 ? 'sq1-' : 'sq2-');
      return { table: { ...t, squadrons: [...t.squadrons, { id, player: n.player, x, y }] }, id };
    }
    case 'obstacle': {
      const id = freshId(t, n.type);
      return { table: { ...t, obstacles: [...t.obstacles, { id, type: n.type, x, y, rotation: 0 }] }, id };
    }
    case 'token': {
      const id = freshId(t, 'token');
      return { table: { ...t, tokens: [...t.tokens, { id, x, y, radius: n.radius }] }, id };
    }
    case 'exogorth-proposal': {
      const id = freshId(t, 'exogorth');
      const pid = freshId(
        { ...t, obstacles: [...t.obstacles, { id, type: n.type, x, y, rotation: 0 }] },
        `place-${id}`,
      );
      const p: PlaceExogorth = {
        id: pid,
        kind: 'place-exogorth',
        placedBy: n.placedBy,
        obstacle: { id, type: n.type, x, y, rotation: 0 },
      };
      return { table: { ...t, proposals: [...t.proposals, p] }, id };
    }
  }
}

/** The shape a new piece will have, for finding it a free spot. */
export function freeSpotPiece(n: NewPiece): FreeSpotPiece {
  switch (n.kind) {
    case 'ship':
      return { kind: 'ship', size: n.size, class: n.class, rotation: n.player === 1 ? 0 : 180 };
    case 'squadron':
      return { kind: 'squadron' };
    case 'obstacle':
      return { kind: 'obstacle', type: n.type, rotation: 0 };
    case 'token':
      return { kind: 'token', radius: n.radius };
    case 'exogorth-proposal':
      return { kind: 'obstacle', type: n.type, rotation: 0 };
  }
}

/**
 * Add a piece at the free spot nearest `prefer` (the view's centre): overlapping no piece, wholly
 * on the table (src/rules/movement/free-spot.ts). Without a free spot nothing is added and `refused` says why.
 */
export function addPieceAtFreeSpot(
  t: Table,
  n: NewPiece,
  prefer = tableCentre(t),
  world = new World(t),
): { table: Table; id: string } | { refused: string } {
  const a = freeSpot(world, freeSpotPiece(n), prefer);
  if (!a.spot)
    return {
      refused: `no free spot for the new ${n.kind === 'exogorth-proposal' ? 'exogorth' : n.kind}: ${a.reason}`,
    };
  return addPiece(t, n, a.spot);
}

/** Turn a place-exogorth proposal into an obstacle on the table. */
export function commitExogorth(t: Table, id: string): Table {
  const f = findPiece(t, id);
  if (!f || f.kind !== 'exogorth-proposal') return t;
  return {
    ...t,
    obstacles: [...t.obstacles, f.piece as Obstacle],
    proposals: t.proposals.filter((q) => q !== f.proposal),
  };
}

/**
 * Place an exogorth being proposed, as the rules allow: refused (with the violations in words)
 * while the placement is illegal or a displaced squadron has no place; on a legal one the
 * displaced squadrons move to the places the rules propose, in the same change (one undo step).
 */
export function commitExogorthJudged(
  t: Table,
  id: string,
  words: (v: Violation) => string,
): { table: Table } | { refused: string } {
  const f = findPiece(t, id);
  if (!f || f.kind !== 'exogorth-proposal') return { refused: `${id} is not an exogorth being placed` };
  const v = judgeExogorthPlacement(new World(t), f.proposal!);
  if (!v.legal) return { refused: `${id} cannot be placed there: ${v.violations.map(words).join('; ')}` };
  const unplaced =
    (v.unplaced as string[] | undefined) ?? (v.displaced ?? []).filter((q) => !v.placements?.[q]);
  if (unplaced.length)
    return {
      refused:
        `${id} cannot be placed yet: no place was found for ${unplaced.map(namer(t)).join(', ')}; move ` +
        `${unplaced.length === 1 ? 'it' : 'them'} first`,
    };
  const to = v.placements ?? {};
  const moved = {
    ...t,
    squadrons: t.squadrons.map((q) =>
      to[q.id] ? { ...q, x: round2(to[q.id].x), y: round2(to[q.id].y) } : q,
    ),
  };
  return { table: commitExogorth(moved, id) };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
