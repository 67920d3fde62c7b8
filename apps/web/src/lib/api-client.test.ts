import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR as SHARED_GENERIC_ERROR } from '@meltway/shared/common/errors';
import { api, ApiError, GENERIC_ERROR, setSessionExpiredHandler } from './api-client';
import { SESSION_KEY, sessionStore, type SessionUser } from './session';

const user = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', email: 'ada@x.ca', role: 'admin' } as SessionUser;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { url: string; method: string; auth: string | null; body: unknown };

function stubFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      auth: headers.get('Authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const refreshCalls = (calls: Call[]) => calls.filter((c) => c.url === '/api/v1/users/refresh');

describe('api client', () => {
  const expired = vi.fn();

  beforeEach(() => {
    expired.mockReset();
    setSessionExpiredHandler(expired);
    sessionStore.set({ user, access_token: 'old-access', refresh_token: 'old-refresh' });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('keeps its generic message equal to the shared contract', () => {
    expect(GENERIC_ERROR).toBe(SHARED_GENERIC_ERROR);
  });

  it('sends the bearer token and query parameters, and returns the body', async () => {
    const calls = stubFetch(() => json(200, { items: [] }));
    await expect(api.get('/api/v1/things', { role: 'dealer', page: 2, empty: undefined })).resolves.toEqual({ items: [] });
    expect(calls[0]).toMatchObject({ url: '/api/v1/things?role=dealer&page=2', auth: 'Bearer old-access' });
  });

  it('refreshes once on a 401, then retries with the new token', async () => {
    const calls = stubFetch(({ url, auth }) => {
      if (url === '/api/v1/users/refresh') return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
      return auth === 'Bearer new-access' ? json(200, { ok: true }) : json(401, { message: 'Please sign in', code: 'UNAUTHORIZED' });
    });

    await expect(api.post('/api/v1/orders', { a: 1 })).resolves.toEqual({ ok: true });

    expect(calls.map((c) => c.url)).toEqual(['/api/v1/orders', '/api/v1/users/refresh', '/api/v1/orders']);
    expect(refreshCalls(calls)[0]?.body).toEqual({ refresh_token: 'old-refresh' });
    expect(calls[2]).toMatchObject({ method: 'POST', auth: 'Bearer new-access', body: { a: 1 } });
    expect(sessionStore.get()).toMatchObject({ access_token: 'new-access', refresh_token: 'new-refresh', user });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({ refresh_token: 'new-refresh' });
    expect(expired).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is the caller’s error', async () => {
    const calls = stubFetch(({ url }) =>
      url === '/api/v1/users/refresh'
        ? json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })
        : json(401, { message: 'Please sign in', code: 'UNAUTHORIZED' }),
    );
    await expect(api.get('/api/v1/me')).rejects.toMatchObject({ status: 401, message: 'Please sign in' });
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls).toHaveLength(3);
  });

  it('shares one refresh between parallel 401s', async () => {
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const calls = stubFetch(async ({ url, auth }) => {
      if (url === '/api/v1/users/refresh') {
        await refreshGate;
        return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
      }
      return auth === 'Bearer new-access' ? json(200, { url }) : json(401, { code: 'UNAUTHORIZED', message: 'Please sign in' });
    });

    const results = Promise.all([api.get('/api/v1/a'), api.get('/api/v1/b'), api.delete('/api/v1/c')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.auth === 'Bearer old-access')).toHaveLength(3));
    releaseRefresh();

    await expect(results).resolves.toEqual([{ url: '/api/v1/a' }, { url: '/api/v1/b' }, { url: '/api/v1/c' }]);
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('clears the session, goes to sign-in and throws when the refresh fails', async () => {
    const calls = stubFetch(({ url }) =>
      url === '/api/v1/users/refresh'
        ? json(401, { message: 'Your session has expired. Please sign in again', code: 'UNAUTHORIZED' })
        : json(401, { message: 'Please sign in', code: 'UNAUTHORIZED' }),
    );
    const error = await api.get('/api/v1/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Your session has expired. Please sign in again' });
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('parallel requests whose refresh fails all fail, and sign-in is asked for once', async () => {
    stubFetch(({ url }) => json(401, { message: url, code: 'UNAUTHORIZED' }));
    const outcomes = await Promise.allSettled([api.get('/api/v1/a'), api.get('/api/v1/b')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(sessionStore.get()).toBeNull();
  });

  it('says "No refresh token" and clears the session when there is none', async () => {
    sessionStore.set({ user, access_token: 'old-access', refresh_token: '' });
    const calls = stubFetch(() => json(401, { message: 'Please sign in', code: 'UNAUTHORIZED' }));
    await expect(api.get('/api/v1/a')).rejects.toMatchObject({ status: 401, message: 'No refresh token' });
    expect(refreshCalls(calls)).toHaveLength(0);
    expect(sessionStore.get()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh without a stored user, or for sign-in itself', async () => {
    const calls = stubFetch(() => json(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    await expect(api.post('/api/v1/users/login', {}, { skipAuthRefresh: true })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    sessionStore.clear();
    await expect(api.get('/api/v1/a')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(calls)).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('gives the server message, its code and issues, else "Something went wrong"', async () => {
    stubFetch(({ url }) =>
      url.endsWith('/bad')
        ? json(400, { message: 'Invalid input', code: 'VALIDATION', issues: [{ path: 'email', message: 'Invalid email format' }] })
        : new Response('oops', { status: 500 }),
    );
    await expect(api.post('/api/v1/bad', {})).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Invalid input',
      issues: [{ path: 'email', message: 'Invalid email format' }],
    });
    const error = await api.get('/api/v1/boom').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, message: 'Something went wrong', serverMessage: undefined });
  });

  it('keeps placeholder values in params and the lists a refusal names (a short stock\'s lines) in lists', async () => {
    const lines = [{ productId: 'p1', sku: 'MAT-1', needed: 32, inStock: 28, inCart: 0 }];
    stubFetch(() => json(409, { message: 'Not enough stock', code: 'design.stockShort', params: { count: 1, lines } }));
    const error = (await api.post('/api/v1/designs/x/cart', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.params).toEqual({ count: 1 });
    expect(error.lists).toEqual({ lines });
    expect(new ApiError(400, { message: 'x', params: { stock: 3 } }).lists).toEqual({});
  });

  it('turns a network failure into an ApiError with the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/api/v1/a')).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: 'Something went wrong' });
  });

  it('fetches a private file as a blob with the bearer token, refreshing once on a 401', async () => {
    const calls = stubFetch(({ url, auth }) => {
      if (url === '/api/v1/users/refresh') return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
      return auth === 'Bearer new-access'
        ? new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } })
        : json(401, { code: 'UNAUTHORIZED' });
    });
    const blob = await api.blob('/api/v1/users/x/void-cheque');
    expect(blob.type).toBe('application/pdf');
    expect(calls.map((c) => c.auth)).toEqual(['Bearer old-access', null, 'Bearer new-access']);
  });

  it('gives a blob request’s refusal as an ApiError', async () => {
    stubFetch(() => json(404, { message: 'User not found', code: 'NOT_FOUND' }));
    await expect(api.blob('/api/v1/users/x/void-cheque')).rejects.toMatchObject({ status: 404, message: 'User not found' });
  });

  describe('upload', () => {
    type Sent = { method: string; url: string; auth: string | null; body: unknown };

    /** Stands in for the browser's XMLHttpRequest: answers each send with the handler's status and body. */
    function stubXhr(handler: (sent: Sent) => [number, unknown]) {
      const sent: Sent[] = [];
      class FakeXhr {
        status = 0;
        responseText = '';
        upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        onabort: (() => void) | null = null;
        private headers = new Map<string, string>();
        private call = { method: '', url: '' };
        open(method: string, url: string) {
          this.call = { method, url };
        }
        setRequestHeader(name: string, value: string) {
          this.headers.set(name, value);
        }
        abort() {
          this.onabort?.();
        }
        send(body: unknown) {
          const entry = { ...this.call, auth: this.headers.get('Authorization') ?? null, body };
          sent.push(entry);
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
          const [status, response] = handler(entry);
          this.status = status;
          this.responseText = JSON.stringify(response);
          queueMicrotask(() => this.onload?.());
        }
      }
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      return sent;
    }

    it('sends the form with the bearer token, reports progress and returns the body', async () => {
      const sent = stubXhr(() => [201, { id: 'p1' }]);
      const form = new FormData();
      form.append('name', 'Mat');
      const progress: number[] = [];
      const body = await api.upload<{ id: string }>('POST', '/api/v1/products', form, { onProgress: (f) => progress.push(f) });
      expect(body).toEqual({ id: 'p1' });
      expect(sent).toEqual([{ method: 'POST', url: '/api/v1/products', auth: 'Bearer old-access', body: form }]);
      expect(progress).toEqual([0.5, 1]);
    });

    it('renews the session once on a 401 and sends the form again', async () => {
      stubFetch(() => json(200, { access_token: 'new-access', refresh_token: 'new-refresh' }));
      const sent = stubXhr(({ auth }) => (auth === 'Bearer new-access' ? [200, { ok: true }] : [401, { code: 'UNAUTHORIZED' }]));
      await expect(api.upload('PUT', '/api/v1/products/p1', new FormData())).resolves.toEqual({ ok: true });
      expect(sent.map((s) => s.auth)).toEqual(['Bearer old-access', 'Bearer new-access']);
    });

    it('gives a refusal as an ApiError with the server message', async () => {
      stubXhr(() => [413, { message: 'Image must be 5 MB or smaller', code: 'PAYLOAD_TOO_LARGE' }]);
      await expect(api.upload('POST', '/api/v1/products', new FormData())).rejects.toMatchObject({
        status: 413,
        message: 'Image must be 5 MB or smaller',
      });
    });

    it('does not send when already aborted', async () => {
      const sent = stubXhr(() => [200, {}]);
      const controller = new AbortController();
      controller.abort();
      await expect(api.upload('POST', '/api/v1/x', new FormData(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
      expect(sent).toEqual([]);
    });
  });

  describe('across tabs', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('takes the shared lock to refresh', async () => {
      const names: string[] = [];
      vi.stubGlobal('navigator', {
        ...navigator,
        locks: { request: (name: string, task: () => Promise<unknown>) => (names.push(name), task()) },
      });
      const calls = stubFetch(({ url, auth }) => {
        if (url === '/api/v1/users/refresh') return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
        return auth === 'Bearer new-access' ? json(200, { ok: true }) : json(401, { code: 'UNAUTHORIZED' });
      });
      await expect(api.get('/api/v1/a')).resolves.toEqual({ ok: true });
      expect(names).toEqual(['meltway-refresh']);
      expect(refreshCalls(calls)).toHaveLength(1);
    });

    it('skips the refresh when another tab already renewed the tokens, and retries with the stored access token', async () => {
      // The other tab's refresh lands while this tab waits for the lock.
      vi.stubGlobal('navigator', {
        ...navigator,
        locks: {
          request: (_name: string, task: () => Promise<unknown>) => {
            localStorage.setItem(
              SESSION_KEY,
              JSON.stringify({ user, access_token: 'other-tab-access', refresh_token: 'other-tab-refresh' }),
            );
            return task();
          },
        },
      });
      const calls = stubFetch(({ url, auth }) => {
        if (url === '/api/v1/users/refresh') return json(401, { code: 'UNAUTHORIZED', message: 'replayed' });
        return auth === 'Bearer other-tab-access' ? json(200, { ok: true }) : json(401, { code: 'UNAUTHORIZED' });
      });

      await expect(api.get('/api/v1/a')).resolves.toEqual({ ok: true });

      expect(refreshCalls(calls)).toHaveLength(0);
      expect(calls.map((c) => c.auth)).toEqual(['Bearer old-access', 'Bearer other-tab-access']);
      expect(sessionStore.get()).toMatchObject({ refresh_token: 'other-tab-refresh' });
      expect(expired).not.toHaveBeenCalled();
    });

    it('falls back to the in-tab shared refresh without navigator.locks', async () => {
      vi.stubGlobal('navigator', { ...navigator, locks: undefined });
      const calls = stubFetch(({ url, auth }) => {
        if (url === '/api/v1/users/refresh') return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
        return auth === 'Bearer new-access' ? json(200, { ok: true }) : json(401, { code: 'UNAUTHORIZED' });
      });
      await expect(Promise.all([api.get('/api/v1/a'), api.get('/api/v1/b')])).resolves.toHaveLength(2);
      expect(refreshCalls(calls)).toHaveLength(1);
    });
  });
});
