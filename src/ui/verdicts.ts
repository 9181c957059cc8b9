import { TOLERANCE_MM } from '../geometry/tolerance';
import type { ClassEditUse, ReadingUse, Report } from '../model/report';
import { cutSections, type PartialNote } from '../rules/report/budget';
import type { LiveAnalysis } from '../state/analysis';
import type { AppState } from '../state/store';
import { escapeHtml as e } from './dom';

/** The most attacks the panel lists at once (the demo table has 450). */
export const MAX_LISTED = 500;
/** The most overlaps (and collisions) it lists: a handful on a real table, thousands on a pile. */
export const MAX_LISTED_PAIRS = 100;
/**
 * The most text the attack list holds at once (characters of HTML; the demo table's 450 attacks
 * are some 250,000). On a pile of 200 pieces one attack's sentence names every piece its line
 * crosses, some 18,000 characters: 500 of them took seconds of layout at every refresh.
 * "Show more" lists as many again.
 */
export const MAX_LISTED_CHARS = 400_000;

/** How many pages of attacks the list shows ("Show more" adds one); back to one for a new report. */
let pages = 1, pagesOf: Report | null = null;
/** The "Show more" button was pressed: the next refresh lists another page of attacks. */
export function showMoreAttacks() {
  pages++;
}

const f2 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : (Math.round(v * 100) / 100).toFixed(2));

/** The verdict panel: every reported overlap, attack and campaign verdict, as selectable DOM text. */
export function renderVerdicts(host: HTMLElement, state: AppState, a: LiveAnalysis, onlySelected: boolean, extra: string) {
  const r: Report = a.report;
  if (r !== pagesOf) { pagesOf = r; pages = 1; }
  const parts: string[] = [];
  parts.push(`<p class="meta">Ruleset <b>${r.ruleset === 'seed' ? '1.5' : e(r.ruleset)}</b> · tolerance <b data-tolerance="${TOLERANCE_MM}">${TOLERANCE_MM} mm</b> (touching and grazing) · analysed in ${a.ms.toFixed(1)} ms${a.live ? (state.gestureStart ? ' · <i>moving: only the selected attacker\'s attacks are judged until you let go</i>' : ' · <i>judging every attack…</i>') : state.gestureStart ? ' · <i>moving: every attack is judged again at each step</i>' : ''}</p>`);
  parts.push(`<h3>Overlaps <span class="count">${r.overlaps.length}</span></h3><ul class="overlaps">`);
  for (const o of r.overlaps.length > MAX_LISTED_PAIRS ? r.overlaps.slice(0, MAX_LISTED_PAIRS) : r.overlaps) {
    parts.push(`<li class="overlap" data-piece="${e(o.piece)}" data-obstacle="${e(o.obstacle)}"><b>${e(o.piece)}</b> overlaps <b>${e(o.obstacle)}</b>: ${e(o.effect)}${o.why ? `<div class="why">${e(o.why)}</div>` : ''}</li>`);
  }
  if (!r.overlaps.length) parts.push('<li class="none">No piece overlaps an obstacle.</li>');
  if (r.overlaps.length > MAX_LISTED_PAIRS) parts.push(`<li class="none more">… and ${r.overlaps.length - MAX_LISTED_PAIRS} more overlaps.</li>`);
  const overlapsCut = (r.partial as PartialNote | undefined)?.sections?.overlaps;
  if (overlapsCut) parts.push(`<li class="none partial">Overlaps judged for ${overlapsCut.judged} of ${overlapsCut.asked} pairs of a piece and an obstacle before the budget ran out; the rest are not listed.</li>`);
  parts.push('</ul>');
  parts.push(extra);
  if (r.rift.length) {
    parts.push('<h3>Gravity rift</h3><ul class="rift">');
    for (const x of r.rift) parts.push(`<li data-ship="${e(x.ship)}" data-band="${x.band}"><b>${e(x.ship)}</b> at distance ${x.band}: ${e(x.effects.join('; '))}</li>`);
    parts.push('</ul>');
  }
  if (r.exogorths.length) {
    parts.push('<h3>Exogorths</h3><ul class="exogorths">');
    for (const x of r.exogorths) {
      parts.push(`<li data-exogorth="${e(x.exogorth)}" data-squadron="${e(x.squadron)}" data-los="${e(x.los)}"><b>${e(x.exogorth)}</b> → <b>${e(x.squadron)}</b>: ${f2(x.mm)} mm, ${x.attacks ? 'attacks' : 'does not attack'}, line of sight ${e(x.los)}${readingMarker(x.readings as ReadingUse[] | undefined)}</li>`);
    }
    parts.push('</ul>');
  }
  if (r.proposals.length) {
    parts.push('<h3>Proposals</h3><ul class="proposals">');
    for (const p of r.proposals) {
      parts.push(`<li data-proposal="${e(p.id)}" data-legal="${p.legal}"><b>${e(p.id)}</b>: ${p.legal ? 'legal' : 'not legal'}`);
      if (p.violations.length) {
        parts.push('<ul>');
        for (const v of p.violations) parts.push(`<li class="violation">${e(v.rule)}${v.with ? ` (${e(v.with)})` : ''}${v.gapMm !== null ? `, ${f2(v.gapMm)} mm` : ''}</li>`);
        parts.push('</ul>');
      }
      if (p.displaced?.length) {
        const to = p.placements ?? {};
        parts.push(`<div>displaces ${e(p.displaced.join(', '))}${Object.keys(to).length ? `; they could go to ${Object.entries(to).map(([id, q]) => `${e(id)} (${f2(q.x)}, ${f2(q.y)})`).join(', ')}` : ''}</div>`);
      }
      if (typeof p.why === 'string') parts.push(`<div class="why">${e(p.why)}</div>`);
      parts.push('</li>');
    }
    parts.push('</ul>');
  }
  // While a piece moves every attack is judged, but only the selected attacker's are listed (a
  // list of them all, each with its sentence, would cost more than the judging).
  const moving = !!state.gestureStart;
  const mine = () => r.attacks.filter((x) => x.attacker === state.attacker);
  const attacks = moving ? (state.attacker ? mine() : []) : onlySelected && state.attacker ? mine() : r.attacks;
  parts.push(`<h3>Attacks <span class="count">${attacks.length}${attacks.length !== r.attacks.length ? ` of ${r.attacks.length}` : ''}</span></h3><ul class="attacks">`);
  // a listing bounded whatever the table, in entries and in text: thousands of entries with their
  // sentences would stall every refresh
  let listedCount = 0, chars = 0;
  for (const x of attacks) {
    if (listedCount >= MAX_LISTED * pages || chars >= MAX_LISTED_CHARS * pages) break;
    listedCount++;
    const sel = x.attacker === state.attacker ? ' selected' : '';
    const at = parts.length;
    parts.push(
      `<li class="attack los-${e(x.los)}${x.inArc ? '' : ' out-of-arc'}${sel}" data-attacker="${e(x.attacker)}" data-defender="${e(x.defender)}" data-los="${e(x.los)}" data-range="${e(x.range)}" data-in-arc="${x.inArc}">` +
        `<b>${e(x.attacker)}</b> → <b>${e(x.defender)}</b>: ${x.inArc ? 'in arc' : 'not in arc'}, ${e(x.range)} (${f2(x.rangeMm)} mm), line of sight <b class="los">${e(x.los)}</b>` +
        (x.obstructedBy.length ? ` by ${e(x.obstructedBy.join(', '))}` : '') +
        (x.grazing.length ? `; grazing ${e(x.grazing.join(', '))}` : '') +
        readingMarker(x.readings) + classEditMarker(x.classEdit) +
        `<div class="why">${e(x.why)}</div></li>`,
    );
    chars += parts[at].length;
  }
  if (listedCount < attacks.length) {
    const more = attacks.length - listedCount;
    parts.push(`<li class="none more" data-more="${more}">… and ${more} more: select a hull zone or squadron, with "only the selected attacker", to list its attacks,` +
      ` or <button class="show-more" title="list more attacks (a long list takes a moment to draw)">Show more</button></li>`);
  }
  if (r.partial) {
    const p = r.partial as PartialNote;
    parts.push(`<li class="none partial">This table is too heavy to judge whole here: ${Number(p.attacksJudged)} of ${Number(p.attacksAsked)} attacks were judged within the budget` +
      ` (sections cut: ${e(cutSections(p))}); the command-line analysis (--budget) can judge them all.</li>`);
  }
  if (!r.attacks.length) parts.push('<li class="none">No attack reported (the attack rules may not be loaded yet).</li>');
  else if (moving && !state.attacker) parts.push('<li class="none">Every attack is being judged; they are listed when you let go (select a hull zone or squadron to follow its attacks while moving).</li>');
  parts.push('</ul>');
  host.innerHTML = parts.join('');
}

/** The marker on an attack that rests on a class this table corrects, and whether the catalog's figures differ. */
function classEditMarker(c: ClassEditUse | undefined): string {
  if (!c) return '';
  return `<div class="reading class-edit" data-class-edit="${e(c.classes.join(' '))}" data-changes="${c.changes}">✎ edited class ${e(c.classes.join(', '))}: ` +
    (c.changes ? `the catalog's figures give ${c.withCatalog.inArc ? 'in arc' : 'not in arc'}, ${e(c.withCatalog.range)}, line of sight ${e(c.withCatalog.los)}` : 'the catalog\'s figures give the same verdict') + '</div>';
}

/** The marker on a verdict a reading decided (the attack's or exogorth entry's `readings`): what the reading says and what the other choice gives. */
function readingMarker(readings: ReadingUse[] | undefined): string {
  if (!readings?.length) return '';
  return `<div class="reading" data-readings="${e(readings.map((u) => u.reading).join(' '))}">⚑ depends on a reading: ${readings.map((u) => `${e(u.says)} (otherwise ${e(u.otherwise)})`).join('; ')}</div>`;
}
