// Sums the gzipped JavaScript a visitor downloads for a route's first view: the entry chunk, the
// chunks of the given lazy modules, everything they import statically, and the English words of the
// common and storefront namespaces. Run after `vite build`; the budget is 150 KB.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const assets = join(import.meta.dirname, '..', 'dist', 'assets');
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const html = readFileSync(join(import.meta.dirname, '..', 'dist', 'index.html'), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
const prefixes = process.argv.slice(2).length ? process.argv.slice(2) : ['storefront-layout-', 'home-page-'];

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
}
visit(entry);
for (const prefix of prefixes) {
  const file = files.find((f) => f.startsWith(prefix));
  if (file) visit(file);
  else console.warn(`no chunk starts with ${prefix}`);
}
// Translation chunks are named after their namespace only; the English ones are told apart by a phrase.
for (const [prefix, phrase] of [['common-', 'Skip to content'], ['storefront-', 'Snowmelting systems']]) {
  const file = files.find((f) => f.startsWith(prefix) && readFileSync(join(assets, f), 'utf8').includes(phrase));
  if (file) visit(file);
}
let total = 0;
const rows = [...seen].map((f) => {
  const size = gzipSync(readFileSync(join(assets, f))).length;
  total += size;
  return [f, size];
});
rows.sort((a, b) => b[1] - a[1]);
for (const [f, size] of rows) process.stdout.write(`${(size / 1024).toFixed(1).padStart(7)} KB  ${f}` + "\n");
process.stdout.write(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped` + "\n");
if (total > 150 * 1024) {
  process.stderr.write('over the 150 KB budget for the storefront first route\n');
  process.exitCode = 1;
}
