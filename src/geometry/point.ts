import { hypot } from './hypot';
/** A point or vector in table millimetres, y away from player 1. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

export const pt = (x: number, y: number): Point => ({ x, y });

export function dist(a: Point, b: Point): number {
  return hypot(a.x - b.x, a.y - b.y);
}

export function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** Rotate (x, y) counter-clockwise by `deg` degrees and move it by (dx, dy). */
export function place(x: number, y: number, dx: number, dy: number, deg: number): Point {
  const r = (deg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return { x: dx + x * c - y * s, y: dy + x * s + y * c };
}

export function toPair(p: Point): [number, number] {
  return [p.x, p.y];
}

export function isFinitePoint(p: Point): boolean {
  return Number.isFinite(p.x) && Number.isFinite(p.y);
}
