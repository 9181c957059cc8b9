/**
 * An entry of a list written as HTML changes in place when only its text changed: the same tags, the
 * same attributes, the same empty places between tags (a drag step changes an attack's figures, not
 * its markup). No DOM here: what the texts are; KeyedList (verdicts.ts) writes them into the entry's
 * text nodes, in document order, and parses the HTML as before whenever this says no.
 */

/** text, tag, text, tag, ..., text (a tag: anything from < to the next >; escaped text holds neither) */
const SPLIT = /(<[^>]*>)/;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  // the attack list's arrow (written as a reference, so that an entry is a one-byte string)
  '&rarr;': '\u2192',
};

/**
 * The text an HTML parser makes of escaped text (escapeHtml's five entities, and &rarr;); null for anything
 * else.
 */
export function decodeText(s: string): string | null {
  if (!s.includes('&')) return s;
  let ok = true;
  const out = s.replace(/&[^;&\s]*;?/g, (m) => {
    const d = ENTITIES[m];
    if (d === undefined) ok = false;
    return d ?? m;
  });
  return ok ? out : null;
}

/** a tag whose text nodes are not plain stretches between tags, at a tag's start (sticky) */
const SPECIAL = /<(!|\/?(script|style|pre|textarea|table|tbody|tr|td|th)\b)/iy;

/**
 * The texts of `next`'s text nodes, in document order, when `prev` and `next` differ in text alone (the
 * same tags and attributes, character for character, and text in the same places); null otherwise. Only
 * for markup whose text nodes are its non-empty stretches between tags (no comments, scripts, styles,
 * preformatted or table parts, no character references but escapeHtml's).
 * Written as one scan of both strings (a list's rest compares hundreds of entries; splitting each into
 * pieces was most of what it allocated); test/ui/text-patch-reference.ts holds it to the plain split.
 */
export function textsIfSameTags(prev: string, next: string): string[] | null {
  const texts: string[] = [];
  let i = 0,
    j = 0;
  for (;;) {
    // a text: up to the next tag (a '<' with a '>' after it), or the end
    const ti = tagAt(prev, i),
      tj = tagAt(next, j);
    // a text node stays a text node: none made or removed
    if ((ti === i) !== (tj === j)) return null;
    if (tj > j) {
      if (prev.indexOf('&', i) >= 0 && prev.indexOf('&', i) < ti && decodeText(prev.slice(i, ti)) === null)
        return null;
      const d = decodeText(next.slice(j, tj));
      if (d === null) return null;
      texts.push(d);
    }
    if (ti === prev.length || tj === next.length)
      return ti === prev.length && tj === next.length ? texts : null;
    // a tag: the same characters in both, and not one whose text is not plain
    const ei = prev.indexOf('>', ti),
      ej = next.indexOf('>', tj);
    if (ej - tj !== ei - ti) return null;
    for (let k = 0; k <= ej - tj; k++) if (prev.charCodeAt(ti + k) !== next.charCodeAt(tj + k)) return null;
    SPECIAL.lastIndex = tj;
    if (SPECIAL.test(next)) return null;
    i = ei + 1;
    j = ej + 1;
  }
}

/** Where the next tag from `from` begins: a '<' with a '>' after it; the string's length if none. */
function tagAt(s: string, from: number): number {
  const lt = s.indexOf('<', from);
  return lt < 0 || s.indexOf('>', lt) < 0 ? s.length : lt;
}

/** any tag whose text nodes are not plain stretches between tags */
const ANY_SPECIAL = /<(!|\/?(script|style|pre|textarea|table|tbody|tr|td|th)\b)/i;

/** One text node's new text: the `at`-th of the entry's `of` text nodes (in document order). */
export interface TextEdit {
  at: number;
  of: number;
  text: string;
}

/**
 * When `prev` and `next` differ within one stretch of text alone (a drag step's figure in an entry: the
 * same tags and attributes, and every other text the same), which text node that is and its new text;
 * null otherwise (the same, or more changed: textsIfSameTags decides). What textsIfSameTags would give
 * for that node, found without splitting the entry into its texts: most of a list's rest allocated
 * that, for entries where one figure changed.
 */
export function oneTextEdit(prev: string, next: string): TextEdit | null {
  const lp = prev.length,
    ln = next.length,
    lim = Math.min(lp, ln);
  let p = 0;
  while (p < lim && prev.charCodeAt(p) === next.charCodeAt(p)) p++;
  if (p === lp && p === ln) return null;
  let s = 0;
  while (s < lim - p && prev.charCodeAt(lp - 1 - s) === next.charCodeAt(ln - 1 - s)) s++;
  if (ANY_SPECIAL.test(next)) return null;
  // walk prev's texts and tags from the start, counting its (non-empty) texts, to the one that holds p
  let i = 0,
    at = 0;
  for (;;) {
    const ti = tagAt(prev, i);
    if (p <= ti) {
      // the change lies in the text [i, ti) of prev, and in the text of next from i: no tag reached
      const tj = tagAt(next, i);
      if (ti === i || tj === i || ti < lp - s || tj < ln - s) return null;
      if (!decodes(prev, i, ti)) return null;
      const text = decodeText(next.slice(i, tj));
      if (text === null) return null;
      // the texts after it, to know how many text nodes the entry has
      let of = at + 1;
      for (let k = prev.indexOf('>', ti) + 1; k > 0 && k < lp; ) {
        const t = tagAt(prev, k);
        if (t > k) of++;
        if (!decodes(prev, k, t)) return null;
        if (t === lp) break;
        k = prev.indexOf('>', t) + 1;
      }
      return { at, of, text };
    }
    if (ti > i) at++;
    if (!decodes(prev, i, ti)) return null;
    const e = prev.indexOf('>', ti);
    // the change begins inside a tag
    if (p <= e) return null;
    i = e + 1;
  }
}

/**
 * Whether s's text [from, to) is one decodeText reads: each reference in it one decodeText knows, found
 * as its pattern finds it (a reference with anything but ASCII in it: decodeText itself decides).
 */
function decodes(s: string, from: number, to: number): boolean {
  for (let amp = s.indexOf('&', from); amp >= 0 && amp < to; amp = s.indexOf('&', amp + 1)) {
    // decodeText's /&[^;&\s]*;?/: up to a ';' (taken), a '&' or a space (not taken)
    let end = amp + 1;
    for (; end < to; end++) {
      const c = s.charCodeAt(end);
      if (c > 127) return decodeText(s.slice(from, to)) !== null;
      if (c === 59 /* ; */) {
        end++;
        break;
      }
      if (c === 38 /* & */ || c === 32 || (c >= 9 && c <= 13)) break;
    }
    if (!known(s, amp, end)) return false;
  }
  return true;
}

/** whether s[from, to) is one of the references decodeText knows */
function known(s: string, from: number, to: number): boolean {
  for (const k of KNOWN) if (k.length === to - from && s.startsWith(k, from)) return true;
  return false;
}

const KNOWN = Object.keys(ENTITIES);
