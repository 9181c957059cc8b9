/**
 * `grazing` lists pieces a line only touches: a piece that one line crosses (blocking,
 * obstructing or dust) is never also listed as grazed because the other line touches it.
 * Found on the shared campaign example: vsd.front -> neb.rear, whose range line touches neb.right
 * while its line of sight crosses neb.right.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../../support/shared';
import { parseTableText } from '../../../src/model/table';
import { analyze } from '../../../src/rules/report/analyze';

const files = [
  '../shared/tables/example-campaign.json',
  '../shared/tables/example-core.json',
  'test/tables/attacks-fleet.json',
  'test/tables/attacks-dust.json',
].filter(existsSync);

describe('grazing excludes crossed pieces', () => {
  it.each(files)('%s', (file) => {
    const report = analyze(parseTableText(readFileSync(file, 'utf8')));
    for (const a of report.attacks) {
      const crossed = new Set([
        ...a.obstructedBy,
        ...((a.blockedBy as string[] | undefined) ?? []),
        ...((a.dustBy as string[] | undefined) ?? []),
      ]);
      for (const g of a.grazing) expect(crossed.has(g), `${a.attacker} -> ${a.defender}: ${g}`).toBe(false);
    }
    expect(report.attacks.length).toBeGreaterThan(0);
  });

  it('the campaign example case: neb.right crossed by the line of sight, touched by the range line', () => {
    const file = '../shared/tables/example-campaign.json';
    if (!sharedFile('tables/example-campaign.json', 'the campaign example case')) return;
    const report = analyze(parseTableText(readFileSync(file, 'utf8')));
    const a = report.attacks.find((x) => x.attacker === 'vsd.front' && x.defender === 'neb.rear')!;
    expect(a.los).toBe('blocked');
    expect(a.blockedBy).toContain('neb.right');
    expect(a.grazing).not.toContain('neb.right');
    expect(a.why).not.toMatch(/only touches neb\.right/);
  });
});
