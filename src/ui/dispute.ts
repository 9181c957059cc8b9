import { zonesOf } from '../model/catalog';
import { pieceNames, sideName } from '../model/names';
import type { AttackReport, XY } from '../model/report';
import type { Table } from '../model/table';
import { type Dispute, disputeOf, type LoupeFocus } from '../rules/attacks/dispute';
import type { LiveAnalysis } from '../state/analysis';
import { attacksOf } from '../rules/attacks/table';
import type { AppState, AppStore, Commands } from '../state/store';
import { css, GRAZE, LOS, OVERLAP, PLAYER, SELECT } from '../render/colours';
import { shareLink } from './controls';
import { capText, escapeHtml as e, h, option, shareOrCopy } from './dom';
import { dicePool, diceWords } from '../rules/attacks/dice';

/** What the card needs from the canvas: magnified pictures of table places, and the view framed. */
export interface LoupeSource {
  /** pictures of the table, each around `at`, `spanMm` across, `w` x `h` CSS px (null: not available) */
  pictures(shots: { at: XY; spanMm: number; w: number; h: number }[]): (HTMLCanvasElement | null)[];
  /** zoom the canvas to the table box [x0, y0, x1, y1] (mm): a pair chosen is framed */
  frame?(box: [number, number, number, number]): void;
  /** back to the whole table */
  whole?(): void;
}

/** Life size on a screen: CSS px per mm (96 px to the inch). A loupe's magnification is against it. */
const LIFE_PX_PER_MM = 96 / 25.4;

const LOUPE_W = 176,
  LOUPE_H = 132;
const f2 = (v: number) => (Math.round(v * 100) / 100).toFixed(2);

/** The names of a table's pieces (src/model/names.ts), kept for the table they were made for. */
let namesOf: { t: Table | null; names: Map<string, string> } = { t: null, names: new Map() };
const names = (t: Table) => {
  if (namesOf.t !== t) namesOf = { t, names: pieceNames(t) };
  return namesOf.names;
};
/** A side of an attack in players' words: "Warlord front", "CR90 rear", a squadron's name. */
export const sideWords = (t: Table, key: string) => sideName(names(t), key);
const sideLabel = (t: Table, key: string) => {
  const player =
    t.ships.find((s) => s.id === key.split('.')[0])?.player ?? t.squadrons.find((q) => q.id === key)?.player;
  return `${sideWords(t, key)} (player ${player ?? '?'})`;
};

/** The table box (mm) that frames an attack: both pieces and its lines, with a margin, at least 160 mm across. */
export function attackBox(
  a: LiveAnalysis,
  attacker: string,
  defender: string,
  attack: AttackReport | null,
): [number, number, number, number] | null {
  const xs: number[] = [],
    ys: number[] = [];
  for (const side of [attacker, defender]) {
    const e = a.world.byId.get(side.split('.')[0]);
    if (!e) return null;
    const s = e.kind === 'ship' ? e.shapes.base : e.kind === 'obstacle' ? e.outline : e.circle;
    if (s.kind === 'circle') {
      xs.push(s.cx - s.r, s.cx + s.r);
      ys.push(s.cy - s.r, s.cy + s.r);
    } else {
      xs.push(s.minX, s.maxX);
      ys.push(s.minY, s.maxY);
    }
  }
  for (const p of attack ? [...attack.losLine, ...(attack.rangeLine ?? [])] : []) {
    xs.push(p[0]);
    ys.push(p[1]);
  }
  let x0 = Math.min(...xs),
    x1 = Math.max(...xs),
    y0 = Math.min(...ys),
    y1 = Math.max(...ys);
  const m = 0.12 * Math.max(x1 - x0, y1 - y0) + 20;
  x0 -= m;
  x1 += m;
  y0 -= m;
  y1 += m;
  const grow = (lo: number, hi: number): [number, number] =>
    hi - lo >= 160 ? [lo, hi] : [(lo + hi) / 2 - 80, (lo + hi) / 2 + 80];
  [x0, x1] = grow(x0, x1);
  [y0, y1] = grow(y0, y1);
  return [x0, y0, x1, y1];
}

/** Every attacker of the table: each ship's hull zones, each squadron. */
const attackersOf = (t: Table) => [
  ...t.ships.flatMap((s) => zonesOf(s.size).map((z) => `${s.id}.${z}`)),
  ...t.squadrons.map((q) => q.id),
];
const possible = (a: AttackReport) => a.inArc && a.range !== 'beyond';

/**
 * The card's details: what the verdict rests on (a class edit, a reading: once each), each topic's
 * margins, and the full explanation.
 */
export function detailsHtml(dispute: Dispute, attack: AttackReport): string {
  const section = (title: string, topic: string) => {
    const ms = dispute.margins.filter((m) => m.topic === topic);
    if (!ms.length) return '';
    return `<div class="margin-group" data-topic="${topic}"><b>${title}</b><ul>${ms
      .map(
        (m) =>
          `<li class="${m.decides ? 'decides' : ''}${m.close ? ' close' : ''}" data-mm="${m.mm}"` +
          `>${e(m.text)}${m.close ? ' <span class="flag">close call</span>' : ''}</li>`,
      )
      .join('')}</ul></div>`;
  };
  const arcLine = attack.attacker.includes('.')
    ? ''
    : '<div class="margin-group" data-topic="arc"><b>Arc</b><ul><li>a squadron attacks all around (360 ' +
      'degrees)</li></ul></div>';
  const readings = dispute.readings?.length
    ? `<div class="readings"><b>Depends on a ` +
      `reading</b><ul>${dispute.readings.map((r) => `<li>${e(r)}</li>`).join('')}</ul></div>`
    : '';
  const edit = dispute.classEdit
    ? `<div class="readings class-edit" data-changes="${dispute.classEdit.changes}"><b` +
      `>${dispute.classEdit.changes ? 'The class edit changes this verdict' : 'Rests on a class edit'}</b><ul><li` +
      `>${e(dispute.classEdit.text)}</li></ul></div>`
    : '';
  const topics = section('Arc', 'arc') + section('Range', 'range') + section('Line of sight', 'los');
  const why = `<details class="why"><summary>The full explanation</summary>${e(capText(attack.why, 20_000))}</details>`;
  return edit + readings + arcLine + topics + why;
}

/** The chosen attack from the analysis (null: not chosen, or not judged yet). */
export function chosenAttack(s: AppState, a: LiveAnalysis): AttackReport | null {
  if (!s.attacker || !s.defender) return null;
  // the attacker's rows only (a find over the report's lazy list builds every attack before it)
  return attacksOf(a.report.attacks, s.attacker).find((r) => r.defender === s.defender) ?? null;
}

/** The attack's dice pool at its range, from the attacker's card (an attack that can be made). */
function diceHtml(a: LiveAnalysis, attack: AttackReport): string {
  if (!attack.inArc || attack.range === 'beyond' || attack.los === 'blocked') return '';
  const pool = dicePool(a.world, attack);
  if (!pool) return '<p class="dice">Dice: the attacker names no card (a fleet list sets it).</p>';
  return (
    `<p class="dice" data-dice="${pool.dice.join(',')}"><b>Dice: ${e(diceWords(pool.dice))}</b> ` +
    `<span class="why">(${e(pool.card)}${pool.assumed ? ', assumed: the ship names no card' : ''}: ` +
    `${e(pool.why)})</span></p>`
  );
}

/** What the card says while no attack is judged: what to tap next, or that it is being judged ('' when judged). */
function pairHint(s: AppState, attack: AttackReport | null): string {
  return !s.attacker
    ? 'Tap an attacker (a hull zone or a squadron), then a defender: the second tap picks the defender. Or use the ' +
        'pickers.'
    : !s.defender
      ? `Attacker ${sideWords(s.table, s.attacker)}. Now tap an enemy hull zone or squadron to pick the defender.`
      : !attack
        ? `${sideWords(s.table, s.attacker)} → ${sideWords(s.table, s.defender)}: being judged…`
        : '';
}

/**
 * Why the defender's hull zone is not the one tapped (a tap near several picks the one the attack is best
 * against: state/store.ts tap), and how to reach the one tapped; '' when the tap chose the zone under it.
 */
export function tapFacingText(s: AppState): string {
  const f = s.tapFacing;
  if (!f || f.table !== s.table || f.attacker !== s.attacker || f.defender !== s.defender) return '';
  const words = (k: string) => sideWords(s.table, k);
  const zone = f.under?.split('.')[1];
  return (
    `${words(f.defender)} chosen: it faces ${words(f.attacker)}.` +
    (zone ? ` Your tap was on its ${zone}: tap the ${zone} again to choose it.` : '')
  );
}

/**
 * The card's top: the verdict (and a close call under it), why the defender's zone is not the one tapped
 * (`note`, html), what it means at the table, the dice, that it is not a close call, and the facts.
 */
function summaryHtml(
  a: LiveAnalysis,
  attack: AttackReport,
  dispute: Dispute,
  precisionMm: number,
  note: string,
): string {
  // a close call said first, in the verdict's own line (a phone's peek shows that line: the verdict alone would
  // read as settled), then in full right under it
  return (
    `<p class="headline">${dispute.closeCall ? '<b class="close-flag">Too close to call:</b> ' : ''}` +
    `${e(dispute.headline)}</p>` +
    (dispute.closeCall ? `<p class="close-call">${e(dispute.closeText)}</p>` : '') +
    note +
    `<p class="meaning">${e(dispute.meaning.atTable)}</p>` +
    diceHtml(a, attack) +
    (dispute.closeCall
      ? ''
      : `<p class="not-close">Not a close call at ${f2(precisionMm)} mm placement ` +
        `precision${dispute.photo ? " (or the photo's uncertainty)" : ''}.</p>`) +
    (dispute.restsOn ? `<p class="rests-on">${e(dispute.restsOn)}</p>` : '') +
    (dispute.estimate ? `<p class="estimate">${e(dispute.estimate)}</p>` : '') +
    (dispute.photo ? `<p class="photo-source">Positions ${e(dispute.photo)}.</p>` : '') +
    `<p class="facts">${attack.inArc ? 'in arc' : 'out of arc'} · ` +
    `${attack.range === 'distance-1' ? 'distance 1' : e(attack.range)}` +
    `${attack.rangeMm !== null ? ` (${f2(attack.rangeMm)} mm)` : ''} · line of sight ` +
    `${e(attack.los)}</p>`
  );
}

/** The attackers and defenders the pickers offer: the possible ones, or every one (`allAttacks`). */
function pickerChoices(s: AppState, a: LiveAnalysis): { attackers: string[]; defenders: string[] } {
  const full = !a.live;
  const judged = (att: string) => attacksOf(a.report.attacks, att);
  const attackers = attackersOf(s.table).filter(
    (k) => s.allAttacks || !full || judged(k).some(possible) || k === s.attacker,
  );
  const defenders = s.attacker
    ? judged(s.attacker)
        .filter((r) => s.allAttacks || possible(r) || r.defender === s.defender)
        .map((r) => r.defender)
    : [];
  return { attackers, defenders };
}

/** One loupe on the card: the magnified picture, its millimetre scale bar and its caption. */
function loupeFigure(f: LoupeFocus, mag: number, pic: HTMLCanvasElement): HTMLElement {
  pic.className = 'loupe-picture';
  const bar = scaleBar(mag * LIFE_PX_PER_MM);
  return h(
    'figure',
    { class: 'loupe', 'data-topic': f.topic, 'data-magnification': mag.toFixed(0) },
    pic,
    h('div', { class: 'scale-bar', style: `width:${bar.px.toFixed(1)}px` }, h('span', {}, `${bar.mm} mm`)),
    h('figcaption', {}, `${f.label} · ${mag.toFixed(0)}x`),
  );
}

/** The switches over the pickers: all attacks, lock pieces, and the placement precision. */
function disputeSwitches(store: AppStore, cmd: Commands) {
  const lock = h('input', {
    type: 'checkbox',
    id: 'lock-pieces',
    onchange: () => cmd.set({ locked: lock.checked }),
  });
  const all = h('input', {
    type: 'checkbox',
    id: 'all-attacks',
    onchange: () => cmd.set({ allAttacks: all.checked }),
  });
  const precision = h('input', {
    type: 'number',
    id: 'precision',
    min: '0.05',
    max: '20',
    step: '0.1',
    value: 1,
    title: 'placement precision: how exactly pieces are placed by hand (mm)',
    onchange: () => {
      const v = precision.valueAsNumber;
      if (Number.isFinite(v) && v > 0 && v <= 20) cmd.set({ precisionMm: v });
      else precision.value = String(store.getState().precisionMm);
    },
  });
  const bar = h(
    'div',
    { class: 'dispute-bar' },
    h(
      'label',
      { title: 'list every attack, not only the possible ones (in arc and in range)' },
      all,
      ' all attacks',
    ),
    h(
      'label',
      { title: 'taps select, nothing moves: the table is read-only while you look at a dispute' },
      lock,
      ' lock pieces',
    ),
    h(
      'label',
      { title: 'a deciding margin below this is too close to call on the table' },
      'precision ',
      precision,
      ' mm',
    ),
  );
  return { lock, all, precision, bar };
}

/** The pair strip: who attacks whom, in names, with a swap; taps can change it but never silently invert it. */
function pairStrip(store: AppStore, cmd: Commands, loupes: LoupeSource) {
  const pairText = h('span', { class: 'pair-text', id: 'pair-text' });
  const share = h('button', { id: 'share-attack', title: 'a link that opens on this attack' }, 'Share');
  const swap = h(
    'button',
    {
      id: 'swap-pair',
      title: 'swap attacker and defender',
      onclick: () => {
        const { attacker, defender } = store.getState();
        if (attacker && defender) cmd.setPair(defender, attacker);
      },
    },
    '⇄ Swap',
  );
  const whole = h(
    'button',
    { id: 'whole-table', title: 'zoom out to the whole table', onclick: () => loupes.whole?.() },
    'Whole table',
  );
  const held = h(
    'span',
    {
      id: 'pieces-held',
      class: 'held',
      title: 'while a pair is chosen, a finger pans the table; press and hold a piece to move it',
    },
    'held: a drag pans, press and hold to move',
  );
  const strip = h('div', { id: 'pair-strip' }, pairText, swap, share, whole, held);
  return { pairText, share, swap, strip };
}

/**
 * The dispute card (#attack-verdict) and its pickers: one attack, chosen by two taps or two
 * pickers, with its verdict, margins, close calls and loupes. Self-contained (its own element
 * and CSS block, in index.html under "dispute card") so it moves with the page layout.
 */
export function buildDispute(host: HTMLElement, store: AppStore, cmd: Commands, loupes: LoupeSource) {
  const card = new DisputeCard(host, store, cmd, loupes);
  return (s: AppState, a: LiveAnalysis) => card.update(s, a);
}

/** The dispute card's controls as fields, what it shows now, and each step of showing it a method. */
class DisputeCard {
  readonly switches: ReturnType<typeof disputeSwitches>;
  readonly pair: ReturnType<typeof pairStrip>;
  readonly pickA = h('select', {
    id: 'pick-attacker',
    title: 'attacker',
    onchange: () => this.cmd.setPair(this.pickA.value || null, null),
  });
  readonly pickD = h('select', {
    id: 'pick-defender',
    title: 'defender',
    onchange: () => this.cmd.setPair(this.store.getState().attacker, this.pickD.value || null),
  });
  // the card: what was decided and the loupes first (a phone shows the top of it), then the margins
  readonly summary = h('div', { class: 'summary', 'aria-live': 'polite' });
  readonly loupeRow = h('div', { class: 'loupes', id: 'loupes' });
  readonly details = h('div', { class: 'details' });
  readonly card = h('div', { id: 'attack-verdict' }, this.summary, this.loupeRow, this.details);
  readonly save = h(
    'button',
    { id: 'save-attack', title: 'a picture of the card, the table around the attack and the loupes' },
    'Save as picture',
  );
  readonly clear = h(
    'button',
    {
      id: 'clear-pair',
      title: 'choose another attack',
      onclick: () => {
        this.cmd.setPair(null, null);
        // the button goes with the pair: a keyboard player goes on from the attacker picker, not the page's top
        if (document.activeElement === this.clear || document.activeElement === document.body)
          document.getElementById('pick-attacker')?.focus();
      },
    },
    'New pair',
  );
  readonly link = h('input', { id: 'attack-link', readonly: true, placeholder: 'link to this ruling' });
  readonly actions = h('div', { class: 'dispute-actions' }, this.save, this.clear);

  current: {
    attack: AttackReport | null;
    precision: number;
    dispute: Dispute | null;
    hint: string;
    facing: string;
    table: Table | null;
  } = { attack: null, precision: 1, dispute: null, hint: '', facing: '', table: null };
  pickerKey = '';
  loupeKey = '';
  pickerInputs: unknown[] = [];
  shownPair = '';
  stripKey = '';
  framed = '';

  constructor(
    readonly host: HTMLElement,
    readonly store: AppStore,
    readonly cmd: Commands,
    readonly loupes: LoupeSource,
  ) {
    this.switches = disputeSwitches(store, cmd);
    this.pair = pairStrip(store, cmd, loupes);
    host.append(
      this.pair.strip,
      h('h3', {}, 'Dispute: one attack'),
      h(
        'div',
        { class: 'dispute-pickers' },
        h('label', {}, 'attacker', this.pickA),
        h('label', {}, 'defender', this.pickD),
      ),
      this.switches.bar,
      this.card,
      this.actions,
      this.link,
      legend(),
    );
    this.pair.share.addEventListener('click', () => this.shareRuling());
    this.save.addEventListener('click', () => {
      const d = this.current.dispute;
      if (d && this.current.attack)
        savePicture(d, this.current.attack, loupes, [...this.loupeRow.querySelectorAll('figure')]);
    });
  }

  private async shareRuling() {
    const s = this.store.getState();
    if (!s.attacker || !s.defender) return;
    const link = this.link;
    link.value = shareLink(s.table, { attacker: s.attacker, defender: s.defender });
    link.style.display = '';
    link.select();
    await shareOrCopy(link.value, 'Armada ruling', (t) => this.cmd.message('info', t), 'Link to this ruling');
  }

  private fillPickers(s: AppState, a: LiveAnalysis) {
    const inputs = [a.report, s.table, s.attacker, s.defender, s.allAttacks];
    if (inputs.every((v, i) => v === this.pickerInputs[i])) return;
    this.pickerInputs = inputs;
    const { attackers, defenders } = pickerChoices(s, a);
    const key = JSON.stringify([
      attackers,
      defenders,
      s.attacker,
      s.defender,
      s.table.ships.length,
      s.table.squadrons.length,
    ]);
    if (key === this.pickerKey) return;
    this.pickerKey = key;
    this.pickA.replaceChildren(
      option('', attackers.length ? 'choose an attacker…' : 'no attack possible (tick "all attacks")'),
      ...attackers.map((k) => option(k, sideLabel(s.table, k), k === s.attacker)),
    );
    this.pickD.replaceChildren(
      option(
        '',
        !s.attacker
          ? '(choose the attacker first)'
          : defenders.length
            ? 'choose a defender…'
            : 'no possible target (tick "all attacks")',
      ),
      ...defenders.map((k) => option(k, sideLabel(s.table, k), k === s.defender)),
    );
    this.pickA.value = s.attacker ?? '';
    this.pickD.value = s.defender ?? '';
  }

  private renderCard(s: AppState, a: LiveAnalysis) {
    const { card, summary, details, current } = this;
    const attack = chosenAttack(s, a);
    const hint = pairHint(s, attack);
    const facing = tapFacingText(s);
    const note = facing ? `<p class="tap-facing">${e(facing)}</p>` : '';
    if (
      attack === current.attack &&
      s.precisionMm === current.precision &&
      hint === current.hint &&
      facing === current.facing &&
      // no attack chosen: the card is the hint alone, whatever the table (a drag step changes it)
      (s.table === current.table || !attack)
    )
      return false;
    const dispute = attack ? disputeOf(a.world, attack, s.precisionMm, (k) => sideWords(s.table, k)) : null;
    this.current = { attack, precision: s.precisionMm, dispute, hint, facing, table: s.table };
    for (const k of ['attacker', 'defender', 'los', 'range', 'inArc', 'closeCall', 'kind'])
      delete card.dataset[k];
    this.actions.style.display = dispute ? '' : 'none';
    if (!attack || !dispute) {
      card.className = 'empty';
      summary.innerHTML = note + `<p class="hint">${e(hint)}</p>`;
      details.innerHTML = '';
      return true;
    }
    Object.assign(card.dataset, {
      attacker: attack.attacker,
      defender: attack.defender,
      los: attack.los,
      range: attack.range,
      inArc: String(attack.inArc),
      closeCall: String(dispute.closeCall),
      kind: dispute.kind,
    });
    card.className = `kind-${dispute.kind}${dispute.closeCall ? ' close' : ''}`;
    summary.innerHTML = summaryHtml(a, attack, dispute, s.precisionMm, note);
    details.innerHTML = `<p class="rule">Rule: ${e(dispute.meaning.rule)}</p>` + detailsHtml(dispute, attack);
    return true;
  }

  private renderLoupes(s: AppState, a: LiveAnalysis) {
    const d = this.current.dispute;
    const key = d && !s.gestureStart ? JSON.stringify([d.loupes, a.table === s.table]) : 'none';
    if (key === this.loupeKey) return;
    this.loupeKey = key;
    this.loupeRow.replaceChildren();
    if (!d || s.gestureStart) return;
    const mags = d.loupes.map(magnification);
    const pics = this.loupes.pictures(
      d.loupes.map((f, i) => ({
        at: f.at,
        spanMm: LOUPE_W / (mags[i] * LIFE_PX_PER_MM),
        w: LOUPE_W,
        h: LOUPE_H,
      })),
    );
    d.loupes.forEach((f, i) => {
      const pic = pics[i];
      if (pic) this.loupeRow.append(loupeFigure(f, mags[i], pic));
    });
  }

  private renderStrip(s: AppState) {
    const { strip, pairText, swap, share } = this.pair;
    // keyed on the words it shows (not on every piece: a drag step changes none of them)
    const words = (k: string | null) => (k ? sideWords(s.table, k) : '');
    const key = `${s.attacker}\u0000${s.defender}\u0000${words(s.attacker)}\u0000${words(s.defender)}`;
    if (key === this.stripKey) return;
    this.stripKey = key;
    strip.hidden = !s.attacker;
    if (!s.attacker) return;
    pairText.dataset.attacker = s.attacker;
    pairText.dataset.defender = s.defender ?? '';
    pairText.innerHTML =
      `<b class="attacker">${e(sideWords(s.table, s.attacker))}</b> → ` +
      (s.defender ? `<b class="defender">${e(sideWords(s.table, s.defender))}</b>` : '<i>tap an enemy</i>');
    swap.disabled = share.disabled = !s.defender;
  }

  /** A pair chosen: the page leads with it, and the view frames it once. */
  private showPair(s: AppState, a: LiveAnalysis) {
    // a pair chosen: on a phone the sheet leads with its verdict card (index.html), scrolled to its top
    const chosen = s.attacker && s.defender ? `${s.attacker}>${s.defender}` : '';
    if (chosen !== this.shownPair) {
      this.shownPair = chosen;
      document.body.classList.toggle('pair-chosen', !!chosen);
      if (chosen) this.host.closest('aside')?.scrollTo({ top: 0 });
    }
    // a new pair is framed once (both pieces and the lines), never under a finger that is still down (a drag
    // that picked it would land elsewhere); a drag or a pan afterwards keeps the player's view
    // (judge by eye frames its own situations, below its bar: body.drilling)
    const viewHeld = document.body.classList.contains('drilling');
    if (chosen && chosen !== this.framed && !s.gestureStart && !document.body.dataset.pressing && !viewHeld) {
      const box = attackBox(a, s.attacker!, s.defender!, chosenAttack(s, a));
      if (box) {
        this.framed = chosen;
        this.loupes.frame?.(box);
      }
    }
    if (!chosen) this.framed = '';
  }

  update(s: AppState, a: LiveAnalysis) {
    const { lock, all, precision } = this.switches;
    this.showPair(s, a);
    this.renderStrip(s);
    if (lock.checked !== s.locked) lock.checked = s.locked;
    if (all.checked !== s.allAttacks) all.checked = s.allAttacks;
    // an input's value written is a style pass, the same value too
    const mm = String(s.precisionMm);
    if (document.activeElement !== precision && precision.value !== mm) precision.value = mm;
    if (!s.gestureStart) this.fillPickers(s, a);
    this.renderCard(s, a);
    this.renderLoupes(s, a);
  }
}

/** The loupe's magnification over life size: enough to show the margin, 10x to 50x. */
function magnification(f: LoupeFocus): number {
  const want = LOUPE_W / (f.spanMm * LIFE_PX_PER_MM);
  return Math.min(50, Math.max(10, want));
}

/** A scale bar of a round number of mm, 30-90 px long. */
function scaleBar(pxPerMm: number): { mm: number; px: number } {
  for (const mm of [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50])
    if (mm * pxPerMm >= 30) return { mm, px: mm * pxPerMm };
  return { mm: 50, px: 50 * pxPerMm };
}

/** The legend: every colour and line style the canvas uses for attacks and pieces. */
function legend(): HTMLElement {
  const line = (c: number, style: string, text: string, extra = '') =>
    `<li><span class="swatch line" style="border-top:3px ${style} ${css(c)}${extra}"></span>${e(text)}</li>`;
  const box = (c: number, text: string) =>
    `<li><span class="swatch box" style="border:2px solid ${css(c)}"></span>${e(text)}</li>`;
  const el = h('details', { id: 'legend', class: 'legend' });
  el.innerHTML =
    '<summary>Legend</summary><ul>' +
    line(LOS.clear, 'solid', 'line of sight: clear') +
    line(LOS.obstructed, 'solid', 'line of sight: obstructed') +
    line(LOS.blocked, 'solid', 'line of sight: blocked (another hull zone of the defender)') +
    line(LOS.dust, 'solid', 'line of sight: across dust (no attack)') +
    line(0xffffff, 'dashed', 'range line (measured from the attacking hull zone or squadron)') +
    line(0xffffff, 'solid', 'the chosen attack: thick, outlined in black, labelled; the others faint') +
    line(0xffe066, 'solid', 'band end on the chosen range line (tick)') +
    box(LOS.obstructed, 'piece that obstructs a shown line') +
    box(GRAZE, 'piece a shown line grazes or nearly misses') +
    box(OVERLAP, 'piece overlapping an obstacle') +
    box(SELECT, 'selected piece (round handle: turn)') +
    box(PLAYER[1], 'player 1 (filled hull zone: the attacker)') +
    box(PLAYER[2], 'player 2') +
    line(0xffffff, 'solid', 'arc lines printed on the ship token') +
    '</ul>';
  return el;
}

/** The table around the attack's lines, 560 by 420 px (null: no picture). */
function regionPicture(attack: AttackReport, src: LoupeSource): HTMLCanvasElement | null {
  const pts = [...attack.losLine, ...(attack.rangeLine ?? [])];
  const xs = pts.map((p) => p[0]),
    ys = pts.map((p) => p[1]);
  const extent = Math.max(
    Math.max(...xs) - Math.min(...xs),
    ((Math.max(...ys) - Math.min(...ys)) * 4) / 3,
    40,
  );
  const [region] = src.pictures([
    {
      at: [(Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2],
      spanMm: extent * 1.4,
      w: 560,
      h: 420,
    },
  ]);
  return region;
}

/** The loupes in a row from (x, y), each with its millimetre scale bar and caption, as on the card. */
function drawLoupes(
  ctx: CanvasRenderingContext2D,
  loupeCanvases: HTMLCanvasElement[],
  figures: Element[],
  x: number,
  y: number,
) {
  const caps = figures.map(
    (f) =>
      `${f.querySelector('figcaption')?.textContent ?? ''} · bar ${f.querySelector('.scale-bar')?.textContent ?? ''}`,
  );
  loupeCanvases.forEach((c, i) => {
    ctx.drawImage(c, x, y, LOUPE_W, LOUPE_H);
    // the loupe's millimetre scale bar, as on the card
    const bar = parseFloat(
      (figures[i]?.querySelector('.scale-bar') as HTMLElement | null)?.style.width ?? '',
    );
    if (bar > 0) {
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(x + 8, y + LOUPE_H - 20);
      ctx.lineTo(x + 8, y + LOUPE_H - 14);
      ctx.lineTo(x + 8 + bar, y + LOUPE_H - 14);
      ctx.lineTo(x + 8 + bar, y + LOUPE_H - 20);
      ctx.stroke();
    }
    ctx.font = '11px system-ui, sans-serif';
    ctx.fillText(caps[i] ?? '', x, y + LOUPE_H + 14);
    x += LOUPE_W + 10;
  });
}

/** A canvas downloaded as a PNG file of this name. */
function downloadPng(out: HTMLCanvasElement, name: string) {
  out.toBlob((blob) => {
    if (!blob) return;
    const a = h('a', { href: URL.createObjectURL(blob), download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }, 'image/png');
}

/** A PNG of the card (as text), the table around the attack and the loupes, downloaded. */
function savePicture(d: Dispute, attack: AttackReport, src: LoupeSource, figures: Element[]) {
  const W = 900,
    pad = 16;
  const region = regionPicture(attack, src);
  const loupeCanvases = figures
    .map((f) => f.querySelector('canvas'))
    .filter((c): c is HTMLCanvasElement => !!c);
  const out = document.createElement('canvas');
  const ctx0 = out.getContext('2d');
  if (!ctx0) return;
  const textLines = wrap(
    ctx0,
    [
      d.headline,
      d.closeText || 'Not a close call.',
      ...(d.restsOn ? [d.restsOn] : []),
      ...d.margins.map((m) => `${m.topic}: ${m.text}${m.close ? ' (close call)' : ''}`),
    ],
    W - 2 * pad,
  );
  const loupeH = loupeCanvases.length ? LOUPE_H + 24 : 0;
  out.width = W;
  out.height = pad + textLines.length * 18 + pad + (region ? 420 + pad : 0) + loupeH + pad;
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = '#14181d';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = '#e6e9ec';
  ctx.font = '14px system-ui, sans-serif';
  let y = pad + 12;
  for (const l of textLines) {
    ctx.fillText(l, pad, y);
    y += 18;
  }
  y += pad - 12;
  if (region) {
    ctx.drawImage(region, pad, y, 560, 420);
    y += 420 + pad;
  }
  drawLoupes(ctx, loupeCanvases, figures, pad, y);
  downloadPng(out, `attack-${d.attacker}-${d.defender}.png`);
}

function wrap(ctx: CanvasRenderingContext2D, paras: string[], width: number): string[] {
  ctx.font = '14px system-ui, sans-serif';
  const out: string[] = [];
  for (const p of paras) {
    let line = '';
    for (const w of p.split(' ')) {
      const t = line ? `${line} ${w}` : w;
      if (ctx.measureText(t).width > width && line) {
        out.push(line);
        line = w;
      } else line = t;
    }
    out.push(line);
  }
  return out;
}
