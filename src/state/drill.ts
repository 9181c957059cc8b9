/**
 * A judge-by-eye drill as it runs: ten situations dealt from a seed (src/rules/practice/drill.ts),
 * the player's answers, the level (adapting to the answers, or fixed by a race link so two players
 * get the same ten), and the link that replays it: `#drill=SEED&levels=3344455554`.
 */
import {
  dealSituation,
  type DrillKind,
  type DrillSituation,
  missOf,
  TOP_LEVEL,
} from '../rules/practice/drill';
import { type DrillAnswer, nextLevel } from '../rules/practice/drill-score';

export const DRILL_LENGTH = 10;

export interface DrillRun {
  seed: string;
  /** a race's levels, one per situation (null: the level adapts to the answers) */
  fixedLevels: number[] | null;
  index: number;
  situation: DrillSituation;
  /** 'ask': waiting for the answer; 'shown': the answer revealed; 'done': the ten answered */
  phase: 'ask' | 'shown' | 'done';
  answers: (DrillAnswer & { right: boolean })[];
}

const SEED = /^[A-Za-z0-9_-]{1,32}$/;

/** A new seed: eight letters and digits. */
export function newSeed(rnd: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += 'abcdefghjkmnpqrstuvwxyz23456789'[Math.floor(rnd() * 31)];
  return s;
}

export function startDrill(seed: string, fixedLevels: number[] | null = null, level = 1): DrillRun {
  if (!SEED.test(seed)) throw new Error(`a drill's seed is 1 to 32 letters, digits, - or _, not "${seed}"`);
  const lv = fixedLevels ? fixedLevels[0] : level;
  return { seed, fixedLevels, index: 0, situation: dealSituation(seed, 0, lv), phase: 'ask', answers: [] };
}

/** The player's answer to the situation asked: recorded, and the rules' answer shown. */
export function answerDrill(run: DrillRun, given: string): DrillRun {
  if (run.phase !== 'ask') return run;
  const s = run.situation;
  if (!s.choices.some((c) => c.value === given))
    throw new Error(`"${given}" is not one of this question's answers`);
  const a = {
    kind: s.kind,
    answer: s.answer,
    given,
    // a wrong answer's size is what it missed by (a range named a band away is not off by the margin)
    marginMm: missOf(s, given).mm,
    diagonal: s.diagonal,
    level: s.level,
    right: given === s.answer,
  };
  return { ...run, phase: 'shown', answers: [...run.answers, a] };
}

/** The next situation, at the next level; after the tenth, the drill is done. */
export function nextSituation(run: DrillRun): DrillRun {
  if (run.phase !== 'shown') return run;
  const index = run.index + 1;
  if (index >= DRILL_LENGTH) return { ...run, phase: 'done' };
  const level = run.fixedLevels ? run.fixedLevels[index] : nextLevel(run.situation.level, run.answers);
  return { ...run, index, phase: 'ask', situation: dealSituation(run.seed, index, level) };
}

/** The levels the drill has dealt so far (its situations' own). */
export function levelsOf(run: DrillRun): number[] {
  return [...run.answers.map((a) => a.level), ...(run.phase === 'ask' ? [run.situation.level] : [])];
}

/**
 * The link that deals the same ten situations to another player: the seed and every level, and once
 * the drill is done, the score to beat.
 */
export function drillHash(run: DrillRun): string {
  const levels = run.fixedLevels ?? levelsOf(run);
  const beat = run.phase === 'done' ? `&beat=${run.answers.filter((a) => a.right).length}` : '';
  return `#drill=${run.seed}&levels=${levels.join('')}${beat}`;
}

/**
 * A drill link's seed and levels, or null when the hash is no drill link. A broken one is refused
 * naming what is wrong.
 */
export function drillFromHash(hash: string): { seed: string; levels: number[] | null; beat?: number } | null {
  if (!hash.startsWith('#drill=')) return null;
  const params = new URLSearchParams(hash.slice(1));
  const seed = params.get('drill') ?? '';
  if (!SEED.test(seed))
    throw new Error(`the drill's seed must be 1 to 32 letters, digits, - or _, not "${seed.slice(0, 40)}"`);
  const b = params.get('beat');
  if (b !== null && !(/^\d{1,2}$/.test(b) && Number(b) <= DRILL_LENGTH)) {
    throw new Error(
      `the score to beat must be a whole number from 0 to ${DRILL_LENGTH}, not "${b.slice(0, 40)}"`,
    );
  }
  const beat = b === null ? {} : { beat: Number(b) };
  const raw = params.get('levels');
  if (raw === null) return { seed, levels: null, ...beat };
  if (!new RegExp(`^[1-${TOP_LEVEL}]{${DRILL_LENGTH}}$`).test(raw)) {
    throw new Error(
      `the drill's levels must be ${DRILL_LENGTH} digits from 1 to ${TOP_LEVEL}, not "${raw.slice(0, 40)}"`,
    );
  }
  return { seed, levels: [...raw].map(Number), ...beat };
}

/**
 * A drill under way as a reload finds it (kept in the tab's session storage: src/state/practice-kept.ts): the
 * seed, a race's levels, each answer given with its question's kind and key, the phase, a friend's score to
 * beat. The situations are dealt again from the seed, the answers replayed (which gives the same levels).
 */
export interface DrillKept {
  seed: string;
  levels: number[] | null;
  answers: { kind: DrillKind; key: string; given: string }[];
  phase: DrillRun['phase'];
  beat: number | null;
}

export function keptDrill(run: DrillRun, beat: number | null): DrillKept {
  return {
    seed: run.seed,
    levels: run.fixedLevels,
    answers: run.answers.map((a) => ({ kind: a.kind, key: a.answer, given: a.given })),
    phase: run.phase,
    beat,
  };
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** A kept drill's answers as written, or an error naming what is not one. */
function keptAnswers(x: unknown): DrillKept['answers'] {
  if (!Array.isArray(x) || x.length > DRILL_LENGTH) throw new Error(`no list of answers`);
  return x.map((a: unknown, i) => {
    if (
      !isRecord(a) ||
      typeof a.kind !== 'string' ||
      typeof a.key !== 'string' ||
      typeof a.given !== 'string'
    )
      throw new Error(`answer ${i + 1} is not an answer`);
    return { kind: a.kind as DrillKind, key: a.key, given: a.given };
  });
}

/** The score of a kept drill's answers (right of answered), or null when it holds no answers to count. */
export function keptScore(x: unknown): { right: number; of: number } | null {
  try {
    const answers = keptAnswers(isRecord(x) ? x.answers : null);
    return answers.length
      ? { right: answers.filter((a) => a.given === a.key).length, of: answers.length }
      : null;
  } catch {
    return null;
  }
}

/**
 * The run a kept drill was, dealt again and its answers replayed; an error naming what is wrong when the
 * record is not a drill's, or when a situation dealt now is not the one answered (another version of the
 * app deals others from the same seed).
 */
export function resumeDrill(x: unknown): { run: DrillRun; beat: number | null } {
  if (!isRecord(x)) throw new Error('no drill was kept');
  const { seed, levels, phase, beat } = x;
  if (typeof seed !== 'string' || !SEED.test(seed)) throw new Error('its seed is not one');
  const okLevels =
    levels === null ||
    (Array.isArray(levels) &&
      levels.length === DRILL_LENGTH &&
      levels.every((l) => Number.isInteger(l) && l >= 1 && l <= TOP_LEVEL));
  if (!okLevels) throw new Error('its levels are not ten levels');
  if (beat !== null && !(Number.isInteger(beat) && (beat as number) >= 0 && (beat as number) <= DRILL_LENGTH))
    throw new Error('its score to beat is not one');
  const answers = keptAnswers(x.answers);
  const n = answers.length;
  const phaseFits =
    (phase === 'ask' && n < DRILL_LENGTH) ||
    (phase === 'shown' && n >= 1) ||
    (phase === 'done' && n === DRILL_LENGTH);
  if (!phaseFits) throw new Error(`${n} answers do not fit its phase`);
  let run = startDrill(seed, levels as number[] | null);
  answers.forEach((a, i) => {
    if (i > 0) run = nextSituation(run);
    const s = run.situation;
    if (s.kind !== a.kind || s.answer !== a.key || !s.choices.some((c) => c.value === a.given))
      throw new Error(`question ${i + 1} is dealt differently by this version of the app`);
    run = answerDrill(run, a.given);
  });
  if (n && phase !== 'shown') run = nextSituation(run);
  return { run, beat: beat as number | null };
}
