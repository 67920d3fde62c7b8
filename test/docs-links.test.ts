import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, documentationFiles, linksOf, slug } from './docs-links.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = 'test/fixtures/docs-links/broken.md';

describe('the link checker', () => {
  it('makes the slugs GitHub makes', () => {
    expect(slug('Stack, and why')).toBe('stack-and-why');
    expect(slug('Checking it: `npm run cluster`')).toBe('checking-it-npm-run-cluster');
    expect(slug('Café & crème')).toBe('café--crème');
    expect(slug('snake_case and _emphasis_')).toBe('snake_case-and-emphasis');
    expect(slug('See [the API](api.md)')).toBe('see-the-api');
  });

  it('numbers repeated headings and skips code blocks', () => {
    const anchors = anchorsOf('# A\n\n## A\n\n```\n# B\n```\n\nC\n---\n');
    expect([...anchors].sort()).toEqual(['a', 'a-1', 'c']);
  });

  it('finds inline links, reference definitions and HTML links, never those in code', () => {
    const targets = linksOf('[a](x.md) `[b](y.md)` <a href="z.md">z</a>\n\n[ref]: <w.md>\n\n```\n[c](v.md)\n```\n').map((l) => l.target);
    expect(targets).toEqual(['x.md', 'z.md', 'w.md']);
  });

  it('reports a missing file and a missing heading, with their lines, and nothing that resolves', () => {
    expect(brokenLinks(root, [fixture])).toEqual([
      { file: fixture, line: 16, link: 'missing.md', reason: 'no such file or folder: test/fixtures/docs-links/missing.md' },
      { file: fixture, line: 16, link: 'target.md#no-such-heading', reason: 'no heading #no-such-heading in test/fixtures/docs-links/target.md' },
      { file: fixture, line: 18, link: './guide/missing.md', reason: 'no such file or folder: test/fixtures/docs-links/guide/missing.md' },
    ]);
  });
});

describe('README.md and docs/', () => {
  it('have no broken relative link', () => {
    const files = documentationFiles(root);
    expect(files).toContain('README.md');
    expect(files).toContain('docs/architecture.md');
    expect(brokenLinks(root, files)).toEqual([]);
  });
});
