/** The analysis report, `armada-report/1` (../shared/table-format.md). Extra fields are optional additions. */
import type { HullZoneName } from './catalog';
import type { Ruleset } from './table';

export type XY = [number, number];

export interface ShipShapesReport {
  base: XY[];
  footprint: XY[];
  /** front, left, right, rear; a huge ship's front, front-left, front-right, rear-left, rear-right, rear */
  hullZones: Partial<Record<HullZoneName, XY[]>>;
  targetingPoints: Partial<Record<HullZoneName, XY>>;
  /** optional: a huge ship's two plastic bases */
  bases?: XY[][];
}
export type ShapeReport = ShipShapesReport | { circle: [number, number, number] } | { outline: XY[] };

export interface DistanceReport {
  a: string;
  b: string;
  mm: number;
  band: number | null;
}

export interface OverlapReport {
  piece: string;
  obstacle: string;
  effect: string;
  /** addition: which part of a ship reaches the obstacle: its plastic base, or only a shield-dial frame */
  part?: 'base' | 'dial frame';
  /** addition: a sentence a player can check */
  why?: string;
  /**
   * addition: how deep: the least distance the piece must move (any way) so that it no longer overlaps the
   * obstacle, exact (a ship: its base and dial frames against the outline's convex parts; a squadron: its disc)
   */
  depthMm?: number;
  /** addition: the catalog figure the verdict rests on (the frame, the base) when it is not an official size */
  restsOn?: RestsOn;
}

/**
 * A catalog figure an overlap or a touch rests on that is not an official size: a ship's shield-dial frame
 * (an estimate), a huge ship's base, a squadron's base; set by the table's `measurements` it is the table's.
 */
export interface RestsOn {
  /** the figure: a size's `dialFrame` or `base` (`large.dialFrame`), or `squadron` (the squadron base) */
  figure: string;
  /** its status in the catalog (or "set by the table") */
  status: string;
  /** in words: what the figure is, its size and its status */
  says: string;
}

/**
 * optional section `touching` (an addition): a ship or squadron and an obstacle that touch within the
 * tolerance without overlapping (touching is not overlapping: no effect), with how far apart they are
 */
export interface TouchReport {
  piece: string;
  obstacle: string;
  /** the gap between them: 0 when they meet, or reach into each other by less than the tolerance */
  gapMm: number;
  /** which part of a ship comes nearest: its plastic base, or only a shield-dial frame */
  part?: 'base' | 'dial frame';
  restsOn?: RestsOn;
  why: string;
}

export type LosVerdict = 'clear' | 'obstructed' | 'blocked' | 'dust';

/**
 * Optional addition on an attack (`readings`): a reading where the rules are silent or players
 * differ that decided this verdict. Listed only when the other choice would change `los`.
 * reading: the setting (`cover`, `visiblePortion`, `dialLine`, `exogorthDust`, `hugeGap`,
 * `dustUnderAttacker` are switchable in the table's `readings`; `dustDial` is fixed), value: the
 * choice taken, otherwise: the line of sight the other choice gives, says: the reading in words (docs/readings.md).
 */
export interface ReadingUse {
  reading:
    | 'cover'
    | 'visiblePortion'
    | 'dialLine'
    | 'dustDial'
    | 'exogorthDust'
    | 'hugeGap'
    | 'dustUnderAttacker';
  value: string;
  otherwise: LosVerdict;
  says: string;
}

export interface AttackReport {
  attacker: string;
  defender: string;
  inArc: boolean;
  range: 'close' | 'medium' | 'long' | 'distance-1' | 'beyond';
  rangeMm: number | null;
  rangeLine: [XY, XY] | null;
  los: LosVerdict;
  losLine: [XY, XY];
  obstructedBy: string[];
  grazing: string[];
  why: string;
  /** addition: the readings that decided this verdict, when any did */
  readings?: ReadingUse[];
  /** addition: the attack involves a ship of a class this table corrects (`measurements.classes`) */
  classEdit?: ClassEditUse;
  [extra: string]: unknown;
}

/**
 * optional section `classEdits`: per class the table corrects, its name, each corrected figure
 * (the table's and the catalog's, mm on the token), its ships, how many attacks rest on it and
 * which of them (`attacker>defender`) the correction changes.
 */
export type ClassEditsReport = Record<
  string,
  {
    name: string;
    figures: Record<string, { table: number | number[] | null; catalog: number | number[] | null }>;
    ships: string[];
    attacks: number;
    changed: string[];
  }
>;

/** How an attack rests on a class the table corrects, and what the catalog's own figures would give. */
export interface ClassEditUse {
  /** the corrected classes of the attacker's and defender's ships */
  classes: string[];
  /** the corrected figures (`victory: targetingPoints.front`, ...) */
  figures: string[];
  /** the attack judged with the catalog's figures for those classes */
  withCatalog: { inArc: boolean; range: AttackReport['range']; rangeMm: number | null; los: LosVerdict };
  /** whether the verdict (arc, range band or line of sight) differs with the catalog's figures */
  changes: boolean;
}

export interface RiftReport {
  ship: string;
  band: number;
  effects: string[];
  /** addition: the ship's base near distance 2's end (within its measured spread, or within 1 mm) */
  nearEnd?: RiftEdge;
  [extra: string]: unknown;
}

/**
 * A ship's base near the end of distance 2 of a gravity rift, the line that decides whether the rift's distance
 * 1-2 effects apply: how near, whether within the end's measured spread (a real ruler could read it either way),
 * and what the other reading gives.
 */
export interface RiftEdge {
  band: 2;
  /** the band's end, mm, and the measured rulers' spread of it (null when the table sets the end) */
  endMm: number;
  spread: [number, number] | null;
  /** how far from that end the base lies, mm, and on which side of it */
  marginMm: number;
  side: 'within' | 'beyond';
  inSpread: boolean;
  /** what the other reading gives, in words */
  otherwise: string;
  /** the whole in a sentence */
  says: string;
}

/** addition: a ship beyond distance 2 of a gravity rift, near that band's end */
export interface RiftNearReport {
  ship: string;
  rift: string;
  mm: number;
  nearEnd: RiftEdge;
  why: string;
}

export interface ExogorthReport {
  exogorth: string;
  squadron: string;
  mm: number;
  attacks: boolean;
  los: 'clear' | 'obstructed';
  losLine: [XY, XY];
  obstructedBy: string[];
  [extra: string]: unknown;
}

export interface Violation {
  rule: string;
  with: string | null;
  gapMm: number | null;
  [extra: string]: unknown;
}

export interface ProposalReport {
  id: string;
  legal: boolean;
  violations: Violation[];
  displaced?: string[];
  placements?: Record<string, { x: number; y: number }>;
  [extra: string]: unknown;
}

/** optional section: two pieces that may not overlap but do (ship-ship footprints, ship-squadron, squadron-squadron) */
export interface CollisionReport {
  a: string;
  b: string;
  /** the least distance one must move to clear the other */
  depthMm: number;
  /** addition: a sentence a player can check */
  why?: string;
}

/** optional section: a ship or squadron with part of its base outside the play area (destroyed) */
export interface OffTableReport {
  piece: string;
  /** how far its base reaches past the play area's edge */
  outsideMm: number;
  /** addition: which edge (the farthest reached) */
  edge?: string;
  why?: string;
}

/**
 * addition (the command line with `photo.image`): one mark as given and as refined on the image, or why it
 * was kept as given
 */
export type MarkReport =
  | { px: [number, number]; refinedPx: [number, number] }
  | {
      px: [number, number];
      refined: false;
      why: string;
    };

/** optional section `photo` (table-format.md, "Photo evidence") */
export interface PhotoReport {
  calibration: {
    points: number;
    rmsMm: number;
    maxMm: number;
    residualsMm: number[];
    /** addition: each calibration point's mark refined on the image (the command line with `photo.image`) */
    marks?: MarkReport[];
  };
  /**
   * addition (table-format.md, "Photo evidence, precise"): how the photo was solved: the plane's map from the
   * calibration first, or the camera and every piece together
   */
  fit?: 'calibrated' | 'joint';
  /**
   * addition: what fixes the group on the table: the calibration's pieces as placed in the file, its table
   * points, or (the joint fit without a calibration) the marked pieces' own poses in the file
   */
  anchor?: 'calibration pieces' | 'table points' | 'calibration pieces and table points' | 'pieces';
  /** addition (the joint fit): the fitted camera; k1Fitted false: the lens held straight (see notes) */
  camera?: { focalPx: number; k1: number; tiltDeg: number; k1Fitted: boolean };
  /** addition (the joint fit): what the fit could not do, in sentences */
  notes?: string[];
  pieces: Record<
    string,
    {
      x: number;
      y: number;
      rotation: number;
      rmsMm: number;
      uncertaintyMm: number;
      offsetMm: number;
      offsetDeg: number;
      /** addition: how far the piece's centre lies outside the calibration points' hull, mm (only when outside) */
      outsideCalibrationMm?: number;
      /** addition: outside by more than half the calibration's span (EXTRAPOLATED_SHARE): placed by extrapolation */
      extrapolated?: boolean;
      /** addition: a squadron marked with 4 or more rim points: its base's diameter as the photo measures it, mm */
      diameterMm?: number;
      /** addition: each mark refined on the image (the command line with `photo.image`) */
      marks?: MarkReport[];
    }
  >;
}

export interface Report {
  format: 'armada-report/1';
  ruleset: Ruleset;
  shapes: Record<string, ShapeReport>;
  distances: DistanceReport[];
  overlaps: OverlapReport[];
  attacks: AttackReport[];
  rift: RiftReport[];
  exogorths: ExogorthReport[];
  proposals: ProposalReport[];
  collisions?: CollisionReport[];
  offTable?: OffTableReport[];
  /** addition: ships and squadrons touching an obstacle without overlapping it */
  touching?: TouchReport[];
  /** addition, on a table with a gravity rift: the ships beyond distance 2 of one, near that band's end */
  riftNear?: RiftNearReport[];
  /** addition: the classes this table corrects and what rests on them */
  classEdits?: ClassEditsReport;
  /** present when the table has a `photo` field */
  photo?: PhotoReport;
  [extra: string]: unknown;
}

/** Numbers in the printed report are rounded to 0.01 mm or degree. */
export function roundNumbers<T>(value: T): T {
  return mapData(value, roundNumber);
}

function roundNumber(value: number): number {
  const r = Math.round(value * 100) / 100;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * A report (or any part of it) as plain data: what JSON.stringify writes, numbers unrounded.
 * Entries whose explanation is written on first read (attacks, their lines) become plain
 * objects with every field in place, for a structured clone (a worker's message) or a spread.
 */
export function plainReport<T>(value: T): T {
  return mapData(value, (n) => n);
}

function mapData<T>(value: T, num: (n: number) => number): T {
  if (typeof value === 'number') return num(value) as T;
  if (Array.isArray(value)) return value.map((v) => mapData(v, num)) as T;
  if (value && typeof value === 'object') {
    const o = value as { toJSON?: () => unknown };
    const src = typeof o.toJSON === 'function' ? o.toJSON() : value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(src as object)) {
      // keys may be ids: `__proto__` (refused in tables anyway) becomes a field, never the prototype
      if (k === '__proto__')
        Object.defineProperty(out, k, {
          value: mapData(v, num),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else out[k] = mapData(v, num);
    }
    return out as T;
  }
  return value;
}
