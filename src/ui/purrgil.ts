import { judgeMove } from '../rules/campaign/purrgil';
import { World } from '../rules/world';
import { violationWordsBy } from '../rules/violation-words';
import { namer } from '../model/names';
import { patchPiece } from '../state/pieces';
import type { AppStore, Commands } from '../state/store';

/**
 * A purrgil move keeps its origin from the first drag until the player finishes it (refused while
 * the rules say it is illegal) or puts the purrgil back, so its verdict stays after release.
 */
export function watchPurrgil(store: AppStore, cmd: Commands, panel: HTMLElement) {
  store.subscribe((s) => {
    const from = s.purrgilFrom;
    if (!from && s.gestureStart && s.selected) {
      const o = s.gestureStart.obstacles.find((e) => e.id === s.selected && e.type.startsWith('purrgil'));
      if (o) cmd.set({ purrgilFrom: { id: o.id, table: s.gestureStart } });
      return;
    }
    if (from && !s.gestureStart) {
      // back where it started (undo, put back) or gone: nothing under way
      const now = s.table.obstacles.find((e) => e.id === from.id),
        was = from.table.obstacles.find((e) => e.id === from.id);
      if (!now || !was || (now.x === was.x && now.y === was.y && now.rotation === was.rotation))
        cmd.set({ purrgilFrom: null });
    }
  });
  panel.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest(
      'button[data-purrgil-finish], button[data-purrgil-back]',
    ) as HTMLElement | null;
    if (!b) return;
    const s = store.getState(),
      from = s.purrgilFrom;
    if (!from) return;
    const now = s.table.obstacles.find((e) => e.id === from.id),
      was = from.table.obstacles.find((e) => e.id === from.id);
    if (!now || !was) {
      cmd.set({ purrgilFrom: null });
      return;
    }
    if (b.dataset.purrgilBack !== undefined) {
      cmd.change(patchPiece(s.table, from.id, { x: was.x, y: was.y, rotation: was.rotation }));
      cmd.set({ purrgilFrom: null });
      return;
    }
    const v = judgeMove(new World(from.table), {
      id: `move-${from.id}`,
      kind: 'move-obstacle',
      obstacle: from.id,
      to: { x: now.x, y: now.y, rotation: now.rotation },
      maxDistance: 2,
    });
    if (!v.legal) {
      // the first reason only: the card under the inspector's title lists them all, and a long message
      // covers the middle of a phone's table until dismissed
      const more = v.violations.length - 1;
      const first = v.violations.length
        ? violationWordsBy(namer(from.table))(v.violations[0])
        : 'it is not a legal move';
      cmd.message(
        'error',
        `The move is not finished: ${first}${more > 0 ? ` (and ${more} more, in the card)` : ''}. ` +
          `Move it into the shaded region or put it back.`,
      );
      return;
    }
    cmd.set({ purrgilFrom: null });
    cmd.message('info', `${from.id}'s move is finished.`);
  });
}
