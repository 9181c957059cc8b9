import catalogJson from '../../assets/catalog.json';
import outlinesJson from '../../assets/obstacle-outlines.json';
import classesJson from '../../assets/ship-classes.json';

export type ShipSize = 'small' | 'medium' | 'large' | 'huge';
export const SHIP_SIZES: readonly ShipSize[] = ['small', 'medium', 'large', 'huge'];
export type HullZoneName =
  | 'front'
  | 'left'
  | 'right'
  | 'rear'
  | 'front-left'
  | 'front-right'
  | 'rear-left'
  | 'rear-right';
/** a small, medium or large ship's four hull zones */
export const HULL_ZONES: readonly HullZoneName[] = ['front', 'left', 'right', 'rear'];
/** a huge ship's six hull zones (table-format.md) */
export const HUGE_HULL_ZONES: readonly HullZoneName[] = [
  'front',
  'front-left',
  'front-right',
  'rear-left',
  'rear-right',
  'rear',
];
export const zonesOf = (size: ShipSize): readonly HullZoneName[] =>
  size === 'huge' ? HUGE_HULL_ZONES : HULL_ZONES;

export const OBSTACLE_TYPES = [
  'asteroid-a',
  'asteroid-b',
  'asteroid-c',
  'debris-a',
  'debris-b',
  'station',
  'dust-1',
  'dust-2',
  'exogorth-1',
  'exogorth-2',
  'gravity-rift',
  'purrgil-1',
  'purrgil-2',
] as const;
export type ObstacleType = (typeof OBSTACLE_TYPES)[number];
export type ObstacleKind =
  | 'asteroid'
  | 'debris'
  | 'station'
  | 'dust'
  | 'exogorth'
  | 'gravity-rift'
  | 'purrgil';

export interface Band {
  name: string;
  /** The band's far end line, mm from the ruler's bottom end; the line belongs to this band. */
  end: number;
  spread?: [number, number];
  status?: string;
}

export interface ArcProfile {
  /** mm back from the token's front edge where a front arc line meets the token's side (0: the corner) */
  frontOffset: number;
  /** mm back from the front edge where the two front arc lines meet on the centreline */
  frontConj: number;
  rearOffset: number;
  rearConj: number;
  /** when frontOffset is 0: mm in from the front corner, along the front edge, where the line leaves the token */
  frontEndInset?: number;
  rearEndInset?: number;
  /** huge ships: mm back from the front edge of the transverse line between the forward and rear side zones */
  sideSplit?: number;
  /** which dataset these figures come from (a key of the class's arcSources) */
  source?: string;
  uncertaintyMm?: number;
  status?: string;
}

export interface TargetingProfile {
  /** mm from the token's front edge, on the centreline */
  front: number;
  rear: number;
  /** [offset from the centreline, mm from the front edge] of the side points */
  side: [number, number];
  /** huge ships: the rear side pair (`side` is then the forward side pair) */
  sideRear?: [number, number];
  status?: string;
}

export interface ShipSizeSpec {
  /** huge: the whole base, two large bases of baseLength in line with a gap between them */
  base: { width: number; length: number; baseLength?: number; gap?: number; status?: string };
  token: { width: number; length: number; status?: string };
  /**
   * `insetSpread`: the insets the estimate allows, mm: from the base's edge (0) to the catalog's guess. A verdict
   * of the 1.5 dial rule that an inset in it would flip rests on the estimate (the ruling card says so)
   */
  dialFrame: {
    width: number;
    protrusion: number;
    inset: number;
    insetSpread?: [number, number];
    status?: string;
  };
}

export type Faction = 'empire' | 'rebel' | 'republic' | 'separatist';

export interface ShipClassSpec {
  name: string;
  faction: Faction;
  /** a class implies its size */
  size: ShipSize;
  /** the card names of its variants, as fleet lists name them */
  cards: string[];
  /** one row per speed 1..max: the most yaw clicks allowed at each joint */
  speedChart: number[][];
  /** the arc lines in use: arcSources[defaultArcSource] unless a table chose another source */
  arcs: ArcProfile;
  arcSources: Record<string, ArcProfile>;
  defaultArcSource: string;
  defaultArcSourceWhy: string;
  targetingPoints: TargetingProfile;
  flags?: string[];
  /** the figures this table's class edit changed (`arcs.frontOffset`, `targetingPoints.side`, ...), when it has one */
  edited?: string[];
}

/** The arc figures a table may correct for a class (`measurements.classes`), mm on the catalog's token. */
export const ARC_EDIT_KEYS = [
  'frontOffset',
  'frontConj',
  'rearOffset',
  'rearConj',
  'frontEndInset',
  'rearEndInset',
  'sideSplit',
] as const;
export type ArcEditKey = (typeof ARC_EDIT_KEYS)[number];
export const TARGETING_EDIT_KEYS = ['front', 'rear', 'side', 'sideRear'] as const;
export type TargetingEditKey = (typeof TARGETING_EDIT_KEYS)[number];

/**
 * A table's correction of one class's token (`measurements.classes.<class>`), measured by a player
 * on the cardboard: every figure in mm on the token as the catalog sizes it (arc figures are kept in
 * the catalog on the arc dataset's token and scaled; an edit is what the player measured, unscaled).
 */
export interface ClassEdit {
  arcs?: Partial<Record<ArcEditKey, number>>;
  targetingPoints?: { front?: number; rear?: number; side?: [number, number]; sideRear?: [number, number] };
}

/** The arc-line datasets a table may choose among (`measurements.arcSource`). */
export const ARC_SOURCES = ['section7', 'mesh'] as const;
export type ArcSource = (typeof ARC_SOURCES)[number];

export interface TableSpec {
  width: number;
  height: number;
  setupArea: { x0: number; y0: number; x1: number; y1: number };
  status?: string;
}

export interface ObstacleSpec {
  kind: ObstacleKind;
  name: string;
  /** Outline in mm, counter-clockwise, area centroid at the origin. */
  outline: [number, number][];
}

/** One uncertain figure of the maneuver tool, with its spread and how it is known. */
export interface ToolFigure {
  value: number;
  spread?: [number, number];
  status?: string;
}

/** The maneuver tool (../shared/reference/maneuver-tool.md): where it sets against each base size, its joints. */
export interface ManeuverToolSpec {
  /** joint-to-joint length, mm */
  jointLength: ToolFigure;
  /** degrees one click turns the next segment */
  clickAngle: ToolFigure;
  /** the most clicks a joint takes either way */
  maxClicks: ToolFigure;
  /** how the tool is drawn (no verdict uses these): body width, joint ball radius, arrow tip past the last joint */
  drawing: { bodyWidth: number; jointRadius: number; arrowLength: number };
  /**
   * the tool's reference point (joint 0) in the ship frame: x outside the chosen side, y toward the bow (x:
   * the mod's bases)
   */
  attach: Record<ShipSize, { x: number; y: number; spreadX?: [number, number]; status?: string }>;
  /** where x is measured from: the base's real side plus sideOffset ('side', default), or the mod's attach.x ('mod') */
  notch: ManeuverNotch;
  /** how far outside the base's side the tool's joints run, mm */
  sideOffset: ToolFigure;
}

/** Where the maneuver tool's joints are measured from across the ship. */
export type ManeuverNotch = 'side' | 'mod';
export const MANEUVER_NOTCHES: readonly ManeuverNotch[] = ['side', 'mod'];

export interface Catalog {
  tables: Record<'3x6' | '3x3', TableSpec>;
  ruler: { range: Band[]; distance: Band[] };
  squadron: { diameter: number; spread?: [number, number]; status?: string };
  shipSizes: Record<ShipSize, ShipSizeSpec>;
  arcDataset: { tokenLength: Record<ShipSize, number>; tokenWidth: Record<ShipSize, number> };
  defaultProfiles: Record<ShipSize, { arcs: ArcProfile; targetingPoints: TargetingProfile }>;
  shipClasses: Record<string, ShipClassSpec>;
  factions: Record<Faction, string>;
  obstacles: Record<ObstacleType, ObstacleSpec>;
  obstacleEffects: Record<ObstacleKind, { ship: string | null; squadron: string | null }>;
  maneuverTool: ManeuverToolSpec;
  /** set by withMeasurements: the catalog before any table's measurements */
  unmeasured?: Catalog;
}

function build(): Catalog {
  const raw = catalogJson as unknown as Omit<Catalog, 'obstacles' | 'shipClasses' | 'factions'> & {
    obstacles: Record<ObstacleType, { kind: ObstacleKind; name: string }>;
  };
  const outlines = (outlinesJson as unknown as { obstacles: Record<string, { outline: [number, number][] }> })
    .obstacles;
  const obstacles = {} as Record<ObstacleType, ObstacleSpec>;
  for (const type of OBSTACLE_TYPES) {
    const o = raw.obstacles[type];
    const outline = outlines[type]?.outline;
    if (!o || !outline) throw new Error(`catalog: obstacle ${type} has no entry or no outline`);
    obstacles[type] = { kind: o.kind, name: o.name, outline };
  }
  const cls = classesJson as unknown as {
    factions: Record<Faction, string>;
    classes: Record<string, Omit<ShipClassSpec, 'arcs'>>;
  };
  const shipClasses: Record<string, ShipClassSpec> = {};
  for (const [id, c] of Object.entries(cls.classes)) {
    const arcs = c.arcSources[c.defaultArcSource];
    if (!arcs) throw new Error(`catalog: ship class ${id} has no arc source ${c.defaultArcSource}`);
    shipClasses[id] = { ...c, arcs: { ...arcs, source: c.defaultArcSource } };
  }
  return { ...raw, obstacles, shipClasses, factions: cls.factions };
}

/**
 * A class's speed chart: result[s - 1][j] is the most yaw clicks allowed at joint j (0-based) at
 * speed s, as in ship-classes.json ([[2], [0, 2], [0, 0, 2]]); null when the class is absent or unknown.
 */
export function speedChart(
  catalog: Catalog,
  shipClass: string | undefined,
): readonly (readonly number[])[] | null {
  if (shipClass === undefined || !Object.hasOwn(catalog.shipClasses, shipClass)) return null;
  return catalog.shipClasses[shipClass].speedChart;
}

/** The catalog's class for an id, or undefined (never a property of Object.prototype). */
export function shipClass(catalog: Catalog, id: string | undefined): ShipClassSpec | undefined {
  return id !== undefined && Object.hasOwn(catalog.shipClasses, id) ? catalog.shipClasses[id] : undefined;
}

/** The catalog shipped in assets/, read once. Treat as read-only; use withMeasurements to vary it. */
export const CATALOG: Catalog = build();

/** Measurements a table file (or the user) may override. */
export interface MeasurementOverrides {
  rangeBands?: Partial<Record<'close' | 'medium' | 'long', number>>;
  distanceBands?: Partial<Record<'1' | '2' | '3' | '4' | '5', number>>;
  squadronDiameter?: number;
  dialFrame?: { width?: number; protrusion?: number };
  /** the maneuver tool: joint length, click angle, and each base size's attachment (smallX, smallY, ...) */
  maneuverTool?: Partial<Record<ToolOverrideKey, number>>;
  /** which dataset's arc lines every class uses where it has that dataset (default: each class's own default) */
  arcSource?: ArcSource;
  /** where the maneuver tool's joints are measured from: the base's real side (default) or the mod's narrower bases */
  maneuverNotch?: ManeuverNotch;
  /** per class id, the player's corrections of its arc lines and targeting points (ClassEdit) */
  classes?: Record<string, ClassEdit>;
}

export const TOOL_OVERRIDE_KEYS = [
  'jointLength',
  'clickAngle',
  'smallX',
  'smallY',
  'mediumX',
  'mediumY',
  'largeX',
  'largeY',
] as const;
export type ToolOverrideKey = (typeof TOOL_OVERRIDE_KEYS)[number];

function toolWith(base: ManeuverToolSpec, m: MeasurementOverrides['maneuverTool']): ManeuverToolSpec {
  if (!m) return base;
  const set = 'set by the table';
  const fig = (f: ToolFigure, v: number | undefined): ToolFigure =>
    v === undefined ? f : { value: v, status: set };
  const attach = { ...base.attach };
  for (const s of ['small', 'medium', 'large'] as const) {
    const x = m[`${s}X`],
      y = m[`${s}Y`];
    if (x !== undefined || y !== undefined)
      attach[s] = { x: x ?? attach[s].x, y: y ?? attach[s].y, status: set };
  }
  return {
    ...base,
    jointLength: fig(base.jointLength, m.jointLength),
    clickAngle: fig(base.clickAngle, m.clickAngle),
    attach,
  };
}

export function withMeasurements(base: Catalog, m: MeasurementOverrides | undefined): Catalog {
  if (!m) return base;
  const bandsWith = (bands: Band[], over: Record<string, number | undefined> | undefined): Band[] =>
    bands.map((b) =>
      over && over[b.name] !== undefined
        ? { ...b, end: over[b.name] as number, status: 'set by the table' }
        : b,
    );
  const shipSizes = { ...base.shipSizes };
  if (m.dialFrame) {
    for (const s of SHIP_SIZES) {
      shipSizes[s] = {
        ...shipSizes[s],
        dialFrame: { ...shipSizes[s].dialFrame, ...m.dialFrame, status: 'set by the table' },
      };
    }
  }
  return {
    ...base,
    ruler: {
      range: bandsWith(base.ruler.range, m.rangeBands),
      distance: bandsWith(base.ruler.distance, m.distanceBands),
    },
    squadron:
      m.squadronDiameter !== undefined
        ? { diameter: m.squadronDiameter, status: 'set by the table' }
        : base.squadron,
    shipSizes,
    maneuverTool: {
      ...toolWith(base.maneuverTool, m.maneuverTool),
      ...(m.maneuverNotch ? { notch: m.maneuverNotch } : {}),
    },
    shipClasses: withClassEdits(
      base,
      m.arcSource ? withArcSource(base.shipClasses, m.arcSource) : base.shipClasses,
      m.classes,
    ),
    unmeasured: base.unmeasured ?? base,
  };
}

/** Arc-dataset mm per token mm of a size: along the length, and across (the end insets). */
function arcScale(cat: Catalog, size: ShipSize): { along: number; across: number } {
  const t = cat.shipSizes[size].token;
  return {
    along: cat.arcDataset.tokenLength[size] / t.length,
    across: cat.arcDataset.tokenWidth[size] / t.width,
  };
}

function withClassEdits(
  cat: Catalog,
  classes: Record<string, ShipClassSpec>,
  edits: MeasurementOverrides['classes'],
): Record<string, ShipClassSpec> {
  if (!edits || !Object.keys(edits).length) return classes;
  const out: Record<string, ShipClassSpec> = { ...classes };
  const set = "set by the table (a player's measurement of the token)";
  for (const [id, e] of Object.entries(edits)) {
    const c = Object.hasOwn(classes, id) ? classes[id] : undefined;
    if (!c) continue; // validation names an unknown class; a catalog without it ignores the edit
    const { along, across } = arcScale(cat, c.size);
    const edited: string[] = [];
    const arcs = { ...c.arcs };
    for (const k of ARC_EDIT_KEYS) {
      const v = e.arcs?.[k];
      if (v === undefined) continue;
      arcs[k] = v * (k === 'frontEndInset' || k === 'rearEndInset' ? across : along);
      edited.push(`arcs.${k}`);
    }
    if (edited.length) arcs.status = set;
    const tp = { ...c.targetingPoints };
    const te = e.targetingPoints ?? {};
    for (const k of TARGETING_EDIT_KEYS) {
      const v = te[k];
      if (v === undefined) continue;
      (tp as Record<string, unknown>)[k] = Array.isArray(v) ? [v[0], v[1]] : v;
      edited.push(`targetingPoints.${k}`);
    }
    if (edited.some((f) => f.startsWith('targetingPoints'))) tp.status = set;
    if (edited.length) out[id] = { ...c, arcs, targetingPoints: tp, edited };
  }
  return out;
}

/**
 * A class's figures as a player measures them on the token: arc figures in mm on the catalog's
 * token (the catalog keeps them on the arc dataset's token), targeting points as the catalog has them.
 * What the class editor shows and edits.
 */
export function classFiguresOnToken(
  cat: Catalog,
  id: string,
): { arcs: Record<ArcEditKey, number | undefined>; targetingPoints: TargetingProfile } | undefined {
  const c = shipClass(cat, id);
  if (!c) return undefined;
  const { along, across } = arcScale(cat, c.size);
  const arcs = {} as Record<ArcEditKey, number | undefined>;
  for (const k of ARC_EDIT_KEYS) {
    const v = c.arcs[k];
    arcs[k] =
      v === undefined ? undefined : v / (k === 'frontEndInset' || k === 'rearEndInset' ? across : along);
  }
  return { arcs, targetingPoints: c.targetingPoints };
}

function withArcSource(
  classes: Record<string, ShipClassSpec>,
  source: ArcSource,
): Record<string, ShipClassSpec> {
  const out: Record<string, ShipClassSpec> = {};
  for (const [id, c] of Object.entries(classes)) {
    const a = c.arcSources[source];
    out[id] = a ? { ...c, arcs: { ...a, source } } : c;
  }
  return out;
}

export function shipProfile(
  cat: Catalog,
  size: ShipSize,
  cls: string | undefined,
): { arcs: ArcProfile; targetingPoints: TargetingProfile; measured: boolean } {
  const spec = shipClass(cat, cls);
  // a huge ship without a class takes the only huge class's figures, as estimates
  const def =
    cat.defaultProfiles[size] ??
    (() => {
      const c = Object.values(cat.shipClasses).find((k) => k.size === size)!;
      return {
        arcs: { ...c.arcs, status: 'estimated (the only huge class)' },
        targetingPoints: { ...c.targetingPoints, status: 'estimated' },
      };
    })();
  if (!spec) return { ...def, measured: false };
  return { arcs: spec.arcs, targetingPoints: spec.targetingPoints, measured: true };
}
