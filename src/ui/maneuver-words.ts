/**
 * A maneuver's answer in a player's words (the message line after it is executed, the verdict
 * block's lines): ships and named squadrons by their names (src/model/names.ts, from the table the
 * plan was made on), obstacles and unnamed squadrons by their ids. No DOM, no pixi.
 */
import { andList } from '../model/names';
import { riftEdgeWords } from '../rules/campaign/rift';
import { restsWords } from '../rules/overlap-words';
import { maneuverCalls, maneuverOutcome, type ManeuverReport } from '../rules/movement/maneuver';
import { OUTCOME_COLOUR } from '../state/overlays/maneuver';
import { css } from '../render/colours';
import { capText, escapeHtml as e } from './dom';

/** Names for ids: the table's namer; an id it lacks stays itself. */
export type Say = (id: string) => string;

/** A joint's clicks as the plan shows them: 1R, 2L, or a dash for straight. */
export const clickWord = (c: number) => (c > 0 ? `${c}R` : c < 0 ? `${-c}L` : '–');

/** Every joint's clicks as the plan shows them: "joints 1: –, 2: 1R" (empty for speed 0). */
export const jointsWords = (clicks: readonly number[]) =>
  clicks.length ? `joints ${clicks.map((c, j) => `${j + 1}: ${clickWord(c)}`).join(', ')}` : '';

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
    // the joints as the plan showed them (joint 1: straight, joint 2: one click right)
    `${say(a.ship)} executed speed ${a.speedUsed}` +
    (a.clicks.length ? ` (${jointsWords(a.clicks)})` : '') +
    (a.leavesPlayArea ? ': its base ended outside the play area, so it is destroyed and removed.' : '.') +
    (damaged.length === 1 ? ` ${damaged[0]} is dealt a facedown damage card.` : '') +
    (damaged.length > 1 ? ` ${andList(damaged)} are each dealt a facedown damage card.` : '') +
    (a.obstacles.length ? ` ${a.obstacles.map((o) => `${o.obstacle}: ${o.effect}`).join('; ')}.` : '') +
    (a.squadronsToMove.length && !a.leavesPlayArea ? ` ${places} (${by}).` : '') +
    ' Undo takes it back.'
  );
}

export const OUTCOME_TEXT = {
  clean: 'clean',
  obstacle: 'on an obstacle',
  ship: 'hits a ship',
  'off-table': 'off the table',
} as const;

/**
 * How far a maneuver turned the ship, as a player says it: "turned 22.50° right", "facing as it started"
 * (rotations counter-clockwise, so a positive change is a turn to the left).
 */
export function turnWords(startDeg: number, endDeg: number): string {
  const d = ((((endDeg - startDeg) % 360) + 540) % 360) - 180;
  if (Math.abs(d) < 0.005) return 'facing as it started';
  return `turned ${Math.abs(d).toFixed(2)}° ${d > 0 ? 'left' : 'right'}`;
}

/**
 * The verdict block of a planned maneuver: its outcome (and "too close to call" when a margin is under the
 * placement precision), where it ends and how it turned (`startDeg`: the ship's rotation before it), what it
 * lands on or ends within 1 mm of (ships by name), then the rules' full account.
 */
export function verdictHtml(
  answer: ManeuverReport,
  say: Say,
  precisionMm: number,
  startDeg?: number,
): string {
  const o = maneuverOutcome(answer);
  const f2 = (v: number) => v.toFixed(2);
  // a margin under the placement precision: the outcome could go either way with real pieces and a real tool
  const tooClose = ` (too close to call at ${f2(precisionMm)} mm placement precision)`;
  // which margins the rules call too close at this precision (a rift's band end also within its measured spread)
  const calls = maneuverCalls(answer, precisionMm);
  const rc = answer.riftCall;
  const riftClose = calls.rift;
  const close = calls.any;
  return (
    `<p style="border-left:4px solid ${css(OUTCOME_COLOUR[o])};padding-left:6px"><b>${e(OUTCOME_TEXT[o])}</b` +
    `>${close ? ' · <b class="close-call">too close to call</b>' : ''}` +
    `${answer.legal ? '' : ' · <b>not allowed by the speed chart</b>'}: ` +
    `ends at (${f2(answer.final.x)}, ${f2(answer.final.y)}), ` +
    (startDeg === undefined
      ? `rotation ${f2(answer.final.rotation)}°`
      : `${turnWords(startDeg, answer.final.rotation)} (rotation ${f2(answer.final.rotation)}°)`) +
    (answer.speedUsed !== answer.speed
      ? ` · speed ${answer.speed} → ${answer.speedUsed} (gravity rift)`
      : '') +
    '</p><ul>' +
    (rc
      ? `<li data-rift-call="${e(rc.rift)}" data-side="${rc.nearEnd.side}" data-close="${riftClose}">` +
        `gravity rift: ${e(riftEdgeWords(rc.nearEnd, rc.mm, rc.rift, false))}` +
        (riftClose ? (rc.nearEnd.inSpread ? ' (too close to call)' : tooClose) : '') +
        `; read ${rc.nearEnd.side === 'within' ? 'beyond' : 'at'} distance 2: speed ${rc.otherwise.speedUsed}, ` +
        `${OUTCOME_TEXT[rc.otherwise.outcome]}${rc.otherwise.legal ? '' : ', not allowed by the speed chart'}</li>`
      : '') +
    answer.violations.map((v) => `<li class="violation">${e(v.rule)}</li>`).join('') +
    answer.obstacles
      .map(
        (x, i) =>
          `<li data-obstacle="${e(x.obstacle)}"${x.restsOn ? ` data-rests-on="${e(x.restsOn.figure)}"` : ''}` +
          `${x.baseGapMm !== undefined ? ` data-base-gap="${f2(x.baseGapMm)}"` : ''}>` +
          `${e(x.obstacle)}: ${e(x.effect)} ` +
          // only a frame on it: how far the plastic base stops short, and that the frame's size is an estimate
          (x.part === 'base'
            ? `(base ${f2(x.depthMm)} mm in)`
            : `(only a dial frame ${f2(x.depthMm)} mm in` +
              (x.baseGapMm !== undefined
                ? `; the plastic base stops ${f2(x.baseGapMm)} mm short of it`
                : '') +
              ')') +
          `${calls.obstacles[i] ? tooClose : ''}` +
          (x.restsOn ? `; ${e(restsWords(x.restsOn))}` : '') +
          '</li>',
      )
      .join('') +
    // what it ends within 1 mm of: a miss the player sees, not only in the full explanation
    answer.nearMisses
      .map(
        (n, i) =>
          `<li data-near="${e(n.piece)}">ends ${f2(n.gapMm)} mm clear of ${e(say(n.piece))}` +
          `${calls.misses[i] ? tooClose : ''}</li>`,
      )
      .join('') +
    (answer.movedBack
      ? `<li data-ships="${e(answer.shipsOverlapped.join(','))}">would overlap ` +
        `${e(answer.shipsOverlapped.map(say).join(', '))}: moves back ` +
        `${answer.movedBack} joint${answer.movedBack === 1 ? '' : 's'}; ` +
        `facedown damage to ${e(andList(answer.damaged.map(say)))}</li>`
      : '') +
    (answer.squadronsToMove.length
      ? `<li data-squadrons="${e(answer.squadronsToMove.join(','))}">squadrons to move: ` +
        `${e(answer.squadronsToMove.map(say).join(', '))}</li>`
      : '') +
    (answer.leavesPlayArea
      ? `<li>base ${f2(answer.outsideMm)} mm outside the play area: destroyed</li>`
      : '') +
    // the rules' full account, by ids as the report gives it: the lines above name the pieces
    `</ul><details class="hint why"><summary>The full explanation</summary>${e(capText(answer.why))}</details>`
  );
}
