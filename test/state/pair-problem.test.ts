/**
 * pairProblem: what a link's `&attack=` may name. A huge ship has six hull zones (front,
 * front-left, front-right, rear-left, rear-right, rear), not the four of the other sizes.
 */
import { describe, expect, it } from 'vitest';
import { validateTable } from '../../src/model/table';
import { pairProblem } from '../../src/state/store';

const table = validateTable({
  format: 'armada-table/1',
  table: '3x6',
  ships: [
    { id: 'exe', size: 'huge', class: 'executor', player: 1, x: 900, y: 200, rotation: 0, speed: 1 },
    { id: 'vsd', size: 'medium', class: 'victory', player: 2, x: 900, y: 700, rotation: 180, speed: 1 },
  ],
  squadrons: [{ id: 'x1', player: 2, x: 1100, y: 600 }],
  obstacles: [],
});

describe('pairProblem', () => {
  it("accepts every one of a huge ship's six zones", () => {
    for (const z of ['front', 'front-left', 'front-right', 'rear-left', 'rear-right', 'rear']) {
      expect(pairProblem(table, `exe.${z}`, 'vsd.rear'), z).toBeNull();
      expect(pairProblem(table, 'vsd.front', `exe.${z}`), z).toBeNull();
    }
  });

  it('refuses a zone the huge ship does not have, naming its six', () => {
    const p = pairProblem(table, 'exe.left', 'vsd.rear');
    expect(p).toContain('exe.front-left');
    expect(p).toContain('exe.rear-right');
  });

  it('keeps the four zones of the other sizes', () => {
    expect(pairProblem(table, 'vsd.left', 'exe.front')).toBeNull();
    expect(pairProblem(table, 'vsd.front-left', 'exe.front')).toContain(
      'vsd.front, vsd.left, vsd.right or vsd.rear',
    );
    expect(pairProblem(table, 'x1', 'exe.rear-left')).toBeNull();
  });
});
