/**
 * The maneuver panel (#maneuver): plan a maneuver for the selected ship (side, speed, clicks per
 * joint within its speed chart), read the rules' answer, show the fan, execute (one undo step).
 * The plan is a `maneuver` proposal in the table (src/state/maneuver.ts); every verdict shown is
 * the rules' answer, read from the analysis.
 */
import { maneuverOutcome, type ManeuverReport, chartRowText } from '../rules/movement/maneuver';
import { shipChart } from '../rules/report/proposals';
import type { LiveAnalysis } from '../state/analysis';
import { executed, planOf, planSpeed, withoutPlan, withPlan } from '../state/maneuver';
import type { AppState, AppStore, Commands } from '../state/store';
import { type FanRow, fanOf, OUTCOME_COLOUR } from '../state/overlays/maneuver';
import { css } from '../render/colours';
import { dialogOpen } from '../render/keys';
import { andList, namer } from '../model/names';
import type { Table } from '../model/table';
import { capText, escapeHtml as e, h, setShown, setText } from './dom';
import { clickWord, executedText, OUTCOME_TEXT, type Say, verdictHtml } from './maneuver-words';

const STYLE = `
#maneuver.empty { display: none; }
#maneuver .joint { display: inline-flex; align-items: center; gap: 2px; padding: 1px 3px; border-radius: 4px; }
#maneuver .joint.active { outline: 1px solid #00e5ff; }
#maneuver button[aria-pressed="true"] { background: #2b4a5e; border-color: #00e5ff; }
#maneuver #maneuver-verdict ul { margin: 2px 0; padding-left: 16px; }
#maneuver .fan-row { margin: 3px 0; display: flex; flex-wrap: wrap; gap: 3px; align-items: center; }
#maneuver .fan-item { font-size: 11px; padding: 1px 4px; border-width: 2px; }
#maneuver .fan-item.selected { background: #2b4a5e; }
`;

export interface ManeuverUi {
  update(s: AppState, a: LiveAnalysis): void;
  /** the plan's answer and fan to draw, if a plan is shown */
  drawing(
    s: AppState,
    a: LiveAnalysis,
  ): { answer: ManeuverReport; fan: FanRow[] | null; speed: number } | null;
}

/** Room around the ship and the plan's end when the view is framed on them: a large base and the fan's reach. */
const PLAN_MARGIN_MM = 160;

/** A click as the fan's buttons write it: 2R, 1L, or – for straight. */

type Plan = { ship: string; speed: number; clicks: number[]; side: 'left' | 'right' };
type Chart = readonly (readonly number[])[] | null;

/** The fan: a row per speed, a button per click list coloured by its outcome (the plan's selected). */
function fanHtml(rows: FanRow[], speed: number, answer: ManeuverReport, say: Say): string {
  const item = (r: FanRow, m: ManeuverReport) => {
    const mo = maneuverOutcome(m);
    const sel = r.speed === speed && m.clicks.join(',') === answer.clicks.join(',');
    const title =
      `${OUTCOME_TEXT[mo]}${m.obstacles.length ? `: ` + `${m.obstacles.map((o) => o.obstacle).join(', ')}` : ''}` +
      `${m.shipsOverlapped.length ? `; would overlap ` + `${m.shipsOverlapped.map(say).join(', ')}` : ''}`;
    return (
      `<button class="fan-item${sel ? ' selected' : ''}" data-fan-speed="${r.speed}" ` +
      `data-fan-clicks="${m.clicks.join(',')}" data-outcome="${mo}" ` +
      `title="${e(title)}" style="border-color:${css(OUTCOME_COLOUR[mo])}">` +
      `${m.clicks.length ? e(m.clicks.map(clickWord).join(' ')) : 'stay'}</button>`
    );
  };
  return rows
    .map(
      (r) =>
        `<div class="fan-row" data-fan-row="${r.speed}"><span class="hint">speed ` +
        `${r.speed}` +
        `${r.maneuvers[0] && r.maneuvers[0].speedUsed !== r.speed ? ` (→ ${r.maneuvers[0].speedUsed})` : ''}: ` +
        `${r.maneuvers.length}</span> ` +
        r.maneuvers.map((m) => item(r, m)).join('') +
        '</div>',
    )
    .join('');
}

/** Each joint's clicks with its two buttons, the one the keys click outlined. */
function jointNodes(clicks: number[], joint: number, lim: number[]): HTMLElement[] {
  const button = (j: number, dir: -1 | 1, disabled: boolean) =>
    h(
      'button',
      {
        'data-joint': j,
        'data-dir': dir,
        disabled,
        title: `joint ${j + 1}: click ${dir < 0 ? 'left' : 'right'}`,
      },
      dir < 0 ? '◀' : '▶',
    );
  return clicks.map((c, j) =>
    h(
      'span',
      { class: `joint${j === joint ? ' active' : ''}`, 'data-joint-index': j },
      button(j, -1, c <= -(lim[j] ?? 0)),
      h(
        'span',
        { 'data-clicks': c, title: `joint ${j + 1}, at most ${lim[j] ?? 0}` },
        ` ${j + 1}: ${clickWord(c)} `,
      ),
      button(j, 1, c >= (lim[j] ?? 0)),
    ),
  );
}

/** The speed chart in words, or why there is none. */
function chartWords(chart: Chart, cls: string | undefined, ship: string, speedUsed: number): string {
  return chart
    ? `${cls} chart: ${chart.map((r, i) => `${i + 1}: ${chartRowText(r)}`).join(' · ')}` +
        (speedUsed ? `; speed ${speedUsed} allows ${chartRowText(chart[speedUsed - 1] ?? [])}` : '')
    : `${ship}: no speed chart (${cls ? 'none in the catalog for its class' : 'no class'}); up to 2 ` +
        `clicks a joint`;
}

const isTyping = (t: HTMLElement | null) =>
  !!t &&
  (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA') &&
  (t as HTMLInputElement).type !== 'checkbox';

/** The panel's controls and what it keeps between frames. */
class ManeuverPanel implements ManeuverUi {
  private fanShown = false;
  /** the joint the keys click (0-based) */
  private joint = 0;
  private last: { answer: ManeuverReport | undefined; chart: Chart } = { answer: undefined, chart: null };
  private shownKey = '';
  private readonly start = h(
    'button',
    { id: 'maneuver-start', title: 'lay the maneuver tool against the selected ship (key M)' },
    'Maneuver',
  );
  private readonly left = h(
    'button',
    { id: 'maneuver-side-left', title: 'tool against the left side' },
    'left side',
  );
  private readonly right = h(
    'button',
    { id: 'maneuver-side-right', title: 'tool against the right side' },
    'right side',
  );
  private readonly slower = h('button', { id: 'maneuver-speed-down', title: 'speed -1 (key -)' }, '−');
  private readonly faster = h('button', { id: 'maneuver-speed-up', title: 'speed +1 (key +)' }, '+');
  private readonly speedText = h('b', { id: 'maneuver-speed' });
  private readonly chartText = h('span', { id: 'maneuver-chart', class: 'hint' });
  private readonly joints = h('div', { id: 'maneuver-joints', class: 'row' });
  private readonly fan = h(
    'button',
    {
      id: 'maneuver-fan-toggle',
      title: 'every allowed click list at this speed and the speeds either side (key F)',
    },
    'Fan',
  );
  private readonly execute = h(
    'button',
    { id: 'maneuver-execute', title: 'move the ship (one undo step; key Enter)' },
    'Execute',
  );
  private readonly cancel = h('button', { id: 'maneuver-cancel', title: 'put the tool away' }, 'Cancel');
  private readonly zoom = h(
    'button',
    { id: 'maneuver-zoom', title: 'the view on the ship, where the maneuver ends and the tool between' },
    'Zoom to it',
  );
  private readonly verdict = h('div', { id: 'maneuver-verdict' });
  private readonly fanList = h('div', { id: 'maneuver-fan' });
  private readonly planBox: HTMLElement;
  /** Execute pressed before the plan was judged: the table it was pressed on, executed once judged */
  private runFor: Table | null = null;

  constructor(
    private readonly host: HTMLElement,
    private readonly store: AppStore,
    private readonly cmd: Commands,
    private readonly frame: (box: [number, number, number, number]) => void,
  ) {
    const { left, right, slower, faster, speedText, chartText, joints, fan, execute, cancel } = this;
    this.planBox = h(
      'div',
      { class: 'maneuver-plan', tabindex: '-1', 'aria-label': 'the maneuver planned' },
      h(
        'div',
        { class: 'row' },
        left,
        right,
        h('span', { class: 'hint' }, 'speed'),
        slower,
        speedText,
        faster,
      ),
      h('div', {}, chartText),
      joints,
      h('div', { class: 'row' }, fan, execute, cancel, this.zoom),
      this.verdict,
      this.fanList,
      h(
        'p',
        { class: 'hint keys-hint' },
        'Keys: 1-4 choose a joint, [ and ] click it left and right, + and - change speed, F the fan, Enter executes.',
      ),
    );
    host.append(
      h('style', {}, STYLE),
      h('h3', {}, 'Maneuver'),
      h('div', { class: 'row' }, this.start),
      this.planBox,
    );
    this.wire();
    window.addEventListener('keydown', (ev) => this.key(ev));
  }

  private plan() {
    return planOf(this.store.getState().table);
  }

  private edit(f: (p: Plan) => void) {
    const t = this.store.getState().table;
    const p = this.plan();
    if (!p) return;
    const next = { ship: p.ship, speed: planSpeed(t, p), clicks: [...p.clicks], side: p.side };
    f(next);
    this.cmd.change(withPlan(t, next));
  }

  private limitRow(speed: number): number[] {
    const { answer, chart } = this.last;
    const used = answer && answer.speed === speed ? answer.speedUsed : speed;
    const row = chart ? chart[used - 1] : undefined;
    return Array.from({ length: used }, (_, j) => (chart ? (row?.[j] ?? 0) : 2));
  }

  private topSpeed() {
    return this.last.chart ? this.last.chart.length : 4;
  }

  private click(j: number, d: number) {
    this.edit((p) => {
      const lim = this.limitRow(p.speed)[j];
      if (lim === undefined) return;
      p.clicks[j] = Math.max(-lim, Math.min(lim, (p.clicks[j] ?? 0) + d));
      this.joint = j;
    });
  }

  private setSpeed(d: number) {
    this.edit((p) => {
      p.speed = Math.max(0, Math.min(this.topSpeed(), p.speed + d));
      p.clicks = p.clicks.slice(0, p.speed);
      this.joint = Math.max(0, Math.min(this.joint, p.speed - 1));
    });
  }

  private begin() {
    const s = this.store.getState();
    const ship = s.selected ? s.table.ships.find((x) => x.id === s.selected) : undefined;
    if (!ship) return;
    const old = this.plan();
    if (old?.ship === ship.id) return;
    this.joint = Math.max(0, ship.speed - 1);
    this.cmd.change(
      withPlan(s.table, { ship: ship.id, speed: ship.speed, clicks: [], side: old?.side ?? 'right' }),
    );
  }

  private run() {
    const a = this.last.answer;
    if (!a) {
      // pressed before the plan as it stands is judged (the worker's answer comes after each change): it is
      // executed when the answer comes, unless the table changes first
      if (this.plan()) this.runFor = this.store.getState().table;
      return;
    }
    this.runFor = null;
    // the pieces by the names the table the plan was made on gives them
    const t = this.store.getState().table;
    this.cmd.change(executed(t, a));
    this.cmd.message('info', executedText(a, namer(t)));
  }

  /**
   * Execute or Cancel: the plan goes, and with it the button pressed; a keyboard's focus in the plan goes to
   * "Maneuver <ship>" (shown again now, as the next frame would show it: the ship is still selected).
   */
  private afterPlan(act: () => void) {
    const f = document.activeElement;
    const inPlan = !!f && this.planBox.contains(f) && f.matches(':focus-visible');
    act();
    if (!this.plan()) this.forgetShown();
    if (!inPlan || this.plan()) return;
    const s = this.store.getState();
    if (!s.selected || !s.table.ships.some((x) => x.id === s.selected)) return;
    setShown(this.start, true);
    this.start.focus({ preventScroll: true });
  }

  /** The plan put away: its verdict goes with it, not to be shown over the next plan until that is judged. */
  private forgetShown() {
    if (!this.shownKey) return;
    this.shownKey = '';
    this.verdict.replaceChildren();
    delete this.verdict.dataset.outcome;
    this.fanList.replaceChildren();
  }

  private toggleFan() {
    this.fanShown = !this.fanShown;
    this.store.setState({});
  }

  private wire() {
    this.start.addEventListener('click', () => {
      const fromKeys = document.activeElement === this.start && this.start.matches(':focus-visible');
      this.begin();
      // the button hides with the plan out: a keyboard's focus goes to the plan (shown now, as the next frame
      // would show it), whose keys (joints, clicks, speed, Enter) work from there and whose buttons Tab reaches
      if (fromKeys && this.plan()) {
        setShown(this.planBox, true);
        this.planBox.focus({ preventScroll: true });
      }
    });
    this.left.addEventListener('click', () => this.edit((p) => void (p.side = 'left')));
    this.right.addEventListener('click', () => this.edit((p) => void (p.side = 'right')));
    this.slower.addEventListener('click', () => this.setSpeed(-1));
    this.faster.addEventListener('click', () => this.setSpeed(1));
    this.fan.addEventListener('click', () => this.toggleFan());
    this.execute.addEventListener('click', () => this.afterPlan(() => this.run()));
    this.cancel.addEventListener('click', () =>
      this.afterPlan(() => this.cmd.change(withoutPlan(this.store.getState().table))),
    );
    this.zoom.addEventListener('click', () => this.zoomToPlan());
    this.joints.addEventListener('click', (ev) => {
      const b = (ev.target as HTMLElement).closest('button[data-joint]') as HTMLElement | null;
      if (b) this.click(Number(b.dataset.joint), Number(b.dataset.dir));
    });
    this.fanList.addEventListener('click', (ev) => {
      const b = (ev.target as HTMLElement).closest('[data-fan-clicks]') as HTMLElement | null;
      if (!b) return;
      const clicks = b.dataset.fanClicks ? b.dataset.fanClicks.split(',').map(Number) : [];
      const speed = Number(b.dataset.fanSpeed);
      this.edit((p) => {
        p.speed = speed;
        p.clicks = clicks;
      });
    });
  }

  private key(ev: KeyboardEvent) {
    const t = ev.target as HTMLElement | null;
    if (isTyping(t) || dialogOpen() || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 'm' || ev.key === 'M') return this.begin();
    const p = this.plan();
    if (!p) return;
    // keys pressed before the worker has answered the last change count against the plan's own speed
    const n = this.last.answer?.speedUsed ?? planSpeed(this.store.getState().table, p);
    if (ev.key >= '1' && ev.key <= '4') {
      this.joint = Math.min(Number(ev.key) - 1, Math.max(0, n - 1));
      this.store.setState({});
    } else if (ev.key === '[' || ev.key === ']') {
      if (n) this.click(Math.min(this.joint, n - 1), ev.key === '[' ? -1 : 1);
    } else if (ev.key === '+' || ev.key === '=') this.setSpeed(1);
    else if (ev.key === '-' || ev.key === '_') this.setSpeed(-1);
    else if (ev.key === 'f' || ev.key === 'F') this.toggleFan();
    // Enter executes only with no control focused: on a toggle, a link or a box it is that control's
    else if (
      ev.key === 'Enter' &&
      (!t || t === document.body || t.tagName === 'CANVAS' || t === this.planBox)
    )
      this.afterPlan(() => this.run());
    else return;
    ev.preventDefault();
  }

  /** the table's namer (src/model/names.ts), kept while the table is the same */
  private named: { t: Table | null; say: (id: string) => string } = { t: null, say: (id) => id };

  drawing(s: AppState, a: LiveAnalysis) {
    const p = planOf(s.table);
    const answer = p && answerOf(a, p.id);
    if (!p || !answer || answer.kind !== 'maneuver') return null;
    const speed = planSpeed(s.table, p);
    return { answer, fan: this.fanShown ? fanOf(a.world, p, speed) : null, speed };
  }

  /** The view framed on the ship as it stands and where the plan ends, with room for the tool and the fan. */
  private zoomToPlan() {
    const s = this.store.getState(),
      p = planOf(s.table),
      a = this.last.answer;
    const ship = p && s.table.ships.find((x) => x.id === p.ship);
    if (!ship) return;
    const xs = [ship.x, ...(a ? [a.final.x] : [])],
      ys = [ship.y, ...(a ? [a.final.y] : [])];
    const m = PLAN_MARGIN_MM;
    this.frame([Math.min(...xs) - m, Math.min(...ys) - m, Math.max(...xs) + m, Math.max(...ys) + m]);
  }

  update(s: AppState, a: LiveAnalysis) {
    const p = planOf(s.table);
    // a plan out: its section leads the phone's sheet (what the peek shows), as a chosen pair's card does
    document.body.classList.toggle('plan-out', !!p);
    const selShip = s.selected ? s.table.ships.find((x) => x.id === s.selected) : undefined;
    setShown(this.start, !!selShip && p?.ship !== selShip.id);
    // the ship by the name the labels and the verdicts give it, not its id
    if ((selShip || p) && this.named.t !== s.table) this.named = { t: s.table, say: namer(s.table) };
    setText(this.start, selShip ? `Maneuver ${this.named.say(selShip.id)}` : 'Maneuver');
    this.host.classList.toggle('empty', !p && !selShip);
    setShown(this.planBox, !!p);
    const answer = p ? answerOf(a, p.id) : undefined;
    this.last = { answer, chart: p && a.world.byId.get(p.ship) ? shipChart(a.world, p.ship) : null };
    if (!p) this.forgetShown();
    if (this.runFor && (this.runFor !== s.table || !p)) this.runFor = null;
    if (!p || !answer) return;
    if (this.runFor) {
      this.runFor = null;
      setTimeout(() => this.afterPlan(() => this.run()), 0);
    }
    // the names shown are part of what is drawn: a ship renamed writes the block again
    const names = [
      answer.ship,
      ...answer.shipsOverlapped,
      ...answer.damaged,
      ...answer.squadronsToMove,
      ...answer.nearMisses.map((n) => n.piece),
    ]
      .map(this.named.say)
      .join(',');
    // the placement precision too: it says which margins are too close to call
    const key =
      `${JSON.stringify(answer)}/${this.fanShown}/${this.joint}/${a.report.proposals.length}/${names}/` +
      `${s.precisionMm}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.showPlan(s, a, p, answer);
  }

  private showPlan(
    s: AppState,
    a: LiveAnalysis,
    p: NonNullable<ReturnType<typeof planOf>>,
    answer: ManeuverReport,
  ) {
    const speed = planSpeed(s.table, p);
    this.left.setAttribute('aria-pressed', String(p.side === 'left'));
    this.right.setAttribute('aria-pressed', String(p.side === 'right'));
    this.speedText.textContent = String(speed);
    this.slower.disabled = speed <= 0;
    this.faster.disabled = speed >= this.topSpeed();
    const ship = s.table.ships.find((x) => x.id === p.ship);
    const say = this.named.say;
    this.chartText.textContent = chartWords(this.last.chart, ship?.class, say(p.ship), answer.speedUsed);
    this.joints.replaceChildren(...jointNodes(answer.clicks, this.joint, this.limitRow(speed)));
    const v = this.verdict;
    v.dataset.outcome = maneuverOutcome(answer);
    v.dataset.legal = String(answer.legal);
    v.dataset.movedBack = String(answer.movedBack);
    v.dataset.obstacles = answer.obstacles.map((x) => x.obstacle).join(',');
    v.dataset.leaves = String(answer.leavesPlayArea);
    v.dataset.final = [answer.final.x, answer.final.y, answer.final.rotation]
      .map((x) => x.toFixed(2))
      .join(',');
    v.innerHTML = verdictHtml(answer, say, s.precisionMm, ship?.rotation);
    v.dataset.close = String(!!v.querySelector('.close-call'));
    this.fan.setAttribute('aria-pressed', String(this.fanShown));
    if (!this.fanShown) this.fanList.replaceChildren();
    else this.fanList.innerHTML = fanHtml(fanOf(a.world, p, speed), speed, answer, say);
  }
}

const answerOf = (a: LiveAnalysis, id: string) =>
  a.report.proposals.find((r) => r.id === id) as ManeuverReport | undefined;

export function buildManeuver(
  host: HTMLElement,
  store: AppStore,
  cmd: Commands,
  frame: (box: [number, number, number, number]) => void,
): ManeuverUi {
  return new ManeuverPanel(host, store, cmd, frame);
}
