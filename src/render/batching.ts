import type { Table } from '../model/table';

/** each gesture start's ships and obstacles by id (a gesture start is one table object for the whole drag) */
const startPieces = new WeakMap<Table, Map<string, object>>();

/**
 * The ships and obstacles a gesture has changed so far: those of `table` that are not the very objects they
 * were in the table at the gesture's start (a drag step replaces only the piece it moves). Empty when no
 * gesture is under way.
 */
export function movedInGesture(start: Table | null, table: Table): Set<string> {
  const out = new Set<string>();
  if (!start || start === table) return out;
  let before = startPieces.get(start);
  if (!before) {
    before = new Map();
    for (const p of start.ships) before.set(p.id, p);
    for (const p of start.obstacles) before.set(p.id, p);
    startPieces.set(start, before);
  }
  for (const p of table.ships) if (before.get(p.id) !== p) out.add(p.id);
  for (const p of table.obstacles) if (before.get(p.id) !== p) out.add(p.id);
  return out;
}
