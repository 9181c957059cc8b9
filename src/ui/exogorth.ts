import { namer } from '../model/names';
import { violationWordsBy } from '../rules/violation-words';
import { commitExogorthJudged, findPiece, resetSpots } from '../state/pieces';
import type { AppStore, Commands } from '../state/store';

/**
 * "Place it" for an exogorth being placed: refused, in words, while the rules say the placement
 * or a displaced squadron's place is illegal; otherwise the exogorth goes on the table and every
 * displaced squadron to its place (the player's, or the proposed one), in one undo step.
 */
export function placeExogorth(store: AppStore, cmd: Commands, id: string) {
  // the squadrons and ships it meets by their names (the exogorth, an obstacle, by its id)
  const t = store.getState().table;
  const r = commitExogorthJudged(t, id, violationWordsBy(namer(t)));
  if ('refused' in r) {
    cmd.message('error', `Not placed: ${r.refused}.`);
    return false;
  }
  const before = new Map(store.getState().table.squadrons.map((q) => [q.id, q]));
  cmd.change(r.table);
  // the squadrons that really moved, by name (none when the exogorth displaced none)
  const moved = r.table.squadrons
    .filter((q) => {
      const b = before.get(q.id);
      return b && (b.x !== q.x || b.y !== q.y);
    })
    .map((q) => q.name?.trim() || q.id);
  cmd.message(
    'info',
    moved.length
      ? `${id} placed; the squadron${moved.length === 1 ? '' : 's'} it displaced (${moved.join(', ')}) ` +
          `moved to ${moved.length === 1 ? 'its place' : 'their places'}. Undo takes them all back.`
      : `${id} placed; it displaced no squadron. Undo takes it back.`,
  );
  return true;
}

/** The exogorth panel's buttons: Place it, and Reset places (the rules propose every place again). */
export function watchExogorth(store: AppStore, cmd: Commands, panel: HTMLElement) {
  panel.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest(
      'button[data-exo-place], button[data-exo-reset]',
    ) as HTMLElement | null;
    if (!b) return;
    const t = store.getState().table;
    if (b.dataset.exoPlace) {
      placeExogorth(store, cmd, b.dataset.exoPlace);
      return;
    }
    const id = b.dataset.exoReset!;
    if (findPiece(t, id)) cmd.change(resetSpots(t, id));
  });
}
