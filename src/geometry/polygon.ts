import { hypot } from './hypot';
import { type Point, place } from './point';
import { orient } from './predicates';

export type PointLocation = 'inside' | 'boundary' | 'outside';

/**
 * A simple polygon (convex or concave), counter-clockwise, without a repeated last point.
 * Coordinates are kept flat (x0, y0, x1, y1, ...) for the inner loops.
 */
export class Polygon {
  readonly kind = 'polygon' as const;
  readonly xy: Float64Array;
  readonly n: number;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  private _area = NaN;
  private _convex: boolean | undefined;
  private _inner: Point | undefined;
  /** the convex hull's coordinates, once separation.ts has worked them out (a WeakMap lookup costs more) */
  hullXY: Float64Array | undefined = undefined;

  private constructor(xy: Float64Array) {
    this.xy = xy;
    this.n = xy.length / 2;
    let minX = Infinity,
      minY = Infinity,
      maxX = -Infinity,
      maxY = -Infinity;
    for (let i = 0; i < xy.length; i += 2) {
      const x = xy[i],
        y = xy[i + 1];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    this.minX = minX;
    this.minY = minY;
    this.maxX = maxX;
    this.maxY = maxY;
  }

  /**
   * Build from points in either winding. Drops repeated consecutive points and a repeated
   * closing point; throws on fewer than three distinct points, non-finite numbers or zero area.
   */
  /**
   * knownConvex: the caller knows the outline is convex (a convex shape clipped to a convex
   * region), so the exact test is skipped; a turn of rounding size may then go unnoticed.
   */
  static from(points: ReadonlyArray<Point | readonly [number, number]>, knownConvex = false): Polygon {
    const flat: number[] = [];
    for (const p of points) {
      const x = Array.isArray(p) ? (p as readonly number[])[0] : (p as Point).x;
      const y = Array.isArray(p) ? (p as readonly number[])[1] : (p as Point).y;
      if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error('polygon: non-finite coordinate');
      const m = flat.length;
      if (m >= 2 && flat[m - 2] === x && flat[m - 1] === y) continue;
      flat.push(x, y);
    }
    while (flat.length >= 4 && flat[0] === flat[flat.length - 2] && flat[1] === flat[flat.length - 1]) {
      flat.length -= 2;
    }
    if (flat.length < 6) throw new Error('polygon: needs at least three distinct points');
    let a2 = 0;
    for (let i = 0, n = flat.length / 2; i < n; i++) {
      const j = (i + 1) % n;
      a2 += flat[2 * i] * flat[2 * j + 1] - flat[2 * j] * flat[2 * i + 1];
    }
    if (!(Math.abs(a2) > 0)) throw new Error('polygon: zero area');
    let P: Polygon;
    if (a2 < 0) {
      const rev: number[] = [];
      for (let i = flat.length / 2 - 1; i >= 0; i--) rev.push(flat[2 * i], flat[2 * i + 1]);
      P = new Polygon(Float64Array.from(rev));
    } else {
      P = new Polygon(Float64Array.from(flat));
    }
    if (knownConvex) P._convex = true;
    return P;
  }

  static rect(cx: number, cy: number, w: number, h: number): Polygon {
    return Polygon.from([
      [cx - w / 2, cy - h / 2],
      [cx + w / 2, cy - h / 2],
      [cx + w / 2, cy + h / 2],
      [cx - w / 2, cy + h / 2],
    ]);
  }

  x(i: number): number {
    return this.xy[2 * i];
  }
  y(i: number): number {
    return this.xy[2 * i + 1];
  }
  point(i: number): Point {
    return { x: this.xy[2 * i], y: this.xy[2 * i + 1] };
  }

  points(): Point[] {
    const out: Point[] = [];
    for (let i = 0; i < this.n; i++) out.push(this.point(i));
    return out;
  }

  pairs(): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < this.n; i++) out.push([this.xy[2 * i], this.xy[2 * i + 1]]);
    return out;
  }

  get area(): number {
    if (Number.isNaN(this._area)) {
      let a2 = 0;
      const { xy, n } = this;
      for (let i = 0; i < n; i++) {
        const j = i + 1 === n ? 0 : i + 1;
        a2 += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
      }
      this._area = a2 / 2;
    }
    return this._area;
  }

  /** Area centroid. */
  centroid(): Point {
    const { xy, n } = this;
    // Shift to the first vertex for precision far from the origin.
    const ox = xy[0],
      oy = xy[1];
    let a2 = 0,
      cx = 0,
      cy = 0;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const xi = xy[2 * i] - ox,
        yi = xy[2 * i + 1] - oy,
        xj = xy[2 * j] - ox,
        yj = xy[2 * j + 1] - oy;
      const c = xi * yj - xj * yi;
      a2 += c;
      cx += (xi + xj) * c;
      cy += (yi + yj) * c;
    }
    return { x: ox + cx / (3 * a2), y: oy + cy / (3 * a2) };
  }

  get convex(): boolean {
    if (this._convex === undefined) {
      const { xy, n } = this;
      let ok = true;
      for (let i = 0; i < n && ok; i++) {
        const j = (i + 1) % n,
          k = (i + 2) % n;
        if (orient(xy[2 * i], xy[2 * i + 1], xy[2 * j], xy[2 * j + 1], xy[2 * k], xy[2 * k + 1]) < 0)
          ok = false;
      }
      this._convex = ok;
    }
    return this._convex;
  }

  /** Exact location of a point: inside, on the boundary, or outside. */
  locate(px: number, py: number): PointLocation {
    if (px < this.minX || px > this.maxX || py < this.minY || py > this.maxY) return 'outside';
    const { xy, n } = this;
    let winding = 0;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ax = xy[2 * i],
        ay = xy[2 * i + 1],
        bx = xy[2 * j],
        by = xy[2 * j + 1];
      const o = orient(ax, ay, bx, by, px, py);
      if (
        o === 0 &&
        Math.min(ax, bx) <= px &&
        px <= Math.max(ax, bx) &&
        Math.min(ay, by) <= py &&
        py <= Math.max(ay, by)
      ) {
        return 'boundary';
      }
      if (ay <= py) {
        if (by > py && o > 0) winding++;
      } else if (by <= py && o < 0) {
        winding--;
      }
    }
    return winding !== 0 ? 'inside' : 'outside';
  }

  contains(px: number, py: number): boolean {
    return this.locate(px, py) === 'inside';
  }

  // Scratch result of nearestBoundary, so the hot paths allocate nothing.
  private nd2 = Infinity;
  private nx = NaN;
  private ny = NaN;

  /** Writes the squared distance to, and the closest point of, the boundary into the scratch fields. */
  private nearestBoundary(px: number, py: number): void {
    const { xy, n } = this;
    let best = Infinity,
      bx = NaN,
      by = NaN;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ax = xy[2 * i],
        ay = xy[2 * i + 1],
        ex = xy[2 * j],
        ey = xy[2 * j + 1];
      // skip an edge whose box is no nearer than the best so far
      const gx = Math.max(px - (ax > ex ? ax : ex), (ax < ex ? ax : ex) - px, 0);
      const gy = Math.max(py - (ay > ey ? ay : ey), (ay < ey ? ay : ey) - py, 0);
      if (gx * gx + gy * gy >= best) continue;
      // closestParam, written out (a call that is not inlined boxes the numbers passed to it)
      const dx = ex - ax,
        dy = ey - ay,
        len2 = dx * dx + dy * dy;
      let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const qx = ax + (ex - ax) * t,
        qy = ay + (ey - ay) * t;
      const d2 = (qx - px) * (qx - px) + (qy - py) * (qy - py);
      if (d2 < best) {
        best = d2;
        bx = qx;
        by = qy;
      }
    }
    this.nd2 = best;
    this.nx = bx;
    this.ny = by;
  }

  /** Closest point of the boundary to (px, py), with its distance. */
  closestBoundaryPoint(px: number, py: number): { d: number; x: number; y: number } {
    this.nearestBoundary(px, py);
    return { d: Math.sqrt(this.nd2), x: this.nx, y: this.ny };
  }

  /** closestBoundaryPoint(px, py).d, the same number, without building the point. */
  boundaryDistance(px: number, py: number): number {
    this.nearestBoundary(px, py);
    return Math.sqrt(this.nd2);
  }

  /** Distance to the boundary, negative inside. */
  signedDistance(px: number, py: number): number {
    const d = this.boundaryDistance(px, py);
    return this.locate(px, py) === 'inside' ? -d : d;
  }

  /**
   * A point well inside: the deepest of a few candidates (centroid, edge-midpoint probes).
   * Used to tell a shape lying exactly on top of another from one merely touching it.
   */
  innerPoint(): Point {
    if (this._inner) return this._inner;
    const cands: Point[] = [this.centroid()];
    const { xy, n } = this;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const mx = (xy[2 * i] + xy[2 * j]) / 2,
        my = (xy[2 * i + 1] + xy[2 * j + 1]) / 2;
      const ex = xy[2 * j] - xy[2 * i],
        ey = xy[2 * j + 1] - xy[2 * i + 1];
      const len = hypot(ex, ey);
      if (len === 0) continue;
      // step inward (left of a CCW edge) by a range of depths
      // shallow steps too, for shapes thinner than a twentieth of their box
      for (const s of [0.001, 0.01, 0.05, 0.2, 0.5]) {
        const depth = s * Math.min(this.maxX - this.minX, this.maxY - this.minY);
        cands.push({ x: mx - (ey / len) * depth, y: my + (ex / len) * depth });
      }
    }
    let best = cands[0],
      bestD = -Infinity;
    for (const c of cands) {
      if (this.locate(c.x, c.y) !== 'inside') continue;
      const d = this.closestBoundaryPoint(c.x, c.y).d;
      if (d > bestD) {
        bestD = d;
        best = c;
      }
    }
    this._inner = best;
    return best;
  }

  /** This polygon rotated by `deg` counter-clockwise about the origin, then moved by (dx, dy). */
  placed(dx: number, dy: number, deg: number): Polygon {
    const out = new Float64Array(this.xy.length);
    const r = (deg * Math.PI) / 180,
      c = Math.cos(r),
      s = Math.sin(r);
    for (let i = 0; i < this.xy.length; i += 2) {
      const x = this.xy[i],
        y = this.xy[i + 1];
      out[i] = dx + x * c - y * s;
      out[i + 1] = dy + x * s + y * c;
    }
    const P = new Polygon(out);
    // a rigid motion keeps convexity; a move without turning keeps the hull, moved (a free-spot search
    // tries hundreds of moved copies of one outline, and worked each hull out again: 40% of its time)
    if (this._convex !== undefined) P._convex = this._convex;
    if (deg === 0 && this.hullXY) {
      const h = new Float64Array(this.hullXY.length);
      for (let i = 0; i < h.length; i += 2) {
        h[i] = dx + this.hullXY[i];
        h[i + 1] = dy + this.hullXY[i + 1];
      }
      P.hullXY = h;
    }
    return P;
  }

  /** Same outline, moved so its area centroid sits at the origin. */
  centred(): Polygon {
    const c = this.centroid();
    return this.placed(-c.x, -c.y, 0);
  }
}

export { place };
