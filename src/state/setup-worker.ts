/// <reference lib="webworker" />
import { appMove, positionOf, rateMove, type Placement, type SetupGame } from '../rules/practice/setup-game';
import { evaluate, type Evaluation, rateSetup } from '../rules/practice/setup-rating';
import type { SearchBudget } from '../rules/practice/setup-search';

/*
 * The setup practice's search off the main thread (src/rules/practice/setup-game.ts): the app's move,
 * a player's placement rated with the best spot found beside it, the final rating. The evaluation of
 * a position (every ship's coarse reach judged: the costly part) is made once and kept for the last
 * few positions, and `prepare` makes it while the player is still choosing, so the rating after a
 * placement costs only the search.
 */
export type SetupRequest =
  | { seq: number; kind: 'prepare'; game: SetupGame }
  | { seq: number; kind: 'rate'; game: SetupGame; placement: Placement; seed: number; budget: SearchBudget }
  | { seq: number; kind: 'app'; game: SetupGame; seed: number; budget: SearchBudget }
  | { seq: number; kind: 'final'; game: SetupGame };

export type SetupReply =
  | { seq: number; kind: 'prepared'; ms: number }
  | ({ seq: number; kind: 'rated'; ms: number } & ReturnType<typeof rateMove>)
  | { seq: number; kind: 'app'; ms: number; move: ReturnType<typeof appMove> }
  | { seq: number; kind: 'final'; ms: number; rating: ReturnType<typeof rateSetup> }
  | { seq: number; kind: 'error'; error: string };

const KEEP = 3;
const kept: { key: string; ev: Evaluation }[] = [];

function evaluationOf(g: SetupGame): Evaluation {
  const key = JSON.stringify(positionOf(g));
  const hit = kept.find((k) => k.key === key);
  if (hit) return hit.ev;
  const ev = evaluate(positionOf(g));
  kept.unshift({ key, ev });
  kept.length = Math.min(kept.length, KEEP);
  return ev;
}

self.onmessage = (e: MessageEvent<SetupRequest>) => {
  const r = e.data;
  const post = (m: SetupReply) => (self as unknown as Worker).postMessage(m);
  const t0 = performance.now();
  try {
    if (r.kind === 'prepare') {
      evaluationOf(r.game);
      post({ seq: r.seq, kind: 'prepared', ms: performance.now() - t0 });
    } else if (r.kind === 'rate') {
      const out = rateMove(r.game, r.placement, r.seed, r.budget, evaluationOf(r.game));
      post({ seq: r.seq, kind: 'rated', ms: performance.now() - t0, ...out });
    } else if (r.kind === 'app') {
      const move = appMove(r.game, r.seed, r.budget, evaluationOf(r.game));
      post({ seq: r.seq, kind: 'app', ms: performance.now() - t0, move });
    } else {
      const rating = rateSetup(positionOf(r.game), 1);
      post({ seq: r.seq, kind: 'final', ms: performance.now() - t0, rating });
    }
  } catch (err) {
    post({ seq: r.seq, kind: 'error', error: String((err as Error)?.message ?? err) });
  }
};
