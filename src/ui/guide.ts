import { CATALOG, SHIP_SIZES, type ObstacleType, type ShipSize } from '../model/catalog';
import type { Player } from '../model/table';
import {
  CAMPAIGN_EXTRAS,
  deploySpeeds,
  deployAt,
  facingOpponent,
  type Guide,
  guideStep,
  newGuide,
  newTable,
  type Pending,
  pendingFor,
  pendingSpeed,
  placeObstacle,
} from '../state/guide';
import { normaliseDeg } from '../state/pieces';
import { andList, namer } from '../model/names';
import { COARSE_DEG, FINE_DEG } from '../render/interaction';
import { dialogOpen } from '../render/keys';
import type { AppState, AppStore, Commands } from '../state/store';
import { h, option, setAttr, setShown } from './dom';

/** The heading of the piece being placed (the offered obstacle, or the pending ship); null: nothing turns. */
function heading(s: AppState): number | null {
  const g = s.guide,
    step = g && guideStep(s.table, g);
  if (!g || !step) return null;
  if (step.step === 'obstacles') return s.nextRotation;
  if (step.step !== 'deploy') return null;
  const p = pendingFor(g, step).pending;
  return p.kind === 'ship' ? (p.rotation ?? facingOpponent(step.player)) : null;
}

type DeployStep = Extract<ReturnType<typeof guideStep>, { step: 'deploy' }>;

/** An obstacle by its kind's name (a type the catalog lacks: its id). */
const obstacleName = (type: string, id: string) => CATALOG.obstacles[type as ObstacleType]?.name ?? id;

/** Whose turn to deploy and what: the piece (by its list name, or size and class), and what is left. */
function deployStatus(g: Guide, step: DeployStep): string {
  const { pending: p, piece } = pendingFor(g, step);
  const l = step.list;
  // from a list: the piece by its name (a ship's title) and its card; otherwise by size and class
  const named = piece ? `${piece.name}${piece.card !== piece.name ? ` (${piece.card})` : ''}` : null;
  const what =
    p.kind === 'ship'
      ? `${named ?? `a ${p.class ? (CATALOG.shipClasses[p.class]?.name ?? p.class) : `${p.size} ship`}`} at ` +
        `${p.rotation ?? facingOpponent(step.player)}°, speed ${pendingSpeed(p)}`
      : `${named ? `${named}, ` : ''}squadrons (${step.squadronsThisTurn} of 2 this turn)`;
  return (
    `Player ${step.player} deploys ${what}: tap inside the player ${step.player} deployment zone · ` +
    (l
      ? `from the list, ${l.shipsLeft} ship${l.shipsLeft === 1 ? '' : 's'} and ` +
        `${l.squadronsLeft} squadron${l.squadronsLeft === 1 ? '' : 's'} left`
      : `no list: "Fleet deployed" when done`)
  );
}

/**
 * New table, Clear and the guided setup panel. A tap on the bare table places the offered obstacle
 * or deploys the pending piece there (returned as `tap`); the rules judge it, and a refusal says
 * why in the panel.
 */
export function buildGuide(host: HTMLElement, store: AppStore, cmd: Commands) {
  const p = new GuidePanel(host, store, cmd);
  return {
    update: (s: AppState) => p.update(s),
    tap: (x: number, y: number) => p.tap(x, y),
    start: () => p.startGuide(),
    menu: p.menu,
  };
}

/** The Table menu and the guided setup: its controls as fields, each step of it a method. */
class GuidePanel {
  readonly get: AppStore['getState'];
  readonly last = h('div', {
    id: 'guide-last',
    class: 'hint',
    'aria-live': 'polite',
    title: 'tap to show it whole',
  });
  // New and Clear live behind a menu (the toolbar's "Table"): Clear asks first, and Undo still brings the pieces back
  readonly confirm = h('dialog', { id: 'clear-confirm' });
  readonly menu: HTMLDetailsElement;
  // the guide starts from a new table: a table with pieces on it asks first (undo brings it back either way)
  readonly confirmRow = h('div', { id: 'guide-confirm', class: 'row', style: 'display:none' });
  scrolled: { el: HTMLElement; top: number } | null = null;
  readonly status = h('div', { id: 'guide-status', class: 'guide-title' });
  readonly offers = h('div', { class: 'row', id: 'guide-offers' });
  readonly extra = h(
    'select',
    {
      id: 'guide-extra',
      title: 'a campaign obstacle an objective adds to the set',
      onchange: () => {
        const g = this.get().guide;
        if (g && this.extra.value) this.setGuide({ ...g, set: [...g.set, this.extra.value as ObstacleType] });
        this.extra.value = '';
      },
    },
    option('', 'objective adds…'),
    ...CAMPAIGN_EXTRAS.map((t) => option(t, CATALOG.obstacles[t].name)),
  );
  readonly size = h(
    'select',
    { id: 'deploy-size', title: 'ship size' },
    ...SHIP_SIZES.map((s) => option(s, `${s} ship`)),
  );
  readonly cls = h('select', { id: 'deploy-class', title: 'ship class' });
  readonly deployShip = h('button', { id: 'deploy-ship', onclick: () => this.shipNext() }, 'Ship');
  readonly deploySq = h(
    'button',
    { id: 'deploy-squadron', onclick: () => this.pend({ kind: 'squadron' }) },
    'Squadrons',
  );
  readonly doneBtn = h(
    'button',
    {
      id: 'deploy-done',
      title: 'this player has deployed the whole fleet',
      onclick: () => this.fleetDeployed(null),
    },
    'Fleet deployed',
  );
  readonly deployRow = h(
    'div',
    { class: 'row', id: 'guide-deploy' },
    this.size,
    this.cls,
    this.deployShip,
    this.deploySq,
    this.doneBtn,
  );
  readonly rotField = h('input', {
    type: 'number',
    id: 'guide-rotation',
    step: '1',
    title: 'heading of the piece being placed (degrees)',
    style: 'width:64px',
    onchange: () => {
      this.setHeading(this.rotField.valueAsNumber);
    },
  });
  readonly speedSel = h('select', {
    id: 'deploy-speed',
    title: "the ship's speed dial when deployed (a gravity rift at distance 1-2 sets it to 0)",
    onchange: () => this.speedChosen(),
  });
  readonly speedLab = h('label', {}, 'speed ', this.speedSel);
  readonly turnRow = h(
    'div',
    { class: 'row', id: 'guide-turn' },
    h(
      'button',
      {
        id: 'guide-turn-left',
        title: 'turn it 15° anticlockwise (Q; Shift+Q: 1°)',
        onclick: () => this.turn(COARSE_DEG),
      },
      '↺ 15°',
    ),
    h('label', {}, this.rotField, '°'),
    h(
      'button',
      {
        id: 'guide-turn-right',
        title: 'turn it 15° clockwise (E; Shift+E: 1°)',
        onclick: () => this.turn(-COARSE_DEG),
      },
      '↻ 15°',
    ),
    this.speedLab,
  );
  readonly end = h(
    'button',
    {
      id: 'guide-end',
      onclick: () => {
        this.setGuide(null);
        this.cmd.set({ setupMode: false });
      },
    },
    'End guide',
  );
  // what to do next first: on a phone only the top of the panel shows until it is slid up
  readonly active = h(
    'div',
    { id: 'guide-active' },
    this.status,
    this.turnRow,
    this.deployRow,
    this.offers,
    h('div', { class: 'row' }, this.extra, this.end),
  );
  shownKey = '';

  constructor(
    readonly host: HTMLElement,
    readonly store: AppStore,
    readonly cmd: Commands,
  ) {
    this.get = store.getState;
    this.last.addEventListener('click', () => this.last.classList.toggle('whole'));
    this.menu = h(
      'details',
      { id: 'table-menu', class: 'menu' },
      h('summary', { title: 'new table, guided setup, clear' }, 'Table ▾'),
      this.menuList(),
    );
    document.body.append(this.confirm);
    // a tap elsewhere closes the menu
    document.addEventListener('pointerdown', (ev) => {
      if (this.menu.open && !this.menu.contains(ev.target as Node)) this.closeMenu();
    });
    // Escape closes it back to its "Table" (the table's own Escape, which lets go of the selection, waits)
    this.menu.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Escape' || !this.menu.open) return;
      ev.preventDefault();
      ev.stopPropagation();
      this.closeMenu(true);
    });
    this.fillClasses();
    this.size.addEventListener('change', () => {
      this.fillClasses();
      this.shipNext();
    });
    this.cls.addEventListener('change', () => this.shipNext());
    // Q/E turn the piece being placed while no piece is selected (a selected piece turns as elsewhere)
    window.addEventListener('keydown', (ev) => this.onKey(ev));
    host.append(h('h3', {}, 'Setup'), this.confirmRow, this.active, this.last);
    host.dataset.step = 'none';
  }

  private setGuide(g: Guide | null) {
    this.cmd.set({ guide: g });
  }

  private say(ok: boolean, text: string) {
    this.last.textContent = text;
    this.last.dataset.ok = String(ok);
  }

  /**
   * back: a keyboard's focus in the menu goes to its "Table", not to the page's top (an item hidden as the
   * menu closes loses it), so a dialog the item opens (Clear's question) returns it there too
   */
  private closeMenu(back = false) {
    if (back && this.menu.contains(document.activeElement)) this.menu.querySelector('summary')?.focus();
    this.menu.open = false;
  }

  /** The Table menu's items: New table, New + 6 obstacles, Guided setup, Clear. */
  private menuList() {
    const { cmd, get } = this;
    const item = (id: string, title: string, text: string, run: () => void, cls = '') =>
      h(
        'button',
        {
          id,
          title,
          class: cls,
          onclick: () => {
            this.closeMenu(true);
            run();
          },
        },
        text,
      );
    return h(
      'div',
      { class: 'menu-list', id: 'new-buttons' },
      item('new-empty', 'a new empty table (undo brings back this one)', 'New table', () => {
        cmd.change(newTable(get().table, false));
        this.setGuide(null);
        this.say(true, 'New empty table. Undo brings back the one you had.');
      }),
      item(
        'new-obstacles',
        'a new table with the six core obstacles laid out beside the setup area',
        'New + 6 obstacles',
        () => {
          cmd.change(newTable(get().table, true));
          this.setGuide(null);
          this.say(true, 'The six core obstacles are laid out beside the setup area.');
        },
      ),
      item(
        'new-guided',
        'a new table (keeping the fleet lists), then obstacles and deployment turn by turn',
        'Guided setup',
        () => this.startGuide(),
      ),
      item('clear', 'remove every piece (asks first; undoable)', 'Clear…', () => this.clearAll(), 'danger'),
    );
  }

  /** Clear asks first (the dialog), then removes every piece: one undo step. */
  private clearAll() {
    const { cmd, get, confirm } = this;
    const t = get().table;
    const n = t.ships.length + t.squadrons.length + t.obstacles.length + t.tokens.length + t.proposals.length;
    if (!n) {
      this.say(true, 'The table is already empty.');
      return;
    }
    confirm.replaceChildren(
      h('p', {}, `Remove every piece from the table (${n})? Undo brings them back.`),
      h(
        'div',
        { class: 'row' },
        h(
          'button',
          {
            id: 'clear-yes',
            class: 'danger',
            onclick: () => {
              confirm.close();
              const now = get().table;
              cmd.change({ ...now, ships: [], squadrons: [], obstacles: [], tokens: [], proposals: [] });
              this.say(true, 'Cleared. Undo brings the pieces back.');
            },
          },
          'Clear the table',
        ),
        h('button', { id: 'clear-no', onclick: () => confirm.close() }, 'Keep it'),
      ),
    );
    confirm.showModal();
  }

  private ask(on: boolean) {
    this.confirmRow.style.display = on ? '' : 'none';
  }

  /** The question before the guide clears a table with `pieces` on it, and where the panel stood. */
  private askFirst(pieces: number) {
    this.doneAsked = null; // the row now holds this question
    this.confirmRow.replaceChildren(
      h(
        'span',
        { class: 'hint' },
        `This table has ${pieces} piece${pieces === 1 ? '' : 's'}: the guide starts from a new table (the fleet ` +
          `lists stay; Undo brings this one back).`,
      ),
      h(
        'button',
        {
          id: 'guide-confirm-yes',
          class: 'danger',
          onclick: () => {
            this.ask(false);
            this.startGuide(true);
          },
        },
        'Clear and start',
      ),
      h('button', { id: 'guide-confirm-no', onclick: () => this.ask(false) }, 'Keep this table'),
    );
    // the scrolling panel around the guide, and where it stood (answering may scroll it)
    let el: HTMLElement | null = this.host.parentElement;
    while (el && el.scrollHeight <= el.clientHeight) el = el.parentElement;
    this.scrolled = el ? { el, top: el.scrollTop } : null;
    this.ask(true);
    this.confirmRow.scrollIntoView?.({ block: 'nearest' });
  }

  /** the player whose "Fleet deployed" waits on the question (pieces of their list still to deploy) */
  private doneAsked: Player | null = null;

  /**
   * "Fleet deployed": the player of the turn has deployed all they will. A player whose list still has pieces
   * to deploy is asked first (a list is done by itself once it is on the table; a tap too many must not throw
   * the rest of it away). confirmed: the player who answered "stop" (the turn must still be theirs).
   */
  private fleetDeployed(confirmed: Player | null) {
    const g = this.get().guide,
      s = g && guideStep(this.get().table, g);
    this.dropDoneQuestion();
    if (!g || s?.step !== 'deploy' || (confirmed !== null && confirmed !== s.player)) return;
    const l = s.list;
    if (confirmed === null && l && l.shipsLeft + l.squadronsLeft > 0) {
      this.askDone(s.player, l.shipsLeft, l.squadronsLeft);
      return;
    }
    this.setGuide({ ...g, done: { ...g.done, [s.player]: true } });
  }

  private dropDoneQuestion() {
    if (this.doneAsked === null) return;
    this.doneAsked = null;
    this.ask(false);
  }

  /** The question before a player stops deploying with pieces of their list left. */
  private askDone(player: Player, ships: number, squadrons: number) {
    const left = andList([
      ...(ships ? [`${ships} ship${ships === 1 ? '' : 's'}`] : []),
      ...(squadrons ? [`${squadrons} squadron${squadrons === 1 ? '' : 's'}`] : []),
    ]);
    this.confirmRow.replaceChildren(
      h(
        'span',
        { class: 'hint', id: 'deploy-done-question' },
        `Player ${player}'s list still has ${left} to deploy. Stop deploying? The guide then goes on ` +
          `without them.`,
      ),
      h(
        'button',
        { id: 'deploy-done-yes', class: 'danger', onclick: () => this.fleetDeployed(player) },
        'Stop: fleet deployed',
      ),
      h('button', { id: 'deploy-done-no', onclick: () => this.dropDoneQuestion() }, 'Keep deploying'),
    );
    this.doneAsked = player;
    this.ask(true);
    this.confirmRow.scrollIntoView?.({ block: 'nearest' });
  }

  startGuide(confirmed = false): boolean {
    const { cmd, get } = this;
    const t = get().table;
    const pieces = t.ships.length + t.squadrons.length + t.obstacles.length + t.tokens.length;
    if (pieces && !confirmed) {
      this.askFirst(pieces);
      return false;
    }
    const asked = confirmed;
    this.ask(false);
    cmd.change(newTable(t, false));
    this.setGuide(newGuide());
    cmd.set({ setupMode: true });
    const lists = (get().table.fleets ?? []).map((f) => f.player).sort();
    this.say(
      true,
      'Guided setup: player 2 (the second player) places the first obstacle. Tap the table inside the green region.' +
        (lists.length
          ? ` Then each player deploys the fleet from their list ` +
            `(player${lists.length > 1 ? 's' : ''} ${lists.join(' and ')}).`
          : ''),
    );
    // the question's row is gone: the panel goes back to where it stood before the question (a phone's
    // sheet shows only its top, where whose turn it is stands)
    if (asked && this.scrolled) {
      const { el, top } = this.scrolled;
      requestAnimationFrame(() => {
        el.scrollTop = top;
      });
    }
    return true;
  }

  private fillClasses() {
    const size = this.size.value;
    this.cls.replaceChildren(
      option('', `(${size} default)`),
      ...Object.entries(CATALOG.shipClasses)
        .filter(([, c]) => c.size === size)
        .map(([id, c]) => option(id, c.name)),
    );
  }

  private pend(p: Guide['pending'][1]) {
    const g = this.get().guide,
      s = g && guideStep(this.get().table, g);
    if (!g || !s || s.step !== 'deploy') return;
    this.setGuide({ ...g, pending: { ...g.pending, [s.player]: p } });
  }

  // a new size or class keeps the heading and speed chosen (the speed is held within the new chart)
  private shipNext() {
    const g = this.get().guide,
      s = g && guideStep(this.get().table, g);
    const was = g && s?.step === 'deploy' ? g.pending[s.player] : undefined;
    const keep = was?.kind === 'ship' ? { rotation: was.rotation, speed: was.speed } : {};
    this.pend({
      kind: 'ship',
      size: this.size.value as ShipSize,
      class: this.cls.value || undefined,
      ...keep,
    });
  }

  private speedChosen() {
    const g = this.get().guide,
      s = g && guideStep(this.get().table, g);
    if (!g || s?.step !== 'deploy') return;
    const p = pendingFor(g, s).pending;
    if (p.kind === 'ship') this.pend({ ...p, speed: Number(this.speedSel.value) });
  }

  /** Turn the piece being placed to `deg` (false: nothing being placed turns). */
  private setHeading(deg: number): boolean {
    const s = this.get(),
      g = s.guide,
      step = g && guideStep(s.table, g);
    if (!g || !step || !Number.isFinite(deg)) return false;
    const r = Math.round(normaliseDeg(deg) * 10) / 10;
    if (step.step === 'obstacles') {
      this.cmd.set({ nextRotation: r });
      return true;
    }
    if (step.step !== 'deploy') return false;
    const p = pendingFor(g, step).pending;
    if (p.kind !== 'ship') return false;
    this.pend({ ...p, rotation: r });
    return true;
  }

  private turn(by: number) {
    const r = heading(this.get());
    return r !== null && this.setHeading(r + by);
  }

  private onKey(ev: KeyboardEvent) {
    const t = ev.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || dialogOpen() || this.get().selected || this.get().locked)
      return;
    const k = ev.key.toLowerCase();
    if (k !== 'q' && k !== 'e') return;
    const step = ev.shiftKey ? FINE_DEG : COARSE_DEG;
    if (this.turn(k === 'q' ? step : -step)) ev.preventDefault();
  }

  tap(x: number, y: number): boolean {
    const { cmd, get } = this;
    const s = get(),
      g = s.guide;
    if (!g || s.locked) return false;
    const step = guideStep(s.table, g);
    if (step.step === 'done') return false;
    const r =
      step.step === 'obstacles'
        ? placeObstacle(s.table, g, round2(x), round2(y), s.nextRotation, s.setupReading, s.setupEdges)
        : deployAt(s.table, g, round2(x), round2(y));
    if (!r.ok) {
      this.say(false, `Not placed: ${r.why}.`);
      return true;
    }
    cmd.change(r.table);
    // the next piece is the one Q/E turn
    if (get().selected) cmd.select(null);
    // the piece by the name its label gives it (an obstacle by its kind's name); the note after a deployment is
    // the rules' full explanation, which names the piece by its id, so the id follows the name to tie the two
    const name = namer(r.table)(r.id);
    const obstacle = r.table.obstacles.find((o) => o.id === r.id);
    this.say(
      true,
      step.step === 'obstacles'
        ? `Player ${step.player} placed ${obstacle ? `${obstacleName(obstacle.type, r.id)} (${r.id})` : r.id}.`
        : `Player ${step.player} deployed ${name === r.id ? name : `${name} (${r.id})`}: ${r.note}`,
    );
    return true;
  }

  private fillSpeeds(p: Extract<Pending, { kind: 'ship' }>) {
    this.speedSel.replaceChildren(...deploySpeeds(p.class).map((v) => option(String(v), String(v))));
    this.speedSel.value = String(pendingSpeed(p));
  }

  update(s: AppState) {
    const { host, turnRow, rotField, offers, status } = this;
    const g = s.guide;
    setShown(this.active, !!g);
    if (!g) {
      setAttr(host, 'data-step', 'none');
      this.dropDoneQuestion();
      return;
    }
    const step = guideStep(s.table, g);
    setAttr(host, 'data-step', step.step);
    const r = heading(s);
    setShown(turnRow, r !== null);
    if (r !== null && document.activeElement !== rotField && rotField.value !== String(r))
      rotField.value = String(r);
    const key = JSON.stringify([step, g.pending, g.done, s.nextRotation]);
    if (key === this.shownKey) return;
    this.shownKey = key;
    // "Fleet deployed"'s question is about the step as it was asked (a piece deployed since changes its figures)
    this.dropDoneQuestion();
    offers.replaceChildren();
    this.deployRow.style.display = step.step === 'deploy' ? '' : 'none';
    if (step.step === 'obstacles') this.showObstacles(s, g, step);
    else if (step.step === 'deploy') this.showDeploy(s, g, step);
    else {
      status.dataset.player = '';
      status.textContent = 'Setup complete: both fleets are deployed.';
    }
  }

  /** The obstacle step: whose turn, the offered obstacle and the others left to choose from. */
  private showObstacles(
    s: AppState,
    g: Guide,
    step: Extract<ReturnType<typeof guideStep>, { step: 'obstacles' }>,
  ) {
    const { status, offers, cmd } = this;
    status.dataset.player = String(step.player);
    status.textContent =
      `Player ${step.player} places ${CATALOG.obstacles[step.offered].name} at ` +
      `${s.nextRotation}° · ${step.left.length} of ${step.total} left`;
    this.speedLab.style.display = 'none';
    for (const t of new Set(step.left)) {
      offers.append(
        h(
          'button',
          {
            'data-offer': t,
            class: t === step.offered ? 'on' : '',
            onclick: () => this.setGuide({ ...g, offered: t }),
          },
          CATALOG.obstacles[t].name,
        ),
      );
    }
    if (s.nextObstacle !== step.offered || !s.setupMode)
      queueMicrotask(() => cmd.set({ nextObstacle: step.offered, setupMode: true }));
  }

  /** The deployment step: whose turn, the piece pending, its speed, and the size and class (without a list). */
  private showDeploy(s: AppState, g: Guide, step: DeployStep) {
    const { status, size, cls, deployShip, deploySq, cmd } = this;
    status.dataset.player = String(step.player);
    const { pending: p } = pendingFor(g, step);
    const l = step.list;
    size.style.display = cls.style.display = l ? 'none' : '';
    deployShip.disabled = !!l && !l.ship;
    deploySq.disabled = !!l && !l.squadron;
    status.dataset.list = l ? `${l.shipsLeft}/${l.squadronsLeft}` : '';
    this.speedLab.style.display = p.kind === 'ship' ? '' : 'none';
    if (p.kind === 'ship') this.fillSpeeds(p);
    status.textContent = deployStatus(g, step);
    deployShip.classList.toggle('on', p.kind === 'ship');
    deploySq.classList.toggle('on', p.kind === 'squadron');
    if (p.kind === 'ship') {
      if (size.value !== p.size) {
        size.value = p.size;
        this.fillClasses();
      }
      cls.value = p.class ?? '';
    }
    if (s.setupMode) queueMicrotask(() => cmd.set({ setupMode: false }));
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;
