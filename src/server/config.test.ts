import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { projectRoot } from './paths.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      logLevel: 'info',
      seedDemo: true,
    });
  });

  it('reads valid values and treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/sg',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOSTNAME: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/sg',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      logLevel: 'warn',
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a port number'],
    ['PORT', '70000', 'PORT must be between 0 and 65535'],
    ['PORT', '80.5', 'PORT must be a whole number'],
    ['DATABASE_URL', 'mysql://root@localhost/test', 'DATABASE_URL must be a postgres://'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of'],
    ['SEED_DEMO', 'maybe', 'SEED_DEMO must be true or false'],
    ['NODE_ENV', 'staging', 'NODE_ENV'],
  ])('rejects %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('start-up with a bad environment', () => {
  it('stops with a message naming the variable and a non-zero exit code', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')],
      {
        env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be a port number');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
