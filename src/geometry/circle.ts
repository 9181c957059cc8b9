import { hypot } from './hypot';
/** A disc: a squadron base or a round token. */
export class Circle {
  readonly kind = 'circle' as const;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;

  constructor(
    readonly cx: number,
    readonly cy: number,
    readonly r: number,
  ) {
    if (![cx, cy, r].every(Number.isFinite) || r <= 0)
      throw new Error('circle: needs finite centre and positive radius');
    this.minX = cx - r;
    this.maxX = cx + r;
    this.minY = cy - r;
    this.maxY = cy + r;
  }

  contains(px: number, py: number): boolean {
    return hypot(px - this.cx, py - this.cy) < this.r;
  }

  signedDistance(px: number, py: number): number {
    return hypot(px - this.cx, py - this.cy) - this.r;
  }

  /** Closest point of the circle's edge to (px, py). */
  closestBoundaryPoint(px: number, py: number): { x: number; y: number } {
    const dx = px - this.cx,
      dy = py - this.cy;
    const d = hypot(dx, dy);
    if (d === 0) return { x: this.cx + this.r, y: this.cy };
    return { x: this.cx + (dx / d) * this.r, y: this.cy + (dy / d) * this.r };
  }
}

export type Shape = import('./polygon').Polygon | Circle;
