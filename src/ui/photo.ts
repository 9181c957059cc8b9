/**
 * Photo evidence in the app: load (or take) a photo of the real table, calibrate on ship base
 * corners, mark pieces (a loupe under the finger), see each point's residual and each piece's
 * fit and uncertainty, and the rectified photo under the table. The fits are src/photo's; the
 * pieces move to them through the table's own change command (one undo step a mark), and the
 * `photo` field keeps the marks (never the image: that stays in this browser, src/ui/photo-image.ts).
 */
import { type Catalog, CATALOG, withMeasurements } from '../model/catalog';
import {
  type CalibrationPoint,
  cornerLocal,
  CORNERS,
  type CornerName,
  markablePoints,
  pointOnTable,
  type PhotoEvidence,
  type PhotoMark,
  type PhotoSolution,
  solvePhoto,
  type XY,
} from '../model/photo';
import { type Table, validateTable } from '../model/table';
import { place, type Point } from '../geometry/point';
import { obstacleOutline, shipShapes } from '../model/pieces';
import type { PhotoLayer } from '../render/photo-layer';
import { decodePhoto, keepPhoto, keptPhoto, type LoadedPhoto } from './photo-image';
import { Snapper } from './photo-snap';
import { markKind, ROUND, snapRequest } from '../model/photo-snap';
import { measuredDiameterMm } from '../rules/report/photo';
import { type SnapRequest, type SnapResult, TAP_SIGMA_PX } from '../photo/snap';
import type { AppState, AppStore, Commands } from '../state/store';
import { h } from './dom';
import { namerOf } from '../model/names';
import {
  calibrationPointWords,
  type CalibrateMode,
  markButtonText,
  markedWords,
  markPointWords,
  type Mode,
  promptText,
  type Say,
} from './photo-words';

/** corner order as a player goes round a base */
/** how many calibration ships "Calibrate" walks through before it stops by itself */
const CAL_SHIPS = 2;
const f2 = (v: number) => (Math.round(v * 100) / 100).toFixed(2);
const r2 = (v: number) => Math.round(v * 100) / 100;
const r4 = (v: number) => Math.round(v * 1e4) / 1e4;
const r3 = (v: number) => Math.round(v * 1e3) / 1e3;

/** a calibration point or one mark of a piece, by its place in the draft */
type MarkRef = { list: 'cal' | 'mark'; i: number; j: number };
/** a press on the photo: where it began, the point it places (or the mark it moves), a finger's slower pace */
interface Press {
  id: number;
  start: [number, number];
  at: XY;
  moving: MarkRef | null;
  fine: number;
}
/** image px or a table point already in image px, to canvas px */
type ToCanvas = (p: XY | { x: number; y: number }) => [number, number];
type PlaneMap = PhotoSolution['calibration']['map'];

const STYLE =
  '#photo-view[hidden]{display:none!important} body.photo-open #message{display:none!important} #photo-view ' +
  '.photo-bar{display:flex;flex-wrap:wrap;gap:6px;padding:6px;background:#1c2430;color:#fff;align-items:center}' +
  ' #photo-prompt{flex:1 1 80%;font-weight:600} #photo-prompt-figure{flex:0 0 auto;line-height:0}' +
  ' #photo-status[data-kind=error]{color:#ff8787} #photo-fits ' +
  'table{font-size:12px;border-collapse:collapse} #photo-fits td{padding:1px 6px}' +
  // a phone's width: the controls in one row, Calibrate and the pieces to mark in one more that scrolls sideways
  // (wrapped, they took four rows and a third of the photo's height)
  ' @media (max-width:600px){#photo-view .photo-bar{gap:4px;padding:4px}' +
  ' #photo-view .photo-pieces,#photo-mark-buttons{display:flex;flex-wrap:nowrap;gap:4px}' +
  ' #photo-view .photo-pieces{flex:1 1 100%;overflow-x:auto} #photo-view .photo-pieces button{flex:0 0 auto}}';

/** The photo view over the canvas, its canvas filling it, and the loupe (hidden until a press). */
function styleView(view: HTMLElement, canvas: HTMLCanvasElement, loupe: HTMLCanvasElement): void {
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
}

/** The loupe's picture: 30 full-resolution pixels around `at`, 5x, with a yellow cross. */
function drawLoupe(loupe: HTMLCanvasElement, full: CanvasImageSource, at: XY): void {
  const g = loupe.getContext('2d')!;
  const span = 30; // full-resolution pixels across: 5x
  g.imageSmoothingEnabled = false;
  g.fillStyle = '#000';
  g.fillRect(0, 0, 150, 150);
  g.drawImage(full, at[0] - span / 2, at[1] - span / 2, span, span, 0, 0, 150, 150);
  g.strokeStyle = '#ff0';
  g.lineWidth = 1;
  g.beginPath();
  g.moveTo(75, 0);
  g.lineTo(75, 150);
  g.moveTo(0, 75);
  g.lineTo(150, 75);
  g.stroke();
}

/** Every piece's outline where the calibration puts it (thin), so a player sees the fit. */
function drawOutlines(g: CanvasRenderingContext2D, S: ToCanvas, map: PlaneMap, t: Table, cat: Catalog): void {
  g.lineWidth = 1;
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

/** A point's cross (black under its colour) and its label. */
function drawCross(g: CanvasRenderingContext2D, S: ToCanvas, p: XY, colour: string, text: string): void {
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
}

/**
 * A marked piece's name, outlined to read on any photo: centred amid its marks (a ship's four corners: over its
 * base), or below a lone mark (a mark kept as tapped says so above it).
 */
function drawName(g: CanvasRenderingContext2D, S: ToCanvas, marks: readonly XY[], text: string): void {
  const at = marks.map((p) => S(p));
  const x = at.reduce((a, p) => a + p[0], 0) / at.length,
    y = at.reduce((a, p) => a + p[1], 0) / at.length;
  const [tx, ty] = at.length > 1 ? [x, y + 4] : [x + 8, y + 16];
  g.font = '600 12px system-ui, sans-serif';
  g.textAlign = at.length > 1 ? 'center' : 'left';
  g.lineJoin = 'round';
  g.lineWidth = 3;
  g.strokeStyle = '#000';
  g.strokeText(text, tx, ty);
  g.fillStyle = '#ff922b';
  g.fillText(text, tx, ty);
  g.textAlign = 'left';
}

/** What snapping fitted (each edge's visible stretch, a rim's arc), drawn thin over the photo. */
function drawTraces(g: CanvasRenderingContext2D, S: ToCanvas, traces: XY[][]): void {
  for (const [colour, width] of [
    ['#000', 3],
    ['#00e5ff', 1.5],
  ] as const) {
    g.strokeStyle = colour;
    g.lineWidth = width;
    for (const line of traces) {
      g.beginPath();
      line.forEach((p, i) => {
        const [x, y] = S(p);
        if (i) g.lineTo(x, y);
        else g.moveTo(x, y);
      });
      g.stroke();
    }
  }
}

/** The base corner the prompt asks for, or null when it asks for no corner. */
function askedCorner(mode: Mode, t: Table, draft: PhotoEvidence | null): CornerName | null {
  if (mode.kind === 'calibrate') return ROUND[mode.corner];
  if (mode.kind === 'mark' && t.ships.some((s) => s.id === mode.piece)) {
    const n = draft?.marks.find((x) => x.piece === mode.piece)?.px.length ?? 0;
    return ROUND[Math.min(3, n)];
  }
  return null;
}

const SVG = 'http://www.w3.org/2000/svg';
/**
 * A ship's base seen from above, its front up (a thick edge and an arrow), with the corner asked for as a
 * dot: which corner is the front-left is the ship's own left, whatever way it points in the photo.
 */
function cornerFigure(corner: CornerName): SVGSVGElement {
  const el = (tag: string, at: Record<string, string | number>) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(at)) e.setAttribute(k, String(v));
    return e;
  };
  const svg = el('svg', { viewBox: '0 0 40 44', width: 40, height: 44, role: 'img' }) as SVGSVGElement;
  svg.setAttribute('aria-label', `the ${corner} corner: the front is up`);
  const [x, y] = [corner.endsWith('left') ? 10 : 30, corner.startsWith('front') ? 14 : 40];
  svg.append(
    el('path', { d: 'M20 1 L14 8 L26 8 Z', fill: '#ffd43b' }),
    el('rect', { x: 10, y: 14, width: 20, height: 26, fill: 'none', stroke: '#adb5bd', 'stroke-width': 2 }),
    el('line', { x1: 10, y1: 14, x2: 30, y2: 14, stroke: '#ffd43b', 'stroke-width': 4 }),
    el('circle', { cx: x, cy: y, r: 4.5, fill: '#ff922b', stroke: '#000', 'stroke-width': 1 }),
  );
  return svg;
}

/**
 * The point of an obstacle's or token's outline a mark at `at` stands for, in the piece's own frame: the
 * obstacle's markable corner nearest where it now lies, or the token's rim toward the mark.
 */
function outlinePoint(
  map: PlaneMap,
  at: XY,
  ob: Table['obstacles'][number] | undefined,
  tk: Table['tokens'][number] | undefined,
  cat: Catalog,
): XY {
  const mm = map.toMm({ x: at[0], y: at[1] });
  const p = ob ?? tk!;
  const rot = ob ? ob.rotation : 0;
  const c = Math.cos((-rot * Math.PI) / 180),
    s = Math.sin((-rot * Math.PI) / 180);
  const lx = (mm.x - p.x) * c - (mm.y - p.y) * s,
    ly = (mm.x - p.x) * s + (mm.y - p.y) * c;
  if (ob) {
    const cand = markablePoints(cat, ob.type);
    return cand.reduce((best, q) =>
      Math.hypot(q[0] - lx, q[1] - ly) < Math.hypot(best[0] - lx, best[1] - ly) ? q : best,
    );
  }
  const d0 = Math.hypot(lx, ly) || 1;
  return [r2((lx / d0) * tk!.radius), r2((ly / d0) * tk!.radius)];
}

/**
 * The marks a walk asks of a piece before it asks for the next: a ship's four corners, four rim points of a
 * squadron, three outline corners of an obstacle, one point of a token ("Next" goes on with fewer).
 */
const WALK_MARKS = { ship: 4, squadron: 4, obstacle: 3, token: 1 } as const;

/** What kind of piece `id` is (a walk asks each kind for its own marks). */
function kindOf(t: Table, id: string): keyof typeof WALK_MARKS {
  if (t.ships.some((x) => x.id === id)) return 'ship';
  if (t.squadrons.some((x) => x.id === id)) return 'squadron';
  return t.obstacles.some((x) => x.id === id) ? 'obstacle' : 'token';
}

/**
 * Where on the photo a table point is likely seen, from the marks made so far (before any fit): an affine
 * map through three or more marked corners, a similarity through two; null with fewer. Only to bring the next
 * point into view.
 */
function roughPx(pairs: { mm: Point; px: XY }[], at: Point): XY | null {
  const n = pairs.length;
  if (n < 2) return null;
  const mx = pairs.reduce((a, q) => a + q.mm.x, 0) / n,
    my = pairs.reduce((a, q) => a + q.mm.y, 0) / n;
  const px = pairs.reduce((a, q) => a + q.px[0], 0) / n,
    py = pairs.reduce((a, q) => a + q.px[1], 0) / n;
  let sxx = 0,
    sxy = 0,
    syy = 0;
  for (const q of pairs) {
    const [x, y] = [q.mm.x - mx, q.mm.y - my];
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }
  const det = sxx * syy - sxy * sxy;
  const dx = at.x - mx,
    dy = at.y - my;
  if (n >= 3 && det > 1e-6 * (sxx + syy) ** 2) {
    // least squares of u = a dx + b dy (and v alike)
    let sux = 0,
      suy = 0,
      svx = 0,
      svy = 0;
    for (const q of pairs) {
      const [x, y, u, v] = [q.mm.x - mx, q.mm.y - my, q.px[0] - px, q.px[1] - py];
      sux += u * x;
      suy += u * y;
      svx += v * x;
      svy += v * y;
    }
    const a = (sux * syy - suy * sxy) / det,
      b = (suy * sxx - sux * sxy) / det;
    const c = (svx * syy - svy * sxy) / det,
      d = (svy * sxx - svx * sxy) / det;
    return [px + a * dx + b * dy, py + c * dx + d * dy];
  }
  // a similarity: u + iv = z (x + iy)
  let zr = 0,
    zi = 0;
  for (const q of pairs) {
    const [x, y, u, v] = [q.mm.x - mx, q.mm.y - my, q.px[0] - px, q.px[1] - py];
    zr += u * x + v * y;
    zi += v * x - u * y;
  }
  const s2 = sxx + syy;
  if (!(s2 > 0)) return null;
  [zr, zi] = [zr / s2, zi / s2];
  return [px + zr * dx - zi * dy, py + zi * dx + zr * dy];
}

/** The marks complete enough to fit (a ship 2 corners, a squadron 3 rim points, an obstacle 2, a token 1). */
const ready = (t: Table, m: PhotoMark) =>
  m.px.length >=
  (t.squadrons.some((q) => q.id === m.piece) ? 3 : t.tokens.some((q) => q.id === m.piece) ? 1 : 2);

/** The table with each marked piece moved to its fit (to 0.0001 mm and degree). */
function movedToFits(next: Table, t: Table, sol: PhotoSolution): Table {
  const at = (id: string) => sol.pieces.get(id);
  return {
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
}

/** a squadron's base diameter as its rim marks measure it (4 or more), in words, or '' */
function diameterWords(t: Table, sol: PhotoSolution, id: string): string {
  const d = measuredDiameterMm(t, sol, id);
  return d === null ? '' : `, diameter ${f2(d)} mm measured`;
}

/** The panel's fits: each calibration point's residual, and each piece placed from the photo. */
/**
 * The panel's fits: each calibration point's residual, and each piece placed from the photo, as its head and
 * one row maker per piece (a squadron's row measures its diameter from its rim marks: written a slice at a time).
 */
function fitsContent(
  t: Table,
  sol: PhotoSolution,
  say: Say,
): { head: HTMLElement[]; rows: (() => HTMLElement)[] } {
  const c = sol.calibration;
  const residuals = (t.photo!.calibration as CalibrationPoint[]).map((p, i) =>
    h(
      'tr',
      {},
      h('td', {}, String(i)),
      h('td', {}, calibrationPointWords(say, p, true)),
      h('td', { class: 'num' }, `${f2(c.residualsMm[i])} mm`),
    ),
  );
  const rows = [...sol.pieces].map(
    ([id, f]) =>
      () =>
        h(
          'tr',
          { 'data-piece': id },
          h('td', {}, say(id)),
          h('td', {}, `fit rms ${f2(f.rmsMm)} mm${diameterWords(t, sol, id)}`),
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
  const head = [
    h(
      'p',
      {},
      `Calibration: ${c.residualsMm.length} points, rms ${f2(c.rmsMm)} mm, largest ${f2(c.maxMm)} mm (marks' noise ` +
        `${f2(c.map.sigmaPx)} px).`,
    ),
    h('table', { id: 'photo-residuals' }, ...residuals),
  ];
  if (rows.length)
    head.push(h('p', {}, 'Placed from the photo (how far each may be from where it really lies: 99%):'));
  return { head, rows };
}

/** How long one task of writing the fits list may run before it gives the page back (ms). */
const FITS_SLICE_MS = 20;

class PhotoPanel {
  private image: LoadedPhoto | null = null;
  private draft: PhotoEvidence | null = null;
  private mode: Mode = { kind: 'idle' };
  private lastTablePhoto: PhotoEvidence | undefined;
  private solution: {
    photo: PhotoEvidence;
    table: Table;
    names: string;
    sol: PhotoSolution | null;
  } | null = null;
  private under = true;
  private opacity = 0.7;
  /** image px -> canvas px: x * k + ox */
  private k = 1;
  private ox = 0;
  private oy = 0;
  private fitted = false;
  /** the player zoomed or panned since the photo was last fitted to the view: a resize keeps that view */
  private zoomed = false;
  /** a press places (or moves) a point; with a finger it moves a quarter as fast, for precision */
  private press: Press | null = null;
  /** two fingers: pinch to zoom and move the photo; the press the first finger began is dropped */
  private readonly fingers = new Map<number, [number, number]>();
  private pinch: { d: number; mid: [number, number]; k: number; ox: number; oy: number } | null = null;
  /** the kept photo last asked for, of a table that names one */
  private wanted = '';
  /** each point's snapping (by its px array in the draft), and how many are still being refined */
  private readonly snapper = new Snapper();
  private readonly snapped = new WeakMap<XY, SnapResult>();
  private pendingSnaps = 0;
  private snapOn = true;
  private readonly snapBox: HTMLInputElement = h('input', {
    type: 'checkbox',
    id: 'photo-snap',
    checked: true,
    onchange: () => {
      this.snapOn = this.snapBox.checked;
    },
  });

  private readonly status = h('p', { id: 'photo-status', role: 'status' });
  private readonly openButton = h(
    'button',
    { id: 'photo-open', onclick: () => this.show(true) },
    'Mark on photo',
  );
  private readonly calButton = h(
    'button',
    { id: 'photo-calibrate', onclick: () => this.startCalibration() },
    'Calibrate on ships',
  );
  private readonly markRow = h('span', { id: 'photo-mark-buttons' });
  private readonly underBox: HTMLInputElement = h('input', {
    type: 'checkbox',
    id: 'photo-under',
    checked: true,
    onchange: () => {
      this.under = this.underBox.checked;
      this.redraw();
    },
  });
  private readonly opacityRange: HTMLInputElement = h('input', {
    type: 'range',
    id: 'photo-opacity',
    min: 0,
    max: 1,
    step: 0.05,
    value: this.opacity,
    oninput: () => {
      this.opacity = this.opacityRange.valueAsNumber;
      this.redraw();
    },
  });
  private readonly fits = h('div', { id: 'photo-fits' });
  // ---- the photo view: the photo over the canvas, marks, loupe ----
  private readonly view = h('div', { id: 'photo-view', hidden: true });
  private readonly canvas = h('canvas', { id: 'photo-canvas' });
  private readonly loupe = h('canvas', { id: 'photo-loupe', width: 150, height: 150 });
  private readonly prompt = h('span', { id: 'photo-prompt' });
  /** the corner the prompt asks for, on a base drawn with its front up */
  private readonly promptFigure = h('span', { id: 'photo-prompt-figure' });
  private figureOf: CornerName | null = null;
  private readonly calAgain = h(
    'button',
    { id: 'photo-view-calibrate', onclick: () => this.startCalibration() },
    'Calibrate',
  );
  private readonly nextShip = h('button', { id: 'photo-next', onclick: () => this.advanceShip() }, 'Next');
  private readonly done = h(
    'button',
    {
      id: 'photo-done',
      onclick: () => {
        this.mode = { kind: 'idle' };
        this.paint();
      },
    },
    'Done',
  );
  private readonly undoMark = h(
    'button',
    { id: 'photo-undo', onclick: () => this.removeLast() },
    'Undo mark',
  );

  constructor(
    host: HTMLElement,
    canvasHost: HTMLElement,
    private readonly store: AppStore,
    private readonly cmd: Commands,
    private readonly layer: PhotoLayer,
    private readonly redraw: () => void,
  ) {
    this.buildPanel(host);
    this.buildView(canvasHost);
    this.wireView();
  }

  private say(text: string, kind: 'info' | 'error' = 'info') {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  /** a file input for a photo: the camera's, or a file's */
  private pick(capture: boolean) {
    const input = h('input', {
      type: 'file',
      accept: 'image/jpeg,image/png,image/webp,image/*',
      id: capture ? 'photo-camera' : 'photo-file',
      ...(capture ? { capture: 'environment' } : {}),
    });
    input.addEventListener('change', () => {
      const f = input.files?.[0];
      input.value = '';
      if (f) void this.load(f, f.name);
    });
    return input;
  }

  private buildPanel(host: HTMLElement) {
    host.append(
      h('h2', {}, 'Photo of the table'),
      h(
        'p',
        { class: 'hint' },
        "Photograph the table from above, then tap each piece's base corners (a squadron's rim, an obstacle's " +
          'corners) as the photo asks: the photo places them relative to each other, with how sure that is, and ' +
          'they move there. "Calibrate on ships" instead fixes the photo on ships already placed exactly.',
      ),
      h(
        'div',
        { class: 'row' },
        h('label', { class: 'file' }, 'Take photo ', this.pick(true)),
        h('label', { class: 'file' }, 'Load photo ', this.pick(false)),
      ),
      this.status,
      h('div', { class: 'row' }, this.openButton, this.calButton),
      h('div', { class: 'row' }, h('label', {}, this.snapBox, ' snap marks to the photo (base edges, rims)')),
      h(
        'div',
        { class: 'row' },
        h('label', {}, this.underBox, ' photo under the table'),
        h('label', {}, ' opacity ', this.opacityRange),
      ),
      this.fits,
    );
  }

  private buildView(canvasHost: HTMLElement) {
    const { view, canvas, loupe } = this;
    const zoom = (k: number) => () => {
      this.zoomBy(k, canvas.width / 2, canvas.height / 2);
    };
    view.append(
      h(
        'div',
        { class: 'photo-bar' },
        this.promptFigure,
        this.prompt,
        this.nextShip,
        this.undoMark,
        this.done,
        h('button', { id: 'photo-zoom-in', onclick: zoom(2) }, '+'),
        h('button', { id: 'photo-zoom-out', onclick: zoom(0.5) }, '-'),
        h('button', { id: 'photo-close', onclick: () => this.show(false) }, 'Close'),
        h('span', { class: 'photo-pieces' }, this.calAgain, this.markRow),
      ),
      canvas,
      loupe,
    );
    canvasHost.append(view);
    styleView(view, canvas, loupe);
    const style = document.createElement('style');
    style.textContent = STYLE;
    document.head.append(style);
  }

  /** the wheel zooms about the pointer, a resize fits the photo again, presses place and move points */
  private wireView() {
    const { canvas } = this;
    canvas.addEventListener(
      'wheel',
      (ev) => {
        ev.preventDefault();
        const r = canvas.getBoundingClientRect();
        this.zoomBy(ev.deltaY < 0 ? 1.25 : 0.8, ev.clientX - r.left, ev.clientY - r.top);
      },
      { passive: false },
    );
    new ResizeObserver(() => {
      if (!this.view.hidden) {
        // the prompt grows a line, a phone's address bar hides: a view the player zoomed keeps its zoom
        if (this.zoomed) this.resizeKeepingView();
        else this.fitView();
        this.paint();
      }
    }).observe(canvas);
    canvas.addEventListener('pointerdown', (ev) => this.pressDown(ev));
    canvas.addEventListener('pointermove', (ev) => this.pressMove(ev));
    canvas.addEventListener('pointerup', (ev) => this.release(ev, false));
    canvas.addEventListener('pointercancel', (ev) => this.release(ev, true));
  }

  private fitView() {
    const { image, canvas } = this;
    if (!image) return;
    const r = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round(r.width));
    canvas.height = Math.max(1, Math.round(r.height));
    this.k = Math.min(canvas.width / image.width, canvas.height / image.height);
    this.ox = (canvas.width - image.width * this.k) / 2;
    this.oy = (canvas.height - image.height * this.k) / 2;
    this.fitted = true;
    this.zoomed = false;
  }

  /** the canvas takes its new size; the zoom stays, and the photo point at its centre stays at the centre */
  private resizeKeepingView() {
    const { canvas } = this;
    const r = canvas.getBoundingClientRect();
    const [w, h] = [Math.max(1, Math.round(r.width)), Math.max(1, Math.round(r.height))];
    this.ox += (w - canvas.width) / 2;
    this.oy += (h - canvas.height) / 2;
    canvas.width = w;
    canvas.height = h;
  }

  private zoomBy(f: number, cx: number, cy: number) {
    const { k } = this;
    const nk = Math.max(0.02, Math.min(16, k * f));
    this.ox = cx - ((cx - this.ox) * nk) / k;
    this.oy = cy - ((cy - this.oy) * nk) / k;
    this.k = nk;
    this.zoomed = true;
    this.paint();
  }

  private show(on: boolean) {
    if (on && !this.image) {
      this.say(
        this.draft
          ? "This table's marks were made on a photo not kept in this browser (a link carries the marks, never the " +
              'photo): load that photo to see them.'
          : 'Load or take a photo first.',
        'error',
      );
      return;
    }
    this.view.hidden = !on;
    document.body.classList.toggle('photo-open', on);
    if (on) {
      // on a phone the panel is a sheet over the table: the photo needs the whole screen
      document.body.classList.remove('sheet-open');
      this.fitView();
      this.paint();
    }
  }

  private toImage(cx: number, cy: number): XY {
    return [(cx - this.ox) / this.k, (cy - this.oy) / this.k];
  }

  private local(ev: PointerEvent): [number, number] {
    const { canvas } = this;
    const r = canvas.getBoundingClientRect();
    return [
      ((ev.clientX - r.left) * canvas.width) / r.width,
      ((ev.clientY - r.top) * canvas.height) / r.height,
    ];
  }

  private fingerSpread() {
    const [a, b] = [...this.fingers.values()];
    return {
      d: Math.hypot(a[0] - b[0], a[1] - b[1]),
      mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as [number, number],
    };
  }

  private pressDown(ev: PointerEvent) {
    if (ev.pointerType === 'touch') this.fingers.set(ev.pointerId, this.local(ev));
    if (this.fingers.size === 2 && this.image) {
      this.press = null;
      this.loupe.style.display = 'none';
      this.canvas.setPointerCapture(ev.pointerId);
      const { d, mid } = this.fingerSpread();
      this.pinch = { d: Math.max(1, d), mid, k: this.k, ox: this.ox, oy: this.oy };
      return;
    }
    if (!this.image || this.press || this.pinch) return;
    const [cx, cy] = this.local(ev);
    // while calibrating or marking every press is a new point; afterwards ("Done") a press moves the mark under it
    const moving = this.mode.kind === 'idle' ? this.nearestMark(cx, cy) : null;
    if (!moving && this.mode.kind === 'idle') {
      this.say('Choose what to mark first: "Calibrate on ships", or one of the "Mark" buttons.');
      return;
    }
    this.canvas.setPointerCapture(ev.pointerId);
    const at = moving ? this.markAt(moving) : this.toImage(cx, cy);
    this.press = {
      id: ev.pointerId,
      start: [cx, cy],
      at,
      moving,
      fine: ev.pointerType === 'mouse' ? 1 : 0.25,
    };
    this.paintLoupe(this.press.at, cx, cy);
  }

  private pressMove(ev: PointerEvent) {
    if (this.fingers.has(ev.pointerId)) this.fingers.set(ev.pointerId, this.local(ev));
    const { pinch, press } = this;
    if (pinch && this.fingers.size === 2) {
      const { d, mid } = this.fingerSpread();
      const nk = Math.max(0.02, Math.min(16, (pinch.k * d) / pinch.d));
      // the photo point under the fingers' first midpoint stays under their midpoint now
      this.ox = mid[0] - ((pinch.mid[0] - pinch.ox) * nk) / pinch.k;
      this.oy = mid[1] - ((pinch.mid[1] - pinch.oy) * nk) / pinch.k;
      this.k = nk;
      this.zoomed = true;
      this.paint();
      return;
    }
    if (!press || ev.pointerId !== press.id) return;
    const [cx, cy] = this.local(ev);
    const base = press.moving ? this.markAt(press.moving) : this.toImage(press.start[0], press.start[1]);
    const at: XY = [
      base[0] + ((cx - press.start[0]) / this.k) * press.fine,
      base[1] + ((cy - press.start[1]) / this.k) * press.fine,
    ];
    const image = this.image!;
    press.at = [Math.max(0, Math.min(image.width, at[0])), Math.max(0, Math.min(image.height, at[1]))];
    this.paintLoupe(press.at, cx, cy);
  }

  private release(ev: PointerEvent, cancel: boolean) {
    this.fingers.delete(ev.pointerId);
    if (this.pinch) {
      // a pinch ends when its last finger lifts; no finger of it places a point
      if (this.fingers.size === 0) this.pinch = null;
      return;
    }
    if (!this.press || ev.pointerId !== this.press.id) return;
    const p = this.press;
    this.press = null;
    this.loupe.style.display = 'none';
    if (cancel) return this.paint();
    const at: XY = [r2(p.at[0]), r2(p.at[1])];
    if (p.moving) this.moveMark(p.moving, at);
    else this.addPoint(at);
  }

  private paintLoupe(at: XY, cx: number, cy: number) {
    const { image, canvas, loupe } = this;
    if (!image) return;
    loupe.style.display = 'block';
    const r = canvas.getBoundingClientRect();
    const sx = (cx * r.width) / canvas.width,
      sy = (cy * r.height) / canvas.height;
    loupe.style.left = `${Math.max(0, Math.min(r.width - 150, sx - 75))}px`;
    loupe.style.top = `${sy - 75 - 110 < 0 ? sy + 40 : sy - 185 + canvas.offsetTop}px`;
    drawLoupe(loupe, image.full, at);
    this.paint(at);
  }

  // ---- what a point means in each mode ----
  private table() {
    return this.store.getState().table;
  }
  private catalog() {
    return withMeasurements(CATALOG, this.table().measurements);
  }
  private ensureDraft(): PhotoEvidence {
    const { image } = this;
    return (this.draft ??= {
      ...(image ? { imageId: image.id } : {}),
      size: [image!.width, image!.height],
      calibration: [],
      marks: [],
    });
  }

  private startCalibration() {
    if (!this.image) return this.show(true);
    const t = this.table();
    // a piece the walk asked for but that has no mark yet is not a marked piece
    if (this.draft) this.draft.marks = this.draft.marks.filter((m) => m.px.length);
    const marked = new Set((this.draft?.marks ?? []).map((m) => m.piece));
    const ships = t.ships.map((s) => s.id).filter((id) => !marked.has(id));
    if (ships.length === 0)
      return this.say(
        'Calibration needs ships on the table (place them first, roughly where they are).',
        'error',
      );
    // a new calibration replaces the old one; the marks stay and are fitted again
    const d = this.ensureDraft();
    d.calibration = [];
    this.mode = { kind: 'calibrate', ships, ship: 0, corner: 0, done: 0 };
    this.show(true);
    this.paint();
  }

  private advanceShip() {
    const mode = this.mode;
    if (mode.kind === 'mark') return this.advanceWalk();
    if (mode.kind !== 'calibrate') return;
    mode.ship++;
    mode.corner = 0;
    if (mode.ship >= mode.ships.length) this.mode = { kind: 'idle' };
    this.paint();
  }

  private startMark(id: string) {
    if (!this.image) return this.show(true);
    const t = this.table();
    const kind = kindOf(t, id);
    if ((kind === 'obstacle' || kind === 'token') && !this.map())
      return this.say(
        `Mark two ships first (their corners place the camera), then ${namerOf(t)(id)}'s outline corners.`,
        'error',
      );
    this.beginMark(id, null);
    this.show(true);
    this.paint();
  }

  /** `id` marked afresh; `queue`: the walk's pieces after it (null: this piece only) */
  private beginMark(id: string, queue: string[] | null) {
    const d = this.ensureDraft();
    d.marks = d.marks.filter((m) => m.piece !== id);
    d.marks.push({ piece: id, px: [], points: [] as XY[] });
    this.mode = { kind: 'mark', piece: id, queue };
  }

  /**
   * A loaded photo asks for each piece in turn, no calibration first: the chosen pair's pieces, the
   * obstacles, then the other ships and the squadrons. The photo places them together with the camera
   * (the joint fit) once two are marked; "Next" skips a piece, "Done" ends the walk.
   */
  private startWalk() {
    if (!this.image) return this.show(true);
    const s = this.store.getState();
    const t = s.table;
    const marked = new Set((this.draft?.marks ?? []).filter((m) => ready(t, m)).map((m) => m.piece));
    const pair = [s.attacker, s.defender].flatMap((z) => (z ? [z.split('.')[0]] : []));
    const order = [
      ...pair.filter((id) => t.ships.some((x) => x.id === id) || t.squadrons.some((x) => x.id === id)),
      ...(pair.length ? t.obstacles.map((o) => o.id) : []),
      ...t.ships.map((x) => x.id),
      ...t.obstacles.map((o) => o.id),
      ...t.squadrons.map((x) => x.id),
    ];
    const ids = [...new Set(order)].filter((id) => !marked.has(id));
    if (!ids.length) {
      this.show(true);
      return this.say(
        marked.size
          ? 'Every piece is marked: press a mark to move it, or a "Mark" button to mark a piece again.'
          : 'Place the pieces on the table first, roughly where they are: the photo then places them exactly.',
      );
    }
    this.beginMark(ids[0], ids.slice(1));
    this.show(true);
    this.paint();
  }

  /**
   * Bring the point asked for next into a zoomed view (the player zoomed in to tap precisely and should not
   * have to pan to each piece): where the fit, or the marks so far, say it lies on the photo. Only right after
   * the player's own tap: a view that moved on its own (a fit arriving) could move under a finger about to tap.
   */
  private panToNext() {
    const mode = this.mode;
    if (mode.kind !== 'mark' || !this.zoomed || !this.image) return;
    const t = this.table();
    const cat = this.catalog();
    const ship = t.ships.find((x) => x.id === mode.piece);
    const n = this.draft?.marks.find((x) => x.piece === mode.piece)?.px.length ?? 0;
    const piece = ship ?? [...t.squadrons, ...t.obstacles, ...t.tokens].find((x) => x.id === mode.piece);
    if (!piece) return;
    const at = ship ? pointOnTable(cat, { kind: 'ship', piece: ship }, ROUND[Math.min(3, n)]) : piece;
    const map = this.map();
    let px: XY | null = null;
    if (map) {
      const p = map.toPx(at);
      px = [p.x, p.y];
    } else {
      const pairs: { mm: Point; px: XY }[] = [];
      for (const m of this.draft?.marks ?? []) {
        const s = t.ships.find((x) => x.id === m.piece);
        if (s && Array.isArray(m.points))
          m.px.forEach((q, j) =>
            pairs.push({
              mm: pointOnTable(cat, { kind: 'ship', piece: s }, m.points[j] as CornerName),
              px: q,
            }),
          );
      }
      px = roughPx(pairs, at);
    }
    if (!px || !Number.isFinite(px[0] + px[1])) return;
    const { canvas, k } = this;
    const [cx, cy] = [px[0] * k + this.ox, px[1] * k + this.oy];
    const margin = 0.15;
    if (
      cx > canvas.width * margin &&
      cx < canvas.width * (1 - margin) &&
      cy > canvas.height * margin &&
      cy < canvas.height * (1 - margin)
    )
      return;
    this.ox = canvas.width / 2 - px[0] * k;
    this.oy = canvas.height / 2 - px[1] * k;
  }

  /** the walk's next piece (its marks so far kept), or the walk's end */
  private advanceWalk() {
    const mode = this.mode;
    if (mode.kind !== 'mark') return;
    const next = mode.queue?.[0];
    if (next === undefined) this.mode = { kind: 'idle' };
    else this.beginMark(next, mode.queue!.slice(1));
    this.panToNext();
    this.paint();
  }

  private addPoint(at: XY) {
    const d = this.ensureDraft();
    const t = this.table();
    const mode = this.mode;
    let req: SnapRequest | string | null = null;
    if (mode.kind === 'calibrate') {
      req = snapRequest(at, t, this.catalog(), undefined, mode.ships[mode.ship], ROUND[mode.corner]);
      this.addCalibrationPoint(mode, d, at);
    } else if (mode.kind === 'mark') {
      // the point first: an obstacle's is the outline point nearest the tap, which the snap then asks for
      if (!this.addMarkPoint(mode.piece, d, t, at)) return;
      const m = d.marks.find((x) => x.piece === mode.piece)!;
      req = snapRequest(at, t, this.catalog(), this.map(), mode.piece, markKind(t, m, m.px.length - 1));
    }
    this.refine(at, req);
    const now = this.mode;
    if (now.kind === 'mark' && now.queue) {
      const n = d.marks.find((x) => x.piece === now.piece)?.px.length ?? 0;
      if (n >= WALK_MARKS[kindOf(t, now.piece)]) return this.advanceWalk();
    }
    this.panToNext();
  }

  private map(): PlaneMap | undefined {
    return this.solution?.sol?.calibration.map;
  }

  /**
   * Snap a point just placed (its px array, in the draft) to the photo in the worker, then fit: the
   * table changes once every point asked for is back (a tap meanwhile waits with it).
   */
  private refine(at: XY, req: SnapRequest | string | null) {
    if (typeof req === 'string' && this.snapOn)
      this.snapped.set(at, { refined: false, px: [at[0], at[1]], sigmaPx: TAP_SIGMA_PX, why: req });
    if (!req || typeof req === 'string' || !this.snapOn) {
      if (this.pendingSnaps === 0) this.commit();
      else this.paint();
      return;
    }
    this.pendingSnaps++;
    this.say('Refining the mark on the photo ...');
    this.paint();
    void this.snapper.snap(req).then((r) => {
      this.pendingSnaps--;
      this.snapped.set(at, r);
      if (r.refined) {
        at[0] = r3(r.px[0]);
        at[1] = r3(r.px[1]);
      }
      if (this.pendingSnaps === 0) this.commit();
      else this.paint();
    });
  }

  /** The draft's points as snapping left them: how many were refined, and each kept as tapped with why. */
  private snapWords(): string {
    const d = this.draft;
    if (!d) return '';
    const say = namerOf(this.table());
    const points: [string, XY][] = [
      ...d.calibration.map((c): [string, XY] => [calibrationPointWords(say, c), c.px]),
      ...d.marks.flatMap((m) =>
        m.px.map((p, j): [string, XY] => [markPointWords(say, m.piece, m.points, j), p]),
      ),
    ];
    const known = points.filter(([, p]) => this.snapped.has(p));
    if (!known.length) return '';
    const kept = known.filter(([, p]) => !this.snapped.get(p)!.refined);
    const refined = known.length - kept.length;
    // the marks kept for one reason named together: "rock1 point 0, Victory 1 front-left kept as tapped: ..."
    const byWhy = new Map<string, string[]>();
    for (const [name, p] of kept) {
      const r = this.snapped.get(p)!;
      const reason = r.refined ? '' : r.why;
      byWhy.set(reason, [...(byWhy.get(reason) ?? []), name.trim()]);
    }
    const why = [...byWhy]
      .map(([reason, names]) => `${names.join(', ')} kept as tapped: ${reason}`)
      .join('; ');
    return ` Snapped to the photo: ${refined} of ${known.length} marks${why ? ` (${why})` : ''}.`;
  }

  /** the calibrating ship's next corner; past its fourth, the next ship, or done after CAL_SHIPS ships */
  private addCalibrationPoint(mode: CalibrateMode, d: PhotoEvidence, at: XY) {
    const ship = mode.ships[mode.ship];
    d.calibration.push({ px: at, piece: ship, point: ROUND[mode.corner] });
    mode.corner++;
    if (mode.corner >= 4) {
      mode.done++;
      mode.ship++;
      mode.corner = 0;
      if (mode.done >= CAL_SHIPS || mode.ship >= mode.ships.length) this.mode = { kind: 'idle' };
    }
  }

  /** a mark on the piece being marked and the point it stands for; false when none is added (said why) */
  private addMarkPoint(piece: string, d: PhotoEvidence, t: Table, at: XY): boolean {
    const m = d.marks.find((x) => x.piece === piece)!;
    const ship = t.ships.find((s) => s.id === m.piece);
    const sq = t.squadrons.find((s) => s.id === m.piece);
    const ob = t.obstacles.find((o) => o.id === m.piece);
    const tk = t.tokens.find((o) => o.id === m.piece);
    if (ship) {
      const n = m.px.length;
      if (n >= 4) {
        this.say(`${namerOf(t)(ship.id)}: all four corners are marked; move one (press on it) or undo one.`);
        return false;
      }
      (m.points as CornerName[]).push(ROUND[n]);
    } else if (sq) m.points = 'rim';
    else {
      const map = this.solution?.sol?.calibration.map;
      if (!map) {
        this.say(
          `${namerOf(t)(piece)}'s outline corners are read through the photo's fit: mark two ships ` +
            'first (their corners), ' +
            'and wait a moment for their fit.',
          'error',
        );
        return false;
      }
      (m.points as XY[]).push(outlinePoint(map, at, ob, tk, this.catalog()));
    }
    m.px.push(at);
    return true;
  }

  private removeLast() {
    const { draft, mode } = this;
    if (!draft) return;
    if (mode.kind === 'mark') {
      const m = draft.marks.find((x) => x.piece === mode.piece);
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
    this.commit();
  }

  private nearestMark(cx: number, cy: number): MarkRef | null {
    const { draft, k, ox, oy } = this;
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

  private markAt(r: MarkRef): XY {
    return r.list === 'cal' ? this.draft!.calibration[r.i].px : this.draft!.marks[r.i].px[r.j];
  }

  private moveMark(r: MarkRef, at: XY) {
    const t = this.table();
    let req: SnapRequest | string | null = null;
    if (r.list === 'cal') {
      const c = this.draft!.calibration[r.i];
      c.px = at;
      if (c.piece && typeof c.point === 'string')
        req = snapRequest(at, t, this.catalog(), undefined, c.piece, c.point as CornerName);
    } else {
      const m = this.draft!.marks[r.i];
      m.px[r.j] = at;
      req = snapRequest(at, t, this.catalog(), this.map(), m.piece, markKind(t, m, r.j));
    }
    this.refine(at, req);
  }

  /**
   * What each point claims, px: a mark refined on the photo its fit's own sigma, a mark the photo could not
   * refine what its result says (a rough tap's, KEPT_TAP_SIGMA_PX; a tap's when it was never asked of the
   * photo); a point not asked of the photo (read from the file, or snapping off) what the file claimed.
   * Undefined when every point claims a tap's (the field is then left out, as before).
   */
  private claims(pts: readonly XY[], had: number | number[] | undefined): number[] | undefined {
    const out = pts.map((p, j) => {
      const r = this.snapped.get(p);
      if (r) return r.refined ? Math.max(0.001, r3(r.sigmaPx)) : Math.max(TAP_SIGMA_PX, r.sigmaPx);
      if (Array.isArray(had)) return had.length === pts.length ? had[j] : TAP_SIGMA_PX;
      return had ?? TAP_SIGMA_PX;
    });
    return out.every((v) => v === TAP_SIGMA_PX) ? undefined : out;
  }

  /** Each calibration point's and mark entry's sigmaPx in the photo to write, from the draft's points. */
  private writeClaims(photo: PhotoEvidence, cal: CalibrationPoint[], marks: PhotoMark[]) {
    photo.calibration.forEach((c, i) => {
      const s = this.claims([cal[i].px], cal[i].sigmaPx);
      if (s) c.sigmaPx = s[0];
      else delete c.sigmaPx;
    });
    photo.marks.forEach((m, i) => {
      const s = this.claims(marks[i].px, marks[i].sigmaPx);
      if (!s) delete m.sigmaPx;
      else m.sigmaPx = s.every((v) => v === s[0]) ? s[0] : s;
    });
  }

  /** Write the draft into the table (with the marked pieces moved to their fits), or say why not. */
  private commit() {
    const d = this.draft!;
    const t = this.table();
    const n = d.calibration.length;
    if (n > 0 && n < 4) {
      this.say(
        `${n} calibration point${n === 1 ? '' : 's'} of at least 4 (no 3 on a line).${this.snapWords()}`,
      );
      this.paint();
      return;
    }
    const readyMarks = d.marks.filter((m) => ready(t, m));
    if (n === 0 && readyMarks.length < 2) {
      // without a calibration the photo places pieces relative to each other: two at least
      const only = readyMarks.map((m) => m.piece);
      this.say(
        `${markedWords(namerOf(t), only)}The photo is read once two pieces are marked ` +
          `(it places them relative to each other, with the camera).${this.snapWords()}`,
      );
      this.paint();
      return;
    }
    const photo: PhotoEvidence = structuredClone({ ...d, marks: readyMarks });
    this.writeClaims(photo, d.calibration, readyMarks);
    let next: Table = { ...t, photo };
    let sol: PhotoSolution;
    try {
      sol = solvePhoto(photo, t, this.catalog());
    } catch (e) {
      this.say(`${(e as Error).message}. The table is unchanged.`, 'error');
      this.paint();
      return;
    }
    next = movedToFits(next, t, sol);
    try {
      validateTable(JSON.parse(JSON.stringify(next)));
    } catch (e) {
      this.say(`${(e as Error).message}. The table is unchanged.`, 'error');
      this.paint();
      return;
    }
    this.lastTablePhoto = photo;
    this.cmd.change(next);
    const c = sol.calibration;
    const j = sol.joint;
    this.say(
      (j
        ? `Read from the photo: ${j.pieces.size} pieces fitted together with the camera (tilt ` +
          `${j.camera.tiltDeg.toFixed(0)} degrees, lens ` +
          (j.camera.k1Fitted ? `k1 ${j.camera.k1.toFixed(3)}` : 'not fitted') +
          `), marks ${f2(j.sigmaPx)} px; ` +
          (j.anchor === 'pieces'
            ? 'the group set where the pieces stood on the table (one move and turn).'
            : `the group fixed by the ${j.anchor}.`)
        : `Calibrated on ${c.residualsMm.length} points: rms ${f2(c.rmsMm)} mm, largest ${f2(c.maxMm)} mm.`) +
        this.snapWords(),
    );
    this.paint();
  }

  private async load(blob: Blob, name: string) {
    this.say(`Reading ${name} ...`);
    let p: LoadedPhoto;
    try {
      p = await decodePhoto(blob, name);
    } catch (e) {
      this.say((e as Error).message, 'error');
      return;
    }
    const tp = this.table().photo;
    if (tp && (tp.size[0] !== p.width || tp.size[1] !== p.height) && tp.imageId !== p.id) {
      // a new photo: the old marks were made on another one; start again from this photo
      this.draft = null;
    }
    this.image?.full.close();
    this.image = p;
    this.snapper.setPhoto(p.id, blob);
    if (this.draft && this.draft.imageId !== p.id) this.draft.imageId = p.id;
    try {
      await keepPhoto(p.id, blob, name);
    } catch {
      // private browsing: the photo is used now but not kept
    }
    this.say(`${name}: ${p.width} x ${p.height}${p.note ? `; ${p.note}` : ''}.`);
    this.fitted = false;
    // the pieces are asked for in turn (the camera is fitted with them), unless this photo is calibrated already
    if (!this.draft?.calibration.length) this.startWalk();
    else this.show(true);
    this.redraw();
  }

  // ---- drawing the photo view ----
  private paint(cursor?: XY) {
    const { image, canvas, draft } = this;
    if (this.view.hidden || !image) return;
    if (!this.fitted) this.fitView();
    const { k, ox, oy } = this;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#000';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.imageSmoothingEnabled = true;
    g.drawImage(image.display, ox, oy, image.width * k, image.height * k);
    const S: ToCanvas = (p) =>
      Array.isArray(p) ? [p[0] * k + ox, p[1] * k + oy] : [p.x * k + ox, p.y * k + oy];
    const map = this.solution?.sol?.calibration.map;
    if (map) drawOutlines(g, S, map, this.table(), this.catalog());
    const res = this.solution?.sol?.calibration.residualsMm;
    const all = [
      ...(draft?.calibration.map((c) => c.px) ?? []),
      ...(draft?.marks.flatMap((m) => m.px) ?? []),
    ];
    for (const p of all) {
      const r = this.snapped.get(p);
      if (r?.refined) drawTraces(g, S, r.traces);
    }
    // a mark kept as tapped is red, and says so
    const kept = (p: XY, label: string) => {
      const r = this.snapped.get(p);
      return r && !r.refined ? (['#ff6b6b', `${label} kept as tapped`] as const) : null;
    };
    draft?.calibration.forEach((c, i) => {
      const label = `${i}${res && res.length === draft.calibration.length ? ` ${f2(res[i])} mm` : ''}`;
      const k = kept(c.px, label);
      drawCross(g, S, c.px, k?.[0] ?? '#40c057', k?.[1] ?? label);
    });
    const t = this.table();
    const say = namerOf(t);
    // a piece's name once, amid its marks: one label a corner ("Victory 1 front-left" four times round a base
    // 20 px across on a phone) ran into each other
    for (const m of draft?.marks ?? []) {
      m.px.forEach((p) => {
        const k = kept(p, '');
        drawCross(g, S, p, k?.[0] ?? '#ff922b', k ? 'kept as tapped' : '');
      });
      if (m.px.length) drawName(g, S, m.px, say(m.piece));
    }
    if (cursor) drawCross(g, S, cursor, '#ffff00', '');
    this.prompt.textContent = promptText(this.mode, t, draft, say);
    const corner = askedCorner(this.mode, this.table(), draft);
    if (corner !== this.figureOf) {
      this.figureOf = corner;
      this.promptFigure.replaceChildren(...(corner ? [cornerFigure(corner)] : []));
    }
    this.nextShip.hidden = !(
      this.mode.kind === 'calibrate' ||
      (this.mode.kind === 'mark' && this.mode.queue)
    );
    this.done.hidden = this.mode.kind === 'idle';
  }

  /** keep the kept photo of a table that names one (a link, the tables list) */
  private async fetchKept(id: string) {
    const kept = await keptPhoto(id);
    if (!kept || this.table().photo?.imageId !== id) return;
    try {
      this.image = await decodePhoto(kept.blob, kept.name);
      this.snapper.setPhoto(this.image.id, kept.blob);
      this.fitted = false;
      this.redraw();
    } catch (e) {
      this.say((e as Error).message, 'error');
    }
  }

  /** from the frame loop: resync with the table, refresh the panel and the photo under the table */
  update(s: AppState) {
    const t = s.table;
    if (t.photo !== this.lastTablePhoto) {
      // the table's marks changed elsewhere (undo, a link, another table): take them
      this.lastTablePhoto = t.photo;
      this.draft = t.photo ? structuredClone(t.photo) : null;
      if (!t.photo) {
        this.mode = { kind: 'idle' };
        // a table without a photo (New, Clear, another table): the last calibration's words go too
        this.say('');
      }
    }
    const id = t.photo?.imageId;
    if (id && this.image?.id !== id && this.wanted !== id) {
      this.wanted = id;
      void this.fetchKept(id);
    }
    // without a photo there is nothing to solve, and the mark buttons follow the pieces' ids and names only
    // (a drag step changes neither)
    const stale =
      !this.solution ||
      this.solution.photo !== t.photo ||
      (t.photo ? this.solution.table !== t : this.solution.names !== piecesKey(t));
    if (stale) this.solve(t);
    this.showUnder(t);
  }

  /** the table's marks solved again (none when they do not solve), the panel's fits and the view redrawn */
  private solve(t: Table) {
    let sol: PhotoSolution | null = null;
    try {
      sol = t.photo ? solvePhoto(t.photo, t, withMeasurements(CATALOG, t.measurements)) : null;
    } catch {
      sol = null;
    }
    this.solution = { photo: t.photo!, table: t, names: piecesKey(t), sol };
    this.renderFits(t, sol);
    this.paint();
  }

  /** the rectified photo under the table, when the photo loaded is the one the marks were made on */
  private showUnder(t: Table) {
    const { image } = this;
    const solution = this.solution!;
    const usable =
      image &&
      solution.sol &&
      (!t.photo || (t.photo.size[0] === image.width && t.photo.size[1] === image.height));
    this.layer.set(
      usable ? image!.display : null,
      t.photo?.size ?? null,
      usable ? solution.sol!.calibration.map.pxToMmMatrix() : null,
      this.opacity,
      this.under,
    );
    this.calButton.disabled = !image;
    this.openButton.disabled = !image;
  }

  /** for the browser tests: page coordinates of a photo pixel */
  pagePoint(x: number, y: number) {
    const { canvas } = this;
    const r = canvas.getBoundingClientRect();
    return {
      x: r.left + ((x * this.k + this.ox) * r.width) / canvas.width,
      y: r.top + ((y * this.k + this.oy) * r.height) / canvas.height,
    };
  }

  /** for the browser tests: the photo view's scale (canvas px a photo px) */
  viewScale() {
    return this.k;
  }

  /** what the mark buttons were last made for: the pieces' names, the calibration's pieces, whether it solved */
  private markRowKey = '';
  /** the fits list waiting to be written (the latest solution), or null */
  private fitsDue: { t: Table; sol: PhotoSolution | null } | null = null;

  /**
   * The mark buttons, remade only when what they show changed, and the fits list, written in a task of its
   * own: on a photo of 200 squadrons of 200 rim marks the list (rows and measured diameters) cost some
   * 100 ms, which the frame that opened or changed the table must not carry as well.
   */
  private renderFits(t: Table, sol: PhotoSolution | null) {
    const calibrating = t.photo?.calibration.map((c) => c.piece ?? '').join('\u0000') ?? '';
    const key = `${piecesKey(t)}\u0002${calibrating}\u0002${!!sol}`;
    if (key !== this.markRowKey) {
      this.markRowKey = key;
      this.writeMarkRow(t, sol);
    }
    const first = !this.fitsDue;
    this.fitsDue = { t, sol };
    if (first) setTimeout(() => this.writeFits(), 0);
  }

  /** the fits list written: its head at once, then the pieces' rows a slice at a time, until a newer list is due */
  private writeFits() {
    const due = this.fitsDue!;
    this.fitsDue = null;
    if (!due.sol) {
      this.fits.replaceChildren();
      return;
    }
    const { head, rows } = fitsContent(due.t, due.sol, namerOf(due.t));
    const table = h('table', { id: 'photo-pieces' });
    this.fits.replaceChildren(...head, ...(rows.length ? [table] : []));
    let next = 0;
    const slice = () => {
      if (this.fitsDue || table.parentNode !== this.fits) return; // a newer list is on its way
      const t0 = performance.now();
      const made: HTMLElement[] = [];
      while (next < rows.length && performance.now() - t0 < FITS_SLICE_MS) made.push(rows[next++]());
      table.append(...made);
      if (next < rows.length) setTimeout(slice, 0);
    };
    slice();
  }

  /** one button a piece not in the calibration, its words the piece's name, its id and data-piece the piece's id */
  private writeMarkRow(t: Table, sol: PhotoSolution | null) {
    const say = namerOf(t);
    this.markRow.replaceChildren(
      ...[...t.ships, ...t.squadrons, ...t.obstacles, ...t.tokens]
        .filter((p) => !t.photo?.calibration.some((c) => c.piece === p.id))
        .map((p) =>
          h(
            'button',
            {
              id: `photo-mark-${p.id}`,
              'data-piece': p.id,
              disabled: !sol,
              onclick: () => this.startMark(p.id),
            },
            markButtonText(say, p.id),
          ),
        ),
    );
  }
}

/**
 * every piece's id and the words its name is made of (src/model/names.ts: a ship's name, class and size, a
 * squadron's name), in order: what the mark buttons show (kept by each list of pieces: a drag step makes a new
 * list of ships, not of the rest)
 */
type Worded = { id: string; name?: string; class?: string; size?: string };
const wordsOf = new WeakMap<readonly Worded[], string>();
function listWords(l: readonly Worded[]): string {
  let k = wordsOf.get(l);
  if (k === undefined)
    wordsOf.set(
      l,
      (k = l
        .map((p) => `${p.id}\u0003${p.name ?? ''}\u0003${p.class ?? ''}\u0003${p.size ?? ''}`)
        .join('\u0000')),
    );
  return k;
}
function piecesKey(t: Table): string {
  return [listWords(t.ships), listWords(t.squadrons), listWords(t.obstacles), listWords(t.tokens)].join(
    '\u0001',
  );
}

export function buildPhoto(
  host: HTMLElement,
  canvasHost: HTMLElement,
  store: AppStore,
  cmd: Commands,
  layer: PhotoLayer,
  redraw: () => void,
) {
  const panel = new PhotoPanel(host, canvasHost, store, cmd, layer, redraw);
  return {
    /** from the frame loop: resync with the table, refresh the panel and the photo under the table */
    update: (s: AppState) => panel.update(s),
    /** for the browser tests: page coordinates of a photo pixel */
    pagePoint: (x: number, y: number) => panel.pagePoint(x, y),
    /** for the browser tests: the photo view's scale */
    viewScale: () => panel.viewScale(),
  };
}

export { CORNERS };
