/**
 * The phone's toolbar (portrait, under 700 px) scrolls sideways: the file and sharing controls
 * (Import, Export, Share link and its box, Tables...) move into the Table menu there, beside New and
 * Clear, so none hides behind a swipe; on a wider screen they go back to the toolbar, in their
 * order. A control used from the menu closes it; the toolbar stays scrolled to its start (Undo).
 */
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
  matchMedia(PHONE).addEventListener('change', place);
  place();
}
