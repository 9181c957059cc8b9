import type { Circle } from '../../geometry/circle';
import type { Point } from '../../geometry/point';
import type { Polygon } from '../../geometry/polygon';
import { polygonsOverlap } from '../../geometry/relate';
import type { HullZoneName } from '../../model/catalog';
import type { BoxGrid } from '../../geometry/box-grid';
import type { LineMeeting } from '../../geometry/line-meet';
import type { ObstacleEntry, ShipEntry, SquadronEntry, World } from '../world';

/**
 * Which outline of a ship hides an obstacle under it (the visible-portion exception). The rules
 * do not define it; one digital implementation takes the cardboard token. We take the plastic
 * base without its dial frames: it is what physically lies on the obstacle and hides it (the
 * token sits inside the base, and the base rim around it is just as opaque), and it is the
 * outline the rules use for a ship that obstructs. Shield dials and frames never hide anything:
 * they are ignored for line of sight, and the seed's dust caveat (a line through the defending
 * hull zone's dial where the dust "would otherwise be visible") treats the dust under a dial as
 * visible. `coverOutline` lets a caller take the token instead.
 */
export type CoverOutline = 'base' | 'token';
export const DEFAULT_COVER: CoverOutline = 'base';

export type Side =
  | {
      kind: 'zone';
      index: number;
      key: string;
      ship: ShipEntry;
      zone: HullZoneName;
      shape: Polygon;
      endXY?: [number, number];
    }
  | {
      kind: 'squadron';
      index: number;
      key: string;
      squadron: SquadronEntry;
      shape: Circle;
      /** the base's centre as a point, made when first asked (attacks.ts losEnd) */
      centre?: Point;
    };

/** The readings the line-of-sight rules take from the table (`readings`), with their defaults (docs/readings.md). */
export interface LosReadings {
  /**
   * the visible-portion exception for a squadron attacker's line: only a 'ship' (default: rules 1.5's
   * wording) or 'any' attacker
   */
  visiblePortion: 'any' | 'ship';
  /** the 1.5 dial rule: any line 'through-dial' (default), or only one that also passes 'over-obstacle' */
  dialLine: 'through-dial' | 'over-obstacle';
  /** a huge ship's gap between its bases: 'open' (default: neither hides nor obstructs) or 'covered' */
  hugeGap: HugeGap;
  /** dust under the attacking ship's own base: 'hidden' (default) by it, or 'visible' (the seed's letter) */
  dustUnderAttacker: 'hidden' | 'visible';
}

export type HugeGap = 'open' | 'covered';

export function losReadings(world: World): LosReadings {
  const r = world.table.readings;
  return {
    visiblePortion: r?.visiblePortion ?? 'ship',
    dialLine: r?.dialLine ?? 'through-dial',
    hugeGap: r?.hugeGap ?? 'open',
    dustUnderAttacker: r?.dustUnderAttacker ?? 'hidden',
  };
}

/**
 * How one line of sight meets the third pieces: every obstacle, then every ship other than the
 * two sides' (slot: obstacle index, or obstacle count plus ship index), for those within NEAR_MM
 * of it; a piece not listed is farther. Measured on the line taken from its lower-left end (p,
 * q), so an attack and its reverse, which trace the same line, share one measurement.
 */
export interface ThirdPieceMeetings {
  p: Point;
  q: Point;
  slots: number[];
  meetings: LineMeeting[];
}

/**
 * The sides by key: where each key's side lies in a sides list. A context made from another with one ship
 * moved has its sides at the same places, so it reads the same index (over(sides)) instead of a copy of it.
 */
export class SidesByKey {
  constructor(
    private readonly at: ReadonlyMap<string, number>,
    private readonly sides: readonly Side[],
  ) {}

  get(key: string): Side | undefined {
    const i = this.at.get(key);
    return i === undefined ? undefined : this.sides[i];
  }

  /** the same keys over another list of sides, in the same order */
  over(sides: readonly Side[]): SidesByKey {
    return new SidesByKey(this.at, sides);
  }
}

export interface AttackContext {
  world: World;
  cover: CoverOutline;
  readings: LosReadings;
  /** every possible attacker, in report order: ships' zones front, left, right, rear, then squadrons */
  sides: Side[];
  /** the sides by key ('isd.front', 'tie1') */
  byKey: SidesByKey;
  /** ships whose covering outline overlaps each obstacle (by obstacle id) */
  coverers: Map<string, ShipEntry[]>;
  /** obstacles that each hull zone's shield dial overlaps (by 'ship.zone'): the 1.5 dial rule */
  dialOn: Map<string, ObstacleEntry[]>;
  /**
   * How each line of sight meets the third pieces (obstacles, other ships), kept from an attack
   * until the reverse attack, which traces the same line (see los.ts, thirdPieceMeetings), by
   * pairKey (a flat list: a Map lookup per attack cost more than the slots). Made when first written
   * (lineMeetingsOf): the flat kernel keeps its own, and a drag step's context (a slot per pair of sides,
   * 4,096 on a tournament table) would make one at every step for nothing.
   */
  lineMeetings?: (ThirdPieceMeetings | undefined)[];
  /** obstacles then ships (as slots), filed by their boxes grown by NEAR_MM: built when first needed (los.ts) */
  thirdGrid?: BoxGrid;
  /** ships whose covering outline overlaps each obstacle under the other readings.hugeGap: found when first asked */
  altGapCoverers?: Map<string, ShipEntry[]>;
  /** whether the table corrects any class (measurements.classes): found when first asked */
  classEdited?: boolean;
  /** the same attacks on the table's catalog twin (World.catalogTwin), built when first needed */
  twin?: AttackContext;
  /**
   * The context this one was made from with one ship moved (movedShipContext): what is built per
   * context from the pieces (the flat kernel's edges) is taken from it, the moved ship's part made
   * again. One link only: the previous context's own link is let go.
   */
  movedFrom?: { ctx: AttackContext; ship: ShipEntry };
}

/** One number for an unordered pair of sides. */
export function pairKey(ctx: AttackContext, a: Side, b: Side): number {
  const n = ctx.sides.length;
  return a.index < b.index ? a.index * n + b.index : b.index * n + a.index;
}

/**
 * The outlines of a ship that hide an obstacle under them: its cardboard token, or its plastic base. A
 * huge ship's plastic base is its two bases: the gap between them is not plastic base, so it hides
 * nothing (readings.hugeGap 'open', the default), unless the token over the gap is taken to hide
 * what lies under it ('covered': the whole base, gap included). The same outlines obstruct a third
 * party's line (los.ts, meetBases): one reading for both.
 */
export function coverShapes(ship: ShipEntry, cover: CoverOutline, gap: HugeGap): readonly Polygon[] {
  if (cover === 'token') return [ship.shapes.token];
  return gap === 'open' && ship.shapes.bases.length > 1 ? ship.shapes.bases : [ship.shapes.base];
}

/** Does any of these outlines overlap polygon o (touching is not overlapping)? */
export function anyOverlaps(shapes: readonly Polygon[], o: Polygon): boolean {
  return shapes.some((C) => polygonsOverlap(C, o));
}

const cache = new WeakMap<World, Map<CoverOutline, AttackContext>>();

/** Every context built for the world so far (one per cover reading asked), none built here. */
export function builtContexts(world: World): AttackContext[] {
  const m = cache.get(world);
  return m ? [...m.values()] : [];
}

/** The world's context for its own cover reading when one has been built, else null (nothing built here). */
export function builtContext(world: World): AttackContext | null {
  return cache.get(world)?.get(world.table.readings?.cover ?? DEFAULT_COVER) ?? null;
}

/** The per-world data every attack question reads, built once per world and cover choice. */
export function attackContext(
  world: World,
  cover: CoverOutline = world.table.readings?.cover ?? DEFAULT_COVER,
): AttackContext {
  let m = cache.get(world);
  if (!m) cache.set(world, (m = new Map()));
  let ctx = m.get(cover);
  if (ctx) return ctx;
  const sides: Side[] = [];
  for (const ship of world.ships) {
    for (const zone of ship.shapes.zones)
      sides.push({
        kind: 'zone',
        index: sides.length,
        key: `${ship.id}.${zone}`,
        ship,
        zone,
        shape: ship.shapes.hullZones[zone],
      });
  }
  for (const squadron of world.squadrons)
    sides.push({ kind: 'squadron', index: sides.length, key: squadron.id, squadron, shape: squadron.circle });
  const coverers = new Map<string, ShipEntry[]>();
  const dialOn = new Map<string, ObstacleEntry[]>();
  const readings = losReadings(world);
  const gap = readings.hugeGap;
  for (const o of world.obstacles) {
    const list: ShipEntry[] = [];
    for (const s of world.ships) {
      const fp = s.shapes.footprint;
      if (
        fp.maxX < o.outline.minX ||
        fp.minX > o.outline.maxX ||
        fp.maxY < o.outline.minY ||
        fp.minY > o.outline.maxY
      )
        continue;
      if (anyOverlaps(coverShapes(s, cover, gap), o.outline)) list.push(s);
      for (const zone of s.shapes.zones) {
        const dial = s.shapes.dials[zone];
        if (!polygonsOverlap(dial, o.outline)) continue;
        const k = `${s.id}.${zone}`;
        const l = dialOn.get(k) ?? [];
        l.push(o);
        dialOn.set(k, l);
      }
    }
    coverers.set(o.id, list);
  }
  ctx = {
    world,
    cover,
    readings,
    sides,
    byKey: new SidesByKey(new Map(sides.map((s, i) => [s.key, i])), sides),
    coverers,
    dialOn,
  };
  m.set(cover, ctx);
  return ctx;
}

/** The context's line cache (lineMeetings), made on first use: a slot per ordered pair of sides. */
export function lineMeetingsOf(ctx: AttackContext): (ThirdPieceMeetings | undefined)[] {
  return (ctx.lineMeetings ??= new Array(ctx.sides.length * ctx.sides.length));
}

/**
 * The context of `world`, which is `prev.world` with one ship moved (the practice maps ask about
 * one ship at many places, src/rules/practice/): the other sides and their covers and dials taken
 * from `prev`, the moved ship's worked out again, the line caches fresh. Registered as the world's
 * context, so every attack question on `world` reads it. The same as attackContext(world) would
 * build (test/rules/practice/practice.test.ts judges cells both ways); when the other pieces are
 * not the same objects it builds that instead. `meetings`: an array to reuse for lineMeetings
 * (cleared here): a fresh one per place cost more than the rest of the context.
 */
export function movedShipContext(
  prev: AttackContext,
  world: World,
  moved: string,
  meetings?: (ThirdPieceMeetings | undefined)[],
): AttackContext {
  const entry = world.byId.get(moved);
  const pw = prev.world;
  let m = cache.get(world);
  if (entry?.kind !== 'ship') return attackContext(world, prev.cover);
  const ship = entry;
  const same =
    world.ships.length === pw.ships.length &&
    world.squadrons.length === pw.squadrons.length &&
    world.obstacles.length === pw.obstacles.length &&
    world.all.every((e, i) => e === pw.all[i] || e === ship);
  if (!same || m?.has(prev.cover)) return attackContext(world, prev.cover);
  const cover = prev.cover;
  const sides: Side[] = prev.sides.map((s) =>
    s.kind === 'zone' && s.ship.id === moved
      ? { kind: 'zone', index: s.index, key: s.key, ship, zone: s.zone, shape: ship.shapes.hullZones[s.zone] }
      : s,
  );
  // the same keys at the same places: the previous context's index serves this one's sides
  const byKey = prev.byKey.over(sides);
  const coverers = new Map<string, ShipEntry[]>();
  const dialOn = new Map<string, ObstacleEntry[]>();
  const mine = new Set(ship.shapes.zones.map((z) => `${moved}.${z}`));
  for (const [k, l] of prev.dialOn) if (!mine.has(k)) dialOn.set(k, l);
  const fp = ship.shapes.footprint,
    C = coverShapes(ship, cover, prev.readings.hugeGap);
  for (const o of world.obstacles) {
    const was = prev.coverers.get(o.id) ?? [];
    const near = !(
      fp.maxX < o.outline.minX ||
      fp.minX > o.outline.maxX ||
      fp.maxY < o.outline.minY ||
      fp.minY > o.outline.maxY
    );
    const covers = near && anyOverlaps(C, o.outline);
    coverers.set(
      o.id,
      covers || was.some((s) => s.id === moved)
        ? world.ships.filter((s) => (s === ship ? covers : was.includes(s)))
        : was,
    );
    if (!near) continue;
    for (const zone of ship.shapes.zones) {
      const dial = ship.shapes.dials[zone];
      if (!polygonsOverlap(dial, o.outline)) continue;
      const k = `${moved}.${zone}`;
      const l = dialOn.get(k) ?? [];
      l.push(o);
      dialOn.set(k, l);
    }
  }
  const n = sides.length * sides.length;
  const lineMeetings = meetings && meetings.length === n ? meetings.fill(undefined) : undefined;
  // the same catalog: whether it corrects a class carries over (asked here once, not per place)
  prev.classEdited ??= Object.values(pw.catalog.shipClasses).some((c) => c.edited);
  const ctx: AttackContext = {
    world,
    cover,
    readings: prev.readings,
    sides,
    byKey,
    coverers,
    dialOn,
    ...(lineMeetings ? { lineMeetings } : {}),
    classEdited: prev.classEdited,
    movedFrom: { ctx: prev, ship },
  };
  prev.movedFrom = undefined;
  if (!m) cache.set(world, (m = new Map()));
  m.set(cover, ctx);
  return ctx;
}

export function player(s: Side): number {
  return s.kind === 'zone' ? s.ship.piece.player : s.squadron.piece.player;
}

export function pieceId(s: Side): string {
  return s.kind === 'zone' ? s.ship.id : s.squadron.id;
}

/** Every enemy defender of an attacker, in report order. */
export function defendersOf(ctx: AttackContext, att: Side): Side[] {
  const p = player(att);
  return ctx.sides.filter((d) => player(d) !== p);
}

export type Segment = [Point, Point];
