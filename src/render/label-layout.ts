/**
 * Label layout for the canvas, with no drawing in it (no pixi): labels asked for with a priority,
 * places to try and texts from full to short; obstacles they must not cover (the judged line's
 * segments). Each label is placed at the first place, with the first text, where its box overlaps
 * no label already placed, crosses no obstacle segment and lies inside the canvas; else it is
 * dropped. Higher priorities are placed first, so the chosen pair and its verdict always win.
 */
import { clipSegment } from './clip-box';

/** A screen box: [x0, y0, x1, y1] (px, y down). */
export type Box = [number, number, number, number];

export interface LabelRequest {
  id: string;
  /** higher first */
  priority: number;
  /** places to try, in order (screen px): the box is centred on each */
  at: [number, number][];
  /** texts to try, full first (each at every place before the next, shorter one) */
  texts: string[];
  color: number;
}

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
}

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
  const bounds = opt.bounds;
  const segs = opt.segments ?? NONE;
  const keepOut = opt.keepOut ?? NONE;
  byPriority(requests);
  const placed: PlacedLabel[] = [];
  const dropped: string[] = [];
  if (boxes.length < 4 * requests.length) boxes = new Float64Array(8 * requests.length);
  try {
    for (let o = 0; o < order.length; o++) {
      const r = requests[order[o]];
      let done = false;
      for (let t = 0; t < r.texts.length && !done; t++) {
        const text = r.texts[t];
        const { w, h } = opt.measure(text);
        for (let a = 0; a < r.at.length; a++) {
          const x = r.at[a][0],
            y = r.at[a][1];
          if (!Number.isFinite(x + y)) continue;
          tried[0] = x - w / 2;
          tried[1] = y - h / 2;
          tried[2] = x + w / 2;
          tried[3] = y + h / 2;
          if (!freeBox(bounds, keepOut, gap, segs)) continue;
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
          done = true;
          break;
        }
      }
      if (!done) dropped.push(r.id);
    }
  } finally {
    // the cells' lists emptied for the next layout, and kept (a canvas has a few hundred cells)
    if (grid.size > 4096) grid.clear();
    else grid.forEach(emptyList);
  }
  return { placed, dropped };
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
