import type { Language } from '@meltway/shared/common/language';
import type { Mail } from '../../lib/mailer.js';

type Applicant = { id: string; email: string; fullname: string; role: string; companyName?: string | null };

const ROLE_NAMES = { en: { dealer: 'dealer', contractor: 'contractor' }, fr: { dealer: 'détaillant', contractor: 'entrepreneur' } } as const;
const roleName = (role: string, locale: Language) => ROLE_NAMES[locale][role === 'dealer' ? 'dealer' : 'contractor'];

/** "Application received": to the dealer or contractor who registered, in the language it registered in. */
export function applicationReceivedMail(applicant: Applicant, locale: Language, publicUrl: string): Mail {
  const role = roleName(applicant.role, locale);
  if (locale === 'fr') {
    return {
      to: applicant.email,
      subject: 'Meltway : nous avons bien reçu votre demande',
      text: `Bonjour ${applicant.fullname},\n\nNous avons bien reçu votre demande de compte ${role}. Elle sera examinée ${applicant.role === 'contractor' ? 'par votre détaillant ou par notre équipe' : 'par notre équipe'} ; vous recevrez un courriel dès qu'une décision sera prise, et pourrez alors vous connecter sur ${publicUrl}/fr/login\n\nMeltway`,
    };
  }
  return {
    to: applicant.email,
    subject: 'Meltway: we received your application',
    text: `Hello ${applicant.fullname},\n\nWe received your application for a ${role} account. ${applicant.role === 'contractor' ? 'Your dealer or our team' : 'Our team'} will review it; you will get a mail as soon as it is decided, and can then sign in at ${publicUrl}/login\n\nMeltway`,
  };
}

/** Where the applicant is approved: the dealers page's pending list, or the contractor's own page. */
const decisionLink = (applicant: Applicant, publicUrl: string) =>
  applicant.role === 'dealer' ? `${publicUrl}/dashboard/dealers` : `${publicUrl}/dashboard/customers/details?id=${applicant.id}`;

/** The notice to one who may decide the application (an admin, or the contractor's chosen dealer), in both languages. */
export function applicationNoticeMail(to: { email: string; fullname: string }, applicant: Applicant, publicUrl: string): Mail {
  const link = decisionLink(applicant, publicUrl);
  const who = `${applicant.fullname}${applicant.companyName ? ` (${applicant.companyName})` : ''} <${applicant.email}>`;
  return {
    to: to.email,
    subject: `New ${roleName(applicant.role, 'en')} application: ${applicant.fullname} / Nouvelle demande de compte`.replace(/[\r\n]+/g, ' '),
    text:
      `Hello ${to.fullname},\n\n${who} applied for a ${roleName(applicant.role, 'en')} account and waits for a decision. Approve or reject it here:\n\n${link}\n\n` +
      `---\n\nBonjour ${to.fullname},\n\n${who} a demandé un compte ${roleName(applicant.role, 'fr')} et attend une décision. Approuvez-la ou refusez-la ici :\n\n${link}\n\nMeltway`,
  };
}
