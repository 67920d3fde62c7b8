import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteHandlerMethod } from 'fastify';
import type { CacheDomain, CacheVersions } from '../lib/cache-versions.js';
import { TtlCache } from '../lib/ttl-cache.js';
import type { Language } from '@meltway/shared/common/language';


/** What the web's server renderer (apps/web/src/entry-server.tsx) gives for an address. */
type RenderedPage =
  | { kind: 'page'; status: number; language: Language; html: string; head: string; state: string | null; keep: boolean }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'client'; status: number; language: Language };
type Renderer = (url: string) => Promise<RenderedPage>;
type RendererModule = { createRenderer(options: { fetch: typeof fetch; origin: string }): Promise<Renderer> };

/** A page as sent: its bytes (plain, gzip, brotli), status and entity tag, or where it moved. */
type Sent = { status: number; body: Buffer; gzip: Buffer; br: Buffer; etag: string } | { status: number; location: string };

/** The domains whose writes change what a public page shows: a write to any of them retires every kept page. */
const PAGE_DOMAINS: CacheDomain[] = ['catalogue', 'academy', 'users', 'content'];

export type WebPagesOptions = {
  /** The built web app (index.html and its assets). */
  webDist: string;
  /** The built server renderer; without it every page is the empty frame the browser fills. */
  serverEntry: string;
  origin: string;
  /** The answer to an address no route has that is not a page (an unknown API path, a missing file). */
  notFound: RouteHandlerMethod;
  ttlMs?: number;
  maxEntries?: number;
  /** The video lessons' embed address (VIDEO_EMBED_URL), given to the web in every page's head. */
  videoEmbedUrl?: string;
};

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const LOCALE_TAGS: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA' };

/**
 * Whether a request asks for a page of the site: a GET or HEAD outside the API and the uploads, and not for a
 * file. A missing script or image must not get a page: a browser still holding an old build would run HTML as code.
 */
function asksForPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || pathname.startsWith('/assets/')) return false;
  return !/\.[a-z0-9]+$/i.test(pathname);
}

const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * A rendered page is complete in its HTML, so its script waits for it: the entry is imported once the
 * browser has painted the page's content (its first contentful paint), or at once in a hidden tab, which
 * paints nothing, and after a second at the latest. A phone on a slow network shows the page without
 * sharing its bandwidth with the scripts, and their work never holds that paint back. Gives the inline
 * module that does it, or null when the built index.html names no entry.
 */
function paintFirstEntry(template: string): { tag: string; code: string } | null {
  const match = ENTRY_TAG.exec(template);
  if (!match) return null;
  const code = [
    "if (document.visibilityState !== 'hidden') await new Promise((painted) => {",
    "  try { new PerformanceObserver((list) => { if (list.getEntriesByName('first-contentful-paint').length) painted(); }).observe({ type: 'paint', buffered: true }); } catch {}",
    '  setTimeout(painted, 1000);',
    '});',
    `import(${JSON.stringify(match[1])});`,
  ].join('\n');
  return { tag: match[0], code };
}

const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/**
 * The page's policy admits scripts from the site only, and by their hash ('sha256-…') the inline scripts of
 * the built index.html (the one that marks a page as not yet taken over and sets its colour scheme before it
 * paints) and the one that starts a rendered page's script after its first paint. Nothing else inline runs.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const file = path.join(webDist, 'index.html');
  if (!existsSync(file)) return [];
  const template = readFileSync(file, 'utf8');
  const hashes = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => hashOf(code!));
  const entry = paintFirstEntry(template);
  return entry ? [...hashes, hashOf(entry.code)] : hashes;
}

/**
 * The page around what was rendered: the address's language, the rendered head tags in place of the template's
 * title and description, the HTML in the root, the data it was rendered from, and the first-paint entry inlined.
 */
function framing(template: string, entry: ReturnType<typeof paintFirstEntry>) {
  return (language: Language, head = '', html = '', state: string | null = null) => {
    let page = template.replace('<html lang="en-CA">', `<html lang="${LOCALE_TAGS[language]}">`);
    if (head) page = page.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>\n?\s*/, '').replace('</head>', `${head}\n  </head>`);
    const data = state === null ? '' : `<script type="application/json" id="server-state">${state}</script>`;
    if (html && entry) page = page.replace(entry.tag, `<script type="module">${entry.code}</script>`);
    return page.replace('<div id="root"></div>', `<div id="root">${html}</div>${data}`);
  };
}

/**
 * A page made to be sent, compressed once, when it is made: a phone on a slow network gets a fifth of the bytes,
 * and a kept page costs no compression per request.
 */
function sent(status: number, text: string): Sent {
  const body = Buffer.from(text);
  return {
    status,
    body,
    gzip: gzipSync(body, { level: 6 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

/** A page answered: a redirect, a 304 to a matching ETag, or the page in the best encoding the request accepts. */
function send(request: FastifyRequest, reply: FastifyReply, page: Sent) {
  if ('location' in page) return reply.redirect(page.location, page.status);
  reply.header('cache-control', 'public, no-cache').header('etag', page.etag).header('vary', 'Accept-Encoding');
  const tags = request.headers['if-none-match'];
  if (page.status === 200 && tags && tags.split(',').some((t) => t.trim().replace(/^W\//, '') === page.etag)) {
    return reply.status(304).send();
  }
  reply.status(page.status).type('text/html; charset=utf-8');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.body);
}

/**
 * The site's HTML, at every address no route has. Public pages come rendered on the server, in the address's
 * language, with the data they show and their head tags, then the browser takes them over; the rest is the
 * frame the browser fills. Pages are kept like the public API answers, under the address and the versions of
 * the domains they show (the same invalidation), so a page costs one lookup while nothing it shows has changed:
 * a kept page is sent from the `onRequest` hook of the not-found handler's own scope, as a kept API answer is
 * from its route's, and only a page to render goes on to the handler.
 */
export async function registerWebPages(app: FastifyInstance, versions: CacheVersions, options: WebPagesOptions) {
  const built = readFileSync(path.join(options.webDist, 'index.html'), 'utf8');
  // Server settings the web reads from the page (apps/web/src/lib/server-settings.ts).
  const template = options.videoEmbedUrl ? built.replace('</head>', `  <meta name="video-embed-url" content="${attribute(options.videoEmbedUrl)}" />\n  </head>`) : built;
  const renderer = existsSync(options.serverEntry)
    ? await ((await import(pathToFileURL(options.serverEntry).href)) as RendererModule).createRenderer({
        origin: options.origin,
        fetch: (input, init) => inProcess(app, input, init),
      })
    : null;
  const kept = new TtlCache<Sent>(options.ttlMs ?? 30_000, options.maxEntries ?? 500, { name: 'pages' });

  const frame = framing(template, paintFirstEntry(template));

  async function build(url: string): Promise<{ sent: Sent; keep: boolean }> {
    const language: Language = /^\/fr(?=[/?#]|$)/i.test(url) ? 'fr' : 'en';
    if (!renderer) return { sent: sent(200, frame(language)), keep: false };
    let page: RenderedPage;
    try {
      page = await renderer(url);
    } catch (error) {
      // A page that cannot be rendered here still works: the browser renders it, and the fault is logged.
      app.log.error({ err: error, url }, 'server rendering failed');
      return { sent: sent(200, frame(language)), keep: false };
    }
    if (page.kind === 'redirect') return { sent: { status: page.status, location: page.location }, keep: true };
    if (page.kind === 'client') return { sent: sent(page.status, frame(page.language)), keep: false };
    return { sent: sent(page.status, frame(page.language, page.head, page.html, page.state)), keep: page.keep };
  }

  const inFlight = new Map<string, Promise<{ sent: Sent; keep: boolean }>>();

  const keyOf = (url: string) => {
    let key = '';
    for (const domain of PAGE_DOMAINS) key += `${versions.version(domain)} `;
    return key + url;
  };

  const sendKept: onRequestHookHandler = (request, reply, done) => {
    const page = asksForPage(request) ? kept.get(keyOf(request.url)) : undefined;
    if (!page) return done();
    send(request, reply, page);
  };

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const key = keyOf(request.url);
    let page = kept.get(key);
    if (!page) {
      let building = inFlight.get(key);
      if (!building) {
        building = build(request.url).finally(() => inFlight.delete(key));
        inFlight.set(key, building);
      }
      const built = await building;
      if (built.keep) kept.set(key, built.sent);
      page = built.sent;
    }
    return send(request, reply, page);
  }

  await app.register(async (site) => {
    site.addHook('onRequest', sendKept);
    site.setNotFoundHandler(function (request, reply) {
      return asksForPage(request) ? sendPage(request, reply) : options.notFound.call(this, request, reply);
    });
  });
}

/**
 * A request of the page being rendered, answered by this app's own routes without leaving the process. A GET
 * that moved (a help article's former slug) is followed, as a browser's fetch does, a few hops at most.
 */
async function inProcess(app: FastifyInstance, input: Parameters<typeof fetch>[0], init: RequestInit | undefined, hops = 0): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
  const answer = await app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url,
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
  });
  const location = answer.headers.location;
  if ((init?.method ?? 'GET') === 'GET' && [301, 302, 307, 308].includes(answer.statusCode) && typeof location === 'string' && location.startsWith('/') && hops < 3) {
    return inProcess(app, location, init, hops + 1);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const empty = answer.statusCode === 204 || answer.statusCode === 304;
  return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
}
