import type { Table } from '../model/table';
import type { AppState } from './store';

/**
 * A practice's table on screen (a drill's situation, a setup against the app), with no undo history of
 * its own and the pieces locked: Tables is paused while a practice runs, so its tables are never kept,
 * and its end puts back the player's own table.
 */
export function practiceTableState(t: Table): Partial<AppState> {
  return {
    table: t,
    history: { past: [], future: [] },
    gestureStart: null,
    locked: true,
    rings: false,
    selected: null,
    attacker: null,
    defender: null,
    pairFollows: false,
    draggedAlone: null,
  };
}
