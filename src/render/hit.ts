/**
 * Which piece a table point lies on, for the pointer and the rotation handle (no rule: a piece's
 * drawn shapes only).
 */
import type { HullZoneName } from '../model/catalog';
import type { XY } from '../model/report';
import type { Entry } from '../rules/world';

/**
 * Whether point p lies within `reach` (and a hair more, for the rounding of points placed at that
 * distance) of the box of what hitEntry tests: false proves no point within the reach hits the piece.
 */
export function nearBox(e: Entry, p: XY, reach: number): boolean {
  const m = reach * (1 + 1e-9) + 1e-9;
  const x = p[0],
    y = p[1];
  // the boxes' tests written out, no closure: the handle asks of every piece at every drag step
  switch (e.kind) {
    case 'ship': {
      const f = e.shapes.footprint,
        t = e.shapes.token;
      return (
        (x >= f.minX - m && x <= f.maxX + m && y >= f.minY - m && y <= f.maxY + m) ||
        (x >= t.minX - m && x <= t.maxX + m && y >= t.minY - m && y <= t.maxY + m)
      );
    }
    case 'obstacle': {
      const o = e.outline;
      return x >= o.minX - m && x <= o.maxX + m && y >= o.minY - m && y <= o.maxY + m;
    }
    default: {
      const c = e.circle;
      return x >= c.cx - c.r - m && x <= c.cx + c.r + m && y >= c.cy - c.r - m && y <= c.cy + c.r + m;
    }
  }
}

/** Whether table point (x, y) lies on the piece (a ship's base or token, an obstacle, a disc). */
export function hitEntry(e: Entry, x: number, y: number): boolean {
  switch (e.kind) {
    case 'ship':
      return e.shapes.footprint.locate(x, y) !== 'outside' || e.shapes.token.locate(x, y) !== 'outside';
    case 'obstacle':
      return e.outline.locate(x, y) !== 'outside';
    default:
      return Math.hypot(x - e.circle.cx, y - e.circle.cy) <= e.circle.r;
  }
}

/**
 * The hull zones of ship `e` that table point (x, y) lies on or within `reach` (mm) of, in the ship's
 * zone order (none for any other piece).
 */
export function zonesNear(e: Entry, x: number, y: number, reach: number): HullZoneName[] {
  if (e.kind !== 'ship') return [];
  const out: HullZoneName[] = [];
  for (const z of e.shapes.zones) {
    const p = e.shapes.hullZones[z];
    if (p.locate(x, y) !== 'outside' || p.boundaryDistance(x, y) <= reach) out.push(z);
  }
  return out;
}
