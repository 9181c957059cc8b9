import catalogJson from '../../assets/catalog.json';
import outlinesJson from '../../assets/obstacle-outlines.json';

export type ShipSize = 'small' | 'medium' | 'large';
export const SHIP_SIZES: readonly ShipSize[] = ['small', 'medium', 'large'];
export type HullZoneName = 'front' | 'left' | 'right' | 'rear';
export const HULL_ZONES: readonly HullZoneName[] = ['front', 'left', 'right', 'rear'];

export const OBSTACLE_TYPES = [
  'asteroid-a', 'asteroid-b', 'asteroid-c', 'debris-a', 'debris-b', 'station', 'dust-1', 'dust-2',
  'exogorth-1', 'exogorth-2', 'gravity-rift', 'purrgil-1', 'purrgil-2',
] as const;
export type ObstacleType = (typeof OBSTACLE_TYPES)[number];
export type ObstacleKind = 'asteroid' | 'debris' | 'station' | 'dust' | 'exogorth' | 'gravity-rift' | 'purrgil';

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
  status?: string;
}

export interface TargetingProfile {
  /** mm from the token's front edge, on the centreline */
  front: number;
  rear: number;
  /** [offset from the centreline, mm from the front edge] of the side points */
  side: [number, number];
  status?: string;
}

export interface ShipSizeSpec {
  base: { width: number; length: number; status?: string };
  token: { width: number; length: number; status?: string };
  dialFrame: { width: number; protrusion: number; inset: number; status?: string };
}

export interface ShipClassSpec {
  name: string;
  size: ShipSize;
  arcs: ArcProfile;
  targetingPoints?: TargetingProfile;
}

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
export interface ToolFigure { value: number; spread?: [number, number]; status?: string }

/** The maneuver tool (../shared/reference/maneuver-tool.md): where it sets against each base size, its joints. */
export interface ManeuverToolSpec {
  /** joint-to-joint length, mm */
  jointLength: ToolFigure;
  /** degrees one click turns the next segment */
  clickAngle: ToolFigure;
  /** the most clicks a joint takes either way */
  maxClicks: ToolFigure;
  /** the tool's reference point (joint 0) in the ship frame: x outside the chosen side, y toward the bow */
  attach: Record<ShipSize, { x: number; y: number; spreadX?: [number, number]; status?: string }>;
}

export interface Catalog {
  tables: Record<'3x6' | '3x3', TableSpec>;
  ruler: { range: Band[]; distance: Band[] };
  squadron: { diameter: number; spread?: [number, number]; status?: string };
  shipSizes: Record<ShipSize, ShipSizeSpec>;
  arcDataset: { tokenLength: Record<ShipSize, number> };
  defaultProfiles: Record<ShipSize, { arcs: ArcProfile; targetingPoints: TargetingProfile }>;
  shipClasses: Record<string, ShipClassSpec>;
  obstacles: Record<ObstacleType, ObstacleSpec>;
  obstacleEffects: Record<ObstacleKind, { ship: string | null; squadron: string | null }>;
  maneuverTool: ManeuverToolSpec;
}

function build(): Catalog {
  const raw = catalogJson as unknown as Omit<Catalog, 'obstacles'> & {
    obstacles: Record<ObstacleType, { kind: ObstacleKind; name: string }>;
  };
  const outlines = (outlinesJson as unknown as { obstacles: Record<string, { outline: [number, number][] }> }).obstacles;
  const obstacles = {} as Record<ObstacleType, ObstacleSpec>;
  for (const type of OBSTACLE_TYPES) {
    const o = raw.obstacles[type];
    const outline = outlines[type]?.outline;
    if (!o || !outline) throw new Error(`catalog: obstacle ${type} has no entry or no outline`);
    obstacles[type] = { kind: o.kind, name: o.name, outline };
  }
  return { ...raw, obstacles };
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
}

export const TOOL_OVERRIDE_KEYS = [
  'jointLength', 'clickAngle', 'smallX', 'smallY', 'mediumX', 'mediumY', 'largeX', 'largeY',
] as const;
export type ToolOverrideKey = (typeof TOOL_OVERRIDE_KEYS)[number];

function toolWith(base: ManeuverToolSpec, m: MeasurementOverrides['maneuverTool']): ManeuverToolSpec {
  if (!m) return base;
  const set = 'set by the table';
  const fig = (f: ToolFigure, v: number | undefined): ToolFigure => (v === undefined ? f : { value: v, status: set });
  const attach = { ...base.attach };
  for (const s of SHIP_SIZES) {
    const x = m[`${s}X`], y = m[`${s}Y`];
    if (x !== undefined || y !== undefined) attach[s] = { x: x ?? attach[s].x, y: y ?? attach[s].y, status: set };
  }
  return { ...base, jointLength: fig(base.jointLength, m.jointLength), clickAngle: fig(base.clickAngle, m.clickAngle), attach };
}

export function withMeasurements(base: Catalog, m: MeasurementOverrides | undefined): Catalog {
  if (!m) return base;
  const bandsWith = (bands: Band[], over: Record<string, number | undefined> | undefined): Band[] =>
    bands.map((b) => (over && over[b.name] !== undefined ? { ...b, end: over[b.name] as number, status: 'set by the table' } : b));
  const shipSizes = { ...base.shipSizes };
  if (m.dialFrame) {
    for (const s of SHIP_SIZES) {
      shipSizes[s] = { ...shipSizes[s], dialFrame: { ...shipSizes[s].dialFrame, ...m.dialFrame, status: 'set by the table' } };
    }
  }
  return {
    ...base,
    ruler: { range: bandsWith(base.ruler.range, m.rangeBands), distance: bandsWith(base.ruler.distance, m.distanceBands) },
    squadron: m.squadronDiameter !== undefined ? { diameter: m.squadronDiameter, status: 'set by the table' } : base.squadron,
    shipSizes,
    maneuverTool: toolWith(base.maneuverTool, m.maneuverTool),
  };
}

export function shipProfile(cat: Catalog, size: ShipSize, cls: string | undefined): { arcs: ArcProfile; targetingPoints: TargetingProfile; measured: boolean } {
  const spec = cls ? cat.shipClasses[cls] : undefined;
  const def = cat.defaultProfiles[size];
  if (!spec) return { ...def, measured: false };
  return { arcs: spec.arcs, targetingPoints: spec.targetingPoints ?? def.targetingPoints, measured: true };
}
