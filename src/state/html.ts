const NEEDS_ESCAPE = /[&<>"']/;

/** Text made safe inside HTML (the panels' text is built as HTML strings, in ui and in the overlays model's panel). */
export function escapeHtml(s: string): string {
  // most text has nothing to escape: the same string back (the panels escape every name at every refresh)
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] as string,
  );
}

/**
 * The most characters of one explanation (a `why`) a panel shows: a sentence naming every piece a
 * line crosses runs to a few thousand; a 2,000-move round's ran to 2.7 million and froze the page.
 */
export const MAX_WHY_CHARS = 4000;

/** `s`, cut to `max` characters with what was left out said (the report keeps it whole). */
export function capText(s: string, max = MAX_WHY_CHARS): string {
  if (s.length <= max) return s;
  return (
    `${s.slice(0, max)}… (${s.length - max} more characters: the whole text is in the report, Export or npm run ` +
    `analyze)`
  );
}
