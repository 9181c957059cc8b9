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
import { COARSE_DEG, FINE_DEG } from '../render/interaction';
import type { AppState, AppStore, Commands } from '../state/store';
import { h, option } from './dom';

/**
 * New table, Clear and the guided setup panel. A tap on the bare table places the offered obstacle
 * or deploys the pending piece there (returned as `tap`); the rules judge it, and a refusal says
 * why in the panel.
 */
export function buildGuide(host: HTMLElement, store: AppStore, cmd: Commands) {
  const get = store.getState;
  const setGuide = (g: Guide | null) => cmd.set({ guide: g });
  const last = h('div', {
    id: 'guide-last',
    class: 'hint',
    'aria-live': 'polite',
    title: 'tap to show it whole',
  });
  last.addEventListener('click', () => last.classList.toggle('whole'));
  const say = (ok: boolean, text: string) => {
    last.textContent = text;
    last.dataset.ok = String(ok);
  };

  // New and Clear live behind a menu (the toolbar's "Table"): Clear asks first, and Undo still brings the pieces back
  const confirm = h('dialog', { id: 'clear-confirm' });
  const closeMenu = () => {
    menu.open = false;
  };
  const item = (id: string, title: string, text: string, run: () => void, cls = '') =>
    h(
      'button',
      {
        id,
        title,
        class: cls,
        onclick: () => {
          closeMenu();
          run();
        },
      },
      text,
    );
  const clearAll = () => {
    const t = get().table;
    const n = t.ships.length + t.squadrons.length + t.obstacles.length + t.tokens.length + t.proposals.length;
    if (!n) {
      say(true, 'The table is already empty.');
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
              say(true, 'Cleared. Undo brings the pieces back.');
            },
          },
          'Clear the table',
        ),
        h('button', { id: 'clear-no', onclick: () => confirm.close() }, 'Keep it'),
      ),
    );
    confirm.showModal();
  };
  const start = h(
    'div',
    { class: 'menu-list', id: 'new-buttons' },
    item('new-empty', 'a new empty table (undo brings back this one)', 'New table', () => {
      cmd.change(newTable(get().table, false));
      setGuide(null);
      say(true, 'New empty table. Undo brings back the one you had.');
    }),
    item(
      'new-obstacles',
      'a new table with the six core obstacles laid out beside the setup area',
      'New + 6 obstacles',
      () => {
        cmd.change(newTable(get().table, true));
        setGuide(null);
        say(true, 'The six core obstacles are laid out beside the setup area.');
      },
    ),
    item(
      'new-guided',
      'a new table (keeping the fleet lists), then obstacles and deployment turn by turn',
      'Guided setup',
      () => startGuide(),
    ),
    item('clear', 'remove every piece (asks first; undoable)', 'Clear…', clearAll, 'danger'),
  );
  const menu = h(
    'details',
    { id: 'table-menu', class: 'menu' },
    h('summary', { title: 'new table, guided setup, clear' }, 'Table ▾'),
    start,
  );
  document.body.append(confirm);
  // a tap elsewhere closes the menu
  document.addEventListener('pointerdown', (ev) => {
    if (menu.open && !menu.contains(ev.target as Node)) closeMenu();
  });

  // the guide starts from a new table: a table with pieces on it asks first (undo brings it back either way)
  const confirmRow = h('div', { id: 'guide-confirm', class: 'row', style: 'display:none' });
  const ask = (on: boolean) => {
    confirmRow.style.display = on ? '' : 'none';
  };
  let scrolled: { el: HTMLElement; top: number } | null = null;
  function startGuide(confirmed = false): boolean {
    const t = get().table;
    const pieces = t.ships.length + t.squadrons.length + t.obstacles.length + t.tokens.length;
    if (pieces && !confirmed) {
      confirmRow.replaceChildren(
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
              ask(false);
              startGuide(true);
            },
          },
          'Clear and start',
        ),
        h('button', { id: 'guide-confirm-no', onclick: () => ask(false) }, 'Keep this table'),
      );
      // the scrolling panel around the guide, and where it stood (answering may scroll it)
      let el: HTMLElement | null = host.parentElement;
      while (el && el.scrollHeight <= el.clientHeight) el = el.parentElement;
      scrolled = el ? { el, top: el.scrollTop } : null;
      ask(true);
      confirmRow.scrollIntoView?.({ block: 'nearest' });
      return false;
    }
    const asked = confirmed;
    ask(false);
    cmd.change(newTable(t, false));
    setGuide(newGuide());
    cmd.set({ setupMode: true });
    const lists = (get().table.fleets ?? []).map((f) => f.player).sort();
    say(
      true,
      'Guided setup: player 2 (the second player) places the first obstacle. Tap the table inside the green region.' +
        (lists.length
          ? ` Then each player deploys the fleet from their list ` +
            `(player${lists.length > 1 ? 's' : ''} ${lists.join(' and ')}).`
          : ''),
    );
    // the question's row is gone: the panel goes back to where it stood before the question (a phone's
    // sheet shows only its top, where whose turn it is stands)
    if (asked && scrolled) {
      const { el, top } = scrolled;
      requestAnimationFrame(() => {
        el.scrollTop = top;
      });
    }
    return true;
  }

  const status = h('div', { id: 'guide-status', class: 'guide-title' });
  const offers = h('div', { class: 'row', id: 'guide-offers' });
  const extra = h(
    'select',
    {
      id: 'guide-extra',
      title: 'a campaign obstacle an objective adds to the set',
      onchange: () => {
        const g = get().guide;
        if (g && extra.value) setGuide({ ...g, set: [...g.set, extra.value as ObstacleType] });
        extra.value = '';
      },
    },
    option('', 'objective adds…'),
    ...CAMPAIGN_EXTRAS.map((t) => option(t, CATALOG.obstacles[t].name)),
  );
  const size = h(
    'select',
    { id: 'deploy-size', title: 'ship size' },
    ...SHIP_SIZES.map((s) => option(s, `${s} ship`)),
  );
  const cls = h('select', { id: 'deploy-class', title: 'ship class' });
  const fillClasses = () =>
    cls.replaceChildren(
      option('', `(${size.value} default)`),
      ...Object.entries(CATALOG.shipClasses)
        .filter(([, c]) => c.size === size.value)
        .map(([id, c]) => option(id, c.name)),
    );
  fillClasses();
  const pend = (p: Guide['pending'][1]) => {
    const g = get().guide,
      s = g && guideStep(get().table, g);
    if (!g || !s || s.step !== 'deploy') return;
    setGuide({ ...g, pending: { ...g.pending, [s.player]: p } });
  };
  // a new size or class keeps the heading and speed chosen (the speed is held within the new chart)
  const shipNext = () => {
    const g = get().guide,
      s = g && guideStep(get().table, g);
    const was = g && s?.step === 'deploy' ? g.pending[s.player] : undefined;
    const keep = was?.kind === 'ship' ? { rotation: was.rotation, speed: was.speed } : {};
    pend({ kind: 'ship', size: size.value as ShipSize, class: cls.value || undefined, ...keep });
  };
  size.addEventListener('change', () => {
    fillClasses();
    shipNext();
  });
  cls.addEventListener('change', shipNext);
  const deployShip = h('button', { id: 'deploy-ship', onclick: shipNext }, 'Ship');
  const deploySq = h(
    'button',
    { id: 'deploy-squadron', onclick: () => pend({ kind: 'squadron' }) },
    'Squadrons',
  );
  const doneBtn = h(
    'button',
    {
      id: 'deploy-done',
      title: 'this player has deployed the whole fleet',
      onclick: () => {
        const g = get().guide,
          s = g && guideStep(get().table, g);
        if (g && s?.step === 'deploy') setGuide({ ...g, done: { ...g.done, [s.player]: true } });
      },
    },
    'Fleet deployed',
  );
  const deployRow = h('div', { class: 'row', id: 'guide-deploy' }, size, cls, deployShip, deploySq, doneBtn);

  // the heading of the piece being placed (the offered obstacle, or the pending ship) and a ship's speed
  const heading = (s: AppState): number | null => {
    const g = s.guide,
      step = g && guideStep(s.table, g);
    if (!g || !step) return null;
    if (step.step === 'obstacles') return s.nextRotation;
    if (step.step !== 'deploy') return null;
    const p = pendingFor(g, step).pending;
    return p.kind === 'ship' ? (p.rotation ?? facingOpponent(step.player)) : null;
  };
  /** Turn the piece being placed to `deg` (false: nothing being placed turns). */
  const setHeading = (deg: number): boolean => {
    const s = get(),
      g = s.guide,
      step = g && guideStep(s.table, g);
    if (!g || !step || !Number.isFinite(deg)) return false;
    const r = Math.round(normaliseDeg(deg) * 10) / 10;
    if (step.step === 'obstacles') {
      cmd.set({ nextRotation: r });
      return true;
    }
    if (step.step !== 'deploy') return false;
    const p = pendingFor(g, step).pending;
    if (p.kind !== 'ship') return false;
    pend({ ...p, rotation: r });
    return true;
  };
  const turn = (by: number) => {
    const r = heading(get());
    return r !== null && setHeading(r + by);
  };
  const rotField = h('input', {
    type: 'number',
    id: 'guide-rotation',
    step: '1',
    title: 'heading of the piece being placed (degrees)',
    style: 'width:64px',
    onchange: () => {
      setHeading(rotField.valueAsNumber);
    },
  });
  const speedSel = h('select', {
    id: 'deploy-speed',
    title: "the ship's speed dial when deployed (a gravity rift at distance 1-2 sets it to 0)",
    onchange: () => {
      const g = get().guide,
        s = g && guideStep(get().table, g);
      if (!g || s?.step !== 'deploy') return;
      const p = pendingFor(g, s).pending;
      if (p.kind === 'ship') pend({ ...p, speed: Number(speedSel.value) });
    },
  });
  const speedLab = h('label', {}, 'speed ', speedSel);
  const turnRow = h(
    'div',
    { class: 'row', id: 'guide-turn' },
    h(
      'button',
      {
        id: 'guide-turn-left',
        title: 'turn it 15° anticlockwise (Q; Shift+Q: 1°)',
        onclick: () => turn(COARSE_DEG),
      },
      '↺ 15°',
    ),
    h('label', {}, rotField, '°'),
    h(
      'button',
      {
        id: 'guide-turn-right',
        title: 'turn it 15° clockwise (E; Shift+E: 1°)',
        onclick: () => turn(-COARSE_DEG),
      },
      '↻ 15°',
    ),
    speedLab,
  );
  // Q/E turn the piece being placed while no piece is selected (a selected piece turns as elsewhere)
  window.addEventListener('keydown', (ev) => {
    const t = ev.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || get().selected || get().locked) return;
    const k = ev.key.toLowerCase();
    if (k !== 'q' && k !== 'e') return;
    const step = ev.shiftKey ? FINE_DEG : COARSE_DEG;
    if (turn(k === 'q' ? step : -step)) ev.preventDefault();
  });
  const end = h(
    'button',
    {
      id: 'guide-end',
      onclick: () => {
        setGuide(null);
        cmd.set({ setupMode: false });
      },
    },
    'End guide',
  );
  // what to do next first: on a phone only the top of the panel shows until it is slid up
  const active = h(
    'div',
    { id: 'guide-active' },
    status,
    turnRow,
    deployRow,
    offers,
    h('div', { class: 'row' }, extra, end),
  );
  host.append(h('h3', {}, 'Setup'), confirmRow, active, last);
  host.dataset.step = 'none';

  const tap = (x: number, y: number): boolean => {
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
      say(false, `Not placed: ${r.why}.`);
      return true;
    }
    cmd.change(r.table);
    // the next piece is the one Q/E turn
    if (get().selected) cmd.select(null);
    const named = [...r.table.ships, ...r.table.squadrons].find((e) => e.id === r.id)?.name;
    say(
      true,
      step.step === 'obstacles'
        ? `Player ${step.player} placed ${r.id}.`
        : `Player ${step.player} deployed ${named ? `${named} (${r.id})` : r.id}: ${r.note}`,
    );
    return true;
  };

  const fillSpeeds = (p: Extract<Pending, { kind: 'ship' }>) => {
    speedSel.replaceChildren(...deploySpeeds(p.class).map((v) => option(String(v), String(v))));
    speedSel.value = String(pendingSpeed(p));
  };

  let shownKey = '';
  const update = (s: AppState) => {
    const g = s.guide;
    active.style.display = g ? '' : 'none';
    if (!g) {
      host.dataset.step = 'none';
      return;
    }
    const step = guideStep(s.table, g);
    host.dataset.step = step.step;
    const r = heading(s);
    turnRow.style.display = r === null ? 'none' : '';
    if (r !== null && document.activeElement !== rotField) rotField.value = String(r);
    const key = JSON.stringify([step, g.pending, g.done, s.nextRotation]);
    if (key === shownKey) return;
    shownKey = key;
    offers.replaceChildren();
    deployRow.style.display = step.step === 'deploy' ? '' : 'none';
    if (step.step === 'obstacles') {
      status.dataset.player = String(step.player);
      status.textContent =
        `Player ${step.player} places ${CATALOG.obstacles[step.offered].name} at ` +
        `${s.nextRotation}° · ${step.left.length} of ${step.total} left`;
      speedLab.style.display = 'none';
      for (const t of new Set(step.left)) {
        offers.append(
          h(
            'button',
            {
              'data-offer': t,
              class: t === step.offered ? 'on' : '',
              onclick: () => setGuide({ ...g, offered: t }),
            },
            CATALOG.obstacles[t].name,
          ),
        );
      }
      if (s.nextObstacle !== step.offered || !s.setupMode)
        queueMicrotask(() => cmd.set({ nextObstacle: step.offered, setupMode: true }));
    } else if (step.step === 'deploy') {
      status.dataset.player = String(step.player);
      const { pending: p, piece } = pendingFor(g, step);
      const l = step.list;
      // from a list: the piece by its name (a ship's title) and its card; otherwise by size and class
      const named = piece ? `${piece.name}${piece.card !== piece.name ? ` (${piece.card})` : ''}` : null;
      const what =
        p.kind === 'ship'
          ? `${named ?? `a ${p.class ? (CATALOG.shipClasses[p.class]?.name ?? p.class) : `${p.size} ship`}`} at ` +
            `${p.rotation ?? facingOpponent(step.player)}°, speed ${pendingSpeed(p)}`
          : `${named ? `${named}, ` : ''}squadrons (${step.squadronsThisTurn} of 2 this turn)`;
      size.style.display = cls.style.display = l ? 'none' : '';
      deployShip.disabled = !!l && !l.ship;
      deploySq.disabled = !!l && !l.squadron;
      status.dataset.list = l ? `${l.shipsLeft}/${l.squadronsLeft}` : '';
      speedLab.style.display = p.kind === 'ship' ? '' : 'none';
      if (p.kind === 'ship') fillSpeeds(p);
      status.textContent =
        `Player ${step.player} deploys ${what}: tap inside the player ${step.player} deployment zone · ` +
        (l
          ? `from the list, ${l.shipsLeft} ship${l.shipsLeft === 1 ? '' : 's'} and ` +
            `${l.squadronsLeft} squadron${l.squadronsLeft === 1 ? '' : 's'} left`
          : `ships ${step.ships[1]}/${step.ships[2]}, squadrons ${step.squadrons[1]}/${step.squadrons[2]}`);
      deployShip.classList.toggle('on', p.kind === 'ship');
      deploySq.classList.toggle('on', p.kind === 'squadron');
      if (p.kind === 'ship') {
        if (size.value !== p.size) {
          size.value = p.size;
          fillClasses();
        }
        cls.value = p.class ?? '';
      }
      if (s.setupMode) queueMicrotask(() => cmd.set({ setupMode: false }));
    } else {
      status.dataset.player = '';
      status.textContent = 'Setup complete: both fleets are deployed.';
    }
  };
  return { update, tap, start: () => startGuide(), menu };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
