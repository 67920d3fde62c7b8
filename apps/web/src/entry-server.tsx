/// <reference types="node" />
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router';
import { dehydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ApiError, setApiTransport } from '@/lib/api-client';
import { basenameFor, i18n as sharedI18n, languageOfPath, LANGUAGES, pathWithoutLanguage, setLanguageSource, type Language } from '@/lib/i18n';
import { provideQueryClientFactory } from '@/lib/lazy-query-client';
import { headTags, pageUrl } from '@/lib/page-head';
import { organizationJsonLd } from '@/lib/structured-data';
import { setPageHeadSink, type CollectedHead } from '@/lib/use-document-title';
import { AppFrame } from './app/app';
import type { RenderHandle } from './app/route-helpers';
import { loadAllTrees, routesWith } from './app/router';
import { serializeServerState, type ServerState } from './app/server-state';

/** What a page looks like as the server sends it. */
export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      language: Language;
      /** The page's markup, for <div id="root">. */
      html: string;
      /** The page's <head> tags: title, description, canonical and language links, cards, structured data. */
      head: string;
      /** The JSON the client takes over with (`serverState`), or none when the client renders on its own. */
      state: string | null;
      /** Whether the page may be kept and sent again until what it shows changes. */
      keep: boolean;
    }
  | { kind: 'redirect'; status: number; location: string }
  /** A page the browser renders (signed-in pages, the dashboard): the server sends the empty frame. */
  | { kind: 'client'; status: number; language: Language };

export type RendererOptions = {
  /** Answers the page's API requests (the server's own routes, in process). */
  fetch: typeof fetch;
  /** The site's address, for absolute URLs. */
  origin: string;
};

type RenderScope = { language: Language; head: CollectedHead };
const scope = new AsyncLocalStorage<RenderScope>();

// Words of both languages, all namespaces, in memory: a render never waits for them.
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const resources: Resource = {};
for (const [file, words] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file)!;
  (resources[language!] ??= {})[namespace!] = words;
}
const namespaces = [...new Set(Object.values(resources).flatMap((byNamespace) => Object.keys(byNamespace)))];

async function wordsIn(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    resources,
    ns: namespaces,
    defaultNS: 'common',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** Pages asked for data while rendering: fetched here, then the page is rendered again with it. */
const unfetched = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query));

function isEnabled(query: Query) {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

const MAX_PASSES = 4;

async function readAll(stream: AsyncIterable<unknown>) {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
  return text + decoder.decode();
}

/** The record a page shows does not exist: none by that name (404, 410), or an address no record can have (400, 414). */
function isMissing(query: Query) {
  const error = query.state.error;
  return error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 410 || error.status === 414);
}

/**
 * The server's renderer of the public pages: the same routes and components as the browser's, rendered
 * with React's static renderer once the data they ask for is in, in the address's language.
 */
export async function createRenderer(options: RendererOptions) {
  setApiTransport(options.fetch);
  setLanguageSource(() => scope.getStore()?.language);
  setPageHeadSink((head) => {
    const collected = scope.getStore()?.head;
    if (!collected) return;
    for (const [key, value] of Object.entries(head)) if (value !== undefined) (collected as Record<string, unknown>)[key] = value;
  });
  // Route modules wait for the browser's query client; here each render has its own, handed down by context.
  provideQueryClientFactory(() => Promise.resolve(new QueryClient()));
  await sharedI18n.init({ lng: 'en', resources, ns: namespaces, defaultNS: 'common', fallbackLng: false, interpolation: { escapeValue: false }, returnNull: false, initAsync: false });

  const routes: RouteObject[] = routesWith(await loadAllTrees());
  const handlers = Object.fromEntries(
    LANGUAGES.map((language) => [language, createStaticHandler(routes, { basename: basenameFor(language) })]),
  ) as Record<Language, ReturnType<typeof createStaticHandler>>;

  return async function render(url: string): Promise<RenderedPage> {
    const address = new URL(url, options.origin);
    const language = languageOfPath(address.pathname);
    const basename = basenameFor(language);
    const matches = matchRoutes(routes, address.pathname, basename);
    const leaf = matches?.at(-1)?.route.handle as RenderHandle | undefined;
    if (!matches || !leaf?.public) return { kind: 'client', status: leaf?.notFound || !matches ? 404 : 200, language };

    const context = await handlers[language].query(new Request(address));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    const router = createStaticRouter(handlers[language].dataRoutes, context);
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } },
    });
    const instance = await wordsIn(language);
    const app = (
      <StrictMode>
        <I18nextProvider i18n={instance}>
          <QueryClientProvider client={client}>
            <AppFrame>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppFrame>
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>
    );

    const head: CollectedHead = {};
    // Rendered until nothing new is asked for: each pass waits for the code it suspends on, then the data
    // it asked for is fetched. The last pass, with everything in, is rendered in one go, which writes no
    // inline script (the page's policy would refuse it) to reveal parts that came late.
    const html = await scope.run({ language, head }, async () => {
      for (let pass = 1; pass < MAX_PASSES; pass++) {
        await readAll((await prerenderToNodeStream(app)).prelude as AsyncIterable<unknown>);
        const wanted = unfetched(client);
        if (!wanted.length) break;
        await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
      }
      for (const key of Object.keys(head)) delete head[key as keyof CollectedHead];
      return renderToString(app);
    });

    const queries = client.getQueryCache().getAll();
    const missing = queries.some(isMissing) || leaf.notFound || context.statusCode === 404;
    // A page whose data could not be had renders in the browser, which can try again and say why.
    if (!missing && queries.some((query) => query.state.status === 'error')) return { kind: 'client', status: 200, language };
    const state: ServerState = {
      // A record found missing goes along with its error, so the browser takes over the not-found page as it stands.
      queries: dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' || isMissing(query) }),
      router: { loaderData: context.loaderData, actionData: context.actionData },
      namespaces: instance.reportNamespaces?.getUsedNamespaces() ?? ['common'],
    };
    const path = head.path ?? pathWithoutLanguage(address.pathname);
    const site = { origin: options.origin, lang: language, url: (to: string) => pageUrl(to, language, options.origin) };
    const jsonLd = [...(path === '/' ? [organizationJsonLd(options.origin)] : []), ...(missing ? [] : scope.run({ language, head }, () => head.jsonLd?.(site) ?? []))];
    return {
      kind: 'page',
      status: missing ? 404 : context.statusCode,
      language,
      html,
      head: headTags(
        { title: head.title ?? 'Meltway', description: head.description, path, lang: language, image: head.image, type: head.type, jsonLd, noindex: head.noindex || missing },
        options.origin,
      ),
      // A page whose router ended in an error (which the state does not carry) is rendered again by the browser.
      state: context.errors ? null : serializeServerState(state),
      keep: !leaf.live,
    };
  };
}

