import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@marco/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A failure the caller can act on; `code` is one of the catalogue (spec §8). */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? code);
    this.status = ERROR_STATUS[code];
  }
}

/** A failure tied to one request field, in the same shape as schema validation failures. */
export function fieldError(code: ErrorCode, path: string, message: string): AppError {
  return new AppError(code, message, { issues: [{ path, message }] });
}

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Seconds a client is asked to wait (`Retry-After`) when a service Marco needs is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

// Node's network errors: the service is down, restarting, or cannot be reached.
const NETWORK_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// PostgreSQL's SQLSTATEs of a server going away or not taking connections yet: 57P01
// admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now; class 08 connection exceptions.
const UNAVAILABLE_SQLSTATE = /^(57P0[123]|08...)$/;
// What node-postgres, its pool and ioredis say when a connection ends, is refused or times out.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Reached the max retries per request limit)/;

/**
 * Whether `error` (or what it wraps: Drizzle wraps the driver's error as `cause`) says a
 * service Marco depends on (PostgreSQL, Redis) is unreachable now: a 503 to retry, not a bug.
 */
export function isServiceUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof AppError) return current.code === 'NETWORK_ERROR';
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'VALIDATION_FAILED',
  429: 'TOO_MANY_ATTEMPTS',
};

/** The catalogue code a contract schema gave its issue (`params: { code }`), e.g. PASSWORD_TOO_WEAK. */
function catalogueCodeOf(issue: { params?: unknown }): ErrorCode | undefined {
  const code = (issue.params as { params?: { code?: unknown } } | undefined)?.params?.code;
  return typeof code === 'string' && code in ERROR_STATUS && ERROR_STATUS[code as ErrorCode] === 400
    ? (code as ErrorCode)
    : undefined;
}

/** One error model for every client: `{ error: { code, message, details? } }`; 5xx hide internals. */
export function registerErrorHandling(app: FastifyInstance) {
  // A WebSocket upgrade refused before @fastify/websocket's own hooks ran (the session lookup
  // while the database is down, an overloaded instance) answered on a socket that HTTP no
  // longer owns and nothing else closes: it stayed open, and closing the app waited for it.
  app.addHook('onResponse', (request, _reply, done) => {
    // Node marks a request handed over through the server's `upgrade` event (untyped).
    if ((request.raw as { upgrade?: boolean }).upgrade) request.raw.socket.destroy();
    done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      else if (error.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (isServiceUnavailable(error)) {
      request.log.warn({ err: error }, 'a service Marco needs is unreachable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(errorBody('NETWORK_ERROR', 'Temporarily unavailable, try again shortly'));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: issue.message,
      }));
      const named = error.validation.find((issue) => catalogueCodeOf(issue) !== undefined);
      const code = named && catalogueCodeOf(named);
      if (code) return reply.status(400).send(errorBody(code, named.message ?? code, { issues }));
      return reply.status(400).send(errorBody('VALIDATION_FAILED', 'The request is not valid', { issues }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBody('SERVER_ERROR', 'Server error, try again later'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody('SERVER_ERROR', 'Server error, try again later'));
    }
    return reply.status(status).send(errorBody(STATUS_CODES[status] ?? 'OPERATION_FAILED', error.message));
  });
}
