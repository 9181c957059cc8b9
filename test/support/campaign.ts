/**
 * Helpers for the campaign-obstacle tests: tables built from plain data, and exact contacts
 * constructed from the outlines' extreme points (independent of src/geometry).
 */
import fc from 'fast-check';
import { parseTableText } from '../../src/model/table';
import { World } from '../../src/rules/world';
import { obstacleRing } from './shapes';
import type { XY } from './oracle';

export interface T {
  table?: '3x6' | '3x3';
  ruleset?: 'seed' | '1.6';
  ships?: unknown[];
  squadrons?: unknown[];
  obstacles?: unknown[];
  tokens?: unknown[];
  proposals?: unknown[];
  readings?: Record<string, string>;
  exogorthChoice?: unknown[];
  measurements?: Record<string, unknown>;
}

export function world(t: T): World {
  return new World(
    parseTableText(
      JSON.stringify({
        format: 'armada-table/1',
        table: t.table ?? '3x6',
        ruleset: t.ruleset ?? 'seed',
        ships: t.ships ?? [],
        squadrons: t.squadrons ?? [],
        obstacles: t.obstacles ?? [],
        tokens: t.tokens ?? [],
        proposals: t.proposals ?? [],
        ...(t.readings ? { readings: t.readings } : {}),
        ...(t.measurements ? { measurements: t.measurements } : {}),
        ...(t.exogorthChoice ? { exogorthChoice: t.exogorthChoice } : {}),
      }),
    ),
  );
}

/** The outline's extreme vertex on one side, relative to the obstacle's (x, y). */
export function extreme(type: string, rotation: number, side: 'left' | 'right' | 'bottom' | 'top'): XY {
  const ring = obstacleRing(type, 0, 0, rotation);
  let best = ring[0];
  for (const p of ring) {
    if (side === 'right' && p[0] > best[0]) best = p;
    if (side === 'left' && p[0] < best[0]) best = p;
    if (side === 'top' && p[1] > best[1]) best = p;
    if (side === 'bottom' && p[1] < best[1]) best = p;
  }
  return best;
}

/**
 * Where to put obstacle B (type, rotation) so that it lies to the right of A at exactly `gap`:
 * A's rightmost vertex and B's leftmost vertex on one horizontal line, `gap` apart. Every other
 * pair of points is at least as far apart in x, so the distance is exactly the gap.
 */
export function rightOf(
  a: { type: string; x: number; y: number; rotation: number },
  type: string,
  rotation: number,
  gap: number,
): { x: number; y: number } {
  const ar = extreme(a.type, a.rotation, 'right');
  const bl = extreme(type, rotation, 'left');
  return { x: a.x + ar[0] + gap - bl[0], y: a.y + ar[1] - bl[1] };
}

/** A disc of radius r to the right of obstacle A at exactly `gap` (same construction). */
export function discRightOf(
  a: { type: string; x: number; y: number; rotation: number },
  r: number,
  gap: number,
): { x: number; y: number } {
  const ar = extreme(a.type, a.rotation, 'right');
  return { x: a.x + ar[0] + gap + r, y: a.y + ar[1] };
}

/** A uniformly spread number (fc.double spreads over the float encodings, crowding near 0). */
export const uniform = (min: number, max: number) =>
  fc.integer({ min: 0, max: 1_000_000 }).map((i) => min + ((max - min) * i) / 1_000_000);
