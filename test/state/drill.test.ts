/** A drill as it runs: answers recorded, levels adapting or fixed by a race link, the link read back. */
import { describe, expect, it } from 'vitest';
import {
  answerDrill,
  DRILL_LENGTH,
  drillFromHash,
  drillHash,
  type DrillRun,
  nextSituation,
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
