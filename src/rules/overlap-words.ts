/**
 * The overlaps section in words, for the verdict list and the canvas's labels: each overlap with how deep it
 * is, each touch with how far apart, each miss nearer than the placement precision, whether each is a close
 * call, and the catalog figure it rests on when that is not an official size. Reads the report's entries (and,
 * for the misses, the world); judges nothing the report has not.
 */
import { TOLERANCE_MM } from '../geometry/tolerance';
import type { OverlapReport, RestsOn, TouchReport } from '../model/report';
import { type NearMiss, nearMisses, overlapEffect } from './overlaps';
import { photoPrecision, piecesPrecision } from './report/photo';
import type { World } from './world';

export type OverlapCallKind = 'overlap' | 'touch' | 'near';

export interface OverlapCall {
  kind: OverlapCallKind;
  piece: string;
  obstacle: string;
  /** an overlap's depth (the least move that clears it), or how far apart a touch or a miss is */
  mm: number;
  /** what overlapping does (an overlap's effect; for a touch or a miss, what it would do) */
  effect: string;
  part?: 'base' | 'dial frame';
  /** how exactly the two pieces' places are known: the placement precision, or the photo's uncertainties */
  precisionMm: number;
  /** shallower or nearer than that: too close to call on the table */
  close: boolean;
  /** the verdict and its margin, in a sentence */
  text: string;
  /** the close call in words ("" when it is not one) */
  closeText: string;
  /** the figure it rests on, in words ("" for an official size) */
  restsText: string;
  /** the catalog figure it rests on, as the report names it */
  restsOn?: string;
  /** the canvas label, longest first (the layout takes the first that fits) */
  label: string[];
}

export interface OverlapCalls {
  overlaps: OverlapCall[];
  touching: OverlapCall[];
  /** misses by more than the tolerance and less than the precision */
  near: OverlapCall[];
}

const f2 = (v: number) => (Math.round(v * 100) / 100).toFixed(2);

/** The part of a ship that reaches, in words (a squadron: its base). */
function partWords(kind: OverlapCallKind, part: 'base' | 'dial frame' | undefined, piece: string): string {
  if (!part) return `${piece}'s base`;
  if (part === 'base') return `${piece}'s plastic base`;
  return kind === 'overlap' ? `only a shield-dial frame of ${piece}` : `a shield-dial frame of ${piece}`;
}

/** What a verdict rests on, in words ("" for an official size): the overlaps' and a maneuver's obstacles'. */
export function restsWords(r: RestsOn | undefined): string {
  if (!r) return '';
  return `${r.status === 'set by the table' ? "rests on this table's figure" : 'rests on an estimate'}: ${r.says}`;
}

/**
 * The report's overlaps and touching pairs, and the world's misses nearer than `precisionMm`, in words. `near`:
 * false leaves the misses out (a live picture of a crowded table, whose pairs the worker judges). `name`: how
 * the sentences name a piece (the id by default). `depth`: false reads no overlap's depth (a drag step's picture:
 * a ship's is worked out when first read, and the words then say only what lies on what).
 */
export function overlapCalls(
  world: World,
  report: { overlaps: readonly OverlapReport[]; touching?: readonly TouchReport[] },
  precisionMm: number,
  opts: { near?: boolean; name?: (id: string) => string; depth?: boolean } = {},
): OverlapCalls {
  const name = opts.name ?? ((id: string) => id);
  const fromPhoto = photoPrecision(world, precisionMm);
  // as the ruling card counts them: a piece placed from the photo is known to its stated uncertainty
  const precisionFor = (a: string, b: string) => piecesPrecision(fromPhoto, [a, b], precisionMm);
  const effectOf = (piece: string, obstacle: string) => {
    const p = world.byId.get(piece),
      o = world.byId.get(obstacle);
    return p && o && o.kind === 'obstacle' && (p.kind === 'ship' || p.kind === 'squadron')
      ? overlapEffect(world, p, o)
      : '';
  };
  const overlaps = report.overlaps.map((o) =>
    overlapCall(o, precisionFor(o.piece, o.obstacle), name, opts.depth !== false),
  );
  const touching = (report.touching ?? []).map((t) =>
    touchCall('touch', t, effectOf(t.piece, t.obstacle), precisionFor(t.piece, t.obstacle), name),
  );
  const near = (opts.near === false ? [] : nearMissesKept(world, precisionMm, fromPhoto))
    .filter((m) => m.gapMm < precisionFor(m.piece, m.obstacle))
    .map((m) => touchCall('near', m, effectOf(m.piece, m.obstacle), precisionFor(m.piece, m.obstacle), name));
  return { overlaps, touching, near };
}

/**
 * The world's misses within the widest precision any pair may have (the placement precision, or a photo's
 * sum), kept for the world and that width: the panel and the canvas ask at each refresh.
 */
const keptMisses = new WeakMap<World, { within: number; list: NearMiss[] }>();
function nearMissesKept(world: World, precisionMm: number, fromPhoto: Map<string, number>): NearMiss[] {
  // no pair's precision is more than the placement precision and the two largest uncertainties together
  const within = precisionMm + 2 * Math.max(0, ...fromPhoto.values());
  const k = keptMisses.get(world);
  if (k && k.within === within) return k.list;
  const list = nearMisses(world, within);
  keptMisses.set(world, { within, list });
  return list;
}

function overlapCall(
  o: OverlapReport,
  precisionMm: number,
  name: (id: string) => string,
  withDepth = true,
): OverlapCall {
  const [P, O] = [name(o.piece), name(o.obstacle)];
  const depth = withDepth ? o.depthMm : undefined;
  const known = depth !== undefined;
  const close = known && depth < precisionMm;
  const what = partWords('overlap', o.part, P);
  const text = known
    ? `${f2(depth)} mm deep (${what}): moved ${f2(depth)} mm it would clear ${O}` +
      (close ? '.' : `; not a close call at ${f2(precisionMm)} mm placement precision.`)
    : `${what} lies on ${O}.`;
  const closeText = close
    ? `Too close to call on the table: only ${f2(depth)} mm deep, less than the placement precision ` +
      `(${f2(precisionMm)} mm); ${f2(depth)} mm away and it would not overlap.`
    : '';
  const d = known ? ` ${f2(depth)} mm` : '';
  const flag = close ? ', close call' : '';
  return {
    kind: 'overlap',
    piece: o.piece,
    obstacle: o.obstacle,
    mm: depth ?? NaN,
    effect: o.effect,
    ...(o.part ? { part: o.part } : {}),
    precisionMm,
    close,
    text,
    closeText,
    restsText: restsWords(o.restsOn),
    ...(o.restsOn ? { restsOn: o.restsOn.figure } : {}),
    label: [`${O}${d} deep${flag}: ${o.effect}`, `${O}${d} deep${flag}`, `on ${O}${d}${flag}`, `on ${O}`],
  };
}

function touchCall(
  kind: 'touch' | 'near',
  t: TouchReport | NearMiss,
  effect: string,
  precisionMm: number,
  name: (id: string) => string,
): OverlapCall {
  const [P, O] = [name(t.piece), name(t.obstacle)];
  const gap = f2(t.gapMm);
  const close = t.gapMm < precisionMm;
  const what = partWords(kind, t.part, P);
  const would = effect ? ` (${effect})` : '';
  const text =
    kind === 'touch'
      ? `touching, not overlapping: ${gap} mm apart (${what}), within the ${TOLERANCE_MM} mm tolerance; ` +
        'touching has no effect.'
      : `not overlapping: ${gap} mm apart (${what}).`;
  const closeText = close
    ? `Too close to call on the table: ${gap} mm apart, less than the placement precision ` +
      `(${f2(precisionMm)} mm); ${kind === 'touch' ? 'a hair' : `${gap} mm`} nearer and it would overlap${would}.`
    : '';
  return {
    kind,
    piece: t.piece,
    obstacle: t.obstacle,
    mm: t.gapMm,
    effect,
    ...(t.part ? { part: t.part } : {}),
    precisionMm,
    close,
    text,
    closeText,
    restsText: restsWords(t.restsOn),
    ...(t.restsOn ? { restsOn: t.restsOn.figure } : {}),
    label:
      kind === 'touch'
        ? [
            `touching ${O}, not overlapping: ${gap} mm apart`,
            `touching ${O}: ${gap} mm apart`,
            `touching ${O}`,
          ]
        : [`${gap} mm clear of ${O}: close call`, `${gap} mm clear of ${O}`, `clear of ${O}`],
  };
}
