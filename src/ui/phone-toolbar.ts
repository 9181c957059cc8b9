/**
 * The phone's toolbar (portrait, under 700 px) scrolls sideways: the file and sharing controls
 * (Import, Export, Share link and its box, Tables...) move into the Table menu there, beside New and
 * Clear, so none hides behind a swipe; on a wider screen they go back to the toolbar, in their
 * order. A control used from the menu closes it; the toolbar stays scrolled to its start (Undo).
 * While more of the bar lies to the right, a fade and an arrow stand at its right edge; a tap on the arrow
 * scrolls the bar on.
 */
import { h } from './dom';

const PHONE = '(max-width: 700px) and (orientation: portrait)';
const MOVED = ['import', 'export', 'share', 'share-link', 'tables'];

export function attachPhoneToolbar(toolbar: HTMLElement, menu: HTMLDetailsElement) {
  const list = menu.querySelector('.menu-list') as HTMLElement | null;
  if (!list) return;
  const els = MOVED.map((id) => document.getElementById(id)).filter((e): e is HTMLElement => !!e);
  // where each stood in the toolbar: the element after it
  const after = new Map(els.map((e) => [e, e.nextSibling]));
  const place = () => {
    const phone = matchMedia(PHONE).matches;
    if (phone) {
      if (els[0]?.parentElement === list) return;
      for (const e of els) list.append(e);
    } else {
      if (els[0]?.parentElement === toolbar) return;
      for (const e of [...els].reverse())
        toolbar.insertBefore(e, after.get(e)?.parentElement === toolbar ? after.get(e)! : null);
    }
    toolbar.scrollLeft = 0;
  };
  for (const e of els)
    e.addEventListener('click', () => {
      if (e.parentElement !== list || e.id === 'share-link') return;
      // the file picker and the share sheet open over the page: the menu closes, the toolbar at its start
      setTimeout(() => {
        menu.open = false;
        toolbar.scrollLeft = 0;
      }, 0);
    });
  const cue = attachMoreCue(toolbar);
  matchMedia(PHONE).addEventListener('change', () => {
    place();
    cue();
  });
  place();
  cue();
}

/**
 * The sign that the bar scrolls: an arrow over a fade, held at the bar's right edge (sticky, taking no
 * room of its own) while part of the bar lies beyond it; a tap scrolls the bar on by most of its width.
 * Returns the check, run again when the bar's contents move.
 */
function attachMoreCue(toolbar: HTMLElement): () => void {
  const cue = h(
    'button',
    {
      id: 'toolbar-more',
      class: 'toolbar-more',
      hidden: true,
      tabindex: '-1',
      title: 'more controls: scroll the bar',
      'aria-label': 'more controls to the right',
      onclick: () => toolbar.scrollBy({ left: toolbar.clientWidth * 0.7, behavior: 'smooth' }),
    },
    '›',
  );
  toolbar.append(cue);
  const check = () => {
    const more = toolbar.scrollLeft + toolbar.clientWidth < toolbar.scrollWidth - 2;
    if (cue.hidden === more) cue.hidden = !more;
  };
  toolbar.addEventListener('scroll', check, { passive: true });
  // the bar's width, and each control shown or hidden (the setup inputs come and go)
  const sizes = new ResizeObserver(check);
  for (const el of [toolbar, ...toolbar.children]) sizes.observe(el);
  return check;
}
