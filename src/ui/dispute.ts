import type { AppState, AppStore, Commands } from '../state/store';
import { h } from './dom';

/**
 * The dispute card (#attack-verdict): one attack, chosen by two taps or two pickers, with its
 * verdict. Self-contained (its own element and CSS block) so it moves with the page layout.
 */
export function buildDispute(host: HTMLElement, store: AppStore, cmd: Commands) {
  const lock = h('input', { type: 'checkbox', id: 'lock-pieces', onchange: () => cmd.set({ locked: lock.checked }) });
  host.append(
    h('div', { class: 'dispute-bar' },
      h('label', { title: 'taps select, nothing moves: the table is read-only while you look at a dispute' }, lock, ' lock pieces')),
  );
  return (s: AppState) => {
    lock.checked = s.locked;
  };
}
