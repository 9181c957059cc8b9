/**
 * Executing a maneuver with the maneuver tool (armada-geometry.md section 9; the tool's geometry
 * as ../shared/reference/maneuver-tool.md gives it, figures from the catalog's maneuverTool).
 *
 * The recipe, in the table's counter-clockwise rotation r (the reference's heading is -r):
 * - joint 0 (the tool's reference point) = the ship's centre + R(r) (s * attach.x, attach.y),
 *   s = +1 on the right side, -1 on the left;
 * - joint k = joint k-1 + L (-sin r(k-1), cos r(k-1)), then r(k) = r(k-1) - angle * c(k)
 *   (a click to starboard turns clockwise);
 * - stopping at joint k the ship's rotation is r(k) and its centre joint k - R(r(k)) (s x, y).
 * Exact 22.5 degree steps (the mod rounds to whole degrees; we do not).
 *
 * Judged at the end: ships overlapped (footprints, shield dials included), moving back joint by
 * joint until none is (speed 0: where it started); the ship and the closest ship it would have
 * overlapped take a facedown damage card; obstacles its footprint overlaps, with their effects;
 * squadrons its footprint overlaps (to be placed touching it); any part of its plastic base
 * outside the play area (destroyed). A gravity rift at distance 1-2 of the ship's plastic base
 * as it determines course (or under it) takes one off the speed.
 */
import type { Point } from '../../geometry/point';
import type { Polygon } from '../../geometry/polygon';
import { hullsApartBeyond, relate } from '../../geometry/relate';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import type { Catalog } from '../../model/catalog';
import { localShipShapes, shipShapes } from '../../model/pieces';
import type { ProposalReport, RestsOn, RiftEdge, Violation, XY } from '../../model/report';
import type { ManeuverFanProposal, ManeuverProposal, Ship } from '../../model/table';
import { overlapEffect, shipObstacleDepth, shipRestsOn } from '../overlaps';
import { restsWords } from '../overlap-words';
import { rift, riftEdgeWords, riftNear } from '../campaign/rift';
import { type Budget, settle } from '../report/budget';
import { outsideBy, playArea } from '../sanity';
import { World, type ShipEntry } from '../world';
import { judgeDisplacedSpot, placeDisplaced } from '../campaign/exogorth';

/** A speed chart: chart[s-1][j] = the most clicks joint j+1 takes at speed s (as ship-classes.json gives it). */
export type SpeedChart = readonly (readonly number[])[];

export interface Pose {
  x: number;
  y: number;
  rotation: number;
}

/** The tool's figures for one base size, read from the catalog (with the table's overrides). */
export interface ToolFigures {
  jointLength: number;
  clickAngle: number;
  maxClicks: number;
  attachX: number;
  attachY: number;
  notch: NotchUsed;
}

/**
 * Where the tool's joints were measured from across the ship: the base's real side plus the
 * tool's offset ('base side', the default), the reference mod's figure for its narrower base
 * ('mod width'), or a figure the table sets (`smallX` ...: 'table'). `baseWidth`: the width the
 * figure is measured from (the mod's: its attach x less the offset, doubled).
 */
export interface NotchUsed {
  from: 'base side' | 'mod width' | 'table';
  baseWidth: number;
  sideOffsetMm: number;
  attachX: number;
}

export function toolFigures(cat: Catalog, size: Ship['size']): ToolFigures {
  const t = cat.maneuverTool;
  const a = t.attach[size];
  const off = t.sideOffset.value;
  const real = cat.shipSizes[size].base.width;
  const notch: NotchUsed =
    a.status === 'set by the table'
      ? { from: 'table', baseWidth: 2 * (a.x - off), sideOffsetMm: off, attachX: a.x }
      : t.notch === 'mod'
        ? { from: 'mod width', baseWidth: 2 * (a.x - off), sideOffsetMm: off, attachX: a.x }
        : { from: 'base side', baseWidth: real, sideOffsetMm: off, attachX: real / 2 + off };
  return {
    jointLength: t.jointLength.value,
    clickAngle: t.clickAngle.value,
    maxClicks: t.maxClicks.value,
    attachX: notch.attachX,
    attachY: a.y,
    notch,
  };
}

/** The notch in words, for a maneuver's why. */
function notchWords(n: NotchUsed): string {
  const w = n.baseWidth.toFixed(2);
  return n.from === 'base side'
    ? `its joints ${n.sideOffsetMm.toFixed(2)} mm outside the base's real side (${w} mm wide; ` +
        `measurements.maneuverNotch: mod takes the reference mod's narrower base)`
    : n.from === 'mod width'
      ? `its joints placed as the reference mod places them, for its ${w} mm base (measurements.maneuverNotch: mod; ` +
        `the default measures from the real side)`
      : `its joints ${n.attachX.toFixed(2)} mm from the centre line, as the table sets them`;
}

const RAD = Math.PI / 180;
const norm = (deg: number): number => {
  const m = deg % 360;
  return m < 0 ? m + 360 : m === 0 ? 0 : m;
};

/**
 * The tool laid from a ship at `start`: its joints 0..N (N = clicks.length) and the ship's pose
 * if it stops at each joint (poses[0] is where it starts).
 */
export function toolChain(
  f: ToolFigures,
  start: Pose,
  side: 'left' | 'right',
  clicks: readonly number[],
): { joints: Point[]; poses: Pose[] } {
  const ax = side === 'right' ? f.attachX : -f.attachX,
    ay = f.attachY;
  let r = start.rotation;
  let c = Math.cos(r * RAD),
    s = Math.sin(r * RAD);
  let px = start.x + ax * c - ay * s,
    py = start.y + ax * s + ay * c;
  const joints: Point[] = [{ x: px, y: py }];
  const poses: Pose[] = [{ x: start.x, y: start.y, rotation: start.rotation }];
  for (const k of clicks) {
    px -= f.jointLength * s;
    py += f.jointLength * c;
    r -= f.clickAngle * k;
    c = Math.cos(r * RAD);
    s = Math.sin(r * RAD);
    joints.push({ x: px, y: py });
    poses.push({ x: px - (ax * c - ay * s), y: py - (ax * s + ay * c), rotation: norm(r) });
  }
  return { joints, poses };
}

/** The chart's row for a speed as players write it: "- I II" (straight, one click, two). */
export function chartRowText(row: readonly number[]): string {
  return row.map((n) => (n === 0 ? '-' : 'I'.repeat(n))).join(' ');
}

/** Every click list the row allows (each joint from -row[j] to +row[j]), speed 0: one empty list. */
export function allowedClickLists(row: readonly number[]): number[][] {
  let lists: number[][] = [[]];
  for (const m of row) {
    const next: number[][] = [];
    for (const l of lists) for (let c = 0 - m; c <= m; c++) next.push([...l, c]);
    lists = next;
  }
  return lists;
}

/** What the chart says of a speed and clicks: violations naming the row, empty when allowed. */
export function chartViolations(
  chart: SpeedChart | null,
  cls: string | undefined,
  speed: number,
  clicks: readonly number[],
): Violation[] {
  if (!chart || speed === 0) return [];
  const name = cls ?? 'this class';
  if (speed > chart.length) {
    return [
      {
        rule: `speed chart (${name}): speed ${speed} is not on the chart, whose top speed is ${chart.length}`,
        with: null,
        gapMm: null,
        speed,
        topSpeed: chart.length,
      },
    ];
  }
  const row = chart[speed - 1];
  const out: Violation[] = [];
  clicks.forEach((k, j) => {
    if (Math.abs(k) <= row[j]) return;
    out.push({
      rule:
        `speed chart (${name}, speed ${speed}: ${chartRowText(row)}): joint ${j + 1} allows ` +
        `${row[j] === 0 ? 'no click' : `at most ${row[j]} click${row[j] === 1 ? '' : 's'}`}, ${Math.abs(k)} given`,
      with: null,
      gapMm: null,
      row: [...row],
      joint: j + 1,
      clicks: k,
      allowed: row[j],
    });
  });
  return out;
}

/** What the maneuver answer reports of one obstacle the ship ends on. */
export interface ManeuverObstacle {
  obstacle: string;
  effect: string;
  part: 'base' | 'dial frame';
  /** how deep it lies there: the least move that clears it, as the overlaps' depthMm (written when first read) */
  depthMm: number;
  /** the catalog figure the verdict rests on when it is not an official size, as the overlaps' `restsOn` */
  restsOn?: RestsOn;
  /** only a frame on it: how far the plastic base stays clear of it, mm */
  baseGapMm?: number;
}

/** One maneuver judged (the `maneuver` answer of table-format.md, with additions). */
export interface ManeuverReport extends ProposalReport {
  ship: string;
  speed: number;
  speedUsed: number;
  clicks: number[];
  side: 'left' | 'right';
  tool: XY[];
  final: Pose;
  movedBack: number;
  shipsOverlapped: string[];
  obstacles: ManeuverObstacle[];
  squadronsToMove: string[];
  leavesPlayArea: boolean;
  /**
   * addition, when a gravity rift's distance-2 end lies near the ship's base as it determines course (within the
   * end's measured spread, or within 1 mm): the rift, how far, the end (`nearEnd`, as the rift section gives it)
   * and the maneuver read the other way (`otherwise`: at the other speed, its end's outcome and legality)
   */
  riftCall?: RiftCall;
  /** additions: the ships dealt a facedown damage card (it and the closest it would have overlapped) */
  damaged: string[];
  /** how far the plastic base pokes out of the play area, mm (0 inside) */
  outsideMm: number;
  /** obstacles and ships within 1 mm of the final footprint without overlapping it, with the gap */
  nearMisses: { piece: string; gapMm: number }[];
  /** where the ship would have ended without moving back */
  intended: Pose;
  /** the class's chart row used, or null when the class (and so its chart) is unknown */
  chartRow: number[] | null;
  /**
   * addition: where the tool's joints were measured from across the ship (the base's real side, the mod's
   * width, the table's figure)
   */
  notch: NotchUsed;
  /**
   * additions, when the ship lands on squadrons (and stays on the table): where each goes, the
   * player's (`chosen`, from the proposal's `placements`) or proposed as an exogorth's displaced
   * squadrons are (touching the ship, else touching a squadron that touches it); `placementNotes`
   * says why, `unplaced` lists any the search found no place for, `placementsBy` the player who
   * places them (the opponent of the ship's owner)
   */
  placements?: Record<string, { x: number; y: number }>;
  placementNotes?: Record<string, string>;
  placementsBy?: number;
  chosen?: string[];
  unplaced?: string[];
  why: string;
}

/** A maneuver whose speed turns on a gravity rift's distance-2 end: the end, and the maneuver read otherwise. */
export interface RiftCall {
  rift: string;
  mm: number;
  nearEnd: RiftEdge;
  /** the maneuver with the rift read the other way: at distance 2 (one less) or beyond it (the speed as asked) */
  otherwise: { speedUsed: number; outcome: ManeuverOutcome; legal: boolean; final: Pose };
}

/** How close a miss is still worth naming, mm. */
const NEAR_MISS_MM = 1;

/** The parts of a ship that a maneuver's end is judged with, placed at a pose. */
interface Placed {
  base: Polygon;
  footprint: Polygon;
}

/** One ship about to maneuver: its local shapes, its tool figures, its rift reduction; built once per fan. */
export class ManeuverContext {
  readonly entry: ShipEntry;
  readonly figures: ToolFigures;
  /** the gravity rift at distance 1-2 as it determines course (its closest point), if any */
  readonly rift: { id: string; band: number; mm: number } | null;
  /**
   * the rift whose distance-2 end decides whether the speed is reduced, when the base lies near that end: the one
   * rift applying (no other), or the nearest beyond distance 2 (none applying)
   */
  readonly riftEdge: { id: string; mm: number; edge: RiftEdge } | null;
  private readonly local: Placed;

  constructor(
    readonly world: World,
    shipId: string,
    readonly chart: SpeedChart | null,
  ) {
    const e = world.byId.get(shipId);
    if (!e || e.kind !== 'ship') throw new Error(`no ship with id "${shipId}"`);
    this.entry = e;
    this.figures = toolFigures(world.catalog, e.piece.size);
    const l = localShipShapes(world.catalog, e.piece.size, e.piece.class);
    this.local = { base: l.base, footprint: l.footprint };
    const at = rift(world).filter((x) => x.ship === shipId);
    const r = at[0];
    this.rift = r ? { id: r.rift as string, band: r.band, mm: r.mm as number } : null;
    // read the other way, the speed changes only if no other rift holds it where it is
    const near = at.length
      ? at.length === 1 && r.nearEnd
        ? [{ rift: r.rift as string, mm: r.mm as number, nearEnd: r.nearEnd }]
        : []
      : (riftNear(world) ?? []).filter((x) => x.ship === shipId);
    const n = near.reduce<(typeof near)[number] | null>(
      (b, x) => (!b || x.nearEnd.marginMm < b.nearEnd.marginMm ? x : b),
      null,
    );
    this.riftEdge = n ? { id: n.rift, mm: n.mm, edge: n.nearEnd } : null;
  }

  /** The speed a maneuver at `speed` is executed at: one less at distance 1-2 of a rift (`applies`). */
  speedUsed(speed: number, applies = !!this.rift): number {
    return applies ? Math.max(0, speed - 1) : speed;
  }

  placed(p: Pose): Placed {
    return {
      base: this.local.base.placed(p.x, p.y, p.rotation),
      footprint: this.local.footprint.placed(p.x, p.y, p.rotation),
    };
  }

  /** Other ships whose footprints the ship's footprint would overlap at this pose. */
  shipsUnder(fp: Polygon): ShipEntry[] {
    const out: ShipEntry[] = [];
    for (const s of this.world.ships) {
      if (s === this.entry || hullsApartBeyond(fp, s.shapes.footprint, TOLERANCE_MM)) continue;
      if (relate(fp, s.shapes.footprint).kind === 'overlap') out.push(s);
    }
    return out;
  }

  /** Judge one maneuver: speed as asked (before a rift), clicks for the joints (missing ones straight). */
  judge(id: string, speed: number, clicksIn: readonly number[], side: 'left' | 'right'): ManeuverReport {
    const applies = !!this.rift;
    const e = this.riftEdge;
    // the rift's band end read the other way: the same maneuver at the other speed, judged when first read
    const call = e
      ? lazy({ rift: e.id, mm: e.mm, nearEnd: e.edge } as RiftCall, 'otherwise', () => {
          const o = this.judgeAs(id, speed, clicksIn, side, !applies);
          return { speedUsed: o.speedUsed, outcome: maneuverOutcome(o), legal: o.legal, final: o.final };
        })
      : undefined;
    return this.judgeAs(id, speed, clicksIn, side, applies, call);
  }

  /** One maneuver judged with a rift's reduction applied or not (`applies`); `call`: its close call, if any. */
  // eslint-disable-next-line max-lines-per-function -- the tool's steps in the recipe's order
  private judgeAs(
    id: string,
    speed: number,
    clicksIn: readonly number[],
    side: 'left' | 'right',
    applies: boolean,
    call?: RiftCall,
  ): ManeuverReport {
    const { world, entry } = this;
    const ship = entry.piece;
    const used = this.speedUsed(speed, applies);
    const clicks = Array.from({ length: used }, (_, j) => clicksIn[j] ?? 0);
    const violations = this.chart ? chartViolations(this.chart, ship.class, used, clicks) : [];
    const { joints, poses } = toolChain(this.figures, ship, side, clicks);
    // move back joint by joint while the end overlaps a ship; speed 0 is where it started
    let k = used;
    let at = this.placed(poses[k]);
    const overlapped: ShipEntry[] = [];
    let lastHit: ShipEntry[] = [];
    while (k > 0) {
      const hit = this.shipsUnder(at.footprint);
      if (!hit.length) break;
      for (const h of hit) if (!overlapped.includes(h)) overlapped.push(h);
      lastHit = hit;
      k--;
      at = this.placed(poses[k]);
    }
    const final = poses[k];
    let closest: { ship: ShipEntry; mm: number } | null = null;
    for (const h of lastHit) {
      const mm = relate(at.base, h.shapes.base).distance;
      if (!closest || mm < closest.mm) closest = { ship: h, mm };
    }
    // obstacles, squadrons and the play area at the end
    const ghost: ShipEntry = { ...entry, piece: { ...ship, ...final } };
    const obstacles: ManeuverObstacle[] = [];
    const nearMisses: { piece: string; gapMm: number }[] = [];
    for (const o of world.obstacles) {
      if (hullsApartBeyond(at.footprint, o.outline, NEAR_MISS_MM)) continue;
      const r = relate(at.footprint, o.outline);
      if (r.kind === 'overlap') {
        const onBase = relate(at.base, o.outline);
        const part = onBase.kind === 'overlap' ? 'base' : 'dial frame';
        const entry = lazy(
          { obstacle: o.id, effect: overlapEffect(world, ghost, o), part } as ManeuverObstacle,
          'depthMm',
          // the overlaps' measure (the least move that clears it), on the ship's shapes where it ends
          () => shipObstacleDepth({ shapes: shipShapes(world.catalog, ghost.piece) }, o),
        );
        // what it rests on, as the overlaps section says it for the same pose
        const rests = shipRestsOn(world, ghost, part);
        if (rests) entry.restsOn = rests;
        if (part === 'dial frame') entry.baseGapMm = onBase.distance;
        obstacles.push(entry);
      } else if (r.distance <= NEAR_MISS_MM) nearMisses.push({ piece: o.id, gapMm: r.distance });
    }
    if (k > 0) {
      for (const s of world.ships) {
        if (s === entry || hullsApartBeyond(at.footprint, s.shapes.footprint, NEAR_MISS_MM)) continue;
        const r = relate(at.footprint, s.shapes.footprint);
        if (r.kind !== 'overlap' && r.distance <= NEAR_MISS_MM)
          nearMisses.push({ piece: s.id, gapMm: r.distance });
      }
    }
    const squadronsToMove: string[] = [];
    if (k > 0) {
      for (const q of world.squadrons) {
        const c = q.circle,
          f = at.footprint;
        if (c.cx + c.r < f.minX || c.cx - c.r > f.maxX || c.cy + c.r < f.minY || c.cy - c.r > f.maxY)
          continue;
        if (relate(c, f).kind === 'overlap') squadronsToMove.push(q.id);
      }
    }
    // the play area as the offTable section judges it: the base's farthest overshoot, dials ignored
    const outsideMm = Math.max(
      0,
      outsideBy({ ...entry, shapes: { ...entry.shapes, base: at.base } }, playArea(world)).mm,
    );
    const report: ManeuverReport = {
      id,
      kind: 'maneuver',
      legal: violations.length === 0,
      violations,
      ship: entry.id,
      speed,
      speedUsed: used,
      clicks,
      side,
      tool: joints.map((p): XY => [p.x, p.y]),
      final: { ...final },
      movedBack: used - k,
      shipsOverlapped: overlapped.map((s) => s.id),
      obstacles,
      squadronsToMove,
      leavesPlayArea: outsideMm > TOLERANCE_MM,
      damaged: closest ? [entry.id, closest.ship.id] : [],
      outsideMm,
      nearMisses,
      intended: { ...poses[used] },
      chartRow: this.chart && used > 0 && used <= this.chart.length ? [...this.chart[used - 1]] : null,
      notch: this.figures.notch,
      ...(call ? { riftCall: call } : {}),
    } as Omit<ManeuverReport, 'why'> as ManeuverReport;
    return lazy(report, 'why', () => this.explain(report, clicksIn.length, closest, applies));
  }

  // eslint-disable-next-line max-lines-per-function -- the why in the answer's order, a sentence a step
  private explain(
    m: ManeuverReport,
    given: number,
    closest: { ship: ShipEntry; mm: number } | null,
    applies: boolean,
  ): string {
    const f = this.figures;
    const ship = this.entry.piece;
    const parts: string[] = [];
    const clickText = m.clicks.length ? `clicks [${m.clicks.join(', ')}]` : 'no clicks';
    const edge = m.riftCall;
    if (applies && this.rift) {
      parts.push(
        `${m.ship} is ${this.rift.mm.toFixed(2)} mm from ${this.rift.id}, a gravity rift ` +
          `(distance ${this.rift.band}), as it determines course: speed ${m.speed} becomes ${m.speedUsed}` +
          (given > m.speedUsed ? `, and the clicks past joint ${m.speedUsed} are ignored` : '') +
          '.',
      );
    } else if (edge) {
      parts.push(
        `${m.ship} is ${edge.mm.toFixed(2)} mm from ${edge.rift}, a gravity rift, beyond distance 2 as it ` +
          `determines course: speed ${m.speed} stays ${m.speedUsed}.`,
      );
    }
    if (edge) {
      const o = edge.otherwise;
      parts.push(
        `${riftEdgeWords(edge.nearEnd, edge.mm, edge.rift)}; read ${applies ? 'beyond' : 'at'} distance 2, it ` +
          `would execute speed ${o.speedUsed} and end ${OUTCOME_WORDS[o.outcome]}` +
          `${o.legal ? '' : ' (not allowed by the speed chart)'}.`,
      );
    }
    if (given < m.speedUsed)
      parts.push(`Joints ${given + 1}-${m.speedUsed} were given no clicks and are straight.`);
    if (!this.chart) {
      parts.push(
        `${m.ship} has ${ship.class ? `class ${ship.class} with no speed chart in the catalog` : 'no class'}, so the ` +
          `clicks are judged only against the tool (at most ${f.maxClicks} a joint), not a speed chart.`,
      );
    } else if (m.violations.length) {
      parts.push(`Not allowed: ${m.violations.map((v) => v.rule).join('; ')}.`);
    } else if (m.speedUsed > 0) {
      parts.push(
        `The speed chart of class ${ship.class} allows ${clickText} at speed ${m.speedUsed} ` +
          `(${chartRowText(this.chart[m.speedUsed - 1])}).`,
      );
    }
    if (m.speedUsed === 0) {
      parts.push(`At speed 0 ${m.ship} stays where it is.`);
    } else {
      const p = m.intended;
      parts.push(
        `The tool set against the ${m.side} side (${notchWords(f.notch)}; joints ${f.jointLength.toFixed(2)} mm ` +
          `apart, ${f.clickAngle} degrees a click) with ${clickText} ` +
          `puts ${m.ship} at (${p.x.toFixed(2)}, ${p.y.toFixed(2)}), rotation ${p.rotation.toFixed(2)}.`,
      );
    }
    if (m.movedBack > 0) {
      const other = closest
        ? `${closest.ship.id} (the closest, ${closest.mm.toFixed(2)} mm away at the end)`
        : '';
      parts.push(
        `There it would overlap ${m.shipsOverlapped.join(', ')} (footprints with shield dials), so it moves back ` +
          `${m.movedBack} joint${m.movedBack === 1 ? '' : 's'} ` +
          (m.movedBack < m.speedUsed
            ? `to (${m.final.x.toFixed(2)}, ${m.final.y.toFixed(2)}), rotation ${m.final.rotation.toFixed(2)}`
            : 'to speed 0 and stays where it started') +
          `; it and ${other} are each dealt one facedown damage card.`,
      );
    }
    if (m.obstacles.length) {
      parts.push(
        `It ends on ${m.obstacles
          .map(
            (o) =>
              `${o.obstacle} (${o.part === 'base' ? 'base' : 'only a shield-dial frame'} ` +
              `${o.depthMm.toFixed(2)} mm deep` +
              (o.baseGapMm !== undefined ? `, its plastic base ${o.baseGapMm.toFixed(2)} mm clear` : '') +
              `: ${o.effect}${o.restsOn ? `; ${restsWords(o.restsOn)}` : ''})`,
          )
          .join(', ')}.`,
      );
    }
    for (const n of m.nearMisses)
      parts.push(
        `It ends ${n.gapMm.toFixed(2)} mm clear of ` +
          `${n.piece}${n.gapMm <= TOLERANCE_MM ? ' (touching, which is not overlapping)' : ''}.`,
      );
    if (m.squadronsToMove.length)
      parts.push(
        `Squadrons under it (${m.squadronsToMove.join(', ')}) are placed touching it by the opponent.`,
      );
    if (m.leavesPlayArea)
      parts.push(`Its base ends ${m.outsideMm.toFixed(2)} mm outside the play area: it is destroyed.`);
    if (
      m.speedUsed > 0 &&
      !m.movedBack &&
      !m.obstacles.length &&
      !m.squadronsToMove.length &&
      !m.leavesPlayArea
    ) {
      parts.push('It ends clear of every ship and obstacle, inside the play area.');
    }
    return parts.join(' ');
  }

  /** Every click list the chart allows at `speed` (after a rift), each judged; unknown chart: every tool setting. */
  /**
   * Every allowed click list judged; with `over` (a budget), the list stops before the first
   * maneuver not begun in time, each judged one worked out whole (`settle`), and `asked` says how
   * many there were.
   */
  fan(
    id: string,
    speed: number,
    side: 'left' | 'right',
    over?: () => boolean,
  ): ManeuverReport[] & { asked?: number } {
    const used = this.speedUsed(speed);
    const row = this.chart
      ? used === 0
        ? []
        : this.chart[used - 1]
      : Array.from({ length: used }, () => this.figures.maxClicks);
    if (!row) return [];
    const lists = allowedClickLists(row);
    if (!over) return lists.map((clicks, i) => this.judge(`${id}.${i}`, speed, clicks, side));
    const out: ManeuverReport[] & { asked?: number } = [];
    out.asked = lists.length;
    for (let i = 0; i < lists.length && !over(); i++) {
      const m = this.judge(`${id}.${i}`, speed, lists[i], side);
      settle(m);
      out.push(m);
    }
    return out;
  }
}

export type ManeuverOutcome = 'clean' | 'obstacle' | 'ship' | 'off-table';

/** An outcome after "end", for a why. */
const OUTCOME_WORDS: Record<ManeuverOutcome, string> = {
  clean: 'clean',
  obstacle: 'on an obstacle',
  ship: 'overlapping a ship (moved back)',
  'off-table': 'off the table (destroyed)',
};

/** The worst thing that happens at the end of a maneuver: off the table, a ship hit, an obstacle, or nothing. */
export function maneuverOutcome(m: ManeuverReport): ManeuverOutcome {
  if (m.leavesPlayArea) return 'off-table';
  if (m.movedBack > 0) return 'ship';
  if (m.obstacles.length) return 'obstacle';
  return 'clean';
}

/**
 * A value worked out when first read and kept, as an enumerable property (so JSON.stringify and
 * plainReport write it): an overlap's depth (a bisection) and the sentence that quotes it cost
 * more than every verdict of a maneuver, and a fan of hundreds reads few of them.
 */
function lazy<T extends object>(o: T, key: string, f: () => unknown): T {
  let done = false,
    v: unknown;
  Object.defineProperty(o, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!done) {
        v = f();
        done = true;
      }
      return v;
    },
    set: (x) => {
      v = x;
      done = true;
    },
  });
  return o;
}

/** The `maneuver` proposal's answer, with places for the squadrons the ship lands on. */
export function judgeManeuver(world: World, p: ManeuverProposal, chart: SpeedChart | null): ManeuverReport {
  const ctx = new ManeuverContext(world, p.ship, chart);
  const m = ctx.judge(p.id, p.speed ?? ctx.entry.piece.speed, p.clicks, p.side);
  if (m.squadronsToMove.length && !m.leavesPlayArea) placeLandedOn(world, m, p.placements ?? {});
  return m;
}

/** The world with the ship where the maneuver puts it: the squadrons it lands on are placed around it there. */
export function landedWorld(world: World, shipId: string, final: Pose): World {
  const t = world.table;
  return new World(
    {
      ...t,
      ships: t.ships.map((s) =>
        s.id === shipId ? { ...s, x: final.x, y: final.y, rotation: final.rotation } : s,
      ),
    },
    world.base,
    world,
  );
}

/** What a squadron placed on an obstacle after a ship's move suffers: nothing (rules reference 1.5). */
const NO_EFFECT = () => 'no effect: placed aside after a ship moved, it resolves nothing for the obstacle';

/**
 * Places for the squadrons a ship lands on (reference section 9, rules reference 1.5): the
 * opponent of the ship's owner places them, as many as possible touching the ship (its
 * footprint, dials and frames included: what it overlaps with), one that cannot touching a
 * squadron that touches it, none overlapping another squadron or a ship, none outside the play
 * area; one on an obstacle resolves no effect. Found and judged as an exogorth's displaced
 * squadrons are (placeDisplaced, judgeDisplacedSpot); the player's own places (`chosen`) are judged.
 */
function placeLandedOn(
  world: World,
  m: ManeuverReport,
  chosenIn: Record<string, { x: number; y: number }>,
): void {
  const w = landedWorld(world, m.ship, m.final);
  const entry = w.byId.get(m.ship);
  if (entry?.kind !== 'ship') return;
  const E = entry.shapes.footprint;
  const displaced = w.squadrons.filter((q) => m.squadronsToMove.includes(q.id));
  const chosen: Record<string, { x: number; y: number }> = Object.create(null);
  for (const q of displaced) if (Object.hasOwn(chosenIn, q.id)) chosen[q.id] = chosenIn[q.id];
  const opts = { effect: NO_EFFECT };
  const found = placeDisplaced(
    w,
    E,
    m.ship,
    displaced.filter((q) => !(q.id in chosen)),
    chosen,
    opts,
  );
  const spots: Record<string, { x: number; y: number }> = Object.create(null);
  for (const q of displaced) {
    const at = chosen[q.id] ?? found.placements[q.id];
    if (at) spots[q.id] = at;
  }
  const by = 3 - entry.piece.player;
  const bad: Violation[] = [];
  for (const id of Object.keys(chosen)) {
    const v = judgeDisplacedSpot(w, E, m.ship, id, chosen[id], spots, opts);
    bad.push(...v.violations);
    found.notes[id] = `placed there by player ${by}: ${v.why}`;
  }
  m.placements = spots;
  m.placementNotes = found.notes;
  m.placementsBy = by;
  if (Object.keys(chosen).length) m.chosen = Object.keys(chosen);
  if (found.unplaced.length) m.unplaced = found.unplaced;
  if (bad.length) {
    m.violations.push(...bad);
    m.legal = false;
  }
  const why = m.why;
  const words = displaced.map((q) =>
    spots[q.id]
      ? `${q.id} to (${spots[q.id].x.toFixed(2)}, ${spots[q.id].y.toFixed(2)}), ${found.notes[q.id]}`
      : `${q.id}: ${found.notes[q.id]}`,
  );
  m.why =
    `${why} Player ${by} places them (${Object.keys(chosen).length ? 'as chosen, the rest proposed' : 'proposed'}): ` +
    `${words.join('; ')}.` +
    (bad.length
      ? ` A squadron is not where the rule lets it go: ${bad.map((v) => `${v.piece} ${v.rule}`).join('; ')}.`
      : '');
}

/** The `maneuver-fan` proposal's answer: one maneuver answer per allowed click list, each with its clicks. */
export function judgeManeuverFan(
  world: World,
  p: ManeuverFanProposal,
  chart: SpeedChart | null,
  budget?: Budget,
): ProposalReport {
  const ctx = new ManeuverContext(world, p.ship, chart);
  const speed = p.speed ?? ctx.entry.piece.speed;
  const used = ctx.speedUsed(speed);
  const violations =
    chart && used > chart.length ? chartViolations(chart, ctx.entry.piece.class, used, []) : [];
  const maneuvers = violations.length ? [] : ctx.fan(p.id, speed, p.side, budget && (() => budget.over()));
  const asked = (maneuvers as { asked?: number }).asked;
  const cut = asked !== undefined && maneuvers.length < asked;
  if (cut) budget!.cutInside({ id: p.id, of: 'maneuvers', judged: maneuvers.length, asked });
  const count = (f: (m: ManeuverReport) => boolean) => maneuvers.filter(f).length;
  const why =
    (cut ? `Cut by the budget: the first ${maneuvers.length} of ${asked} click lists judged. ` : '') +
    (violations.length
      ? `${violations[0].rule}.`
      : `${maneuvers.length} click list${maneuvers.length === 1 ? '' : 's'} at speed ${used}` +
        (used !== speed ? ` (speed ${speed} less one for ${ctx.rift?.id}, a gravity rift)` : '') +
        (chart
          ? ` as the speed chart of class ${ctx.entry.piece.class} allows`
          : `, every setting of the tool ` +
            `(${ctx.entry.piece.class ? 'no speed chart for its class' : 'the ship has no class'})`) +
        `: ${count((m) => !m.movedBack && !m.obstacles.length && !m.leavesPlayArea)} end clean, ` +
        `${count((m) => m.obstacles.length > 0)} on an obstacle, ` +
        `${count((m) => m.movedBack > 0)} collide with a ship, ${count((m) => m.leavesPlayArea)} leave the play area.`);
  return {
    id: p.id,
    kind: 'maneuver-fan',
    legal: violations.length === 0,
    violations,
    ship: p.ship,
    speed,
    speedUsed: used,
    side: p.side,
    maneuvers: [...maneuvers],
    why,
  };
}

/**
 * Which of a maneuver answer's margins are too close to call at a placement precision (mm): each near miss whose
 * gap, each obstacle whose depth, is under it; the gravity rift's band end when the base lies within the end's
 * measured spread or nearer than the precision. `any`: the outcome could go either way with real pieces.
 */
export function maneuverCalls(
  m: ManeuverReport,
  precisionMm: number,
): { misses: boolean[]; obstacles: boolean[]; rift: boolean; any: boolean } {
  const misses = m.nearMisses.map((n) => n.gapMm < precisionMm);
  const obstacles = m.obstacles.map((x) => x.depthMm < precisionMm);
  const e = m.riftCall?.nearEnd;
  const rift = !!e && (e.inSpread || e.marginMm < precisionMm);
  return { misses, obstacles, rift, any: rift || misses.includes(true) || obstacles.includes(true) };
}
