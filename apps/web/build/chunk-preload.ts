/** What the build knows of its chunks: what each imports statically, and every chunk the entry loads. */
export type ChunkGraph = { imports: Map<string, readonly string[]>; entry: Set<string> };

type BundleFile = { type: string; fileName: string; isEntry?: boolean; imports?: string[] };

/** The graph of a finished bundle (Rollup's `generateBundle` hands it over). */
export function chunkGraphOf(bundle: Record<string, BundleFile>): ChunkGraph {
  const graph: ChunkGraph = { imports: new Map(), entry: new Set() };
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  for (const chunk of chunks) graph.imports.set(chunk.fileName, chunk.imports ?? []);
  const stack = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (stack.length) {
    const file = stack.pop()!;
    if (graph.entry.has(file)) continue;
    graph.entry.add(file);
    stack.push(...(graph.imports.get(file) ?? []));
  }
  return graph;
}

/**
 * What a lazy import of `file` preloads beside it, of the `deps` Vite lists (every chunk it imports, at any depth):
 * the chunks it imports only through others, which the browser would otherwise find one round trip per level later.
 * Not `file` itself nor what it imports directly (the browser asks for those as soon as it reads it, one round trip
 * after it), nor what the entry loaded (already there). Each preload is a `<link>` the page adds while it starts: the
 * layout generator's route had 47 of them, and now has 13.
 */
export function preloadedDependencies(graph: ChunkGraph, file: string, deps: readonly string[]): string[] {
  const direct = new Set(graph.imports.get(file) ?? []);
  return deps.filter((dep) => dep !== file && !direct.has(dep) && !graph.entry.has(dep));
}

/**
 * Records the bundle's graph for Vite's `modulePreload.resolveDependencies`, which runs once the bundle is complete:
 * this plugin runs before Vite's (`enforce: 'pre'`), so the graph is there when Vite writes its preload lists.
 */
export function chunkPreload() {
  let graph: ChunkGraph = { imports: new Map(), entry: new Set() };
  return {
    plugin: {
      name: 'meltway:chunk-graph',
      apply: 'build' as const,
      enforce: 'pre' as const,
      generateBundle(_: unknown, bundle: Record<string, BundleFile>) {
        graph = chunkGraphOf(bundle);
      },
    },
    resolveDependencies: (file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
      // The page's HTML names no module to preload (see vite.config.ts).
      hostType === 'html' ? [] : preloadedDependencies(graph, file, deps),
  };
}
