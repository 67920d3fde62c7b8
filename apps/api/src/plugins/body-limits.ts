import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import type { ErrorBody } from '@meltway/shared/common/errors';
import { commonMessages } from '@meltway/shared/common/messages';
import { LARGE_BODY } from '../lib/body-limits.js';
import { ServiceBusyError } from '../lib/errors.js';
import { Semaphore } from '../lib/semaphore.js';

export type LargeBodyOptions = {
  /** Large bodies read (and parsed, and handled) at once. */
  atOnce: number;
  /** Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number;
};

/**
 * A large body costs several times its size in memory while it is read, decoded and parsed (a 13 MB sign-up
 * with two files: about 50 MB) and a few hundred milliseconds of the event loop; hundreds at once exhausted
 * the memory. So a large body is read only while one of two places is free: honest ones are rare (sign-ups
 * with files, course and quiz saves). Any other is refused at once, unread, with 503 and Retry-After. A queue
 * would only keep connections open to prolong the overload after them, and the client is told to come back.
 */
const LARGE_BODIES: LargeBodyOptions = { atOnce: 2, retryAfterSeconds: 5 };

/**
 * Reads large bodies (over LARGE_BODY, or of unknown length, on a route whose limit allows more) under the
 * bounds above; small bodies of the same routes (a customer's sign-up) and every other route go straight on.
 */
export function registerBodyLimits(app: FastifyInstance, opts: LargeBodyOptions = LARGE_BODIES) {
  const turns = new Semaphore(opts.atOnce);
  const admitted = new WeakSet<FastifyRequest>();

  // A large body's steps (joining its chunks, decoding them, parsing, validating: tens of ms each) run in
  // separate turns of the event loop, so other requests are answered between them rather than after all.
  const json = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (!admitted.has(request)) return json(request, (body as Buffer).toString('utf8'), done);
    setImmediate(() => {
      const text = (body as Buffer).toString('utf8');
      setImmediate(() => json(request, text, done));
    });
  });

  // A body over its route's limit (refused from its Content-Length or part way, JSON or multipart) is not read
  // any further either, unless it is small.
  app.addHook('onError', async (request, reply, error) => {
    if ((error as FastifyError).code !== 'FST_ERR_CTP_BODY_TOO_LARGE' && (error as FastifyError).statusCode !== 413) return;
    leaveUnread(request, reply);
  });

  // Before the body is read or anything of the route runs: refusing costs next to nothing.
  const gate: onRequestHookHandler = (request, reply, done) => {
    const length = Number(request.headers['content-length']);
    // Small, or too large (the parser refuses the latter from its Content-Length without reading it): not gated.
    if (length <= LARGE_BODY || length > request.routeOptions.bodyLimit!) return done();
    const release = turns.tryAcquire();
    if (!release) return refuseBusy(request, reply, opts.retryAfterSeconds);
    // The place is held until the answer is sent (the parsed body lives that long) or the client goes away.
    reply.raw.once('close', release);
    admitted.add(request);
    done();
  };
  const yieldTurn: preValidationHookHandler = (request, _reply, done) => {
    if (admitted.has(request)) setImmediate(done);
    else done();
  };
  // Attached to the routes whose limit allows large bodies, as they are declared: other requests run neither.
  app.addHook('onRoute', (route) => {
    if ((route.bodyLimit ?? 0) <= LARGE_BODY) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), gate];
    route.preValidation = [...[route.preValidation ?? []].flat(), yieldTurn];
  });
}

const refusals = { count: 0, loggedAt: 0 };

/**
 * 503 with Retry-After, written at once without the rest of the request's work (hooks, body, database), as
 * Fastify answers while it shuts down: under a flood, thousands of refusals must cost less than the work they
 * turn away. The body is the catalogue's error like any other.
 */
function refuseBusy(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) {
  refusals.count++;
  // One line a second at most: a flood must not turn into as many log lines.
  if (Date.now() - refusals.loggedAt >= 1000) {
    request.log.warn({ url: request.url, refused: refusals.count }, 'large bodies refused: the server is busy');
    refusals.count = 0;
    refusals.loggedAt = Date.now();
  }
  const error = new ServiceBusyError(commonMessages.busy, retryAfterSeconds);
  const body = JSON.stringify({ message: error.message, code: error.code } satisfies ErrorBody);
  leaveUnread(request, reply, 0);
  reply.headers({ ...error.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  reply.hijack();
  reply.raw.writeHead(error.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  reply.raw.end(body);
}

/** How long a refused body's connection stays open after the answer, so the client reads the answer before it closes. */
const LINGER_MS = 1000;

/** A refused body of at most this many bytes (its Content-Length) is read to its end and discarded, keeping the connection. */
const DRAIN_MAX = LARGE_BODY;

/**
 * What becomes of a refused body's connection. A small one (Content-Length at most DRAIN_MAX) is read to its
 * end and discarded after the answer, and the connection serves the next request: a proxy that reuses its
 * connections (nginx) never finds it closed under it. Any other (larger, or chunked) is left unread: no more of
 * it is taken from the socket, the answer says `connection: close`, the server's side of the connection ends
 * with it, and the socket is closed a moment later. Closing at once would reset a client still sending, which
 * can lose the answer it has not read yet; reading on to the end of a large body only to discard it would
 * spend on it what the refusal is meant to save.
 */
function leaveUnread(request: FastifyRequest, reply: FastifyReply, drainUpTo = DRAIN_MAX) {
  const raw = request.raw;
  if (raw.complete) return;
  const length = Number(request.headers['content-length']);
  if (length <= drainUpTo) {
    // Fastify asks to close; Node says keep-alive (or close, when the client asked to) by itself.
    reply.removeHeader('connection');
    reply.raw.once('finish', () => raw.resume());
    return;
  }
  reply.header('connection', 'close');
  // A real socket (app.inject's is not one).
  const socket = typeof raw.socket?.destroy === 'function' ? (raw.socket as typeof raw.socket & { destroySoon?: () => void }) : null;
  // Node destroys the socket as soon as the last answer is written: only its sending side ends here, and it is
  // destroyed below, once the client has had a moment to read the answer.
  if (socket) socket.destroySoon = () => socket.end();
  raw.pause();
  // Taking what is already buffered leaves a read pending, which marks the body as being consumed: Node then
  // does not drain it after the answer, the buffer fills to the stream's high-water mark and the socket stops.
  while (raw.read() !== null);
  reply.raw.once('finish', () => {
    setTimeout(() => socket?.destroy(), LINGER_MS).unref();
  });
}
