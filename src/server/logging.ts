/**
 * The logger's options (Fastify's pino): JSON lines in production, for a log collector;
 * readable, coloured lines through pino-pretty with LOG_FORMAT=pretty (`npm run dev`).
 * pino-pretty is a development tool: where it is not installed (a production install) the
 * lines stay JSON, with a warning on standard error.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/** Headers never written to a log line. */
const REDACTED = ['req.headers.authorization', 'req.headers.cookie'];

/** Whether pino-pretty can be loaded from here. */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** Fastify's `logger` option for `config` (LOG_LEVEL, LOG_FORMAT). */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const pretty = config.logFormat === 'pretty' && prettyInstalled();
  if (config.logFormat === 'pretty' && !pretty) {
    console.warn('LOG_FORMAT=pretty needs pino-pretty (a development tool); logging JSON.');
  }
  return {
    level: config.logLevel,
    redact: REDACTED,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
