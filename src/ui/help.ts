import { h } from './dom';

/** What the app is and how to begin: the first thing the help says. */
const HELP_INTRO =
  'An exact Star Wars: Armada table: it says whether an attack is in arc, at what range, whether the ' +
  'line of sight is obstructed and whether pieces overlap, to the millimetre, and why. To begin, use ' +
  'the table shown, paste your fleet ("Paste a fleet list…" under Add), or pick a new or practice ' +
  'table in the Table menu. Drag a piece to move it, and tap a ship to see its attacks.';

/** The rest of the help, a paragraph each. */
const HELP_PARAGRAPHS = [
  'Tap a piece to select it; drag it to move it (a short tap never moves it). Drag the round handle to ' +
    'turn it. Two fingers zoom and pan.',
  'New table starts empty; "New + 6 obstacles" lays the core obstacles beside the setup area; Guided ' +
    'setup offers each obstacle in turn (the second player first) and then deploys both fleets: tap the ' +
    'table where the piece goes. Every refusal says why.',
  'Tap a hull zone or squadron, then an enemy: the verdict card says whether the attack is in arc, at ' +
    'what range, and whether the line of sight is obstructed, and why, and the dice the attack rolls ' +
    'there. Dragging two ships into place picks them as the pair, by the hull zones that face each ' +
    'other. Red outlines: pieces on pieces, or partly off the table.',
  'On a phone, "Panel" slides the panel up; with a pair chosen its top shows the verdict. Select a ship ' +
    'and press "Maneuver" to lay the maneuver tool and see where it ends and what it hits; "Correct this ' +
    'class…" lets you match a class\'s arc lines and targeting points to the token in your hand. ' +
    '"Tables…" brings back any table you had.',
  '"Paste a fleet list..." (under Add) reads a list from any fleet builder, checks its points, ' +
    'commander, flotillas and squadrons, and deploys it with the guide. ' +
    '"Photo of the table" turns a photo of your real table into positions, with how sure each is. ' +
    '"Place exogorth..." judges an exogorth\'s placement and where the squadrons it displaces go. ' +
    'Practice: select a ship for its maps (Reach, Threat, Opportunity), or "Judge by eye..." in the Table ' +
    'menu: ten situations to answer by eye, scored, with a link to race a friend on the same ten.',
  'Rules 1.5 is the rules reference 1.5 with the seed rules text for obstacles; 1.6 is the later text: a ' +
    "squadron's line of sight is traced from its centre, and the shield-dial rule differs.",
];

/**
 * The help panel and the "?" button that opens it. Its Close stays at its top as the text scrolls; Escape
 * or a press outside it closes it too, and focus goes back to the "?" when it was in the panel.
 */
export function buildHelp(): { panel: HTMLElement; button: HTMLButtonElement } {
  const close = h(
    'button',
    { id: 'help-close', title: 'close the help (Esc)', onclick: () => hide(true) },
    'Close',
  );
  const panel = h(
    'div',
    { id: 'help-panel', hidden: true, role: 'dialog', 'aria-labelledby': 'help-title', tabindex: '-1' },
    h('div', { class: 'help-head' }, h('h3', { id: 'help-title' }, 'Help'), close),
    h('p', { class: 'help-intro' }, HELP_INTRO),
    ...HELP_PARAGRAPHS.map((text) => h('p', {}, text)),
  );
  const button = h(
    'button',
    { id: 'help', title: 'help', 'aria-expanded': 'false', onclick: () => toggle() },
    '?',
  );
  // Escape is the help's while it is open (the table's own Escape, which lets go of the selection, waits)
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key !== 'Escape') return;
    ev.preventDefault();
    ev.stopPropagation();
    hide(true);
  };
  // a press anywhere else closes it (and does what it does there); the "?" toggles it by itself
  const onPress = (ev: PointerEvent) => {
    const at = ev.target as Node | null;
    if (at && (panel.contains(at) || button.contains(at))) return;
    hide(false);
  };
  const show = () => {
    panel.hidden = false;
    panel.scrollTop = 0;
    button.setAttribute('aria-expanded', 'true');
    window.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPress, true);
    close.focus({ preventScroll: true });
  };
  /** back: focus returns to the "?" when it was in the panel (a press elsewhere keeps its own focus) */
  function hide(back: boolean) {
    if (panel.hidden) return;
    const inside = panel.contains(document.activeElement);
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    window.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPress, true);
    if (back || inside) button.focus({ preventScroll: true });
  }
  const toggle = () => (panel.hidden ? show() : hide(true));
  return { panel, button };
}
