import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import { startLines, type StartFacts } from './start-summary.js';

/**
 * One logger configuration for every log line (start-up, requests, services through `ctx.log`, the mailer),
 * so that no line can hold a query's parameters, a password hash, a token, a bank number or a data URL,
 * whoever builds it. Errors keep what helps: their type, message, code, constraint, table, the SQL text
 * (placeholders, no values) and their frames.
 */

/** Keys whose values are replaced wherever they sit in a logged object. */
const SECRET_KEYS = new Set(
  [
    'password',
    'newPassword',
    'confirmPassword',
    'passwordHash',
    'password_hash',
    'token',
    'tokenHash',
    'token_hash',
    'access_token',
    'refresh_token',
    'accessToken',
    'refreshToken',
    'authorization',
    'cookie',
    'set-cookie',
    'bankingInfo',
    'banking_info',
    'accountHolderName',
    'transitNumber',
    'institutionNumber',
    'accountNumber',
    'voidCheque',
    // Query values (Drizzle, PGlite) and PostgreSQL's echo of a row or a key ("Failing row contains (...)").
    'params',
    'parameters',
    'detail',
    'where',
    'hint',
    'queryOptions',
  ].map((k) => k.toLowerCase()),
);

const REDACTED = '[redacted]';

/** Shapes of secrets in free text: messages, SQL, URLs, anything a string field carries. */
const TEXT_RULES: [RegExp, string][] = [
  // Drizzle puts every value of a failed query in its message: "Failed query: <sql>\nparams: <values>".
  [/\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g, ''],
  [/scrypt\$[\w$./+=-]*/g, `scrypt$${REDACTED}`],
  [/data:[\w.+/-]*;base64,[A-Za-z0-9+/=\s]*/gi, `[data URL ${REDACTED}]`],
  [/\beyJ[\w-]*\.[\w-]*\.[\w-]*/g, REDACTED],
  [/\b(Bearer\s+)[^\s"',]+/gi, `$1${REDACTED}`],
  [/([?&](?:token|refresh_token|access_token)=)[^&#\s"'<>]*/gi, `$1${REDACTED}`],
  // A secret field of JSON or of an object's text form ("accountNumber":"...", password: '...').
  [
    /(["']?\b(?:password\w*|token\w*|access_token|refresh_token|transitNumber|institutionNumber|accountNumber|accountHolderName)["']?\s*:\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,;&}\]]+)/gi,
    `$1"${REDACTED}"`,
  ],
  // Refresh, reset and newsletter tokens and their SHA-256: 256 bits in base64url, 43 characters.
  [/(?<![\w-])[\w-]{43}(?![\w-])/g, REDACTED],
];

/** Free text with every secret shape replaced. */
function scrubText(text: string): string {
  let out = text;
  for (const [rule, by] of TEXT_RULES) out = out.replace(rule, by);
  return out;
}

/** Fields of driver and HTTP errors that carry no values of the row or the request. */
const ERROR_FIELDS = ['code', 'errno', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'statusCode', 'syscall'] as const;
const MAX_DEPTH = 5;

/** An error as a log line may hold it: a copy made of known-safe fields only, causes included. */
export function safeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: scrubText(String(err)) };
  const e = err as Error & Record<string, unknown>;
  const type = e.constructor?.name || e.name || 'Error';
  const message = scrubText(e.message);
  const out: Record<string, unknown> = { type, message };
  for (const field of ERROR_FIELDS) {
    const v = e[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = typeof v === 'string' ? scrubText(v) : v;
  }
  // The SQL text (placeholders only), unless the message already shows it.
  if (typeof e.query === 'string' && !e.message.includes(e.query)) out.query = scrubText(e.query);
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  out.stack = [`${type}: ${message}`, ...frames].join('\n');
  if (depth < MAX_DEPTH) {
    if (e.cause !== undefined) out.cause = safeError(e.cause, depth + 1);
    if (Array.isArray(e.errors)) out.errors = e.errors.slice(0, 10).map((x) => safeError(x, depth + 1));
  }
  return out;
}

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * A logged value made safe: strings scrubbed, errors copied through `safeError`, secret keys replaced, plain
 * objects and arrays walked. Other objects (a request, a reply) are left to their serializers.
 */
function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return safeError(value);
  if (depth >= MAX_DEPTH) return Array.isArray(value) || isPlain(value) ? '[too deep]' : value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.has(k.toLowerCase()) ? REDACTED : scrubValue(v, depth + 1);
  return out;
}

/** The options of every pino logger of the API, at `level`. */
export function logOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: REDACTED },
    serializers: {
      req: (req: { method: string; url: string; ip: string }) => ({ method: req.method, url: scrubText(req.url), remoteAddress: req.ip }),
      err: (err: unknown) => (err instanceof Error ? safeError(err) : scrubValue(err)),
    },
    hooks: {
      // Every argument of every call, before pino reads it: `log.error(err)` takes its message from a safe copy.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        const safeFirst = first instanceof Error ? { err: safeError(first) } : scrubValue(first);
        const msg = first instanceof Error && rest.length === 0 ? [(safeFirst as { err: { message: string } }).err.message] : [];
        return method.apply(this, [safeFirst, ...msg, ...rest.map((a) => scrubValue(a))] as Parameters<typeof method>);
      },
    },
  };
}

/** API requests get one log line each; static files, web pages and the API's documentation none below `warn`. */
const isApiRequest = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Fastify's request lines as this app writes them: none when a request comes in, and once it is answered one
 * line for an API request (method, URL, client address, status, time in milliseconds). Routes that set
 * `logLevel: 'warn'` (health, metrics) write none; failures and stream errors keep Fastify's own lines.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    if (isApiRequest(request.url)) request.log.info({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
  }
}

type Line = { msg?: string; req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number; start?: StartFacts };

/** A log line's text in a terminal: a request as `GET /api/v1/products 200 3.1 ms`, the start with its facts beneath. */
function readableMessage(line: Line): string {
  if (line.req && line.res) return `${line.req.method} ${line.req.url} ${line.res.statusCode} ${line.responseTime ?? '?'} ms`;
  if (line.start) return [line.msg, ...startLines(line.start).map((l) => `    ${l}`)].join('\n');
  return line.msg ?? '';
}

/**
 * Where the log goes: readable lines (pino-pretty) when `format` says so, or with `auto` when the output is a
 * terminal; undefined for one JSON object a line on stdout, which is what log collectors read.
 */
export function logDestination(format: 'auto' | 'pretty' | 'json', out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): DestinationStream | undefined {
  if (format === 'json' || (format === 'auto' && !out.isTTY)) return undefined;
  const readable = pretty.prettyFactory({
    colorize: !!out.isTTY && pretty.isColorSupported,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime,start',
    messageFormat: (log) => readableMessage(log as Line),
  });
  // Formatted as it is logged, in order with what the process writes to stderr (the first admin's password).
  return { write: (line: string) => void out.write(readable(line)) };
}
