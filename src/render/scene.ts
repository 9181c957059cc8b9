import {
  Application,
  BitmapFont,
  BitmapText,
  CanvasTextMetrics,
  Container,
  Graphics,
  RenderTexture,
  Sprite,
  TextStyle,
  Texture,
  Ticker,
} from 'pixi.js';
import type { Circle } from '../geometry/circle';
import type { Polygon } from '../geometry/polygon';
import type { HullZoneName } from '../model/catalog';
import type { AttackReport, XY } from '../model/report';
import { LIVE_PIECES, type LiveAnalysis } from '../state/analysis';
import type { AppState } from '../state/store';
import type { Entry, ObstacleEntry, ShipEntry, SquadronEntry } from '../rules/world';
import { GRAZE, LOS, OBSTACLE, OVERLAP, PLAYER, PLAYER_DARK, SELECT } from './colours';
import { grownRings } from '../geometry/offset';
import { MAX_OUTLINED, type Overlays } from '../state/overlays/model';
import { type OverlapCalls, overlapCalls } from '../rules/overlap-words';
import { attacksOf } from '../rules/attacks/table';
import { oid, Retained } from './retained';
import { LineSprites } from './line-sprites';
import { fitBoxView, fitView, toScreen, type View } from './view';
import type { Box, PlacedLabel, Segment } from './label-layout';
import { sceneLabels } from './scene-labels';
import { HANDLE_REACH_PX } from '../state/gesture';
import { hitEntry, nearBox } from './hit';
import { clipSegment, clipToBox } from './clip-box';
import { ALPHA, AX, AY, BX, BY, COLOR, LINE_RECORD, PX, PY, WIDTH } from './line-record';
import { movedInGesture } from './batching';
import { KeptKeys } from './kept-keys';

export { hitEntry };

const LABEL_STYLE = {
  fontFamily: 'system-ui, sans-serif',
  fontSize: 11,
  fill: 0xffffff,
  stroke: { color: 0x000000, width: 3 },
};
const MEASURE_STYLE = new TextStyle(LABEL_STYLE);
/**
 * The labels' font as one atlas of white glyphs with their black outline, coloured by tint: a label is then
 * a row of quads from the atlas, where a Text of its own was drawn on a canvas and sent to the GPU as a
 * texture (200 squadrons' labels cost the frame that first showed them some 100 ms of a 2-core machine).
 */
const LABEL_FONT = 'armada-label';

/** The background grid's spacing: one foot, as players count the table. */
const FOOT_MM = 304.8;
/**
 * The canvas's legend of unnamed squadrons (ui/label-legend.ts): at the top left, 70% of the canvas
 * wide at most, up to three lines of 11 px text (the stylesheet's #label-legend).
 */
export const LEGEND_BOX = (width: number): [number, number, number, number] => [
  0,
  0,
  Math.min(width * 0.7, 412) + 20,
  56,
];

type Pts = number[];

/** Extra things to draw that come from rule modules (regions, verdicts), prepared by the caller. */
export type { Overlays };

/** What one frame draws, as a layer plugged into the scene sees it. */
export interface Frame {
  state: AppState;
  analysis: LiveAnalysis;
  overlays: Overlays;
  view: View;
  /** changes when the zoom or the turn changes (what table-local drawing depends on) */
  zoomKey: string;
  /** changes when the view moves at all (pan too) */
  viewKey: string;
  /** table mm to canvas pixels */
  toScreen(x: number, y: number): [number, number];
}

/**
 * A layer another module draws (a photo under the table, practice maps, ...): its container sits
 * in its slot of the stage, and draw() is called at every render, before the frame is shown. A
 * layer redraws only when what it shows changed (compare frame.viewKey, the table, ...); it
 * decides nothing about the rules.
 */
export interface SceneLayer {
  readonly container: Container;
  draw(frame: Frame): void;
}

/**
 * Where plugged layers go, bottom to top: under the table cloth; on the table (over the cloth,
 * the deployment zones and the grid, under every piece); over the pieces (under the verdict
 * marks and lines); on top of everything but the labels.
 */
export type LayerSlot = 'under-table' | 'on-table' | 'over-pieces' | 'top';

const catalogIds = new WeakMap<object, number>();
/** the colours scene-labels.ts gives the labels */
const LABEL_COLOURS = { player: PLAYER, overlap: OVERLAP, touch: GRAZE, los: LOS };

/**
 * The table's picture, retained: the table cloth, each piece, each region, mark and attack line
 * is its own Graphics, kept between frames under a key of what it shows. A frame draws again only
 * what changed: a dragged piece that only moved is moved (its container's position), an attack
 * line is drawn again when its attack changed (the drag re-judge keeps the report objects of the
 * attacks it did not judge again), a pan moves pieces, regions and marks without drawing them.
 * `redrawAll()` forgets everything: the next frame is a full redraw (the e2e test holds the
 * retained picture to it).
 */
export class Scene {
  readonly app = new Application();
  view: View = { scale: 1, ox: 0, oy: 0 };
  private slots!: Record<LayerSlot, Container>;
  private plugged: SceneLayer[] = [];
  private table = new Retained('table');
  private obstacles = new Retained('obstacles');
  private regions = new Retained('regions');
  private ships = new Retained('ships');
  private tokens = new Retained('tokens');
  private squadrons = new Retained('squadrons');
  /**
   * the marks, bottom to top: overlaps, the overlays' marks, what obstructs the attacker's lines, what they graze
   * (each of the three kinds of outline is of one colour, width and alpha: unordered). Each layer is a render
   * group of its own: an outline that comes, goes or is drawn again (a piece first outlined as obstructing, an
   * overlay's mark made anew) rebuilds the drawing instructions of its own layer only, and the group holding the
   * four, rebuilt when one is left out of the frame or back (the overlays' marks while there are none), holds
   * four entries.
   */
  private marksGroup = new Container({ label: 'marks', isRenderGroup: true });
  private overlapMarks = new Retained('overlap marks', { park: true, unordered: true });
  private marks = new Retained('overlay marks', { park: true });
  private obstructingMarks = new Retained('obstructing marks', { park: true, unordered: true });
  private grazingMarks = new Retained('grazing marks', { park: true, unordered: true });
  private attackLines = new LineSprites('attack-lines');
  /** spriteLine's line and clip box, filled at each line (line-record.ts) */
  private lineAsked = new Float64Array(LINE_RECORD);
  private lineBox = new Float64Array(4);
  /** the chosen attack and the overlays' lines: a few, drawn at every frame */
  private topLines = new Graphics();
  /**
   * selection, distance rings, rotation handle: drawn around the selected piece's own point, so a drag that
   * only moves the piece moves the drawing (retained as the pieces are)
   */
  private selection = new Retained('selection', { park: true });
  private labelLayer = new Container();
  /**
   * the labels in two render groups: the pieces' names, which stay as they were through most drag steps, and
   * the rest (the chosen attack's range and line of sight, overlaps, rings), whose texts change as a piece
   * moves: Pixi rebuilds the drawing instructions of a label's whole group when its text changes. Labels
   * never overlap (the layout places none on another), so the two groups' stacking changes no pixel.
   */
  private pieceLabels = new Container({ label: 'piece labels', isRenderGroup: true });
  private otherLabels = new Container({ label: 'other labels', isRenderGroup: true });
  private labels = new Map<string, BitmapText>();
  private fitted = false;
  private last: [AppState, LiveAnalysis, Overlays] | null = null;
  /** line widths' factor: thinner in magnified pictures, where a 3 px outline would hide a 0.1 mm gap */
  private thin = 1;
  /** the practice maps are shown: the selected attacker's lines are not drawn over them (the chosen attack is) */
  quietAttacks = false;
  /** a maneuver is planned: the same (the attacker's lines from where the ship stands would hide its ghost) */
  quietForPlan = false;
  /** drawing a picture (the loupes, Save as picture): no selection outline, rings or turn handle */
  private picturing = false;
  /** where render() draws: the canvas, or a small texture for a picture */
  private target: RenderTexture | null = null;
  /** the screen point drawing is relative to (a retained item's position) */
  private ox = 0;
  private oy = 0;
  /** clip lines to the canvas (only where the drawing is redrawn when the view moves) */
  private clip = true;
  /** this frame's content keys (see render) */
  private keys = { zoomKey: '', viewKey: '', cat: 0, frame: '' };
  /** the pieces' content keys as last made, by entry (see KeptKeys): ships, obstacles, tokens, squadrons */
  private shipKeys = new KeptKeys();
  private obstacleKeys = new KeptKeys();
  private tokenKeys = new KeptKeys();
  private squadronKeys = new KeptKeys();
  /** outlines' item ids and content keys as last made, by layer and entry */
  private outlineKeys = new Map<Retained, { ids: KeptKeys; keys: KeptKeys }>();
  /**
   * the ships and obstacles the gesture under way has moved or turned. The others are drawn in Pixi's batch
   * (their Graphics' batchMode 'batch'), however many vertices they have: Pixi leaves a Graphics of 200 points
   * or more out of the batch by default, each then its own draw call at every frame (a ship has 280-400, a
   * table's 10 ships were 10 draw calls). A batched Graphics costs more when it changes: moved, its vertices
   * are transformed again on the CPU; drawn again, its whole render group's instructions are rebuilt. So the
   * pieces a gesture moves stay as Pixi chooses (out of the batch when big) until the gesture ends: a drag's
   * step moves or redraws one Graphics drawn on its own, as before. The selected piece is left out of the
   * batch too: a drag's piece is selected at the press, so the drawing it leaves the batch with (a rebuild of
   * the pieces' group, some 10 ms on a phone-class CPU) comes with the press, not the drag's first step, and
   * the drop draws it again only where the drop changed it.
   */
  private unbatched: Set<string> = new Set();

  /**
   * Antialiasing is on, except where WebGL is drawn in software (no GPU: SwiftShader, llvmpipe), where
   * it costs a fifth of every frame; `?aa=0` in the address turns it off, `?aa=1` on.
   */
  async init(host: HTMLElement) {
    const aa = new URLSearchParams(location.search).get('aa');
    await this.app.init({
      resizeTo: host,
      antialias: aa === '1' || (aa !== '0' && !softwareWebgl()),
      background: 0x101418,
      preference: 'webgl',
      autoDensity: true,
      resolution: Math.min(2, window.devicePixelRatio || 1),
      // the app hit-tests pieces itself (render/interaction.ts): Pixi's own pointer events would walk the
      // whole scene at every pointer move for listeners that do not exist
      eventMode: 'none',
      eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
    });
    // named: other layers may add their own canvases to the host (the photo)
    this.app.canvas.dataset.layer = 'table';
    host.appendChild(this.app.canvas);
    // each slot a render group: the layers plugged in (practice maps, the drill) draw again at every frame
    const slot = (label: string) => new Container({ label, isRenderGroup: true });
    this.slots = {
      'under-table': slot('under-table'),
      'on-table': slot('on-table'),
      'over-pieces': slot('over-pieces'),
      top: slot('top'),
    };
    this.labelLayer.label = 'labels';
    // the printable ASCII at once; any other character is added to the atlas when a label first uses it
    BitmapFont.install({
      name: LABEL_FONT,
      // round joins: the atlas draws each glyph on its own, and mitred corners (M, w) spiked out of their cells
      style: { ...LABEL_STYLE, fill: 0xffffff, stroke: { ...LABEL_STYLE.stroke, join: 'round' } },
      resolution: this.app.renderer.resolution,
      chars: [[' ', '~']],
      // kerning measures every pair of the 95 characters (some 9,000 measureText calls, 40-100 ms at each
      // start); a label a few pixels high does not show it
      skipKerning: true,
    });
    // What changes from frame to frame while a piece moves (the obstruction marks, the attacker's lines, the
    // handles, the labels) is drawn in render groups of its own: Pixi rebuilds the drawing instructions of a
    // group whose children come, go or change size, and the pieces' group then stays as it was
    this.attackLines.root.enableRenderGroup();
    this.labelLayer.addChild(this.pieceLabels, this.otherLabels);
    for (const layer of [this.overlapMarks, this.marks, this.obstructingMarks, this.grazingMarks])
      layer.root.enableRenderGroup();
    this.marksGroup.addChild(
      this.overlapMarks.root,
      this.marks.root,
      this.obstructingMarks.root,
      this.grazingMarks.root,
    );
    const moving = new Container({ label: 'lines and handles', isRenderGroup: true });
    moving.addChild(this.topLines, this.selection.root);
    this.app.stage.addChild(
      this.slots['under-table'],
      this.table.root,
      this.slots['on-table'],
      this.obstacles.root,
      this.regions.root,
      this.ships.root,
      this.tokens.root,
      this.squadrons.root,
      this.slots['over-pieces'],
      this.marksGroup,
      this.attackLines.root,
      moving,
      this.slots.top,
      this.labelLayer,
    );
    this.app.ticker.stop();
    // Pixi's system ticker (pointer-over checks, scheduled clean-ups) asks for every animation frame even
    // when nothing changes: 60 frames a second of an idle page. The app draws on demand, so the ticker is
    // stepped once with each drawn frame instead (render below): idle, no frame is drawn at all.
    Ticker.system.autoStart = false;
    Ticker.system.stop();
  }

  /** Plug a layer drawn by another module into a slot of the stage (see LayerSlot). */
  addLayer(slot: LayerSlot, layer: SceneLayer) {
    this.slots[slot].addChild(layer.container);
    this.plugged.push(layer);
  }

  /** Forget every retained item: the next render draws everything again. */
  redrawAll() {
    for (const r of this.retained()) r.clear();
    this.attackLines.clear();
  }

  /** How many attack lines (the selected attacker's lines of sight and range lines) the last render drew. */
  attackLinesDrawn(): number {
    return this.attackLines.shown;
  }

  /** How many items the last renders drew again and only moved, per layer (read and reset). */
  drawStats(): Record<string, { built: number; kept: number; items: number }> {
    const out: Record<string, { built: number; kept: number; items: number }> = {};
    for (const r of this.retained()) {
      out[r.name] = { built: r.built, kept: r.kept, items: r.size };
      r.built = r.kept = 0;
    }
    return out;
  }

  private retained() {
    return [
      this.table,
      this.obstacles,
      this.regions,
      this.ships,
      this.tokens,
      this.squadrons,
      this.overlapMarks,
      this.marks,
      this.obstructingMarks,
      this.grazingMarks,
      this.selection,
    ];
  }

  get width() {
    return this.app.screen.width;
  }
  get height() {
    return this.app.screen.height;
  }

  /** whether the picture is turned 90 degrees (the 6' edge down a portrait screen) */
  turned = false;

  fit(tableW: number, tableH: number) {
    this.view = fitView(
      this.width,
      this.height,
      tableW,
      tableH,
      this.width < 500 || this.height < 500 ? 6 : 24,
      this.turned,
    );
    this.fitted = this.viewChosen = true;
  }

  /** Zoom so the table box [x0, y0, x1, y1] (mm) fills the canvas. */
  fitBox(x0: number, y0: number, x1: number, y1: number) {
    this.view = fitBoxView(this.width, this.height, x0, y0, x1, y1, this.turned);
    this.fitted = this.viewChosen = true;
  }

  /**
   * Fit the box into the canvas below its top `topPx` pixels (a bar lying over the table there); `tight`: with
   * the margins `fit` keeps (6 px on a small canvas, not 24: a phone's width is short of the table's).
   */
  fitBoxBelow(x0: number, y0: number, x1: number, y1: number, topPx: number, tight = false) {
    const h = Math.max(100, this.height - topPx);
    const margin = tight && (this.width < 500 || h < 500) ? 6 : 24;
    const v = fitBoxView(this.width, h, x0, y0, x1, y1, this.turned, margin);
    this.view = { ...v, oy: v.oy + Math.min(topPx, this.height - 100) };
    this.fitted = this.viewChosen = true;
  }

  /** the table size the view was last drawn for: a table of another size (opened, imported) is fitted anew */
  private drawnSize = '';
  /**
   * the view was set since the last drawing (fit, a box framed: a drill's situation, a practice's table): it is
   * kept for the table drawn next, whatever its size
   */
  private viewChosen = false;

  ensureFitted(tableW: number, tableH: number) {
    const size = `${tableW}x${tableH}`;
    const otherSize = !this.viewChosen && this.drawnSize !== '' && this.drawnSize !== size;
    if (!this.fitted || otherSize) this.fit(tableW, tableH);
    this.viewChosen = false;
    this.drawnSize = size;
  }

  // ---- drawing helpers, all in screen pixels relative to (this.ox, this.oy) ----
  private S(x: number, y: number): [number, number] {
    const [sx, sy] = toScreen(this.view, x, y);
    return [sx - this.ox, sy - this.oy];
  }

  private poly(p: Polygon | XY[]): Pts {
    const out: Pts = [];
    if (Array.isArray(p)) for (let i = 0; i < p.length; i++) this.pushS(out, p[i][0], p[i][1]);
    else for (let i = 0; i < p.n; i++) this.pushS(out, p.xy[2 * i], p.xy[2 * i + 1]);
    return out;
  }

  /** S(x, y) pushed onto `out`: written out, no pair made per point (the outlines drawn at each drag step) */
  private pushS(out: Pts, x: number, y: number) {
    const v = this.view;
    if (v.turn) out.push(v.ox + y * v.scale - this.ox, v.oy + x * v.scale - this.oy);
    else out.push(v.ox + x * v.scale - this.ox, v.oy - y * v.scale - this.oy);
  }

  private shape(g: Graphics, s: Polygon | Circle) {
    if (s.kind === 'circle') {
      const [x, y] = this.S(s.cx, s.cy);
      g.circle(x, y, s.r * this.view.scale);
    } else g.poly(this.poly(s), true);
    return g;
  }

  private line(g: Graphics, a: XY, b: XY, width: number, color: number, alpha = 1, dash = 0) {
    width *= this.thin;
    const [px, py] = this.S(a[0], a[1]);
    const [qx, qy] = this.S(b[0], b[1]);
    // clipped to the canvas (and a margin): a zoomed-in picture would otherwise dash a line
    // thousands of pixels long off screen
    const c = this.clip
      ? clipToBox(
          px,
          py,
          qx,
          qy,
          -20 - this.ox,
          -20 - this.oy,
          this.width + 20 - this.ox,
          this.height + 20 - this.oy,
        )
      : [px, py, qx, qy];
    if (!c) return;
    const [ax, ay, bx, by] = c;
    if (!dash) {
      g.moveTo(ax, ay).lineTo(bx, by).stroke({ width, color, alpha });
      return;
    }
    const len = Math.hypot(bx - ax, by - ay);
    if (!(len > 0)) return;
    const ux = (bx - ax) / len,
      uy = (by - ay) / len;
    // dashes keep their phase from the line's own start, so they do not crawl as the clip moves
    const t0 = Math.hypot(ax - px, ay - py) % (dash * 2);
    for (let t = -t0; t < len; t += dash * 2) {
      const s0 = Math.max(0, t),
        e = Math.min(len, t + dash);
      if (e > s0) g.moveTo(ax + ux * s0, ay + uy * s0).lineTo(ax + ux * e, ay + uy * e);
    }
    g.stroke({ width, color, alpha });
  }

  /** A line between table points (mm) as a quad of the attack lines' layer (src/render/line-sprites.ts). */
  private spriteLine(a: XY, b: XY, width: number, color: number, alpha = 1, dash = 0) {
    // toScreen written out (no pairs made: every attack line at every drag step)
    const v = this.view,
      k = v.scale;
    const px = (v.turn ? v.ox + a[1] * k : v.ox + a[0] * k) - this.ox,
      py = (v.turn ? v.oy + a[0] * k : v.oy - a[1] * k) - this.oy,
      qx = (v.turn ? v.ox + b[1] * k : v.ox + b[0] * k) - this.ox,
      qy = (v.turn ? v.oy + b[0] * k : v.oy - b[1] * k) - this.oy;
    // the line's numbers in an array, not arguments (see line-record.ts)
    const m = this.lineAsked,
      box = this.lineBox;
    m[AX] = px;
    m[AY] = py;
    m[BX] = qx;
    m[BY] = qy;
    // clipped to the canvas (and a margin), as the Graphics lines are
    box[0] = box[1] = -20;
    box[2] = this.width + 20;
    box[3] = this.height + 20;
    if (!clipSegment(m, box)) return;
    m[WIDTH] = width * this.thin;
    m[COLOR] = color;
    m[ALPHA] = alpha;
    m[PX] = px;
    m[PY] = py;
    this.attackLines.line(m, dash);
  }

  /** Draw into retained item `id` of `layer` relative to the table point (x, y) (mm), unclipped. */
  private at(layer: Retained, id: string, key: string, x: number, y: number, draw: (g: Graphics) => void) {
    if (this.kept(layer, id, key, x, y)) return;
    const [sx, sy] = toScreen(this.view, x, y);
    layer.put(id, key, sx, sy, (g) => {
      this.ox = sx;
      this.oy = sy;
      this.clip = false;
      try {
        draw(g);
      } finally {
        this.ox = this.oy = 0;
        this.clip = true;
      }
    });
  }

  /**
   * at() of an item already drawn under `key`: only moved to the table point (x, y), and true; false when it
   * must be drawn. The pieces ask it first, so that no drawing function is made for a piece only moved.
   */
  private kept(layer: Retained, id: string, key: string, x: number, y: number): boolean {
    // toScreen written out (no pair made: every piece at every frame)
    const v = this.view;
    const sx = v.turn ? v.ox + y * v.scale : v.ox + x * v.scale,
      sy = v.turn ? v.oy + x * v.scale : v.oy - y * v.scale;
    return layer.keep(id, key, sx, sy);
  }

  /** the labels drawn this frame, laid out by scene-labels.ts (none on another, none on the judged line) */
  drawn: PlacedLabel[] = [];
  /** the chosen attack's lines on screen this frame (no label covers them) */
  judged: Segment[] = [];
  /**
   * the squadrons on screen this frame that carry no label (too small a zoom, or no room): the
   * canvas's legend counts them by name (ui/label-legend.ts)
   */
  unlabelled: { id: string; name: string }[] = [];
  /** this frame's overlaps in words (src/rules/overlap-words.ts), and the pieces outlined as touching */
  private calls: OverlapCalls | undefined;
  /** what `calls` was made for */
  private callsFor: { report: unknown; precision: number; near: boolean; moving: boolean } | null = null;
  private touched = new Set<string>();

  /** the drawn labels' boxes as pixi draws them (each Text's own bounds), for the label check */
  drawnBoxes() {
    return this.drawn.map((p) => {
      const b = this.labels.get(p.id)!.getBounds();
      return {
        id: p.id,
        text: p.text,
        box: [b.minX, b.minY, b.maxX, b.maxY] as [number, number, number, number],
      };
    });
  }

  private measured = new Map<string, { w: number; h: number }>();
  /** a label's box (px): the text's measure and its outline */
  private measure(text: string) {
    let m = this.measured.get(text);
    if (!m) {
      const r = CanvasTextMetrics.measureText(text, MEASURE_STYLE);
      m = { w: Math.ceil(r.width) + 4, h: Math.ceil(r.height) + 2 };
      if (this.measured.size > 5000) this.measured.clear();
      this.measured.set(text, m);
    }
    return m;
  }

  /**
   * The frame's labels, asked for, laid out and drawn by src/render/scene-labels.ts and
   * label-layout.ts: by priority, moved, shortened or dropped, never on another label
   * nor on the judged line.
   */
  private placeLabels(state: AppState, a: LiveAnalysis, ov: Overlays, overlapped: Set<string>) {
    // a label not placed again is made transparent, not hidden: Pixi rebuilds the drawing instructions of
    // the labels' whole group when a child's visibility changes (a drag step shows and hides a few labels),
    // and only updates a child's colour in place (a label at alpha 0 leaves the pixels as they were)
    this.labelFrame = ++this.marked;
    try {
      if (this.labelLayer.visible) this.layOutLabels(state, a, ov, overlapped);
    } finally {
      this.labels.forEach(this.hideUnplaced);
    }
  }

  /**
   * Which labels are placed, without a set of them made at each frame: placedIn holds, by label id, the mark
   * (a count) of the last layout that placed it; the labels drawn this frame are those marked labelFrame.
   */
  private marked = 0;
  private labelFrame = 0;
  private placedIn = new Map<string, number>();
  private hideUnplaced = (t: BitmapText, id: string) => {
    if (this.placedIn.get(id) !== this.labelFrame && t.alpha !== 0) t.alpha = 0;
  };
  private measureLabel = (text: string) => this.measure(text);

  private layOutLabels(state: AppState, a: LiveAnalysis, ov: Overlays, overlapped: Set<string>) {
    // squadrons left without a label are counted in the canvas's legend (top left): when there are
    // some, the labels are laid out again clear of the legend's box
    const ask = (keepOut?: Box[]) =>
      sceneLabels({
        world: a.world,
        report: a.report,
        attacker: state.attacker,
        defender: state.defender,
        selected: state.selected,
        rings: state.rings,
        view: this.view,
        width: this.width,
        height: this.height,
        overlapped,
        touched: this.touched,
        calls: this.calls,
        ghosts: ov.ghosts.map((g) => g.entry),
        colours: LABEL_COLOURS,
        measure: this.measureLabel,
        keepOut,
      });
    let { layout, segments } = ask();
    this.unlabelled = this.unnamedSquadrons(a, layout.placed);
    if (this.unlabelled.length) {
      ({ layout, segments } = ask([LEGEND_BOX(this.width)]));
      this.unlabelled = this.unnamedSquadrons(a, layout.placed);
    }
    this.drawn = layout.placed;
    this.judged = segments;
    for (let i = 0; i < layout.placed.length; i++) {
      const p = layout.placed[i];
      let t = this.labels.get(p.id);
      if (!t) {
        t = new BitmapText({
          text: p.text,
          style: { fontFamily: LABEL_FONT, fontSize: LABEL_STYLE.fontSize },
        });
        t.anchor.set(0.5, 0.5);
        t.tint = p.color;
        this.labels.set(p.id, t);
        (a.world.byId.has(p.id) ? this.pieceLabels : this.otherLabels).addChild(t);
      }
      if (t.text !== p.text) t.text = p.text;
      if (t.tint !== p.color) t.tint = p.color;
      t.position.set(p.x, p.y);
      if (t.alpha !== 1) t.alpha = 1;
      this.placedIn.set(p.id, this.labelFrame);
    }
  }

  /** The squadrons on the canvas without a label among `placed` (marked in placedIn as it goes). */
  private unnamedSquadrons(a: LiveAnalysis, placed: PlacedLabel[]) {
    const named = this.placedIn,
      frame = ++this.marked;
    // ids are kept from frame to frame (an id's entry is then only set again); a map grown big starts anew
    if (named.size > 4096) named.clear();
    for (let i = 0; i < placed.length; i++) named.set(placed[i].id, frame);
    const out: { id: string; name: string }[] = [];
    const v = this.view,
      sq = a.world.squadrons;
    for (let i = 0; i < sq.length; i++) {
      const q = sq[i];
      if (named.get(q.id) === frame) continue;
      // toScreen written out (no pair made per squadron)
      const sx = v.turn ? v.ox + q.piece.y * v.scale : v.ox + q.piece.x * v.scale,
        sy = v.turn ? v.oy + q.piece.x * v.scale : v.oy - q.piece.y * v.scale;
      if (sx >= 0 && sy >= 0 && sx <= this.width && sy <= this.height)
        out.push({ id: q.id, name: q.piece.name?.trim() || q.id });
    }
    return out;
  }

  /** Where the rotation handle of a piece is, in table mm (null: the piece does not turn). */
  handleOf(e: Entry): XY | null {
    return this.handle(e)?.at ?? null;
  }

  /**
   * The rotation handle: off the piece's front, or off its rear when the front's lies on or near
   * another piece or the chosen attack's lines (a finger there meant that piece, and a handle on the
   * line of sight hides the ruling). `turn`: what the piece's rotation is, less the handle's bearing.
   */
  handle(e: Entry): { at: XY; turn: 0 | 180 } | null {
    let d: number;
    if (e.kind === 'ship') {
      const b = e.shapes.base;
      d = Math.max(((b.maxY - b.minY + b.maxX - b.minX) / 2) * 0.75, 60);
    } else if (e.kind === 'obstacle') {
      const o = e.outline;
      d = Math.max(o.maxY - o.minY, o.maxX - o.minX) / 2 + 20;
    } else return null;
    const { x, y, rotation } = e.piece;
    const at = (turn: 0 | 180): XY => {
      const r = ((rotation + 90 + turn) * Math.PI) / 180;
      return [x + Math.cos(r) * d, y + Math.sin(r) * d];
    };
    // clear of pieces and the judged lines first, then clear of the lines (a handle on the line of sight
    // hides the ruling; one beside a piece gives way to it, the press being the piece's), then the front.
    // The rear is looked at only when the front is not clear of both.
    const front = at(0),
      f = this.handleClear(e, front);
    if (f === CLEAR) return { at: front, turn: 0 };
    const rear = at(180),
      b = this.handleClear(e, rear);
    if (b === CLEAR) return { at: rear, turn: 180 };
    if (!(f & ON_LINE)) return { at: front, turn: 0 };
    if (!(b & ON_LINE)) return { at: rear, turn: 180 };
    return { at: front, turn: 0 };
  }

  /**
   * Whether another piece (ON_PIECE), or a line of the chosen attack (ON_LINE), lies within a finger's
   * reach of the handle at `p`. Loops written out, the points around p made only for a piece near it: at
   * every drag step.
   */
  private handleClear(e: Entry, p: XY): number {
    const last = this.last;
    if (!last) return CLEAR;
    const [state, a] = last;
    const r = HANDLE_REACH_PX.touch / this.view.scale;
    let out = CLEAR;
    // a piece whose box lies farther than the reach from p holds none of the points (they lie within it)
    const all = a.world.all;
    for (let i = 0; i < all.length && !out; i++) {
      const o = all[i];
      if (o.id === e.id || !nearBox(o, p, r)) continue;
      if (hitEntry(o, p[0], p[1])) out = ON_PIECE;
      for (let k = 0; k < 8 && !out; k++)
        if (hitEntry(o, p[0] + r * Math.cos((k * Math.PI) / 4), p[1] + r * Math.sin((k * Math.PI) / 4)))
          out = ON_PIECE;
    }
    const attacks = a.report.attacks;
    for (let i = 0; i < attacks.length; i++) {
      const x = attacks[i];
      if (x.attacker !== state.attacker || x.defender !== state.defender) continue;
      const s = x.losLine,
        g = x.rangeLine;
      if (segmentDistance(p, s[0], s[1]) < r || (!!g && segmentDistance(p, g[0], g[1]) < r)) out |= ON_LINE;
      break;
    }
    return out;
  }

  /** The chosen attack (the dispute card's): above the rest, outlined, labelled, with band-end ticks. */
  private chosenAttack(r: AttackReport, world: LiveAnalysis['world'], g: Graphics) {
    const defender = world.byId.get(r.defender.split('.')[0]);
    const zone = r.defender.split('.')[1] as HullZoneName | undefined;
    if (defender?.kind === 'ship' && zone)
      g.poly(this.poly(defender.shapes.hullZones[zone]), true).stroke({ width: 3, color: 0xffffff });
    else if (defender?.kind === 'squadron')
      this.shape(g, defender.circle).stroke({ width: 3, color: 0xffffff });
    if (r.rangeLine) {
      this.line(g, r.rangeLine[0], r.rangeLine[1], 4.5, 0x000000, 0.8);
      this.line(g, r.rangeLine[0], r.rangeLine[1], 2.5, 0xffffff, 1, 5);
      const [[px, py], [qx, qy]] = r.rangeLine;
      const len = Math.hypot(qx - px, qy - py);
      const ux = (qx - px) / (len || 1),
        uy = (qy - py) / (len || 1);
      const bands = r.attacker.includes('.')
        ? world.catalog.ruler.range
        : world.catalog.ruler.distance.slice(0, 1);
      const tick = 8 / this.view.scale;
      for (const b of bands) {
        if (b.end > len + 60) continue;
        const c: XY = [px + ux * b.end, py + uy * b.end];
        this.line(g, [c[0] - uy * tick, c[1] + ux * tick], [c[0] + uy * tick, c[1] - ux * tick], 2, 0xffe066);
      }
    }
    this.line(g, r.losLine[0], r.losLine[1], 6.5, 0x000000, 0.85);
    this.line(g, r.losLine[0], r.losLine[1], 4, LOS[r.los]);
  }

  /**
   * Pictures of the table, each around `at` (mm), `spanMm` across, in a `w` x `h` px canvas: the
   * same drawing as the canvas, at that zoom (the dispute card's loupes and saved picture).
   */
  pictures(shots: { at: XY; spanMm: number; w: number; h: number }[]): (HTMLCanvasElement | null)[] {
    const last = this.last;
    if (!last) return shots.map(() => null);
    const saved = this.view,
      res = this.app.renderer.resolution;
    this.thin = 0.4;
    this.picturing = true;
    this.labelLayer.visible = false;
    try {
      return shots.map(({ at, spanMm, w, h }) => {
        if (!(spanMm > 0) || !Number.isFinite(at[0] + at[1])) return null;
        const scale = w / spanMm;
        this.view = { scale, ox: w / 2 - at[0] * scale, oy: h / 2 + at[1] * scale };
        // drawn into a texture of the picture's size: software rendering rasterises only that
        const target = RenderTexture.create({ width: w, height: h, resolution: res, antialias: true });
        this.target = target;
        try {
          this.render(...last);
          const out = this.app.renderer.extract.canvas(target) as HTMLCanvasElement;
          return out;
        } finally {
          this.target = null;
          target.destroy(true);
        }
      });
    } finally {
      // one render back at the canvas's own view, whatever the number of pictures
      this.view = saved;
      this.thin = 1;
      this.picturing = false;
      this.labelLayer.visible = true;
      this.render(...last);
    }
  }

  /** the small texture rehearse() draws into */
  private rehearsal: RenderTexture | null = null;

  /**
   * Another state's picture drawn as a frame draws it (the same scene, renderer and retained items), into a
   * small texture off screen: the page's warm-up rehearses a drag with it, so that a player's first drag does
   * not find the renderer cold. What the canvas shows, what the tests and the hit tests read (the last state,
   * the labels drawn, the draw counts) are put back; the retained items are moved back by rehearsed().
   */
  rehearse(state: AppState, a: LiveAnalysis, ov: Overlays) {
    const last = this.last;
    if (!last || this.target) return;
    const kept = { drawn: this.drawn, judged: this.judged, unlabelled: this.unlabelled };
    const counts = this.retained().map((r) => [r.built, r.kept]);
    this.rehearsal ??= RenderTexture.create({ width: 16, height: 16 });
    this.target = this.rehearsal;
    try {
      this.render(state, a, ov);
    } finally {
      this.target = null;
      this.last = last;
      ({ drawn: this.drawn, judged: this.judged, unlabelled: this.unlabelled } = kept);
      this.retained().forEach((r, i) => ([r.built, r.kept] = counts[i]));
    }
  }

  /** After rehearsals: the last picture drawn again, its retained items moved back (not counted as drawn). */
  rehearsed() {
    const last = this.last;
    if (!last) return;
    const counts = this.retained().map((r) => [r.built, r.kept]);
    this.render(...last);
    this.retained().forEach((r, i) => ([r.built, r.kept] = counts[i]));
    this.rehearsal?.destroy(true);
    this.rehearsal = null;
  }

  render(state: AppState, a: LiveAnalysis, ov: Overlays) {
    this.last = [state, a, ov];
    const { world, report } = a;
    const spec = world.catalog.tables[world.table.table];
    this.ensureFitted(spec.width, spec.height);
    const v = this.view;
    // what a drawing relative to its own point depends on, and what a clipped one depends on
    const zoomKey = `${v.scale}|${v.turn ? 1 : 0}|${this.thin}`;
    const viewKey = `${zoomKey}|${v.ox}|${v.oy}|${this.width}|${this.height}`;
    let cat = catalogIds.get(world.catalog);
    if (cat === undefined) catalogIds.set(world.catalog, (cat = oid(world.catalog)));
    const layers = this.retained();
    for (let i = 0; i < layers.length; i++) layers[i].begin();
    this.attackLines.begin();
    // cleared only when it holds something: a clear, even of nothing, makes Pixi rebuild its group's drawing
    if (this.topLines.context.instructions.length) this.topLines.clear();

    this.keys = { zoomKey, viewKey, cat, frame: `${cat}|${zoomKey}` };
    this.unbatched = movedInGesture(state.gestureStart, state.table);
    if (state.selected) this.unbatched.add(state.selected);
    this.drawTable(world);
    // the pieces outlined as overlapping: at most MAX_OUTLINED (a pile of 200 has 190)
    const overlapped = new Set<string>();
    for (const o of report.overlaps) {
      if (overlapped.size >= MAX_OUTLINED) break;
      overlapped.add(o.piece);
      overlapped.add(o.obstacle);
    }
    // the overlaps in words (depths, close calls), and the pairs touching or nearly: outlined in the graze colour
    // (the near misses ask every piece against every obstacle: not at each step of a drag, a new world each
    // time; once the piece rests they are found again. And the words once per report and precision)
    const near = !state.gestureStart && world.all.length <= LIVE_PIECES;
    const was = this.callsFor;
    if (
      !was ||
      was.report !== report ||
      was.precision !== state.precisionMm ||
      was.near !== near ||
      !!state.gestureStart !== was.moving
    ) {
      const calls = (this.calls = overlapCalls(world, report, state.precisionMm, {
        near,
        depth: !state.gestureStart,
      }));
      this.callsFor = { report, precision: state.precisionMm, near, moving: !!state.gestureStart };
      const touched = (this.touched = new Set<string>());
      for (const c of [...calls.touching, ...calls.near]) {
        if (touched.size >= MAX_OUTLINED) break;
        for (const id of [c.piece, c.obstacle]) if (!overlapped.has(id)) touched.add(id);
      }
    }
    const touched = this.touched;
    this.drawPieces(state, world, ov);
    this.drawMarks(world, ov, overlapped, touched);
    this.drawAttacks(state, world, report, ov);

    // selection, distance rings, rotation handle
    const sel = state.selected
      ? (world.byId.get(state.selected) ?? ov.ghosts.find((g) => g.entry.id === state.selected)?.entry)
      : undefined;
    if (sel && !this.picturing) this.drawSelection(state, world, sel);
    for (let i = 0; i < layers.length; i++) layers[i].end();
    this.attackLines.end();
    const anyMarks = this.marks.size > 0;
    if (this.marks.root.renderable !== anyMarks) this.marks.root.renderable = anyMarks;

    if (this.plugged.length) {
      const frame: Frame = {
        state,
        analysis: a,
        overlays: ov,
        view: v,
        zoomKey,
        viewKey,
        toScreen: (x, y) => toScreen(v, x, y),
      };
      for (const l of this.plugged) l.draw(frame);
    }
    // a slot whose layers draw nothing (most frames: no practice map, drill or photo shown) is left out of the
    // frame: each render group drawn costs its own uniforms and batch, even an empty one (a slot shown or
    // left out again makes Pixi rebuild the stage's instructions, once)
    for (const slot of Object.values(this.slots)) {
      const on = !slot.children.every(drawsNothing);
      if (slot.renderable !== on) slot.renderable = on;
    }
    this.placeLabels(state, a, ov, overlapped);
    if (this.target)
      this.app.renderer.render({
        container: this.app.stage,
        target: this.target,
        clear: true,
        clearColor: 0x101418,
      });
    else this.app.render();
    Ticker.system.update();
  }

  /** Table, setup area, deployment zones, one-foot grid (clipped: drawn again when the view moves). */
  private drawTable(world: LiveAnalysis['world']) {
    const spec = world.catalog.tables[world.table.table];
    const { viewKey, cat } = this.keys;
    this.table.put('table', `${world.table.table}|${cat}|${viewKey}`, 0, 0, (g) => {
      g.poly(
        this.poly([
          [0, 0],
          [spec.width, 0],
          [spec.width, spec.height],
          [0, spec.height],
        ]),
        true,
      ).fill({ color: 0x0b1426 });
      const sa = spec.setupArea;
      g.poly(
        this.poly([
          [sa.x0, sa.y0],
          [sa.x1, sa.y0],
          [sa.x1, sa.y1],
          [sa.x0, sa.y1],
        ]),
        true,
      )
        .fill({ color: 0x13233f })
        .stroke({ width: 1.5, color: 0x5c7cfa, alpha: 0.8 });
      const d3 = world.catalog.ruler.distance[2].end;
      for (const [p, y0, y1] of [
        [1, sa.y0, sa.y0 + d3],
        [2, sa.y1 - d3, sa.y1],
      ] as const) {
        g.poly(
          this.poly([
            [sa.x0, y0],
            [sa.x1, y0],
            [sa.x1, y1],
            [sa.x0, y1],
          ]),
          true,
        )
          .fill({ color: PLAYER[p], alpha: 0.12 })
          .stroke({ width: 1, color: PLAYER[p], alpha: 0.5 });
      }
      for (let x = FOOT_MM; x < spec.width - 1; x += FOOT_MM)
        this.line(g, [x, 0], [x, spec.height], 1, 0xffffff, 0.06);
      for (let y = FOOT_MM; y < spec.height - 1; y += FOOT_MM)
        this.line(g, [0, y], [spec.width, y], 1, 0xffffff, 0.06);
      g.poly(
        this.poly([
          [0, 0],
          [spec.width, 0],
          [spec.width, spec.height],
          [0, spec.height],
        ]),
        true,
      ).stroke({ width: 2, color: 0xced4da });
    });
  }

  /** Obstacles, ghosts, the rules' regions, ships, tokens, squadrons: each around its own centre. */
  private drawPieces(state: AppState, world: LiveAnalysis['world'], ov: Overlays) {
    for (let i = 0; i < world.obstacles.length; i++) this.drawObstacle(world.obstacles[i], false);
    for (const g of ov.ghosts) if (g.entry.kind === 'obstacle') this.drawObstacle(g.entry, true);
    for (const g of ov.ghosts) if (g.entry.kind === 'squadron') this.drawSpot(g.entry);
    this.drawRegions(ov);
    const { frame, zoomKey } = this.keys;
    for (let i = 0; i < world.ships.length; i++) {
      const e = world.ships[i];
      const zone = zoneOf(state.attacker, e.id);
      const batch = !this.unbatched.has(e.id);
      // (the attacker's zone is drawn lit: its key is made anew, not kept)
      const key =
        (zone ? undefined : this.shipKeys.get(e, frame, +batch)) ??
        this.shipKeys.set(e, `${pieceKey(e.piece)}|${zone}|${batch}|${frame}`, zone ? '' : frame, +batch);
      if (this.kept(this.ships, e.id, key, e.piece.x, e.piece.y)) continue;
      this.at(this.ships, e.id, key, e.piece.x, e.piece.y, (g) => {
        g.context.batchMode = batch ? 'batch' : 'auto';
        this.drawShip(g, e, zone);
      });
    }
    for (let i = 0; i < world.tokens.length; i++) {
      const e = world.tokens[i];
      const key =
        this.tokenKeys.get(e, zoomKey) ?? this.tokenKeys.set(e, `${e.circle.r}|${zoomKey}`, zoomKey);
      if (this.kept(this.tokens, e.id, key, e.piece.x, e.piece.y)) continue;
      this.at(this.tokens, e.id, key, e.piece.x, e.piece.y, (g) => {
        this.shape(g, e.circle).fill({ color: 0xf2c94c }).stroke({ width: 1, color: 0x000000 });
      });
    }
    for (let i = 0; i < world.squadrons.length; i++) this.drawSquadron(world.squadrons[i]);
  }

  /** An obstacle (or an exogorth being placed, as a ghost), drawn around its own centre. */
  private drawObstacle(e: ObstacleEntry, ghost: boolean) {
    const c = OBSTACLE[e.obstacleKind];
    const batch = !ghost && !this.unbatched.has(e.id);
    const { frame } = this.keys,
      n = +batch + 2 * +ghost;
    const key =
      this.obstacleKeys.get(e, frame, n) ??
      this.obstacleKeys.set(e, `${pieceKey(e.piece)}|${e.obstacleKind}|${ghost}|${batch}|${frame}`, frame, n);
    if (this.kept(this.obstacles, e.id, key, e.piece.x, e.piece.y)) return;
    this.at(this.obstacles, e.id, key, e.piece.x, e.piece.y, (g) => {
      g.context.batchMode = batch ? 'batch' : 'auto';
      g.poly(this.poly(e.outline), true)
        .fill({ color: c.fill, alpha: ghost ? 0.55 : c.alpha })
        .stroke({ width: 1.5, color: c.line });
    });
  }

  /** Where a displaced squadron is to go: a faint base of its player's colour, named. */
  private drawSpot(e: SquadronEntry) {
    const key = `spot|${e.piece.player}|${e.circle.r}|${this.keys.zoomKey}`;
    this.at(this.obstacles, e.id, key, e.piece.x, e.piece.y, (gr) => {
      this.shape(gr, e.circle)
        .fill({ color: PLAYER[e.piece.player], alpha: 0.45 })
        .stroke({ width: 1.5, color: 0xffffff, alpha: 0.8 });
    });
  }

  /**
   * Regions from the rules (rift bands, reach, legal areas, visible dust): over obstacles, under
   * ships; drawn around the table's origin, so a pan only moves them.
   */
  private drawRegions(ov: Overlays) {
    ov.regions.forEach((r, i) => {
      const key = `${r.polygons.map((p) => oid(p)).join(',')}|${r.color}|${r.alpha ?? 0.18}|${this.keys.zoomKey}`;
      this.at(this.regions, String(i), key, 0, 0, (g) => {
        for (const p of r.polygons)
          g.poly(this.poly(p), true)
            .fill({ color: r.color, alpha: r.alpha ?? 0.18 })
            .stroke({ width: 1.5, color: r.color, alpha: 0.9 });
      });
    });
  }

  private drawSquadron(e: SquadronEntry) {
    const { zoomKey } = this.keys;
    const key =
      this.squadronKeys.get(e, zoomKey) ??
      this.squadronKeys.set(e, `${e.piece.player}|${e.circle.r}|${zoomKey}`, zoomKey);
    if (this.kept(this.squadrons, e.id, key, e.piece.x, e.piece.y)) return;
    this.at(this.squadrons, e.id, key, e.piece.x, e.piece.y, (g) => {
      this.shape(g, e.circle).fill({ color: PLAYER[e.piece.player] }).stroke({ width: 1.5, color: 0xffffff });
    });
  }

  /**
   * A piece's shape outlined (a mark), drawn around the piece's centre. The shape, one of the entry's own (an
   * item keeps one kind of shape: its id names the kind of mark), is what the piece's fields but its place
   * and the catalog make it: a piece that only moved (a dragged one, its new entry's shapes new objects)
   * keeps its drawing, only moved, as the pieces' own drawings are.
   */
  private outline(
    layer: Retained,
    mark: string,
    e: Entry,
    s: Polygon | Circle,
    width: number,
    color: number,
    alpha = 1,
  ) {
    const { frame } = this.keys;
    let kept = this.outlineKeys.get(layer);
    if (!kept) this.outlineKeys.set(layer, (kept = { ids: new KeptKeys(), keys: new KeptKeys() }));
    const id = kept.ids.get(e, mark) ?? kept.ids.set(e, `${mark}:${e.id}`, mark);
    const key =
      kept.keys.get(e, frame, width, color, alpha) ??
      kept.keys.set(
        e,
        `${pieceKey(e.piece)}|${e.kind}|${frame}|${width}|${color}|${alpha}`,
        frame,
        width,
        color,
        alpha,
      );
    if (this.kept(layer, id, key, e.piece.x, e.piece.y)) return;
    this.at(layer, id, key, e.piece.x, e.piece.y, (g) => {
      this.shape(g, s).stroke({ width, color, alpha });
    });
  }

  /** Overlap outlines (their labels are scene-labels.ts's), and the overlays' marks. */
  private drawMarks(
    world: LiveAnalysis['world'],
    ov: Overlays,
    overlapped: Set<string>,
    touched: Set<string>,
  ) {
    const { zoomKey } = this.keys;
    // overlaps: the piece and the obstacle outlined in the overlap colour (around the piece's centre); touching
    // or nearly (a close call, no effect): thinner, in the graze colour
    for (const [ids, mark, width, colour] of [
      [overlapped, 'overlap', 4, OVERLAP],
      [touched, 'touch', 2, GRAZE],
    ] as const) {
      for (const id of ids) {
        const e = world.byId.get(id);
        if (!e) continue;
        const s =
          e.kind === 'ship'
            ? e.shapes.footprint
            : e.kind === 'obstacle'
              ? e.outline
              : e.kind === 'squadron' || e.kind === 'token'
                ? e.circle
                : null;
        if (s) this.outline(this.overlapMarks, mark, e, s, width, colour);
      }
    }
    ov.marks.forEach((m, i) => {
      // a piece's own outline: drawn around its point (a dragged piece's mark is moved, not drawn again)
      const e = m.piece !== undefined && m.shapes.length === 1 ? world.byId.get(m.piece) : undefined;
      if (e) return this.outline(this.marks, 'piece', e, m.shapes[0], m.width ?? 3, m.color, 0.95);
      const key = `${m.shapes.map((s) => oid(s)).join(',')}|${m.width ?? 3}|${m.color}|${zoomKey}`;
      this.at(this.marks, `mark:${i}`, key, 0, 0, (g) => {
        for (const s of m.shapes)
          this.shape(g, s).stroke({ width: m.width ?? 3, color: m.color, alpha: 0.95 });
      });
    });
  }

  /** The selected attacker's lines, the chosen attack, what obstructs or grazes them, the overlays' lines. */
  private drawAttacks(
    state: AppState,
    world: LiveAnalysis['world'],
    report: LiveAnalysis['report'],
    ov: Overlays,
  ) {
    // selected attacker: lines of sight and range lines to every defender, as quads that are only moved
    // (src/render/line-sprites.ts: a dragged piece's lines, dashes included, are not built again at each step)
    // over the practice maps only the chosen attack is drawn (the attacker's other lines would hide the map)
    const all: AttackReport[] = state.attacker ? attacksOf(report.attacks, state.attacker) : [];
    const quiet = this.quietAttacks || this.quietForPlan;
    const attacks = quiet ? all.filter((r) => r.defender === state.defender) : all;
    // indexed loops and the pieces' lists kept from frame to frame: no iterator nor set made per frame
    const obstructing = this.obstructing,
      grazing = this.grazing;
    obstructing.clear();
    grazing.clear();
    let chosen: AttackReport | undefined;
    if (state.defender)
      for (let i = 0; i < attacks.length && !chosen; i++)
        if (attacks[i].defender === state.defender) chosen = attacks[i];
    for (let i = 0; i < attacks.length; i++) {
      const r = attacks[i];
      const faint = !!chosen && r !== chosen;
      const live = r.inArc && r.range !== 'beyond';
      if (faint) {
        // the other attacks faint, under the chosen one
        if (r.rangeLine) this.spriteLine(r.rangeLine[0], r.rangeLine[1], 1, 0xffffff, 0.15, 4);
        this.spriteLine(r.losLine[0], r.losLine[1], 1.5, LOS[r.los], 0.3);
        continue;
      }
      if (r.rangeLine) this.spriteLine(r.rangeLine[0], r.rangeLine[1], 1.5, 0xffffff, live ? 0.9 : 0.3, 4);
      this.spriteLine(r.losLine[0], r.losLine[1], live ? 3.5 : 2, LOS[r.los], live ? 1 : 0.7);
      for (let k = 0; k < r.obstructedBy.length; k++) obstructing.add(r.obstructedBy[k]);
      for (let k = 0; k < r.grazing.length; k++) grazing.add(r.grazing[k]);
      if (Array.isArray(r.lines)) {
        const lines = r.lines as { piece: string; verdict: string }[];
        for (let k = 0; k < lines.length; k++) if (lines[k].verdict === 'near') grazing.add(lines[k].piece);
      }
    }
    if (chosen) this.chosenAttack(chosen, world, this.topLines);
    this.outlineAll(world, obstructing, LOS.obstructed, 'obstructing', this.obstructingMarks);
    this.outlineAll(world, grazing, GRAZE, 'grazing', this.grazingMarks);
    for (const l of ov.lines) this.line(this.topLines, l.a, l.b, l.width ?? 2, l.color, 1, l.dash ?? 0);
  }

  /** the pieces outlined as obstructing and as grazing the attacker's lines, this frame */
  private obstructing = new Set<string>();
  private grazing = new Set<string>();

  /** Outline the pieces `ids` as `mark` in `layer`. */
  private outlineAll(
    world: LiveAnalysis['world'],
    ids: Set<string>,
    color: number,
    mark: string,
    layer: Retained,
  ) {
    const width = 3 * this.thin;
    ids.forEach((id) => {
      const e = world.byId.get(id);
      if (e?.kind === 'obstacle') this.outline(layer, mark, e, e.outline, width, color, 0.95);
      else if (e?.kind === 'ship') this.outline(layer, mark, e, e.shapes.base, width, color, 0.95);
      else if (e && (e.kind === 'squadron' || e.kind === 'token'))
        this.outline(layer, mark, e, e.circle, width, color);
    });
  }

  private drawShip(g: Graphics, e: ShipEntry, selZone: string) {
    const s = e.shapes;
    const p = e.piece.player;
    g.poly(this.poly(s.footprint), true).fill({ color: 0x2b2f36 }).stroke({ width: 1, color: 0x868e96 });
    for (const z of s.zones) g.poly(this.poly(s.dials[z]), true).fill({ color: 0x495057 });
    g.poly(this.poly(s.base), true).stroke({ width: 2, color: PLAYER[p] });
    // a huge ship's two plastic bases inside its whole base (the gap between them drawn apart)
    for (const b of s.bases)
      g.poly(this.poly(b), true).fill({ color: 0x3a3f47 }).stroke({ width: 2, color: PLAYER[p] });
    for (const z of s.zones) {
      const sel = selZone === z;
      g.poly(this.poly(s.hullZones[z]), true)
        .fill({ color: sel ? PLAYER[p] : PLAYER_DARK[p], alpha: sel ? 0.9 : 0.85 })
        .stroke({ width: 1, color: 0xdee2e6, alpha: 0.6 });
    }
    for (const l of Object.values(s.arcLines))
      this.line(g, [l[0].x, l[0].y], [l[1].x, l[1].y], 1.5, 0xffffff);
    // the token is as wide as a huge ship's bases and hides them: their outlines again on top, so the gap shows
    for (const b of s.bases) g.poly(this.poly(b), true).stroke({ width: 1.5, color: PLAYER[p], alpha: 0.8 });
    for (const z of s.zones) {
      const t = s.targetingPoints[z];
      const [tx, ty] = this.S(t.x, t.y);
      // a measured point is a yellow dot; an estimated one (no measurement for the class) a hollow ring
      if (s.targetingEstimated) g.circle(tx, ty, 2.5).stroke({ width: 1.5, color: 0xffe066 });
      else g.circle(tx, ty, 2.5).fill({ color: 0xffe066 });
    }
  }

  private drawSelection(state: AppState, world: LiveAnalysis['world'], sel: Entry) {
    const shape = sel.kind === 'ship' ? sel.shapes.base : sel.kind === 'obstacle' ? sel.outline : sel.circle;
    const bands = world.catalog.ruler.distance;
    const h = this.handle(sel);
    const { x, y } = sel.piece;
    // everything drawn is relative to the piece's point: its fields but the place, the handle's side, the rings
    const { cat, zoomKey } = this.keys;
    const key = `${sel.kind}|${pieceKey(sel.piece)}|${h?.turn ?? '-'}|${state.rings ? 1 : 0}|${cat}|${zoomKey}`;
    this.at(this.selection, 'selection', key, x, y, (g) => {
      this.shape(g, shape).stroke({ width: 1.5, color: SELECT, alpha: 0.9 });
      if (state.rings)
        bands.forEach((b, i) => {
          if (shape.kind === 'circle') {
            const [cx, cy] = this.S(shape.cx, shape.cy);
            g.circle(cx, cy, (shape.r + b.end) * this.view.scale);
          } else for (const ring of ringsOf(shape, b.end)) g.poly(this.poly(ring), true);
          g.stroke({ width: 1.5, color: 0x74c0fc, alpha: 0.85 - i * 0.1 });
        });
      if (h) {
        this.line(g, [x, y], h.at, 1, SELECT, 0.7);
        const [hx, hy] = this.S(h.at[0], h.at[1]);
        g.circle(hx, hy, 7).fill({ color: SELECT }).stroke({ width: 2, color: 0x000000 });
      }
    });
  }
}

/**
 * Whether a plugged layer's drawing holds nothing to draw: hidden, or containers, Graphics with nothing drawn
 * and Sprites of the empty texture all the way down (anything else counts as drawing).
 */
function drawsNothing(c: Container): boolean {
  if (!c.visible || !c.renderable) return true;
  const own =
    c instanceof Graphics
      ? c.context.instructions.length === 0
      : c instanceof Sprite
        ? c.texture === Texture.EMPTY
        : c.constructor === Container;
  return own && c.children.every(drawsNothing);
}

/** A piece's fields but its place: what its drawing around its own centre depends on (kept per piece object). */
const pieceKeys = new WeakMap<object, string>();
function pieceKey(p: { x: number; y: number }): string {
  let k = pieceKeys.get(p);
  if (k === undefined) {
    const o: Record<string, unknown> = { ...p };
    delete o.x;
    delete o.y;
    delete o.name;
    pieceKeys.set(p, (k = JSON.stringify(o)));
  }
  return k;
}

/** The hull zone of side `attacker` ("id.zone") when it is piece `id`'s, else '' (no string made to test). */
function zoneOf(attacker: string | null, id: string): string {
  return attacker !== null &&
    attacker.length > id.length &&
    attacker.charCodeAt(id.length) === 46 &&
    attacker.startsWith(id)
    ? attacker.slice(id.length + 1)
    : '';
}

/** The distance rings of a shape, kept per shape (grown outlines take a moment). */
const ringCache = new WeakMap<object, Map<number, ReturnType<typeof grownRings>>>();
function ringsOf(shape: Polygon, d: number) {
  let m = ringCache.get(shape);
  if (!m) ringCache.set(shape, (m = new Map()));
  let r = m.get(d);
  if (!r) m.set(d, (r = grownRings(shape, d)));
  return r;
}

/** handleClear's answers: bits */
const CLEAR = 0,
  ON_PIECE = 1,
  ON_LINE = 2;

function segmentDistance(p: XY, a: XY, b: XY): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

export const zoneOfPoint = (e: Entry, x: number, y: number): HullZoneName | null => {
  if (e.kind !== 'ship') return null;
  for (const z of e.shapes.zones) if (e.shapes.hullZones[z].locate(x, y) !== 'outside') return z;
  return null;
};

/** Whether WebGL here is drawn in software (the renderer's unmasked name; false when it cannot be told). */
export function softwareWebgl(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|softpipe|software/i.test(name);
  } catch {
    return false;
  }
}
