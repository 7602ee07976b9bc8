import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLocalUrl, loadConfig } from './config.js';
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

describe('SEED_DEMO default (issue 18, point 1: no known admin password in production)', () => {
  it('loads demo data by default only on the embedded database at a local address', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.internal/market' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://second-gear.example' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://192.0.2.10:3000' }).seedDemo).toBe(false);
  });

  it('still loads it anywhere when SEED_DEMO=true is explicit', () => {
    expect(
      loadConfig({ SEED_DEMO: 'true', DATABASE_URL: 'postgres://db.internal/market' }).seedDemo,
    ).toBe(true);
    expect(
      loadConfig({ SEED_DEMO: 'true', PUBLIC_URL: 'https://second-gear.example' }).seedDemo,
    ).toBe(true);
  });

  it('tells local addresses from public ones', () => {
    expect(isLocalUrl('http://localhost:3000')).toBe(true);
    expect(isLocalUrl('http://[::1]:3000')).toBe(true);
    expect(isLocalUrl('http://127.0.0.5')).toBe(true);
    expect(isLocalUrl('https://localhost.example.com')).toBe(false);
    expect(isLocalUrl('https://second-gear.example')).toBe(false);
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
