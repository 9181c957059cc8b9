/**
 * Photo evidence in the app: load (or take) a photo of the real table, calibrate on ship base
 * corners, mark pieces (a loupe under the finger), see each point's residual and each piece's
 * fit and uncertainty, and the rectified photo under the table. The fits are src/photo's; the
 * pieces move to them through the table's own change command (one undo step a mark), and the
 * `photo` field keeps the marks (never the image: that stays in this browser, src/ui/photo-image.ts).
 */
import { CATALOG, withMeasurements } from '../model/catalog';
import {
  type CalibrationPoint,
  CORNERS,
  type CornerName,
  markablePoints,
  type PhotoEvidence,
  type PhotoMark,
  type PhotoSolution,
  solvePhoto,
  type XY,
} from '../model/photo';
import { type Table, validateTable } from '../model/table';
import { place } from '../geometry/point';
import { obstacleOutline, shipShapes } from '../model/pieces';
import type { PhotoLayer } from '../render/photo-layer';
import { decodePhoto, keepPhoto, keptPhoto, type LoadedPhoto } from './photo-image';
import type { AppState, AppStore, Commands } from '../state/store';
import { h } from './dom';

type Mode =
  | { kind: 'idle' }
  | { kind: 'calibrate'; ships: string[]; ship: number; corner: number; done: number }
  | { kind: 'mark'; piece: string };

/** corner order as a player goes round a base */
const ROUND: CornerName[] = ['front-left', 'front-right', 'rear-right', 'rear-left'];
/** how many calibration ships "Calibrate" walks through before it stops by itself */
const CAL_SHIPS = 2;
const f2 = (v: number) => (Math.round(v * 100) / 100).toFixed(2);
const r2 = (v: number) => Math.round(v * 100) / 100;

export function buildPhoto(
  host: HTMLElement,
  canvasHost: HTMLElement,
  store: AppStore,
  cmd: Commands,
  layer: PhotoLayer,
  redraw: () => void,
) {
  let image: LoadedPhoto | null = null;
  let draft: PhotoEvidence | null = null;
  let mode: Mode = { kind: 'idle' };
  let lastTablePhoto: PhotoEvidence | undefined;
  let solution: { photo: PhotoEvidence; table: Table; sol: PhotoSolution | null } | null = null;
  let under = true;
  let opacity = 0.7;

  const status = h('p', { id: 'photo-status', role: 'status' });
  const say = (text: string, kind: 'info' | 'error' = 'info') => {
    status.textContent = text;
    status.dataset.kind = kind;
  };
  const pick = (capture: boolean) => {
    const input = h('input', {
      type: 'file',
      accept: 'image/jpeg,image/png,image/webp,image/*',
      id: capture ? 'photo-camera' : 'photo-file',
      ...(capture ? { capture: 'environment' } : {}),
    });
    input.addEventListener('change', () => {
      const f = input.files?.[0];
      input.value = '';
      if (f) void load(f, f.name);
    });
    return input;
  };
  const openButton = h('button', { id: 'photo-open', onclick: () => show(true) }, 'Mark on photo');
  const calButton = h(
    'button',
    { id: 'photo-calibrate', onclick: () => startCalibration() },
    'Calibrate on ships',
  );
  const markRow = h('span', { id: 'photo-mark-buttons' });
  const underBox = h('input', {
    type: 'checkbox',
    id: 'photo-under',
    checked: true,
    onchange: () => {
      under = underBox.checked;
      redraw();
    },
  });
  const opacityRange = h('input', {
    type: 'range',
    id: 'photo-opacity',
    min: 0,
    max: 1,
    step: 0.05,
    value: opacity,
    oninput: () => {
      opacity = opacityRange.valueAsNumber;
      redraw();
    },
  });
  const fits = h('div', { id: 'photo-fits' });
  host.append(
    h('h2', {}, 'Photo of the table'),
    h(
      'p',
      { class: 'hint' },
      "Photograph the table from above, calibrate on two ships' base corners, then mark the other pieces: they move " +
        'to where the photo puts them, with how sure that is.',
    ),
    h(
      'div',
      { class: 'row' },
      h('label', { class: 'file' }, 'Take photo ', pick(true)),
      h('label', { class: 'file' }, 'Load photo ', pick(false)),
    ),
    status,
    h('div', { class: 'row' }, openButton, calButton),
    h(
      'div',
      { class: 'row' },
      h('label', {}, underBox, ' photo under the table'),
      h('label', {}, ' opacity ', opacityRange),
    ),
    fits,
  );

  // ---- the photo view: the photo over the canvas, marks, loupe ----
  const view = h('div', { id: 'photo-view', hidden: true });
  const canvas = h('canvas', { id: 'photo-canvas' });
  const loupe = h('canvas', { id: 'photo-loupe', width: 150, height: 150 });
  const prompt = h('span', { id: 'photo-prompt' });
  const calAgain = h('button', { onclick: () => startCalibration() }, 'Calibrate');
  const nextShip = h('button', { id: 'photo-next', onclick: () => advanceShip() }, 'Next ship');
  const done = h(
    'button',
    {
      id: 'photo-done',
      onclick: () => {
        mode = { kind: 'idle' };
        paint();
      },
    },
    'Done',
  );
  const undoMark = h('button', { id: 'photo-undo', onclick: () => removeLast() }, 'Undo mark');
  const zoom = (k: number) => () => {
    zoomBy(k, canvas.width / 2, canvas.height / 2);
  };
  view.append(
    h(
      'div',
      { class: 'photo-bar' },
      prompt,
      nextShip,
      undoMark,
      done,
      h('button', { id: 'photo-zoom-in', onclick: zoom(2) }, '+'),
      h('button', { id: 'photo-zoom-out', onclick: zoom(0.5) }, '-'),
      h('button', { id: 'photo-close', onclick: () => show(false) }, 'Close'),
      calAgain,
      markRow,
    ),
    canvas,
    loupe,
  );
  canvasHost.append(view);
  Object.assign(view.style, {
    position: 'absolute',
    inset: '0',
    background: '#000',
    // over the phone's sheet (5) and under the help and menus; the message strip hides while it is open
    // (a tap meant for the photo must never land on a toast: one lost calibration tap shifts every corner)
    zIndex: '9',
    display: 'flex',
    flexDirection: 'column',
  });
  Object.assign(canvas.style, {
    flex: '1',
    minHeight: '0',
    width: '100%',
    touchAction: 'none',
    display: 'block',
  });
  Object.assign(loupe.style, {
    display: 'none',
    position: 'absolute',
    border: '2px solid #fff',
    borderRadius: '50%',
    pointerEvents: 'none',
    width: '150px',
    height: '150px',
  });
  const style = document.createElement('style');
  style.textContent =
    '#photo-view[hidden]{display:none!important} body.photo-open #message{display:none!important} #photo-view ' +
    '.photo-bar{display:flex;flex-wrap:wrap;gap:6px;padding:6px;background:#1c2430;color:#fff;align-items:center}' +
    ' #photo-prompt{flex:1 1 100%;font-weight:600} #photo-status[data-kind=error]{color:#ff8787} #photo-fits ' +
    'table{font-size:12px;border-collapse:collapse} #photo-fits td{padding:1px 6px}';
  document.head.append(style);

  /** image px -> canvas px: x * k + ox */
  let k = 1,
    ox = 0,
    oy = 0,
    fitted = false;
  const fitView = () => {
    if (!image) return;
    const r = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round(r.width));
    canvas.height = Math.max(1, Math.round(r.height));
    k = Math.min(canvas.width / image.width, canvas.height / image.height);
    ox = (canvas.width - image.width * k) / 2;
    oy = (canvas.height - image.height * k) / 2;
    fitted = true;
  };
  const zoomBy = (f: number, cx: number, cy: number) => {
    const nk = Math.max(0.02, Math.min(16, k * f));
    ox = cx - ((cx - ox) * nk) / k;
    oy = cy - ((cy - oy) * nk) / k;
    k = nk;
    paint();
  };
  canvas.addEventListener(
    'wheel',
    (ev) => {
      ev.preventDefault();
      const r = canvas.getBoundingClientRect();
      zoomBy(ev.deltaY < 0 ? 1.25 : 0.8, ev.clientX - r.left, ev.clientY - r.top);
    },
    { passive: false },
  );
  new ResizeObserver(() => {
    if (!view.hidden) {
      fitView();
      paint();
    }
  }).observe(canvas);

  function show(on: boolean) {
    if (on && !image) {
      say(
        draft
          ? "This table's marks were made on a photo not kept in this browser (a link carries the marks, never the " +
              'photo): load that photo to see them.'
          : 'Load or take a photo first.',
        'error',
      );
      return;
    }
    view.hidden = !on;
    document.body.classList.toggle('photo-open', on);
    if (on) {
      // on a phone the panel is a sheet over the table: the photo needs the whole screen
      document.body.classList.remove('sheet-open');
      fitView();
      paint();
    }
  }

  // ---- pointer: a press places (or moves) a point; with a finger it moves a quarter as fast, for precision ----
  let press: {
    id: number;
    start: [number, number];
    at: XY;
    moving: { list: 'cal' | 'mark'; i: number; j: number } | null;
    fine: number;
  } | null = null;
  const toImage = (cx: number, cy: number): XY => [(cx - ox) / k, (cy - oy) / k];
  const local = (ev: PointerEvent): [number, number] => {
    const r = canvas.getBoundingClientRect();
    return [
      ((ev.clientX - r.left) * canvas.width) / r.width,
      ((ev.clientY - r.top) * canvas.height) / r.height,
    ];
  };
  // ---- two fingers: pinch to zoom and move the photo; the press the first finger began is dropped ----
  const fingers = new Map<number, [number, number]>();
  let pinch: { d: number; mid: [number, number]; k: number; ox: number; oy: number } | null = null;
  const fingerSpread = () => {
    const [a, b] = [...fingers.values()];
    return {
      d: Math.hypot(a[0] - b[0], a[1] - b[1]),
      mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as [number, number],
    };
  };
  canvas.addEventListener('pointerdown', (ev) => {
    if (ev.pointerType === 'touch') fingers.set(ev.pointerId, local(ev));
    if (fingers.size === 2 && image) {
      press = null;
      loupe.style.display = 'none';
      canvas.setPointerCapture(ev.pointerId);
      const { d, mid } = fingerSpread();
      pinch = { d: Math.max(1, d), mid, k, ox, oy };
      return;
    }
    if (!image || press || pinch) return;
    const [cx, cy] = local(ev);
    // while calibrating or marking every press is a new point; afterwards ("Done") a press moves the mark under it
    const moving = mode.kind === 'idle' ? nearestMark(cx, cy) : null;
    if (!moving && mode.kind === 'idle') {
      say('Choose what to mark first: "Calibrate on ships", or one of the "Mark" buttons.');
      return;
    }
    canvas.setPointerCapture(ev.pointerId);
    const at = moving ? markAt(moving) : toImage(cx, cy);
    press = { id: ev.pointerId, start: [cx, cy], at, moving, fine: ev.pointerType === 'mouse' ? 1 : 0.25 };
    paintLoupe(press.at, cx, cy);
  });
  canvas.addEventListener('pointermove', (ev) => {
    if (fingers.has(ev.pointerId)) fingers.set(ev.pointerId, local(ev));
    if (pinch && fingers.size === 2) {
      const { d, mid } = fingerSpread();
      const nk = Math.max(0.02, Math.min(16, (pinch.k * d) / pinch.d));
      // the photo point under the fingers' first midpoint stays under their midpoint now
      ox = mid[0] - ((pinch.mid[0] - pinch.ox) * nk) / pinch.k;
      oy = mid[1] - ((pinch.mid[1] - pinch.oy) * nk) / pinch.k;
      k = nk;
      paint();
      return;
    }
    if (!press || ev.pointerId !== press.id) return;
    const [cx, cy] = local(ev);
    const base = press.moving ? markAt(press.moving) : toImage(press.start[0], press.start[1]);
    const at: XY = [
      base[0] + ((cx - press.start[0]) / k) * press.fine,
      base[1] + ((cy - press.start[1]) / k) * press.fine,
    ];
    press.at = [Math.max(0, Math.min(image!.width, at[0])), Math.max(0, Math.min(image!.height, at[1]))];
    paintLoupe(press.at, cx, cy);
  });
  const release = (ev: PointerEvent, cancel: boolean) => {
    fingers.delete(ev.pointerId);
    if (pinch) {
      // a pinch ends when its last finger lifts; no finger of it places a point
      if (fingers.size === 0) pinch = null;
      return;
    }
    if (!press || ev.pointerId !== press.id) return;
    const p = press;
    press = null;
    loupe.style.display = 'none';
    if (cancel) return paint();
    const at: XY = [r2(p.at[0]), r2(p.at[1])];
    if (p.moving) moveMark(p.moving, at);
    else addPoint(at);
  };
  canvas.addEventListener('pointerup', (ev) => release(ev, false));
  canvas.addEventListener('pointercancel', (ev) => release(ev, true));

  function paintLoupe(at: XY, cx: number, cy: number) {
    if (!image) return;
    loupe.style.display = 'block';
    const r = canvas.getBoundingClientRect();
    const sx = (cx * r.width) / canvas.width,
      sy = (cy * r.height) / canvas.height;
    loupe.style.left = `${Math.max(0, Math.min(r.width - 150, sx - 75))}px`;
    loupe.style.top = `${sy - 75 - 110 < 0 ? sy + 40 : sy - 185 + canvas.offsetTop}px`;
    const g = loupe.getContext('2d')!;
    const span = 30; // full-resolution pixels across: 5x
    g.imageSmoothingEnabled = false;
    g.fillStyle = '#000';
    g.fillRect(0, 0, 150, 150);
    g.drawImage(image.full, at[0] - span / 2, at[1] - span / 2, span, span, 0, 0, 150, 150);
    g.strokeStyle = '#ff0';
    g.lineWidth = 1;
    g.beginPath();
    g.moveTo(75, 0);
    g.lineTo(75, 150);
    g.moveTo(0, 75);
    g.lineTo(150, 75);
    g.stroke();
    paint(at);
  }

  // ---- what a point means in each mode ----
  const table = () => store.getState().table;
  const catalog = () => withMeasurements(CATALOG, table().measurements);
  const ensureDraft = (): PhotoEvidence =>
    (draft ??= {
      ...(image ? { imageId: image.id } : {}),
      size: [image!.width, image!.height],
      calibration: [],
      marks: [],
    });

  function startCalibration() {
    if (!image) return show(true);
    const t = table();
    const marked = new Set((draft?.marks ?? []).map((m) => m.piece));
    const ships = t.ships.map((s) => s.id).filter((id) => !marked.has(id));
    if (ships.length === 0)
      return say('Calibration needs ships on the table (place them first, roughly where they are).', 'error');
    // a new calibration replaces the old one; the marks stay and are fitted again
    const d = ensureDraft();
    d.calibration = [];
    mode = { kind: 'calibrate', ships, ship: 0, corner: 0, done: 0 };
    show(true);
    paint();
  }
  function advanceShip() {
    if (mode.kind !== 'calibrate') return;
    mode.ship++;
    mode.corner = 0;
    if (mode.ship >= mode.ships.length) mode = { kind: 'idle' };
    paint();
  }
  function startMark(id: string) {
    if (!image) return show(true);
    if (!solution?.sol)
      return say('Calibrate first: "Calibrate on ships" (two ships\' base corners).', 'error');
    const d = ensureDraft();
    d.marks = d.marks.filter((m) => m.piece !== id);
    d.marks.push({ piece: id, px: [], points: [] as XY[] });
    mode = { kind: 'mark', piece: id };
    show(true);
    paint();
  }

  function addPoint(at: XY) {
    const d = ensureDraft();
    const t = table();
    if (mode.kind === 'calibrate') {
      const ship = mode.ships[mode.ship];
      d.calibration.push({ px: at, piece: ship, point: ROUND[mode.corner] });
      mode.corner++;
      if (mode.corner >= 4) {
        mode.done++;
        mode.ship++;
        mode.corner = 0;
        if (mode.done >= CAL_SHIPS || mode.ship >= mode.ships.length) mode = { kind: 'idle' };
      }
    } else if (mode.kind === 'mark') {
      const m = d.marks.find((x) => x.piece === (mode as { piece: string }).piece)!;
      const ship = t.ships.find((s) => s.id === m.piece);
      const sq = t.squadrons.find((s) => s.id === m.piece);
      const ob = t.obstacles.find((o) => o.id === m.piece);
      const tk = t.tokens.find((o) => o.id === m.piece);
      if (ship) {
        const n = m.px.length;
        if (n >= 4)
          return say(`${ship.id}: all four corners are marked; move one (press on it) or undo one.`);
        (m.points as CornerName[]).push(ROUND[n]);
      } else if (sq) m.points = 'rim';
      else {
        const map = solution?.sol?.calibration.map;
        if (!map) return;
        const mm = map.toMm({ x: at[0], y: at[1] });
        const p = ob ?? tk!;
        const rot = ob ? ob.rotation : 0;
        const c = Math.cos((-rot * Math.PI) / 180),
          s = Math.sin((-rot * Math.PI) / 180);
        const lx = (mm.x - p.x) * c - (mm.y - p.y) * s,
          ly = (mm.x - p.x) * s + (mm.y - p.y) * c;
        let pt: XY;
        if (ob) {
          const cand = markablePoints(catalog(), ob.type);
          pt = cand.reduce((best, q) =>
            Math.hypot(q[0] - lx, q[1] - ly) < Math.hypot(best[0] - lx, best[1] - ly) ? q : best,
          );
        } else {
          const d0 = Math.hypot(lx, ly) || 1;
          pt = [r2((lx / d0) * tk!.radius), r2((ly / d0) * tk!.radius)];
        }
        (m.points as XY[]).push(pt);
      }
      m.px.push(at);
    }
    commit();
  }

  function removeLast() {
    if (!draft) return;
    if (mode.kind === 'mark') {
      const m = draft.marks.find((x) => x.piece === (mode as { piece: string }).piece);
      if (m && m.px.length) {
        m.px.pop();
        if (Array.isArray(m.points)) (m.points as unknown[]).pop();
      }
    } else if (draft.calibration.length) {
      draft.calibration.pop();
      if (mode.kind === 'calibrate') {
        if (mode.corner > 0) mode.corner--;
        else if (mode.ship > 0) {
          mode.ship--;
          mode.done = Math.max(0, mode.done - 1);
          mode.corner = 3;
        }
      }
    }
    commit();
  }

  type MarkRef = { list: 'cal' | 'mark'; i: number; j: number };
  function nearestMark(cx: number, cy: number): MarkRef | null {
    if (!draft) return null;
    let best: MarkRef | null = null,
      bd = 18;
    draft.calibration.forEach((c, i) => {
      const d = Math.hypot(c.px[0] * k + ox - cx, c.px[1] * k + oy - cy);
      if (d < bd) {
        bd = d;
        best = { list: 'cal', i, j: 0 };
      }
    });
    draft.marks.forEach((m, i) =>
      m.px.forEach((p, j) => {
        const d = Math.hypot(p[0] * k + ox - cx, p[1] * k + oy - cy);
        if (d < bd) {
          bd = d;
          best = { list: 'mark', i, j };
        }
      }),
    );
    return best;
  }
  const markAt = (r: MarkRef): XY =>
    r.list === 'cal' ? draft!.calibration[r.i].px : draft!.marks[r.i].px[r.j];
  function moveMark(r: MarkRef, at: XY) {
    if (r.list === 'cal') draft!.calibration[r.i].px = at;
    else draft!.marks[r.i].px[r.j] = at;
    commit();
  }

  /** The marks complete enough to fit (a ship 2 corners, a squadron 3 rim points, an obstacle 2, a token 1). */
  const ready = (t: Table, m: PhotoMark) =>
    m.px.length >=
    (t.squadrons.some((q) => q.id === m.piece) ? 3 : t.tokens.some((q) => q.id === m.piece) ? 1 : 2);

  /** Write the draft into the table (with the marked pieces moved to their fits), or say why not. */
  function commit() {
    const d = draft!;
    const t = table();
    const n = d.calibration.length;
    if (n < 4) {
      say(`${n} calibration point${n === 1 ? '' : 's'} of at least 4 (no 3 on a line).`);
      paint();
      return;
    }
    const photo: PhotoEvidence = structuredClone({ ...d, marks: d.marks.filter((m) => ready(t, m)) });
    let next: Table = { ...t, photo };
    let sol: PhotoSolution;
    try {
      sol = solvePhoto(photo, t, catalog());
    } catch (e) {
      say(`${(e as Error).message}. The table is unchanged.`, 'error');
      paint();
      return;
    }
    const at = (id: string) => sol.pieces.get(id);
    next = {
      ...next,
      ships: t.ships.map((s) =>
        at(s.id) ? { ...s, x: r4(at(s.id)!.x), y: r4(at(s.id)!.y), rotation: r4(at(s.id)!.rotation) } : s,
      ),
      squadrons: t.squadrons.map((s) => (at(s.id) ? { ...s, x: r4(at(s.id)!.x), y: r4(at(s.id)!.y) } : s)),
      obstacles: t.obstacles.map((s) =>
        at(s.id) ? { ...s, x: r4(at(s.id)!.x), y: r4(at(s.id)!.y), rotation: r4(at(s.id)!.rotation) } : s,
      ),
      tokens: t.tokens.map((s) => (at(s.id) ? { ...s, x: r4(at(s.id)!.x), y: r4(at(s.id)!.y) } : s)),
    };
    try {
      validateTable(JSON.parse(JSON.stringify(next)));
    } catch (e) {
      say(`${(e as Error).message}. The table is unchanged.`, 'error');
      paint();
      return;
    }
    lastTablePhoto = photo;
    cmd.change(next);
    const c = sol.calibration;
    say(`Calibrated on ${c.residualsMm.length} points: rms ${f2(c.rmsMm)} mm, largest ${f2(c.maxMm)} mm.`);
    paint();
  }
  const r4 = (v: number) => Math.round(v * 1e4) / 1e4;

  async function load(blob: Blob, name: string) {
    say(`Reading ${name} ...`);
    let p: LoadedPhoto;
    try {
      p = await decodePhoto(blob, name);
    } catch (e) {
      say((e as Error).message, 'error');
      return;
    }
    const tp = table().photo;
    if (tp && (tp.size[0] !== p.width || tp.size[1] !== p.height) && tp.imageId !== p.id) {
      // a new photo: the old marks were made on another one; start again from this photo
      draft = null;
    }
    image?.full.close();
    image = p;
    if (draft && draft.imageId !== p.id) draft.imageId = p.id;
    try {
      await keepPhoto(p.id, blob, name);
    } catch {
      // private browsing: the photo is used now but not kept
    }
    say(`${name}: ${p.width} x ${p.height}${p.note ? `; ${p.note}` : ''}.`);
    fitted = false;
    // the next step is nearly always calibration: start it, unless this table is calibrated on this photo already
    if (!draft?.calibration.length && table().ships.length) startCalibration();
    else show(true);
    redraw();
  }

  // ---- drawing the photo view ----
  function paint(cursor?: XY) {
    if (view.hidden || !image) return;
    if (!fitted) fitView();
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#000';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.imageSmoothingEnabled = true;
    g.drawImage(image.display, ox, oy, image.width * k, image.height * k);
    const S = (p: XY | { x: number; y: number }): [number, number] =>
      Array.isArray(p) ? [p[0] * k + ox, p[1] * k + oy] : [p.x * k + ox, p.y * k + oy];
    const map = solution?.sol?.calibration.map;
    // every piece's outline where the calibration puts it (thin), so a player sees the fit
    if (map) {
      g.lineWidth = 1;
      const t = table(),
        cat = catalog();
      const ring = (pts: { x: number; y: number }[], colour: string) => {
        g.strokeStyle = colour;
        g.beginPath();
        pts.forEach((p, i) => {
          const [x, y] = S(map.toPx(p));
          if (i) g.lineTo(x, y);
          else g.moveTo(x, y);
        });
        g.closePath();
        g.stroke();
      };
      const poly = (xy: Float64Array | number[], n: number) =>
        Array.from({ length: n }, (_, i) => ({ x: xy[2 * i], y: xy[2 * i + 1] }));
      for (const s of t.ships) {
        const b = shipShapes(cat, s).base;
        ring(poly(b.xy, b.n), '#7fdbff');
      }
      for (const o of t.obstacles) {
        const b = obstacleOutline(cat, o);
        ring(poly(b.xy, b.n), '#ffd43b');
      }
      for (const q of [
        ...t.squadrons.map((s) => ({ ...s, r: cat.squadron.diameter / 2 })),
        ...t.tokens.map((s) => ({ ...s, r: s.radius })),
      ]) {
        ring(
          Array.from({ length: 24 }, (_, i) => place(q.r, 0, q.x, q.y, i * 15)),
          '#b2f2bb',
        );
      }
    }
    const cross = (p: XY, colour: string, text: string) => {
      const [x, y] = S(p);
      g.strokeStyle = '#000';
      g.lineWidth = 3;
      g.beginPath();
      g.moveTo(x - 7, y);
      g.lineTo(x + 7, y);
      g.moveTo(x, y - 7);
      g.lineTo(x, y + 7);
      g.stroke();
      g.strokeStyle = colour;
      g.lineWidth = 1.5;
      g.beginPath();
      g.moveTo(x - 7, y);
      g.lineTo(x + 7, y);
      g.moveTo(x, y - 7);
      g.lineTo(x, y + 7);
      g.stroke();
      g.font = '11px system-ui, sans-serif';
      g.fillStyle = colour;
      g.fillText(text, x + 8, y - 6);
    };
    const res = solution?.sol?.calibration.residualsMm;
    draft?.calibration.forEach((c, i) =>
      cross(
        c.px,
        '#40c057',
        `${i}${res && res.length === draft!.calibration.length ? ` ${f2(res[i])} mm` : ''}`,
      ),
    );
    for (const m of draft?.marks ?? []) m.px.forEach((p, j) => cross(p, '#ff922b', `${m.piece} ${j}`));
    if (cursor) cross(cursor, '#ffff00', '');
    prompt.textContent = promptText();
    nextShip.hidden = mode.kind !== 'calibrate';
    done.hidden = mode.kind === 'idle';
  }

  function promptText(): string {
    if (mode.kind === 'calibrate') {
      const id = mode.ships[mode.ship];
      return (
        `Calibrate: tap ${id}'s ${ROUND[mode.corner]} base corner (where the base meets the table). ` +
        `${mode.corner >= 2 ? '"Next ship" to go on with fewer corners.' : ''}`
      );
    }
    if (mode.kind === 'mark') {
      const t = table(),
        id = mode.piece;
      const m = draft?.marks.find((x) => x.piece === id);
      const n = m?.px.length ?? 0;
      if (t.ships.some((s) => s.id === id))
        return `Mark ${id}: tap its ${ROUND[Math.min(3, n)]} base corner (2 to 4 corners).`;
      if (t.squadrons.some((s) => s.id === id))
        return `Mark ${id}: tap points on its base's rim, spread around it (${n} of at least 3).`;
      return (
        `Mark ${id}: tap corners of its outline (each taken as the corner nearest where the piece now lies; ` +
        `drag it over the photo first). ${n} of at least 2.`
      );
    }
    return draft?.calibration.length
      ? 'Press a mark to move it (the fit follows), or choose a piece to mark.'
      : 'Choose "Calibrate on ships" in the panel.';
  }

  // keep the kept photo of a table that names one (a link, the tables list)
  let wanted = '';
  async function fetchKept(id: string) {
    const kept = await keptPhoto(id);
    if (!kept || table().photo?.imageId !== id) return;
    try {
      image = await decodePhoto(kept.blob, kept.name);
      fitted = false;
      redraw();
    } catch (e) {
      say((e as Error).message, 'error');
    }
  }

  return {
    /** from the frame loop: resync with the table, refresh the panel and the photo under the table */
    update(s: AppState) {
      const t = s.table;
      if (t.photo !== lastTablePhoto) {
        // the table's marks changed elsewhere (undo, a link, another table): take them
        lastTablePhoto = t.photo;
        draft = t.photo ? structuredClone(t.photo) : null;
        if (!t.photo) mode = { kind: 'idle' };
      }
      const id = t.photo?.imageId;
      if (id && image?.id !== id && wanted !== id) {
        wanted = id;
        void fetchKept(id);
      }
      if (!solution || solution.photo !== t.photo || solution.table !== t) {
        let sol: PhotoSolution | null = null;
        try {
          sol = t.photo ? solvePhoto(t.photo, t, withMeasurements(CATALOG, t.measurements)) : null;
        } catch {
          sol = null;
        }
        solution = { photo: t.photo!, table: t, sol };
        renderFits(t, sol);
        paint();
      }
      const usable =
        image &&
        solution.sol &&
        (!t.photo || (t.photo.size[0] === image.width && t.photo.size[1] === image.height));
      layer.set(
        usable ? image!.display : null,
        t.photo?.size ?? null,
        usable ? solution.sol!.calibration.map.pxToMmMatrix() : null,
        opacity,
        under,
      );
      calButton.disabled = !image;
      openButton.disabled = !image;
    },
    /** for the browser tests: page coordinates of a photo pixel, and whether the view is open */
    pagePoint(x: number, y: number) {
      const r = canvas.getBoundingClientRect();
      return {
        x: r.left + ((x * k + ox) * r.width) / canvas.width,
        y: r.top + ((y * k + oy) * r.height) / canvas.height,
      };
    },
  };

  function renderFits(t: Table, sol: PhotoSolution | null) {
    markRow.replaceChildren(
      ...[...t.ships, ...t.squadrons, ...t.obstacles, ...t.tokens]
        .filter((p) => !t.photo?.calibration.some((c) => c.piece === p.id))
        .map((p) =>
          h(
            'button',
            { id: `photo-mark-${p.id}`, 'data-piece': p.id, disabled: !sol, onclick: () => startMark(p.id) },
            `Mark ${p.id}`,
          ),
        ),
    );
    if (!sol) {
      fits.replaceChildren();
      return;
    }
    const c = sol.calibration;
    const rows = (t.photo!.calibration as CalibrationPoint[]).map((p, i) =>
      h(
        'tr',
        {},
        h('td', {}, String(i)),
        h(
          'td',
          {},
          p.piece ? `${p.piece} ${typeof p.point === 'string' ? p.point : `[${p.point}]`}` : `[${p.mm}] mm`,
        ),
        h('td', { class: 'num' }, `${f2(c.residualsMm[i])} mm`),
      ),
    );
    const pieces = [...sol.pieces].map(([id, f]) =>
      h(
        'tr',
        { 'data-piece': id },
        h('td', {}, id),
        h('td', {}, `fit rms ${f2(f.rmsMm)} mm`),
        h('td', { class: 'num' }, `+-${f2(f.uncertaintyMm)} mm`),
        h(
          'td',
          {},
          f.offsetMm > 0.005 || f.offsetDeg > 0.005
            ? `moved ${f2(f.offsetMm)} mm, ${f2(f.offsetDeg)} deg since`
            : 'at its fit',
        ),
      ),
    );
    fits.replaceChildren(
      h(
        'p',
        {},
        `Calibration: ${c.residualsMm.length} points, rms ${f2(c.rmsMm)} mm, largest ${f2(c.maxMm)} mm (marks' noise ` +
          `${f2(c.map.sigmaPx)} px).`,
      ),
      h('table', { id: 'photo-residuals' }, ...rows),
      ...(pieces.length
        ? [
            h('p', {}, 'Placed from the photo (how far each may be from where it really lies: 99%):'),
            h('table', { id: 'photo-pieces' }, ...pieces),
          ]
        : []),
    );
  }
}

export { CORNERS };
