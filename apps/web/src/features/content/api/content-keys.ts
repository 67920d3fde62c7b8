/** Query keys of the content domain; invalidate through these only. */
export const contentKeys = {
  all: ['content'] as const,
  helpArticles: () => [...contentKeys.all, 'help'] as const,
  helpArticle: (slug: string) => [...contentKeys.all, 'help', slug] as const,
  faqs: () => [...contentKeys.all, 'faq'] as const,
  aboutFigures: () => [...contentKeys.all, 'about', 'figures'] as const,
};
