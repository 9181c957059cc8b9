/**
 * A maneuver's answer in a player's words (the message line after it is executed, the verdict
 * block's lines): ships and named squadrons by their names (src/model/names.ts, from the table the
 * plan was made on), obstacles and unnamed squadrons by their ids. No DOM, no pixi.
 */
import { andList } from '../model/names';
import type { ManeuverReport } from '../rules/movement/maneuver';

/** Names for ids: the table's namer; an id it lacks stays itself. */
export type Say = (id: string) => string;

/** What executing a plan did, in words, for the message line. */
export function executedText(a: ManeuverReport, say: Say): string {
  const places = a.squadronsToMove
    .map((id) =>
      a.placements?.[id]
        ? `${say(id)} goes to (${a.placements[id].x.toFixed(2)}, ${a.placements[id].y.toFixed(2)})`
        : `${say(id)} has no place found: player ${a.placementsBy} places it touching the ship`,
    )
    .join('; ');
  const by = a.chosen?.length
    ? 'as player ' + a.placementsBy + ' placed them, the rest proposed'
    : "the rules' " + 'proposal';
  const damaged = a.damaged.map(say);
  return (
    `${say(a.ship)} executed speed ${a.speedUsed}${a.clicks.length ? `, clicks [${a.clicks.join(', ')}]` : ''}` +
    (a.leavesPlayArea ? ': its base ended outside the play area, so it is destroyed and removed.' : '.') +
    (damaged.length === 1 ? ` ${damaged[0]} is dealt a facedown damage card.` : '') +
    (damaged.length > 1 ? ` ${andList(damaged)} are each dealt a facedown damage card.` : '') +
    (a.obstacles.length ? ` ${a.obstacles.map((o) => `${o.obstacle}: ${o.effect}`).join('; ')}.` : '') +
    (a.squadronsToMove.length && !a.leavesPlayArea ? ` ${places} (${by}).` : '') +
    ' Undo takes it back.'
  );
}
