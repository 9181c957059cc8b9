import type { AttackReport } from '../../model/report';
import type { AttackContext } from './context';
import type { LosJudgement } from './los';

/**
 * The attacks of one analysis kept flat: one row per attack in typed arrays (its two sides, its
 * verdict bits, its figures and its two lines), and the line-of-sight details (the pieces near the
 * line) only for the rows whose line passes near something. The report objects (`JudgedAttack`)
 * are built from a row when first read (`lazyList`): judging the table allocates nothing per
 * attack that outlives the attack, and a caller that reads a few attacks (the app's panel, the
 * drag re-judge) pays for those few. attacks.ts fills the rows (judgeAttackInto) and builds the
 * views (attackView); incremental.ts copies the rows a move cannot change.
 */
export class AttackTable {
  /** rows filled */
  n = 0;
  /** the sides' places in ctx.sides */
  readonly att: Int32Array;
  readonly def: Int32Array;
  /**
   * FLAG_* bits, the range band (RANGE_SHIFT), the line-of-sight verdict (LOS_SHIFT), what the range was
   * measured to (TO_SHIFT)
   */
  readonly flags: Int32Array;
  /**
   * NUMS per row: rangeMm, the arc figure (arcGapMm when out of arc, arcDepthMm when in arc and
   * known), the range line (x0, y0, x1, y1), the line of sight (x0, y0, x1, y1).
   */
  readonly nums: Float64Array;
  /** the line-of-sight details of rows whose line meets or passes near a piece (sparse) */
  readonly los: (LosJudgement | undefined)[];
  /**
   * Report objects already built, or given (rows kept from a report that came as plain data, e.g.
   * from the worker: FLAG_GIVEN, only the sides and the line of sight are in the arrays). The
   * lazy list's backing array.
   */
  readonly built: (AttackReport | undefined)[];

  constructor(
    readonly ctx: AttackContext,
    readonly capacity: number,
  ) {
    this.att = new Int32Array(capacity);
    this.def = new Int32Array(capacity);
    this.flags = new Int32Array(capacity);
    this.nums = new Float64Array(NUMS * capacity);
    this.los = new Array(capacity);
    this.built = new Array(capacity);
  }
}

export const NUMS = 10;
/** offsets in a row of nums */
export const N_RANGE_MM = 0,
  N_ARC = 1,
  N_RANGE_LINE = 2,
  N_LOS_LINE = 6;

export const FLAG_IN_ARC = 1,
  FLAG_TOUCH_ONLY = 2,
  FLAG_ARC_GAP = 4,
  FLAG_ARC_DEPTH = 8,
  FLAG_GIVEN = 16;
/**
 * the range band: 0 beyond, else the band's 1-based index on the ruler (range bands for a ship, distance 1
 * for a squadron)
 */
export const RANGE_SHIFT = 8,
  RANGE_MASK = 0xff;
/** index into LOS_CODES */
export const LOS_SHIFT = 16,
  LOS_MASK = 3;
/** index into TO_CODES */
export const TO_SHIFT = 18,
  TO_MASK = 3;

export const LOS_CODES = ['clear', 'obstructed', 'dust', 'blocked'] as const;
export const TO_CODES = [
  'in-arc part',
  'arc-line contact',
  'whole defender (outside the arc)',
  'whole defender (360 degree arc)',
] as const;

/** The table behind a list lazyList made (undefined for a plain array). */
const tables = new WeakMap<object, AttackTable>();

export function tableOf(list: readonly AttackReport[]): AttackTable | undefined {
  return tables.get(list);
}

/** An index property key ('0', '17'): its number, else -1. */
function indexKey(key: string | symbol): number {
  if (typeof key !== 'string' || key.length === 0 || key.length > 9) return -1;
  const c = key.charCodeAt(0);
  if (c < 48 || c > 57 || (c === 48 && key.length > 1)) return -1;
  const k = +key;
  return Number.isInteger(k) ? k : -1;
}

/**
 * The report's attack list over a table: an array (Array.isArray, indexing, every array method,
 * JSON.stringify) whose entries are built when first read and then kept. A Proxy over the backing
 * array: the get and has traps build one entry; whatever lists, changes or describes the whole
 * array (keys, a write, a sort) builds them all first, so it then behaves as the plain array.
 */
export function lazyList(table: AttackTable, make: (k: number) => AttackReport): AttackReport[] {
  const t = table.built;
  t.length = table.n;
  const n = table.n;
  let all = false;
  const one = (k: number): AttackReport => t[k] ?? (t[k] = make(k));
  const fill = () => {
    if (all) return;
    for (let k = 0; k < n; k++) if (t[k] === undefined) t[k] = make(k);
    all = true;
  };
  const list = new Proxy(t as AttackReport[], {
    get(target, key, receiver) {
      const k = indexKey(key);
      if (k >= 0 && k < n && !all) return one(k);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      const k = indexKey(key);
      if (k >= 0 && !all) return k < n;
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const k = indexKey(key);
      if (k >= 0 && k < n) one(k);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      fill();
      return Reflect.ownKeys(target);
    },
    // a changed list no longer stands for its table's rows
    set(target, key, value, receiver) {
      changed();
      return Reflect.set(target, key, value, receiver);
    },
    defineProperty(target, key, d) {
      changed();
      return Reflect.defineProperty(target, key, d);
    },
    deleteProperty(target, key) {
      changed();
      return Reflect.deleteProperty(target, key);
    },
  });
  const changed = () => {
    fill();
    tables.delete(list);
  };
  tables.set(list, table);
  return list;
}

/**
 * The attacks of one attacker (a `ship.zone` or squadron key), in report order. Over a flat table
 * only that attacker's rows are built (a filter over the lazy list would build every attack).
 */
export function attacksOf(list: readonly AttackReport[], attacker: string): AttackReport[] {
  const T = tableOf(list);
  if (!T) return [...(groupedOf(list).get(attacker) ?? [])];
  const side = T.ctx.byKey.get(attacker);
  const out: AttackReport[] = [];
  if (!side) return out;
  const i = side.index;
  for (let k = 0; k < T.n; k++) if (T.att[k] === i) out.push(list[k]);
  return out;
}

/**
 * A plain list's attacks by attacker, made in one pass and kept while the list keeps its length (a
 * report is not edited in place): asked for each of 200 squadrons, a filter each time was a quarter of
 * a second on a 20,000-attack report.
 */
const grouped = new WeakMap<readonly AttackReport[], { n: number; by: Map<string, AttackReport[]> }>();
function groupedOf(list: readonly AttackReport[]): Map<string, AttackReport[]> {
  const g = grouped.get(list);
  if (g && g.n === list.length) return g.by;
  const by = new Map<string, AttackReport[]>();
  for (const r of list) {
    const mine = by.get(r.attacker);
    if (mine) mine.push(r);
    else by.set(r.attacker, [r]);
  }
  grouped.set(list, { n: list.length, by });
  return by;
}
