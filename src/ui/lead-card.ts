/**
 * The inspector's card for a move under way that a button finishes (a purrgil's move, an exogorth being
 * placed): the rules' verdict in one line, the buttons, then why. It sits under the inspector's title, where a
 * player looks after a drag; while it shows, the body has the class `lead-card` and the phone's sheet puts the
 * inspector first (index.html), so the peek holds the verdict and the buttons.
 */
import type { Lead } from '../state/overlays/model';
import { h, setAttr, setShown } from './dom';

export class LeadCard {
  readonly head = h('div', { class: 'lead-head', id: 'insp-lead-head' });
  readonly why = h('div', { class: 'lead-why', id: 'insp-lead-why' });
  // a purrgil's: pressed, src/ui/purrgil.ts finishes or undoes the move under way
  readonly finish = h('button', { id: 'purrgil-finish' }, 'Finish move');
  readonly back = h('button', { id: 'purrgil-back' }, 'Put it back');
  readonly actions: HTMLElement;
  readonly el: HTMLElement;
  private written = { head: '', why: '' };
  /** the piece the card was last shown for ('' hidden) */
  private showing = '';

  /**
   * `buttons`: the inspector's own buttons for the piece (an exogorth's Place it and Snap); `appeared`: the card
   * shown for another piece (the panel brings it into view)
   */
  constructor(
    buttons: HTMLElement[],
    readonly appeared?: (el: HTMLElement) => void,
  ) {
    this.actions = h('div', { class: 'row' }, ...buttons, this.finish, this.back);
    this.el = h('div', { id: 'insp-lead' }, this.head, this.actions, this.why);
    this.el.hidden = true;
  }

  /** The verdict of the move under way (null: none); `shown`: the inspector shows a button of its own here. */
  show(lead: Lead | null, shown: boolean) {
    const on = !!lead || shown;
    if (this.el.hidden === on) this.el.hidden = !on;
    document.body.classList.toggle('lead-card', on);
    setAttr(this.el, 'data-kind', lead?.kind ?? '');
    setAttr(this.el, 'data-legal', lead ? String(lead.legal ?? '') : '');
    setAttr(this.el, 'data-piece', lead?.piece ?? '');
    const purrgil = lead?.kind === 'purrgil';
    for (const b of [this.finish, this.back]) {
      setShown(b, purrgil);
      if (purrgil && b.disabled === lead.actions) b.disabled = !lead.actions;
    }
    // the purrgil's buttons by the data the panel's listener reads (src/ui/purrgil.ts)
    if (purrgil) {
      setAttr(this.finish, 'data-purrgil-finish', lead.piece);
      setAttr(this.back, 'data-purrgil-back', lead.piece);
    } else {
      this.finish.removeAttribute('data-purrgil-finish');
      this.back.removeAttribute('data-purrgil-back');
    }
    this.write('head', this.head, lead?.head ?? '');
    this.write('why', this.why, lead?.why ?? '');
    const showing = on ? (lead?.piece ?? '(its own)') : '';
    if (showing && showing !== this.showing) this.appeared?.(this.el);
    this.showing = showing;
  }

  private write(k: 'head' | 'why', el: HTMLElement, html: string) {
    if (this.written[k] === html) return;
    this.written[k] = html;
    el.innerHTML = html;
  }
}
