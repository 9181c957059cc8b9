/** The rows of the first markdown table after `heading` (and after `after`, if given), as trimmed cells,
 * without the header and the rule line. Read by the catalog's derivation script and the catalog tests. */
export function markdownTableRows(md: string, heading: string, after?: string): string[][] {
  let at = md.indexOf(heading);
  if (at < 0) throw new Error(`no section ${heading}`);
  if (after) at = md.indexOf(after, at);
  const lines = md.slice(at).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const l of lines.slice(start)) {
    if (!l.startsWith('|')) break;
    const cells = l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c))) continue;
    rows.push(cells);
  }
  return rows.slice(1); // without the header
}
