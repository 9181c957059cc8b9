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
import { capText, escapeHtml as e, h } from './dom';

const OUTCOME_TEXT = {
  clean: 'clean',
  obstacle: 'on an obstacle',
  ship: 'hits a ship',
  'off-table': 'off the table',
} as const;

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

/** A click as the fan's buttons write it: 2R, 1L, or – for straight. */
const clickWord = (c: number) => (c > 0 ? `${c}R` : c < 0 ? `${-c}L` : '–');

export function buildManeuver(host: HTMLElement, store: AppStore, cmd: Commands): ManeuverUi {
  let fanShown = false;
  /** the joint the keys click (0-based) */
  let joint = 0;
  let last: { answer: ManeuverReport | undefined; chart: readonly (readonly number[])[] | null } = {
    answer: undefined,
    chart: null,
  };

  const start = h(
    'button',
    { id: 'maneuver-start', title: 'lay the maneuver tool against the selected ship (key M)' },
    'Maneuver',
  );
  const left = h('button', { id: 'maneuver-side-left', title: 'tool against the left side' }, 'left side');
  const right = h(
    'button',
    { id: 'maneuver-side-right', title: 'tool against the right side' },
    'right side',
  );
  const slower = h('button', { id: 'maneuver-speed-down', title: 'speed -1 (key -)' }, '−');
  const faster = h('button', { id: 'maneuver-speed-up', title: 'speed +1 (key +)' }, '+');
  const speedText = h('b', { id: 'maneuver-speed' });
  const chartText = h('span', { id: 'maneuver-chart', class: 'hint' });
  const joints = h('div', { id: 'maneuver-joints', class: 'row' });
  const fan = h(
    'button',
    {
      id: 'maneuver-fan-toggle',
      title: 'every allowed click list at this speed and the speeds either side (key F)',
    },
    'Fan',
  );
  const execute = h(
    'button',
    { id: 'maneuver-execute', title: 'move the ship (one undo step; key Enter)' },
    'Execute',
  );
  const cancel = h('button', { id: 'maneuver-cancel', title: 'put the tool away' }, 'Cancel');
  const verdict = h('div', { id: 'maneuver-verdict' });
  const fanList = h('div', { id: 'maneuver-fan' });
  const planBox = h(
    'div',
    { class: 'maneuver-plan' },
    h('div', { class: 'row' }, left, right, h('span', { class: 'hint' }, 'speed'), slower, speedText, faster),
    h('div', {}, chartText),
    joints,
    h('div', { class: 'row' }, fan, execute, cancel),
    verdict,
    fanList,
    h(
      'p',
      { class: 'hint keys-hint' },
      'Keys: 1-4 choose a joint, [ and ] click it left and right, + and - change speed, F the fan, Enter executes.',
    ),
  );
  host.append(h('style', {}, STYLE), h('h3', {}, 'Maneuver'), h('div', { class: 'row' }, start), planBox);

  const plan = () => planOf(store.getState().table);
  const edit = (
    f: (p: { ship: string; speed: number; clicks: number[]; side: 'left' | 'right' }) => void,
  ) => {
    const t = store.getState().table;
    const p = plan();
    if (!p) return;
    const next = { ship: p.ship, speed: planSpeed(t, p), clicks: [...p.clicks], side: p.side };
    f(next);
    cmd.change(withPlan(t, next));
  };
  const limitRow = (speed: number): number[] => {
    const used = last.answer && last.answer.speed === speed ? last.answer.speedUsed : speed;
    const row = last.chart ? last.chart[used - 1] : undefined;
    return Array.from({ length: used }, (_, j) => (last.chart ? (row?.[j] ?? 0) : 2));
  };
  const topSpeed = () => (last.chart ? last.chart.length : 4);
  const click = (j: number, d: number) =>
    edit((p) => {
      const lim = limitRow(p.speed)[j];
      if (lim === undefined) return;
      p.clicks[j] = Math.max(-lim, Math.min(lim, (p.clicks[j] ?? 0) + d));
      joint = j;
    });
  const setSpeed = (d: number) =>
    edit((p) => {
      p.speed = Math.max(0, Math.min(topSpeed(), p.speed + d));
      p.clicks = p.clicks.slice(0, p.speed);
      joint = Math.max(0, Math.min(joint, p.speed - 1));
    });
  const begin = () => {
    const s = store.getState();
    const ship = s.selected ? s.table.ships.find((x) => x.id === s.selected) : undefined;
    if (!ship) return;
    const old = plan();
    if (old?.ship === ship.id) return;
    joint = Math.max(0, ship.speed - 1);
    cmd.change(
      withPlan(s.table, { ship: ship.id, speed: ship.speed, clicks: [], side: old?.side ?? 'right' }),
    );
  };
  const run = () => {
    const a = last.answer;
    if (!a) return;
    const text =
      `${a.ship} executed speed ${a.speedUsed}${a.clicks.length ? `, clicks [${a.clicks.join(', ')}]` : ''}` +
      (a.leavesPlayArea ? ': its base ended outside the play area, so it is destroyed and removed.' : '.') +
      (a.damaged.length ? ` ${a.damaged.join(' and ')} are each dealt a facedown damage card.` : '') +
      (a.obstacles.length ? ` ${a.obstacles.map((o) => `${o.obstacle}: ${o.effect}`).join('; ')}.` : '') +
      (a.squadronsToMove.length && !a.leavesPlayArea
        ? ` ${a.squadronsToMove
            .map((id) =>
              a.placements?.[id]
                ? `${id} goes to (${a.placements[id].x.toFixed(2)}, ` + `${a.placements[id].y.toFixed(2)})`
                : `${id} has no place found: player ${a.placementsBy} places it touching the ship`,
            )
            .join('; ')}` +
          ` (${
            a.chosen?.length
              ? 'as player ' + a.placementsBy + ' placed them, the rest proposed'
              : "the rules' " + 'proposal'
          }).`
        : '') +
      ' Undo takes it back.';
    cmd.change(executed(store.getState().table, a));
    cmd.message('info', text);
  };
  start.addEventListener('click', begin);
  left.addEventListener('click', () =>
    edit((p) => {
      p.side = 'left';
    }),
  );
  right.addEventListener('click', () =>
    edit((p) => {
      p.side = 'right';
    }),
  );
  slower.addEventListener('click', () => setSpeed(-1));
  faster.addEventListener('click', () => setSpeed(1));
  fan.addEventListener('click', () => {
    fanShown = !fanShown;
    store.setState({});
  });
  execute.addEventListener('click', run);
  cancel.addEventListener('click', () => cmd.change(withoutPlan(store.getState().table)));
  joints.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest('button[data-joint]') as HTMLElement | null;
    if (b) click(Number(b.dataset.joint), Number(b.dataset.dir));
  });
  fanList.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest('[data-fan-clicks]') as HTMLElement | null;
    if (!b) return;
    const clicks = b.dataset.fanClicks ? b.dataset.fanClicks.split(',').map(Number) : [];
    const speed = Number(b.dataset.fanSpeed);
    edit((p) => {
      p.speed = speed;
      p.clicks = clicks;
    });
  });
  window.addEventListener('keydown', (ev) => {
    const t = ev.target as HTMLElement | null;
    if (
      t &&
      (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA') &&
      (t as HTMLInputElement).type !== 'checkbox'
    )
      return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 'm' || ev.key === 'M') {
      begin();
      return;
    }
    const p = plan();
    if (!p) return;
    // keys pressed before the worker has answered the last change count against the plan's own speed
    const n = last.answer?.speedUsed ?? planSpeed(store.getState().table, p);
    if (ev.key >= '1' && ev.key <= '4') {
      joint = Math.min(Number(ev.key) - 1, Math.max(0, n - 1));
      store.setState({});
    } else if (ev.key === '[' || ev.key === ']') {
      if (n) click(Math.min(joint, n - 1), ev.key === '[' ? -1 : 1);
    } else if (ev.key === '+' || ev.key === '=') setSpeed(1);
    else if (ev.key === '-' || ev.key === '_') setSpeed(-1);
    else if (ev.key === 'f' || ev.key === 'F') {
      fanShown = !fanShown;
      store.setState({});
    } else if (ev.key === 'Enter' && !(t && t.tagName === 'BUTTON')) run();
    else return;
    ev.preventDefault();
  });

  const answerOf = (a: LiveAnalysis, id: string) =>
    a.report.proposals.find((r) => r.id === id) as ManeuverReport | undefined;
  let shownKey = '';

  return {
    drawing(s, a) {
      const p = planOf(s.table);
      const answer = p && answerOf(a, p.id);
      if (!p || !answer || answer.kind !== 'maneuver') return null;
      const speed = planSpeed(s.table, p);
      return { answer, fan: fanShown ? fanOf(a.world, p, speed) : null, speed };
    },
    update(s, a) {
      const p = planOf(s.table);
      const selShip = s.selected ? s.table.ships.find((x) => x.id === s.selected) : undefined;
      start.style.display = selShip && p?.ship !== selShip.id ? '' : 'none';
      start.textContent = selShip ? `Maneuver ${selShip.id}` : 'Maneuver';
      host.classList.toggle('empty', !p && !selShip);
      planBox.style.display = p ? '' : 'none';
      const answer = p ? answerOf(a, p.id) : undefined;
      last = { answer, chart: p && a.world.byId.get(p.ship) ? shipChart(a.world, p.ship) : null };
      if (!p || !answer) return;
      const speed = planSpeed(s.table, p);
      const key = `${JSON.stringify(answer)}/${fanShown}/${joint}/${a.report.proposals.length}`;
      if (key === shownKey) return;
      shownKey = key;
      left.setAttribute('aria-pressed', String(p.side === 'left'));
      right.setAttribute('aria-pressed', String(p.side === 'right'));
      speedText.textContent = String(speed);
      slower.disabled = speed <= 0;
      faster.disabled = speed >= topSpeed();
      const ship = s.table.ships.find((x) => x.id === p.ship);
      chartText.textContent = last.chart
        ? `${ship?.class} chart: ${last.chart.map((r, i) => `${i + 1}: ${chartRowText(r)}`).join(' · ')}` +
          (answer.speedUsed
            ? `; speed ${answer.speedUsed} allows ${chartRowText(last.chart[answer.speedUsed - 1] ?? [])}`
            : '')
        : `${p.ship}: no speed chart (${ship?.class ? 'none in the catalog for its class' : 'no class'}); up to 2 ` +
          `clicks a joint`;
      const lim = limitRow(speed);
      joints.replaceChildren(
        ...answer.clicks.map((c, j) =>
          h(
            'span',
            { class: `joint${j === joint ? ' active' : ''}`, 'data-joint-index': j },
            h(
              'button',
              {
                'data-joint': j,
                'data-dir': -1,
                disabled: c <= -(lim[j] ?? 0),
                title: `joint ${j + 1}: click left`,
              },
              '◀',
            ),
            h(
              'span',
              { 'data-clicks': c, title: `joint ${j + 1}, at most ${lim[j] ?? 0}` },
              ` ${j + 1}: ${c > 0 ? `${c}R` : c < 0 ? `${-c}L` : '–'} `,
            ),
            h(
              'button',
              {
                'data-joint': j,
                'data-dir': 1,
                disabled: c >= (lim[j] ?? 0),
                title: `joint ${j + 1}: click right`,
              },
              '▶',
            ),
          ),
        ),
      );
      const o = maneuverOutcome(answer);
      verdict.dataset.outcome = o;
      verdict.dataset.legal = String(answer.legal);
      verdict.dataset.movedBack = String(answer.movedBack);
      verdict.dataset.obstacles = answer.obstacles.map((x) => x.obstacle).join(',');
      verdict.dataset.leaves = String(answer.leavesPlayArea);
      verdict.dataset.final = [answer.final.x, answer.final.y, answer.final.rotation]
        .map((v) => v.toFixed(2))
        .join(',');
      const f2 = (v: number) => v.toFixed(2);
      verdict.innerHTML =
        `<p style="border-left:4px solid ${css(OUTCOME_COLOUR[o])};padding-left:6px"><b>${e(OUTCOME_TEXT[o])}</b` +
        `>${answer.legal ? '' : ' · <b>not allowed by the speed chart</b>'}: ` +
        `ends at (${f2(answer.final.x)}, ${f2(answer.final.y)}), rotation ${f2(answer.final.rotation)}°` +
        (answer.speedUsed !== answer.speed
          ? ` · speed ${answer.speed} → ${answer.speedUsed} (gravity rift)`
          : '') +
        '</p><ul>' +
        answer.violations.map((v) => `<li class="violation">${e(v.rule)}</li>`).join('') +
        answer.obstacles
          .map(
            (x) =>
              `<li data-obstacle="${e(x.obstacle)}">${e(x.obstacle)}: ${e(x.effect)} ` +
              `(${x.part === 'base' ? 'base' : 'dial frame'} ${f2(x.depthMm)} mm in)</li>`,
          )
          .join('') +
        (answer.movedBack
          ? `<li data-ships="${e(answer.shipsOverlapped.join(','))}">would overlap ` +
            `${e(answer.shipsOverlapped.join(', '))}: moves back ` +
            `${answer.movedBack} joint${answer.movedBack === 1 ? '' : 's'}; ` +
            `facedown damage to ${e(answer.damaged.join(' and '))}</li>`
          : '') +
        (answer.squadronsToMove.length
          ? `<li data-squadrons="${e(answer.squadronsToMove.join(','))}">squadrons to move: ` +
            `${e(answer.squadronsToMove.join(', '))}</li>`
          : '') +
        (answer.leavesPlayArea
          ? `<li>base ${f2(answer.outsideMm)} mm outside the play area: destroyed</li>`
          : '') +
        `</ul><p class="hint why">${e(capText(answer.why))}</p>`;
      fan.setAttribute('aria-pressed', String(fanShown));
      if (!fanShown) {
        fanList.replaceChildren();
        return;
      }
      const rows = fanOf(a.world, p, speed);
      fanList.innerHTML = rows
        .map(
          (r) =>
            `<div class="fan-row" data-fan-row="${r.speed}"><span class="hint">speed ` +
            `${r.speed}` +
            `${r.maneuvers[0] && r.maneuvers[0].speedUsed !== r.speed ? ` (→ ${r.maneuvers[0].speedUsed})` : ''}: ` +
            `${r.maneuvers.length}</span> ` +
            r.maneuvers
              .map((m) => {
                const mo = maneuverOutcome(m);
                const sel = r.speed === speed && m.clicks.join(',') === answer.clicks.join(',');
                return (
                  `<button class="fan-item${sel ? ' selected' : ''}" data-fan-speed="${r.speed}" ` +
                  `data-fan-clicks="${m.clicks.join(',')}" data-outcome="${mo}" ` +
                  `title="${e(
                    `${OUTCOME_TEXT[mo]}${
                      m.obstacles.length ? `: ` + `${m.obstacles.map((o) => o.obstacle).join(', ')}` : ''
                    }${
                      m.shipsOverlapped.length ? `; would overlap ` + `${m.shipsOverlapped.join(', ')}` : ''
                    }`,
                  )}" style="border-color:${css(OUTCOME_COLOUR[mo])}">` +
                  `${m.clicks.length ? e(m.clicks.map(clickWord).join(' ')) : 'stay'}</button>`
                );
              })
              .join('') +
            '</div>',
        )
        .join('');
    },
  };
}
