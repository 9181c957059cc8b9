// The handle the app puts on window for these tests (src/app/test-handle.ts), typed from the app's own types.
import type { LiveAnalysis } from '../src/state/analysis';
import type { AppStore, Commands } from '../src/state/store';
import type { Scene } from '../src/render/scene';

declare global {
  interface Window {
    __armada: {
      store: AppStore;
      cmd: Commands;
      tables: import('../src/state/tab-tables').TabTables;
      scene: Scene;
      analysis(): LiveAnalysis;
      workerAvailable(): boolean;
      workerCancelled(): number;
      build: string;
      workerBuild(): string | null;
      zoomTo(x0: number, y0: number, x1: number, y1: number): void;
      redrawNow(): void;
      pagePoint(x: number, y: number): { x: number; y: number };
      photoPoint(x: number, y: number): { x: number; y: number };
      photoZoom(): number;
      practice(): import('../src/state/practice').PracticeMaps | null;
      /** requests the practice maps sent to a worker (a kept map shown again sends none) */
      practiceAsked(): number;
      photoFits(): number;
      countPixels(colour: number, box: readonly [number, number, number, number], tol?: number): number;
      /** the attack list parsed again whole from its entries' HTML (entries are written in place) */
      reparseVerdicts(): void;
      /** the labels drawn now (boxes as pixi draws them) and the judged line's segments (screen px) */
      labels(): {
        drawn: { id: string; text: string; box: [number, number, number, number] }[];
        judged: { a: [number, number]; b: [number, number]; pad: number }[];
        /** the squadrons on screen without a label, and the canvas legend that counts them */
        unlabelled: { id: string; name: string }[];
        legend: string;
      };
    };
    /** the drag-frame recorder of e2e/perf-drag.spec.ts */
    __perf?: { frames: number[]; analyses: number[]; live: number; whole: number; run: boolean };
  }
}
export {};
