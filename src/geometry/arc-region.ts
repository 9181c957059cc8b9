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
 * The region is kept twice: as a convex polygon reaching far past any table (for clipping,
 * closest points and overlap tests), and as its two bounding lines (for depths, which only the
 * arc lines bound: the polygon's far edges are an artefact of drawing an infinite region).
 */
export class ArcRegion {
  /**
   * @param polygon the region, drawn out to `reach` and beyond
   * @param lines the two arc lines, flat: for each a point on it and its unit normal pointing
   *   into the region (px, py, nx, ny, then the same for the other line)
   */
  private constructor(readonly polygon: Polygon, readonly lines: Float64Array) {}

  /**
   * The region between two arc lines, each given as [where it meets the centre line, where it
   * meets the token's edge], extended both ways: of the four regions the crossing lines bound,
   * the one holding both token-edge ends (so the hull zone between them). Parallel lines bound
   * a strip. `reach`: how far past the crossing the polygon is drawn (far past any table).
   */
  static between(a: readonly [Point, Point], b: readonly [Point, Point], reach: number): ArcRegion {
    const ua = unit(a[0], a[1]), ub = unit(b[0], b[1]);
    // a point strictly inside the region: between the two token-edge ends
    const mx = (a[1].x + b[1].x) / 2, my = (a[1].y + b[1].y) / 2;
    const na = inwardNormal(a[0], ua, mx, my), nb = inwardNormal(b[0], ub, mx, my);
    const lines = Float64Array.of(a[0].x, a[0].y, na.x, na.y, b[0].x, b[0].y, nb.x, nb.y);
    const cross = ua.x * ub.y - ua.y * ub.x;
    let X: Point | null;
    if (a[0].x === b[0].x && a[0].y === b[0].y) X = a[0]; // both from one point: exactly there
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
      const poly = Polygon.from([
        { x: a[0].x - ua.x * R, y: a[0].y - ua.y * R }, { x: a[0].x + ua.x * R, y: a[0].y + ua.y * R },
        { x: b[0].x + sb * ub.x * R, y: b[0].y + sb * ub.y * R }, { x: b[0].x - sb * ub.x * R, y: b[0].y - sb * ub.y * R },
      ], true);
      return new ArcRegion(poly, lines);
    }
    // from the crossing, each line's ray runs toward its token-edge end
    const va = rayFrom(X, a[1], ua), vb = rayFrom(X, b[1], ub);
    let bx = va.x + vb.x, by = va.y + vb.y;
    const bl = Math.hypot(bx, by);
    if (bl < 1e-9) { bx = na.x; by = na.y; } else { bx /= bl; by /= bl; }
    const R = reach + Math.hypot(X.x - mx, X.y - my);
    const poly = Polygon.from([
      X, { x: X.x + va.x * R, y: X.y + va.y * R }, { x: X.x + bx * R, y: X.y + by * R }, { x: X.x + vb.x * R, y: X.y + vb.y * R },
    ], true);
    return new ArcRegion(poly, lines);
  }

  /** This region rotated by `deg` counter-clockwise about the origin, then moved by (dx, dy). */
  placed(dx: number, dy: number, deg: number): ArcRegion {
    const r = (deg * Math.PI) / 180, c = Math.cos(r), s = Math.sin(r);
    const l = this.lines, out = new Float64Array(8);
    for (let k = 0; k < 8; k += 4) {
      out[k] = dx + l[k] * c - l[k + 1] * s;
      out[k + 1] = dy + l[k] * s + l[k + 1] * c;
      out[k + 2] = l[k + 2] * c - l[k + 3] * s;
      out[k + 3] = l[k + 2] * s + l[k + 3] * c;
    }
    return new ArcRegion(this.polygon.placed(dx, dy, deg), out);
  }

  /** How far (px, py) lies inside both arc lines: its distance to the arc's edge when in the arc, negative outside one. */
  depthAt(px: number, py: number): number {
    const l = this.lines;
    const d1 = (px - l[0]) * l[2] + (py - l[1]) * l[3];
    const d2 = (px - l[4]) * l[6] + (py - l[5]) * l[7];
    return d1 < d2 ? d1 : d2;
  }

  /**
   * The depth of the deepest point of polygon S in the arc (negative when none is in it: then
   * how far the least-outside point is from being inside both lines, not a distance to the arc).
   * Exact for any simple polygon: the depth, the smaller of two linear functions, has no maximum
   * inside S, and along an edge it is linear but where the edge crosses the line on which the two
   * are equal (the arc's bisector, extended); so the deepest point is a vertex or such a crossing.
   */
  polygonDepth(S: Polygon): number {
    const l = this.lines, { xy, n } = S;
    const p1x = l[0], p1y = l[1], n1x = l[2], n1y = l[3], p2x = l[4], p2y = l[5], n2x = l[6], n2y = l[7];
    let best = -Infinity;
    let px = xy[2 * n - 2], py = xy[2 * n - 1];
    let d1p = (px - p1x) * n1x + (py - p1y) * n1y, d2p = (px - p2x) * n2x + (py - p2y) * n2y;
    for (let i = 0; i < n; i++) {
      const qx = xy[2 * i], qy = xy[2 * i + 1];
      const d1q = (qx - p1x) * n1x + (qy - p1y) * n1y, d2q = (qx - p2x) * n2x + (qy - p2y) * n2y;
      const m = d1q < d2q ? d1q : d2q;
      if (m > best) best = m;
      // the edge p-q crosses the bisector where d1 - d2 changes sign: there both are equal
      const gp = d1p - d2p, gq = d1q - d2q;
      if ((gp < 0 && gq > 0) || (gp > 0 && gq < 0)) {
        const t = gp / (gp - gq);
        const v = d1p + (d1q - d1p) * t;
        if (v > best) best = v;
      }
      px = qx; py = qy; d1p = d1q; d2p = d2q;
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
    const l = this.lines, { cx, cy, r } = D;
    const n1x = l[2], n1y = l[3], n2x = l[6], n2y = l[7];
    const d1 = (cx - l[0]) * n1x + (cy - l[1]) * n1y, d2 = (cx - l[4]) * n2x + (cy - l[5]) * n2y;
    const c12 = n1x * n2x + n1y * n2y;
    // centre + r n1: d1 + r, d2 + r (n1 . n2); centre + r n2 likewise
    let best = Math.max(Math.min(d1 + r, d2 + r * c12), Math.min(d2 + r, d1 + r * c12));
    // centre + w on the circle with d1 + n1.w = d2 + n2.w, i.e. m.w = d2 - d1 with m = n1 - n2
    const mx = n1x - n2x, my = n1y - n2y, ml = Math.hypot(mx, my);
    if (ml > 1e-12) {
      const h = (d2 - d1) / ml;
      if (Math.abs(h) <= r) {
        // the two crossings: centre + h u +- k u-perpendicular
        const ux = mx / ml, uy = my / ml, k = Math.sqrt(r * r - h * h);
        const along = d1 + (n1x * ux + n1y * uy) * h, across = (n1y * ux - n1x * uy) * k;
        const v = along + Math.abs(across);
        if (v > best) best = v;
      }
    }
    return best;
  }
}

function unit(a: Point, b: Point): Point {
  const dx = b.x - a.x, dy = b.y - a.y, l = Math.hypot(dx, dy);
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
