// Sums the gzipped JavaScript a visitor downloads for the storefront's first view of `/`: the entry chunk,
// the chunks holding the storefront frame and the home page, everything they import statically, and the
// English words of the common and storefront namespaces. The build records which chunks those are
// (dist/.vite/first-route.json, written by vite.config.ts). Run after `vite build`; over budget, it fails.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_KB = 130;

const dist = join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');
const record = join(dist, '.vite', 'first-route.json');
if (!existsSync(record)) {
  process.stderr.write(`${record} is missing: run \`vite build\` first\n`);
  process.exit(1);
}
const { chunks } = JSON.parse(readFileSync(record, 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry || !chunks.includes(`assets/${entry}`)) {
  process.stderr.write('the entry named by index.html is not among the recorded first-route chunks\n');
  process.exit(1);
}

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
}
for (const chunk of chunks) visit(chunk.replace(/^assets\//, ''));

let total = 0;
const rows = [...seen].map((f) => {
  const size = gzipSync(readFileSync(join(assets, f))).length;
  total += size;
  return [f, size];
});
rows.sort((a, b) => b[1] - a[1]);
for (const [f, size] of rows) process.stdout.write(`${(size / 1024).toFixed(1).padStart(7)} KB  ${f}\n`);
process.stdout.write(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped (budget ${BUDGET_KB} KB)\n`);
if (total > BUDGET_KB * 1024) {
  process.stderr.write(`over the ${BUDGET_KB} KB budget for the storefront first route\n`);
  process.exitCode = 1;
}
