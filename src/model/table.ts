import { type TableFleet, validateFleets } from './fleets';
import {
  type Obstacle,
  type Player,
  type Ship,
  type Squadron,
  TableError,
  type TableSize,
  type Token,
} from './table-pieces';
import { localShipShapes } from './pieces';
import { CARDS, shipCardFits } from './cards';
import { parsePhoto, type PhotoEvidence, PhotoFieldProblem, photoFitSteps, solvePhoto } from './photo';
import {
  ARC_EDIT_KEYS,
  ARC_SOURCES,
  MANEUVER_NOTCHES,
  type Band,
  CATALOG,
  type Catalog,
  type ClassEdit,
  type MeasurementOverrides,
  OBSTACLE_TYPES,
  type ObstacleType,
  SHIP_SIZES,
  type ShipSize,
  shipClass,
  TARGETING_EDIT_KEYS,
  TOOL_OVERRIDE_KEYS,
  withMeasurements,
} from './catalog';

export type Ruleset = 'seed' | '1.6';
export { type Obstacle, type Player, type Ship, type Squadron, TableError, type TableSize, type Token };

/** The six obstacles of a core set or fleet expansion, one of each (the seed's Obstacles). */
export const CORE_OBSTACLES: readonly ObstacleType[] = [
  'asteroid-a',
  'asteroid-b',
  'asteroid-c',
  'debris-a',
  'debris-b',
  'station',
];
export interface PlaceExogorth {
  id: string;
  kind: 'place-exogorth';
  obstacle: Obstacle;
  placedBy: Player;
  /**
   * Optional addition: where the player placing the displaced squadrons puts some of them
   * (squadron id to its centre), each judged by the rules; the others get proposed places.
   */
  placements?: Record<string, { x: number; y: number }>;
}
export interface MoveObstacle {
  id: string;
  kind: 'move-obstacle';
  obstacle: string;
  to: { x: number; y: number; rotation: number };
  maxDistance: number;
  /** optional: the least distance band the move must reach (none by default: it may stay) */
  minDistance?: number;
}
export interface SetupCheck {
  id: string;
  kind: 'setup';
  /** which reading of the setup rule: the core rule (default) or the campaign erratum */
  reading?: 'core' | 'erratum';
  /** optional, 3'x3' only: which play-area edges count, all four (default) or only the players' edges */
  edges?: 'all' | 'player';
  /**
   * optional: 'standard' (default: the six obstacles of one core set or fleet expansion, and the
   * campaign obstacles the objective adds) or 'free' (any obstacles: a practice table)
   */
  composition?: 'standard' | 'free';
  /** optional: the campaign obstacles the chosen objective adds, by type (none by default) */
  objectiveAdds?: ObstacleType[];
}
/**
 * Optional addition: may this ship (or squadron) be deployed here? Its own player's deployment
 * zone, overlaps, and a gravity rift's effect on the speed dial (src/rules/setup/deploy.ts). The piece
 * is the id of one on the table (judged as if moved to `to`) or one given in full, as in `ships`
 * or `squadrons`. `to.rotation` defaults to the piece's own rotation (squadrons: unused).
 */
export type Deploy = { id: string; kind: 'deploy'; to: { x: number; y: number; rotation: number } } & (
  | { ship: string | Ship; squadron?: undefined }
  | { squadron: string | Squadron; ship?: undefined }
);
/** Where does this ship end if it executes this maneuver now? (table-format.md) */
export interface ManeuverProposal {
  id: string;
  kind: 'maneuver';
  ship: string;
  /** default: the ship's speed */
  speed?: number;
  /** one per joint used, positive to starboard; joints not given are straight */
  clicks: number[];
  side: 'left' | 'right';
  /** where the opponent puts squadrons the ship lands on (squadron ids); the others get proposed places */
  placements?: Record<string, { x: number; y: number }>;
}
/** Every maneuver the speed chart allows at a speed, each judged as a maneuver. */
export interface ManeuverFanProposal {
  id: string;
  kind: 'maneuver-fan';
  ship: string;
  speed?: number;
  side: 'left' | 'right';
}
/**
 * Optional addition: the end of a round's purrgil moves, judged together (src/rules/campaign/purrgil.ts):
 * in order (second player first, alternating), each a different purrgil, each judged on the table
 * as the earlier moves left it.
 */
export interface PurrgilRound {
  id: string;
  kind: 'purrgil-round';
  moves: { player: Player; obstacle: string; to: { x: number; y: number; rotation: number } }[];
}
export type Proposal =
  | PlaceExogorth
  | MoveObstacle
  | SetupCheck
  | Deploy
  | ManeuverProposal
  | ManeuverFanProposal
  | PurrgilRound;

export interface Table {
  format: 'armada-table/1';
  table: TableSize;
  ruleset: Ruleset;
  ships: Ship[];
  squadrons: Squadron[];
  obstacles: Obstacle[];
  tokens: Token[];
  proposals: Proposal[];
  /** optional overrides of uncertain catalog figures */
  measurements?: MeasurementOverrides;
  /** optional choices where the rules are silent */
  readings?: Readings;
  /**
   * optional: the exogorths chosen at the start of this squadron phase, in the order chosen
   * (second player first, alternating); only these attack. Without it every exogorth is
   * reported as it would attack if chosen.
   */
  exogorthChoice?: { player: Player; exogorth: string }[];
  /** optional: marks made on a photo of the real table (table-format.md, "Photo evidence"; src/model/photo.ts) */
  photo?: PhotoEvidence;
  /** optional: each player's fleet list, as pasted and as read (src/model/fleets.ts) */
  fleets?: TableFleet[];
}

export interface Readings {
  /**
   * What hides the part of an obstacle under a ship (the visible-portion exception): its plastic
   * base (default: what lies on the token) or its cardboard token (one digital implementation's choice).
   */
  cover?: 'base' | 'token';
  /**
   * The visible-portion exception when a squadron attacks: as rules 1.5 word it ("the attacking
   * hull zone's"), to a 'ship' only (default, the text first), or to 'any' attacker's line (the switch).
   */
  visiblePortion?: 'any' | 'ship';
  /**
   * The 1.5 shield-dial rule (ruleset seed): a line 'through-dial' (default: through a dial that
   * overlaps an obstacle, wherever the line runs) is obstructed, or only one that also passes
   * 'over-obstacle' (the obstacle's own outline, however covered).
   */
  dialLine?: 'through-dial' | 'over-obstacle';
  /**
   * An exogorth attacking across a dust field it touches: 'exempt' (default: obstacles it touches
   * never count) or 'forbids' (the exemption is from obstruction only; the dust still forbids).
   */
  exogorthDust?: 'exempt' | 'forbids';
  /**
   * A huge ship's gap between its two plastic bases: 'open' (default: it is not plastic base, so it
   * neither hides an obstacle under it nor obstructs a line across it) or 'covered' (the token over
   * the gap hides what lies under it and obstructs a line across it, as the bases do).
   */
  hugeGap?: 'open' | 'covered';
  /**
   * Dust under the attacking ship's own base: 'hidden' (default: the visible-portion exception of the
   * rules reference hides it, as for any obstacle) or 'visible' (the seed grants the covered-dust
   * exception to the defending ship only, so the attacker's cover does not help).
   */
  dustUnderAttacker?: 'hidden' | 'visible';
  /**
   * Deploying a ship (not huge) or a squadron overlapping an obstacle: 'allowed' (default: section 10
   * forbids it for huge ships only) or 'refused' (as an objective may add).
   */
  deployOnObstacle?: 'allowed' | 'refused';
}

const READINGS = {
  cover: ['base', 'token'],
  visiblePortion: ['any', 'ship'],
  dialLine: ['through-dial', 'over-obstacle'],
  exogorthDust: ['exempt', 'forbids'],
  hugeGap: ['open', 'covered'],
  dustUnderAttacker: ['hidden', 'visible'],
  deployOnObstacle: ['allowed', 'refused'],
} as const;

const MAX_PIECES = 2000;
/** A crowded four-player table has about 130 pieces. */
export const MAX_TOTAL_PIECES = 200;
/**
 * Proposals of every kind together: each is judged on its own (an exogorth placement with
 * displaced squadrons takes up to a second or two), so a file may ask for this many at most.
 */
export const MAX_PROPOSALS = 50;
/** Moves in one `purrgil-round` proposal: one per player. */
export const MAX_ROUND_MOVES = 2;
/**
 * Attacks a table may ask for (every hull zone and squadron against every enemy one): the
 * report holds about 1.4 KB per attack, and the stress table's 51,200 take some 2-3 s. Two
 * hundred large ships would ask for 320,000 (450 MB of report): refused up front, naming the count.
 */
export const MAX_ATTACKS = 100_000;
const MAX_ID = 100;
/**
 * Ids that name something on every JavaScript object: a report keyed by id (`shapes`,
 * `placements`) must never meet them, whatever map it is built in.
 */
export const RESERVED_IDS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toString',
  'toLocaleString',
  'valueOf',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

type Obj = Record<string, unknown>;

/** A string as JSON would write it, so a message stays on one line whatever the string holds. */
const quote = (v: string): string =>
  JSON.stringify(v).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 30 ? `a string` : quote(v);
  if (typeof v === 'number') return String(v);
  return typeof v === 'object' ? 'an object' : typeof v;
}

function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new TableError(path, `expected an object, got ${describe(v)}`);
  return v as Obj;
}

function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw new TableError(path, `expected an array, got ${describe(v)}`);
  if (v.length > MAX_PIECES)
    throw new TableError(path, `has ${v.length} entries; at most ${MAX_PIECES} are allowed`);
  return v;
}

/** `ships[2]` + `x` -> `ships[2].x`; at the top of the file the field is named alone. */
const field = (path: string, key: string): string => (path ? `${path}.${key}` : key);

function num(
  o: Obj,
  key: string,
  path: string,
  opts: { min?: number; max?: number; def?: number; integer?: boolean } = {},
): number {
  const v = o[key];
  const p = field(path, key);
  if (v === undefined) {
    if (opts.def !== undefined) return opts.def;
    throw new TableError(p, 'missing; expected a number');
  }
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new TableError(p, `expected a number, got ${describe(v)}`);
  if (opts.integer && !Number.isInteger(v)) throw new TableError(p, `expected a whole number, got ${v}`);
  if (opts.min !== undefined && v < opts.min)
    throw new TableError(p, `${v} is below the least allowed, ${opts.min}`);
  if (opts.max !== undefined && v > opts.max)
    throw new TableError(p, `${v} is above the most allowed, ${opts.max}`);
  return v;
}

function str<T extends string>(o: Obj, key: string, path: string, allowed?: readonly T[], def?: T): T {
  const v = o[key];
  const p = field(path, key);
  if (v === undefined) {
    if (def !== undefined) return def;
    throw new TableError(
      p,
      allowed ? `missing; expected one of ${allowed.join(', ')}` : 'missing; expected a string',
    );
  }
  if (typeof v !== 'string') throw new TableError(p, `expected a string, got ${describe(v)}`);
  if (allowed && !allowed.includes(v as T)) {
    throw new TableError(p, `unknown value ${describe(v)}; expected one of ${allowed.join(', ')}`);
  }
  return v as T;
}

function player(o: Obj, path: string): Player {
  const v = o.player;
  if (v !== 1 && v !== 2)
    throw new TableError(
      `${path}.player`,
      v === undefined ? 'missing; expected 1 or 2' : `expected 1 or 2, got ${describe(v)}`,
    );
  return v;
}

/** Degrees in [0, 360); rotations beyond a million degrees are refused as nonsense. */
function rotation(o: Obj, path: string, def?: number): number {
  const r = num(o, 'rotation', path, { min: -1e6, max: 1e6, def });
  const m = r % 360;
  return m < 0 ? m + 360 : m === 0 ? 0 : m;
}

function id(o: Obj, path: string, seen: Map<string, string>): string {
  const v = str(o, 'id', path);
  if (v.length === 0 || v.length > MAX_ID)
    throw new TableError(`${path}.id`, `expected 1 to ${MAX_ID} characters`);
  if (RESERVED_IDS.includes(v))
    throw new TableError(`${path}.id`, `${quote(v)} is a reserved name in JavaScript; choose another id`);
  // attack keys are `ship.zone` (isd.front): a squadron "isd.front" beside a ship "isd" would be the same key
  if (v.includes('.'))
    throw new TableError(
      `${path}.id`,
      `${quote(v)} holds a dot; a dot separates a ship's id from its hull zone (isd.front), so ids may not hold one`,
    );
  // a link names one attack as `&attack=ATTACKER,DEFENDER`: a comma in an id would split it wrongly
  if (v.includes(','))
    throw new TableError(
      `${path}.id`,
      `${quote(v)} holds a comma; a link names an attack as attacker,defender, so ids may not hold one`,
    );
  const before = seen.get(v);
  if (before) throw new TableError(`${path}.id`, `duplicate id ${quote(v)} (also used by ${before})`);
  seen.set(v, path);
  return v;
}

const MAX_NAME = 60;

/** A piece's optional name: one line of 1 to 60 characters. */
function name(o: Obj, path: string): string {
  const v = str<string>(o, 'name', path).trim();
  if (v.length === 0 || v.length > MAX_NAME)
    throw new TableError(`${path}.name`, `expected 1 to ${MAX_NAME} characters`);
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(v))
    throw new TableError(`${path}.name`, 'expected one line without control characters');
  return v;
}

/** A piece's optional card: a ship card of its class (when the card has one), or a squadron card, by its exact name. */
function cardName(o: Obj, path: string, kind: 'ship' | 'squadron', cls?: string): string {
  const v = str<string>(o, 'card', path);
  const cards = kind === 'ship' ? CARDS.ships : CARDS.squadrons;
  const named = cards.filter((c) => c.name === v);
  if (!named.length)
    throw new TableError(
      `${path}.card`,
      `${quote(v)} is no ${kind} card's printed name (see assets/cards.json)`,
    );
  if (kind === 'ship' && !shipCardFits(v, cls)) {
    const of = named.map((c) => ('class' in c ? c.class : '')).join(', ');
    throw new TableError(`${path}.card`, `${quote(v)} is a card of class ${of}, not ${cls}`);
  }
  return v;
}

function onTable(o: Obj, path: string, size: TableSize): { x: number; y: number } {
  const t = CATALOG.tables[size];
  const x = num(o, 'x', path);
  const y = num(o, 'y', path);
  if (x < 0 || x > t.width)
    throw new TableError(`${path}.x`, `${x} is off the ${size} table (0 to ${t.width})`);
  if (y < 0 || y > t.height)
    throw new TableError(`${path}.y`, `${y} is off the ${size} table (0 to ${t.height})`);
  return { x, y };
}

function measurements(v: unknown, path: string): MeasurementOverrides | undefined {
  if (v === undefined) return undefined;
  const o = obj(v, path);
  const out: MeasurementOverrides = {};
  const bandSet = (key: 'rangeBands' | 'distanceBands', names: string[]) => {
    if (o[key] === undefined) return;
    const b = obj(o[key], `${path}.${key}`);
    const res: Record<string, number> = {};
    let prev = 0;
    for (const n of names) {
      if (b[n] === undefined) continue;
      const val = num(b, n, `${path}.${key}`, { min: 1, max: 1000 });
      if (val <= prev)
        throw new TableError(`${path}.${key}.${n}`, `${val} must be longer than the band before it`);
      prev = val;
      res[n] = val;
    }
    for (const k of Object.keys(b)) {
      if (!names.includes(k))
        throw new TableError(`${path}.${key}.${k}`, `unknown band; expected one of ${names.join(', ')}`);
    }
    (out as Record<string, unknown>)[key] = res;
  };
  bandSet('rangeBands', ['close', 'medium', 'long']);
  bandSet('distanceBands', ['1', '2', '3', '4', '5']);
  if (o.arcSource !== undefined) out.arcSource = str(o, 'arcSource', path, ARC_SOURCES);
  if (o.maneuverNotch !== undefined) out.maneuverNotch = str(o, 'maneuverNotch', path, MANEUVER_NOTCHES);
  if (o.squadronDiameter !== undefined)
    out.squadronDiameter = num(o, 'squadronDiameter', path, { min: 10, max: 60 });
  if (o.dialFrame !== undefined) {
    const f = obj(o.dialFrame, `${path}.dialFrame`);
    out.dialFrame = {};
    // a frame narrower than 1 mm is a spike, one wider than a small base's 43 mm edge folds the footprint over itself
    if (f.width !== undefined)
      out.dialFrame.width = num(f, 'width', `${path}.dialFrame`, { min: 1, max: 40 });
    if (f.protrusion !== undefined)
      out.dialFrame.protrusion = num(f, 'protrusion', `${path}.dialFrame`, { min: 0, max: 20 });
  }
  if (o.maneuverTool !== undefined) {
    const t = obj(o.maneuverTool, `${path}.maneuverTool`);
    const res: NonNullable<MeasurementOverrides['maneuverTool']> = {};
    for (const k of Object.keys(t)) {
      if (!(TOOL_OVERRIDE_KEYS as readonly string[]).includes(k)) {
        throw new TableError(
          `${path}.maneuverTool.${k}`,
          `unknown figure; expected one of ${TOOL_OVERRIDE_KEYS.join(', ')}`,
        );
      }
    }
    for (const k of TOOL_OVERRIDE_KEYS) {
      if (t[k] === undefined) continue;
      // a joint shorter than a base's guide or a click past 45 degrees is no maneuver tool
      const [min, max] = k === 'jointLength' ? [30, 120] : k === 'clickAngle' ? [1, 45] : [0, 120];
      res[k] = num(t, k, `${path}.maneuverTool`, { min, max });
    }
    out.maneuverTool = res;
  }
  if (o.classes !== undefined) out.classes = classEdits(o.classes, `${path}.classes`);
  return out;
}

/** Refuse a key of `o` not in `allowed`, naming it and what it should have been. */
function onlyKeys(o: Obj, allowed: readonly string[], path: string, what: string): void {
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k))
      throw new TableError(`${path}.${k}`, `unknown ${what}; expected one of ${allowed.join(', ')}`);
  }
}

/**
 * `measurements.classes`: per catalog class id, the player's corrections of its token (ClassEdit),
 * each figure in mm on the token and within it; checkClassEdits then builds the hull zones.
 */
function classEdits(v: unknown, path: string): Record<string, ClassEdit> {
  const o = obj(v, path);
  const out: Record<string, ClassEdit> = Object.create(null);
  for (const id of Object.keys(o)) {
    const at = `${path}.${id}`;
    const cls = shipClass(CATALOG, id);
    if (!cls)
      throw new TableError(
        at,
        `no ship class ${quote(id)} in the catalog (class ids as in table files: victory, cr90, ...)`,
      );
    const { width, length } = CATALOG.shipSizes[cls.size].token;
    const e = obj(o[id], at);
    for (const k of Object.keys(e)) {
      if (k !== 'arcs' && k !== 'targetingPoints')
        throw new TableError(`${at}.${k}`, 'unknown part of a class; expected arcs or targetingPoints');
    }
    const edit: ClassEdit = {};
    const huge = cls.size === 'huge';
    if (e.arcs !== undefined) {
      const a = obj(e.arcs, `${at}.arcs`);
      const res: NonNullable<ClassEdit['arcs']> = {};
      onlyKeys(
        a,
        ARC_EDIT_KEYS.filter((x) => huge || x !== 'sideSplit'),
        `${at}.arcs`,
        `arc figure for a ${cls.size} ship`,
      );
      for (const k of ARC_EDIT_KEYS) {
        if (a[k] === undefined) continue;
        // insets run along an end edge (half the token's width at most), the rest along its length
        const max = k === 'frontEndInset' || k === 'rearEndInset' ? width / 2 : length;
        res[k] = num(a, k, `${at}.arcs`, { min: 0, max });
      }
      edit.arcs = res;
    }
    if (e.targetingPoints !== undefined) {
      const t = obj(e.targetingPoints, `${at}.targetingPoints`);
      const res: NonNullable<ClassEdit['targetingPoints']> = {};
      onlyKeys(
        t,
        TARGETING_EDIT_KEYS.filter((x) => huge || x !== 'sideRear'),
        `${at}.targetingPoints`,
        `targeting point for a ${cls.size} ship`,
      );
      for (const k of ['front', 'rear'] as const)
        if (t[k] !== undefined) res[k] = num(t, k, `${at}.targetingPoints`, { min: 0, max: length });
      for (const k of ['side', 'sideRear'] as const) {
        if (t[k] === undefined) continue;
        const p = `${at}.targetingPoints.${k}`;
        const xy = t[k];
        if (!Array.isArray(xy) || xy.length !== 2)
          throw new TableError(
            p,
            `expected [mm out from the centreline, mm back from the front edge], got ${describe(xy)}`,
          );
        const pair = { out: xy[0], back: xy[1] };
        res[k] = [
          num(pair, 'out', p, { min: 0, max: width / 2 }),
          num(pair, 'back', p, { min: 0, max: length }),
        ];
      }
      edit.targetingPoints = res;
    }
    out[id] = edit;
  }
  return out;
}

/** Parse JSON text into a table; throws TableError naming the problem. */
export function parseTableText(text: string, opts: { photoFit?: boolean } = {}): Table {
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // a byte-order mark from some editors
  } catch (e) {
    // the parser quotes the text around the fault, which may hold any character: keep it one line
    const why = (e as Error).message
      .split('\n')[0]
      .slice(0, 120)
      .replace(
        /[\u0000-\u001f\u007f\u2028\u2029]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
    throw new TableError('', `not valid JSON (${why})`);
  }
  return validateTable(json, opts);
}

/**
 * Whether the table's photo marks place their pieces (the fit; fits made before from the same
 * calibration and marks are reused, src/model/photo.ts); throws TableError naming the field.
 */
export function checkPhotoFit(table: Table): void {
  if (!table.photo) return;
  try {
    solvePhoto(table.photo, table, withMeasurements(CATALOG, table.measurements));
  } catch (e) {
    if (e instanceof PhotoFieldProblem) throw new TableError(e.path, e.problem);
    throw e;
  }
}

/**
 * checkPhotoFit one step at a time (the calibration, then a marked piece a step; each fit kept for
 * later checks): for the app, which runs the steps between frames. Throws TableError naming the field.
 */
export function* photoFitCheckSteps(table: Table): Generator<void> {
  if (!table.photo) return;
  try {
    yield* photoFitSteps(table.photo, table, withMeasurements(CATALOG, table.measurements));
  } catch (e) {
    if (e instanceof PhotoFieldProblem) throw new TableError(e.path, e.problem);
    throw e;
  }
}

/** A table with nothing on it. */
export function emptyTable(size: TableSize = '3x6'): Table {
  return {
    format: 'armada-table/1',
    table: size,
    ruleset: 'seed',
    ships: [],
    squadrons: [],
    obstacles: [],
    tokens: [],
    proposals: [],
  };
}

/**
 * Check a parsed JSON value against armada-table/1 and return it normalised. `photoFit: false` checks
 * the photo field's structure only and leaves its fit (whether the marks place their pieces) undone:
 * for a table read back from this browser's storage, checked in full when it was opened, so that
 * reading the stored tables never redoes a photo's fits.
 */
export function validateTable(json: unknown, opts: { photoFit?: boolean } = {}): Table {
  return new TableReader(json).read(opts);
}

const PROPOSAL_KINDS = [
  'place-exogorth',
  'move-obstacle',
  'setup',
  'deploy',
  'maneuver',
  'maneuver-fan',
  'purrgil-round',
] as const;

/**
 * One table file read field by field, in the order the checks name the first problem: the format,
 * the table and ruleset, the bounds on the work asked for, the pieces, the proposals, then the
 * optional fields. Ids are unique across the file (`seen`).
 */
class TableReader {
  private readonly root: Obj;
  private readonly tableSize: TableSize;
  private readonly seen = new Map<string, string>();
  private ships: Ship[] = [];
  private squadrons: Squadron[] = [];
  private obstacles: Obstacle[] = [];

  constructor(json: unknown) {
    const root = (this.root = obj(json, '(file)'));
    const format = root.format;
    if (format !== 'armada-table/1') {
      throw new TableError(
        'format',
        format === undefined
          ? 'missing; expected "armada-table/1"'
          : `expected "armada-table/1", got ${describe(format)}`,
      );
    }
    this.tableSize = str<TableSize>(root, 'table', '', ['3x6', '3x3']);
  }

  private list(key: string): unknown[] {
    return this.root[key] === undefined ? [] : arr(this.root[key], key);
  }

  read(opts: { photoFit?: boolean }): Table {
    const root = this.root;
    const ruleset = str<Ruleset>(root, 'ruleset', '', ['seed', '1.6'], 'seed');
    // every pair of pieces is measured and judged: bound the work a file can ask for
    const pieces = ['ships', 'squadrons', 'obstacles', 'tokens'].reduce(
      (n, k) => n + (Array.isArray(root[k]) ? (root[k] as unknown[]).length : 0),
      0,
    );
    if (pieces > MAX_TOTAL_PIECES)
      throw new TableError('(file)', `has ${pieces} pieces; at most ${MAX_TOTAL_PIECES} are allowed`);
    this.ships = this.list('ships').map((v, i) => this.ship(v, `ships[${i}]`));
    this.squadrons = this.list('squadrons').map((v, i) => this.squadron(v, `squadrons[${i}]`));
    this.obstacles = this.list('obstacles').map((v, i) =>
      this.obstacle(obj(v, `obstacles[${i}]`), `obstacles[${i}]`),
    );
    const tokens = this.list('tokens').map((v, i) => this.token(v, `tokens[${i}]`));
    this.checkWork();
    const proposals = this.list('proposals').map((v, i) => this.proposal(v, `proposals[${i}]`));
    const table: Table = {
      format: 'armada-table/1',
      table: this.tableSize,
      ruleset,
      ships: this.ships,
      squadrons: this.squadrons,
      obstacles: this.obstacles,
      tokens,
      proposals,
    };
    this.optionalFields(table, opts);
    return table;
  }

  private ship(v: unknown, path: string): Ship {
    const o = obj(v, path);
    const sid = id(o, path, this.seen);
    // a class implies its size: a file may give the class alone, or both if they agree
    const cls = o.class === undefined ? undefined : str<string>(o, 'class', path);
    const spec = cls === undefined ? undefined : shipClass(CATALOG, cls);
    if (cls !== undefined && !spec) {
      throw new TableError(
        `${path}.class`,
        `unknown ship class ${quote(cls)} (ship ${quote(sid)}); known: ${Object.keys(CATALOG.shipClasses).join(', ')}`,
      );
    }
    const size = o.size === undefined && spec ? spec.size : str<ShipSize>(o, 'size', path, SHIP_SIZES);
    if (spec && spec.size !== size) {
      throw new TableError(
        `${path}.class`,
        `${cls} is a ${spec.size} ship, not ${size} (ship ${quote(sid)}); give the class alone or its size`,
      );
    }
    const s: Ship = {
      id: sid,
      size,
      player: player(o, path),
      ...onTable(o, path, this.tableSize),
      rotation: rotation(o, path),
      speed: num(o, 'speed', path, { min: 0, max: 4, def: 0, integer: true }),
    };
    if (cls !== undefined) s.class = cls;
    if (o.name !== undefined) s.name = name(o, path);
    if (o.card !== undefined) s.card = cardName(o, path, 'ship', cls);
    return s;
  }

  private squadron(v: unknown, path: string): Squadron {
    const o = obj(v, path);
    const sq: Squadron = {
      id: id(o, path, this.seen),
      player: player(o, path),
      ...onTable(o, path, this.tableSize),
    };
    if (o.name !== undefined) sq.name = name(o, path);
    if (o.card !== undefined) sq.card = cardName(o, path, 'squadron');
    return sq;
  }

  private obstacle(o: Obj, path: string): Obstacle {
    return {
      id: id(o, path, this.seen),
      type: str<ObstacleType>(o, 'type', path, OBSTACLE_TYPES),
      ...onTable(o, path, this.tableSize),
      rotation: rotation(o, path, 0),
    };
  }

  private token(v: unknown, path: string): Token {
    const o = obj(v, path);
    return {
      id: id(o, path, this.seen),
      ...onTable(o, path, this.tableSize),
      radius: num(o, 'radius', path, { min: 1, max: 100, def: 12.5 }),
    };
  }

  /** The attacks the pieces ask for, and the proposals, within their bounds. */
  private checkWork(): void {
    const sides = (p: Player) =>
      this.ships.reduce((n, s) => n + (s.player === p ? (s.size === 'huge' ? 6 : 4) : 0), 0) +
      this.squadrons.reduce((n, q) => n + (q.player === p ? 1 : 0), 0);
    const attackCount = 2 * sides(1) * sides(2);
    if (attackCount > MAX_ATTACKS) {
      throw new TableError(
        '(file)',
        `asks for ${attackCount} attacks (every hull zone and squadron against every enemy one); at most ` +
          `${MAX_ATTACKS} are judged`,
      );
    }
    const proposals = this.root.proposals;
    if (Array.isArray(proposals) && proposals.length > MAX_PROPOSALS) {
      throw new TableError(
        'proposals',
        `has ${proposals.length} proposals; at most ${MAX_PROPOSALS} are judged in one table`,
      );
    }
  }

  private proposal(v: unknown, path: string): Proposal {
    const o = obj(v, path);
    const pid = id(o, path, this.seen);
    const kind = str(o, 'kind', path, PROPOSAL_KINDS);
    if (kind === 'deploy') return this.deploy(o, path, pid);
    if (kind === 'purrgil-round') return this.purrgilRound(o, path, pid);
    if (kind === 'maneuver' || kind === 'maneuver-fan') {
      const m = maneuverProposal(o, path, pid, kind, new Map(this.ships.map((s) => [s.id, s])));
      if (m.kind === 'maneuver' && o.placements !== undefined)
        m.placements = placementsOf(o.placements, `${path}.placements`, this.squadronIds(), this.tableSize);
      return m;
    }
    if (kind === 'setup') return setupCheck(o, path, pid);
    if (kind === 'place-exogorth') return this.placeExogorth(o, path, pid);
    return this.moveObstacle(o, path, pid);
  }

  private squadronIds(): Set<string> {
    return new Set(this.squadrons.map((q) => q.id));
  }

  private obstacleOnTable(o: Obj, path: string): string {
    const target = str<string>(o, 'obstacle', path);
    if (!this.obstacles.some((x) => x.id === target))
      throw new TableError(`${path}.obstacle`, `no obstacle with id ${quote(target)} on the table`);
    return target;
  }

  private purrgilRound(o: Obj, path: string, pid: string): PurrgilRound {
    const raw = arr(o.moves, `${path}.moves`);
    // a round has one purrgil move per player: a longer list is no round (2,000 moves froze the page)
    if (raw.length > MAX_ROUND_MOVES) {
      throw new TableError(
        `${path}.moves`,
        `has ${raw.length} moves; a round has one purrgil move per player, at most ${MAX_ROUND_MOVES}`,
      );
    }
    const moves = raw.map((v, k) => {
      const at = `${path}.moves[${k}]`;
      const m = obj(v, at);
      const target = this.obstacleOnTable(m, at);
      const to = obj(m.to, `${at}.to`);
      return {
        player: player(m, at),
        obstacle: target,
        to: { ...onTable(to, `${at}.to`, this.tableSize), rotation: rotation(to, `${at}.to`) },
      };
    });
    if (moves.length === 0) throw new TableError(`${path}.moves`, 'expected at least one move');
    return { id: pid, kind: 'purrgil-round', moves };
  }

  private placeExogorth(o: Obj, path: string, pid: string): PlaceExogorth {
    const ob = this.obstacle(obj(o.obstacle, `${path}.obstacle`), `${path}.obstacle`);
    if (!ob.type.startsWith('exogorth'))
      throw new TableError(`${path}.obstacle.type`, `expected exogorth-1 or exogorth-2, got "${ob.type}"`);
    const by = o.placedBy;
    if (by !== 1 && by !== 2)
      throw new TableError(
        `${path}.placedBy`,
        by === undefined ? 'missing; expected 1 or 2' : `expected 1 or 2, got ${describe(by)}`,
      );
    const res: PlaceExogorth = { id: pid, kind: 'place-exogorth', obstacle: ob, placedBy: by };
    if (o.placements !== undefined)
      res.placements = placementsOf(o.placements, `${path}.placements`, this.squadronIds(), this.tableSize);
    return res;
  }

  private moveObstacle(o: Obj, path: string, pid: string): MoveObstacle {
    const target = this.obstacleOnTable(o, path);
    const to = obj(o.to, `${path}.to`);
    const res: MoveObstacle = {
      id: pid,
      kind: 'move-obstacle',
      obstacle: target,
      to: { ...onTable(to, `${path}.to`, this.tableSize), rotation: rotation(to, `${path}.to`) },
      maxDistance: num(o, 'maxDistance', path, { min: 1, max: 5, integer: true, def: 2 }),
    };
    if (o.minDistance !== undefined)
      res.minDistance = num(o, 'minDistance', path, { min: 1, max: 5, integer: true });
    return res;
  }

  private deploy(o: Obj, path: string, pid: string): Deploy {
    if ((o.ship === undefined) === (o.squadron === undefined))
      throw new TableError(path, 'a deploy proposal names one ship or one squadron');
    const key = o.ship !== undefined ? 'ship' : 'squadron';
    const listed: readonly (Ship | Squadron)[] = key === 'ship' ? this.ships : this.squadrons;
    let piece: string | Ship | Squadron;
    if (typeof o[key] === 'string') {
      piece = o[key] as string;
      if (!listed.some((e) => e.id === piece))
        throw new TableError(`${path}.${key}`, `no ${key} with id ${quote(piece)} on the table`);
    } else
      piece = key === 'ship' ? this.ship(o[key], `${path}.${key}`) : this.squadron(o[key], `${path}.${key}`);
    const to = obj(o.to, `${path}.to`);
    const own = typeof piece === 'string' ? listed.find((e) => e.id === piece) : piece;
    const turn = own && 'rotation' in own ? (own as Ship).rotation : 0;
    const at = { ...onTable(to, `${path}.to`, this.tableSize), rotation: rotation(to, `${path}.to`, turn) };
    return key === 'ship'
      ? { id: pid, kind: 'deploy', ship: piece as string | Ship, to: at }
      : { id: pid, kind: 'deploy', squadron: piece as string | Squadron, to: at };
  }

  /** measurements, exogorthChoice, photo, fleets and readings, each checked where it is given. */
  private optionalFields(table: Table, opts: { photoFit?: boolean }): void {
    const root = this.root;
    const m = measurements(root.measurements, 'measurements');
    if (m) {
      table.measurements = m;
      checkBandOrder(table);
      checkClassEdits(table);
    }
    if (root.exogorthChoice !== undefined)
      table.exogorthChoice = exogorthChoice(root.exogorthChoice, this.obstacles);
    if (root.photo !== undefined) {
      const fail = (path: string, problem: string): never => {
        throw new TableError(path, problem);
      };
      table.photo = parsePhoto(root.photo, table, fail);
      if (opts.photoFit !== false) checkPhotoFit(table);
    }
    if (root.fleets !== undefined) table.fleets = validateFleets(root.fleets);
    if (root.readings !== undefined) table.readings = readingsOf(root.readings);
  }
}

/** A setup proposal: the reading, and the optional edges, composition and the objective's obstacles. */
function setupCheck(o: Obj, path: string, pid: string): SetupCheck {
  const reading = str(o, 'reading', path, ['core', 'erratum'] as const, 'core');
  const res: SetupCheck = { id: pid, kind: 'setup', reading };
  if (o.edges !== undefined) res.edges = str(o, 'edges', path, ['all', 'player'] as const);
  if (o.composition !== undefined)
    res.composition = str(o, 'composition', path, ['standard', 'free'] as const);
  if (o.objectiveAdds !== undefined) {
    const campaign = OBSTACLE_TYPES.filter((t) => !CORE_OBSTACLES.includes(t));
    res.objectiveAdds = arr(o.objectiveAdds, `${path}.objectiveAdds`).map((t, k, all) => {
      const at = `${path}.objectiveAdds[${k}]`;
      if (typeof t !== 'string' || !(campaign as string[]).includes(t))
        throw new TableError(at, `expected a campaign obstacle (${campaign.join(', ')}), got ${describe(t)}`);
      if (all.indexOf(t) !== k)
        throw new TableError(at, `${quote(t)} is listed twice; a campaign expansion has one of each`);
      return t as ObstacleType;
    });
  }
  return res;
}

/** The exogorths chosen this squadron phase, each an exogorth of the table. */
function exogorthChoice(v: unknown, obstacles: Obstacle[]): { player: Player; exogorth: string }[] {
  const exogorths = new Set(obstacles.filter((x) => x.type.startsWith('exogorth')).map((x) => x.id));
  return arr(v, 'exogorthChoice').map((u, k) => {
    const at = `exogorthChoice[${k}]`;
    const c = obj(u, at);
    const e = str<string>(c, 'exogorth', at);
    if (!exogorths.has(e))
      throw new TableError(`${at}.exogorth`, `no exogorth with id ${quote(e)} on the table`);
    return { player: player(c, at), exogorth: e };
  });
}

/** The readings a table chooses, each one of its named values. */
function readingsOf(v: unknown): Readings {
  const r = obj(v, 'readings');
  const names = Object.keys(READINGS) as (keyof typeof READINGS)[];
  for (const k of Object.keys(r))
    if (!(names as string[]).includes(k))
      throw new TableError(`readings.${k}`, `unknown reading; expected one of ${names.join(', ')}`);
  const out: Record<string, string> = {};
  for (const k of names) if (r[k] !== undefined) out[k] = str(r, k, 'readings', READINGS[k]);
  return out as Readings;
}

/** Where a player puts displaced squadrons (an exogorth's, or those a ship lands on), by squadron id. */
function placementsOf(
  v: unknown,
  at: string,
  squadronIds: Set<string>,
  tableSize: Table['table'],
): Record<string, { x: number; y: number }> {
  const m = obj(v, at);
  // keyed by id: no prototype behind it (ids are never a name every object has)
  const out: Record<string, { x: number; y: number }> = Object.create(null);
  for (const [sq, w] of Object.entries(m)) {
    if (!squadronIds.has(sq))
      throw new TableError(`${at}.${sq}`, `no squadron with id ${quote(sq)} on the table`);
    out[sq] = onTable(obj(w, `${at}.${sq}`), `${at}.${sq}`, tableSize);
  }
  return out;
}

function maneuverProposal(
  o: Obj,
  path: string,
  pid: string,
  kind: 'maneuver' | 'maneuver-fan',
  ships: Map<string, Ship>,
): ManeuverProposal | ManeuverFanProposal {
  const shipId = str<string>(o, 'ship', path);
  const ship = ships.get(shipId);
  if (!ship) throw new TableError(`${path}.ship`, `no ship with id ${quote(shipId)} on the table`);
  const side = str(o, 'side', path, ['left', 'right'] as const, 'right');
  const speed = o.speed === undefined ? undefined : num(o, 'speed', path, { min: 0, max: 4, integer: true });
  if (kind === 'maneuver-fan')
    return speed === undefined
      ? { id: pid, kind, ship: shipId, side }
      : { id: pid, kind, ship: shipId, speed, side };
  const used = speed ?? ship.speed;
  const list = o.clicks === undefined ? [] : arr(o.clicks, `${path}.clicks`);
  if (list.length > used) {
    throw new TableError(
      `${path}.clicks`,
      `${list.length} clicks given for speed ${used}; expected at most one per joint used`,
    );
  }
  // the tool's joints turn at most two clicks either way; what the speed chart allows is judged, not refused
  const clicks = list.map((c, j) => {
    const p = `${path}.clicks[${j}]`;
    if (typeof c !== 'number' || !Number.isInteger(c))
      throw new TableError(p, `expected a whole number of clicks, got ${describe(c)}`);
    if (c < -2 || c > 2) throw new TableError(p, `${c} clicks: a joint turns at most 2 either way`);
    return c;
  });
  const res: ManeuverProposal = { id: pid, kind, ship: shipId, clicks, side };
  if (speed !== undefined) res.speed = speed;
  return res;
}

/**
 * A corrected class must still be a ship: its arc lines divide the token into its hull zones (each
 * with some area, together the whole token) and each targeting point lies in its own hull zone.
 */
export function checkClassEdits(table: Table, base: Catalog = CATALOG): void {
  const edits = table.measurements?.classes;
  if (!edits) return;
  const cat = withMeasurements(base, table.measurements);
  for (const id of Object.keys(edits)) {
    const cls = shipClass(cat, id);
    if (!cls?.edited) continue;
    const at = `measurements.classes.${id}`;
    let shapes: ReturnType<typeof localShipShapes>;
    try {
      shapes = localShipShapes(cat, cls.size, id);
    } catch {
      throw new TableError(at, `these arc lines do not divide ${cls.name}'s token into hull zones`);
    }
    const token = shapes.token.area;
    let sum = 0;
    for (const z of shapes.zones) {
      const a = shapes.hullZones[z].area;
      if (!(a > 1)) throw new TableError(at, `these arc lines leave ${cls.name}'s ${z} hull zone no area`);
      sum += a;
    }
    if (Math.abs(sum - token) > 1e-6 * token)
      throw new TableError(
        at,
        `these arc lines do not divide ${cls.name}'s token into hull zones (they cross)`,
      );
    for (const z of shapes.zones) {
      const p = shapes.targetingPoints[z];
      if (!shapes.hullZones[z].contains(p.x, p.y)) {
        throw new TableError(at, `${cls.name}'s ${z} targeting point lies outside its ${z} hull zone`);
      }
    }
  }
}

/**
 * Band overrides must keep their order among the catalog's bands they leave alone too
 * (distance 1 set past the catalog's distance 2 is nonsense).
 */
export function checkBandOrder(table: Table, base: Catalog = CATALOG): void {
  const m = table.measurements;
  if (!m) return;
  const cat = withMeasurements(base, m);
  const check = (bands: Band[], key: 'rangeBands' | 'distanceBands', word: string) => {
    for (let i = 1; i < bands.length; i++) {
      if (bands[i].end > bands[i - 1].end) continue;
      const overridden = (n: string) => (m[key] as Record<string, number> | undefined)?.[n] !== undefined;
      const [low, high] = [bands[i - 1], bands[i]];
      // name an overridden figure (both overridden and out of order is refused by validateTable first)
      if (overridden(high.name)) {
        throw new TableError(
          `measurements.${key}.${high.name}`,
          `${high.end} must be longer than ${word} ${low.name} (${low.end} mm)`,
        );
      }
      throw new TableError(
        `measurements.${key}.${low.name}`,
        `${low.end} must be shorter than ${word} ${high.name} (${high.end} mm)`,
      );
    }
  };
  check(cat.ruler.range, 'rangeBands', 'range');
  check(cat.ruler.distance, 'distanceBands', 'distance');
}
