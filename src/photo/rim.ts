/**
 * A circle through points (a squadron's rim marks, in table mm): the algebraic fit (Kasa: least
 * squares on x^2 + y^2 + D x + E y + F = 0) to start, then Gauss-Newton on the points' distances
 * from the circle. With 4 or more rim marks this measures the base's diameter instead of taking the
 * catalog's.
 */
import type { Point } from '../geometry/point';
import { solve } from './linalg';

export interface FittedCircle {
  centre: Point;
  radius: number;
  /** rms of the points' distances from the circle */
  rms: number;
}

/** The circle through 3 or more points (least squares); null when they lie on a line. */
export function fitCircle(pts: readonly Point[]): FittedCircle | null {
  if (pts.length < 3) return null;
  // centred for conditioning
  const mx = pts.reduce((s, p) => s + p.x, 0) / pts.length,
    my = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  const q = pts.map((p) => ({ x: p.x - mx, y: p.y - my }));
  const ata = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const atb = [0, 0, 0];
  for (const p of q) {
    const row = [p.x, p.y, 1],
      b = -(p.x * p.x + p.y * p.y);
    for (let i = 0; i < 3; i++) {
      atb[i] += row[i] * b;
      for (let j = 0; j < 3; j++) ata[i][j] += row[i] * row[j];
    }
  }
  const s = solve(ata, atb);
  if (!s) return null;
  let cx = -s[0] / 2,
    cy = -s[1] / 2;
  let r = Math.sqrt(Math.max(0, cx * cx + cy * cy - s[2]));
  if (!Number.isFinite(r) || r === 0) return null;
  for (let it = 0; it < 20; it++) {
    const m = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    const g = [0, 0, 0];
    for (const p of q) {
      const d = Math.hypot(p.x - cx, p.y - cy) || 1e-12;
      const J = [-(p.x - cx) / d, -(p.y - cy) / d, -1],
        res = d - r;
      for (let i = 0; i < 3; i++) {
        g[i] -= J[i] * res;
        for (let j = 0; j < 3; j++) m[i][j] += J[i] * J[j];
      }
    }
    const step = solve(m, g);
    if (!step) break;
    cx += step[0];
    cy += step[1];
    r += step[2];
    if (Math.hypot(...step) < 1e-12) break;
  }
  const rms = Math.sqrt(q.reduce((a, p) => a + (Math.hypot(p.x - cx, p.y - cy) - r) ** 2, 0) / q.length);
  return { centre: { x: cx + mx, y: cy + my }, radius: Math.abs(r), rms };
}
