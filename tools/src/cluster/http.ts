/** Small HTTP helpers for the cluster checks: JSON in, status and JSON out, never throwing on a status. */

export type Answer<T = unknown> = { status: number; body: T; ms: number };

export type Call = {
  method?: string;
  token?: string;
  /** The client address the load balancer would pass on (TRUST_PROXY=1 makes the API count limits under it). */
  clientAddress?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
};

/** One request; the body is parsed as JSON when the answer says it is JSON. */
export async function call<T = unknown>(url: string, c: Call = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  if (c.clientAddress) headers['x-forwarded-for'] = c.clientAddress;
  if (c.json !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  const res = await fetch(url, {
    method: c.method ?? (c.json !== undefined || c.form ? 'POST' : 'GET'),
    headers,
    body: c.form ?? (c.json !== undefined ? JSON.stringify(c.json) : undefined),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  const body = (res.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as T) : (text as T);
  return { status: res.status, body, ms };
}

/** The bytes of a GET, with its status. */
export async function bytes(url: string): Promise<{ status: number; data: Buffer }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, data: Buffer.from(await res.arrayBuffer()) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `probe` answers true; false when `timeoutMs` passed first. */
export async function waitFor(probe: () => Promise<boolean>, timeoutMs: number, everyMs = 200): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return true;
    } catch {
      // Not up yet: try again.
    }
    if (Date.now() >= end) return false;
    await sleep(everyMs);
  }
}

type SignedIn = { id: string; access_token: string; refresh_token: string };

/** Signs in on one process, under a client address of its own (the per-address sign-in limit is not what is measured). */
export async function signIn(base: string, email: string, password: string, clientAddress: string): Promise<SignedIn> {
  const r = await call<SignedIn>(`${base}/api/v1/users/login`, { json: { email, password }, clientAddress });
  if (r.status !== 200) throw new Error(`sign-in of ${email} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}
