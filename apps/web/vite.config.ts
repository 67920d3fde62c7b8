import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { chunkPreload } from './build/chunk-preload.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// What a visitor's first view of `/` runs: the entry, the storefront frame and the home page, with the
// modules of ours they import statically and the icons they draw. Every page loads the entry's modules
// and the frame's share them (buttons, the session, the cart count), so left to itself the bundler cuts
// them into a dozen small chunks, each a request that compresses worse on its own. They travel instead
// as one chunk, `storefront-shell`, beside the libraries' `vendor` chunk.
const ENTRY = src('main.tsx');
const FIRST_ROUTE_ROOTS = [ENTRY, src('app/storefront/storefront-layout.tsx'), src('app/storefront/home-page.tsx')];

type ModuleGraph = { getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null };
type FirstRoute = { modules: Set<string>; icons: Set<string> };
let firstRoute: FirstRoute | undefined;

const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;

function analyse(graph: ModuleGraph): FirstRoute {
  const modules = new Set<string>();
  const stack = [...FIRST_ROUTE_ROOTS];
  while (stack.length) {
    const id = stack.pop()!;
    if (modules.has(id)) continue;
    modules.add(id);
    // Libraries are not followed: a package's index names every module it has, used or not.
    if (!isLibrary(id)) stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  // The icons they draw: `ShoppingCartIcon` from lucide-react is its icons/shopping-cart module.
  const icons = new Set<string>();
  for (const id of modules) {
    if (isLibrary(id)) continue;
    const code = graph.getModuleInfo(id)?.code ?? '';
    for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
      for (const name of names!.split(',')) {
        const icon = /^\s*(\w+?)Icon\b/.exec(name)?.[1];
        if (icon) icons.add(icon.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase());
      }
    }
  }
  return { modules, icons };
}

function storefrontShell(id: string, graph: ModuleGraph) {
  firstRoute ??= analyse(graph);
  const icon = LUCIDE_ICON.exec(id)?.[1];
  if (icon) return firstRoute.icons.has(icon) ? 'storefront-shell' : null;
  // The entry keeps itself and the style sheet, which index.html links as one file.
  return !isLibrary(id) && id !== ENTRY && !id.endsWith('.css') && firstRoute.modules.has(id) ? 'storefront-shell' : null;
}

/** Records which chunks hold the first route's modules, for scripts/first-route-size.mjs. */
const recordFirstRoute = {
  name: 'meltway:first-route',
  apply: 'build' as const,
  buildStart() {
    firstRoute = undefined;
  },
  generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string }, _: unknown, bundle: Record<string, { type: string; fileName: string; moduleIds?: string[] }>) {
    const wanted = [...FIRST_ROUTE_ROOTS, src('locales/en/common.json'), src('locales/en/storefront.json')];
    const chunks = Object.values(bundle)
      .filter((chunk) => chunk.type === 'chunk' && chunk.moduleIds?.some((id) => wanted.includes(id)))
      .map((chunk) => chunk.fileName);
    this.emitFile({ type: 'asset', fileName: '.vite/first-route.json', source: `${JSON.stringify({ chunks }, null, 2)}\n` });
  },
};

/**
 * Names the Latin face of the font (src/fonts.css) for preloading in index.html: it is fetched beside the style
 * sheet rather than after it, so on most connections it is there before the text paints. When it is not, the
 * text keeps the system's face (`font-display: optional`) and nothing moves.
 */
const preloadFont = {
  name: 'meltway:preload-font',
  apply: 'build' as const,
  transformIndexHtml: {
    order: 'post' as const,
    handler(_html: string, ctx: { bundle?: Record<string, { fileName: string }> }) {
      const font = Object.values(ctx.bundle ?? {}).find((file) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file.fileName));
      if (!font) return [];
      return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' as const }];
    },
  },
};

// Which chunks a lazy import preloads beside the one it asks for (build/chunk-preload.ts).
const preload = chunkPreload();

// What every page runs, whatever it shows: React, the router, the translations, and the small helpers
// behind every button and icon (not the icons themselves, which travel with the pages that draw them).
const FRAMEWORK = new RegExp(
  [
    '[\\\\/]node_modules[\\\\/](?:',
    [
      '(?:react|react-dom|scheduler|react-router|i18next|react-i18next|clsx|class-variance-authority)[\\\\/]',
      '@radix-ui[\\\\/]react-(?:slot|compose-refs)[\\\\/]',
      'lucide-react[\\\\/]dist[\\\\/]esm[\\\\/](?:shared[\\\\/]|Icon|createLucideIcon|context|defaultAttributes)',
      '@tanstack[\\\\/]react-query[\\\\/]build[\\\\/]modern[\\\\/]QueryClientProvider',
    ].join('|'),
    ')',
  ].join(''),
);

// React Router's package names its development build for every import; the build takes the production
// one, the same code without the development warnings.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/'));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [preload.plugin, recordFirstRoute, preloadFont])],
  resolve: {
    // The shared package is consumed as TypeScript source, so the web never waits for its build.
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^use-sync-external-store\/shim$/, replacement: src('lib/use-sync-external-store-shim.ts') },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // The server's renderer (src/entry-server.tsx, built to dist-server/) carries everything it runs, in
  // production builds, so the API process loads one file and nothing from node_modules at request time.
  ssr: {
    noExternal: true,
    resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source', ...defaultServerConditions] },
  },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    // Every browser the es2022 target admits preloads modules itself. The page's HTML names no module to
    // preload: the server has rendered it, so on a slow network its style sheet, pictures and font come
    // first, and the script follows its small entry a moment later (a chunk loaded later preloads what it
    // imports through others: build/chunk-preload.ts).
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    rolldownOptions: isSsrBuild
      ? {
          // The server's one file holds every page, so the pages' lazy imports cannot split it: expected, not news.
          onLog(level, log, handler) {
            if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
          },
        }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'vendor', test: FRAMEWORK, priority: 2 },
                {
                  name: storefrontShell,
                  debugName: 'storefront-shell',
                  priority: 1,
                  // The libraries it uses stay in theirs (the vendor chunk, or with the pages that use them).
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
}));
