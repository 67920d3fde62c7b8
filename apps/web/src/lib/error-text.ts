import { useCallback, useEffect, useMemo, useReducer } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { whenIdleAfterLoad } from './when-idle';

/**
 * The namespaces holding the shared messages, one per domain (`<domain>:messages.<key>`). Kept here as
 * names only: the shared catalogue itself is heavier and stays out of the pages that merely show errors.
 */
export const MESSAGE_NAMESPACES = ['common', 'accounts', 'catalogue', 'content', 'commerce', 'academy', 'installers'] as const;

type Params = Record<string, string | number>;

const isMessageNamespace = (namespace: string) => (MESSAGE_NAMESPACES as readonly string[]).includes(namespace);

/** The translation key of a message code (`commerce.notEnoughStock` → `commerce:messages.notEnoughStock`), if it is one. */
export function messageKey(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const dot = code.indexOf('.');
  const domain = code.slice(0, dot);
  if (dot <= 0 || dot === code.length - 1 || !isMessageNamespace(domain)) return undefined;
  return `${domain}:messages.${code.slice(dot + 1)}`;
}

/** A message by its code in the reader's language, its values filled in; `defaultValue` when the code is not ours. */
export function codeText(t: TFunction, code: string | undefined, params: Params | undefined, defaultValue: string): string {
  const key = messageKey(code);
  return key ? t(key, { ...params, defaultValue }) : defaultValue;
}

/**
 * What went wrong, in the reader's language, found by the error's code: the code's translation, else the
 * server's own message, else `fallback`. A network failure, an unknown code or anything that is not an
 * answer of the API gives `fallback` (or the generic message).
 */
export function errorText(t: TFunction, error: unknown, fallback?: string): string {
  const otherwise = fallback ?? t('common:messages.generic');
  if (!(error instanceof ApiError) || error.status === 0 || !messageKey(error.code)) return otherwise;
  // A refused body's code is its first issue's: the values may come with that issue only.
  const params = error.params ?? error.issues.find((issue) => issue.code === error.code)?.params;
  return codeText(t, error.code, params, error.serverMessage ?? otherwise);
}

/** Loads the message namespaces the reader's language does not have yet; resolves when they are there. */
function loadMessageNamespaces(i18n: I18n): Promise<void> {
  const missing = MESSAGE_NAMESPACES.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  return missing.length ? i18n.loadNamespaces(missing) : Promise.resolve();
}

const scheduled = new WeakSet<I18n>();

/** Once a page, when it has loaded and the browser is idle: the messages are there before much can go wrong. */
function loadMessageNamespacesWhenIdle(i18n: I18n) {
  if (scheduled.has(i18n)) return;
  scheduled.add(i18n);
  whenIdleAfterLoad(() => void loadMessageNamespaces(i18n).catch(() => scheduled.delete(i18n)));
}

/**
 * A `t` for the shared messages (`<domain>:messages.<key>`) beside the component's own words (`namespaces`,
 * awaited as `useTranslation` awaits them).
 * The message namespaces are not a page's words: a page shows a message only once something went wrong, so it
 * neither waits for them before it shows nor has the browser fetch them before it takes over the server's HTML
 * (six of them, some 50 KB of script, on the layout generator). They load when the browser is first idle. A
 * message asked for before its namespace is there is the caller's fallback (the server's English, at worst) and
 * the component renders again once it has come; on the server, a message written into the page names its
 * namespace among the page's, so the browser has it before it hydrates.
 */
export function useMessageT(namespaces: string | readonly string[] = 'common'): { t: TFunction; i18n: I18n } {
  const { t, i18n } = useTranslation(namespaces);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => loadMessageNamespacesWhenIdle(i18n), [i18n]);
  const messageT = useMemo(
    () =>
      ((key: string, options?: object) => {
        const colon = key.indexOf(':');
        const namespace = colon > 0 ? key.slice(0, colon) : '';
        if (isMessageNamespace(namespace)) {
          i18n.reportNamespaces?.addUsedNamespaces([namespace]);
          if (!i18n.hasLoadedNamespace(namespace)) void loadMessageNamespaces(i18n).then(rerender, () => undefined);
        }
        return t(key, options as never);
      }) as TFunction,
    [t, i18n],
  );
  return { t: messageT, i18n };
}

/** `errorText` bound to the reader's language (see `useMessageT` for when the messages load). */
export function useErrorText() {
  const { t } = useMessageT();
  return useCallback((error: unknown, fallback?: string) => errorText(t, error, fallback), [t]);
}

export type ServerIssueOptions<F extends FieldValues> = {
  /** The form's fields the server's issues may name (any path the server names when not given); issues elsewhere are left to the toast. */
  fields?: readonly Path<F>[];
  /** Server paths that a form names otherwise (a help article's `title` is its form's `name`). */
  rename?: Readonly<Record<string, Path<F>>>;
  /** File fields ('image', 'logo'): their issues, and a 413, go to `onFileError` rather than to a form field. */
  fileFields?: readonly string[];
  onFileError?: (message: string) => void;
};

/**
 * Puts an API error's issues on the form's fields, each in the reader's language by its code; true when
 * at least one landed somewhere the reader sees it, so the caller toasts only what no field shows.
 */
export function showServerIssues<F extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<F>,
  options: ServerIssueOptions<F> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 413 && options.onFileError) {
    options.onFileError(errorText(t, error));
    return true;
  }
  let shown = false;
  for (const issue of error.issues) {
    const text = codeText(t, issue.code, issue.params, issue.message || errorText(t, error));
    const field = options.rename?.[issue.path] ?? issue.path;
    if (options.fileFields?.includes(field) && options.onFileError) {
      options.onFileError(text);
      shown = true;
    } else if (field && (!options.fields || (options.fields as readonly string[]).includes(field))) {
      setError(field as Path<F>, { type: 'server', message: text }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

/** `showServerIssues` bound to the reader's language. */
export function useServerIssues() {
  const { t } = useMessageT();
  return useCallback(
    <F extends FieldValues>(error: unknown, setError: UseFormSetError<F>, options?: ServerIssueOptions<F>) =>
      showServerIssues(t, error, setError, options),
    [t],
  );
}
