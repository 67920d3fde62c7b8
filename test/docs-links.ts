import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A relative link of a markdown file that leads nowhere. */
export type BrokenLink = { file: string; line: number; link: string; reason: string };

/** A link as written in a markdown file, with its line (1-based). */
export type Link = { target: string; line: number };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The lines of a markdown file outside fenced code blocks, with their numbers; lines inside a block are blanked. */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split(/\r?\n/).map((line) => {
    const opening = FENCE.exec(line)?.[1];
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = null;
      return '';
    }
    if (opening) {
      fence = opening;
      return '';
    }
    return line;
  });
}

/**
 * A heading's text as GitHub renders it, as far as its slug can tell: links and images give their words, HTML
 * tags and entities go, and so do `_emphasis_` underscores (every other mark is punctuation, which the slug drops).
 */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/&(?:[a-z]+|#\d+|#x[\da-f]+);/gi, '')
    .replace(/(^|[^\p{L}\p{N}_])(_{1,2})(?=\S)(.+?)(?<=\S)\2(?![\p{L}\p{N}_])/gu, '$1$3')
    .trim();
}

/** GitHub's slug of a heading (github-slugger): lower case, punctuation dropped, each space a hyphen. */
export function slug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a markdown file offers: one per heading (a repeated slug gets -1, -2, ...) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const lines = proseLines(markdown);
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const add = (text: string) => {
    const base = slug(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  };
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(line);
    if (atx) add(atx[1] ?? '');
    else if (/^ {0,3}(=+|-+)\s*$/.test(line) && i > 0 && lines[i - 1]!.trim() && !/^ {0,3}([-*+]|\d+[.)]|#{1,6})(\s|$)|^\s*\|/.test(lines[i - 1]!)) {
      add(lines[i - 1]!.trim());
    }
    for (const m of line.matchAll(/<[a-z][^>]*\s(?:id|name)=["']([^"']+)["']/gi)) anchors.add(m[1]!);
  });
  return anchors;
}

/** Every link target of a markdown file: inline links and images, reference definitions and HTML href/src. */
export function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  proseLines(markdown).forEach((line, i) => {
    const prose = line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, (code) => ' '.repeat(code.length));
    const found = [
      ...[...prose.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g)].map((m) => m[1]!),
      ...[...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/g)].map((m) => m[1]!),
      ...[...prose.matchAll(/<[a-z][^>]*\s(?:href|src)=["']([^"']+)["']/gi)].map((m) => m[1]!),
    ];
    for (const target of found) links.push({ target: target.replace(/^<|>$/g, ''), line: i + 1 });
  });
  return links;
}

/** A link that leaves the repository (http:, https:, mailto:, any other scheme, or protocol-relative). */
const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The broken relative links of `files` (paths relative to `root`): a file or folder that does not exist, or a
 * `#anchor` that no heading of the target markdown file (or of the file itself) has. A path starting with `/`
 * is read from `root`, as GitHub reads it from the repository's top.
 */
export function brokenLinks(root: string, files: readonly string[]): BrokenLink[] {
  const anchors = new Map<string, Set<string>>();
  const anchorsOfFile = (file: string) => {
    let set = anchors.get(file);
    if (!set) anchors.set(file, (set = anchorsOf(readFileSync(file, 'utf8'))));
    return set;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const absolute = path.resolve(root, file);
    for (const { target, line } of linksOf(readFileSync(absolute, 'utf8'))) {
      if (external(target)) continue;
      const hash = target.indexOf('#');
      const pathPart = decode((hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, ''));
      const fragment = hash < 0 ? null : decode(target.slice(hash + 1));
      const resolved = !pathPart ? absolute : pathPart.startsWith('/') ? path.join(root, pathPart) : path.resolve(path.dirname(absolute), pathPart);
      const report = (reason: string) => broken.push({ file, line, link: target, reason });
      if (!existsSync(resolved)) {
        report(`no such file or folder: ${path.relative(root, resolved) || '.'}`);
        continue;
      }
      if (fragment === null || !statSync(resolved).isFile() || !/\.md$/i.test(resolved)) continue;
      if (!anchorsOfFile(resolved).has(fragment)) report(`no heading #${fragment} in ${path.relative(root, resolved)}`);
    }
  }
  return broken;
}

/** The repository's documentation: README.md and every markdown file under docs/, as paths relative to `root`. */
export function documentationFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(rel);
      return entry.isFile() && entry.name.endsWith('.md') ? [rel] : [];
    });
  return ['README.md', ...(existsSync(path.join(root, 'docs')) ? walk('docs') : [])].sort();
}
