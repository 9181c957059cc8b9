import {
  type ArcEditKey,
  type Catalog,
  CATALOG,
  type ClassEdit,
  classFiguresOnToken,
  shipClass,
  type TargetingEditKey,
  withMeasurements,
} from '../model/catalog';
import type { Table } from '../model/table';

/**
 * The class editor's model: a class's figures as handles on its token (mm in the token's frame:
 * centred, bow toward +y, the right side at +x; each handle stands for a left-right pair), a dragged
 * handle back to figures, and the table with a class's edit set or cleared. No rule is decided here:
 * the table file's validation and the rules judge the result.
 */

export type HandleName =
  | 'frontEnd'
  | 'frontConj'
  | 'rearEnd'
  | 'rearConj'
  | 'sideSplit'
  | 'tpFront'
  | 'tpRear'
  | 'tpSide'
  | 'tpSideRear';

export interface Handle {
  name: HandleName;
  label: string;
  x: number;
  y: number;
  kind: 'arc' | 'targeting';
}

/** One figure as the editor's number fields show it. */
export interface EditField {
  /**
   * `arcs.frontOffset`, `targetingPoints.side.0` (side points: .0 out from the centreline, .1 back from the
   * front edge)
   */
  path: string;
  label: string;
  value: number | undefined;
  catalog: number | undefined;
  edited: boolean;
}

const ARC_LABELS: Record<ArcEditKey, string> = {
  frontOffset: 'front arc lines meet the sides, mm back from the front edge',
  frontConj: 'front arc lines meet on the centreline, mm back from the front edge',
  frontEndInset: 'front arc lines leave the front edge, mm in from the corner (when they meet no side)',
  rearOffset: 'rear arc lines meet the sides, mm up from the rear edge',
  rearConj: 'rear arc lines meet on the centreline, mm up from the rear edge',
  rearEndInset: 'rear arc lines leave the rear edge, mm in from the corner (when they meet no side)',
  sideSplit: 'line between forward and rear side zones, mm back from the front edge',
};

/** The edit a table holds for a class (a copy), or an empty one. */
export function editOf(table: Table, id: string): ClassEdit {
  const e = table.measurements?.classes?.[id];
  return { arcs: { ...(e?.arcs ?? {}) }, targetingPoints: { ...(e?.targetingPoints ?? {}) } };
}

/** A catalog with one class's edit applied (the table's other measurements left out: the editor draws one token). */
export function catalogWith(id: string, edit: ClassEdit, base: Catalog = CATALOG): Catalog {
  return withMeasurements(base, { classes: { [id]: edit } });
}

/**
 * The catalog a table's class edits stand on: its other measurements (the arc source, ...) applied, its class
 * edits not.
 */
export function editorBase(table: Table, base: Catalog = CATALOG): Catalog {
  const m = table.measurements;
  if (!m) return base;
  const rest = { ...m };
  delete rest.classes;
  return withMeasurements(base, rest);
}

/** The handles of a class's token under an edit. */
export function handlesOf(id: string, edit: ClassEdit, base: Catalog = CATALOG): Handle[] {
  const cat = catalogWith(id, edit, base);
  const c = shipClass(cat, id);
  const f = classFiguresOnToken(cat, id);
  if (!c || !f) return [];
  const { width, length } = cat.shipSizes[c.size].token;
  const tw = width / 2,
    tl = length / 2,
    a = f.arcs,
    tp = f.targetingPoints;
  const end = (offset: number | undefined, inset: number | undefined, front: boolean) => {
    const o = offset ?? 0;
    if (o === 0 && inset) return { x: tw - inset, y: front ? tl : -tl };
    return { x: tw, y: front ? tl - o : -tl + o };
  };
  const hs: Handle[] = [
    {
      name: 'frontEnd',
      label: 'front arc line end',
      kind: 'arc',
      ...end(a.frontOffset, a.frontEndInset, true),
    },
    { name: 'frontConj', label: 'front arc lines meet', kind: 'arc', x: 0, y: tl - (a.frontConj ?? 0) },
    { name: 'rearEnd', label: 'rear arc line end', kind: 'arc', ...end(a.rearOffset, a.rearEndInset, false) },
    { name: 'rearConj', label: 'rear arc lines meet', kind: 'arc', x: 0, y: -tl + (a.rearConj ?? 0) },
    { name: 'tpFront', label: 'front targeting point', kind: 'targeting', x: 0, y: tl - tp.front },
    { name: 'tpRear', label: 'rear targeting point', kind: 'targeting', x: 0, y: tl - tp.rear },
    { name: 'tpSide', label: 'side targeting point', kind: 'targeting', x: tp.side[0], y: tl - tp.side[1] },
  ];
  if (c.size === 'huge') {
    const split = a.sideSplit ?? ((a.frontConj ?? 0) + (a.rearConj ?? 0)) / 2;
    hs.push({ name: 'sideSplit', label: 'side zones split', kind: 'arc', x: tw, y: tl - split });
    const sr = tp.sideRear ?? tp.side;
    hs.push({
      name: 'tpSideRear',
      label: 'rear side targeting point',
      kind: 'targeting',
      x: sr[0],
      y: tl - sr[1],
    });
  }
  return hs;
}

const r2 = (v: number) => Math.round(v * 100) / 100;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The edit after a handle is dragged to (x, y) in the token's frame, each figure to 0.01 mm: an arc
 * line's end goes to the nearest point of the token's edge on its half (a side, or the end edge
 * with an inset); a meeting point and the front and rear targeting points stay on the centreline.
 */
export function dragHandle(
  id: string,
  edit: ClassEdit,
  name: HandleName,
  x: number,
  y: number,
  base: Catalog = CATALOG,
): ClassEdit {
  const c = shipClass(base, id);
  if (!c) return edit;
  const { width, length } = base.shipSizes[c.size].token;
  const tw = width / 2,
    tl = length / 2;
  const arcs = { ...(edit.arcs ?? {}) },
    tp = { ...(edit.targetingPoints ?? {}) };
  const ax = clamp(Math.abs(x), 0, tw),
    cy = clamp(y, -tl, tl);
  const lineEnd = (front: boolean) => {
    const [offK, insetK] = front
      ? (['frontOffset', 'frontEndInset'] as const)
      : (['rearOffset', 'rearEndInset'] as const);
    const toSide = tw - ax,
      toEnd = front ? tl - cy : cy + tl;
    if (toSide <= toEnd) arcs[offK] = r2(clamp(toEnd, 0.01, length));
    else {
      arcs[offK] = 0;
      arcs[insetK] = r2(clamp(tw - ax, 0.01, tw));
    }
  };
  switch (name) {
    case 'frontEnd':
      lineEnd(true);
      break;
    case 'rearEnd':
      lineEnd(false);
      break;
    case 'frontConj':
      arcs.frontConj = r2(tl - cy);
      break;
    case 'rearConj':
      arcs.rearConj = r2(cy + tl);
      break;
    case 'sideSplit':
      arcs.sideSplit = r2(tl - cy);
      break;
    case 'tpFront':
      tp.front = r2(tl - cy);
      break;
    case 'tpRear':
      tp.rear = r2(tl - cy);
      break;
    case 'tpSide':
      tp.side = [r2(ax), r2(tl - cy)];
      break;
    case 'tpSideRear':
      tp.sideRear = [r2(ax), r2(tl - cy)];
      break;
  }
  return { arcs, targetingPoints: tp };
}

/** The number fields of a class under an edit: every figure the class has, the catalog's beside it. */
export function fieldsOf(id: string, edit: ClassEdit, base: Catalog = CATALOG): EditField[] {
  const c = shipClass(base, id);
  const mine = classFiguresOnToken(catalogWith(id, edit, base), id),
    theirs = classFiguresOnToken(base, id);
  if (!c || !mine || !theirs) return [];
  const out: EditField[] = [];
  for (const k of Object.keys(ARC_LABELS) as ArcEditKey[]) {
    if (k === 'sideSplit' && c.size !== 'huge') continue;
    out.push({
      path: `arcs.${k}`,
      label: ARC_LABELS[k],
      value: mine.arcs[k],
      catalog: theirs.arcs[k],
      edited: edit.arcs?.[k] !== undefined,
    });
  }
  const tpKeys: TargetingEditKey[] =
    c.size === 'huge' ? ['front', 'rear', 'side', 'sideRear'] : ['front', 'rear', 'side'];
  for (const k of tpKeys) {
    const words =
      k === 'front'
        ? 'front targeting point'
        : k === 'rear'
          ? 'rear targeting point'
          : k === 'side'
            ? 'side targeting point'
            : 'rear side targeting point';
    const v = mine.targetingPoints[k],
      w = theirs.targetingPoints[k] ?? (k === 'sideRear' ? theirs.targetingPoints.side : undefined);
    const edited = edit.targetingPoints?.[k] !== undefined;
    if (typeof v === 'number' || v === undefined) {
      out.push({
        path: `targetingPoints.${k}`,
        label: `${words}, mm back from the front edge`,
        value: v as number | undefined,
        catalog: w as number | undefined,
        edited,
      });
    } else {
      const vv = v as [number, number],
        ww = (w ?? v) as [number, number];
      out.push({
        path: `targetingPoints.${k}.0`,
        label: `${words}, mm out from the centreline`,
        value: vv[0],
        catalog: ww[0],
        edited,
      });
      out.push({
        path: `targetingPoints.${k}.1`,
        label: `${words}, mm back from the front edge`,
        value: vv[1],
        catalog: ww[1],
        edited,
      });
    }
  }
  return out;
}

/** The edit with one field set (a number) or given back to the catalog (null). */
export function setField(
  id: string,
  edit: ClassEdit,
  path: string,
  value: number | null,
  base: Catalog = CATALOG,
): ClassEdit {
  const arcs = { ...(edit.arcs ?? {}) },
    tp = { ...(edit.targetingPoints ?? {}) };
  const [part, key, idx] = path.split('.');
  if (part === 'arcs') {
    if (value === null) delete arcs[key as ArcEditKey];
    else arcs[key as ArcEditKey] = value;
  } else if (idx === undefined) {
    if (value === null) delete tp[key as 'front' | 'rear'];
    else tp[key as 'front' | 'rear'] = value;
  } else {
    const k = key as 'side' | 'sideRear';
    if (value === null) delete tp[k];
    else {
      const now = classFiguresOnToken(catalogWith(id, edit, base), id)!.targetingPoints;
      const pair: [number, number] = [...((now[k] ?? now.side) as [number, number])];
      pair[Number(idx)] = value;
      tp[k] = pair;
    }
  }
  return { arcs, targetingPoints: tp };
}

/** The table with a class's edit set (an edit with no figure clears it), every other figure kept. */
export function withClassEdit(table: Table, id: string, edit: ClassEdit | null): Table {
  const m = { ...(table.measurements ?? {}) };
  const classes = { ...(m.classes ?? {}) };
  const arcs = edit?.arcs && Object.keys(edit.arcs).length ? edit.arcs : undefined;
  const tp =
    edit?.targetingPoints && Object.keys(edit.targetingPoints).length ? edit.targetingPoints : undefined;
  if (!arcs && !tp) delete classes[id];
  else classes[id] = { ...(arcs ? { arcs } : {}), ...(tp ? { targetingPoints: tp } : {}) };
  if (Object.keys(classes).length) m.classes = classes;
  else delete m.classes;
  const next: Table = { ...table, measurements: m };
  if (!Object.keys(m).length) delete next.measurements;
  return next;
}
