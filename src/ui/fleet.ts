import { parseFleetList } from '../model/fleet-list';
import type { Player } from '../model/table';
import { placeFleet } from '../state/fleet';
import type { AppStore, Commands } from '../state/store';
import { h, option } from './dom';

/**
 * "Paste a fleet list": a text box, the player, and an Add button that sets the list's ships and
 * squadrons down in that player's deployment zone (one undo step). Below it: what was added, the
 * lines not recognised (`data-line`), the pieces that found no room or break a deployment rule.
 */
export function buildFleet(host: HTMLElement, store: AppStore, cmd: Commands) {
  const text = h('textarea', {
    id: 'fleet-text', rows: 7, spellcheck: 'false', style: 'width:100%;font:12px/1.3 ui-monospace,monospace',
    placeholder: 'Paste a list from a fleet builder (Kingston, Star Forge, Warlords, Fleets Designer) or type one ship or squadron a line:\nVictory II-class Star Destroyer (85)\n2 x TIE Fighter Squadron',
  });
  const who = h('select', { id: 'fleet-player', title: 'whose fleet: set down in this player\'s deployment zone' }, option('1', 'player 1'), option('2', 'player 2'));
  const result = h('div', { id: 'fleet-result' });
  const form = h('div', { id: 'fleet-form', hidden: true },
    text,
    h('div', { class: 'row' }, who, h('button', { id: 'fleet-add', onclick: () => add() }, 'Add to the deployment zone')),
    result);
  const toggle = h('button', { id: 'fleet-toggle', 'aria-expanded': 'false', onclick: () => {
    form.hidden = !form.hidden;
    toggle.setAttribute('aria-expanded', String(!form.hidden));
    if (!form.hidden) text.focus();
  } }, 'Paste a fleet list…');
  host.append(h('h3', {}, 'Fleet list'), h('div', { class: 'row' }, toggle), form);

  const list = (id: string, title: string, items: HTMLElement[]) =>
    items.length ? [h('p', { class: 'hint' }, title), h('ul', { id, class: 'fleet-lines' }, ...items)] : [];

  function add() {
    const player = Number(who.value) as Player;
    const parsed = parseFleetList(text.value);
    const before = store.getState().table;
    const placed = placeFleet(before, parsed.pieces, player);
    if (placed.added.length) cmd.change(placed.table);
    const changed = store.getState().table !== before;
    const ships = placed.added.filter((a) => a.kind === 'ship').length, squadrons = placed.added.length - ships;
    const head = !parsed.pieces.length
      ? 'No ship or squadron was recognised in the list.'
      : !changed && placed.added.length
        ? 'The fleet was not added (see the message below the table).'
        : `Added ${ships} ship${ships === 1 ? '' : 's'} and ${squadrons} squadron${squadrons === 1 ? '' : 's'} for player ${player}` +
          `${placed.added.length ? ' (one undo step)' : ''}.`;
    result.replaceChildren(
      h('p', { id: 'fleet-summary' }, head),
      ...list('fleet-unrecognised', 'Lines not recognised:', parsed.unrecognised.map((u) =>
        h('li', { 'data-line': u.line }, h('code', {}, `${u.line}: ${u.text}`), ' — ', u.why))),
      ...list('fleet-unplaced', 'No room for:', placed.unplaced.map((u) =>
        h('li', { 'data-line': u.line }, h('code', {}, `${u.line}: ${u.name}`), ' — ', u.why))),
      ...list('fleet-not-legal', 'Set down, but not a legal deployment (move them):', changed ? placed.notLegal.map((n) =>
        h('li', { 'data-piece': n.id }, `${n.name} (${n.id}) — ${n.why}`)) : []),
      ...list('fleet-notes', 'Assumed:', [
        ...parsed.notes.map((n) => h('li', {}, n)),
        ...(changed ? placed.riftSpeed.map((id) => h('li', {}, `${id}: speed 0 (deployed at distance 1-2 of a gravity rift)`)) : []),
      ]),
      ...(parsed.upgrades ? [h('p', { class: 'hint' }, `${parsed.upgrades} upgrade line${parsed.upgrades === 1 ? '' : 's'} passed over.`)] : []),
    );
  }
}
