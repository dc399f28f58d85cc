import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { isOverload } from '../db/database.ts';
import { HttpError, validationError } from '../lib/errors.ts';
import { BUSY_MESSAGE } from './overload.ts';
import { QueueRefusal } from './write-queue.ts';

/** Maps the validator's issues to {field: [messages]} by the first segment of each issue's path. */
function fieldErrors(validation: Array<{ instancePath: string; message?: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of validation) {
    const field = issue.instancePath.split('/').filter(Boolean)[0] ?? 'body';
    (errors[field] ??= []).push(issue.message ?? 'The given data was invalid.');
  }
  return errors;
}

/**
 * The one error handler: {message, errors?} with the right status for every 4xx, a generic text for
 * 5xx, never a stack trace; 503 with Retry-After when the database is overloaded or the write queue
 * refuses a call (plugins/write-queue.ts). Unknown /api paths answer 404 JSON (set in app.ts).
 */
export function registerErrorHandler(app: FastifyInstance, overload: Config['overload']): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof QueueRefusal) {
      // The write queue was full, or the call's turn did not come in time; a client that left hears nothing.
      if (error.reason !== 'gone') request.log.warn({ route: request.routeOptions.url, reason: error.reason }, 'write queue: answered 503');
      return reply.code(503).header('retry-after', String(overload.retryAfterSeconds)).send({ message: BUSY_MESSAGE });
    }
    if (isOverload(error)) {
      // The database could not take it now (see isOverload): the client waits and tries again.
      request.log.warn({ route: request.routeOptions.url, reason: error.message }, 'database overloaded: answered 503');
      return reply.code(503).header('retry-after', String(overload.retryAfterSeconds)).send({ message: BUSY_MESSAGE });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const http = validationError(fieldErrors(error.validation));
      return reply.code(422).send({ message: http.message, errors: http.errors });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return reply.code(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (status === 413 || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      return reply.code(413).send({ message: 'The request is too large.' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message || 'Bad request.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
