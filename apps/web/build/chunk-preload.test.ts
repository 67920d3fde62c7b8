import { describe, expect, it } from 'vitest';
import { chunkGraphOf, chunkPreload, preloadedDependencies } from './chunk-preload';

// An entry that loads the libraries and the frame; a page that imports a form (which imports a schema) and the libraries.
const bundle = {
  'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, imports: ['assets/vendor.js', 'assets/shell.js'] },
  'assets/vendor.js': { type: 'chunk', fileName: 'assets/vendor.js', imports: [] },
  'assets/shell.js': { type: 'chunk', fileName: 'assets/shell.js', imports: ['assets/vendor.js'] },
  'assets/page.js': { type: 'chunk', fileName: 'assets/page.js', imports: ['assets/form.js', 'assets/vendor.js'] },
  'assets/form.js': { type: 'chunk', fileName: 'assets/form.js', imports: ['assets/schema.js', 'assets/shell.js'] },
  'assets/schema.js': { type: 'chunk', fileName: 'assets/schema.js', imports: ['assets/vendor.js'] },
  'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
};
const everything = ['assets/page.js', 'assets/form.js', 'assets/schema.js', 'assets/vendor.js', 'assets/shell.js'];

describe('what a lazy chunk preloads', () => {
  it('knows what the entry loads, at any depth', () => {
    expect([...chunkGraphOf(bundle).entry].sort()).toEqual(['assets/index.js', 'assets/shell.js', 'assets/vendor.js']);
  });

  it('preloads only what the chunk imports through others', () => {
    expect(preloadedDependencies(chunkGraphOf(bundle), 'assets/page.js', everything)).toEqual(['assets/schema.js']);
  });

  it('leaves a chunk it does not know as Vite listed it, but for the chunk itself', () => {
    expect(preloadedDependencies(chunkGraphOf({}), 'assets/page.js', everything)).toEqual(everything.slice(1));
  });

  it('reads the graph the plugin recorded, and names nothing for the HTML', () => {
    const { plugin, resolveDependencies } = chunkPreload();
    plugin.generateBundle(undefined, bundle);
    expect(resolveDependencies('assets/page.js', everything, { hostType: 'js' })).toEqual(['assets/schema.js']);
    expect(resolveDependencies('assets/index.js', everything, { hostType: 'html' })).toEqual([]);
  });
});
