import { academyMessages } from '../academy/messages.js';
import { accountsMessages } from '../accounts/messages.js';
import { catalogueMessages } from '../catalogue/messages.js';
import { commerceMessages } from '../cart-checkout/messages.js';
import { contentMessages } from '../content/messages.js';
import { designMessages } from '../design/messages.js';
import { installersMessages } from '../installers/messages.js';
import { commonMessages } from './messages.js';

/**
 * Every message a user can read, by domain. A message's code is `<domain>.<key>` (for example
 * `accounts.passwordsDoNotMatch`): the API sends it beside the English text, and the web translates
 * by it (`<domain>:messages.<key>`), never by the text. Codes are stable: rename a key only with its
 * translations.
 */
export const MESSAGES = {
  common: commonMessages,
  accounts: accountsMessages,
  catalogue: catalogueMessages,
  content: contentMessages,
  // cart-checkout, orders and payments answer under one wire namespace, `commerce` (cart-checkout/messages.ts).
  commerce: commerceMessages,
  academy: academyMessages,
  design: designMessages,
  installers: installersMessages,
} as const;

type Messages = typeof MESSAGES;
type MessageDomain = keyof Messages;
export type MessageCode = { [D in MessageDomain]: `${D}.${Extract<keyof Messages[D], string>}` }[MessageDomain];

/** Values put into a message's `{name}` placeholders. */
export type MessageParams = Record<string, string | number>;

// Some texts are shared by several domains ("Name is required"); the first domain in MESSAGES that
// has a text owns its code, so one text always yields the same code.
const codeByText = new Map<string, MessageCode>();
for (const [domain, messages] of Object.entries(MESSAGES)) {
  for (const [key, text] of Object.entries(messages)) {
    if (!codeByText.has(text)) codeByText.set(text, `${domain}.${key}` as MessageCode);
  }
}

/** The code of a message given by its English text (a schema's or a service's), if it is one of ours. */
export const codeOf = (text: string): MessageCode | undefined => codeByText.get(text);

/** The English text of a code, or undefined for a code this version does not know. */
export function textOf(code: string): string | undefined {
  const dot = code.indexOf('.');
  const messages = MESSAGES[code.slice(0, dot) as MessageDomain] as Record<string, string> | undefined;
  return messages?.[code.slice(dot + 1)];
}

/** Fills a message's `{name}` placeholders (values of other kinds, such as the lines a 409 names, fill none). */
export const formatMessage = (text: string, params?: Readonly<Record<string, unknown>>) =>
  params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
