import {
  type Band,
  type Catalog,
  CATALOG,
  type MeasurementOverrides,
  SHIP_SIZES,
  type ToolOverrideKey,
} from '../model/catalog';
import type { Table } from '../model/table';

/** Where an override lives under `measurements`, as the table file names it. */
export type MeasureKey =
  | `rangeBands.${'close' | 'medium' | 'long'}`
  | `distanceBands.${'1' | '2' | '3' | '4' | '5'}`
  | 'squadronDiameter'
  | `dialFrame.${'width' | 'protrusion'}`
  | `maneuverTool.${ToolOverrideKey}`;

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
  /** the figure's unit when not mm */
  unit?: string;
}

/** The uncertain figures of a catalog, read from it (never written here). */
export function uncertainFigures(cat: Catalog = CATALOG): Figure[] {
  const band = (group: string, prefix: 'rangeBands' | 'distanceBands', b: Band, label: string): Figure => ({
    key: `${prefix}.${b.name}` as MeasureKey,
    group,
    label,
    catalog: b.end,
    spread: b.spread,
    status: b.status,
  });
  const frame = (k: 'width' | 'protrusion'): Figure => {
    const vals = SHIP_SIZES.map((s) => cat.shipSizes[s].dialFrame[k]);
    const differ = vals.some((v) => v !== vals[0]);
    return {
      key: `dialFrame.${k}`,
      group: 'Shield-dial frame',
      label: k,
      catalog: vals[0],
      status: cat.shipSizes.small.dialFrame.status,
      perSize: differ ? SHIP_SIZES.map((s, i) => `${s} ${vals[i]}`).join(', ') : undefined,
    };
  };
  return [
    ...cat.ruler.range.map((b) => band('Range ruler (band ends)', 'rangeBands', b, b.name)),
    ...cat.ruler.distance.map((b) =>
      band('Distance ruler (band ends)', 'distanceBands', b, `distance ${b.name}`),
    ),
    {
      key: 'squadronDiameter',
      group: 'Squadron base',
      label: 'diameter',
      catalog: cat.squadron.diameter,
      spread: cat.squadron.spread,
      status: cat.squadron.status,
    },
    frame('width'),
    frame('protrusion'),
    ...toolFigures(cat),
  ];
}

function toolFigures(cat: Catalog): Figure[] {
  const t = cat.maneuverTool,
    group = 'Maneuver tool';
  return [
    {
      key: 'maneuverTool.jointLength',
      group,
      label: 'joint length',
      catalog: t.jointLength.value,
      spread: t.jointLength.spread,
      status: t.jointLength.status,
    },
    {
      key: 'maneuverTool.clickAngle',
      group,
      label: 'click angle',
      catalog: t.clickAngle.value,
      status: t.clickAngle.status,
      unit: 'degrees',
    },
    ...(['small', 'medium', 'large'] as const).flatMap((s): Figure[] => {
      const a = t.attach[s];
      return [
        {
          key: `maneuverTool.${s}X`,
          group,
          label: `${s} out`,
          catalog: a.x,
          spread: a.spreadX,
          status: `the tool's joint 0 from the base centre, sideways; ${a.status ?? ''}`,
        },
        {
          key: `maneuverTool.${s}Y`,
          group,
          label: `${s} ahead`,
          catalog: a.y,
          status: `the tool's joint 0 ahead of the base centre; ${a.status ?? ''}`,
        },
      ];
    }),
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
