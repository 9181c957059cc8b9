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
import { h, option, setText } from './dom';

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
type Handles = ReturnType<typeof handlesOf>;
/** the drawing's frame: mm on the token to px in the SVG, and the px per mm */
interface Frame {
  X: (x: number) => number;
  Y: (y: number) => number;
  k: number;
}

/** The token's hull zones, filled, over its outline; false when the figures divide it into no zones. */
function drawZones(
  drawing: SVGSVGElement,
  shapes: ReturnType<typeof localShipShapes> | null,
  f: Frame,
): boolean {
  if (!shapes) return false;
  const zoneFill = ['#3b5b7a', '#4a6b3a', '#7a5b3b', '#5b3b7a', '#3b7a6b', '#7a3b4a'];
  shapes.zones.forEach((z, i) => {
    const pts = shapes.hullZones[z]
      .pairs()
      .map(([x, y]) => `${f.X(x)},${f.Y(y)}`)
      .join(' ');
    const attrs = { points: pts, fill: zoneFill[i % zoneFill.length], 'fill-opacity': 0.55 };
    drawing.append(svg('polygon', { ...attrs, stroke: '#ffd43b', 'stroke-width': 1.2, 'data-zone': z }));
  });
  return true;
}

/** Each handle (and its mirror on the other side), then an invisible 44 px target over each for a finger. */
function drawHandles(drawing: SVGSVGElement, handles: Handles, f: Frame): void {
  const { X, Y } = f;
  for (const hd of handles) {
    for (const m of hd.x === 0 ? [1] : [1, -1]) {
      const main = m === 1;
      const r = main ? 7 : 4;
      const el =
        hd.kind === 'targeting'
          ? svg('circle', {
              cx: X(hd.x * m),
              cy: Y(hd.y),
              r,
              fill: main ? '#ffd43b' : 'none',
              stroke: '#ffd43b',
            })
          : svg('rect', {
              x: X(hd.x * m) - r,
              y: Y(hd.y) - r,
              width: 2 * r,
              height: 2 * r,
              fill: main ? '#ff8c42' : 'none',
              stroke: '#ff8c42',
            });
      el.setAttribute('stroke-width', '2');
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
  // the nearest handle to the press wins where targets overlap
  for (const hd of handles) {
    drawing.append(
      svg('circle', { cx: X(hd.x), cy: Y(hd.y), r: 22, fill: 'transparent', 'data-handle-target': hd.name }),
    );
  }
}

/**
 * A press away from the handles pans (a finger or pen; the handles take the finger themselves):
 * the view first, what it cannot take the panel around it.
 */
function attachPan(scroller: HTMLElement): void {
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
}

/** Every class by name, grouped by faction. */
function classOptions(): HTMLOptGroupElement[] {
  const groups = new Map<Faction, HTMLOptGroupElement>();
  const byName = Object.entries(CATALOG.shipClasses).sort((a, b) => a[1].name.localeCompare(b[1].name));
  for (const [id, c] of byName) {
    let g = groups.get(c.faction);
    if (!g) {
      g = h('optgroup', { label: CATALOG.factions[c.faction] ?? c.faction }) as HTMLOptGroupElement;
      groups.set(c.faction, g);
    }
    g.append(option(id, c.name));
  }
  return [...groups.values()];
}

/** Where the class's figures come from, in words. */
function classStatus(table: Table, id: string): string {
  const c = shipClass(CATALOG, id)!;
  const arcs = c.arcs,
    unc = arcs.uncertaintyMm !== undefined ? `, catalog good to about ${arcs.uncertaintyMm} mm` : '';
  const source =
    arcs.source === 'section7'
      ? "the community's measurements of the printed token"
      : arcs.source === 'mesh'
        ? "a digital table's ruler meshes"
        : 'the catalog';
  return (
    `${c.name} (${c.size}, bow at the top): arc lines from ${source}${unc}; targeting points ` +
    `${c.targetingPoints.status ?? ''}.` +
    (table.measurements?.classes?.[id] ? ' Edited on this table.' : '')
  );
}

/** A handle being dragged: it becomes a drag only past the threshold, and keeps where it was grabbed. */
interface Dragging {
  name: HandleName;
  pointer: number;
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  limit: number;
  moved: boolean;
}

class ClassEditor {
  private readonly pick = h('select', {
    id: 'class-edit-class',
    title: 'the ship class to correct',
    style: 'max-width:100%;min-width:0',
  });
  private readonly zoom = h(
    'select',
    { id: 'class-edit-zoom', title: 'how large the token is drawn' },
    option('fit', 'fit the panel'),
    option('2', '2x'),
    option('4', '4x'),
    option('life', 'life size (lay the token on the screen)'),
  );
  private readonly reset = h(
    'button',
    { id: 'class-edit-reset', title: 'give every figure of this class back to the catalog' },
    'Reset class to catalog',
  );
  private readonly status = h('div', { class: 'hint', id: 'class-edit-status' });
  private readonly drawing = svg('svg', { id: 'class-edit-token' });
  // the view pans with a finger (a large token at 4x or life size); the handles take the finger themselves
  // (panned by hand: the handles must take a finger at once, and touch-action on SVG shapes is not kept)
  private readonly scroller = h('div', {
    class: 'class-edit-view',
    style: 'overflow:auto;max-height:60vh;background:#101419;border:1px solid var(--line);touch-action:none',
  });
  private readonly fields = h('div', { class: 'class-edit-fields' });
  private readonly count = h('span', { class: 'count', id: 'class-edit-count' });
  readonly panel: HTMLDetailsElement;
  private table: Table;
  private id: string;
  /** the edit while a handle is dragged */
  private draft: ClassEdit | null = null;
  private dragging: Dragging | null = null;
  private shown: { name: HandleName; x: number; y: number }[] = [];
  /** a page point to the token's frame (mm), as the last drawing laid it out */
  private toToken = (_cx: number, _cy: number): { x: number; y: number } => ({ x: NaN, y: NaN });

  constructor(
    host: HTMLElement,
    private readonly store: AppStore,
    private readonly cmd: Commands,
  ) {
    this.scroller.append(this.drawing);
    const body = h(
      'div',
      {},
      h('div', { class: 'row' }, this.pick, this.zoom),
      this.scroller,
      this.status,
      this.fields,
      h('div', { class: 'row' }, this.reset),
    );
    const hint =
      'Move the arc-line ends and targeting points until the drawing matches the token in your hand (or type them in ' +
      'mm). Saved with the table and its share links; verdicts that rest on an edit say so (✎).';
    this.panel = h(
      'details',
      { id: 'class-editor' },
      h(
        'summary',
        { style: 'cursor:pointer' },
        h('h3', { style: 'display:inline' }, 'Correct a class'),
        ' ',
        this.count,
      ),
      h('p', { class: 'hint' }, hint),
      body,
    );
    host.append(this.panel);
    this.pick.append(...classOptions());
    this.table = store.getState().table;
    this.id = this.pick.value;
    this.wire();
    attachPan(this.scroller);
  }

  private wire() {
    this.pick.addEventListener('change', () => {
      this.id = this.pick.value;
      this.draft = null;
      this.refresh();
    });
    this.zoom.addEventListener('change', () => this.draw());
    this.reset.addEventListener('click', () => this.cmd.setClassEdit(this.id, null));
    this.panel.addEventListener('toggle', () => {
      if (this.panel.open) this.refresh();
    });
    const d = this.drawing;
    d.addEventListener('pointerdown', (ev) => this.press(ev));
    d.addEventListener('pointermove', (ev) => this.move(ev));
    d.addEventListener('pointerup', (ev) => this.drop(ev));
    d.addEventListener('pointercancel', (ev) => {
      if (this.dragging && ev.pointerId === this.dragging.pointer) {
        this.dragging = null;
        this.draft = null;
        this.draw();
      }
    });
  }

  private scale() {
    const c = shipClass(CATALOG, this.id)!;
    const t = CATALOG.shipSizes[c.size].token;
    const fit = Math.min(
      Math.max(180, this.scroller.clientWidth - 8 || 300) / (t.width + 12),
      420 / (t.length + 12),
    );
    const zoom = this.zoom.value;
    return zoom === 'life' ? LIFE : zoom === 'fit' ? fit : fit * Number(zoom);
  }

  private draw() {
    const { id, drawing } = this;
    const c = shipClass(CATALOG, id);
    drawing.replaceChildren();
    if (!c) return;
    const base = editorBase(this.table);
    const edit = this.draft ?? editOf(this.table, id);
    const k = this.scale();
    const { width, length } = base.shipSizes[c.size].token;
    const W = (width + 12) * k,
      H = (length + 12) * k;
    drawing.setAttribute('width', String(W));
    drawing.setAttribute('height', String(H));
    drawing.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const f: Frame = { X: (x) => W / 2 + x * k, Y: (y) => H / 2 - y * k, k };
    let shapes: ReturnType<typeof localShipShapes> | null = null;
    try {
      shapes = localShipShapes(catalogWith(id, edit, base), c.size, id);
    } catch {
      shapes = null;
    }
    const outline = { x: f.X(-width / 2), y: f.Y(length / 2), width: width * k, height: length * k };
    drawing.append(svg('rect', { ...outline, fill: '#2a3440', stroke: '#c8d0d8', 'stroke-width': 1.5 }));
    if (!drawZones(drawing, shapes, f))
      this.status.textContent = 'These figures do not divide the token into hull zones.';
    // the handles once a drawing: each asks the catalog with the edit applied
    const handles = handlesOf(id, edit, base);
    drawHandles(drawing, handles, f);
    this.shown = handles.map((hd) => ({ name: hd.name, x: hd.x, y: hd.y }));
    this.toToken = (cx, cy) => {
      const r = drawing.getBoundingClientRect();
      return { x: (cx - r.left - W / 2) / k, y: (H / 2 - (cy - r.top)) / k };
    };
  }

  private renderFields() {
    const { id } = this;
    this.fields.replaceChildren();
    if (!shipClass(CATALOG, id)) return;
    const base = editorBase(this.table);
    for (const f of fieldsOf(id, editOf(this.table, id), base)) this.fields.append(this.fieldRow(f));
  }

  /** One figure's box: typed in mm, refused in the field's own words. */
  private fieldRow(f: ReturnType<typeof fieldsOf>[number]): HTMLElement {
    const { id, store, cmd } = this;
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
        this.renderFields();
        return;
      }
      cmd.clearMessage();
      cmd.setClassEdit(id, edit);
    });
    const cat = f.catalog === undefined ? 'none' : String(Math.round(f.catalog * 100) / 100);
    const label = h(
      'label',
      { for: input.id, style: 'flex:1;min-width:150px;font-size:11px;color:var(--muted)' },
      f.label,
    );
    return h(
      'div',
      { class: 'row', style: 'align-items:center;margin:2px 0' },
      label,
      input,
      h('span', { class: 'hint' }, `catalog ${cat}`),
    );
  }

  private refresh() {
    this.draw();
    this.renderFields();
    const edited = Object.keys(this.table.measurements?.classes ?? {});
    this.count.textContent = edited.length ? `${edited.length} edited` : 'catalog';
    this.reset.disabled = !this.table.measurements?.classes?.[this.id];
    if (shipClass(CATALOG, this.id)) this.status.textContent = classStatus(this.table, this.id);
  }

  /** A press on a handle (the nearest, where targets overlap: two meeting points a few px apart). */
  private press(ev: PointerEvent) {
    const target = (ev.target as Element).closest('[data-handle],[data-handle-target]');
    if (!target) return;
    const p = this.toToken(ev.clientX, ev.clientY);
    let best = this.shown[0],
      bestD = Infinity;
    for (const hd of this.shown) {
      const d = Math.hypot(hd.x - Math.abs(p.x), hd.y - p.y);
      if (d < bestD) [bestD, best] = [d, hd];
    }
    if (!best) return;
    ev.preventDefault();
    this.drawing.setPointerCapture(ev.pointerId);
    const limit = ev.pointerType === 'mouse' ? DRAG_THRESHOLD_PX.mouse : DRAG_THRESHOLD_PX.touch;
    this.dragging = {
      name: best.name,
      pointer: ev.pointerId,
      x0: ev.clientX,
      y0: ev.clientY,
      dx: best.x - Math.abs(p.x),
      dy: best.y - p.y,
      limit,
      moved: false,
    };
  }

  private move(ev: PointerEvent) {
    const g = this.dragging;
    if (!g || ev.pointerId !== g.pointer) return;
    if (!g.moved && Math.hypot(ev.clientX - g.x0, ev.clientY - g.y0) <= g.limit) return;
    g.moved = true;
    const p = this.toToken(ev.clientX, ev.clientY);
    const base = editorBase(this.table);
    this.draft = dragHandle(
      this.id,
      editOf(this.table, this.id),
      g.name,
      Math.abs(p.x) + g.dx,
      p.y + g.dy,
      base,
    );
    this.draw();
  }

  private drop(ev: PointerEvent) {
    if (!this.dragging || ev.pointerId !== this.dragging.pointer) return;
    const edit = this.draft,
      moved = this.dragging.moved;
    this.dragging = null;
    this.draft = null;
    if (!edit || !moved) return; // a tap: nothing moves
    // judged as the file would be: a token that is no ship is refused, with the reason
    const next = withClassEdit(this.store.getState().table, this.id, edit);
    try {
      validateTable(JSON.parse(JSON.stringify(next)));
    } catch (e) {
      const problem = (e as { problem?: string }).problem ?? (e as Error).message;
      this.cmd.message('error', `That edit was not made: ${problem}.`);
      this.refresh();
      return;
    }
    this.cmd.clearMessage();
    this.cmd.setClassEdit(this.id, edit);
  }

  /** open the editor on a class (the inspector's button) */
  open(classId: string) {
    if (!shipClass(CATALOG, classId)) return;
    this.pick.value = this.id = classId;
    this.panel.open = true;
    this.refresh();
    this.panel.scrollIntoView({ block: 'start' });
  }

  update(s: AppState) {
    if (s.table === this.table && this.fields.childElementCount) return;
    const before = this.table.measurements;
    this.table = s.table;
    if (this.panel.open && (before !== this.table.measurements || !this.fields.childElementCount))
      this.refresh();
    else if (!this.panel.open) {
      const n = Object.keys(this.table.measurements?.classes ?? {}).length;
      setText(this.count, n ? `${n} edited` : 'catalog');
    }
  }
}

export function buildClassEditor(host: HTMLElement, store: AppStore, cmd: Commands) {
  const editor = new ClassEditor(host, store, cmd);
  return { open: (classId: string) => editor.open(classId), update: (s: AppState) => editor.update(s) };
}
