/** Segments clipped to the canvas's box, in screen pixels (the drawn lines). */

/** The part of segment p-q inside the box (Liang-Barsky), or null when none is. */
export function clipToBox(
  px: number,
  py: number,
  qx: number,
  qy: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): [number, number, number, number] | null {
  if (!clipInto(px, py, qx, qy, x0, y0, x1, y1)) return null;
  return [clipped[0], clipped[1], clipped[2], clipped[3]];
}

/** clipToBox's answer, written by clipInto (no arrays made: a drag step clips every attack line) */
export const clipped = new Float64Array(4);

/** Liang-Barsky parameters: one side of the box (p, q) narrowing [clipT[0], clipT[1]]; false when empty. */
const clipT = new Float64Array(2);
function clipSide(p: number, q: number): boolean {
  if (p === 0) return q >= 0;
  const r = q / p;
  if (p < 0) {
    if (r > clipT[1]) return false;
    if (r > clipT[0]) clipT[0] = r;
  } else {
    if (r < clipT[0]) return false;
    if (r < clipT[1]) clipT[1] = r;
  }
  return true;
}

/** clipToBox into `clipped`: false when the segment misses the box. */
export function clipInto(
  px: number,
  py: number,
  qx: number,
  qy: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  clipT[0] = 0;
  clipT[1] = 1;
  const dx = qx - px,
    dy = qy - py;
  if (!clipSide(-dx, px - x0) || !clipSide(dx, x1 - px) || !clipSide(-dy, py - y0) || !clipSide(dy, y1 - py))
    return false;
  const t0 = clipT[0],
    t1 = clipT[1];
  clipped[0] = px + dx * t0;
  clipped[1] = py + dy * t0;
  clipped[2] = px + dx * t1;
  clipped[3] = py + dy * t1;
  return true;
}

/**
 * clipInto on numbers in arrays: the segment m[0..3] (px, py, qx, qy) clipped in place to the box
 * (x0, y0, x1, y1); false when it misses (m is then left as it was). No numbers passed to a call, each of
 * which would be boxed anew: every attack line at every drag step (the test holds it to clipToBoxPlain).
 */
export function clipSegment(m: Float64Array, box: Float64Array): boolean {
  const px = m[0],
    py = m[1],
    dx = m[2] - px,
    dy = m[3] - py;
  let t0 = 0,
    t1 = 1;
  // clipSide written out: the box's sides in turn
  for (let e = 0; e < 4; e++) {
    const p = e === 0 ? -dx : e === 1 ? dx : e === 2 ? -dy : dy;
    const q = e === 0 ? px - box[0] : e === 1 ? box[2] - px : e === 2 ? py - box[1] : box[3] - py;
    if (p === 0) {
      if (!(q >= 0)) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  m[0] = px + dx * t0;
  m[1] = py + dy * t0;
  m[2] = px + dx * t1;
  m[3] = py + dy * t1;
  return true;
}

/** clipToBox as first written (a list of the box's sides): the reference the test holds clipInto to. */
export function clipToBoxPlain(
  px: number,
  py: number,
  qx: number,
  qy: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): [number, number, number, number] | null {
  let t0 = 0,
    t1 = 1;
  const dx = qx - px,
    dy = qy - py;
  const edges: [number, number][] = [
    [-dx, px - x0],
    [dx, x1 - px],
    [-dy, py - y0],
    [dy, y1 - py],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return null;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return null;
      if (r < t1) t1 = r;
    }
  }
  return [px + dx * t0, py + dy * t0, px + dx * t1, py + dy * t1];
}
