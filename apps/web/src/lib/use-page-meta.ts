import { useEffect } from 'react';
import { reportPageHead, useDocumentTitle, type PageMetaExtra } from '@/lib/use-document-title';

/**
 * The page's document title and meta description (search results and link previews show them). The
 * server also writes the rest of the page's head from them and `extra`: canonical and language links,
 * Open Graph and Twitter cards, structured data.
 */
export function usePageMeta(title: string | undefined, description: string | undefined, extra?: PageMetaExtra) {
  useDocumentTitle(title);
  reportPageHead({ description, ...extra });
  useEffect(() => {
    if (!description) return;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [description]);
}
