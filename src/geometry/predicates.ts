import { orient2d } from 'robust-predicates';

/**
 * Exact orientation of c relative to the directed line a->b: positive when c lies to the left
 * (a, b, c counter-clockwise), negative to the right, zero exactly on the line.
 * robust-predicates uses the opposite sign (it is written for y-down screens).
 */
export function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return -orient2d(ax, ay, bx, by, cx, cy);
}
