import { overrideOf, uncertainFigures, type Figure, type MeasureKey } from '../state/measurements';
import type { AppState, Commands } from '../state/store';
import { h } from './dom';

const domId = (key: MeasureKey) => key.replace('.', '-');

function note(f: Figure): string {
  const parts = [`catalog ${f.perSize ?? f.catalog} ${f.unit ?? 'mm'}`];
  if (f.spread) parts.push(`measured ${f.spread[0]}–${f.spread[1]}`);
  if (f.status) parts.push(f.status);
  return parts.join(' · ');
}

interface FigureRow {
  row: HTMLElement;
  input: HTMLInputElement;
  reset: HTMLButtonElement;
  f: Figure;
}

/** One figure's row: its label, the box holding the table's value (or the catalog's), its unit and reset. */
function figureRow(f: Figure, cmd: Commands, show: (key: MeasureKey) => void): FigureRow {
  const input = h('input', {
    type: 'number',
    id: `meas-${domId(f.key)}`,
    step: '0.05',
    style: 'width:80px',
    title: `${f.group}: ${f.label} (${f.unit ?? 'mm'})`,
  });
  const reset = h(
    'button',
    { id: `meas-reset-${domId(f.key)}`, title: 'reset to the catalog figure' },
    'reset',
  );
  input.addEventListener('change', () => {
    // an emptied box means the catalog figure again
    cmd.setMeasurement(f.key, Number.isFinite(input.valueAsNumber) ? input.valueAsNumber : null);
    show(f.key); // a refused value leaves the box showing what the table holds
  });
  reset.addEventListener('click', () => cmd.setMeasurement(f.key, null));
  const row = h(
    'div',
    { class: 'measurement', 'data-key': f.key },
    h(
      'div',
      { class: 'row', style: 'align-items:center;margin:2px 0 0' },
      h('label', { for: input.id, style: 'min-width:84px' }, f.label),
      input,
      h('span', { class: 'hint' }, f.unit ?? 'mm'),
      reset,
    ),
    h('div', { class: 'hint', style: 'margin:0 0 2px' }, note(f)),
  );
  return { row, input, reset, f };
}

/** Where two datasets give a class's arc lines: each class's default, or one dataset for all. */
function arcSourceChoice(cmd: Commands): { select: HTMLSelectElement; nodes: HTMLElement[] } {
  const select = h(
    'select',
    { id: 'meas-arc-source', title: "which dataset's arc lines the ship classes use" },
    h('option', { value: '' }, "each class's default (section 7 where measured)"),
    h('option', { value: 'section7' }, 'section 7 (community, printed tokens; 13 classes)'),
    h('option', { value: 'mesh' }, 'ruler meshes (digital table; all 33 classes)'),
  );
  select.addEventListener('change', () =>
    cmd.setArcSource(select.value === '' ? null : (select.value as 'mesh')),
  );
  const nodes = [
    h('div', { class: 'hint', style: 'margin-top:6px;font-weight:600' }, 'Ship-class arc lines'),
    h('div', { class: 'row', style: 'align-items:center;margin:2px 0 0' }, select),
    h(
      'div',
      { class: 'hint', style: 'margin:0 0 2px' },
      'Section 7 and the meshes agree to about 1-1.5 mm (median); a class without the chosen dataset keeps its own.',
    ),
  ];
  return { select, nodes };
}

/**
 * The uncertain catalog figures, each with an override that lives in the table (so it is saved,
 * shared and undone with it). A collapsed <details> so it stays out of the way.
 */
export function buildMeasurements(host: HTMLElement, cmd: Commands) {
  const figures = uncertainFigures();
  const count = h('span', { class: 'count', id: 'measurements-count' });
  const resetAll = h(
    'button',
    { id: 'measurements-reset-all', onclick: () => cmd.clearMeasurements() },
    'Reset all to catalog',
  );
  const rows = new Map<MeasureKey, FigureRow>();
  const body = h('div', { class: 'measurements' });
  let group = '';
  let current: AppState['table']['measurements'];
  const show = (key: MeasureKey) => {
    const r = rows.get(key)!;
    const over = overrideOf(current, key);
    r.input.value = String(over ?? r.f.catalog);
    r.reset.disabled = over === undefined;
    r.row.dataset.overridden = String(over !== undefined);
    r.input.style.borderColor = over !== undefined ? '#e0a030' : '';
  };
  for (const f of figures) {
    if (f.group !== group)
      body.append(h('div', { class: 'hint', style: 'margin-top:6px;font-weight:600' }, (group = f.group)));
    const r = figureRow(f, cmd, show);
    rows.set(f.key, r);
    body.append(r.row);
  }
  const arcSource = arcSourceChoice(cmd);
  body.append(...arcSource.nodes);
  host.append(
    h(
      'details',
      { id: 'measurements-panel' },
      h(
        'summary',
        { style: 'cursor:pointer' },
        h('h3', { style: 'display:inline' }, 'Measurements'),
        ' ',
        count,
      ),
      h(
        'p',
        { class: 'hint' },
        'Uncertain figures: override one to judge the table with your own measurement. Overrides are saved with the ' +
          'table and travel in share links.',
      ),
      body,
      h('div', { class: 'row' }, resetAll),
    ),
  );
  return (s: AppState) => {
    if (s.table.measurements === current && count.textContent) return;
    current = s.table.measurements;
    const n =
      figures.filter((f) => overrideOf(current, f.key) !== undefined).length + (current?.arcSource ? 1 : 0);
    arcSource.select.value = current?.arcSource ?? '';
    count.textContent = n ? `${n} set` : 'catalog';
    resetAll.disabled = !n;
    for (const f of figures) show(f.key);
  };
}
