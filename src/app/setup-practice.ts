/**
 * Setup practice wired to the canvas: its bar, the layer drawing the best spot and the zone, and the
 * table taps it places pieces with (a press that moves less than TAP_PX between down and up).
 */
import { CATALOG } from '../model/catalog';
import { SetupLayer } from '../render/setup-layer';
import type { Scene } from '../render/scene';
import { toTable } from '../render/view';
import { SetupPracticePanel } from '../ui/setup-practice';
import type { Booted } from './boot';

const TAP_PX = 12;

export function buildSetupPractice(
  { store, cmd, tables, practices }: Booted,
  scene: Scene,
  hooks: {
    fit: () => void;
    frame: (box: [number, number, number, number], topPx?: number, tight?: boolean) => void;
    schedule: (panel?: boolean) => void;
  },
) {
  const layer = new SetupLayer();
  scene.addLayer('over-pieces', layer);
  let onTap: ((x: number, y: number) => void) | null = null;
  let down: { x: number; y: number } | null = null;
  const canvas = scene.app.canvas;
  canvas.addEventListener('pointerdown', (e) => (down = { x: e.clientX, y: e.clientY }));
  canvas.addEventListener('pointerup', (e) => {
    const d = down;
    down = null;
    if (!onTap || !d || Math.hypot(e.clientX - d.x, e.clientY - d.y) > TAP_PX) return;
    const r = canvas.getBoundingClientRect();
    const [x, y] = toTable(scene.view, e.clientX - r.left, e.clientY - r.top);
    onTap(x, y);
  });
  const panel = new SetupPracticePanel(
    store,
    cmd,
    tables,
    {
      fit: hooks.fit,
      relayout: () => scene.app.resize(),
      frameBelow: (topPx) => {
        // setup practice plays on a 3'x6' table, every piece in its setup area: that is what is framed, with
        // the small margins of a fitted table (a phone's space below the bar is about square, the table 2:1)
        const a = CATALOG.tables['3x6'].setupArea;
        hooks.frame([a.x0, a.y0, a.x1, a.y1], topPx, true);
      },
      mark: (m) => {
        layer.set(m);
        hooks.schedule(false);
      },
      onTap: (f) => (onTap = f),
    },
    practices,
  );
  document.getElementById('canvas-host')!.append(panel.bar);
  return panel;
}
