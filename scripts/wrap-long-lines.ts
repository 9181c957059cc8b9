/**
 * `npx tsx scripts/wrap-long-lines.ts FILE...`: break what Prettier leaves over 120 columns (it never
 * breaks a string or a comment). A long string or template literal on one line is split at a space
 * into two joined by + (in parentheses unless it is an operand of +); a long
 * comment line is wrapped at a space under the same prefix. Run Prettier after it. What it cannot
 * split (no space in reach, a type literal, an import path) it leaves and names.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

const MAX = 120;
const AIM = 100;

/**
 * Where to split a literal's raw text within [from, to): the rightmost space whose line would end
 * by column MAX (with the closing quote and " +"); -1 if none (a word is never cut).
 */
function splitPoint(text: string, from: number, to: number, ls: number): number {
  const last = Math.min(to - 1, ls + MAX - 4);
  for (let i = last; i > from && i - ls > 40; i--) if (text[i] === ' ' && text[i - 1] !== '\\') return i + 1;
  return -1;
}

function lineStart(text: string, pos: number) {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** One split of the first long literal found; null when none can be split. */
function splitOne(file: string, text: string): string | null {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let out: string | null = null;
  const visit = (node: ts.Node): void => {
    if (out) return;
    const start = node.getStart(sf),
      end = node.getEnd();
    const ls = lineStart(text, start);
    const le = text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start);
    const oneLine = end <= le;
    const long = le - ls > MAX;
    const parent = node.parent;
    // an operand of + needs no parentheses: a + 'x' + 'y' is a + 'xy' (string + anything concatenates)
    const [open, close] =
      parent && ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.PlusToken
        ? ['', '']
        : ['(', ')'];
    const typePosition =
      parent &&
      (ts.isLiteralTypeNode(parent) ||
        ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        ts.isExternalModuleReference(parent) ||
        ts.isImportTypeNode(parent) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        ts.isTaggedTemplateExpression(parent));
    // only a literal that itself runs past the limit
    const reaches = end - ls > MAX;
    if (
      long &&
      oneLine &&
      reaches &&
      !typePosition &&
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ) {
      const q = text[start];
      const at = splitPoint(text, start + 1, end - 1, ls);
      if (at > start + 1 && at < end - 1) {
        out = `${text.slice(0, start)}${open}${text.slice(start, at)}${q} +\n${q}${text.slice(at, end)}${close}${text.slice(end)}`;
        return;
      }
    }
    if (long && oneLine && reaches && !typePosition && ts.isTemplateExpression(node)) {
      // literal stretches of the template: the head and each span's literal (never inside a ${...})
      const parts: [number, number][] = [[node.head.getStart(sf) + 1, node.head.getEnd() - 2]];
      for (const sp of node.templateSpans) {
        const lit = sp.literal;
        parts.push([lit.getStart(sf) + 1, lit.getEnd() - (ts.isTemplateTail(lit) ? 1 : 2)]);
      }
      let best = -1;
      for (const [a, b] of parts) {
        if (b <= a) continue;
        const at = splitPoint(text, a, b, ls);
        if (at > a && at > best) best = at;
      }
      if (best > 0) {
        out = `${text.slice(0, start)}${open}${text.slice(start, best)}\` +\n\`${text.slice(best, end)}${close}${text.slice(end)}`;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Wrap comment lines over MAX columns (line comments, block comment lines, one-line doc comments) under the same prefix. */
function wrapComments(text: string): string {
  const wrap = (prefix: string, body: string) => {
    const out: string[] = [];
    let cur = '';
    for (const w of body.split(' ')) {
      if (cur && prefix.length + cur.length + 1 + w.length > AIM + 10) {
        out.push(prefix + cur);
        cur = w;
      } else cur = cur ? `${cur} ${w}` : w;
    }
    if (cur) out.push(prefix + cur);
    return out;
  };
  return text
    .split('\n')
    .flatMap((line) => {
      if (line.length <= MAX || line.includes('eslint-disable')) return [line];
      const doc = /^(\s*)\/\*\* (.*) \*\/$/.exec(line);
      if (doc) return [`${doc[1]}/**`, ...wrap(`${doc[1]} * `, doc[2]), `${doc[1]} */`];
      const m = /^(\s*(?:\/\/|\*)\s?)(.*)$/.exec(line);
      if (!m || line.trimStart().startsWith('*/')) return [line];
      return wrap(m[1], m[2]);
    })
    .join('\n');
}

for (const file of process.argv.slice(2)) {
  let text = wrapComments(readFileSync(file, 'utf8'));
  for (let i = 0; i < 500; i++) {
    const next = splitOne(file, text);
    if (next === null) break;
    text = next;
  }
  writeFileSync(file, text);
  text.split('\n').forEach((l, i) => {
    if (l.length > MAX) console.log(`${file}:${i + 1}: still ${l.length} columns`);
  });
}
