/**
 * Convex hull (counter-clockwise, monotone chain, collinear points dropped) of n points given
 * flat as x0, y0, x1, y1, ... (the first 2n numbers of `xy`), finite (with a NaN among them no order is
 * consistent, and this and the plain version may differ).
 * Written out with one index stack and the turn inline: a moved ship's shapes get new hulls at every
 * drag step, and the plain version's closure and arrays were most of what it cost
 * (test/geometry/hull-reference.ts is the plain one; test/geometry/hull.test.ts holds them equal).
 */
export function convexHullXY(xy: ArrayLike<number>, n = xy.length >> 1): Float64Array {
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  // by x, then y: the comparison answers -1, 0 or 1 (a difference, a double, is a new number at every call)
  idx.sort((a, b) => {
    const ax = xy[2 * a],
      bx = xy[2 * b],
      ay = xy[2 * a + 1],
      by = xy[2 * b + 1];
    return ax < bx ? -1 : ax > bx ? 1 : ay < by ? -1 : ay > by ? 1 : 0;
  });
  // the lower chain, then the upper one on the same stack (it starts from the lower's last point)
  const st = new Int32Array(2 * n + 1);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const p = idx[i];
    while (k >= 2 && turn(xy, st[k - 2], st[k - 1], p) <= 0) k--;
    st[k++] = p;
  }
  for (let i = n - 2, t = k + 1; i >= 0; i--) {
    const p = idx[i];
    while (k >= t && turn(xy, st[k - 2], st[k - 1], p) <= 0) k--;
    st[k++] = p;
  }
  // the last point is the first again
  const m = Math.max(0, k - 1);
  const out = new Float64Array(2 * m);
  for (let i = 0; i < m; i++) {
    out[2 * i] = xy[2 * st[i]];
    out[2 * i + 1] = xy[2 * st[i] + 1];
  }
  return out;
}

/** the cross product (a - o) x (b - o) of points o, a, b of `xy`: > 0 for a left turn */
function turn(xy: ArrayLike<number>, o: number, a: number, b: number): number {
  return (
    (xy[2 * a] - xy[2 * o]) * (xy[2 * b + 1] - xy[2 * o + 1]) -
    (xy[2 * a + 1] - xy[2 * o + 1]) * (xy[2 * b] - xy[2 * o])
  );
}
