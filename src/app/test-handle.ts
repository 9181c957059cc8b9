/** A small handle for the end-to-end tests and for the console: `window.__armada`. */
import { Rectangle } from 'pixi.js';
import { BUILD_ID } from '../build';
import { photoFitsMade } from '../model/photo';
import type { Scene } from '../render/scene';
import { toScreen } from '../render/view';
import type { Booted } from './boot';
import type { FrameLoop } from './frame';
import { reparseVerdictList } from '../ui/verdicts';

/** How many rendered pixels within a table-mm box are (within tol per channel) the colour. */
function countPixels(scene: Scene, colour: number, box: [number, number, number, number], tol = 10) {
  const [px, py] = toScreen(scene.view, box[0], box[3]);
  const [qx, qy] = toScreen(scene.view, box[2], box[1]);
  const [ax, ay, bx, by] = [Math.min(px, qx), Math.min(py, qy), Math.max(px, qx), Math.max(py, qy)];
  const w = Math.max(1, Math.ceil(bx - ax));
  const frame = new Rectangle(Math.floor(ax), Math.floor(ay), w, Math.max(1, Math.ceil(by - ay)));
  const { pixels } = scene.app.renderer.extract.pixels({ target: scene.app.stage, frame });
  const [R, G, B] = [(colour >> 16) & 255, (colour >> 8) & 255, colour & 255];
  let n = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    const near = Math.abs(pixels[i] - R) <= tol && Math.abs(pixels[i + 1] - G) <= tol;
    if (pixels[i + 3] === 255 && near && Math.abs(pixels[i + 2] - B) <= tol) n++;
  }
  return n;
}

export function exposeTestHandle({ store, cmd, tables }: Booted, scene: Scene, loop: FrameLoop) {
  Object.assign(window, {
    __armada: {
      store,
      cmd,
      tables,
      scene,
      analysis: () => loop.analysis,
      /** whether the full report comes from the worker */
      workerAvailable: () => loop.full.available,
      /** how many times a newer table superseded one the worker was still judging (it was restarted) */
      workerCancelled: () => loop.full.cancelled,
      /** this page's build, and the build of the worker that answered last (src/build.ts) */
      build: BUILD_ID,
      workerBuild: () => loop.full.workerBuild,
      zoomTo(x0: number, y0: number, x1: number, y1: number) {
        scene.fitBox(x0, y0, x1, y1);
        loop.schedule(false);
      },
      /** draw the frame now (the retained picture; after scene.redrawAll() a full redraw) */
      redrawNow() {
        loop.drawNow();
      },
      /** the labels drawn now, with their boxes as drawn, and the judged line's segments (the label check) */
      labels: () => ({
        drawn: scene.drawnBoxes(),
        judged: scene.judged,
        unlabelled: scene.unlabelled,
        legend: document.getElementById('label-legend')?.textContent ?? '',
      }),
      /** page coordinates of a table point */
      pagePoint(x: number, y: number) {
        const r = scene.app.canvas.getBoundingClientRect();
        const [sx, sy] = toScreen(scene.view, x, y);
        return { x: r.left + sx, y: r.top + sy };
      },
      /** page coordinates of a pixel of the photo in the photo view (src/ui/photo.ts) */
      photoPoint: (x: number, y: number) => loop.panels.photo.pagePoint(x, y),
      photoZoom: () => loop.panels.photo.viewScale(),
      /** the practice maps as the page has them (src/state/practice.ts) */
      practice: () => loop.panels.practice.maps(),
      practiceAsked: () => loop.panels.practice.asked(),
      /** piece fits of photos worked out (not reused) on this page (src/model/photo.ts) */
      photoFits: () => photoFitsMade(),
      /** the attack list parsed again whole from its entries' HTML (entries are written in place) */
      reparseVerdicts: () => reparseVerdictList(document.getElementById('verdicts') as HTMLElement),
      countPixels: (colour: number, box: [number, number, number, number], tol = 10) =>
        countPixels(scene, colour, box, tol),
    },
  });
}
