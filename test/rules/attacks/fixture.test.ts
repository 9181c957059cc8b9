/**
 * test/tables/attacks-dust.json: two dust fields with known answers, through analyze().
 * - a.front -> b.front runs x = 500 across dust-under-c, which lies wholly under the third ship c
 *   where the line crosses it: a third ship covering a dust field does not help (dust), and c's
 *   base obstructs as well.
 * - d.front -> e.front runs x = 900 across dust-under-e only where e's plastic base covers it
 *   (the defender overlaps the dust and the line misses its visible portion): the attack is allowed;
 *   but the dust reaches under e's front shield dial, which the line passes through, so under the
 *   seed ruleset the 1.5 dial rule obstructs it (the reading `dustDial` says so), and under 1.6 it is clear.
 *   The construction of both is checked in los-dust.test.ts (same offsets from the ships).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseTableText } from '../../../src/model/table';
import { analyze } from '../../../src/rules/report/analyze';

it('the dust fixture gives its known answers', () => {
  const report = analyze(parseTableText(readFileSync('test/tables/attacks-dust.json', 'utf8')));
  const find = (a: string, d: string) => report.attacks.find((x) => x.attacker === a && x.defender === d)!;
  const ab = find('a.front', 'b.front');
  expect([ab.los, ab.dustBy, ab.obstructedBy]).toEqual(['dust', ['dust-under-c'], ['c']]);
  const de = find('d.front', 'e.front');
  expect([de.los, de.obstructedBy, de.grazing]).toEqual(['obstructed', ['dust-under-e'], []]);
  expect(de.why).toMatch(/through e.front's shield dial, which overlaps dust-under-e \(rules 1.5\)/);
  expect(de.readings).toEqual([
    expect.objectContaining({ reading: 'dustDial', value: 'defender', otherwise: 'clear' }),
  ]);
  const t16 = {
    ...parseTableText(readFileSync('test/tables/attacks-dust.json', 'utf8')),
    ruleset: '1.6' as const,
  };
  const de16 = analyze(t16).attacks.find((x) => x.attacker === 'd.front' && x.defender === 'e.front')!;
  expect([de16.los, de16.obstructedBy, de16.readings]).toEqual(['clear', [], undefined]);
  expect(de16.why).toMatch(/only where e's plastic base covers it/);
  // c is player 1's ship: it attacks b too, and never obstructs its own attack
  const cb = find('c.left', 'b.front');
  expect(cb.obstructedBy).not.toContain('c');
});
