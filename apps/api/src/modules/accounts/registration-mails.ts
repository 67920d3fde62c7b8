import type { Language } from '@meltway/shared/common/language';
import { translator } from '../../lib/i18n.js';
import type { Mail } from '../../lib/mailer.js';

type Applicant = { id: string; email: string; fullname: string; role: string; companyName?: string | null };

const words = (locale: Language) => translator(locale, 'accounts', 'registration');
const roleName = (role: string, locale: Language) => words(locale)(`roles.${role === 'dealer' ? 'dealer' : 'contractor'}`);

/** "Application received": to the dealer or contractor who registered, in the language it registered in. */
export function applicationReceivedMail(applicant: Applicant, locale: Language, publicUrl: string): Mail {
  const t = words(locale);
  const received = t('received', {
    role: roleName(applicant.role, locale),
    reviewer: t(applicant.role === 'contractor' ? 'reviewerOfContractor' : 'reviewerOfDealer'),
    link: `${publicUrl}${locale === 'fr' ? '/fr' : ''}/login`,
  });
  return {
    to: applicant.email,
    subject: t('receivedSubject'),
    text: `${t('hello', { name: applicant.fullname })}\n\n${received}\n\nMeltway`,
  };
}

/** Where the applicant is approved: the dealers page's pending list, or the contractor's own page. */
const decisionLink = (applicant: Applicant, publicUrl: string) =>
  applicant.role === 'dealer' ? `${publicUrl}/dashboard/dealers` : `${publicUrl}/dashboard/customers/details?id=${applicant.id}`;

/** The notice to one who may decide the application (an admin, or the contractor's chosen dealer), in both languages. */
export function applicationNoticeMail(to: { email: string; fullname: string }, applicant: Applicant, publicUrl: string): Mail {
  const link = decisionLink(applicant, publicUrl);
  const who = `${applicant.fullname}${applicant.companyName ? ` (${applicant.companyName})` : ''} <${applicant.email}>`;
  const [en, fr] = [words('en'), words('fr')];
  const half = (t: typeof en, locale: Language) => `${t('hello', { name: to.fullname })}\n\n${t('notice', { applicant: who, role: roleName(applicant.role, locale) })}\n\n${link}`;
  return {
    to: to.email,
    subject: `${en('noticeSubject', { role: roleName(applicant.role, 'en'), name: applicant.fullname })} / ${fr('noticeSubject')}`.replace(/[\r\n]+/g, ' '),
    text: `${half(en, 'en')}\n\n---\n\n${half(fr, 'fr')}\n\nMeltway`,
  };
}
