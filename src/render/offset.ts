import ClipperLib from 'clipper-lib';
import type { Polygon } from '../geometry/polygon';

const K = 100; // clipper works on integers: hundredths of a millimetre

/** Outlines at `d` mm around a polygon (round joins): for drawing distance rings only. */
export function offsetOutline(poly: Polygon, d: number): [number, number][][] {
  const path = poly.pairs().map(([x, y]) => ({ X: Math.round(x * K), Y: Math.round(y * K) }));
  const co = new ClipperLib.ClipperOffset(2, 0.05 * K);
  co.AddPath(path, ClipperLib.JoinType.jtRound, ClipperLib.EndType.etClosedPolygon);
  const out: ClipperLib.Paths = [];
  co.Execute(out, d * K);
  return out.map((p) => p.map((q) => [q.X / K, q.Y / K] as [number, number]));
}
