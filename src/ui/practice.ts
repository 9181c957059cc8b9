/**
 * The practice maps panel (#practice): for the selected ship, where it can reach in two
 * maneuvers, where it is shot at (threat), and what it could shoot from each end (opportunity);
 * worked in a worker (src/state/practice.ts), drawn under the pieces (src/render/practice.ts),
 * with a legend, the cell size, progress, and a tap on the table reading why: the cell's or end's
 * answers judged again here with their explanations (src/rules/practice/threat.ts).
 */
import { Container } from 'pixi.js';
import type { Table } from '../model/table';
import type { XY } from '../model/report';
import { DEFAULT_CELL_MM, type PracticeOptions } from '../rules/practice/maps';
import { pairsExplained } from '../rules/practice/threat';
import type { World } from '../rules/world';
import { OUTCOME_COLOUR } from '../state/overlays/maneuver';
import { css } from '../render/colours';
import type { SceneLayer } from '../render/scene';
import {
  BLOCKED_CELL,
  OPPORTUNITY_COLOURS,
  type PracticeLayer,
  PracticeDrawing,
  placeUnder,
  THREAT_COLOURS,
} from '../render/practice';
import type { LiveAnalysis } from '../state/analysis';
import { PracticeClient, type PracticeMaps } from '../state/practice';
import type { AppState, AppStore } from '../state/store';
import { h } from './dom';
import { namer } from '../model/names';

const STYLE = `
#practice .row { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
#practice button[aria-pressed="true"] { background: #2b4a5e; border-color: #00e5ff; }
#practice .legend { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 12px; margin: 4px 0; }
#practice .legend i {
  display: inline-block; width: 12px; height: 12px; margin-right: 3px; vertical-align: -2px; border-radius: 2px;
}
#practice #practice-why { font-size: 12px; max-height: 40vh; overflow: auto; }
#practice #practice-why li { margin: 2px 0; }
#practice progress { width: 100%; height: 8px; }
#practice .legend span { white-space: nowrap; }
@media (max-width: 700px) { #practice #practice-why { max-height: 28vh; } #practice .legend { font-size: 11px; } }
`;

const OUTCOME_TEXT = {
  clean: 'clean',
  obstacle: 'on an obstacle',
  ship: 'moved back by a ship',
  'off-table': 'off the table',
} as const;
const COUNT_TEXT = ['none', '1', '2', '3', '4 or more'];
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
/** an attack that can be made, in words: its range, and whether obstructed */
const verdict = (p: { range: string; los: string }) =>
  `at ${p.range} range${p.los === 'obstructed' ? ', obstructed' : ''}`;

export interface PracticeUi {
  update(s: AppState, a: LiveAnalysis): void;
  /** the maps' layer, to plug into the scene on the table under the pieces (drawn in table mm) */
  layer: SceneLayer;
  /** a tap on the bare table: true when it was read as a map cell or end */
  tap(x: number, y: number): boolean;
  /** the maps as the page has them (tests) */
  maps(): PracticeMaps | null;
  /** requests sent to the worker so far (tests) */
  asked(): number;
}

export interface PracticeHooks {
  schedule(): void;
  /** the maps are shown (true) or not: the attack lines stay off them while they are */
  quiet?(on: boolean): void;
  /** a picture of the table around a point, `spanMm` across (the scene's) */
  picture(at: XY, spanMm: number, w: number, h: number): HTMLCanvasElement | null;
}

export function buildPractice(host: HTMLElement, store: AppStore, hooks: PracticeHooks): PracticeUi {
  const container = new Container();
  /** the world last drawn: what a tap reads */
  let lastWorld: World | null = null;
  const world = () => lastWorld as World;
  const shown = new Set<PracticeLayer>();
  let ship: string | null = null;
  let version = 0;
  const opts: PracticeOptions = { cellMm: DEFAULT_CELL_MM, over: 'reach' };
  const drawing = new PracticeDrawing(container);
  const client = new PracticeClient(() => {
    version++;
    hooks.schedule();
  });

  const buttons = {
    reach: h(
      'button',
      {
        id: 'practice-reach',
        title: 'every end of the next two maneuvers, at each speed a navigate command allows',
      },
      'Reach',
    ),
    threat: h(
      'button',
      {
        id: 'practice-threat',
        title: 'how many enemy hull zones and squadrons could attack the ship at each point, at its heading',
      },
      'Threat',
    ),
    opportunity: h(
      'button',
      {
        id: 'practice-opportunity',
        title: 'how many enemy hull zones and squadrons it could attack from each end',
      },
      'Opportunity',
    ),
  };
  const cellSelect = h(
    'select',
    { id: 'practice-cell', title: 'threat map cell size' },
    ...[5, 10, 20].map((mm) =>
      h('option', { value: String(mm), selected: mm === opts.cellMm }, `${mm} mm cells`),
    ),
  );
  const close = h('button', { id: 'practice-close', title: 'hide the practice maps' }, 'Hide');
  const save = h(
    'button',
    { id: 'practice-save', title: 'a picture of the maps with their legend' },
    'Save as picture',
  );
  const status = h('div', { id: 'practice-status', class: 'hint' });
  const progress = h('progress', { id: 'practice-progress', max: 1, value: 0 });
  const legend = h('div', { id: 'practice-legend', class: 'legend' });
  const why = h('div', { id: 'practice-why' });
  const body = h(
    'div',
    { id: 'practice-body' },
    h('div', { class: 'row' }, cellSelect, save, close),
    progress,
    status,
    legend,
    h(
      'p',
      { class: 'hint' },
      'Tap the table to read a cell (threat) or the nearest end (reach, opportunity).',
    ),
    why,
  );
  host.append(
    h('style', {}, STYLE),
    h('h3', {}, 'Practice maps'),
    h('div', { class: 'row' }, buttons.reach, buttons.threat, buttons.opportunity),
    body,
  );

  const selectedShip = () => {
    const s = store.getState();
    return s.selected && s.table.ships.some((x) => x.id === s.selected) ? s.selected : null;
  };
  const toggle = (layerName: PracticeLayer) => {
    const sel = selectedShip();
    if (sel && sel !== ship) {
      ship = sel;
      why.textContent = '';
    }
    if (!ship) {
      status.textContent = 'Select a ship first.';
      return;
    }
    if (shown.has(layerName)) shown.delete(layerName);
    else shown.add(layerName);
    if (!shown.size) hide();
    hooks.schedule();
  };
  // hidden, the maps worked out so far are kept (the worker finishes them): shown again, at once
  const hide = () => {
    shown.clear();
    ship = null;
    drawing.clear();
    why.textContent = '';
    hooks.schedule();
  };
  for (const k of Object.keys(buttons) as PracticeLayer[])
    buttons[k].addEventListener('click', () => toggle(k));
  close.addEventListener('click', hide);
  cellSelect.addEventListener('change', () => {
    opts.cellMm = Number(cellSelect.value);
    hooks.schedule();
  });
  save.addEventListener('click', () => savePicture());

  const swatch = (c: number, text: string) => h('span', {}, h('i', { style: `background:${css(c)}` }), text);
  let legendKey = '';
  /** the legend as rows of a heading and its swatches (the panel's, and the saved picture's) */
  const legendRows = (): { head: string; items: [number, string][] }[] => {
    const rows: { head: string; items: [number, string][] }[] = [];
    if (shown.has('threat')) {
      rows.push({
        head: `Threat (${opts.cellMm} mm cells, the ship at its heading), attackers:`,
        items: [
          ...THREAT_COLOURS.map((c, i): [number, string] => [c, COUNT_TEXT[i]]),
          [BLOCKED_CELL, 'on a ship'],
        ],
      });
    }
    if (shown.has('reach')) {
      rows.push({
        head: 'Reach (ends of 2 maneuvers; round 1 bright, round 2 faint):',
        items: (Object.keys(OUTCOME_TEXT) as (keyof typeof OUTCOME_TEXT)[]).map((k): [number, string] => [
          OUTCOME_COLOUR[k],
          OUTCOME_TEXT[k],
        ]),
      });
    }
    if (shown.has('opportunity')) {
      rows.push({
        head: 'Opportunity (targets from each end):',
        items: OPPORTUNITY_COLOURS.map((c, i): [number, string] => [c, COUNT_TEXT[i]]),
      });
    }
    return rows;
  };
  const renderLegend = () => {
    const key = `${[...shown].sort().join(',')}/${opts.cellMm}`;
    if (key === legendKey) return;
    legendKey = key;
    legend.replaceChildren(
      ...legendRows().map((r) =>
        h('div', {}, h('b', {}, r.head + ' '), ...r.items.map(([c, t]) => swatch(c, t))),
      ),
    );
  };

  const statusText = (m: PracticeMaps | null): string => {
    if (!m) return client.available ? '' : 'Workers are not available here: no practice maps.';
    if (m.error) return `No map: ${m.error}.`;
    const parts = [
      `${m.ship}${m.ends ? `: ${m.ends.length} ends of two maneuvers` : ': working out the reach'}`,
    ];
    if (m.grid) parts.push(`threat ${m.cellsDone} of ${m.grid.total} cells (${m.grid.cell} mm)`);
    if (m.ends && m.cellsDone >= (m.grid?.total ?? 0))
      parts.push(`opportunity ${m.endsDone} of ${m.ends.length} ends`);
    if (m.firstMs !== null) parts.push(`first picture ${(m.firstMs / 1000).toFixed(2)} s`);
    if (m.done && m.ms !== null) parts.push(`complete in ${(m.ms / 1000).toFixed(2)} s`);
    return parts.join('; ') + (m.done ? '.' : '...');
  };

  /** the nearest end to a table point within `within` mm */
  const nearestEnd = (m: PracticeMaps, x: number, y: number, within: number) => {
    let best = -1,
      bd = within;
    m.ends?.forEach((e, i) => {
      const d = Math.hypot(e.x - x, e.y - y);
      if (d <= bd) {
        bd = d;
        best = i;
      }
    });
    return best;
  };
  /**
   * Each pair by the pieces' names with its verdict; the rules' full explanation (ids, measurements)
   * folded under it.
   */
  const pairList = (
    pairs: ReturnType<typeof pairsExplained>,
    said: (side: string) => string,
    verdictOf: (p: ReturnType<typeof pairsExplained>[number]) => string,
  ) =>
    h(
      'ul',
      {},
      ...pairs.map((p) =>
        h(
          'li',
          {},
          `${said(p.attacker)} on ${said(p.defender)}: ${verdictOf(p)}.`,
          h('details', {}, h('summary', {}, 'how it was measured'), p.why),
        ),
      ),
    );

  const tap = (x: number, y: number): boolean => {
    const m = client.current;
    if (!ship || !shown.size || !m || !lastWorld) return false;
    const w = world();
    const e = w.byId.get(ship);
    if (e?.kind !== 'ship') return false;
    why.replaceChildren();
    const said = namer(w.table);
    const named = ship;
    if (shown.has('threat') && m.grid) {
      const g = m.grid;
      const i = Math.floor((x - g.x0) / g.cell),
        j = Math.floor((y - g.y0) / g.cell);
      if (i >= 0 && j >= 0 && i < g.nx && j < g.ny && g.region[i + j * g.nx]) {
        const cx = g.x0 + (i + 0.5) * g.cell,
          cy = g.y0 + (j + 0.5) * g.cell;
        const pairs = pairsExplained(w, ship, { x: cx, y: cy, rotation: e.piece.rotation }, 'defend');
        const can = pairs.filter((p) => p.can);
        const attackers = [...new Set(can.map((p) => said(p.attacker)))];
        drawing.mark({ kind: 'cell', x: g.x0 + i * g.cell, y: g.y0 + j * g.cell, size: g.cell });
        why.append(
          h(
            'p',
            { id: 'practice-why-head' },
            `Threat on ${said(named)} in the marked ${g.cell} mm cell (${cx.toFixed(1)}, ${cy.toFixed(1)}), ` +
              `at its heading ${e.piece.rotation}°: ${plural(attackers.length, 'attacker')} can attack it` +
              `${attackers.length ? ` (${attackers.join(', ')})` : ''}.`,
          ),
          pairList(pairs, said, (p) => (p.can ? `can attack ${verdict(p)}` : `cannot (${p.los})`)),
        );
        if (!pairs.length)
          why.append(h('p', {}, 'No enemy hull zone or squadron has it in arc and in range here.'));
        return true;
      }
    }
    if ((shown.has('reach') || shown.has('opportunity')) && m.ends) {
      const k = nearestEnd(m, x, y, 25);
      if (k < 0) return false;
      const end = m.ends[k];
      drawing.mark({ kind: 'end', x: end.x, y: end.y, size: 12 });
      why.append(
        h(
          'p',
          { id: 'practice-why-head' },
          `End ${k + 1} of ${m.ends.length} (round ${end.round}, speed ${end.speed}` +
            `${end.speedUsed !== end.speed ? ` used as ${end.speedUsed}` : ''}, ` +
            `${end.side} side, clicks [${end.clicks.join(', ')}]): ${OUTCOME_TEXT[end.outcome]}.`,
        ),
        h('p', {}, end.why),
      );
      if (shown.has('opportunity')) {
        const pairs = pairsExplained(w, ship, { x: end.x, y: end.y, rotation: end.rotation }, 'attack');
        const targets = [...new Set(pairs.filter((p) => p.can).map((p) => said(p.defender)))];
        why.append(
          h('p', {}, `From there it could attack ${targets.length ? targets.join(', ') : 'nothing'}.`),
          pairList(pairs, said, (p) => (p.can ? verdict(p) : `cannot (${p.los})`)),
        );
      }
      return true;
    }
    return false;
  };

  const savePicture = () => {
    const m = client.current;
    if (!m?.ends) return;
    const xs = m.ends.map((e) => e.x),
      ys = m.ends.map((e) => e.y);
    const e = world().byId.get(m.ship);
    if (e?.kind === 'ship') {
      xs.push(e.piece.x);
      ys.push(e.piece.y);
    }
    const at: XY = [(Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2];
    // the picture is 4:3, spanMm across: the ends' box and a margin fit both ways
    const span =
      Math.max(200, Math.max(...xs) - Math.min(...xs), ((Math.max(...ys) - Math.min(...ys)) * 4) / 3) * 1.3;
    const pic = hooks.picture(at, span, 640, 480);
    const rows = legendRows();
    const out = document.createElement('canvas');
    out.width = 640;
    out.height = 480 + 40 + 38 * rows.length;
    const c = out.getContext('2d');
    if (!c) return;
    c.fillStyle = '#101418';
    c.fillRect(0, 0, out.width, out.height);
    if (pic) c.drawImage(pic, 0, 0, 640, 480);
    c.fillStyle = '#e9ecef';
    c.font = '13px sans-serif';
    let y = 498;
    const head = `Practice maps of ${m.ship}: ${statusText(m)}`;
    for (let k = 0; k < head.length; k += 95) {
      c.fillText(head.slice(k, k + 95), 8, y);
      y += 16;
    }
    for (const r of rows) {
      c.fillStyle = '#e9ecef';
      c.fillText(r.head, 8, y + 4);
      let x = 8;
      y += 18;
      for (const [col, t] of r.items) {
        c.fillStyle = css(col);
        c.fillRect(x, y - 10, 12, 12);
        c.fillStyle = '#e9ecef';
        c.fillText(t, x + 16, y);
        x += 24 + c.measureText(t).width;
      }
      y += 20;
    }
    const a = document.createElement('a');
    a.download = `practice-${m.ship}.png`;
    a.href = out.toDataURL('image/png');
    a.dataset.bytes = String(a.href.length);
    host.dataset.savedPicture = a.download;
    a.click();
  };

  const layer: SceneLayer = {
    container,
    // at every render, before the frame is shown: placed with the view, drawn again only when the maps changed
    draw(frame) {
      placeUnder(container, frame.view);
      const active = ship !== null && shown.size > 0;
      hooks.quiet?.(active);
      const e = ship ? frame.analysis.world.byId.get(ship) : undefined;
      const piece = e?.kind === 'ship' ? e.piece : undefined;
      drawing.draw(active ? client.current : null, version, shown, frame.analysis.world.catalog, piece);
      // what is on the canvas now (the tests read it): the maps' layers, once their map is whole
      const m = client.current;
      host.dataset.drawn = active && m?.done ? [...shown].sort().join(',') : '';
    },
  };

  return {
    maps: () => client.current,
    asked: () => client.asked,
    layer,
    tap,
    update(s: AppState, a: LiveAnalysis) {
      lastWorld = a.world;
      for (const k of Object.keys(buttons) as PracticeLayer[])
        buttons[k].setAttribute('aria-pressed', String(shown.has(k)));
      const sel = selectedShip();
      const active = ship !== null && shown.size > 0;
      hooks.quiet?.(active);
      host.classList.toggle('active', active);
      body.hidden = !active;
      if (ship && !s.table.ships.some((x) => x.id === ship)) hide();
      if (active && ship) client.request(s.table as Table, ship, opts);
      const m = client.current;
      status.textContent = active ? statusText(m) : sel ? '' : 'Select a ship, then a map.';
      progress.value = m?.grid ? (m.cellsDone + m.endsDone) / (m.grid.total + (m.ends?.length ?? 0)) : 0;
      renderLegend();
    },
  };
}
