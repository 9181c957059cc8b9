import { TOLERANCE_MM } from '../geometry/tolerance';
import type { AttackReport, ClassEditUse, ReadingUse, Report, RiftEdge, Violation } from '../model/report';
import { namerOf } from '../model/names';
import { violationWordsBy } from '../rules/violation-words';
import type { Table } from '../model/table';
import { attacksOf } from '../rules/attacks/table';
import { type OverlapCall, overlapCalls } from '../rules/overlap-words';
import { cutSections, type PartialNote } from '../rules/report/budget';
import type { World } from '../rules/world';
import { LIVE_PIECES, type LiveAnalysis } from '../state/analysis';
import type { AppState } from '../state/store';
import { capText, escapeHtml as e } from './dom';
import { oneTextEdit, type TextEdit, textsIfSameTags } from './text-patch';
import morphdom from 'morphdom';

/** The most attacks the panel lists at once (the demo table has 450). */
export const MAX_LISTED = 500;
/** The most overlaps (and collisions) it lists (the campaign overlays' panel lists as many). */
export { MAX_LISTED_PAIRS } from '../state/overlays/model';
import { MAX_LISTED_PAIRS } from '../state/overlays/model';
/**
 * The most text the attack list holds at once (characters of HTML; the demo table's 450 attacks
 * are some 250,000). On a pile of 200 pieces one attack's sentence names every piece its line
 * crosses, some 18,000 characters: 500 of them took seconds of layout at every refresh.
 * "Show more" lists as many again.
 */
export const MAX_LISTED_CHARS = 400_000;

/** How many pages of attacks the list shows ("Show more" adds one); back to one for a new report. */
let pages = 1,
  pagesOf: Report | null = null;
/** The "Show more" button was pressed: the next refresh lists another page of attacks. */
export function showMoreAttacks() {
  pages++;
}

const f2 = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : (Math.round(v * 100) / 100).toFixed(2);

/**
 * The panel's parts, kept between refreshes: each part's HTML is compared with what it shows and
 * written only when it changed; the attack list is kept entry by entry (see KeyedList).
 */
interface Parts {
  meta: HTMLElement;
  overlaps: HTMLElement;
  extra: HTMLElement;
  campaign: HTMLElement;
  head: HTMLElement;
  list: KeyedList;
}
const partsOf = new WeakMap<HTMLElement, Parts>();

function panelParts(host: HTMLElement): Parts {
  let p = partsOf.get(host);
  if (p && p.meta.parentNode === host) return p;
  host.replaceChildren();
  const div = (part: string) => {
    const d = document.createElement('div');
    d.dataset.part = part;
    host.append(d);
    return d;
  };
  const meta = div('meta'),
    overlaps = div('overlaps'),
    extra = div('extra'),
    campaign = div('campaign'),
    head = div('attacks-head');
  const ul = document.createElement('ul');
  ul.className = 'attacks';
  host.append(ul);
  partsOf.set(host, (p = { meta, overlaps, extra, campaign, head, list: new KeyedList(ul) }));
  return p;
}

/**
 * Set an element's HTML when it differs from what it was last given, changing the elements in place
 * (morphdom): a button whose words or attributes did not change stays the same element, so a press on it
 * that a refresh (the worker's answer, the rest after a drag) falls between still makes a click.
 */
export function setHtml(el: HTMLElement, html: string) {
  const last = (el as { __html?: string }).__html;
  if (last === html) return;
  (el as { __html?: string }).__html = html;
  if (last === undefined || !el.firstChild) el.innerHTML = html;
  else {
    // text alone changed (a drag step's timing line): written into the text nodes, not parsed
    const texts = oneTextEdit(last, html) ?? textsIfSameTags(last, html);
    if (!texts || !writeTexts(el, texts)) morphdom(el, `<div>${html}</div>`, { childrenOnly: true });
  }
}

/** The opening of an attack entry's button: its pair, which opens the attack (src/main.ts). */
const PICK = '<button type="button" class="pick">';

/**
 * A list whose entries are kept by key: an entry whose HTML is unchanged keeps its element (no
 * parsing, no layout of a new node); a changed one is replaced; the order follows the entries.
 */
export class KeyedList {
  private items = new Map<string, { el: Element; html: string }>();
  private tpl = document.createElement('template');
  constructor(readonly ul: HTMLElement) {}

  private batch = document.createElement('template');

  /**
   * The entries to parse (new ones, and changed ones whose text alone did not change), parsed together:
   * one parse, not one per entry. Entries with a button are left to morphdom (a press on it survives), but for
   * an attack's pair (a press on it is the entry's click, as when the entry had no button).
   */
  private parseChanged(
    keys: string[],
    htmls: string[],
    texts: (string[] | TextEdit | null)[],
  ): Map<number, Element> {
    const at: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      const it = this.items.get(keys[i]);
      const h = htmls[i];
      if (it?.html === h || texts[i] || h.indexOf('<button') !== h.indexOf(PICK)) continue;
      at.push(i);
    }
    const out = new Map<number, Element>();
    if (at.length < 2) return out;
    this.batch.innerHTML = at.map((i) => htmls[i]).join('');
    const els = this.batch.content.children;
    // one element per entry, or each entry parsed alone as before
    if (els.length === at.length) for (let k = 0; k < at.length; k++) out.set(at[k], els[k]);
    return out;
  }

  /** Every entry parsed again from its HTML (see reparseVerdictList). */
  reparse() {
    // in the list's order
    const byEl = new Map([...this.items].map(([key, it]) => [it.el, { key, html: it.html }]));
    const order = [...this.ul.children].flatMap((el) => byEl.get(el) ?? []);
    const keys = order.map((o) => o.key),
      htmls = order.map((o) => o.html);
    this.items.clear();
    this.ul.replaceChildren();
    for (let i = 0; i < keys.length; i++) {
      this.tpl.innerHTML = htmls[i];
      const el = this.tpl.content.firstElementChild!;
      this.ul.append(el);
      this.items.set(keys[i], { el, html: htmls[i] });
    }
  }

  /**
   * The list's entries are now `htmls`, by `keys`. The keyboard's focus in an entry stays with that entry's
   * control when the entry is written anew (a new report, the list filtered), else goes to one of the selected
   * attacker's.
   */
  update(keys: string[], htmls: string[]) {
    const focused = this.focusedKey();
    this.write(keys, htmls);
    if (focused !== null && !this.ul.contains(document.activeElement)) this.refocus(focused);
  }

  /** The key of the entry holding the keyboard's focus (null: none). */
  private focusedKey(): string | null {
    const at = document.activeElement;
    if (!at || !this.ul.contains(at)) return null;
    for (const [key, it] of this.items) if (it.el.contains(at)) return key;
    return null;
  }

  /** The focus on the control of the entry `key`, or of the selected attacker's first when that one is gone. */
  private refocus(key: string) {
    const el = this.items.get(key)?.el ?? this.ul.querySelector('.selected');
    el?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  }

  private write(keys: string[], htmls: string[]) {
    // an entry whose text alone changed (a drag step's figures) has its text nodes written in place; the
    // rest are parsed: when most are (a new report from the worker), one parse of the whole list is cheaper
    const texts: (string[] | TextEdit | null)[] = new Array(keys.length);
    let fresh = 0;
    for (let i = 0; i < keys.length; i++) {
      const it = this.items.get(keys[i]);
      if (it?.html === htmls[i]) continue;
      texts[i] = it ? (oneTextEdit(it.html, htmls[i]) ?? textsIfSameTags(it.html, htmls[i])) : null;
      if (!texts[i]) fresh++;
    }
    // (or most of the old list goes: the whole report's list when a drag starts; one parse beats 500 removals)
    if ((fresh > 8 && fresh * 2 > keys.length) || this.items.size > 2 * keys.length + 8) {
      this.ul.innerHTML = htmls.join('');
      this.items.clear();
      const els = this.ul.children;
      // one element per entry (each entry is one <li>); otherwise entry by entry below
      if (els.length === keys.length) {
        for (let i = 0; i < keys.length; i++) this.items.set(keys[i], { el: els[i], html: htmls[i] });
        return;
      }
      this.ul.replaceChildren();
      texts.fill(null);
    }
    const parsed = this.parseChanged(keys, htmls, texts);
    const seen = new Set<string>();
    let at: ChildNode | null = this.ul.firstChild;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i],
        html = htmls[i];
      seen.add(key);
      let it = this.items.get(key);
      if (it && it.html !== html && texts[i] && writeTexts(it.el, texts[i]!)) it.html = html;
      else if (!it || it.html !== html) {
        let el: Element;
        const p = parsed.get(i);
        if (p) {
          el = p;
          if (it) {
            it.el.replaceWith(el);
            if (at === it.el) at = el;
          }
        } else if (it) {
          // a changed entry is changed in place (a press on its button survives the refresh); morphdom puts
          // a new element in the old one's place itself when the two differ in kind
          el = morphdom(it.el, html) as Element;
          if (at === it.el) at = el;
        } else {
          this.tpl.innerHTML = html;
          el = this.tpl.content.firstElementChild!;
        }
        this.items.set(key, (it = { el, html }));
      }
      if (at === it.el) at = at.nextSibling;
      else this.ul.insertBefore(it.el, at);
    }
    for (const [key, it] of this.items) {
      if (!seen.has(key)) {
        it.el.remove();
        this.items.delete(key);
      }
    }
  }
}

/**
 * Write `texts` into the text nodes of `el`, in document order (or the one text a TextEdit names); false
 * (nothing written) when they differ in number.
 */
function writeTexts(el: Element, texts: string[] | TextEdit): boolean {
  if (!Array.isArray(texts)) return writeText(el, texts);
  const nodes: Text[] = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) nodes.push(n as Text);
  if (nodes.length !== texts.length) return false;
  for (let i = 0; i < nodes.length; i++) if (nodes[i].data !== texts[i]) nodes[i].data = texts[i];
  return true;
}

/**
 * Write one text node of `el` (a TextEdit); false (nothing written) when `el` has not its number of text
 * nodes.
 */
function writeText(el: Element, edit: TextEdit): boolean {
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let node: Node | null = null,
    n = 0;
  for (let x = walk.nextNode(); x; x = walk.nextNode(), n++) if (n === edit.at) node = x;
  if (n !== edit.of || !node) return false;
  if ((node as Text).data !== edit.text) (node as Text).data = edit.text;
  return true;
}

/**
 * The verdict panel as its parts' HTML parses, written again whole (the end-to-end tests compare it with
 * the panel as written in place).
 */
export function reparseVerdictList(host: HTMLElement): void {
  const p = partsOf.get(host);
  if (!p) return;
  for (const el of [p.meta, p.overlaps, p.extra, p.campaign, p.head]) {
    const html = (el as { __html?: string }).__html;
    if (html !== undefined) el.innerHTML = html;
  }
  p.list.reparse();
}

/**
 * An attack's entry, kept per report entry (a drag re-judge keeps the entries of the attacks it did not judge
 * again).
 */
const entryHtml = new WeakMap<AttackReport, { sel: boolean; brief: boolean; say: Say; html: string }>();

/** Names for a side's key ('isd.front' as "Imperial front"): the table's namer (namerOf); an id it lacks stays. */
export type Say = (side: string) => string;
const asIs: Say = (side) => side;
/**
 * One attack's entry. `brief` (while a piece is held): the verdict without its explanation, which
 * is written once the piece is let go (each step's attacks are new, and writing some 30 explanations
 * took most of a step's list). `key` is its key in the list. Pieces are named as the table names them (`say`:
 * the ruling card's names), obstacles by their ids.
 */
export function attackEntry(
  x: AttackReport,
  sel: boolean,
  brief: boolean,
  key: string,
  say: Say = asIs,
): string {
  const c = entryHtml.get(x);
  if (c && c.sel === sel && c.brief === brief && c.say === say) return c.html;
  let html: string;
  if (brief) {
    // a held piece's step changes an entry's figure, seldom its markup: the markup around the figure is kept
    // per entry while it stays the same, and the entry made in one piece (no string of pieces to flatten)
    let k = briefAround.get(key);
    if (!k || k.sel !== sel || k.say !== say || !sameMarkup(k.x, x)) {
      if (briefAround.size >= 4096) briefAround.clear();
      const [head, tail] = entryAround(x, sel, brief, say);
      briefAround.set(key, (k = { x, sel, say, head, tail }));
    }
    html = [k.head, f2(x.rangeMm), k.tail].join('');
  } else {
    const [head, tail] = entryAround(x, sel, brief, say);
    html = head + f2(x.rangeMm) + tail;
  }
  entryHtml.set(x, { sel, brief, say, html });
  return html;
}

/** A brief entry's markup before and after its figure (the range in mm), by its key in the list. */
const briefAround = new Map<
  string,
  { x: AttackReport; sel: boolean; say: Say; head: string; tail: string }
>();

/** Whether two attacks' entries have the same markup but for the figure: all else they show is the same. */
function sameMarkup(a: AttackReport, b: AttackReport): boolean {
  return (
    a.attacker === b.attacker &&
    a.defender === b.defender &&
    a.los === b.los &&
    a.inArc === b.inArc &&
    a.range === b.range &&
    sameList(a.obstructedBy, b.obstructedBy) &&
    sameList(listOf(a.blockedBy), listOf(b.blockedBy)) &&
    sameList(listOf(a.dustBy), listOf(b.dustBy)) &&
    sameList(a.grazing, b.grazing) &&
    !a.readings?.length &&
    !b.readings?.length &&
    !a.classEdit &&
    !b.classEdit
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const listOf = (v: unknown): readonly string[] => (Array.isArray(v) ? (v as string[]) : []);

/**
 * What holds the line of sight's verdict, by that verdict: blocked by the defender's other hull zones, dust by
 * the dust field, obstructed by the obstacles and ships; obstacles a blocked or dust line also crosses after it.
 */
function losBy(x: AttackReport, say: Say): string {
  const by = x.los === 'blocked' ? listOf(x.blockedBy) : x.los === 'dust' ? listOf(x.dustBy) : x.obstructedBy;
  const also = x.los === 'blocked' || x.los === 'dust' ? x.obstructedBy : [];
  return (
    (by.length ? ` by ${e(by.map(say).join(', '))}` : '') +
    (also.length ? `; it also crosses ${e(also.map(say).join(', '))}` : '')
  );
}

/** An attack's entry, in two parts: the markup before its figure (the range in mm) and after it. */
function entryAround(x: AttackReport, sel: boolean, brief: boolean, say: Say): [string, string] {
  return [
    `<li class="attack los-${e(x.los)}${x.inArc ? '' : ' out-of-arc'}${sel ? ' selected' : ''}" ` +
      `data-attacker="${e(x.attacker)}" data-defender="${e(x.defender)}" data-los="${e(x.los)}" ` +
      `data-range="${e(x.range)}" ` +
      `data-in-arc="${x.inArc}">` +
      // the pair is the entry's button: Tab reaches it, Enter or Space opens the attack (the entry's click)
      PICK +
      // the arrow as a reference: most entries are then one-byte strings, half the bytes (a marker, a missing
      // figure's dash or a name outside Latin-1 still makes an entry two-byte)
      `<b>${e(say(x.attacker))}</b> &rarr; <b>${e(say(x.defender))}</b></button>: ` +
      `${x.inArc ? 'in arc' : 'not in arc'}, ${x.range === 'distance-1' ? 'distance 1' : e(x.range)} (`,
    ` mm), line of sight <b class="los">${e(x.los)}</b>` +
      losBy(x, say) +
      (x.grazing.length ? `; grazing ${e(x.grazing.map(say).join(', '))}` : '') +
      readingMarker(x.readings) +
      classEditMarker(x.classEdit) +
      (brief ? '' : `<div class="why">${e(capText(x.why))}</div>`) +
      '</li>',
  ];
}

/** The panel's first line: the ruleset, the tolerance, how long the analysis took and what is being judged. */
function metaHtml(r: Report, state: AppState, a: LiveAnalysis): string {
  return (
    `<p class="meta">Ruleset <b>${r.ruleset === 'seed' ? '1.5' : e(r.ruleset)}</b> · tolerance <b ` +
    `data-tolerance="${TOLERANCE_MM}">${TOLERANCE_MM} mm</b> (touching and grazing) · analysed in ` +
    `${a.ms.toFixed(1)} ms${
      a.live
        ? state.gestureStart
          ? " · <i>moving: only the selected attacker's attacks are judged until you " + 'let go</i>'
          : ' · <i>judging every attack…</i>'
        : state.gestureStart
          ? ' · <i>moving: every attack is judged again at each step</i>'
          : ''
    }</p>`
  );
}

/**
 * Every overlap of a piece and an obstacle with how deep it is (bounded, with the count of the rest), then the
 * pairs touching without overlapping and the misses nearer than the placement precision, each saying whether
 * it is a close call and what it rests on; and what the budget cut.
 */
function overlapsHtml(r: Report, world: World, precisionMm: number, near: boolean): string {
  // pieces by the names the table gives them (the attack list's, the card's), obstacles by their ids
  const say = namerOf(world.table);
  const calls = overlapCalls(world, r, precisionMm, { near, name: say });
  const parts: string[] = [];
  parts.push(`<h3>Overlaps <span class="count">${r.overlaps.length}</span></h3><ul class="overlaps">`);
  const shown =
    calls.overlaps.length > MAX_LISTED_PAIRS ? calls.overlaps.slice(0, MAX_LISTED_PAIRS) : calls.overlaps;
  shown.forEach((c, i) => {
    const o = r.overlaps[i];
    parts.push(
      `<li class="overlap" ${callAttrs(c)}><b>${e(say(o.piece))}</b> overlaps <b>${e(o.obstacle)}</b>: ` +
        `${e(o.effect)}${callLines(c)}${o.why ? `<div class="why">${e(capText(o.why))}</div>` : ''}</li>`,
    );
  });
  if (!r.overlaps.length) parts.push('<li class="none">No piece overlaps an obstacle.</li>');
  if (r.overlaps.length > MAX_LISTED_PAIRS)
    parts.push(`<li class="none more">… and ${r.overlaps.length - MAX_LISTED_PAIRS} more overlaps.</li>`);
  // touching, then nearly touching: no effect, but a hair from one
  const close = [...calls.touching, ...calls.near];
  for (const c of close.length > MAX_LISTED_PAIRS ? close.slice(0, MAX_LISTED_PAIRS) : close)
    parts.push(
      `<li class="${c.kind}" ${callAttrs(c)}><b>${e(say(c.piece))}</b> and <b>${e(c.obstacle)}</b>: ${e(c.text)}` +
        `${callLines(c, false)}</li>`,
    );
  if (close.length > MAX_LISTED_PAIRS)
    parts.push(
      `<li class="none more">… and ${close.length - MAX_LISTED_PAIRS} more touching or nearly.</li>`,
    );
  if (!near && world.all.length > LIVE_PIECES)
    parts.push(
      `<li class="none">Near misses are looked for on tables of up to ${LIVE_PIECES} pieces; this one has ` +
        `${world.all.length}.</li>`,
    );
  const overlapsCut = (r.partial as PartialNote | undefined)?.sections?.overlaps;
  if (overlapsCut)
    parts.push(
      `<li class="none partial">Overlaps judged for ${overlapsCut.judged} of ${overlapsCut.asked} pairs of a piece ` +
        `and an obstacle before the budget ran out; the rest are not listed.</li>`,
    );
  parts.push('</ul>');
  return parts.join('');
}

/** An overlap entry's data: the piece, the obstacle, the margin (depth or gap, mm) and whether it is close. */
function callAttrs(c: OverlapCall): string {
  return (
    `data-piece="${e(c.piece)}" data-obstacle="${e(c.obstacle)}"` +
    (Number.isFinite(c.mm) ? ` data-${c.kind === 'overlap' ? 'depth' : 'gap'}="${f2(c.mm)}"` : '') +
    ` data-close="${c.close}"${c.restsOn ? ` data-rests-on="${e(c.restsOn)}"` : ''}`
  );
}

/** The margin's sentence (an overlap's; a touch's is its head), the close call and what it rests on. */
function callLines(c: OverlapCall, margin = true): string {
  return (
    (margin ? `<div class="margin">${e(c.text)}</div>` : '') +
    (c.closeText ? `<div class="close-call">⚠ ${e(c.closeText)}</div>` : '') +
    (c.restsText ? `<div class="reading rests-on">⚑ ${e(c.restsText)}</div>` : '')
  );
}

/**
 * The ships in a gravity rift's bands and what each band does to them, and the ships just beyond distance 2; one
 * near distance 2's end is a close call when within the end's measured spread or nearer than the precision.
 */
function riftHtml(r: Report, precisionMm: number): string {
  const near = r.riftNear ?? [];
  if (!r.rift.length && !near.length) return '';
  const edge = (x: { nearEnd?: RiftEdge }) => {
    const n = x.nearEnd;
    if (!n) return '';
    const close = n.inSpread || n.marginMm < precisionMm;
    return (
      `<div class="${close ? 'close-call' : 'margin'}">${close ? '⚠ ' : ''}${e(n.says)}` +
      (close && !n.inSpread ? ` Too close to call at ${f2(precisionMm)} mm placement precision.` : '') +
      '</div>'
    );
  };
  const parts = ['<h3>Gravity rift</h3><ul class="rift">'];
  for (const x of r.rift)
    parts.push(
      `<li data-ship="${e(x.ship)}" data-band="${x.band}"><b>${e(x.ship)}</b> at distance ${x.band}: ` +
        `${e(x.effects.join('; '))}${edge(x)}</li>`,
    );
  for (const x of near)
    parts.push(
      `<li data-ship="${e(x.ship)}" data-near="${e(x.rift)}"><b>${e(x.ship)}</b> beyond distance 2 of ` +
        `${e(x.rift)}: no effect${edge(x)}</li>`,
    );
  parts.push('</ul>');
  return parts.join('');
}

/** Each exogorth and squadron: how far, whether it attacks, and its line of sight. */
function exogorthsHtml(r: Report): string {
  if (!r.exogorths.length) return '';
  const parts = ['<h3>Exogorths</h3><ul class="exogorths">'];
  for (const x of r.exogorths.slice(0, MAX_LISTED)) {
    parts.push(
      `<li data-exogorth="${e(x.exogorth)}" data-squadron="${e(x.squadron)}" data-los="${e(x.los)}"><b` +
        `>${e(x.exogorth)}</b> → <b>${e(x.squadron)}</b>: ${f2(x.mm)} mm, ` +
        `${x.attacks ? 'attacks' : 'does not attack'}, line ` +
        `of sight ${e(x.los)}${readingMarker(x.readings as ReadingUse[] | undefined)}</li>`,
    );
  }
  parts.push('</ul>');
  return parts.join('');
}

/**
 * One proposal: legal or not, its violations (bounded), the squadrons it displaces and where they could go.
 * `named`: what it reads as (an exogorth being placed by the exogorth's id; else the proposal's).
 */
function proposalHtml(
  p: Report['proposals'][number],
  named: string,
  words: (v: Violation) => string,
): string {
  const parts: string[] = [];
  parts.push(
    `<li data-proposal="${e(p.id)}" data-legal="${p.legal}"><b>${e(named)}</b>: ${p.legal ? 'legal' : 'not legal'}`,
  );
  if (p.violations.length) {
    parts.push('<ul>');
    for (const v of p.violations.slice(0, MAX_LISTED_PAIRS))
      parts.push(
        // in words that name the piece, the other one and how far it is from being legal (as the setup panel says)
        `<li class="violation" data-rule="${e(v.rule)}">${e(capText(words(v), 400))}</li>`,
      );
    if (p.violations.length > MAX_LISTED_PAIRS) {
      const more = p.violations.length - MAX_LISTED_PAIRS;
      parts.push(
        `<li class="none more" data-more="${more}">… and ${more} more violations (the report lists them all).</li>`,
      );
    }
    parts.push('</ul>');
  }
  if (p.displaced?.length) {
    const to = p.placements ?? {};
    parts.push(
      `<div>displaces ${e(p.displaced.join(', '))}${
        Object.keys(to).length
          ? `; they could go to ${Object.entries(to)
              .map(([id, q]) => `${e(id)} (${f2(q.x)}, ${f2(q.y)})`)
              .join(', ')}`
          : ''
      }</div>`,
    );
  }
  if (typeof p.why === 'string') parts.push(`<div class="why">${e(capText(p.why))}</div>`);
  parts.push('</li>');
  return parts.join('');
}

/** The campaign's verdicts: rift bands, exogorths, proposals (an exogorth being placed by its own id). */
function campaignHtml(r: Report, t: Table, precisionMm: number): string {
  const named = (id: string) => {
    const q = t.proposals.find((x) => x.id === id);
    return q?.kind === 'place-exogorth' ? `${q.obstacle.id} (being placed)` : id;
  };
  const proposals = r.proposals.length
    ? `<h3>Proposals</h3><ul class="proposals">${r.proposals
        .map((p) => proposalHtml(p, named(p.id), violationWordsBy(namerOf(t))))
        .join('')}</ul>`
    : '';
  return riftHtml(r, precisionMm) + exogorthsHtml(r) + proposals;
}

/**
 * The attack list's entries by key: the attacks a page allows (bounded in entries and in text: thousands of
 * entries with their sentences would stall every refresh), then how many more, the budget's cut, and why
 * none (or none yet while moving).
 */
function attackListing(
  state: AppState,
  a: LiveAnalysis,
  attacks: AttackReport[],
): { keys: string[]; htmls: string[] } {
  const r = a.report;
  const keys: string[] = [],
    htmls: string[] = [];
  let listedCount = 0,
    chars = 0;
  const say = namerOf(a.world.table);
  for (const x of attacks) {
    if (listedCount >= MAX_LISTED * pages || chars >= MAX_LISTED_CHARS * pages) break;
    listedCount++;
    const key = `${x.attacker}>${x.defender}`;
    const html = attackEntry(x, x.attacker === state.attacker, !!state.gestureStart, key, say);
    keys.push(key);
    htmls.push(html);
    chars += html.length;
  }
  if (listedCount < attacks.length) {
    const more = attacks.length - listedCount;
    keys.push('\u0000more');
    htmls.push(
      `<li class="none more" data-more="${more}">… and ${more} more: select a hull zone or squadron, with "only the ` +
        `selected attacker", to list its attacks,` +
        ` or <button class="show-more" title="list more attacks (a long list takes a moment to draw)">Show ` +
        `more</button></li>`,
    );
  }
  if (r.partial) {
    const p = r.partial as PartialNote;
    keys.push('\u0000partial');
    htmls.push(
      `<li class="none partial">This table is too heavy to judge whole here: ${Number(p.attacksJudged)} of ` +
        `${Number(p.attacksAsked)} attacks were judged within the budget` +
        ` (sections cut: ${e(cutSections(p))}); the command-line analysis (--budget) can judge them all.</li>`,
    );
  }
  if (!r.attacks.length) {
    keys.push('\u0000none');
    htmls.push(`<li class="none">${noAttackWhy(a)}</li>`);
  } else if (state.gestureStart && !state.attacker) {
    keys.push('\u0000moving');
    htmls.push(
      '<li class="none">Every attack is being judged; they are listed when you let go (select a hull zone or ' +
        'squadron to follow its attacks while moving).</li>',
    );
  }
  return { keys, htmls };
}

/** Why the report has no attack: no ship or squadron, one player only, not judged yet, or none. */
function noAttackWhy(a: LiveAnalysis): string {
  const t = a.table;
  const sides = new Set([...t.ships, ...t.squadrons].map((q) => q.player));
  return !t.ships.length && !t.squadrons.length
    ? 'No attack: the table has no ship or squadron yet.'
    : sides.size < 2
      ? 'No attack: every ship and squadron belongs to one player.'
      : a.live
        ? 'Attacks are being judged…'
        : 'No attack reported.';
}

/**
 * The verdict panel: every reported overlap, attack and campaign verdict, as selectable DOM text.
 * Refreshed part by part: only what changed is written (a drag step rewrites the timing line and
 * the entries of the attacks judged again). Entries off screen are not laid out (CSS
 * content-visibility in index.html).
 */
export function renderVerdicts(
  host: HTMLElement,
  state: AppState,
  a: LiveAnalysis,
  onlySelected: boolean,
  extra: string,
) {
  const r: Report = a.report;
  if (r !== pagesOf) {
    pagesOf = r;
    pages = 1;
  }
  const P = panelParts(host);
  setHtml(P.meta, metaHtml(r, state, a));
  // a live picture of a crowded table leaves every pair to the worker: its near misses too; and a rest of the
  // pointer mid-drag looks for none (every piece against every obstacle, in a new world at each step): the
  // piece let go, they are found
  // (and on a table of more than LIVE_PIECES pieces none at all: the search is every piece against every
  // obstacle on the page's thread, and grows with what was opened; the report's overlaps and touching pairs stand)
  const near = !state.gestureStart && a.world.all.length <= LIVE_PIECES;
  setHtml(P.overlaps, overlapsHtml(r, a.world, state.precisionMm, near));
  setHtml(P.extra, extra);
  setHtml(P.campaign, campaignHtml(r, state.table, state.precisionMm));
  // While a piece moves every attack is judged, but only the selected attacker's are listed (a
  // list of them all, each with its sentence, would cost more than the judging).
  const moving = !!state.gestureStart;
  const mine = () => (state.attacker ? attacksOf(r.attacks, state.attacker) : []);
  const attacks = moving ? mine() : onlySelected && state.attacker ? mine() : r.attacks;
  setHtml(
    P.head,
    `<h3>Attacks <span class="count">${attacks.length}` +
      `${attacks.length !== r.attacks.length ? ` of ${r.attacks.length}` : ''}</span></h3>`,
  );
  const { keys, htmls } = attackListing(state, a, attacks);
  P.list.update(keys, htmls);
}

/** The marker on an attack that rests on a class this table corrects, and whether the catalog's figures differ. */
function classEditMarker(c: ClassEditUse | undefined): string {
  if (!c) return '';
  return (
    `<div class="reading class-edit" data-class-edit="${e(c.classes.join(' '))}" data-changes="${c.changes}">✎ ` +
    `edited class ${e(c.classes.join(', '))}: ` +
    (c.changes
      ? `the catalog's figures give ${c.withCatalog.inArc ? 'in arc' : 'not in arc'}, ${e(c.withCatalog.range)}, ` +
        `line of sight ${e(c.withCatalog.los)}`
      : "the catalog's figures give the same verdict") +
    '</div>'
  );
}

/**
 * The marker on a verdict a reading decided (the attack's or exogorth entry's `readings`): what the reading
 * says and what the other choice gives.
 */
function readingMarker(readings: ReadingUse[] | undefined): string {
  if (!readings?.length) return '';
  return (
    `<div class="reading" data-readings="${e(readings.map((u) => u.reading).join(' '))}">⚑ depends on a ` +
    `reading: ${readings.map((u) => `${e(u.says)} (otherwise ${e(u.otherwise)})`).join('; ')}</div>`
  );
}
