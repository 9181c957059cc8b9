/**
 * The README and docs/ as a reader meets them: the README stays a short front door, every link in
 * it and in docs/ resolves (the file, and the heading a `#fragment` names), every `npm run` script
 * they name exists, and no issue number stands where a reader has no issues to look it up.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const text = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown file's headings (outside code fences), numbered as GitHub does. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every inline link and image target of a markdown file, outside code spans and fences. */
export function links(markdown: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const bare = line.replace(/`[^`]*`/g, '');
    for (const m of bare.matchAll(/\]\(([^)\s]+)\)/g)) out.push(m[1]);
  }
  return out;
}

describe('the README and docs/', () => {
  it('the README is a front door of at most 160 lines, opening with the two commands', () => {
    const readme = text('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(160);
    const head = readme.split('\n').slice(0, 10).join('\n');
    expect(head).toContain('npm ci && npm start');
    expect(head).toContain('npm ci && npm test');
  });

  it('the helpers read headings and links as GitHub does', () => {
    expect(slug('Tables, sharing and offline')).toBe('tables-sharing-and-offline');
    expect(slug('`npm run analyze`')).toBe('npm-run-analyze');
    expect([...anchors('# A\n## B: c\n```\n# not\n```\n## B: c')]).toEqual(['a', 'b-c', 'b-c-1']);
    expect(links('[a](x.md) `[b](y.md)` ![c](s/p.png)')).toEqual(['x.md', 's/p.png']);
  });

  for (const file of DOCS) {
    it(`every link in ${file} resolves`, () => {
      const broken: string[] = [];
      for (const target of links(text(file))) {
        if (/^[a-z]+:/i.test(target)) continue; // a web address: not checked offline
        const [path, fragment] = target.split('#');
        const into = path === '' ? file : join(dirname(file), path);
        if (!existsSync(join(ROOT, into))) {
          broken.push(`${target}: no file ${into}`);
          continue;
        }
        if (fragment && into.endsWith('.md') && !anchors(text(into)).has(fragment)) {
          broken.push(`${target}: no heading #${fragment} in ${into}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it('every npm script the README and docs name exists', () => {
    const scripts = Object.keys(JSON.parse(text('package.json')).scripts as Record<string, string>);
    const named = new Set<string>();
    for (const file of DOCS) {
      for (const m of text(file).matchAll(/npm run (?:--silent )?([a-z][\w:-]*)/g)) named.add(m[1]);
    }
    expect(named.size).toBeGreaterThan(3);
    expect([...named].filter((s) => !scripts.includes(s))).toEqual([]);
  });

  it('no issue number stands in src, test, e2e or the docs', () => {
    const pattern = /issue ?#?[0-9]+|#[0-9]{2}\b/i;
    const hits: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const rel = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(rel);
        else if (/\.(ts|mjs|js|md|html|css)$/.test(entry.name)) {
          text(rel)
            .split('\n')
            .forEach((line, i) => {
              if (pattern.test(line)) hits.push(`${rel}:${i + 1}: ${line.trim().slice(0, 80)}`);
            });
        }
      }
    };
    for (const dir of ['src', 'test', 'e2e', 'docs']) walk(dir);
    for (const file of DOCS.filter((f) => !f.startsWith('docs/'))) {
      if (pattern.test(text(file))) hits.push(file);
    }
    expect(hits).toEqual([]);
  });
});
