import type { Violation } from '../model/report';

const f2 = (n: number) => n.toFixed(2);

/** A violation in words a player uses, naming the pieces: "station is 36.65 mm from asteroid-b; ...". */
export function violationWords(v: Violation): string {
  return wordsOf(v, (id) => id);
}

/**
 * The words with the pieces by the names a table gives them (src/model/names.ts namer): "CR90 2 must be
 * within distance 1-3 of ...", an obstacle still by its id.
 */
export function violationWordsBy(say: (id: string) => string): (v: Violation) => string {
  return (v) => wordsOf(v, say);
}

function wordsOf(v0: Violation, say: (id: string) => string): string {
  const v = typeof v0.with === 'string' ? { ...v0, with: say(v0.with) } : v0;
  const piece = typeof v.piece === 'string' ? say(v.piece) : 'it';
  const need = typeof v.needMoreThanMm === 'number' ? v.needMoreThanMm : null;
  const atMost = typeof v.needAtMostMm === 'number' ? v.needAtMostMm : null;
  const band = /beyond distance (\d)/.exec(v.rule)?.[1];
  const beyond =
    band && need !== null ? `it must be beyond distance ${band} (${f2(need)} mm)` : `it ${v.rule}`;
  if (v.with && v.measure === 'overlapping (gap 0)') return `${piece} overlaps ${v.with}; ${beyond}`;
  if (v.with && v.gapMm !== null && need !== null)
    return `${piece} is ${f2(v.gapMm)} mm from ${v.with}; ${beyond}`;
  if (v.with && v.gapMm !== null && atMost !== null && v.measure === 'to its farthest point')
    return `${piece}'s farthest point is ${f2(v.gapMm)} mm from ${v.with}; it ${v.rule} (${f2(atMost)} mm)`;
  if (v.with && v.gapMm !== null && atMost !== null)
    return `${piece} is ${f2(v.gapMm)} mm from ${v.with}; it ${v.rule} (${f2(atMost)} mm)`;
  if (v.with && v.measure === 'overlap depth' && v.gapMm !== null)
    return `${piece} would overlap ${v.with} by ${f2(v.gapMm)} mm; it ${v.rule}`;
  if (v.with && v.gapMm !== null && v.measure === 'gap')
    return `${piece} is ${f2(v.gapMm)} mm from ${v.with}; it ${v.rule}`;
  // the gap is measured from the edge inward (toward the setup area's middle, where the piece must lie
  // beyond the band): a negative one is how far the piece reaches past the edge, out of that side
  if (typeof v.edge === 'string' && v.gapMm !== null && need !== null)
    return v.gapMm < 0
      ? `${piece} reaches ${f2(-v.gapMm)} mm past ${v.edge}; ` +
          (band
            ? `it must be beyond distance ${band} of that edge, more than ${f2(need)} mm inside it`
            : `it ${v.rule}`)
      : `${piece} is ${f2(v.gapMm)} mm from ${v.edge}; ${beyond}`;
  if (v.gapMm !== null && typeof v.measure === 'string')
    return `${piece} ${v.rule}: it is ${f2(v.gapMm)} mm ${v.measure}`;
  return `${piece} ${v.rule}${v.with ? ` (${v.with})` : ''}`;
}
