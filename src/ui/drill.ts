/**
 * Judge by eye (#drill-bar over the table, started from the Table menu or the Practice panel):
 * ten situations a player answers by eye, each revealed on the ruling card with its margin, a score
 * per kind of question with the typical mistake, and a link that deals the same ten to a friend.
 * While a question is asked the panel (verdicts, pickers, inspector) is hidden and no attack is
 * drawn, so nothing on screen gives the answer away; the pieces are locked. The rules decide
 * everything (src/rules/practice/drill.ts, drill-score.ts); the run is src/state/drill.ts.
 */
import { namer } from '../model/names';
import type { Table } from '../model/table';
import { missOf } from '../rules/practice/drill';
import { KIND_NAMES, scoreOf } from '../rules/practice/drill-score';
import {
  answerDrill,
  DRILL_LENGTH,
  drillFromHash,
  drillHash,
  type DrillRun,
  keptDrill,
  keptScore,
  newSeed,
  nextSituation,
  resumeDrill,
  startDrill,
} from '../state/drill';
import { type FoundPractice, type PracticeShelf, readFound } from '../state/practice-kept';
import type { AppState, AppStore, Commands } from '../state/store';
import type { TabTables } from '../state/tab-tables';
import { practiceTableState } from '../state/practice-table';
import { h } from './dom';
import { dialogOpen } from '../render/keys';

const STYLE = `
#drill-bar { position: absolute; left: 8px; right: 8px; top: 8px; z-index: 6; max-width: 560px; margin: 0 auto;
  background: #1b2027f2; border: 1px solid #3a434e; border-radius: 8px; padding: 8px 10px; box-shadow: 0 4px 16px #0008;
  max-height: calc(100% - 16px); overflow-y: auto; }
#drill-bar[hidden] { display: none; }
#drill-bar .drill-head {
  display: flex; justify-content: space-between; gap: 8px; color: var(--muted); font-size: 12px; }
#drill-bar .drill-question { font-size: 15px; font-weight: 600; margin: 4px 0 6px; }
#drill-bar .drill-choices { display: flex; flex-wrap: wrap; gap: 6px; }
#drill-bar button { min-height: 44px; min-width: 44px; }
#drill-bar .drill-choices button, #drill-bar .drill-actions button {
  min-width: 88px; font-size: 14px; }
#drill-bar .drill-actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
#drill-bar .drill-result { margin: 4px 0; font-size: 14px; }
#drill-bar .drill-result.right { color: #51cf66; }
#drill-bar .drill-result.wrong { color: #ffa94d; }
#drill-bar table { border-collapse: collapse; margin: 4px 0; font-size: 13px; }
#drill-bar td { padding: 2px 8px 2px 0; vertical-align: top; }
#drill-bar td.n { white-space: nowrap; }
#drill-bar input { width: 100%; margin-top: 4px; }
body.drill-asking aside { visibility: hidden; }
/* a phone held upright: no sheet while a question is asked, the table down to the bottom of the screen (the
   ruling card comes up in the sheet with the answer) */
@media (max-width: 700px) and (orientation: portrait) {
  body.drill-asking aside { display: none; } body.drill-asking main { margin-bottom: 0; }
  body.drill-asking #message { bottom: 16px; } }
/* a phone on its side: no side panel while a question is asked, the table across the whole width (the panel
   comes back with the answer's ruling card) */
@media (max-height: 500px) and (orientation: landscape) {
  body.drill-asking aside { display: none; } body.drill-asking main { grid-template-columns: 1fr; } }
@media (min-width: 901px) {
  body.drill-asking aside::before {
    visibility: visible; display: block; margin: 16px 4px; color: var(--muted); font-size: 14px; line-height: 1.5;
    content: 'Judge by eye: the verdicts, the pickers and the Selected panel are hidden while you answer, so nothing '
      'here gives the answer away. They come back with the answer on the ruling card.';
  }
}
`;

export interface DrillHooks {
  /** frame the table box [x0, y0, x1, y1] (mm) in the canvas below its top `topPx` pixels */
  frameBelow: (box: [number, number, number, number], topPx: number) => void;
  /** the whole table in view again */
  fit: () => void;
  /** shade the asked zones over the pieces (null: none) */
  shade: (asked: { attacker: string; defender: string } | null) => void;
}

/** Whether the keys go to a text field (an input taking text, a list, a text area): its Escape is its own. */
const inTextField = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable ||
    t.tagName === 'SELECT' ||
    t.tagName === 'TEXTAREA' ||
    (t.tagName === 'INPUT' &&
      !['checkbox', 'radio', 'button', 'submit', 'file'].includes((t as HTMLInputElement).type)));

/** The box around a situation's pieces, with room for the bar above them. */
function situationBox(t: Table): [number, number, number, number] {
  const pts = [...t.ships, ...t.squadrons];
  const xs = pts.map((p) => p.x),
    ys = pts.map((p) => p.y);
  const pad = 110;
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
}

function questionOf(run: DrillRun): string {
  const s = run.situation;
  const name = namer(s.table);
  const att = name(s.attacker),
    def = name(s.defender);
  if (s.kind === 'arc') return `Is ${def} inside ${att}'s firing arc?`;
  if (s.kind === 'los') return `Is the line of sight from ${att} to ${def} obstructed?`;
  if (!s.attacker.includes('.')) return `Is ${def} at distance 1 of ${att}?`;
  return `At what range is ${def} from ${att}?`;
}

function resultOf(run: DrillRun): { right: boolean; text: string } {
  const s = run.situation;
  const a = run.answers[run.answers.length - 1];
  const label = s.choices.find((c) => c.value === s.answer)!.label;
  // a range's margin says its edge whole (past or short of a band's end); a wrong range answer's is the way
  // to the band named, not the margin of the edge asked about
  const miss = missOf(s, a.given);
  const edge =
    s.kind === 'los'
      ? s.answer === 'obstructed'
        ? `into ${s.edge}`
        : `clear of ${s.edge}`
      : s.kind === 'arc'
        ? `${s.answer === 'in' ? 'inside' : 'outside'} ${s.edge}`
        : miss.edge;
  const margin = `${miss.mm.toFixed(2)} mm ${edge}`;
  if (a.right)
    return { right: true, text: `Right: ${label.toLowerCase()}, ${margin}. The ruling card shows why.` };
  const said = s.choices.find((c) => c.value === a.given)!.label.toLowerCase();
  return {
    right: false,
    text: `You said ${said}; it is ${label.toLowerCase()}, ${margin}. The ruling card shows why.`,
  };
}

/** The drill's bar and its run; the buttons that start it. */
export class DrillPanel {
  readonly bar = h('div', { id: 'drill-bar', hidden: true, role: 'dialog', 'aria-label': 'Judge by eye' });
  private run: DrillRun | null = null;
  /** the table, history and lock the player had: put back as they were when the drill ends */
  private before: Pick<AppState, 'table' | 'history' | 'locked'> | null = null;
  /** the score to beat, from a friend's race link */
  private toBeat: number | null = null;
  /** what had the keyboard's focus when the drill started: it has it back at the end */
  private opener: Element | null = null;

  constructor(
    private readonly store: AppStore,
    private readonly cmd: Commands,
    private readonly tables: TabTables,
    private readonly hooks: DrillHooks,
    /** where the run is kept at every step, for a reload of the tab */
    private readonly practices: PracticeShelf,
  ) {
    document.head.append(h('style', {}, STYLE));
    // nothing on the canvas gives the answer away: a tap that would choose an attack waits for the answer
    store.subscribe((st) => {
      if (this.run?.phase === 'ask' && (st.attacker || st.defender || st.selected || st.rings)) {
        store.setState({ attacker: null, defender: null, selected: null, rings: false });
      }
    });
    window.addEventListener('hashchange', () => this.fromLink());
    // Escape ends the drill as its End does: not from a text field (the race link), and the help or a dialog
    // open over it takes its Escape first (the help's stops it before it comes here)
    window.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Escape' || !this.run || ev.defaultPrevented || inTextField(ev.target) || dialogOpen())
        return;
      ev.preventDefault();
      this.end();
    });
  }

  running(): boolean {
    return this.run !== null;
  }

  /**
   * A situation's table on screen, with no undo history of its own: the drill's tables are never kept
   * (Tables is paused while it runs), so a reload or the drill's end finds the player's table as it was.
   */
  private show(t: Table) {
    this.store.setState(practiceTableState(t));
    this.draw();
    this.hooks.frameBelow(situationBox(t), this.bar.offsetHeight + 16);
  }

  start(seed = newSeed(), levels: number[] | null = null, toBeat: number | null = null) {
    try {
      this.run = startDrill(seed, levels);
    } catch (e) {
      this.cmd.message('error', `That drill could not start: ${(e as Error).message}.`);
      return;
    }
    this.toBeat = toBeat;
    this.keepBefore();
    this.show(this.run.situation.table);
    this.focusFirst();
  }

  /** The player's table, history and lock, put back at the end; Tables keeps nothing meanwhile. */
  private keepBefore() {
    if (this.before !== null) return;
    const { table, history, locked } = this.store.getState();
    this.before = { table, history, locked };
    this.tables.pause();
    this.opener = document.activeElement;
  }

  /**
   * The drill a reload of the tab found under way, taken up where it was: the question asked, or answered
   * with its ruling card, or the score. One that cannot be (another version of the app deals other
   * situations) ends, said with the score so far; the table on screen is the player's own either way.
   */
  resume(found: FoundPractice) {
    const read = readFound(found, resumeDrill);
    if ('problem' in read) {
      const { problem } = read;
      this.practices.drop('drill');
      const score = 'data' in found ? keptScore(found.data) : null;
      const so = score ? ` Your score so far: ${score.right} of ${score.of} right.` : '';
      this.cmd.message(
        'error',
        `Judge by eye ended with the reload: it could not be taken up again (${problem}).${so} ` +
          'Your table is as it was.',
      );
      return;
    }
    const resumed = read.value;
    this.run = resumed.run;
    this.toBeat = resumed.beat;
    this.keepBefore();
    this.opener = null;
    // no focus moved to an answer: after a reload a focus ring would single one out
    this.show(this.run.situation.table);
    if (this.run.phase === 'shown') {
      this.cmd.setPair(this.run.situation.attacker, this.run.situation.defender);
      this.frameSettled();
    }
  }

  /**
   * The keyboard's focus on the bar's first answer (or Next, or the score's first action): the button that
   * started the drill, or the one just pressed in the bar, is gone or hidden, and would leave it at the top
   */
  private focusFirst() {
    this.bar
      .querySelector<HTMLElement>('.drill-choices button, .drill-actions button')
      ?.focus({ preventScroll: true });
  }

  /** Back to the player's own table, its undo history and the whole table in view; Tables keeps going. */
  end() {
    const before = this.before;
    const inBar = this.bar.contains(document.activeElement);
    this.run = null;
    this.before = null;
    this.draw();
    // the focus back where it was, or on the "Table" whose menu, closed now, held the button pressed
    const back = this.opener;
    this.opener = null;
    if (inBar && back instanceof HTMLElement && back.isConnected) {
      back.focus({ preventScroll: true });
      if (document.activeElement !== back)
        back.closest('details')?.querySelector('summary')?.focus({ preventScroll: true });
    }
    if (before) {
      this.store.setState({ ...before, selected: null, attacker: null, defender: null, gestureStart: null });
      this.tables.resume();
    }
    this.hooks.fit();
  }

  private answer(value: string) {
    if (!this.run) return;
    this.run = answerDrill(this.run, value);
    this.draw();
    this.cmd.setPair(this.run.situation.attacker, this.run.situation.defender);
    this.frameSettled();
  }

  /**
   * The answer's lines make the bar taller, and the ruling card comes out (the panel beside the table, a
   * phone's sheet under it): a piece asked about was then hidden. Framed again once that layout has settled
   */
  private frameSettled() {
    const run = this.run;
    if (!run) return;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (this.run !== run) return;
        this.hooks.frameBelow(situationBox(run.situation.table), this.bar.offsetHeight + 16);
      }),
    );
  }

  private next() {
    if (!this.run) return;
    this.run = nextSituation(this.run);
    if (this.run.phase === 'ask') this.show(this.run.situation.table);
    else {
      this.store.setState({ attacker: null, defender: null });
      this.draw();
    }
  }

  /** The race link through the phone's share sheet, else the clipboard, and shown to copy either way. */
  private async shareRace(input: HTMLInputElement) {
    const url = `${location.origin}${location.pathname}${drillHash(this.run!)}`;
    input.value = url;
    input.hidden = false;
    try {
      if (navigator.share) await navigator.share({ title: 'Race me: judge by eye', url });
      else {
        await navigator.clipboard.writeText(url);
        this.cmd.message(
          'info',
          'The race link is copied: your friend gets the same ten situations, and your score to beat.',
        );
      }
    } catch {
      input.select(); // no share sheet, no clipboard: the link is there to copy
    }
  }

  private asking(r: DrillRun): Node[] {
    const choices = r.situation.choices.map((c) =>
      h('button', { 'data-answer': c.value, onclick: () => this.answer(c.value) }, c.label),
    );
    return [
      h('div', { class: 'drill-question' }, questionOf(r)),
      h('div', { class: 'drill-choices' }, ...choices),
    ];
  }

  private shown(r: DrillRun): Node[] {
    const res = resultOf(r);
    const last = r.index + 1 >= DRILL_LENGTH;
    const attrs = { id: 'drill-result', 'data-key': r.situation.answer, 'data-kind': r.situation.kind };
    return [
      h('div', { class: 'drill-question' }, questionOf(r)),
      h('div', { class: `drill-result ${res.right ? 'right' : 'wrong'}`, ...attrs }, res.text),
      h(
        'div',
        { class: 'drill-actions' },
        h('button', { id: 'drill-next', onclick: () => this.next() }, last ? 'See the score' : 'Next'),
      ),
    ];
  }

  private done(r: DrillRun): Node[] {
    const rows = scoreOf(r.answers)
      .filter((k) => k.asked)
      .map((k) =>
        h(
          'tr',
          { 'data-kind': k.kind },
          h('td', {}, KIND_NAMES[k.kind]),
          h('td', { class: 'n' }, `${k.right}/${k.asked}`),
          h('td', {}, k.mistake ? `Typical mistake: ${k.mistake}.` : 'No mistake.'),
        ),
      );
    const right = r.answers.filter((a) => a.right).length;
    const link = h('input', { id: 'drill-link', readonly: true, hidden: true });
    const button = (id: string, label: string, onclick: () => void) => h('button', { id, onclick }, label);
    return [
      h('div', { class: 'drill-question', id: 'drill-score' }, `${right} of ${r.answers.length} right`),
      h('table', {}, ...rows),
      h(
        'div',
        { class: 'drill-actions' },
        button('drill-race', 'Race a friend', () => void this.shareRace(link)),
        button('drill-again', 'Again', () => this.start()),
        button('drill-end', 'Back to my table', () => this.end()),
      ),
      link,
    ];
  }

  private draw() {
    const { run, bar } = this;
    document.body.classList.toggle('drill-asking', run?.phase === 'ask');
    // the view is the drill's while it runs: the ruling card frames no pair of its own (src/ui/dispute.ts)
    document.body.classList.toggle('drilling', !!run);
    const s0 = run && run.phase !== 'done' ? run.situation : null;
    this.hooks.shade(s0 ? { attacker: s0.attacker, defender: s0.defender } : null);
    bar.hidden = !run;
    if (!run) {
      this.practices.drop('drill');
      return bar.replaceChildren();
    }
    this.practices.keep('drill', keptDrill(run, this.toBeat));
    const s = run.situation;
    const progress =
      run.phase === 'done'
        ? 'Judge by eye: the score'
        : `Judge by eye · ${run.index + 1} of ${DRILL_LENGTH} · ${KIND_NAMES[s.kind]} · level ${s.level}` +
          (this.toBeat !== null ? ` · a friend's drill: beat ${this.toBeat} of ${DRILL_LENGTH}` : '');
    const close = h(
      'button',
      { id: 'drill-close', title: 'end the drill and return to your table', onclick: () => this.end() },
      'End',
    );
    const head = h('div', { class: 'drill-head' }, h('span', { id: 'drill-progress' }, progress), close);
    const body =
      run.phase === 'ask' ? this.asking(run) : run.phase === 'shown' ? this.shown(run) : this.done(run);
    const inBar = bar.contains(document.activeElement);
    bar.replaceChildren(head, ...body);
    bar.dataset.phase = run.phase;
    if (inBar) this.focusFirst();
  }

  /** Start the drill a link names (`#drill=SEED&levels=...`); a broken one is said and changes nothing. */
  fromLink() {
    let read: ReturnType<typeof drillFromHash> = null;
    try {
      read = drillFromHash(location.hash);
    } catch (e) {
      this.cmd.message(
        'error',
        `That drill link could not be read: ${(e as Error).message}. The table is as it was.`,
      );
      history.replaceState(null, '', location.pathname + location.search);
      return;
    }
    if (!read) return;
    history.replaceState(null, '', location.pathname + location.search);
    this.start(read.seed, read.levels, read.beat ?? null);
  }

  startButton(id: string): HTMLButtonElement {
    const title =
      'ten situations near the edges that decide games: answer by eye, then see the rules’ answer';
    const onclick = (ev: Event) => {
      (ev.currentTarget as HTMLElement).closest('details')?.removeAttribute('open');
      this.start();
    };
    return h('button', { id, title, onclick }, 'Judge by eye…');
  }
}
