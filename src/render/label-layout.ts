/**
 * Label layout for the canvas, with no drawing in it (no pixi): labels asked for with a priority,
 * places to try and texts from full to short; obstacles they must not cover (the judged line's
 * segments) and pieces they should not (squadrons' discs, ships' bases). Each label is placed at the
 * first place, with the first text, where its box overlaps no label already placed, crosses no
 * obstacle segment, covers no piece (but its own ship) and lies inside the canvas; failing that, unless
 * it must keep off pieces, at the first such place that covers a piece; else it is dropped. Higher
 * priorities are placed first, so the chosen pair and its verdict always win.
 */
import { clipSegment } from './clip-box';

/** A screen box: [x0, y0, x1, y1] (px, y down). */
export type Box = [number, number, number, number];

export interface LabelRequest {
  id: string;
  /** higher first */
  priority: number;
  /**
   * places to try, in order (screen px): the box is centred on each, or with a third and fourth number
   * (-1, 0 or 1 each) the box's left/right (x) and top/bottom (y) side on it: [x, y, -1, 0] puts the box's
   * left side's middle there, so a shorter text keeps as close to the piece on its left
   */
  at: Place[];
  /** texts to try, full first (each at every place before the next, shorter one) */
  texts: string[];
  color: number;
  /**
   * 'never': placed only clear of the pieces (a squadron's name: left out, the legend counts it);
   * 'last' (the default): over a piece when no place clear of them is free
   */
  overPieces?: 'never' | 'last';
}

/** A place: the box's centre, or with an alignment the point its given sides meet (LabelRequest.at). */
export type Place = [number, number] | [number, number, number, number];

export interface PlacedLabel {
  id: string;
  text: string;
  /** the box's centre */
  x: number;
  y: number;
  box: Box;
  color: number;
  priority: number;
}

/** A segment a label must not cover, `pad` px wide on each side (a line's half width and a margin). */
export interface Segment {
  a: [number, number];
  b: [number, number];
  pad: number;
}

export interface LayoutOptions {
  /** the text's box size (px) */
  measure(text: string): { w: number; h: number };
  /** the canvas: a label's box must lie inside it */
  bounds: Box;
  /** segments no label may cover */
  segments?: Segment[];
  /** px kept between two labels' boxes */
  gap?: number;
  /** boxes no label may meet (the canvas's legend) */
  keepOut?: Box[];
  /** pieces' footprints a label should not cover */
  pieces?: Footprints;
}

/**
 * Pieces' footprints on screen, flat (filled anew each frame into the same arrays): footprint i begins at
 * data[start[i]]: 0 then cx, cy, r for a disc; 1, the corner count n, then n corners' x, y for a convex
 * polygon (a ship's base). owner[i]: the label id that may cover it (a ship's name on its base), or ''.
 */
export interface Footprints {
  count: number;
  data: Float64Array;
  start: Int32Array;
  owner: string[];
}

/** px a footprint is grown by: a label's box may come this close to a piece */
export const PIECE_PAD = 1;

export interface LayoutResult {
  placed: PlacedLabel[];
  dropped: string[];
}

const CELL = 64;

// The layout's scratch, kept from call to call (it runs at every drag step): nothing of it escapes.
/** the requests' indices, highest priority first */
const order: number[] = [];
/** the placed labels' boxes, four numbers each, in the order placed */
let boxes = new Float64Array(4 * 64);
/** the placed labels (their indices in `boxes`) by grid cell: a label is tested against its neighbours */
const grid = new Map<number, number[]>();
/** the box tried */
const tried = new Float64Array(4);
/** the footprints' bounding boxes (grown by PIECE_PAD), four numbers each */
let pieceBoxes = new Float64Array(4 * 64);
/** the footprints by grid cell */
const pieceGrid = new Map<number, number[]>();
const emptyList = (l: number[]) => {
  l.length = 0;
};

/**
 * Lay the labels out (see the module's comment). Deterministic: ties keep the requests' order.
 * Written out without closures, a box per place tried nor lists made per call (it runs at every drag step,
 * for some 50 labels at up to 17 places each against every line): test/render/label-layout-reference.ts
 * holds the plain version it is tested against.
 */
export function layoutLabels(requests: LabelRequest[], opt: LayoutOptions): LayoutResult {
  const gap = opt.gap ?? 2;
  const segs = opt.segments ?? NONE;
  const keepOut = opt.keepOut ?? NONE;
  const fp = opt.pieces && opt.pieces.count ? opt.pieces : null;
  byPriority(requests);
  const placed: PlacedLabel[] = [];
  const dropped: string[] = [];
  if (boxes.length < 4 * requests.length) boxes = new Float64Array(8 * requests.length);
  try {
    if (fp) gridPieces(fp);
    for (let o = 0; o < order.length; o++) {
      const r = requests[order[o]];
      let done = placeOne(r, opt, placed, gap, segs, keepOut, fp);
      if (!done && fp && r.overPieces !== 'never') done = placeOne(r, opt, placed, gap, segs, keepOut, null);
      if (!done) dropped.push(r.id);
    }
  } finally {
    // the cells' lists emptied for the next layout, and kept (a canvas has a few hundred cells)
    if (grid.size > 4096) grid.clear();
    else grid.forEach(emptyList);
    if (pieceGrid.size > 4096) pieceGrid.clear();
    else pieceGrid.forEach(emptyList);
  }
  return { placed, dropped };
}

/**
 * Request r placed at its first free place with its first text that fits (clear of the footprints `fp`
 * when given), pushed on `placed` and entered in the grid; false when no place is free.
 */
function placeOne(
  r: LabelRequest,
  opt: LayoutOptions,
  placed: PlacedLabel[],
  gap: number,
  segs: Segment[],
  keepOut: Box[],
  fp: Footprints | null,
): boolean {
  for (let t = 0; t < r.texts.length; t++) {
    const text = r.texts[t];
    const { w, h } = opt.measure(text);
    for (let a = 0; a < r.at.length; a++) {
      const at = r.at[a];
      // the box's centre: the place, moved by half the box toward the sides the place aligns
      const x = at[0] - ((at[2] ?? 0) * w) / 2,
        y = at[1] - ((at[3] ?? 0) * h) / 2;
      if (!Number.isFinite(x + y)) continue;
      tried[0] = x - w / 2;
      tried[1] = y - h / 2;
      tried[2] = x + w / 2;
      tried[3] = y + h / 2;
      if (!freeBox(opt.bounds, keepOut, gap, segs)) continue;
      if (fp && coversPiece(fp, r.id)) continue;
      const p = placedAgain(r, text, x, y);
      const b = p.box;
      const k = placed.length;
      placed.push(p);
      boxes[4 * k] = b[0];
      boxes[4 * k + 1] = b[1];
      boxes[4 * k + 2] = b[2];
      boxes[4 * k + 3] = b[3];
      for (let cx = Math.floor(b[0] / CELL); cx <= Math.floor(b[2] / CELL); cx++)
        for (let cy = Math.floor(b[1] / CELL); cy <= Math.floor(b[3] / CELL); cy++) {
          const key = cx * 100003 + cy;
          const l = grid.get(key);
          if (l) l.push(k);
          else grid.set(key, [k]);
        }
      return true;
    }
  }
  return false;
}

/** The footprints' boxes (grown by PIECE_PAD) worked out and entered in pieceGrid by cell. */
function gridPieces(fp: Footprints) {
  if (pieceBoxes.length < 4 * fp.count) pieceBoxes = new Float64Array(8 * fp.count);
  const d = fp.data;
  for (let i = 0; i < fp.count; i++) {
    const s = fp.start[i];
    let x0: number, y0: number, x1: number, y1: number;
    if (d[s] === 0) {
      x0 = d[s + 1] - d[s + 3];
      x1 = d[s + 1] + d[s + 3];
      y0 = d[s + 2] - d[s + 3];
      y1 = d[s + 2] + d[s + 3];
    } else {
      x0 = y0 = Infinity;
      x1 = y1 = -Infinity;
      for (let k = 0, n = d[s + 1]; k < n; k++) {
        const x = d[s + 2 + 2 * k],
          y = d[s + 3 + 2 * k];
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
    x0 -= PIECE_PAD;
    y0 -= PIECE_PAD;
    x1 += PIECE_PAD;
    y1 += PIECE_PAD;
    pieceBoxes[4 * i] = x0;
    pieceBoxes[4 * i + 1] = y0;
    pieceBoxes[4 * i + 2] = x1;
    pieceBoxes[4 * i + 3] = y1;
    if (!Number.isFinite(x0 + y0 + x1 + y1)) continue;
    // a piece far larger than the canvas (zoomed right in) is tested from the cells the canvas can show
    const cx0 = Math.max(Math.floor(x0 / CELL), -64),
      cx1 = Math.min(Math.floor(x1 / CELL), 256),
      cy0 = Math.max(Math.floor(y0 / CELL), -64),
      cy1 = Math.min(Math.floor(y1 / CELL), 256);
    for (let cx = cx0; cx <= cx1; cx++)
      for (let cy = cy0; cy <= cy1; cy++) {
        const key = cx * 100003 + cy;
        const l = pieceGrid.get(key);
        if (l) l.push(i);
        else pieceGrid.set(key, [i]);
      }
  }
}

/**
 * Whether the box `tried` covers a footprint (grown by PIECE_PAD; touching is apart) other than one
 * label `id` may cover. A footprint in several cells is tested once per cell: few are.
 */
function coversPiece(fp: Footprints, id: string): boolean {
  const x0 = tried[0],
    y0 = tried[1],
    x1 = tried[2],
    y1 = tried[3];
  const cx0 = Math.max(Math.floor(x0 / CELL), -64),
    cx1 = Math.min(Math.floor(x1 / CELL), 256),
    cy0 = Math.max(Math.floor(y0 / CELL), -64),
    cy1 = Math.min(Math.floor(y1 / CELL), 256);
  for (let cx = cx0; cx <= cx1; cx++)
    for (let cy = cy0; cy <= cy1; cy++) {
      const l = pieceGrid.get(cx * 100003 + cy);
      if (!l) continue;
      for (let j = 0; j < l.length; j++) {
        const i = l[j],
          o = 4 * i;
        if (
          !(x0 < pieceBoxes[o + 2] && pieceBoxes[o] < x1 && y0 < pieceBoxes[o + 3] && pieceBoxes[o + 1] < y1)
        )
          continue;
        if (fp.owner[i] !== '' && fp.owner[i] === id) continue;
        if (footprintMeetsBox(fp.data, fp.start[i], x0, y0, x1, y1, PIECE_PAD)) return true;
      }
    }
  return false;
}

/**
 * Whether the footprint at data[s] (Footprints) meets the box (x0, y0, x1, y1) grown by `pad` on each side:
 * a disc when the box's nearest point to its centre lies within r, a convex polygon by separating axes (the
 * box's two, the polygon's edges' normals). Touching is apart.
 */
export function footprintMeetsBox(
  d: ArrayLike<number>,
  s: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  pad: number,
): boolean {
  x0 -= pad;
  y0 -= pad;
  x1 += pad;
  y1 += pad;
  if (d[s] === 0) {
    const cx = d[s + 1],
      cy = d[s + 2],
      r = d[s + 3];
    const dx = cx < x0 ? x0 - cx : cx > x1 ? cx - x1 : 0,
      dy = cy < y0 ? y0 - cy : cy > y1 ? cy - y1 : 0;
    return dx * dx + dy * dy < r * r;
  }
  const n = d[s + 1],
    p = s + 2;
  let px0 = Infinity,
    py0 = Infinity,
    px1 = -Infinity,
    py1 = -Infinity;
  for (let k = 0; k < n; k++) {
    const x = d[p + 2 * k],
      y = d[p + 2 * k + 1];
    if (x < px0) px0 = x;
    if (x > px1) px1 = x;
    if (y < py0) py0 = y;
    if (y > py1) py1 = y;
  }
  if (!(x0 < px1 && px0 < x1 && y0 < py1 && py0 < y1)) return false;
  const mx = (x0 + x1) / 2,
    my = (y0 + y1) / 2,
    hw = (x1 - x0) / 2,
    hh = (y1 - y0) / 2;
  for (let k = 0; k < n; k++) {
    const k1 = k + 1 === n ? 0 : k + 1;
    const nx = d[p + 2 * k1 + 1] - d[p + 2 * k + 1],
      ny = d[p + 2 * k] - d[p + 2 * k1];
    let lo = Infinity,
      hi = -Infinity;
    for (let j = 0; j < n; j++) {
      const v = d[p + 2 * j] * nx + d[p + 2 * j + 1] * ny;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const c = mx * nx + my * ny,
      e = hw * Math.abs(nx) + hh * Math.abs(ny);
    if (!(c - e < hi && lo < c + e)) return false;
  }
  return true;
}

const NONE: never[] = [];

/**
 * The label placed for request `r` as last laid out, when it is placed again with the same text in the
 * same box (a request kept from frame to frame, its piece unmoved): the same object, not a new one.
 * Layouts' results share such labels: they are never changed. (Object.is: a label at -0 is not at 0.)
 */
const lastPlaced = new WeakMap<LabelRequest, PlacedLabel>();
function placedAgain(r: LabelRequest, text: string, x: number, y: number): PlacedLabel {
  const q = lastPlaced.get(r),
    b = q?.box;
  if (
    q !== undefined &&
    b !== undefined &&
    q.text === text &&
    Object.is(q.x, x) &&
    Object.is(q.y, y) &&
    Object.is(b[0], tried[0]) &&
    Object.is(b[1], tried[1]) &&
    Object.is(b[2], tried[2]) &&
    Object.is(b[3], tried[3]) &&
    q.id === r.id &&
    q.color === r.color &&
    q.priority === r.priority
  )
    return q;
  const p = {
    id: r.id,
    text,
    x,
    y,
    box: [tried[0], tried[1], tried[2], tried[3]] as Box,
    color: r.color,
    priority: r.priority,
  };
  lastPlaced.set(r, p);
  return p;
}

/** `order` made the requests' indices by priority, highest first, ties in the requests' order (stable). */
function byPriority(requests: LabelRequest[]) {
  order.length = 0;
  for (let i = 0; i < requests.length; i++) {
    const p = requests[i].priority;
    let j = i;
    order.push(i);
    for (; j > 0 && requests[order[j - 1]].priority < p; j--) order[j] = order[j - 1];
    order[j] = i;
  }
}

/** Whether the box `tried` may go here: inside the bounds, clear of the rest. */
function freeBox(bounds: Box, keepOut: Box[], gap: number, segs: Segment[]): boolean {
  const x0 = tried[0],
    y0 = tried[1],
    x1 = tried[2],
    y1 = tried[3];
  if (x0 < bounds[0] || y0 < bounds[1] || x1 > bounds[2] || y1 > bounds[3]) return false;
  for (let i = 0; i < keepOut.length; i++) {
    const k = keepOut[i];
    if (x0 < k[2] + gap && k[0] < x1 + gap && y0 < k[3] + gap && k[1] < y1 + gap) return false;
  }
  for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++)
    for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) {
      const l = grid.get(cx * 100003 + cy);
      if (!l) continue;
      for (let i = 0; i < l.length; i++) {
        const o = 4 * l[i];
        if (
          x0 < boxes[o + 2] + gap &&
          boxes[o] < x1 + gap &&
          y0 < boxes[o + 3] + gap &&
          boxes[o + 1] < y1 + gap
        )
          return false;
      }
    }
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (segmentMeetsBox(s.a, s.b, tried, s.pad)) return false;
  }
  return true;
}

/** Whether two boxes come closer than `gap` px (touching at exactly `gap` is apart). */
export function boxesOverlap(a: Box, b: Box, gap = 0): boolean {
  return a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap;
}

/** Whether segment a-b meets the box (Liang-Barsky: some part of the segment lies inside it). */
export function segmentHitsBox(a: [number, number], b: [number, number], box: Box): boolean {
  return segmentMeetsBox(a, b, box, 0);
}

/** segmentHitsBox of the box grown by `pad` on each side: clipSegment on a copy of the segment's ends. */
function segmentMeetsBox(
  a: [number, number],
  b: [number, number],
  box: ArrayLike<number>,
  pad: number,
): boolean {
  const m = ends;
  m[0] = a[0];
  m[1] = a[1];
  m[2] = b[0];
  m[3] = b[1];
  return clipSegment(m, box, pad);
}
const ends = new Float64Array(4);

/** Places around an anchor: on it, then above, below, right, left and the corners, at one and two steps. */
export function around(x: number, y: number, w: number, h: number): [number, number][] {
  const out: [number, number][] = [[x, y]];
  for (const k of [1, 2]) {
    const dy = k * (h / 2 + 4) + ((k - 1) * h) / 2,
      dx = k * (w / 2 + 6);
    out.push(
      [x, y - dy],
      [x, y + dy],
      [x + dx, y],
      [x - dx, y],
      [x + dx, y - dy],
      [x - dx, y - dy],
      [x + dx, y + dy],
      [x - dx, y + dy],
    );
  }
  return out;
}

/** Places beside a line p-q: at the fractions `ts` along it, `off` px to either side. */
export function besideLine(
  p: [number, number],
  q: [number, number],
  ts: number[],
  off: number[],
): [number, number][] {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
  const nx = -(q[1] - p[1]) / len,
    ny = (q[0] - p[0]) / len;
  const out: [number, number][] = [];
  for (const t of ts) {
    const x = p[0] + (q[0] - p[0]) * t,
      y = p[1] + (q[1] - p[1]) * t;
    for (const o of off) out.push([x + nx * o, y + ny * o], [x - nx * o, y - ny * o]);
  }
  return out;
}

/** A text cut to `n` characters with an ellipsis (itself when short enough). */
export const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, Math.max(1, n - 1))}…`);

/** An estimate of an 11 px system-ui label's box with its 3 px outline (tests, and where nothing measures). */
export const estimateBox = (text: string) => ({ w: Math.max(8, text.length * 6.4) + 4, h: 16 });

/** The places a request may take by a piece are those whose boxes lie within this many px of it. */
export const LABEL_REACH_PX = 12;
/** The gaps (px) between a piece and the boxes of the places beside it: close, then a little off. */
export const BESIDE_GAPS = [2, 10] as const;

const DIAG = Math.SQRT1_2;

/**
 * Places beside a piece, each box's near side or corner `g` px from it for each gap g in BESIDE_GAPS (so a
 * shorter text keeps as close): below, above, right, left, then the corners (below first: a squadron's name
 * is read under it). A disc (r > 0: centre x, y): the corners' boxes touch its diagonal; a box (r = 0: the
 * piece's bounding box x, y, x1, y1): its corners'. Callers keep those within reach of the piece itself.
 */
export function beside(x: number, y: number, r: number, x1 = x, y1 = y): Place[] {
  const out: Place[] = [];
  const cx = (x + x1) / 2,
    cy = (y + y1) / 2;
  for (const g of BESIDE_GAPS) {
    const left = r ? x - r - g : x - g,
      right = r ? x + r + g : x1 + g,
      top = r ? y - r - g : y - g,
      bottom = r ? y + r + g : y1 + g;
    out.push([cx, bottom, 0, -1], [cx, top, 0, 1], [right, cy, -1, 0], [left, cy, 1, 0]);
    // a corner's box touches the disc's diagonal at g, or the box's corner g away along the diagonal
    const d = r ? (r + g) * DIAG : g * DIAG;
    const [l, rt, t, b] = r ? [x - d, x + d, y - d, y + d] : [x - d, x1 + d, y - d, y1 + d];
    out.push([rt, b, -1, -1], [l, b, 1, -1], [rt, t, -1, 1], [l, t, 1, 1]);
  }
  return out;
}

/** The box a request's place gives a text of size w x h (LabelRequest.at). */
export function placeBox(at: Place, w: number, h: number): Box {
  const x = at[0] - ((at[2] ?? 0) * w) / 2,
    y = at[1] - ((at[3] ?? 0) * h) / 2;
  return [x - w / 2, y - h / 2, x + w / 2, y + h / 2];
}

/**
 * The distance (px) between the box (x0, y0, x1, y1) and a polygon (corners x, y run together; 0 when they
 * meet). Numbers only, no pair made: the places of a piece being dragged are asked anew at every step.
 */
export function boxPolygonGap(x0: number, y0: number, x1: number, y1: number, xy: ArrayLike<number>): number {
  return Math.sqrt(boxPolygonGap2(x0, y0, x1, y1, xy));
}

/**
 * boxPolygonGap squared: squares compared, one root at the end (withinReach asks it for every place of a
 * dragged piece's label at every step; Math.hypot and a many-argument Math.min in the loop cost a step
 * some kilobytes of boxed numbers).
 */
function boxPolygonGap2(x0: number, y0: number, x1: number, y1: number, xy: ArrayLike<number>): number {
  const n = xy.length / 2;
  const b = gapBox;
  b[0] = x0;
  b[1] = y0;
  b[2] = x1;
  b[3] = y1;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      cx = xy[2 * j],
      cy = xy[2 * j + 1];
    gapSeg[0] = ax;
    gapSeg[1] = ay;
    gapSeg[2] = cx;
    gapSeg[3] = cy;
    if (clipSegment(gapSeg, b)) return 0;
    // the corner a to the box, and each of the box's corners to the edge a-c
    const gx = x0 - ax > 0 ? x0 - ax : ax - x1 > 0 ? ax - x1 : 0,
      gy = y0 - ay > 0 ? y0 - ay : ay - y1 > 0 ? ay - y1 : 0;
    let d = gx * gx + gy * gy;
    if (d < best) best = d;
    // each box corner to the edge, written out (a call per corner boxed the number it returned)
    const dx = cx - ax,
      dy = cy - ay,
      len2 = dx * dx + dy * dy;
    for (let k = 0; k < 4; k++) {
      const x = k === 0 || k === 3 ? x0 : x1,
        y = k < 2 ? y0 : y1;
      let t = len2 ? ((x - ax) * dx + (y - ay) * dy) / len2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = x - ax - t * dx,
        ey = y - ay - t * dy;
      d = ex * ex + ey * ey;
      if (d < best) best = d;
    }
  }
  // the box wholly inside the polygon: its centre inside (crossings of a ray to the right)
  const mx = (x0 + x1) / 2,
    my = (y0 + y1) / 2;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const yi = xy[2 * i + 1],
      yj = xy[2 * j + 1];
    if (yi > my !== yj > my && mx < ((xy[2 * j] - xy[2 * i]) * (my - yi)) / (yj - yi) + xy[2 * i])
      inside = !inside;
  }
  return inside ? 0 : best;
}
const gapBox = new Float64Array(4),
  gapSeg = new Float64Array(4);

/**
 * Whether a text of size w x h at place `at` lies within `reach` px of a piece: a disc (r > 0, centre x, y)
 * or a polygon (r = 0, its corners `xy`). Numbers only (see boxPolygonGap).
 */
export function withinReach(
  at: Place,
  w: number,
  h: number,
  reach: number,
  x: number,
  y: number,
  r: number,
  xy: ArrayLike<number>,
): boolean {
  const cx = at[0] - ((at[2] ?? 0) * w) / 2,
    cy = at[1] - ((at[3] ?? 0) * h) / 2;
  const x0 = cx - w / 2,
    y0 = cy - h / 2,
    x1 = cx + w / 2,
    y1 = cy + h / 2;
  if (r > 0) {
    const dx = x0 - x > 0 ? x0 - x : x - x1 > 0 ? x - x1 : 0,
      dy = y0 - y > 0 ? y0 - y : y - y1 > 0 ? y - y1 : 0;
    return Math.sqrt(dx * dx + dy * dy) - r <= reach;
  }
  return boxPolygonGap2(x0, y0, x1, y1, xy) <= reach * reach;
}
