/** Answers to the table's proposals, one per proposal, by kind. */
import { speedChart } from '../../model/catalog';
import type { ProposalReport } from '../../model/report';
import type { Proposal } from '../../model/table';
import { judgeDeploy } from '../setup/deploy';
import { judgeExogorthPlacement } from '../campaign/exogorth';
import { judgeManeuver, judgeManeuverFan, type SpeedChart } from '../movement/maneuver';
import { judgeMove, judgePurrgilRound } from '../campaign/purrgil';
import { judgeComposition, judgeSetup } from '../setup/setup';
import { type Budget, settle } from './budget';
import type { World } from '../world';

/**
 * One proposal's answer; with a budget, a long one (a fan, a round, an exogorth's placements) may be cut
 * inside and says so.
 */
export function judgeProposal(world: World, p: Proposal, budget?: Budget): ProposalReport {
  switch (p.kind) {
    case 'place-exogorth':
      return judgeExogorthPlacement(world, p, budget);
    case 'move-obstacle':
      return judgeMove(world, p);
    case 'deploy':
      return judgeDeploy(world, p);
    case 'purrgil-round':
      return judgePurrgilRound(world, p, budget);
    case 'maneuver':
      return judgeManeuver(world, p, shipChart(world, p.ship));
    case 'maneuver-fan':
      return judgeManeuverFan(world, p, shipChart(world, p.ship), budget);
    case 'setup': {
      const v = judgeSetup(world, p.reading ?? 'core', p.edges ?? 'all');
      const composition = judgeComposition(world, p.composition, p.objectiveAdds);
      const legal = v.legal && composition.length === 0;
      return {
        id: p.id,
        kind: p.kind,
        legal,
        violations: [...v.violations, ...composition],
        reading: v.reading,
        edges: world.table.table === '3x3' ? v.edges : 'all',
        checked: v.checked,
        notChecked: v.notChecked,
        composition: p.composition ?? 'standard',
        why:
          (v.legal
            ? `The obstacles checked (${v.checked.join(', ') || 'none'}) are placed legally`
            : `The placement breaks ${v.violations.length} rule${v.violations.length === 1 ? '' : 's'}`) +
          ` under the ${v.reading === 'core' ? 'core rule' : 'campaign erratum'}` +
          (world.table.table === '3x3'
            ? `, with ${v.edges === 'all' ? 'all four edges' : "only the players' edges"} counting on 3'x3'`
            : '') +
          '.' +
          (v.notChecked.length
            ? ` Exogorths (${v.notChecked.join(', ')}) follow their own placement rule and were not checked.`
            : '') +
          (p.composition === 'free'
            ? ' The obstacle set was not checked (composition: free).'
            : composition.length
              ? ` The obstacle set is not a standard game's: ${composition.map((c) => c.rule).join('; ')}.`
              : ` The obstacle set is a standard game's` +
                `${p.objectiveAdds?.length ? `, with ${p.objectiveAdds.join(', ')} added by the objective` : ''}.`),
      };
    }
  }
}

/** The speed chart of a ship's class (the catalog's); null for a ship without a class. */
export function shipChart(world: World, shipId: string): SpeedChart | null {
  const e = world.byId.get(shipId);
  return e?.kind === 'ship' ? speedChart(world.catalog, e.piece.class) : null;
}

export function proposals(world: World, budget?: Budget): ProposalReport[] {
  if (!budget) return world.table.proposals.map((p) => judgeProposal(world, p));
  const out: ProposalReport[] = [];
  budget.proposalsAsked += world.table.proposals.length;
  for (const p of world.table.proposals) {
    if (budget.over()) {
      budget.proposalsNotJudged.push(p.id);
      continue;
    }
    const r = judgeProposal(world, p, budget);
    // what a proposal works out when first read (a maneuver's sentence, an overlap's depth) is
    // worked out now, inside the budget, not while the report is written
    settle(r);
    out.push(r);
  }
  return out;
}
