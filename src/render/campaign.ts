import type { Analysis } from '../state/analysis';
import type { AppState } from '../state/store';
import { emptyOverlays, type Overlays } from './overlays';

/** Overlays drawn from the campaign rules' verdicts, and the panel text that goes with them. */
export function buildOverlays(state: AppState, a: Analysis): Overlays & { panel: string } {
  void state; void a;
  return { ...emptyOverlays(), panel: '' };
}
