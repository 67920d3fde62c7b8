import { NewsletterTokenView } from '../components/newsletter-token-view';

export default function NewsletterUnsubscribePage() {
  return <NewsletterTokenView action="unsubscribe" />;
}
