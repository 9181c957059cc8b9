/**
 * The plain monotone chain src/geometry/hull.ts is written out from (two chains of number arrays, a closure
 * for the turn): the tests hold the fast one to it.
 *
 * Convex hull (counter-clockwise, monotone chain, collinear points dropped) of n points given
 * flat as x0, y0, x1, y1, ... (the first 2n numbers of `xy`). */
export function convexHullXY(xy: ArrayLike<number>, n = xy.length >> 1): Float64Array {
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => xy[2 * a] - xy[2 * b] || xy[2 * a + 1] - xy[2 * b + 1]);
  const cross = (o: number, a: number, b: number) =>
    (xy[2 * a] - xy[2 * o]) * (xy[2 * b + 1] - xy[2 * o + 1]) -
    (xy[2 * a + 1] - xy[2 * o + 1]) * (xy[2 * b] - xy[2 * o]);
  const lower: number[] = [],
    upper: number[] = [];
  for (const p of idx) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  for (let k = idx.length - 1; k >= 0; k--) {
    const p = idx[k];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  const ring = lower.slice(0, -1).concat(upper.slice(0, -1));
  const out = new Float64Array(ring.length * 2);
  ring.forEach((p, i) => {
    out[2 * i] = xy[2 * p];
    out[2 * i + 1] = xy[2 * p + 1];
  });
  return out;
}
