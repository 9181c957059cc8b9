import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { movedInGesture } from '../../src/render/batching';
import { validateTable } from '../../src/model/table';
import { patchPiece } from '../../src/state/pieces';

const table = validateTable(
  JSON.parse(readFileSync(new URL('../../e2e/fixtures/tournament-table.json', import.meta.url), 'utf8')),
);

describe('movedInGesture', () => {
  it('is empty with no gesture under way, or at its start', () => {
    expect(movedInGesture(null, table).size).toBe(0);
    expect(movedInGesture(table, table).size).toBe(0);
  });

  it('names the ships and obstacles a gesture moved or turned, not the others', () => {
    const ship = table.ships[3],
      obstacle = table.obstacles[1];
    let t = patchPiece(table, ship.id, { x: ship.x + 10 });
    expect([...movedInGesture(table, t)]).toEqual([ship.id]);
    t = patchPiece(t, ship.id, { rotation: ship.rotation + 5 });
    t = patchPiece(t, obstacle.id, { y: obstacle.y + 3 });
    expect([...movedInGesture(table, t)].sort()).toEqual([ship.id, obstacle.id].sort());
  });

  it('leaves squadrons out (small enough for the batch whatever they do)', () => {
    const q = table.squadrons[0];
    expect(movedInGesture(table, patchPiece(table, q.id, { x: q.x + 10 })).size).toBe(0);
  });
});
