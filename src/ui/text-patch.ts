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
};

/** The text an HTML parser makes of escaped text (escapeHtml's five entities); null for anything else. */
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

/**
 * The texts of `next`'s text nodes, in document order, when `prev` and `next` differ in text alone (the
 * same tags and attributes, character for character, and text in the same places); null otherwise. Only
 * for markup whose text nodes are its non-empty stretches between tags (no comments, scripts, styles,
 * preformatted or table parts, no character references but escapeHtml's).
 */
export function textsIfSameTags(prev: string, next: string): string[] | null {
  const a = prev.split(SPLIT),
    b = next.split(SPLIT);
  if (a.length !== b.length) return null;
  const texts: string[] = [];
  for (let i = 0; i < b.length; i++) {
    if (i % 2 === 1) {
      if (a[i] !== b[i] || /^<(!|\/?(script|style|pre|textarea|table|tbody|tr|td|th)\b)/i.test(b[i]))
        return null;
      continue;
    }
    // a text node stays a text node: none made or removed
    if ((a[i] === '') !== (b[i] === '')) return null;
    if (b[i] === '') continue;
    const d = decodeText(b[i]);
    if (d === null || decodeText(a[i]) === null) return null;
    texts.push(d);
  }
  return texts;
}
