import { useEffect } from 'react';
import type { Language } from '@meltway/shared/common/language';

/** The site as the server sees it while it writes a page's head: absolute addresses in the page's language. */
type HeadSite = { origin: string; lang: Language; url: (path: string) => string };

/** What a page says about itself for search engines and link previews, beyond its title and description. */
export type PageMetaExtra = {
  /** The page's one address (without language) when several lead to it: a product by id or by name. */
  path?: string;
  /** The picture a shared link shows: root-relative or absolute. */
  image?: string;
  type?: 'website' | 'product' | 'article';
  /** Structured data (JSON-LD); a function, so that only the server, which writes it, computes it. */
  jsonLd?: (site: HeadSite) => Record<string, unknown>[];
  noindex?: boolean;
};

export type CollectedHead = { title?: string; description?: string } & PageMetaExtra;

let headSink: ((head: CollectedHead) => void) | undefined;

/** The server collects, while it renders a page, what the page says about itself for the page's <head>. */
export function setPageHeadSink(sink: (head: CollectedHead) => void) {
  headSink = sink;
}

/** Hands the page's head to the server rendering it (in a browser, nothing collects it). */
export function reportPageHead(head: CollectedHead) {
  headSink?.(head);
}

export function useDocumentTitle(title: string | undefined) {
  reportPageHead({ title });
  useEffect(() => {
    if (!title) return;
    const next = `${title} · Meltway`;
    // The head the server wrote (canonical, language links, cards, structured data) is the first page's:
    // once another page shows, it would speak for the wrong one.
    if (next !== document.title) {
      for (const tag of document.head.querySelectorAll('[data-head]')) if (tag.tagName !== 'TITLE' && tag.getAttribute('name') !== 'description') tag.remove();
    }
    document.title = next;
  }, [title]);
}
