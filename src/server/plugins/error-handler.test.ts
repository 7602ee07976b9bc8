/**
 * Which errors mean "the database is unavailable" (503 instead of 500). A database that stops
 * answering made node-postgres fail with "Query read timeout" after query_timeout, which
 * answered 500 — found by the stress tests' frozen-network outage.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { PaymentProviderError } from '../payments/provider.js';
import { errorHandlerPlugin, isDatabaseUnavailable } from './error-handler.js';

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect', new Error('timeout exceeded when trying to connect')],
    ['a database that stopped answering', new Error('Query read timeout')],
    ['an admin shutdown', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a wrapped cause', new Error('Failed query', { cause: new Error('Query read timeout') })],
    [
      'a database refusing connections (55000)',
      Object.assign(new Error('the database system is not accepting connections'), {
        code: '55000',
      }),
    ],
    ['out of memory (53200)', Object.assign(new Error('out of memory'), { code: '53200' })],
    ['an internal error (XX000)', Object.assign(new Error('internal'), { code: 'XX000' })],
    ['a serialization failure (40001)', Object.assign(new Error('could not'), { code: '40001' })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a plain bug', new TypeError('x is undefined')],
    ["a function's own raise (P0001)", Object.assign(new Error('refused'), { code: 'P0001' })],
    ['a tsquery too complex (54000)', Object.assign(new Error('too large'), { code: '54000' })],
    ['a data exception (22021)', Object.assign(new Error('bad byte'), { code: '22021' })],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the error handler', () => {
  it('answers 503 with a message and retry-after when a query times out', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    app.get('/slow', async () => {
      throw new Error('Failed query: select 1', { cause: new Error('Query read timeout') });
    });
    const response = await app.inject({ method: 'GET', url: '/slow' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The database is unavailable right now; please try again shortly.',
    });
    await app.close();
  });

  it('answers 502 naming the service when a provider fails, without its details', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    app.get('/pay', async () => {
      throw new PaymentProviderError('The payment provider could not retrieve: ECONNRESET');
    });
    const response = await app.inject({ method: 'GET', url: '/pay' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'The payment provider is unavailable right now; please try again.',
    });
    await app.close();
  });
});
