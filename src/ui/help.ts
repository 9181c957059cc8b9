import { h } from './dom';

/** The help panel and the "?" button that opens it. */
export function buildHelp(): { panel: HTMLElement; button: HTMLButtonElement } {
  const panel = h(
    'div',
    { id: 'help-panel', hidden: true },
    h('h3', {}, 'Help'),
    h(
      'p',
      {},
      'Tap a piece to select it; drag it to move it (a short tap never moves it). Drag the round handle to ' +
        'turn it. Two fingers zoom and pan.',
    ),
    h(
      'p',
      {},
      'New table starts empty; "New + 6 obstacles" lays the core obstacles beside the setup area; Guided ' +
        'setup offers each obstacle in turn (the second player first) and then deploys both fleets: tap the ' +
        'table where the piece goes. Every refusal says why.',
    ),
    h(
      'p',
      {},
      'Tap a hull zone or squadron, then an enemy: the verdict card says whether the attack is in arc, at ' +
        'what range, and whether the line of sight is obstructed, and why, and the dice the attack rolls ' +
        'there. Dragging two ships into place picks them as the pair, by the hull zones that face each ' +
        'other. Red outlines: pieces on pieces, or partly off the table.',
    ),
    h(
      'p',
      {},
      'On a phone, "Panel" slides the panel up; with a pair chosen its top shows the verdict. Select a ship ' +
        'and press "Maneuver" to lay the maneuver tool and see where it ends and what it hits; "Correct this ' +
        'class…" lets you match a class\'s arc lines and targeting points to the token in your hand. ' +
        '"Tables…" brings back any table you had.',
    ),
    h(
      'p',
      {},
      '"Paste a fleet list..." (under Add) reads a list from any fleet builder, checks its points, ' +
        'commander, flotillas and squadrons, and deploys it with the guide. ' +
        '"Photo of the table" turns a photo of your real table into positions, with how sure each is. ' +
        '"Place exogorth..." judges an exogorth\'s placement and where the squadrons it displaces go. ' +
        'Practice: select a ship for its maps (Reach, Threat, Opportunity), or "Judge by eye..." in the Table ' +
        'menu: ten situations to answer by eye, scored, with a link to race a friend on the same ten.',
    ),
    h(
      'p',
      {},
      'Rules 1.5 is the rules reference 1.5 with the seed rules text for obstacles; 1.6 is the later text: a ' +
        "squadron's line of sight is traced from its centre, and the shield-dial rule differs.",
    ),
    h('button', { onclick: () => (panel.hidden = true) }, 'Close'),
  );
  const button = h(
    'button',
    { id: 'help', title: 'help', onclick: () => (panel.hidden = !panel.hidden) },
    '?',
  );
  return { panel, button };
}
