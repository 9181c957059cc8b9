/**
 * How deep a convex piece lies in an outline, by clipper's own Minkowski sum: an independent computation of what
 * penetration.ts measures on convex parts (test/geometry/parts.test.ts), good to clipper's rounding.
 */
import ClipperLib from 'clipper-lib';
import type { Polygon } from '../../src/geometry/polygon';

const S = 10_000;

/** The depth by clipper: the origin's distance to the boundary of B + (-A) (holes kept), 0 outside it. */
export function depthByClipper(A: Polygon, B: Polygon): number {
  const negA = Array.from({ length: A.n }, (_, i) => ({
    X: Math.round(-A.x(i) * S),
    Y: Math.round(-A.y(i) * S),
  }));
  const b = Array.from({ length: B.n }, (_, i) => ({ X: Math.round(B.x(i) * S), Y: Math.round(B.y(i) * S) }));
  const swept = ClipperLib.Clipper.MinkowskiSum(negA, b, true);
  const c = new ClipperLib.Clipper();
  c.AddPaths(swept, ClipperLib.PolyType.ptSubject, true);
  // the swept quads cover the sum's band along B's outline; B moved by one point of -A fills its inside
  c.AddPath(
    b.map((q) => ({ X: q.X + negA[0].X, Y: q.Y + negA[0].Y })),
    ClipperLib.PolyType.ptSubject,
    true,
  );
  const sum: ClipperLib.Paths = [];
  c.Execute(
    ClipperLib.ClipType.ctUnion,
    sum,
    ClipperLib.PolyFillType.pftNonZero,
    ClipperLib.PolyFillType.pftNonZero,
  );
  let winding = 0;
  for (const p of sum) {
    const at = ClipperLib.Clipper.PointInPolygon({ X: 0, Y: 0 }, p);
    if (at !== 0) winding += ClipperLib.Clipper.Orientation(p) ? 1 : -1;
  }
  if (winding <= 0) return 0;
  let best = Infinity;
  for (const p of sum)
    for (let i = 0; i < p.length; i++) {
      const a = p[i],
        q = p[(i + 1) % p.length];
      const [ax, ay, bx, by] = [a.X / S, a.Y / S, q.X / S, q.Y / S];
      const dx = bx - ax,
        dy = by - ay;
      const t = Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy || 1)));
      best = Math.min(best, Math.hypot(ax + dx * t, ay + dy * t));
    }
  return best;
}
