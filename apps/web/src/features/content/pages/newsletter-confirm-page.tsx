import { NewsletterTokenView } from '../components/newsletter-token-view';

export default function NewsletterConfirmPage() {
  return <NewsletterTokenView action="confirm" />;
}
