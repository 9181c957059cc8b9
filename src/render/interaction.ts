import type { HullZoneName } from '../model/catalog';
import type { Entry, World } from '../rules/world';
import { patchPiece } from '../state/pieces';
import type { AppStore, Commands, PairWas } from '../state/store';
import { zonesNear } from './hit';
import { dialogOpen } from './keys';
import type { Scene } from './scene';
import { hitEntry, zoneOfPoint } from './scene';
import { toScreen, toTable, zoomAt } from './view';

export interface Pickable {
  /** pieces in hit-test order: topmost first */
  entries(): Entry[];
  byId(id: string): Entry | undefined;
  redraw(): void;
  /**
   * Run `apply` at the start of the next frame, before it is drawn (replacing one still waiting):
   * a drag's pointer moves are coalesced to one change per frame. Without it, at once.
   */
  atFrame?(apply: () => void): void;
  /** a tap (no drag) on the bare table, at a table point: true when it was used (guided setup places there) */
  tapTable?(x: number, y: number): boolean;
  /** the world of the table as it is now: a tap's hull zones are judged in it (state/store.ts tap) */
  world?(): World;
}

/** Where on a piece a press landed: the hull zone under it, and every hull zone within a fingertip of it. */
interface Spot {
  zone: HullZoneName | null;
  near: readonly HullZoneName[];
}

export const COARSE_DEG = 15;
export const FINE_DEG = 1;

export { DRAG_THRESHOLD_PX } from '../state/gesture';
import { DRAG_THRESHOLD_PX, HANDLE_REACH_PX, HOLD_MS, TAP_ZONE_REACH_PX } from '../state/gesture';

type Gesture =
  | {
      kind: 'move';
      id: string;
      /** the press that began it picked the piece (a tap): the pair it joined follows the pieces */
      picked?: boolean;
      /** the pair before the press's tap, given to `dragged` when the press becomes a drag */
      pairWas?: PairWas;
      /**
       * a press on the piece already selected: the tap it makes (the hull zone under the finger attacking) is
       * made at the release, and only when it did not become a drag
       */
      tapAtRelease?: Spot;
      dx: number;
      dy: number;
      sx: number;
      sy: number;
      limit: number;
      started: boolean;
    }
  | {
      kind: 'rotate';
      id: string;
      /** the handle's bearing, less the piece's rotation: 180 for a handle off the rear */
      handleTurn: 0 | 180;
      sx: number;
      sy: number;
      limit: number;
      started: boolean;
      under: { id: string; spot: Spot } | null;
    }
  | { kind: 'pan'; sx: number; sy: number; ox: number; oy: number; limit: number }
  | { kind: 'pinch' }
  /**
   * a finger on a piece while a pair is chosen: a tap if it lifts at once, a pan if it travels,
   * and `then` (a move or a turn) once it has rested HOLD_MS, begun like any drag only past the threshold
   */
  | {
      kind: 'hold';
      sx: number;
      sy: number;
      ox: number;
      oy: number;
      limit: number;
      panning: boolean;
      timer: number;
      then: Gesture;
      tap: () => void;
      id: string;
      at: number;
    };

const hit = hitEntry;

/** Pointer, wheel, pinch and key handling for the canvas. */
export function attachInteraction(
  canvas: HTMLCanvasElement,
  scene: Scene,
  store: AppStore,
  cmd: Commands,
  pick: Pickable,
) {
  const it = new Interaction(canvas, scene, store, cmd, pick);
  canvas.addEventListener('pointerdown', (ev) => it.down(ev));
  canvas.addEventListener('pointermove', (ev) => it.move(ev));
  canvas.addEventListener('pointerup', (ev) => it.up(ev));
  canvas.addEventListener('pointercancel', (ev) => it.up(ev));
  canvas.addEventListener('wheel', (ev) => it.wheel(ev), { passive: false });
  window.addEventListener('keydown', (ev) => it.key(ev));
}

type Hold = Gesture & { kind: 'hold' };

/** The gesture under way and the pointers down; each event's handling in named steps. */
class Interaction {
  gesture: Gesture | null = null;
  readonly pointers = new Map<number, { x: number; y: number }>();
  pinchStart: { d: number; mx: number; my: number; view: Scene['view'] } | null = null;
  /** the press that armed the current move, while it has not moved yet (see pointermove) */
  armedFrom: Hold | null = null;
  // a drag's latest pointer position, applied once per frame (pointer events come faster than frames on many devices)
  pending: { x: number; y: number; shift: boolean } | null = null;
  // the press-and-hold cue: a ring under the finger that closes in HOLD_MS, then turns solid
  readonly cue = document.createElement('div');

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly scene: Scene,
    readonly store: AppStore,
    readonly cmd: Commands,
    readonly pick: Pickable,
  ) {
    this.cue.id = 'hold-cue';
    this.cue.style.setProperty('--hold-ms', `${HOLD_MS}ms`);
    canvas.parentElement?.append(this.cue);
  }

  private local(ev: PointerEvent | WheelEvent) {
    const r = this.canvas.getBoundingClientRect();
    return { sx: ev.clientX - r.left, sy: ev.clientY - r.top };
  }

  /** the hull zone under table point (x, y) of piece `e`, and those within TAP_ZONE_REACH_PX on screen */
  private spot(ev: PointerEvent, e: Entry, x: number, y: number): Spot {
    const reach = ev.pointerType === 'mouse' ? TAP_ZONE_REACH_PX.mouse : TAP_ZONE_REACH_PX.touch;
    return {
      zone: zoneOfPoint(e, x, y),
      near: zonesNear(e, x, y, reach / this.scene.view.scale),
    };
  }

  /** a tap on piece `id` at `spot`: its zones near the finger judged in the world of the table now */
  private tap(id: string, spot: Spot): PairWas {
    const world = this.pick.world?.();
    return this.cmd.tap(id, spot.zone, world ? { zones: spot.near, world } : undefined);
  }

  private patch(id: string, p: Parameters<typeof patchPiece>[2]) {
    this.cmd.change(patchPiece(this.store.getState().table, id, p));
  }

  private showCue(state: '' | 'arming' | 'armed', sx = 0, sy = 0) {
    const cue = this.cue;
    cue.className = state;
    if (state) {
      cue.style.left = `${sx}px`;
      cue.style.top = `${sy}px`;
    }
  }

  /** a pair is chosen and the pointer is a finger: one finger pans; moving a piece needs a press-and-hold */
  private held(ev: PointerEvent) {
    const s = this.store.getState();
    return ev.pointerType !== 'mouse' && !!s.attacker && !!s.defender;
  }

  private pan(ox: number, oy: number) {
    this.scene.view = { ...this.scene.view, ox, oy };
    this.pick.redraw();
  }

  private hold(
    sx: number,
    sy: number,
    limit: number,
    id: string,
    then: Gesture,
    tap: () => void,
    at: number,
  ) {
    const { scene, store, cmd } = this;
    const g: Hold = {
      kind: 'hold',
      sx,
      sy,
      ox: scene.view.ox,
      oy: scene.view.oy,
      limit,
      panning: false,
      timer: 0,
      then,
      tap,
      id,
      at,
    };
    this.showCue('arming', sx, sy);
    g.timer = window.setTimeout(() => {
      if (this.gesture !== g || g.panning) return;
      if (store.getState().locked) {
        this.showCue('');
        return;
      }
      // armed: the piece is selected (the pair stays), and a drag past the threshold from where the finger
      // rests now moves it: what it crept while it rested is no part of the drag, so a slow tap that rolls a
      // few px as it lifts moves nothing (the piece still keeps the point grabbed at the press under the finger)
      const at = this.pointers.values().next().value ?? { x: sx, y: sy };
      if (then.kind === 'move' || then.kind === 'rotate') {
        then.sx = at.x;
        then.sy = at.y;
      }
      this.gesture = then;
      this.armedFrom = g;
      cmd.selectOnly(id);
      this.showCue('armed', sx, sy);
    }, HOLD_MS);
    return g;
  }

  down(ev: PointerEvent) {
    this.canvas.setPointerCapture(ev.pointerId);
    // a finger or button is down on the table: the view is not reframed under it (ui/dispute.ts)
    document.body.dataset.pressing = 'true';
    const { sx, sy } = this.local(ev);
    this.pointers.set(ev.pointerId, { x: sx, y: sy });
    if (this.pointers.size === 2) {
      this.startPinch();
      return;
    }
    const [x, y] = toTable(this.scene.view, sx, sy);
    const limit = ev.pointerType === 'mouse' ? DRAG_THRESHOLD_PX.mouse : DRAG_THRESHOLD_PX.touch;
    // a press on another piece is that piece's, even within the handle's reach (a drag that starts on a
    // piece never turns another)
    const under = this.pick.entries().find((e) => hit(e, x, y));
    if (this.pressHandle(ev, sx, sy, x, y, limit, under)) return;
    this.pressPiece(ev, sx, sy, x, y, limit, under);
  }

  /** a second finger down: whatever the first was doing ends, and a pinch begins */
  private startPinch() {
    const g = this.gesture;
    if ((g?.kind === 'move' || g?.kind === 'rotate') && g.started) this.cmd.endGesture();
    if (g?.kind === 'hold') clearTimeout(g.timer);
    this.showCue('');
    const [a, b] = [...this.pointers.values()];
    this.pinchStart = {
      d: Math.hypot(a.x - b.x, a.y - b.y),
      mx: (a.x + b.x) / 2,
      my: (a.y + b.y) / 2,
      view: { ...this.scene.view },
    };
    this.gesture = { kind: 'pinch' };
  }

  /** a press on the selected piece's turn handle: a turn (held first under a chosen pair); false: not on it */
  private pressHandle(
    ev: PointerEvent,
    sx: number,
    sy: number,
    x: number,
    y: number,
    limit: number,
    under: Entry | undefined,
  ): boolean {
    const scene = this.scene;
    const s = this.store.getState();
    const selected = s.selected ? this.pick.byId(s.selected) : undefined;
    const h = selected ? scene.handle(selected) : null;
    if (!selected || !h || (under && under.id !== selected.id)) return false;
    const [hx, hy] = toScreen(scene.view, h.at[0], h.at[1]);
    const reach = ev.pointerType === 'mouse' ? HANDLE_REACH_PX.mouse : HANDLE_REACH_PX.touch;
    if (s.locked || Math.hypot(hx - sx, hy - sy) > reach) return false;
    // on a phone the handle's reach covers a ship's bow: a press that never turns taps what lies under it
    const turn: Gesture = {
      kind: 'rotate',
      id: selected.id,
      handleTurn: h.turn,
      sx,
      sy,
      limit,
      started: false,
      under: under ? { id: under.id, spot: this.spot(ev, under, x, y) } : null,
    };
    this.gesture = this.held(ev)
      ? this.hold(
          sx,
          sy,
          limit,
          selected.id,
          { ...turn },
          () => {
            if (turn.under) this.tap(turn.under.id, turn.under.spot);
          },
          ev.timeStamp,
        )
      : turn;
    return true;
  }

  /** a press on a piece (a tap, then maybe a drag; held first under a chosen pair), or on the bare table (a pan) */
  private pressPiece(
    ev: PointerEvent,
    sx: number,
    sy: number,
    x: number,
    y: number,
    limit: number,
    target: Entry | undefined,
  ) {
    if (target && this.held(ev)) {
      // a pair is chosen: a tap still taps, a drag pans, a press-and-hold moves the piece
      const spot = this.spot(ev, target, x, y);
      this.gesture = this.hold(
        sx,
        sy,
        limit,
        target.id,
        {
          kind: 'move',
          id: target.id,
          dx: x - target.piece.x,
          dy: y - target.piece.y,
          sx,
          sy,
          limit,
          started: false,
        },
        () => this.tap(target.id, spot),
        ev.timeStamp,
      );
    } else if (target) {
      // a press on the selected piece may be the start of its drag, which moves it and keeps what attacks from
      // it (the zone the player chose, its attacks judged ahead: primeDrag); a tap chooses the zone under the
      // finger at the release. A press on another piece selects it at once.
      const spot = this.spot(ev, target, x, y);
      const again = this.store.getState().selected === target.id;
      const pairWas = again ? undefined : this.tap(target.id, spot);
      // nothing moves yet: the press becomes a drag only past the threshold (and never while locked)
      this.gesture = {
        kind: 'move',
        id: target.id,
        picked: true,
        ...(again ? { tapAtRelease: spot } : { pairWas }),
        dx: x - target.piece.x,
        dy: y - target.piece.y,
        sx,
        sy,
        limit,
        started: false,
      };
    } else {
      this.gesture = { kind: 'pan', sx, sy, ox: this.scene.view.ox, oy: this.scene.view.oy, limit };
    }
  }

  readonly applyPending = () => {
    const m = this.pending;
    this.pending = null;
    const g = this.gesture;
    if (!m || !g || !(g.kind === 'move' || g.kind === 'rotate') || !g.started) return;
    if (g.kind === 'move') {
      this.cmd.dragStep(g.id, { x: round2(m.x - g.dx), y: round2(m.y - g.dy) });
    } else {
      const e = this.pick.byId(g.id);
      if (!e) return;
      let deg = (Math.atan2(m.y - e.piece.y, m.x - e.piece.x) * 180) / Math.PI - 90 - g.handleTurn;
      if (g.handleTurn && deg <= -180) deg += 360;
      deg = m.shift ? Math.round(deg / COARSE_DEG) * COARSE_DEG : Math.round(deg * 10) / 10;
      this.cmd.dragStep(g.id, { rotation: deg });
    }
  };

  move(ev: PointerEvent) {
    if (!this.pointers.has(ev.pointerId)) return;
    const { sx, sy } = this.local(ev);
    this.pointers.set(ev.pointerId, { x: sx, y: sy });
    const g = this.gesture;
    if (!g) return;
    if (g.kind === 'pinch') {
      this.pinchMove();
      return;
    }
    if (g.kind === 'hold') {
      this.holdMove(g, sx, sy);
      return;
    }
    if (this.armedPan(ev, sx, sy)) return;
    if (this.cue.className === 'armed') this.showCue('armed', sx, sy);
    const gesture = this.gesture;
    if (gesture?.kind === 'pan') {
      this.pan(gesture.ox + sx - gesture.sx, gesture.oy + sy - gesture.sy);
      return;
    }
    if (gesture?.kind === 'move' || gesture?.kind === 'rotate') this.dragMove(ev, gesture, sx, sy);
  }

  private pinchMove() {
    const ps = this.pinchStart;
    if (!ps || this.pointers.size < 2) return;
    const [a, b] = [...this.pointers.values()];
    const d = Math.hypot(a.x - b.x, a.y - b.y),
      mx = (a.x + b.x) / 2,
      my = (a.y + b.y) / 2;
    const v = zoomAt(ps.view, ps.mx, ps.my, d / Math.max(1, ps.d));
    this.scene.view = { ...v, ox: v.ox + mx - ps.mx, oy: v.oy + my - ps.my };
    this.pick.redraw();
  }

  private holdMove(g: Hold, sx: number, sy: number) {
    if (!g.panning && Math.hypot(sx - g.sx, sy - g.sy) <= g.limit) return;
    // travelled before the hold: a pan, whatever lies under the finger
    if (!g.panning) {
      g.panning = true;
      clearTimeout(g.timer);
      this.showCue('');
    }
    this.pan(g.ox + sx - g.sx, g.oy + sy - g.sy);
  }

  /**
   * A finger that travelled before HOLD_MS had passed pans, even when a busy page ran the hold's timer
   * first. True: the move is used (a pan, or still within the press's reach).
   */
  private armedPan(ev: PointerEvent, sx: number, sy: number): boolean {
    const g = this.armedFrom;
    if (!g || this.gesture !== g.then) return false;
    if (ev.timeStamp - g.at >= HOLD_MS) {
      this.armedFrom = null; // held for real: the piece follows
      return false;
    }
    if (Math.hypot(sx - g.sx, sy - g.sy) <= g.limit) {
      // crept while it rested (the page ran the timer first): where it rests now is where a drag is measured from
      const then = g.then;
      if (then.kind === 'move' || then.kind === 'rotate') {
        then.sx = sx;
        then.sy = sy;
      }
      return true;
    }
    this.armedFrom = null;
    g.panning = true;
    this.gesture = g;
    this.showCue('');
    this.pan(g.ox + sx - g.sx, g.oy + sy - g.sy);
    return true;
  }

  /** a move or a turn: begun past the threshold (never while locked), applied once per frame */
  private dragMove(ev: PointerEvent, g: Gesture & { kind: 'move' | 'rotate' }, sx: number, sy: number) {
    const [x, y] = toTable(this.scene.view, sx, sy);
    if (!g.started) {
      if (this.store.getState().locked || Math.hypot(sx - g.sx, sy - g.sy) <= g.limit) return;
      g.started = true;
      this.cmd.beginGesture();
      // a piece picked by this very press (not one moved by press-and-hold under a chosen pair)
      if (g.kind === 'move' && g.picked) this.cmd.dragged(g.id, g.pairWas);
    }
    const first = !this.pending;
    this.pending = { x, y, shift: ev.shiftKey };
    if (!this.pick.atFrame) this.applyPending();
    else if (first) this.pick.atFrame(this.applyPending);
  }

  up(ev: PointerEvent) {
    const { pointers, pick, scene, cmd } = this;
    pointers.delete(ev.pointerId);
    this.applyPending(); // the last position of a drag, before it ends
    this.armedFrom = null;
    this.showCue('');
    if (!pointers.size) {
      delete document.body.dataset.pressing;
      pick.redraw(); // a pair chosen under the finger is framed now
    }
    const gesture = this.gesture;
    if (gesture?.kind === 'hold') {
      clearTimeout(gesture.timer);
      if (!gesture.panning && ev.type === 'pointerup') gesture.tap();
      this.gesture = null;
      this.pinchStart = null;
      return;
    }
    if (gesture?.kind === 'pan' && ev.type === 'pointerup' && pick.tapTable) {
      const { sx, sy } = this.local(ev);
      if (Math.hypot(sx - gesture.sx, sy - gesture.sy) <= gesture.limit) {
        const [x, y] = toTable(scene.view, sx, sy);
        if (pick.tapTable(x, y)) scene.view = { ...scene.view, ox: gesture.ox, oy: gesture.oy };
      }
    }
    if ((gesture?.kind === 'move' || gesture?.kind === 'rotate') && gesture.started) cmd.endGesture();
    if (gesture?.kind === 'move' && !gesture.started && gesture.tapAtRelease && ev.type === 'pointerup')
      this.tap(gesture.id, gesture.tapAtRelease);
    if (gesture?.kind === 'rotate' && !gesture.started && gesture.under && ev.type === 'pointerup')
      this.tap(gesture.under.id, gesture.under.spot);
    // a pinch with a finger still down: lift the remaining finger to start again
    this.gesture = null;
    this.pinchStart = null;
  }

  wheel(ev: WheelEvent) {
    ev.preventDefault();
    const { sx, sy } = this.local(ev);
    this.scene.view = zoomAt(this.scene.view, sx, sy, Math.exp(-ev.deltaY * (ev.ctrlKey ? 0.01 : 0.0015)));
    this.pick.redraw();
  }

  key(ev: KeyboardEvent) {
    const t = ev.target as HTMLElement | null;
    const typing =
      t &&
      ((t.tagName === 'INPUT' && !['checkbox', 'button', 'file'].includes((t as HTMLInputElement).type)) ||
        t.tagName === 'SELECT' ||
        t.tagName === 'TEXTAREA');
    if (typing || dialogOpen()) return;
    if (this.undoKey(ev)) return;
    const s = this.store.getState();
    const e = s.selected ? this.pick.byId(s.selected) : undefined;
    if (ev.key === 'Escape') {
      this.cmd.select(null);
      return;
    }
    if (!e || s.locked) return;
    if (this.pieceKey(ev, e)) ev.preventDefault();
  }

  /** Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y: undo and redo (true: the key was theirs) */
  private undoKey(ev: KeyboardEvent): boolean {
    const mod = ev.ctrlKey || ev.metaKey;
    if (mod && ev.key.toLowerCase() === 'z') {
      ev.preventDefault();
      if (ev.shiftKey) this.cmd.redo();
      else this.cmd.undo();
      return true;
    }
    if (mod && ev.key.toLowerCase() === 'y') {
      ev.preventDefault();
      this.cmd.redo();
      return true;
    }
    return false;
  }

  /** Q/E turn the selected piece, the arrows nudge it, Delete removes it (false: not a piece's key) */
  private pieceKey(ev: KeyboardEvent, e: Entry): boolean {
    const step = ev.shiftKey ? FINE_DEG : COARSE_DEG;
    const nudge = ev.shiftKey ? 0.5 : 5;
    const rot = 'rotation' in e.piece ? e.piece.rotation : null;
    switch (ev.key) {
      case 'q':
      case 'Q':
        if (rot !== null) this.patch(e.id, { rotation: rot + step });
        break;
      case 'e':
      case 'E':
        if (rot !== null) this.patch(e.id, { rotation: rot - step });
        break;
      // both coordinates, from the piece as drawn: a displaced squadron's proposed place is known to the
      // picture, not the table
      case 'ArrowLeft':
        this.patch(e.id, { x: e.piece.x - nudge, y: e.piece.y });
        break;
      case 'ArrowRight':
        this.patch(e.id, { x: e.piece.x + nudge, y: e.piece.y });
        break;
      case 'ArrowUp':
        this.patch(e.id, { x: e.piece.x, y: e.piece.y + nudge });
        break;
      case 'ArrowDown':
        this.patch(e.id, { x: e.piece.x, y: e.piece.y - nudge });
        break;
      case 'Delete':
      case 'Backspace':
        this.cmd.remove(e.id);
        break;
      default:
        return false;
    }
    return true;
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;
