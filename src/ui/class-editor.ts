import { CATALOG, type ClassEdit, type Faction, shipClass } from '../model/catalog';
import { localShipShapes } from '../model/pieces';
import { type Table, validateTable } from '../model/table';
import {
  catalogWith,
  dragHandle,
  editOf,
  editorBase,
  fieldsOf,
  type HandleName,
  handlesOf,
  setField,
  withClassEdit,
} from '../state/class-edit';
import type { AppState, AppStore, Commands } from '../state/store';
import { DRAG_THRESHOLD_PX } from '../state/gesture';
import { h, option } from './dom';

const SVG = 'http://www.w3.org/2000/svg';
const svg = <K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
): SVGElementTagNameMap[K] => {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
};
/** CSS pixels per mm at life size (96 px to the inch) */
const LIFE = 96 / 25.4;

/**
 * The class editor (`measurements.classes`): a class's token drawn magnified with its hull zones,
 * arc lines and targeting points; drag a handle (mouse, finger, pen) or type a figure in mm until the
 * drawing matches the cardboard. Each drag or typed figure is one undo step, saved in the table and
 * its share links; the table file's validation refuses a token that is no ship (zones that cross, a
 * targeting point outside its zone) and the message says why. Verdicts resting on an edit say so.
 */
export function buildClassEditor(host: HTMLElement, store: AppStore, cmd: Commands) {
  const pick = h('select', {
    id: 'class-edit-class',
    title: 'the ship class to correct',
    style: 'max-width:100%;min-width:0',
  });
  const zoom = h(
    'select',
    { id: 'class-edit-zoom', title: 'how large the token is drawn' },
    option('fit', 'fit the panel'),
    option('2', '2x'),
    option('4', '4x'),
    option('life', 'life size (lay the token on the screen)'),
  );
  const reset = h(
    'button',
    { id: 'class-edit-reset', title: 'give every figure of this class back to the catalog' },
    'Reset class to catalog',
  );
  const status = h('div', { class: 'hint', id: 'class-edit-status' });
  const drawing = svg('svg', { id: 'class-edit-token' });
  // the view pans with a finger (a large token at 4x or life size); the handles take the finger themselves
  // (panned by hand below: the handles must take a finger at once, and touch-action on SVG shapes is not kept)
  const scroller = h('div', {
    class: 'class-edit-view',
    style: 'overflow:auto;max-height:60vh;background:#101419;border:1px solid var(--line);touch-action:none',
  });
  scroller.append(drawing);
  const fields = h('div', { class: 'class-edit-fields' });
  const body = h(
    'div',
    {},
    h('div', { class: 'row' }, pick, zoom),
    scroller,
    status,
    fields,
    h('div', { class: 'row' }, reset),
  );
  const panel = h(
    'details',
    { id: 'class-editor' },
    h(
      'summary',
      { style: 'cursor:pointer' },
      h('h3', { style: 'display:inline' }, 'Correct a class'),
      ' ',
      h('span', { class: 'count', id: 'class-edit-count' }),
    ),
    h(
      'p',
      { class: 'hint' },
      'Move the arc-line ends and targeting points until the drawing matches the token in your hand (or type them in ' +
        'mm). Saved with the table and its share links; verdicts that rest on an edit say so (✎).',
    ),
    body,
  );
  host.append(panel);

  const groups = new Map<Faction, HTMLOptGroupElement>();
  for (const [id, c] of Object.entries(CATALOG.shipClasses).sort((a, b) =>
    a[1].name.localeCompare(b[1].name),
  )) {
    let g = groups.get(c.faction);
    if (!g) {
      g = h('optgroup', { label: CATALOG.factions[c.faction] ?? c.faction }) as HTMLOptGroupElement;
      groups.set(c.faction, g);
    }
    g.append(option(id, c.name));
  }
  pick.append(...groups.values());

  let table: Table = store.getState().table;
  let id = pick.value;
  let draft: ClassEdit | null = null; // the edit while a handle is dragged
  // a press on a handle becomes a drag only past the threshold, and the handle keeps where it was grabbed
  let dragging: {
    name: HandleName;
    pointer: number;
    x0: number;
    y0: number;
    dx: number;
    dy: number;
    limit: number;
    moved: boolean;
  } | null = null;
  let shown: { name: HandleName; x: number; y: number }[] = [];
  /** a page point to the token's frame (mm), as the last drawing laid it out */
  let toToken = (_cx: number, _cy: number): { x: number; y: number } => ({ x: NaN, y: NaN });

  const scale = () => {
    const c = shipClass(CATALOG, id)!;
    const t = CATALOG.shipSizes[c.size].token;
    const fit = Math.min(
      Math.max(180, scroller.clientWidth - 8 || 300) / (t.width + 12),
      420 / (t.length + 12),
    );
    return zoom.value === 'life' ? LIFE : zoom.value === 'fit' ? fit : fit * Number(zoom.value);
  };

  const draw = () => {
    const c = shipClass(CATALOG, id);
    drawing.replaceChildren();
    if (!c) return;
    const base = editorBase(table);
    const edit = draft ?? editOf(table, id);
    const k = scale();
    const { width, length } = base.shipSizes[c.size].token;
    const W = (width + 12) * k,
      H = (length + 12) * k;
    drawing.setAttribute('width', String(W));
    drawing.setAttribute('height', String(H));
    drawing.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const X = (x: number) => W / 2 + x * k,
      Y = (y: number) => H / 2 - y * k;
    let shapes: ReturnType<typeof localShipShapes> | null = null;
    try {
      shapes = localShipShapes(catalogWith(id, edit, base), c.size, id);
    } catch {
      shapes = null;
    }
    drawing.append(
      svg('rect', {
        x: X(-width / 2),
        y: Y(length / 2),
        width: width * k,
        height: length * k,
        fill: '#2a3440',
        stroke: '#c8d0d8',
        'stroke-width': 1.5,
      }),
    );
    const zoneFill = ['#3b5b7a', '#4a6b3a', '#7a5b3b', '#5b3b7a', '#3b7a6b', '#7a3b4a'];
    if (shapes) {
      shapes.zones.forEach((z, i) => {
        const pts = shapes!.hullZones[z]
          .pairs()
          .map(([x, y]) => `${X(x)},${Y(y)}`)
          .join(' ');
        drawing.append(
          svg('polygon', {
            points: pts,
            fill: zoneFill[i % zoneFill.length],
            'fill-opacity': 0.55,
            stroke: '#ffd43b',
            'stroke-width': 1.2,
            'data-zone': z,
          }),
        );
      });
    } else {
      status.textContent = 'These figures do not divide the token into hull zones.';
    }
    // the handles once a drawing: each asks the catalog with the edit applied
    const handles = handlesOf(id, edit, base);
    for (const hd of handles) {
      const mirror = hd.x === 0 ? [1] : [1, -1];
      for (const m of mirror) {
        const main = m === 1;
        const el =
          hd.kind === 'targeting'
            ? svg('circle', {
                cx: X(hd.x * m),
                cy: Y(hd.y),
                r: main ? 7 : 4,
                fill: main ? '#ffd43b' : 'none',
                stroke: '#ffd43b',
                'stroke-width': 2,
              })
            : svg('rect', {
                x: X(hd.x * m) - (main ? 7 : 4),
                y: Y(hd.y) - (main ? 7 : 4),
                width: main ? 14 : 8,
                height: main ? 14 : 8,
                fill: main ? '#ff8c42' : 'none',
                stroke: '#ff8c42',
                'stroke-width': 2,
              });
        if (main) {
          el.setAttribute('data-handle', hd.name);
          el.setAttribute('style', 'cursor:grab');
          const title = svg('title');
          title.textContent = `${hd.label}: drag it`;
          el.append(title);
        }
        drawing.append(el);
      }
    }
    // an invisible wide target over each handle: 44 px to a finger (the nearest handle to the press wins)
    shown = handles.map((hd) => ({ name: hd.name, x: hd.x, y: hd.y }));
    for (const hd of shown) {
      drawing.append(
        svg('circle', {
          cx: X(hd.x),
          cy: Y(hd.y),
          r: 22,
          fill: 'transparent',
          'data-handle-target': hd.name,
        }),
      );
    }
    toToken = (cx, cy) => {
      const r = drawing.getBoundingClientRect();
      return { x: (cx - r.left - W / 2) / k, y: (H / 2 - (cy - r.top)) / k };
    };
  };

  const renderFields = () => {
    const c = shipClass(CATALOG, id);
    fields.replaceChildren();
    if (!c) return;
    const base = editorBase(table);
    const edit = editOf(table, id);
    for (const f of fieldsOf(id, edit, base)) {
      const input = h('input', {
        type: 'number',
        step: '0.1',
        style: 'width:76px',
        'data-path': f.path,
        id: `class-edit-${f.path.replace(/\./g, '-')}`,
      });
      input.value = f.value === undefined ? '' : String(Math.round(f.value * 100) / 100);
      if (f.edited) input.style.borderColor = '#e0a030';
      input.addEventListener('change', () => {
        const v = input.value.trim() === '' ? null : input.valueAsNumber;
        if (v !== null && !Number.isFinite(v)) return;
        const t = store.getState().table;
        const edit = setField(id, editOf(t, id), f.path, v, editorBase(t));
        // refused in the field's own words, not the file's path
        try {
          validateTable(JSON.parse(JSON.stringify(withClassEdit(t, id, edit))));
        } catch (e) {
          const problem = (e as { problem?: string }).problem ?? (e as Error).message;
          cmd.message('error', `Not changed: ${f.label}: ${problem}.`);
          renderFields();
          return;
        }
        cmd.clearMessage();
        cmd.setClassEdit(id, edit);
      });
      const cat = f.catalog === undefined ? 'none' : String(Math.round(f.catalog * 100) / 100);
      fields.append(
        h(
          'div',
          { class: 'row', style: 'align-items:center;margin:2px 0' },
          h(
            'label',
            { for: input.id, style: 'flex:1;min-width:150px;font-size:11px;color:var(--muted)' },
            f.label,
          ),
          input,
          h('span', { class: 'hint' }, `catalog ${cat}`),
        ),
      );
    }
  };

  const refresh = () => {
    draw();
    renderFields();
    const c = shipClass(CATALOG, id);
    const edited = Object.keys(table.measurements?.classes ?? {});
    (panel.querySelector('#class-edit-count') as HTMLElement).textContent = edited.length
      ? `${edited.length} edited`
      : 'catalog';
    reset.disabled = !table.measurements?.classes?.[id];
    if (c) {
      const arcs = c.arcs,
        unc = arcs.uncertaintyMm !== undefined ? `, catalog good to about ${arcs.uncertaintyMm} mm` : '';
      const source =
        arcs.source === 'section7'
          ? "the community's measurements of the printed token"
          : arcs.source === 'mesh'
            ? "a digital table's ruler meshes"
            : 'the catalog';
      status.textContent =
        `${c.name} (${c.size}, bow at the top): arc lines from ${source}${unc}; targeting points ` +
        `${c.targetingPoints.status ?? ''}.` +
        (table.measurements?.classes?.[id] ? ' Edited on this table.' : '');
    }
  };

  pick.addEventListener('change', () => {
    id = pick.value;
    draft = null;
    refresh();
  });
  zoom.addEventListener('change', () => draw());
  reset.addEventListener('click', () => cmd.setClassEdit(id, null));
  panel.addEventListener('toggle', () => {
    if (panel.open) refresh();
  });

  // a press away from the handles pans: the view first, what it cannot take the panel around it
  let pan: { pointer: number; x: number; y: number } | null = null;
  const outer = (): HTMLElement | null => {
    for (let el = scroller.parentElement; el; el = el.parentElement) {
      const o = getComputedStyle(el).overflowY;
      if ((o === 'auto' || o === 'scroll') && el.scrollHeight > el.clientHeight) return el;
    }
    return null;
  };
  scroller.addEventListener('pointerdown', (ev) => {
    if ((ev.target as Element).closest('[data-handle],[data-handle-target]') || ev.pointerType === 'mouse')
      return;
    scroller.setPointerCapture(ev.pointerId);
    pan = { pointer: ev.pointerId, x: ev.clientX, y: ev.clientY };
  });
  scroller.addEventListener('pointermove', (ev) => {
    if (!pan || ev.pointerId !== pan.pointer) return;
    const dx = pan.x - ev.clientX,
      dy = pan.y - ev.clientY;
    pan.x = ev.clientX;
    pan.y = ev.clientY;
    const top = scroller.scrollTop;
    scroller.scrollBy(dx, dy);
    const restY = dy - (scroller.scrollTop - top);
    if (Math.abs(restY) >= 1) outer()?.scrollBy(0, restY);
  });
  const endPan = (ev: PointerEvent) => {
    if (pan && ev.pointerId === pan.pointer) pan = null;
  };
  scroller.addEventListener('pointerup', endPan);
  scroller.addEventListener('pointercancel', endPan);

  drawing.addEventListener('pointerdown', (ev) => {
    const target = (ev.target as Element).closest('[data-handle],[data-handle-target]');
    if (!target) return;
    // handles whose targets overlap (two meeting points a few px apart): the nearest to the press
    const p = toToken(ev.clientX, ev.clientY);
    let best = shown[0],
      bestD = Infinity;
    for (const hd of shown) {
      const d = Math.hypot(hd.x - Math.abs(p.x), hd.y - p.y);
      if (d < bestD) {
        bestD = d;
        best = hd;
      }
    }
    if (!best) return;
    ev.preventDefault();
    drawing.setPointerCapture(ev.pointerId);
    const limit = ev.pointerType === 'mouse' ? DRAG_THRESHOLD_PX.mouse : DRAG_THRESHOLD_PX.touch;
    dragging = {
      name: best.name,
      pointer: ev.pointerId,
      x0: ev.clientX,
      y0: ev.clientY,
      dx: best.x - Math.abs(p.x),
      dy: best.y - p.y,
      limit,
      moved: false,
    };
  });
  drawing.addEventListener('pointermove', (ev) => {
    if (!dragging || ev.pointerId !== dragging.pointer) return;
    if (!dragging.moved && Math.hypot(ev.clientX - dragging.x0, ev.clientY - dragging.y0) <= dragging.limit)
      return;
    dragging.moved = true;
    const p = toToken(ev.clientX, ev.clientY);
    draft = dragHandle(
      id,
      editOf(table, id),
      dragging.name,
      Math.abs(p.x) + dragging.dx,
      p.y + dragging.dy,
      editorBase(table),
    );
    draw();
  });
  const drop = (ev: PointerEvent) => {
    if (!dragging || ev.pointerId !== dragging.pointer) return;
    const edit = draft,
      moved = dragging.moved;
    dragging = null;
    draft = null;
    if (!edit || !moved) return; // a tap: nothing moves
    // judged as the file would be: a token that is no ship is refused, with the reason
    const next = withClassEdit(store.getState().table, id, edit);
    try {
      validateTable(JSON.parse(JSON.stringify(next)));
    } catch (e) {
      cmd.message(
        'error',
        `That edit was not made: ${(e as { problem?: string }).problem ?? (e as Error).message}.`,
      );
      refresh();
      return;
    }
    cmd.clearMessage();
    cmd.setClassEdit(id, edit);
  };
  drawing.addEventListener('pointerup', drop);
  drawing.addEventListener('pointercancel', (ev) => {
    if (dragging && ev.pointerId === dragging.pointer) {
      dragging = null;
      draft = null;
      draw();
    }
  });

  return {
    /** open the editor on a class (the inspector's button) */
    open(classId: string) {
      if (!shipClass(CATALOG, classId)) return;
      pick.value = id = classId;
      panel.open = true;
      refresh();
      panel.scrollIntoView({ block: 'start' });
    },
    update(s: AppState) {
      if (s.table === table && fields.childElementCount) return;
      const before = table.measurements;
      table = s.table;
      if (panel.open && (before !== table.measurements || !fields.childElementCount)) refresh();
      else if (!panel.open) {
        const n = Object.keys(table.measurements?.classes ?? {}).length;
        (panel.querySelector('#class-edit-count') as HTMLElement).textContent = n ? `${n} edited` : 'catalog';
      }
    },
  };
}
