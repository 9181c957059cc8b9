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
  const m = seg,
    b = box;
  m[0] = px;
  m[1] = py;
  m[2] = qx;
  m[3] = qy;
  b[0] = x0;
  b[1] = y0;
  b[2] = x1;
  b[3] = y1;
  return clipSegment(m, b) ? [m[0], m[1], m[2], m[3]] : null;
}

const seg = new Float64Array(4),
  box = new Float64Array(4);

/**
 * The one Liang-Barsky clip of the drawing (clipToBox, the attack lines, the label layout's line test): the
 * segment m[0..3] (px, py, qx, qy) clipped in place to the box (x0, y0, x1, y1) grown by `pad` on each side;
 * false when it misses (m is then left as it was). Numbers in arrays, none passed to a call (each would be
 * boxed anew): every attack line and every label tried at every drag step. The test holds it to
 * clipToBoxPlain.
 */
export function clipSegment(m: Float64Array, box: ArrayLike<number>, pad = 0): boolean {
  const px = m[0],
    py = m[1],
    dx = m[2] - px,
    dy = m[3] - py;
  const x0 = box[0] - pad,
    y0 = box[1] - pad,
    x1 = box[2] + pad,
    y1 = box[3] + pad;
  let t0 = 0,
    t1 = 1;
  // the box's sides in turn, as the plain form lists them
  for (let e = 0; e < 4; e++) {
    const p = e === 0 ? -dx : e === 1 ? dx : e === 2 ? -dy : dy;
    const q = e === 0 ? px - x0 : e === 1 ? x1 - px : e === 2 ? py - y0 : y1 - py;
    if (p === 0) {
      if (q < 0) return false;
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
