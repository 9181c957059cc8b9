/**
 * The phone's bottom sheet (the panel, `aside`, in portrait under 700 px): its peek shows what
 * leads (a move under way that a button finishes, a guided setup's turn, the chosen pair's ruling, the
 * selected piece, a maneuver planned: the stylesheet orders them first), so the sheet goes back to its top
 * whenever what leads changes, and whenever it closes
 * to the peek. An open sheet keeps its place while pieces are added one after another from the
 * palette; only a new turn of the guide or a new pair takes it to the top.
 */
import { planOf } from '../state/maneuver';
import type { AppState } from '../state/store';

const PHONE = '(max-width: 700px) and (orientation: portrait)';

export function buildSheet(aside: HTMLElement, resized: () => void) {
  const phone = () => matchMedia(PHONE).matches;
  const isOpen = () => document.body.classList.contains('sheet-open');
  const toTop = () => {
    if (phone()) aside.scrollTop = 0;
  };
  const setOpen = (open: boolean) => {
    if (open === isOpen()) return;
    document.body.classList.toggle('sheet-open', open);
    if (!open) toTop();
    requestAnimationFrame(resized);
  };
  let lead = '',
    peek = '';
  return {
    phone,
    isOpen,
    toggle: () => setOpen(!isOpen()),
    setOpen,
    /** The panel scrolled to `el` (on a phone, the sheet opened first): the palette after New. */
    reveal(el: HTMLElement) {
      if (phone()) setOpen(true);
      // after the sheet's height has grown (its transition), the section at the top of the view
      const place = () => {
        aside.scrollTop += el.getBoundingClientRect().top - aside.getBoundingClientRect().top;
      };
      requestAnimationFrame(place);
      setTimeout(place, 300);
    },
    /**
     * A reading just written in the panel brought into view without opening the sheet: on a phone its top at
     * the top of the sheet (the peek shows it), elsewhere the panel scrolled only as far as it takes.
     */
    show(el: HTMLElement) {
      const a = aside.getBoundingClientRect(),
        r = el.getBoundingClientRect();
      if (phone()) {
        aside.scrollTop += r.top - a.top;
        return;
      }
      // below what is pinned at the panel's top (a chosen pair's card, on a desktop)
      const pinned = [...aside.children].find((c) => getComputedStyle(c).position === 'sticky');
      const top = pinned ? Math.max(a.top, pinned.getBoundingClientRect().bottom) : a.top;
      if (r.top < top || r.bottom > a.bottom) aside.scrollTop += Math.min(r.top - top, r.bottom - a.bottom);
    },
    /** From every panel update: back to the top when what leads changes. */
    follow(s: AppState) {
      // a guided setup's turn follows from its state and the pieces set down so far
      const t = s.table;
      const g = s.guide
        ? `${JSON.stringify(s.guide)}:${t.ships.length}:${t.squadrons.length}:${t.obstacles.length}`
        : '';
      // a purrgil's move under way leads until it is finished or put back; a maneuver laid out leads its sheet (the
      // section moved to the top while the sheet stayed scrolled down to its Maneuver button: out of sight above)
      const nextLead = `${g}|${s.attacker}|${s.defender}|${s.purrgilFrom?.id ?? ''}|${planOf(t)?.ship ?? ''}`;
      const nextPeek = `${nextLead}|${s.selected}`;
      const changed = nextLead !== lead || (!isOpen() && nextPeek !== peek);
      lead = nextLead;
      peek = nextPeek;
      if (changed) toTop();
    },
  };
}

export type Sheet = ReturnType<typeof buildSheet>;
