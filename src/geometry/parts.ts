/**
 * A simple polygon as convex parts: its triangles (earcut), whose union is the polygon. What takes unions of
 * convex parts (penetration.ts) then measures a non-convex outline too (an obstacle's).
 */
import earcut from 'earcut';
import { Polygon } from './polygon';

/** The polygon's triangles, slivers of no area left out (they add nothing to the union). */
export function convexParts(P: Polygon): Polygon[] {
  if (P.convex) return [P];
  const idx = earcut(Array.from(P.xy));
  const parts: Polygon[] = [];
  for (let k = 0; k < idx.length; k += 3) {
    const [a, b, c] = [idx[k], idx[k + 1], idx[k + 2]];
    const ax = P.xy[2 * a],
      ay = P.xy[2 * a + 1],
      bx = P.xy[2 * b],
      by = P.xy[2 * b + 1],
      cx = P.xy[2 * c],
      cy = P.xy[2 * c + 1];
    if ((bx - ax) * (cy - ay) - (by - ay) * (cx - ax) === 0) continue;
    parts.push(
      Polygon.from(
        [
          [ax, ay],
          [bx, by],
          [cx, cy],
        ],
        true,
      ),
    );
  }
  return parts;
}
