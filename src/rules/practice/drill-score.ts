/**
 * The judge-by-eye drill's score: right and wrong per kind of question, the typical mistake in
 * millimetres and words ("you call long range 9 mm early on diagonals"), and the next level
 * (harder after two right in a row, easier after a wrong answer).
 */
import { type DrillKind, DRILL_KINDS, TOP_LEVEL } from './drill';

/** One answered situation, as much of it as the score needs. */
export interface DrillAnswer {
  kind: DrillKind;
  /** the rules' answer */
  answer: string;
  /** the player's */
  given: string;
  /**
   * how far the answer given was from right (drill.ts missOf): for a right answer, or a wrong one about an
   * arc line or an obstacle, the margin from the edge that would flip it; for a wrong range, the way to the
   * band the player named
   */
  marginMm: number;
  diagonal: boolean;
  level: number;
}

export interface KindScore {
  kind: DrillKind;
  asked: number;
  right: number;
  /** the typical mistake in words, when there were mistakes */
  mistake?: string;
  /** its size: the median margin of the mistakes it speaks of, mm */
  mistakeMm?: number;
}

export const KIND_NAMES: Record<DrillKind, string> = {
  arc: 'Firing arc',
  range: 'Range',
  los: 'Line of sight',
};
const RANGE_ORDER = ['close', 'distance-1', 'medium', 'long', 'beyond'];
const BAND_WORDS: Record<string, string> = {
  close: 'close range',
  medium: 'medium range',
  long: 'long range',
  beyond: 'beyond range',
  'distance-1': 'distance 1',
};

/** Where a defender lies, by its band: "at long range", "out of range" (not "at beyond range"). */
const WHERE_WORDS: Record<string, string> = {
  close: 'at close range',
  medium: 'at medium range',
  long: 'at long range',
  beyond: 'out of range',
  'distance-1': 'at distance 1',
};

/** The next level: one up after two right answers in a row at this level, one down after a wrong one. */
export function nextLevel(level: number, results: readonly { right: boolean; level: number }[]): number {
  const last = results[results.length - 1];
  if (!last) return level;
  if (!last.right) return Math.max(1, level - 1);
  const prev = results[results.length - 2];
  const twoRight = prev && prev.right && prev.level === level && last.level === level;
  return twoRight ? Math.min(TOP_LEVEL, level + 1) : level;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The words for one direction of mistake, with `{mm}` where its size goes. */
function mistakeWords(a: DrillAnswer): { key: string; words: string } {
  if (a.kind === 'arc') {
    return a.given === 'in'
      ? { key: 'in', words: 'you see defenders in arc that lie {mm} outside the arc line' }
      : { key: 'out', words: 'you call out of arc defenders that lie {mm} inside the arc line' };
  }
  if (a.kind === 'los') {
    return a.given === 'obstructed'
      ? { key: 'obstructed', words: 'you call obstructed lines that clear the obstacle by {mm}' }
      : { key: 'clear', words: 'you call clear lines that cross {mm} into an obstacle' };
  }
  const gap = RANGE_ORDER.indexOf(a.given) - RANGE_ORDER.indexOf(a.answer);
  const farther = gap > 0;
  const adjacent =
    a.answer === 'distance-1' ||
    a.given === 'distance-1' ||
    Math.abs(gap) === 1 ||
    (a.answer === 'close' && a.given === 'medium') ||
    (a.answer === 'medium' && a.given === 'close');
  if (!adjacent) {
    return {
      key: `far:${a.given}:${a.answer}`,
      // the size is the way to the band named (drill.ts missOf): past its end, or short of it
      words:
        `you call ${BAND_WORDS[a.given]} for defenders ${WHERE_WORDS[a.answer]}, {mm} ` +
        `${farther ? 'short of' : 'beyond'} ${BAND_WORDS[a.given]}`,
    };
  }
  const words = farther
    ? `you call ${BAND_WORDS[a.given]} {mm} early`
    : `you call ${BAND_WORDS[a.answer]} {mm} late`;
  return { key: `${farther ? 'early' : 'late'}:${farther ? a.given : a.answer}`, words };
}

/**
 * The typical mistake among a kind's wrong answers: the most frequent direction (ties: the larger
 * margin), its median margin, and where it happens when two thirds of it are on diagonal lines
 * (30-60 degrees off the table's edges) or along the edges.
 */
export function typicalMistake(wrong: readonly DrillAnswer[]): { words: string; mm: number } | undefined {
  if (!wrong.length) return undefined;
  const groups = new Map<string, { words: string; items: DrillAnswer[] }>();
  for (const a of wrong) {
    const { key, words } = mistakeWords(a);
    const g = groups.get(key) ?? { words, items: [] };
    g.items.push(a);
    groups.set(key, g);
  }
  const best = [...groups.values()].sort(
    (x, y) =>
      y.items.length - x.items.length ||
      median(y.items.map((a) => a.marginMm)) - median(x.items.map((a) => a.marginMm)),
  )[0];
  const mm = median(best.items.map((a) => a.marginMm));
  const diag = best.items.filter((a) => a.diagonal).length / best.items.length;
  const where =
    best.items.length < 2 ? '' : diag >= 2 / 3 ? ' on diagonals' : diag <= 1 / 3 ? ' along the table' : '';
  const shown = mm < 10 ? mm.toFixed(1) : mm.toFixed(0);
  return { words: best.words.replace('{mm}', `${shown} mm`) + where, mm };
}

/** Right and wrong per kind of question, with each kind's typical mistake. */
export function scoreOf(answers: readonly DrillAnswer[]): KindScore[] {
  return DRILL_KINDS.map((kind) => {
    const mine = answers.filter((a) => a.kind === kind);
    const wrong = mine.filter((a) => a.given !== a.answer);
    const typical = typicalMistake(wrong);
    return {
      kind,
      asked: mine.length,
      right: mine.length - wrong.length,
      ...(typical ? { mistake: typical.words, mistakeMm: Math.round(typical.mm * 100) / 100 } : {}),
    };
  });
}
