import { type Band, type Catalog, CATALOG, type MeasurementOverrides, SHIP_SIZES, withMeasurements } from '../model/catalog';
import { type Table, TableError } from '../model/table';

/** Where an override lives under `measurements`, as the table file names it. */
export type MeasureKey =
  | `rangeBands.${'close' | 'medium' | 'long'}`
  | `distanceBands.${'1' | '2' | '3' | '4' | '5'}`
  | 'squadronDiameter'
  | `dialFrame.${'width' | 'protrusion'}`;

/** One uncertain catalog figure the user may override. */
export interface Figure {
  key: MeasureKey;
  group: string;
  label: string;
  /** the catalog's own value, mm */
  catalog: number;
  spread?: [number, number];
  status?: string;
  /** set when the ship sizes' catalog values differ: one override applies to all of them */
  perSize?: string;
}

/** The uncertain figures of a catalog, read from it (never written here). */
export function uncertainFigures(cat: Catalog = CATALOG): Figure[] {
  const band = (group: string, prefix: 'rangeBands' | 'distanceBands', b: Band, label: string): Figure =>
    ({ key: `${prefix}.${b.name}` as MeasureKey, group, label, catalog: b.end, spread: b.spread, status: b.status });
  const frame = (k: 'width' | 'protrusion'): Figure => {
    const vals = SHIP_SIZES.map((s) => cat.shipSizes[s].dialFrame[k]);
    const differ = vals.some((v) => v !== vals[0]);
    return {
      key: `dialFrame.${k}`, group: 'Shield-dial frame', label: k, catalog: vals[0], status: cat.shipSizes.small.dialFrame.status,
      perSize: differ ? SHIP_SIZES.map((s, i) => `${s} ${vals[i]}`).join(', ') : undefined,
    };
  };
  return [
    ...cat.ruler.range.map((b) => band('Range ruler (band ends)', 'rangeBands', b, b.name)),
    ...cat.ruler.distance.map((b) => band('Distance ruler (band ends)', 'distanceBands', b, `distance ${b.name}`)),
    { key: 'squadronDiameter', group: 'Squadron base', label: 'diameter', catalog: cat.squadron.diameter, spread: cat.squadron.spread, status: cat.squadron.status },
    frame('width'), frame('protrusion'),
  ];
}

/** The table's override of a figure, if it has one. */
export function overrideOf(m: MeasurementOverrides | undefined, key: MeasureKey): number | undefined {
  if (!m) return undefined;
  const [a, b] = key.split('.');
  const v = (m as Record<string, unknown>)[a];
  if (b === undefined) return typeof v === 'number' ? v : undefined;
  const inner = v as Record<string, number | undefined> | undefined;
  return inner?.[b];
}

/** A new table with one figure set (a number) or returned to the catalog (null); nothing else changes. */
export function withOverride(table: Table, key: MeasureKey, value: number | null): Table {
  const m: Record<string, unknown> = { ...(table.measurements ?? {}) };
  const [a, b] = key.split('.');
  if (b === undefined) {
    if (value === null) delete m[a];
    else m[a] = value;
  } else {
    const inner: Record<string, number> = { ...((m[a] as Record<string, number> | undefined) ?? {}) };
    if (value === null) delete inner[b];
    else inner[b] = value;
    if (Object.keys(inner).length) m[a] = inner;
    else delete m[a];
  }
  const next: Table = { ...table };
  if (Object.keys(m).length) next.measurements = m as MeasurementOverrides;
  else delete next.measurements;
  return next;
}

/**
 * The file check only orders the bands a table overrides; an override must also keep its place
 * among the catalog's bands it leaves alone (distance 1 set past the catalog's distance 2 is nonsense).
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
        throw new TableError(`measurements.${key}.${high.name}`, `${high.end} must be longer than ${word} ${low.name} (${low.end} mm)`);
      }
      throw new TableError(`measurements.${key}.${low.name}`, `${low.end} must be shorter than ${word} ${high.name} (${high.end} mm)`);
    }
  };
  check(cat.ruler.range, 'rangeBands', 'range');
  check(cat.ruler.distance, 'distanceBands', 'distance');
}
