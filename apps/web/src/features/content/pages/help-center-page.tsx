import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/components/page-states';
import { Alert } from '@/components/ui/alert';
import { HelpBrowse, HelpContactBanner, HelpResults, HelpSearchHero } from '../components/help-center-sections';
import { useHelpCenter } from '../use-help-center';

const ContactDialog = lazy(() => import('../components/contact-dialog'));

/** /helpcenter: the search, then what it finds or the topics, articles and questions; and a way to contact support. */
export default function HelpCenterPage() {
  const { t } = useTranslation('content');
  const help = useHelpCenter();
  const [contactOpen, setContactOpen] = useState(false);
  const [contactMounted, setContactMounted] = useState(false);

  const openContact = () => {
    setContactMounted(true);
    setContactOpen(true);
  };

  return (
    <>
      <HelpSearchHero query={help.query} onSearch={help.search} />

      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        {help.loading ? (
          <PageLoading label={t('help.loading')} />
        ) : help.failed ? (
          <Alert variant="error" role="alert" className="mt-8">
            {t('help.loadFailed')}
          </Alert>
        ) : help.searching ? (
          <HelpResults term={help.term} found={help.found} onSearch={help.search} />
        ) : (
          <HelpBrowse topics={help.topics} articles={help.found.articles} faqs={help.found.faqs} onSearch={help.search} />
        )}

        <HelpContactBanner onContact={openContact} />
      </div>
      {contactMounted ? (
        <Suspense fallback={null}>
          <ContactDialog open={contactOpen} onOpenChange={setContactOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
