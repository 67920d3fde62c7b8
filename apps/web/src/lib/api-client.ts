import { languageOfPath, localizedPath } from './i18n';
import { SESSION_KEY, sessionStore } from './session';

/**
 * The shared contract's generic message (common/errors GENERIC_ERROR), repeated here because that module
 * brings zod with it and this client is in every page's first download. A unit test keeps them equal.
 */
export const GENERIC_ERROR = 'Something went wrong';

/** One problem of a request as the API reports it: the field, the message's code, its English text and values. */
export type ApiIssue = { path: string; code: string; message: string; params?: Record<string, string | number> };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];
  /** Values of the message's placeholders (a stock left, a field name). */
  readonly params: Record<string, string | number> | undefined;
  /** The lists `params` carries beside them (the lines a short stock names), by name; empty when none. */
  readonly lists: Record<string, Record<string, string | number>[]>;
  /** The message the server sent, if any; callers fall back to their own text otherwise. */
  readonly serverMessage: string | undefined;

  constructor(status: number, body: { message?: unknown; code?: unknown; params?: unknown; issues?: unknown } | null) {
    const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
    super(serverMessage ?? GENERIC_ERROR);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof body?.code === 'string' ? body.code : status === 0 ? 'NETWORK' : 'UNKNOWN';
    this.issues = Array.isArray(body?.issues) ? (body.issues as ApiIssue[]) : [];
    const params = body?.params && typeof body.params === 'object' ? Object.entries(body.params as Record<string, unknown>) : undefined;
    this.params = params ? (Object.fromEntries(params.filter(([, v]) => !Array.isArray(v))) as Record<string, string | number>) : undefined;
    this.lists = Object.fromEntries((params ?? []).filter(([, v]) => Array.isArray(v))) as Record<string, Record<string, string | number>[]>;
    this.serverMessage = serverMessage;
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** Requests that must not trigger a token refresh (sign-in, refresh and sign-out themselves). */
  skipAuthRefresh?: boolean;
  signal?: AbortSignal;
  /** Headers a route reads besides the body (`Idempotency-Key`). */
  headers?: Record<string, string>;
};

let onSessionExpired: () => void = () => {
  window.location.assign(localizedPath('/login', languageOfPath(window.location.pathname)));
};

let transport: typeof fetch = (input, init) => fetch(input, init);

/** The server, rendering a page, answers the page's requests itself instead of over the network. */
export function setApiTransport(next: typeof fetch) {
  transport = next;
}

/** `fetch` for the API's own addresses, for the few calls that read more than the body (a total in a header). */
export const apiFetch: typeof fetch = (input, init) => transport(input, init);

/** The router registers how to go to the sign-in page once a session cannot be renewed. */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

function buildUrl(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(method: string, path: string, options: RequestOptions, accessToken: string | undefined) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await transport(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
}

let refreshing: Promise<string> | null = null;

/** The session as storage holds it now (another tab may have written it), else this tab's copy. */
function storedSession() {
  try {
    if (localStorage.getItem(SESSION_KEY)) sessionStore.reload();
  } catch {
    // Storage refused: this tab's own copy is all there is.
  }
  return sessionStore.get();
}

async function runRefresh(spentToken: string | undefined): Promise<string> {
  try {
    // Another tab may have renewed the session while this one waited: its tokens are already stored.
    const stored = storedSession();
    if (stored && spentToken !== undefined && stored.refresh_token !== spentToken && stored.access_token) {
      return stored.access_token;
    }
    const refreshToken = stored?.refresh_token;
    if (!refreshToken) throw new ApiError(401, { message: 'No refresh token', code: 'UNAUTHORIZED' });
    const response = await send('POST', '/api/v1/users/refresh', { body: { refresh_token: refreshToken } }, undefined);
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, asErrorBody(body));
    const tokens = body as { access_token: string; refresh_token: string };
    sessionStore.setTokens({ access_token: tokens.access_token, refresh_token: tokens.refresh_token });
    return tokens.access_token;
  } catch (error) {
    sessionStore.clear();
    onSessionExpired();
    throw error;
  }
}

type LockManager = { request: <T>(name: string, callback: () => Promise<T>) => Promise<T> };

/** Web Locks where the browser has them: the server treats a refresh token spent twice as stolen. */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManager }).locks : undefined;
  return locks ? locks.request('meltway-refresh', task) : task();
}

/**
 * Parallel 401s wait for the same refresh, and tabs take turns, so a rotated refresh token is only
 * spent once; `spentToken` is the refresh token the failed request was made with.
 */
function refreshAccessToken(spentToken: string | undefined): Promise<string> {
  refreshing ??= acrossTabs(() => runRefresh(spentToken)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function asErrorBody(body: unknown) {
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
}

type Sender = (accessToken: string | undefined) => Promise<Response>;

/** Sends with the stored access token; on a 401, renews the session once and sends again. */
async function authorised(sendWith: Sender, skipAuthRefresh = false): Promise<Response> {
  const session = sessionStore.get();
  let response = await sendWith(session?.access_token);

  if (response.status === 401 && session && !skipAuthRefresh) {
    const token = await refreshAccessToken(session.refresh_token);
    response = await sendWith(token);
  }
  return response;
}

async function parsed<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, asErrorBody(body));
  return body as T;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return parsed<T>(await authorised((token) => send(method, path, options, token), options.skipAuthRefresh));
}

export type UploadOptions = {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** A multipart request through XMLHttpRequest, the one browser API that reports upload progress. */
function sendForm(method: string, path: string, form: FormData, options: UploadOptions, accessToken: string | undefined) {
  return new Promise<Response>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const empty = xhr.status === 204 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status }));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'query' | 'body'>) =>
    request<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
  /**
   * A multipart form (files and fields) sent with POST or PUT, reporting upload progress; the browser
   * sets the multipart boundary itself.
   */
  upload: async <T>(method: 'POST' | 'PUT', path: string, form: FormData, options: UploadOptions = {}): Promise<T> =>
    parsed<T>(await authorised((token) => sendForm(method, path, form, options, token))),
  /** A private file (a void cheque): fetched with the bearer token, never opened as a plain link. */
  blob: async (path: string, options?: Omit<RequestOptions, 'body'>): Promise<Blob> => {
    const response = await authorised((token) => send('GET', path, options ?? {}, token), options?.skipAuthRefresh);
    if (!response.ok) throw new ApiError(response.status, asErrorBody(await readBody(response)));
    return response.blob();
  },
};
