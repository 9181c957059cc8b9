/**
 * A judge-by-eye drill as it runs: ten situations dealt from a seed (src/rules/practice/drill.ts),
 * the player's answers, the level (adapting to the answers, or fixed by a race link so two players
 * get the same ten), and the link that replays it: `#drill=SEED&levels=3344455554`.
 */
import { dealSituation, type DrillSituation, missOf, TOP_LEVEL } from '../rules/practice/drill';
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
