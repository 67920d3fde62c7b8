import { modulePlugin } from '../../lib/module-plugin.js';
import { aboutRoutes } from './about.routes.js';
import { contactRoutes, faqsRoutes, helpArticlesRoutes } from './content.routes.js';
import { newsletterRoutes } from './newsletter.routes.js';
import { seoRoutes } from './seo.routes.js';

/** Content: help articles, FAQs and contact, the newsletter, About figures; and robots.txt and the sitemap at the root. */
export const contentModule = modulePlugin([helpArticlesRoutes, faqsRoutes, contactRoutes, newsletterRoutes, aboutRoutes], [seoRoutes]);
