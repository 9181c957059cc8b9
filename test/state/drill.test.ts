/** A drill as it runs: answers recorded, levels adapting or fixed by a race link, the link read back. */
import { describe, expect, it } from 'vitest';
import {
  answerDrill,
  DRILL_LENGTH,
  drillFromHash,
  drillHash,
  type DrillRun,
  keptDrill,
  keptScore,
  nextSituation,
  resumeDrill,
  startDrill,
} from '../../src/state/drill';

function play(run: DrillRun, right: (i: number) => boolean): DrillRun {
  while (run.phase !== 'done') {
    const s = run.situation;
    const given = right(run.index) ? s.answer : s.choices.find((c) => c.value !== s.answer)!.value;
    run = nextSituation(answerDrill(run, given));
  }
  return run;
}

describe('a drill run', () => {
  it('ten situations; every answer right climbs the levels to the top', () => {
    const run = play(startDrill('climb'), () => true);
    expect(run.answers).toHaveLength(DRILL_LENGTH);
    expect(run.answers.every((a) => a.right)).toBe(true);
    expect(run.answers.map((a) => a.level)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('a wrong range answer is recorded by what it missed: the way to the band named', () => {
    let run = startDrill('miss', null, 4);
    while (run.situation.kind !== 'range' || !run.situation.attacker.includes('.')) {
      run = nextSituation(answerDrill(run, run.situation.answer));
    }
    const s = run.situation;
    const ends = s.range!.bands.map((b) => b.end);
    // the band two away from the answer (or one, at an end of the ruler): never the edge asked about
    const k = s.choices.findIndex((c) => c.value === s.answer);
    const far = s.choices[k >= 2 ? 0 : 3];
    const a = answerDrill(run, far.value).answers.at(-1)!;
    const lo = k >= 2 ? 0 : ends[2];
    const want = k >= 2 ? s.range!.mm - ends[0] : lo - s.range!.mm;
    expect(a.right).toBe(false);
    expect(a.marginMm).toBeCloseTo(want, 2);
    expect(a.marginMm).toBeGreaterThan(s.marginMm + 10);
  });

  it('a wrong answer takes the level down', () => {
    const run = play(startDrill('fall', null, 3), (i) => i !== 1);
    expect(run.answers.map((a) => a.level).slice(0, 3)).toEqual([3, 3, 2]);
  });

  it('a race link deals the same ten situations to a friend, whatever the friend answers', () => {
    const mine = play(startDrill('race1'), (i) => i % 3 !== 0);
    const link = drillHash(mine);
    const right = mine.answers.filter((a) => a.right).length;
    expect(link).toBe(`#drill=race1&levels=${mine.answers.map((a) => a.level).join('')}&beat=${right}`);
    const read = drillFromHash(link)!;
    const theirs = play(startDrill(read.seed, read.levels), () => true);
    expect(theirs.answers.map((a) => [a.kind, a.answer, a.marginMm])).toEqual(
      mine.answers.map((a) => [a.kind, a.answer, a.marginMm]),
    );
  });

  it('a broken drill link is refused naming what is wrong; another link is no drill link', () => {
    expect(() => drillFromHash('#drill=bad seed!')).toThrow(/seed/);
    expect(() => drillFromHash('#drill=ok&levels=12')).toThrow(/10 digits from 1 to 5/);
    expect(() => drillFromHash('#drill=ok&levels=1234567890')).toThrow(/levels/);
    expect(drillFromHash('#tz=abc')).toBeNull();
    expect(drillFromHash('#drill=ok')).toEqual({ seed: 'ok', levels: null });
    expect(drillFromHash('#drill=ok&levels=1122334455&beat=7')).toEqual({
      seed: 'ok',
      levels: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
      beat: 7,
    });
    expect(() => drillFromHash('#drill=ok&beat=11')).toThrow(/score to beat/);
  });

  it('an answer not offered is refused; a second answer changes nothing', () => {
    const run = startDrill('once');
    expect(() => answerDrill(run, 'sideways')).toThrow(/not one of/);
    const shown = answerDrill(run, run.situation.choices[0].value);
    expect(answerDrill(shown, run.situation.choices[1].value)).toBe(shown);
  });
});

describe('a drill kept across a reload', () => {
  /** the run after k answers (right on even questions), asked the next, or shown the k-th */
  function after(seed: string, k: number, shown: boolean, levels: number[] | null = null): DrillRun {
    let run = startDrill(seed, levels);
    for (let i = 0; i < k; i++) {
      const s = run.situation;
      run = answerDrill(run, i % 2 ? s.choices.find((c) => c.value !== s.answer)!.value : s.answer);
      if (i < k - 1 || !shown) run = nextSituation(run);
    }
    return run;
  }
  /** what a reload reads back: the record through JSON, as session storage holds it */
  const reread = (run: DrillRun, beat: number | null = null) =>
    JSON.parse(JSON.stringify(keptDrill(run, beat)));

  it('is the same run at every point: asked, shown, done, adapting or a race', () => {
    for (const [k, shown] of [
      [0, false],
      [4, false],
      [5, true],
      [10, false],
    ] as const) {
      const run = after('kept', k, shown);
      expect(resumeDrill(reread(run, 6))).toEqual({ run, beat: 6 });
      const race = after('race', k, shown, [5, 4, 3, 2, 1, 1, 2, 3, 4, 5]);
      expect(resumeDrill(reread(race)).run).toEqual(race);
    }
    expect(after('kept', 10, false).phase).toBe('done');
  });

  it('counts the score so far from the record alone (what a drill that cannot be resumed says)', () => {
    expect(keptScore(reread(after('kept', 5, true)))).toEqual({ right: 3, of: 5 });
    expect(keptScore(reread(after('kept', 0, false)))).toBeNull();
    expect(keptScore('garbage')).toBeNull();
  });

  it('is refused naming what is wrong: a record that is none, a question dealt differently now', () => {
    const k = reread(after('kept', 4, false));
    expect(() => resumeDrill(null)).toThrow(/no drill/);
    expect(() => resumeDrill({ ...k, seed: 'bad seed!' })).toThrow(/seed/);
    expect(() => resumeDrill({ ...k, levels: [1, 2] })).toThrow(/levels/);
    expect(() => resumeDrill({ ...k, phase: 'done' })).toThrow(/4 answers do not fit/);
    expect(() => resumeDrill({ ...k, answers: [{ kind: 'arc' }] })).toThrow(/answer 1 is not/);
    const other = k.answers.map((a: { key: string }, i: number) =>
      i === 2 ? { ...a, key: 'elsewhere' } : a,
    );
    expect(() => resumeDrill({ ...k, answers: other })).toThrow(/question 3 is dealt differently/);
  });
});
