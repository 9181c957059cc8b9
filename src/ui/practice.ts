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
import { h, setAttr, setText } from './dom';
import { namer } from '../model/names';
import { attackWords as verdict, statusText } from './practice-words';
import { jointsWords } from './maneuver-words';

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
#practice .legend span { white-space: nowrap; margin-right: 8px; }
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
  /** frame the view on the table box [x0, y0, x1, y1] (mm) until the table is fitted again */
  frame?(box: [number, number, number, number]): void;
  /** a reading just written brought into view (the phone's peek; the panel scrolled to it elsewhere) */
  show?(el: HTMLElement): void;
}

type LegendRow = { head: string; items: [number, string][] };

/** the legend as rows of a heading and its swatches (the panel's, and the saved picture's) */
function legendRows(shown: ReadonlySet<PracticeLayer>, cellMm: number): LegendRow[] {
  const rows: LegendRow[] = [];
  if (shown.has('threat')) {
    rows.push({
      head: `Threat (${cellMm} mm cells, the ship at its heading), attackers:`,
      items: [
        ...THREAT_COLOURS.map((c, i): [number, string] => [c, COUNT_TEXT[i]]),
        [BLOCKED_CELL, 'on a ship'],
      ],
    });
  }
  if (shown.has('reach')) {
    rows.push({
      head: "Reach: the next maneuver's ends (large marks, the base outlined), the second's (small marks):",
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
}

/** the nearest end to a table point within `within` mm */
function nearestEnd(m: PracticeMaps, x: number, y: number, within: number): number {
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
}

type Pairs = ReturnType<typeof pairsExplained>;

/**
 * Each pair by the pieces' names with its verdict; the rules' full explanation (ids, measurements)
 * folded under it.
 */
function pairList(pairs: Pairs, said: (side: string) => string, verdictOf: (p: Pairs[number]) => string) {
  return h(
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
}

/** the table point at the middle of the maps' ends (and the ship), and the span that fits them at 4:3 */
function pictureFrame(m: PracticeMaps, w: World): { at: XY; span: number } {
  const ends = m.ends ?? [];
  const xs = ends.map((e) => e.x),
    ys = ends.map((e) => e.y);
  const e = w.byId.get(m.ship);
  if (e?.kind === 'ship') {
    xs.push(e.piece.x);
    ys.push(e.piece.y);
  }
  const at: XY = [(Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2];
  // the picture is 4:3, spanMm across: the ends' box and a margin fit both ways
  const span =
    Math.max(200, Math.max(...xs) - Math.min(...xs), ((Math.max(...ys) - Math.min(...ys)) * 4) / 3) * 1.3;
  return { at, span };
}

/** the legend's rows drawn under the picture, from `y` down */
function drawLegend(c: CanvasRenderingContext2D, rows: LegendRow[], y: number): void {
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
}

/** the saved picture: the table's picture (640 by 480), a heading and the legend under it */
function legendPicture(
  pic: HTMLCanvasElement | null,
  head: string,
  rows: LegendRow[],
): HTMLCanvasElement | null {
  const out = document.createElement('canvas');
  out.width = 640;
  out.height = 480 + 40 + 38 * rows.length;
  const c = out.getContext('2d');
  if (!c) return null;
  c.fillStyle = '#101418';
  c.fillRect(0, 0, out.width, out.height);
  if (pic) c.drawImage(pic, 0, 0, 640, 480);
  c.fillStyle = '#e9ecef';
  c.font = '13px sans-serif';
  let y = 498;
  for (let k = 0; k < head.length; k += 95) {
    c.fillText(head.slice(k, k + 95), 8, y);
    y += 16;
  }
  drawLegend(c, rows, y);
  return out;
}

/** the three map buttons */
function mapButtons(): Record<PracticeLayer, HTMLButtonElement> {
  return {
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
}

export function buildPractice(host: HTMLElement, store: AppStore, hooks: PracticeHooks): PracticeUi {
  const panel = new PracticePanel(host, store, hooks);
  return {
    maps: () => panel.client.current,
    asked: () => panel.client.asked,
    layer: panel.layer(),
    tap: (x, y) => panel.tap(x, y),
    update: (s, a) => panel.update(s, a),
  };
}

/** The panel's controls and what it shows, as fields; each step a method. */
class PracticePanel {
  readonly container = new Container();
  /** the world last drawn: what a tap reads */
  lastWorld: World | null = null;
  readonly shown = new Set<PracticeLayer>();
  ship: string | null = null;
  version = 0;
  readonly opts: PracticeOptions = { cellMm: DEFAULT_CELL_MM, over: 'reach' };
  readonly drawing = new PracticeDrawing(this.container);
  readonly client: PracticeClient;
  readonly buttons = mapButtons();
  readonly cellSelect = h(
    'select',
    { id: 'practice-cell', title: 'threat map cell size' },
    ...[5, 10, 20].map((mm) =>
      h('option', { value: String(mm), selected: mm === this.opts.cellMm }, `${mm} mm cells`),
    ),
  );
  readonly close = h('button', { id: 'practice-close', title: 'hide the practice maps' }, 'Hide');
  readonly zoom = h(
    'button',
    {
      id: 'practice-zoom',
      title: 'zoom the table to the ship and every place it can reach (Fit: the whole table)',
    },
    'Zoom to the maps',
  );
  readonly save = h(
    'button',
    { id: 'practice-save', title: 'a picture of the maps with their legend' },
    'Save as picture',
  );
  readonly status = h('div', { id: 'practice-status', class: 'hint' });
  readonly progress = h('progress', { id: 'practice-progress', max: 1, value: 0 });
  readonly legend = h('div', { id: 'practice-legend', class: 'legend' });
  readonly why = h('div', { id: 'practice-why' });
  readonly body: HTMLElement;
  legendKey = '';

  constructor(
    readonly host: HTMLElement,
    readonly store: AppStore,
    readonly hooks: PracticeHooks,
  ) {
    this.client = new PracticeClient(() => {
      this.version++;
      hooks.schedule();
    });
    this.body = h(
      'div',
      { id: 'practice-body' },
      h('div', { class: 'row' }, this.zoom, this.cellSelect, this.save, this.close),
      this.progress,
      this.status,
      this.legend,
      h(
        'p',
        { class: 'hint' },
        'Tap the table to read a cell (threat) or the nearest end (reach, opportunity).',
      ),
      this.why,
    );
    host.append(
      h('style', {}, STYLE),
      h('h3', {}, 'Practice maps'),
      h('div', { class: 'row' }, this.buttons.reach, this.buttons.threat, this.buttons.opportunity),
      this.body,
    );
    this.listen();
  }

  private listen() {
    for (const k of Object.keys(this.buttons) as PracticeLayer[])
      this.buttons[k].addEventListener('click', () => this.toggle(k));
    this.close.addEventListener('click', () => this.hide());
    this.cellSelect.addEventListener('change', () => {
      this.opts.cellMm = Number(this.cellSelect.value);
      this.hooks.schedule();
    });
    this.save.addEventListener('click', () => this.savePicture());
    this.zoom.addEventListener('click', () => this.zoomToMaps());
  }

  /** the view framed on the ship and its reach: the maps read at their own size */
  private zoomToMaps() {
    const m = this.client.current;
    if (!m?.ends?.length || !this.lastWorld) return;
    const { at, span } = pictureFrame(m, this.world());
    this.hooks.frame?.([at[0] - span / 2, at[1] - (span * 3) / 8, at[0] + span / 2, at[1] + (span * 3) / 8]);
  }

  private world(): World {
    return this.lastWorld as World;
  }

  private selectedShip() {
    const s = this.store.getState();
    return s.selected && s.table.ships.some((x) => x.id === s.selected) ? s.selected : null;
  }

  private toggle(layerName: PracticeLayer) {
    const sel = this.selectedShip();
    if (sel && sel !== this.ship) {
      this.ship = sel;
      this.why.textContent = '';
    }
    if (!this.ship) {
      this.status.textContent = 'Select a ship first.';
      return;
    }
    if (this.shown.has(layerName)) this.shown.delete(layerName);
    else this.shown.add(layerName);
    if (!this.shown.size) this.hide();
    this.hooks.schedule();
  }

  // hidden, the maps worked out so far are kept (the worker finishes them): shown again, at once
  private hide() {
    this.shown.clear();
    this.ship = null;
    this.drawing.clear();
    this.why.textContent = '';
    this.hooks.schedule();
  }

  private renderLegend() {
    const key = `${[...this.shown].sort().join(',')}/${this.opts.cellMm}`;
    if (key === this.legendKey) return;
    this.legendKey = key;
    const swatch = (c: number, text: string) =>
      h('span', {}, h('i', { style: `background:${css(c)}` }), text);
    this.legend.replaceChildren(
      ...legendRows(this.shown, this.opts.cellMm).map((r) =>
        h('div', {}, h('b', {}, r.head + ' '), ...r.items.map(([c, t]) => swatch(c, t))),
      ),
    );
  }

  tap(x: number, y: number): boolean {
    const m = this.client.current;
    const ship = this.ship;
    if (!ship || !this.shown.size || !m || !this.lastWorld) return false;
    const w = this.world();
    const e = w.byId.get(ship);
    if (e?.kind !== 'ship') return false;
    this.why.replaceChildren();
    const read =
      (this.shown.has('threat') && !!m.grid && this.tapCell(m, w, ship, e.piece.rotation, x, y)) ||
      ((this.shown.has('reach') || this.shown.has('opportunity')) &&
        !!m.ends &&
        this.tapEnd(m, w, ship, x, y));
    if (read) this.showWhy();
    return read;
  }

  /** the reading just written, where the player looks: now, and once the panels written after the tap are laid out */
  private showWhy() {
    const show = () => {
      if (this.why.firstChild) this.hooks.show?.(this.why);
    };
    show();
    requestAnimationFrame(show);
  }

  /** a tap on a judged threat cell: who can attack the ship there, and why (false off the grid) */
  private tapCell(m: PracticeMaps, w: World, ship: string, rotation: number, x: number, y: number): boolean {
    const g = m.grid;
    if (!g) return false;
    const i = Math.floor((x - g.x0) / g.cell),
      j = Math.floor((y - g.y0) / g.cell);
    if (!(i >= 0 && j >= 0 && i < g.nx && j < g.ny && g.region[i + j * g.nx])) return false;
    const said = namer(w.table);
    const cx = g.x0 + (i + 0.5) * g.cell,
      cy = g.y0 + (j + 0.5) * g.cell;
    const pairs = pairsExplained(w, ship, { x: cx, y: cy, rotation }, 'defend');
    const can = pairs.filter((p) => p.can);
    const attackers = [...new Set(can.map((p) => said(p.attacker)))];
    this.drawing.mark({ kind: 'cell', x: g.x0 + i * g.cell, y: g.y0 + j * g.cell, size: g.cell });
    this.why.append(
      h(
        'p',
        { id: 'practice-why-head' },
        `Threat on ${said(ship)} in the marked ${g.cell} mm cell (${cx.toFixed(1)}, ${cy.toFixed(1)}), ` +
          `at its heading ${rotation}°: ${plural(attackers.length, 'attacker')} can attack it` +
          `${attackers.length ? ` (${attackers.join(', ')})` : ''}.`,
      ),
      pairList(pairs, said, (p) => (p.can ? `can attack ${verdict(p)}` : `cannot (${p.los})`)),
    );
    if (!pairs.length)
      this.why.append(h('p', {}, 'No enemy hull zone or squadron has it in arc and in range here.'));
    return true;
  }

  /** a tap near an end: how the ship got there, and (opportunity shown) what it could attack from it */
  private tapEnd(m: PracticeMaps, w: World, ship: string, x: number, y: number): boolean {
    const ends = m.ends ?? [];
    const k = nearestEnd(m, x, y, 25);
    if (k < 0) return false;
    const end = ends[k];
    this.drawing.mark({ kind: 'end', x: end.x, y: end.y, size: 12 });
    this.why.append(
      h(
        'p',
        { id: 'practice-why-head' },
        `End ${k + 1} of ${ends.length} (round ${end.round}, speed ${end.speed}` +
          `${end.speedUsed !== end.speed ? ` used as ${end.speedUsed}` : ''}, ` +
          `${end.side} side${end.clicks.length ? `, ${jointsWords(end.clicks)}` : ''}` +
          `): ${OUTCOME_TEXT[end.outcome]}.`,
      ),
      h('p', {}, end.why),
    );
    if (this.shown.has('opportunity')) {
      const said = namer(w.table);
      const pairs = pairsExplained(w, ship, { x: end.x, y: end.y, rotation: end.rotation }, 'attack');
      const targets = [...new Set(pairs.filter((p) => p.can).map((p) => said(p.defender)))];
      this.why.append(
        h('p', {}, `From there it could attack ${targets.length ? targets.join(', ') : 'nothing'}.`),
        pairList(pairs, said, (p) => (p.can ? verdict(p) : `cannot (${p.los})`)),
      );
    }
    return true;
  }

  private savePicture() {
    const m = this.client.current;
    if (!m?.ends) return;
    const { at, span } = pictureFrame(m, this.world());
    const pic = this.hooks.picture(at, span, 640, 480);
    const head = `Practice maps of ${statusText(m, this.client.available, this.shipName(m))}`;
    const out = legendPicture(pic, head, legendRows(this.shown, this.opts.cellMm));
    if (!out) return;
    const a = document.createElement('a');
    a.download = `practice-${m.ship}.png`;
    a.href = out.toDataURL('image/png');
    a.dataset.bytes = String(a.href.length);
    this.host.dataset.savedPicture = a.download;
    a.click();
  }

  /** the maps' ship as the table names it */
  private shipName(m: PracticeMaps): string {
    return namer(m.table)(m.ship);
  }

  layer(): SceneLayer {
    const container = this.container;
    return {
      container,
      // at every render, before the frame is shown: placed with the view, drawn again only when the maps changed
      draw: (frame) => {
        placeUnder(container, frame.view);
        const active = this.ship !== null && this.shown.size > 0;
        this.hooks.quiet?.(active);
        const e = this.ship ? frame.analysis.world.byId.get(this.ship) : undefined;
        const piece = e?.kind === 'ship' ? e.piece : undefined;
        this.drawing.draw(
          active ? this.client.current : null,
          this.version,
          this.shown,
          frame.analysis.world.catalog,
          piece,
          frame.view.scale,
        );
        // what is on the canvas now (the tests read it): the maps' layers, once their map is whole
        const m = this.client.current;
        this.host.dataset.drawn = active && m?.done ? [...this.shown].sort().join(',') : '';
        // the ends' marks as drawn, in screen pixels (first maneuver, second), at this zoom
        const look = this.drawing.look;
        const marksPx = active
          ? `${(look.end1 * frame.view.scale).toFixed(1)},${(look.end2 * frame.view.scale).toFixed(1)}`
          : '';
        if (this.host.dataset.endMarksPx !== marksPx) this.host.dataset.endMarksPx = marksPx;
      },
    };
  }

  update(s: AppState, a: LiveAnalysis) {
    this.lastWorld = a.world;
    for (const k of Object.keys(this.buttons) as PracticeLayer[])
      setAttr(this.buttons[k], 'aria-pressed', String(this.shown.has(k)));
    const sel = this.selectedShip();
    const active = this.ship !== null && this.shown.size > 0;
    this.hooks.quiet?.(active);
    this.host.classList.toggle('active', active);
    this.body.hidden = !active;
    if (this.ship && !s.table.ships.some((x) => x.id === this.ship)) this.hide();
    if (active && this.ship) this.client.request(s.table as Table, this.ship, this.opts);
    const m = this.client.current;
    setText(
      this.status,
      active
        ? statusText(m, this.client.available, m ? this.shipName(m) : '')
        : sel
          ? ''
          : 'Select a ship, then a map.',
    );
    const noEnds = !m?.ends?.length;
    if (this.zoom.disabled !== noEnds) this.zoom.disabled = noEnds;
    const p = this.progress;
    const done = m?.grid ? (m.cellsDone + m.endsDone) / (m.grid.total + (m.ends?.length ?? 0)) : 0;
    if (p.value !== done) p.value = done;
    this.renderLegend();
  }
}
