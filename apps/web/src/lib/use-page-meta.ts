import { useEffect } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The page's document title and meta description (search results and link previews show them). */
export function usePageMeta(title: string | undefined, description: string | undefined) {
  useDocumentTitle(title);
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
