import type { Circle } from './circle';
import type { Point } from './point';
import { Polygon } from './polygon';

/**
 * A firing arc as the rules draw it: the region between a hull zone's two arc lines, each
 * extended as an infinite line. Where the lines meet on the centre line (a front or rear zone)
 * that is a wedge from their meeting point; for a side zone whose arc lines meet the centre line
 * at two points (the front and rear conjunctions) the lines cross beyond the centre line, inside
 * the ship's own token, and the wedge starts there. Nothing here knows a zone's name: any zone
 * given by its two arc lines gets its region (a huge ship's six zones as well as four).
 *
 * An arc line runs from the ship outward. Where a side zone's two lines cross beyond the ship's
 * far side (a huge ship's side zones, whose lines are nearly parallel), the extended lines would
 * put points beyond the token on the far side in the arc: a side zone passes that far side as
 * `far`, a half-plane the region is cut by. It is applied only where it cuts the wedge, so a
 * crossing inside the token (every other class) keeps its region, the small triangle included.
 *
 * The region is kept twice: as a convex polygon reaching far past any table (for clipping,
 * closest points and overlap tests), and as its two bounding lines (for depths, which only the
 * arc lines bound: the polygon's far edges are an artefact of drawing an infinite region).
 */
export class ArcRegion {
  /**
   * @param polygon the region, drawn out to `reach` and beyond
   * @param lines the two arc lines, flat: for each a point on it and its unit normal pointing
   *   into the region (px, py, nx, ny, then the same for the other line), then the far-side cut
   *   the same way when it applies (12 numbers, else 8)
   */
  private constructor(
    readonly polygon: Polygon,
    readonly lines: Float64Array,
  ) {}

  /**
   * The region between two arc lines, each given as [where it meets the centre line, where it
   * meets the token's edge], extended both ways: of the four regions the crossing lines bound,
   * the one holding both token-edge ends (so the hull zone between them). Parallel lines bound
   * a strip. `reach`: how far past the crossing the polygon is drawn (far past any table).
   * `far`: for a side zone, the ship's far side (a point on it and the unit normal pointing back
   * toward the zone): nothing beyond it is in the arc.
   */
  static between(
    a: readonly [Point, Point],
    b: readonly [Point, Point],
    reach: number,
    far?: { p: Point; n: Point },
  ): ArcRegion {
    const r = ArcRegion.wedge(a, b, reach);
    if (!far) return r;
    const { p, n } = far;
    const pts = r.polygon.pairs();
    // the wedge lies wholly on the zone's side (its crossing inside the token): nothing to cut
    if (pts.every(([x, y]) => (x - p.x) * n.x + (y - p.y) * n.y >= 0)) return r;
    const cut: [number, number][] = [];
    for (let i = 0; i < pts.length; i++) {
      const P = pts[i],
        Q = pts[(i + 1) % pts.length];
      const fp = (P[0] - p.x) * n.x + (P[1] - p.y) * n.y,
        fq = (Q[0] - p.x) * n.x + (Q[1] - p.y) * n.y;
      if (fp >= 0) cut.push(P);
      if (fp >= 0 !== fq >= 0) {
        const t = fp / (fp - fq);
        cut.push([P[0] + t * (Q[0] - P[0]), P[1] + t * (Q[1] - P[1])]);
      }
    }
    const lines = new Float64Array(12);
    lines.set(r.lines);
    lines.set([p.x, p.y, n.x, n.y], 8);
    return new ArcRegion(Polygon.from(cut, true), lines);
  }

  /** The region between the two lines extended both ways (no far-side cut). */
  private static wedge(a: readonly [Point, Point], b: readonly [Point, Point], reach: number): ArcRegion {
    const ua = unit(a[0], a[1]),
      ub = unit(b[0], b[1]);
    // a point strictly inside the region: between the two token-edge ends
    const mx = (a[1].x + b[1].x) / 2,
      my = (a[1].y + b[1].y) / 2;
    const na = inwardNormal(a[0], ua, mx, my),
      nb = inwardNormal(b[0], ub, mx, my);
    const lines = Float64Array.of(a[0].x, a[0].y, na.x, na.y, b[0].x, b[0].y, nb.x, nb.y);
    const cross = ua.x * ub.y - ua.y * ub.x;
    let X: Point | null;
    if (a[0].x === b[0].x && a[0].y === b[0].y)
      X = a[0]; // both from one point: exactly there
    else if (Math.abs(cross) < 1e-12) X = null;
    else {
      // a[0] + s ua = b[0] + t ub
      const s = ((b[0].x - a[0].x) * ub.y - (b[0].y - a[0].y) * ub.x) / cross;
      X = { x: a[0].x + s * ua.x, y: a[0].y + s * ua.y };
    }
    if (X === null || Math.hypot(X.x - mx, X.y - my) > 1e6) {
      // (nearly) parallel arc lines: the strip between them, far both ways
      const R = reach + Math.hypot(a[0].x - b[0].x, a[0].y - b[0].y);
      const sb = ua.x * ub.x + ua.y * ub.y < 0 ? -1 : 1;
      const poly = Polygon.from(
        [
          { x: a[0].x - ua.x * R, y: a[0].y - ua.y * R },
          { x: a[0].x + ua.x * R, y: a[0].y + ua.y * R },
          { x: b[0].x + sb * ub.x * R, y: b[0].y + sb * ub.y * R },
          { x: b[0].x - sb * ub.x * R, y: b[0].y - sb * ub.y * R },
        ],
        true,
      );
      return new ArcRegion(poly, lines);
    }
    // from the crossing, each line's ray runs toward its token-edge end
    const va = rayFrom(X, a[1], ua),
      vb = rayFrom(X, b[1], ub);
    let bx = va.x + vb.x,
      by = va.y + vb.y;
    const bl = Math.hypot(bx, by);
    if (bl < 1e-9) {
      bx = na.x;
      by = na.y;
    } else {
      bx /= bl;
      by /= bl;
    }
    const R = reach + Math.hypot(X.x - mx, X.y - my);
    const poly = Polygon.from(
      [
        X,
        { x: X.x + va.x * R, y: X.y + va.y * R },
        { x: X.x + bx * R, y: X.y + by * R },
        { x: X.x + vb.x * R, y: X.y + vb.y * R },
      ],
      true,
    );
    return new ArcRegion(poly, lines);
  }

  /** This region rotated by `deg` counter-clockwise about the origin, then moved by (dx, dy). */
  placed(dx: number, dy: number, deg: number): ArcRegion {
    const r = (deg * Math.PI) / 180,
      c = Math.cos(r),
      s = Math.sin(r);
    const l = this.lines,
      out = new Float64Array(l.length);
    for (let k = 0; k < l.length; k += 4) {
      out[k] = dx + l[k] * c - l[k + 1] * s;
      out[k + 1] = dy + l[k] * s + l[k + 1] * c;
      out[k + 2] = l[k + 2] * c - l[k + 3] * s;
      out[k + 3] = l[k + 2] * s + l[k + 3] * c;
    }
    return new ArcRegion(this.polygon.placed(dx, dy, deg), out);
  }

  /**
   * How far (px, py) lies inside both arc lines (and the far-side cut): its distance to the arc's edge when
   * in the arc, negative outside one.
   */
  depthAt(px: number, py: number): number {
    const l = this.lines;
    const d1 = (px - l[0]) * l[2] + (py - l[1]) * l[3];
    const d2 = (px - l[4]) * l[6] + (py - l[5]) * l[7];
    const d = d1 < d2 ? d1 : d2;
    if (l.length === 8) return d;
    const d3 = (px - l[8]) * l[10] + (py - l[9]) * l[11];
    return d3 < d ? d3 : d;
  }

  /**
   * The depth of the deepest point of polygon S in the arc (negative when none is in it: then
   * how far the least-outside point is from being inside both lines, not a distance to the arc).
   * Exact for any simple polygon: the depth, the smaller of two linear functions, has no maximum
   * inside S, and along an edge it is linear but where the edge crosses the line on which the two
   * are equal (the arc's bisector, extended); so the deepest point is a vertex or such a crossing.
   */
  polygonDepth(S: Polygon): number {
    if (this.lines.length > 8) return this.cutPolygonDepth(S);
    const l = this.lines,
      { xy, n } = S;
    const p1x = l[0],
      p1y = l[1],
      n1x = l[2],
      n1y = l[3],
      p2x = l[4],
      p2y = l[5],
      n2x = l[6],
      n2y = l[7];
    let best = -Infinity;
    let px = xy[2 * n - 2],
      py = xy[2 * n - 1];
    let d1p = (px - p1x) * n1x + (py - p1y) * n1y,
      d2p = (px - p2x) * n2x + (py - p2y) * n2y;
    for (let i = 0; i < n; i++) {
      const qx = xy[2 * i],
        qy = xy[2 * i + 1];
      const d1q = (qx - p1x) * n1x + (qy - p1y) * n1y,
        d2q = (qx - p2x) * n2x + (qy - p2y) * n2y;
      const m = d1q < d2q ? d1q : d2q;
      if (m > best) best = m;
      // the edge p-q crosses the bisector where d1 - d2 changes sign: there both are equal
      const gp = d1p - d2p,
        gq = d1q - d2q;
      if ((gp < 0 && gq > 0) || (gp > 0 && gq < 0)) {
        const t = gp / (gp - gq);
        const v = d1p + (d1q - d1p) * t;
        if (v > best) best = v;
      }
      px = qx;
      py = qy;
      d1p = d1q;
      d2p = d2q;
    }
    return best;
  }

  /**
   * The depth of the deepest point of disc D in the arc (negative when none is: see polygonDepth).
   * The smaller of two linear functions has no maximum inside the disc (unless the lines are
   * parallel, where it is flat along the middle line and the circle reaches it too), so the
   * deepest point is on the circle: straight into one line (centre + r n), or where the circle
   * crosses the bisector, where both are equal.
   */
  discDepth(D: Circle): number {
    if (this.lines.length > 8) return this.cutDiscDepth(D);
    const l = this.lines,
      { cx, cy, r } = D;
    const n1x = l[2],
      n1y = l[3],
      n2x = l[6],
      n2y = l[7];
    const d1 = (cx - l[0]) * n1x + (cy - l[1]) * n1y,
      d2 = (cx - l[4]) * n2x + (cy - l[5]) * n2y;
    const c12 = n1x * n2x + n1y * n2y;
    // centre + r n1: d1 + r, d2 + r (n1 . n2); centre + r n2 likewise
    let best = Math.max(Math.min(d1 + r, d2 + r * c12), Math.min(d2 + r, d1 + r * c12));
    // centre + w on the circle with d1 + n1.w = d2 + n2.w, i.e. m.w = d2 - d1 with m = n1 - n2
    const mx = n1x - n2x,
      my = n1y - n2y,
      ml = Math.hypot(mx, my);
    if (ml > 1e-12) {
      const h = (d2 - d1) / ml;
      if (Math.abs(h) <= r) {
        // the two crossings: centre + h u +- k u-perpendicular
        const ux = mx / ml,
          uy = my / ml,
          k = Math.sqrt(r * r - h * h);
        const along = d1 + (n1x * ux + n1y * uy) * h,
          across = (n1y * ux - n1x * uy) * k;
        const v = along + Math.abs(across);
        if (v > best) best = v;
      }
    }
    return best;
  }
  /** The depth of a linear function pair k of the region's lines at (x, y). */
  private d(k: number, x: number, y: number): number {
    const l = this.lines;
    return (x - l[k]) * l[k + 2] + (y - l[k + 1]) * l[k + 3];
  }

  /**
   * Where lines i and j (offsets into `lines`) are equally deep, as a line: c + m . p = 0, or null when
   * parallel normals.
   */
  private equalLine(i: number, j: number): { mx: number; my: number; c: number } | null {
    const l = this.lines;
    const mx = l[i + 2] - l[j + 2],
      my = l[i + 3] - l[j + 3];
    if (Math.hypot(mx, my) < 1e-12) return null;
    // d_i - d_j = m . p - (p_i . n_i - p_j . n_j)
    return { mx, my, c: -(l[i] * l[i + 2] + l[i + 1] * l[i + 3]) + (l[j] * l[j + 2] + l[j + 1] * l[j + 3]) };
  }

  /** The point where all three lines are equally deep (the cut region's innermost point), or null. */
  private tripleMeet(): Point | null {
    const e = this.equalLine(0, 4),
      f = this.equalLine(0, 8);
    if (!e || !f) return null;
    const det = e.mx * f.my - e.my * f.mx;
    if (Math.abs(det) < 1e-12) return null;
    return { x: (f.c * e.my - e.c * f.my) / det, y: (e.c * f.mx - f.c * e.mx) / det };
  }

  /**
   * polygonDepth with the far-side cut: the smaller of three linear functions is concave, so its
   * maximum over S is at a vertex, where an edge crosses a line on which two of them are equal,
   * or at the point where all three are (when it lies in S).
   */
  private cutPolygonDepth(S: Polygon): number {
    const { xy, n } = S;
    const depth = (x: number, y: number) => this.depthAt(x, y);
    let best = -Infinity;
    const pairs = [
      [0, 4],
      [0, 8],
      [4, 8],
    ] as const;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const px = xy[2 * i],
        py = xy[2 * i + 1],
        qx = xy[2 * j],
        qy = xy[2 * j + 1];
      best = Math.max(best, depth(px, py));
      for (const [a, b] of pairs) {
        const gp = this.d(a, px, py) - this.d(b, px, py),
          gq = this.d(a, qx, qy) - this.d(b, qx, qy);
        if ((gp < 0 && gq > 0) || (gp > 0 && gq < 0)) {
          const t = gp / (gp - gq);
          best = Math.max(best, depth(px + (qx - px) * t, py + (qy - py) * t));
        }
      }
    }
    const m = this.tripleMeet();
    if (m && S.contains(m.x, m.y)) best = Math.max(best, depth(m.x, m.y));
    return best;
  }

  /**
   * discDepth with the far-side cut: straight into each line, where the circle crosses a line of two equal,
   * or the three-way point inside the disc.
   */
  private cutDiscDepth(D: Circle): number {
    const l = this.lines,
      { cx, cy, r } = D;
    const depth = (x: number, y: number) => this.depthAt(x, y);
    let best = -Infinity;
    for (let k = 0; k < l.length; k += 4) best = Math.max(best, depth(cx + r * l[k + 2], cy + r * l[k + 3]));
    for (const [a, b] of [
      [0, 4],
      [0, 8],
      [4, 8],
    ] as const) {
      const e = this.equalLine(a, b);
      if (!e) continue;
      const ml = Math.hypot(e.mx, e.my),
        ux = e.mx / ml,
        uy = e.my / ml;
      const h = -(e.c + e.mx * cx + e.my * cy) / ml; // signed distance from the centre to the line, along u
      if (Math.abs(h) > r) continue;
      const k = Math.sqrt(r * r - h * h);
      for (const sgn of [-1, 1])
        best = Math.max(best, depth(cx + h * ux - sgn * k * uy, cy + h * uy + sgn * k * ux));
    }
    const m = this.tripleMeet();
    if (m && Math.hypot(m.x - cx, m.y - cy) <= r) best = Math.max(best, depth(m.x, m.y));
    return best;
  }
}

function unit(a: Point, b: Point): Point {
  const dx = b.x - a.x,
    dy = b.y - a.y,
    l = Math.hypot(dx, dy);
  if (!(l > 0)) throw new Error('arc line of no length: its two ends are the same point');
  return { x: dx / l, y: dy / l };
}

/** The unit normal of the line through p along u that points to the side of (mx, my). */
function inwardNormal(p: Point, u: Point, mx: number, my: number): Point {
  const side = (mx - p.x) * -u.y + (my - p.y) * u.x;
  return side >= 0 ? { x: -u.y, y: u.x } : { x: u.y, y: -u.x };
}

/** The direction along u (either way) from X toward the line's token-edge end e. */
function rayFrom(X: Point, e: Point, u: Point): Point {
  const s = (e.x - X.x) * u.x + (e.y - X.y) * u.y;
  return s >= 0 ? u : { x: -u.x, y: -u.y };
}
