import type { Entry } from '../rules/world';
import { patchPiece } from '../state/pieces';
import type { AppStore, Commands } from '../state/store';
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
}

export const COARSE_DEG = 15;
export const FINE_DEG = 1;

export { DRAG_THRESHOLD_PX } from '../state/gesture';
import { DRAG_THRESHOLD_PX, HANDLE_REACH_PX, HOLD_MS } from '../state/gesture';

type Gesture =
  | {
      kind: 'move';
      id: string;
      /** the press that began it picked the piece (a tap): the pair it joined follows the pieces */
      picked?: boolean;
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
      under: { id: string; zone: ReturnType<typeof zoneOfPoint> } | null;
    }
  | { kind: 'pan'; sx: number; sy: number; ox: number; oy: number; limit: number }
  | { kind: 'pinch' }
  /**
   * a finger on a piece while a pair is chosen: a tap if it lifts at once, a pan if it travels,
   * and `then` (a move or a turn) once it has rested HOLD_MS
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
  let gesture: Gesture | null = null;
  const pointers = new Map<number, { x: number; y: number }>();
  let pinchStart: { d: number; mx: number; my: number; view: typeof scene.view } | null = null;

  const local = (ev: PointerEvent | WheelEvent) => {
    const r = canvas.getBoundingClientRect();
    return { sx: ev.clientX - r.left, sy: ev.clientY - r.top };
  };
  const patch = (id: string, p: Parameters<typeof patchPiece>[2]) =>
    cmd.change(patchPiece(store.getState().table, id, p));
  // the press-and-hold cue: a ring under the finger that closes in HOLD_MS, then turns solid
  const cue = document.createElement('div');
  cue.id = 'hold-cue';
  cue.style.setProperty('--hold-ms', `${HOLD_MS}ms`);
  canvas.parentElement?.append(cue);
  const showCue = (state: '' | 'arming' | 'armed', sx = 0, sy = 0) => {
    cue.className = state;
    if (state) {
      cue.style.left = `${sx}px`;
      cue.style.top = `${sy}px`;
    }
  };
  /** a pair is chosen and the pointer is a finger: one finger pans; moving a piece needs a press-and-hold */
  const held = (ev: PointerEvent) =>
    ev.pointerType !== 'mouse' && !!store.getState().attacker && !!store.getState().defender;
  /** the press that armed the current move, while it has not moved yet (see pointermove) */
  let armedFrom: (Gesture & { kind: 'hold' }) | null = null;
  const hold = (
    sx: number,
    sy: number,
    limit: number,
    id: string,
    then: Gesture,
    tap: () => void,
    at: number,
  ) => {
    const g: Gesture & { kind: 'hold' } = {
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
    showCue('arming', sx, sy);
    g.timer = window.setTimeout(() => {
      if (gesture !== g || g.panning) return;
      if (store.getState().locked) {
        showCue('');
        return;
      }
      // armed: the piece is selected (the pair stays) and the next move moves it
      gesture = then;
      armedFrom = g;
      cmd.selectOnly(id);
      showCue('armed', sx, sy);
    }, HOLD_MS);
    return g;
  };

  canvas.addEventListener('pointerdown', (ev) => {
    canvas.setPointerCapture(ev.pointerId);
    // a finger or button is down on the table: the view is not reframed under it (ui/dispute.ts)
    document.body.dataset.pressing = 'true';
    const { sx, sy } = local(ev);
    pointers.set(ev.pointerId, { x: sx, y: sy });
    if (pointers.size === 2) {
      if ((gesture?.kind === 'move' || gesture?.kind === 'rotate') && gesture.started) cmd.endGesture();
      if (gesture?.kind === 'hold') clearTimeout(gesture.timer);
      showCue('');
      const [a, b] = [...pointers.values()];
      pinchStart = {
        d: Math.hypot(a.x - b.x, a.y - b.y),
        mx: (a.x + b.x) / 2,
        my: (a.y + b.y) / 2,
        view: { ...scene.view },
      };
      gesture = { kind: 'pinch' };
      return;
    }
    const [x, y] = toTable(scene.view, sx, sy);
    const s = store.getState();
    const limit = ev.pointerType === 'mouse' ? DRAG_THRESHOLD_PX.mouse : DRAG_THRESHOLD_PX.touch;
    const selected = s.selected ? pick.byId(s.selected) : undefined;
    const h = selected ? scene.handle(selected) : null;
    // a press on another piece is that piece's, even within the handle's reach (a drag that starts on a
    // piece never turns another)
    const under = pick.entries().find((e) => hit(e, x, y));
    if (selected && h && (!under || under.id === selected.id)) {
      const [hx, hy] = toScreen(scene.view, h.at[0], h.at[1]);
      const reach = ev.pointerType === 'mouse' ? HANDLE_REACH_PX.mouse : HANDLE_REACH_PX.touch;
      if (!s.locked && Math.hypot(hx - sx, hy - sy) <= reach) {
        // on a phone the handle's reach covers a ship's bow: a press that never turns taps what lies under it
        const turn: Gesture = {
          kind: 'rotate',
          id: selected.id,
          handleTurn: h.turn,
          sx,
          sy,
          limit,
          started: false,
          under: under ? { id: under.id, zone: zoneOfPoint(under, x, y) } : null,
        };
        gesture = held(ev)
          ? hold(
              sx,
              sy,
              limit,
              selected.id,
              { ...turn, limit: 0 },
              () => {
                if (under) cmd.tap(under.id, zoneOfPoint(under, x, y));
              },
              ev.timeStamp,
            )
          : turn;
        return;
      }
    }
    const target = under;
    if (target && held(ev)) {
      // a pair is chosen: a tap still taps, a drag pans, a press-and-hold moves the piece
      const zone = zoneOfPoint(target, x, y);
      gesture = hold(
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
          limit: 0,
          started: false,
        },
        () => cmd.tap(target.id, zone),
        ev.timeStamp,
      );
    } else if (target) {
      cmd.tap(target.id, zoneOfPoint(target, x, y));
      // nothing moves yet: the press becomes a drag only past the threshold (and never while locked)
      gesture = {
        kind: 'move',
        id: target.id,
        picked: true,
        dx: x - target.piece.x,
        dy: y - target.piece.y,
        sx,
        sy,
        limit,
        started: false,
      };
    } else {
      gesture = { kind: 'pan', sx, sy, ox: scene.view.ox, oy: scene.view.oy, limit };
    }
  });

  // a drag's latest pointer position, applied once per frame (pointer events come faster than frames on many devices)
  let pending: { x: number; y: number; shift: boolean } | null = null;
  const applyPending = () => {
    const m = pending;
    pending = null;
    if (!m || !gesture || !(gesture.kind === 'move' || gesture.kind === 'rotate') || !gesture.started) return;
    if (gesture.kind === 'move') {
      cmd.dragStep(gesture.id, { x: round2(m.x - gesture.dx), y: round2(m.y - gesture.dy) });
    } else {
      const e = pick.byId(gesture.id);
      if (!e) return;
      let deg = (Math.atan2(m.y - e.piece.y, m.x - e.piece.x) * 180) / Math.PI - 90 - gesture.handleTurn;
      if (gesture.handleTurn && deg <= -180) deg += 360;
      deg = m.shift ? Math.round(deg / COARSE_DEG) * COARSE_DEG : Math.round(deg * 10) / 10;
      cmd.dragStep(gesture.id, { rotation: deg });
    }
  };

  canvas.addEventListener('pointermove', (ev) => {
    if (!pointers.has(ev.pointerId)) return;
    const { sx, sy } = local(ev);
    pointers.set(ev.pointerId, { x: sx, y: sy });
    if (!gesture) return;
    if (gesture.kind === 'pinch' && pinchStart && pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y),
        mx = (a.x + b.x) / 2,
        my = (a.y + b.y) / 2;
      const v = zoomAt(pinchStart.view, pinchStart.mx, pinchStart.my, d / Math.max(1, pinchStart.d));
      scene.view = { ...v, ox: v.ox + mx - pinchStart.mx, oy: v.oy + my - pinchStart.my };
      pick.redraw();
      return;
    }
    if (gesture.kind === 'pinch') return;
    if (gesture.kind === 'hold') {
      if (!gesture.panning && Math.hypot(sx - gesture.sx, sy - gesture.sy) <= gesture.limit) return;
      // travelled before the hold: a pan, whatever lies under the finger
      if (!gesture.panning) {
        gesture.panning = true;
        clearTimeout(gesture.timer);
        showCue('');
      }
      scene.view = { ...scene.view, ox: gesture.ox + sx - gesture.sx, oy: gesture.oy + sy - gesture.sy };
      pick.redraw();
      return;
    }
    // a finger that travelled before HOLD_MS had passed pans, even when a busy page ran the hold's timer first
    if (armedFrom && gesture === armedFrom.then) {
      const g = armedFrom;
      if (ev.timeStamp - g.at >= HOLD_MS)
        armedFrom = null; // held for real: the piece follows
      else if (Math.hypot(sx - g.sx, sy - g.sy) <= g.limit) return;
      else {
        armedFrom = null;
        g.panning = true;
        gesture = g;
        showCue('');
        scene.view = { ...scene.view, ox: g.ox + sx - g.sx, oy: g.oy + sy - g.sy };
        pick.redraw();
        return;
      }
    }
    if (cue.className === 'armed') showCue('armed', sx, sy);
    const [x, y] = toTable(scene.view, sx, sy);
    if (gesture.kind === 'pan') {
      scene.view = { ...scene.view, ox: gesture.ox + sx - gesture.sx, oy: gesture.oy + sy - gesture.sy };
      pick.redraw();
      return;
    }
    if (!gesture.started) {
      if (store.getState().locked || Math.hypot(sx - gesture.sx, sy - gesture.sy) <= gesture.limit) return;
      gesture.started = true;
      cmd.beginGesture();
      // a piece picked by this very press (not one moved by press-and-hold under a chosen pair)
      if (gesture.kind === 'move' && gesture.picked) cmd.dragged(gesture.id);
    }
    const first = !pending;
    pending = { x, y, shift: ev.shiftKey };
    if (!pick.atFrame) applyPending();
    else if (first) pick.atFrame(applyPending);
  });

  const up = (ev: PointerEvent) => {
    pointers.delete(ev.pointerId);
    applyPending(); // the last position of a drag, before it ends
    armedFrom = null;
    showCue('');
    if (!pointers.size) {
      delete document.body.dataset.pressing;
      pick.redraw(); // a pair chosen under the finger is framed now
    }
    if (gesture?.kind === 'hold') {
      clearTimeout(gesture.timer);
      if (!gesture.panning && ev.type === 'pointerup') gesture.tap();
      gesture = null;
      pinchStart = null;
      return;
    }
    if (gesture?.kind === 'pan' && ev.type === 'pointerup' && pick.tapTable) {
      const { sx, sy } = local(ev);
      if (Math.hypot(sx - gesture.sx, sy - gesture.sy) <= gesture.limit) {
        const [x, y] = toTable(scene.view, sx, sy);
        if (pick.tapTable(x, y)) scene.view = { ...scene.view, ox: gesture.ox, oy: gesture.oy };
      }
    }
    if ((gesture?.kind === 'move' || gesture?.kind === 'rotate') && gesture.started) cmd.endGesture();
    if (gesture?.kind === 'rotate' && !gesture.started && gesture.under && ev.type === 'pointerup')
      cmd.tap(gesture.under.id, gesture.under.zone);
    if (gesture?.kind === 'pinch' && pointers.size > 0) {
      gesture = null; // lift the remaining finger to start again
      pinchStart = null;
      return;
    }
    gesture = null;
    pinchStart = null;
  };
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);

  canvas.addEventListener(
    'wheel',
    (ev) => {
      ev.preventDefault();
      const { sx, sy } = local(ev);
      scene.view = zoomAt(scene.view, sx, sy, Math.exp(-ev.deltaY * (ev.ctrlKey ? 0.01 : 0.0015)));
      pick.redraw();
    },
    { passive: false },
  );

  window.addEventListener('keydown', (ev) => {
    const t = ev.target as HTMLElement | null;
    const typing =
      t &&
      ((t.tagName === 'INPUT' && !['checkbox', 'button', 'file'].includes((t as HTMLInputElement).type)) ||
        t.tagName === 'SELECT' ||
        t.tagName === 'TEXTAREA');
    if (typing) return;
    const mod = ev.ctrlKey || ev.metaKey;
    if (mod && ev.key.toLowerCase() === 'z') {
      ev.preventDefault();
      if (ev.shiftKey) cmd.redo();
      else cmd.undo();
      return;
    }
    if (mod && ev.key.toLowerCase() === 'y') {
      ev.preventDefault();
      cmd.redo();
      return;
    }
    const s = store.getState();
    const e = s.selected ? pick.byId(s.selected) : undefined;
    if (ev.key === 'Escape') {
      cmd.select(null);
      return;
    }
    if (!e || s.locked) return;
    const step = ev.shiftKey ? FINE_DEG : COARSE_DEG;
    const nudge = ev.shiftKey ? 0.5 : 5;
    const rot = 'rotation' in e.piece ? e.piece.rotation : null;
    switch (ev.key) {
      case 'q':
      case 'Q':
        if (rot !== null) patch(e.id, { rotation: rot + step });
        break;
      case 'e':
      case 'E':
        if (rot !== null) patch(e.id, { rotation: rot - step });
        break;
      // both coordinates, from the piece as drawn: a displaced squadron's proposed place is known to the
      // picture, not the table
      case 'ArrowLeft':
        patch(e.id, { x: e.piece.x - nudge, y: e.piece.y });
        break;
      case 'ArrowRight':
        patch(e.id, { x: e.piece.x + nudge, y: e.piece.y });
        break;
      case 'ArrowUp':
        patch(e.id, { x: e.piece.x, y: e.piece.y + nudge });
        break;
      case 'ArrowDown':
        patch(e.id, { x: e.piece.x, y: e.piece.y - nudge });
        break;
      case 'Delete':
      case 'Backspace':
        cmd.remove(e.id);
        break;
      default:
        return;
    }
    ev.preventDefault();
  });
}

const round2 = (v: number) => Math.round(v * 100) / 100;
