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

/** One error model for every client: `{ error: { code, message, details? } }`; 5xx hide internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: issue.message,
      }));
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
