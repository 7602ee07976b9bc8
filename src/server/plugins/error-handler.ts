/**
 * Maps every error to the JSON shape `{statusCode, error, message}` (docs/architecture.md): 400 for
 * input that breaks the contract (the message names the field), the error's own 4xx status,
 * 502 when a service we depend on fails (a ProviderError, e.g. the payment provider), 503 when
 * the database cannot be reached, and a bare 500 (logged, never a stack trace) for the rest.
 * Handlers throw; they never build error answers themselves.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { HttpError } from '../lib/http-error.js';
import { ProviderError } from '../lib/provider-error.js';

/** PostgreSQL SQLSTATE classes/codes and socket errors that mean "the database is not there". */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
  'PGlite is closed',
  'Cannot use a pool after calling end on the pool',
  // node-postgres' query_timeout: the server stopped answering (network partition, frozen host).
  'Query read timeout',
];

/**
 * SQLSTATE classes that mean the database cannot serve now (PostgreSQL's Appendix A): 08
 * connection exception, 40 transaction rollback (serialization failure, deadlock), 53
 * insufficient resources, 55 object not in prerequisite state ("not accepting connections"),
 * 57 operator intervention (shutdown, cancel), 58 system error, XX internal error. Every other
 * class is the request's or the code's doing (22 data exception, 23 integrity, 42 syntax or
 * access rule, 54 program limit such as a too-complex tsquery, P0 a function's own raise, …).
 */
const unavailableSqlStateClasses = new Set(['08', '40', '53', '55', '57', '58', 'XX']);

/**
 * True when `error` (or its cause chain) says the database cannot serve right now: a socket
 * error, a driver message that the connection is gone, or a SQLSTATE of
 * {@link unavailableSqlStateClasses} (docs/reliability.md, the fourth attack: 55000 answered 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (
      typeof code === 'string' &&
      /^[0-9A-Z]{5}$/.test(code) &&
      unavailableSqlStateClasses.has(code.slice(0, 2))
    ) {
      return true;
    }
    if (typeof message === 'string' && unavailableMessages.some((m) => message.includes(m))) {
      return true;
    }
    current = cause;
  }
  return false;
}

/**
 * True when PostgreSQL refused a value itself (SQLSTATE class 22, data exception: a NUL byte
 * in text, a number out of range, …): input the schema let through but the database cannot
 * store, so a 400, not a 500.
 */
export function isDataException(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = cause;
  }
  return false;
}

/** Builds the JSON error body for `statusCode`. */
export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'request';
    return error.validation
      .map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${where}${field ? `.${field}` : ''} ${issue.message}`;
      })
      .join('; ');
  }
  return error.message;
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        return reply.code(400).send(errorBody(400, validationMessage(error)));
      }
      if (error instanceof ProviderError) {
        request.log.error({ err: error }, `${error.service} failed`);
        return reply
          .code(502)
          .send(errorBody(502, `The ${error.service} is unavailable right now; please try again.`));
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .header('cache-control', 'no-store')
          .send(errorBody(503, 'The database is unavailable right now; please try again shortly.'));
      }
      if (isDataException(error)) {
        return reply
          .code(400)
          .send(errorBody(400, 'The request contains a value that cannot be stored'));
      }
      const statusCode = error.statusCode ?? 500;
      // 4xx, and a 503 a route refuses with on purpose (httpError: a server-wide cap reached).
      if (
        (statusCode >= 400 && statusCode < 500) ||
        (statusCode === 503 && error instanceof HttpError)
      ) {
        if (statusCode === 503) reply.header('cache-control', 'no-store');
        if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
          reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
        }
        return reply.code(statusCode).send(errorBody(statusCode, error.message));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(errorBody(500, 'Something went wrong on our side.'));
    });
  },
  { name: 'error-handler' },
);
