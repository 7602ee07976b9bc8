import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyNodeEnv, ConfigError, isLocalUrl, loadConfig } from './config.js';
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

describe('image storage (decision 0023)', () => {
  it('keeps uploads in DATA_DIR/uploads when S3_BUCKET is unset', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/sg' }).imageStorage).toEqual({
      kind: 'disk',
      dir: '/tmp/sg/uploads',
    });
  });

  it('reads the S3 settings, with us-east-1 and the default credential chain by default', () => {
    expect(loadConfig({ S3_BUCKET: 'photos' }).imageStorage).toEqual({
      kind: 's3',
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example/',
      }).imageStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'photos',
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example',
    });
  });

  it.each([
    [{ S3_BUCKET: 'Photos_1' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT must be an http'],
    [{ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be true'],
    [{ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY must be set'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET must be set when S3_ENDPOINT'],
    [{ S3_PUBLIC_URL: 'https://cdn.example' }, 'S3_BUCKET must be set when S3_PUBLIC_URL'],
  ])('rejects %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('SEED_DEMO default (no known admin password in production)', () => {
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
      [
        '--conditions=second-gear-source',
        '--import',
        'tsx',
        path.join(projectRoot, 'src/server/main.ts'),
      ],
      {
        env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '', DATABASE_REPLICA_URLS: '' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be a port number');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('NODE_ENV for the libraries (applyNodeEnv)', () => {
  it('is production when unset, and what it was set to otherwise', () => {
    const unset: NodeJS.ProcessEnv = {};
    applyNodeEnv(loadConfig(unset), unset);
    expect(unset.NODE_ENV).toBe('production');
    const development: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
    applyNodeEnv(loadConfig(development), development);
    expect(development.NODE_ENV).toBe('development');
  });

  it("makes a process started without NODE_ENV load React's production server renderer", () => {
    // What main.ts does before the SSR build loads react-dom/static (plugins/ssr.ts).
    const script = `
      import { createRequire } from 'node:module';
      import { applyNodeEnv, loadConfig } from './src/server/config.ts';
      applyNodeEnv(loadConfig());
      const require = createRequire(import.meta.url);
      require('react-dom/static');
      const loaded = Object.keys(require.cache).filter((file) => file.includes('react-dom-server.node.'));
      console.log(loaded.map((file) => file.split('/').pop()).join());
    `;
    const { NODE_ENV: _set, ...withoutNodeEnv } = process.env;
    const result = spawnSync(
      process.execPath,
      ['--conditions=second-gear-source', '--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: projectRoot,
        env: { ...withoutNodeEnv, DATABASE_URL: '', DATABASE_REPLICA_URLS: '' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('react-dom-server.node.production.js');
  });
});

describe('metrics and logs (decision 0032)', () => {
  it('serves no metrics unless METRICS_TOKEN or METRICS_PORT is set', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(32) }).metrics).toEqual({
      token: 'a'.repeat(32),
      port: undefined,
      host: '0.0.0.0',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '10.0.0.5',
    });
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it.each([
    ['METRICS_TOKEN', 'short', 'METRICS_TOKEN must be at least 16 characters long'],
    ['METRICS_TOKEN', 'has spaces in it, sixteen+', 'METRICS_TOKEN must be letters, digits'],
    ['METRICS_PORT', '99999', 'METRICS_PORT must be between 0 and 65535'],
    ['LOG_FORMAT', 'xml', 'LOG_FORMAT must be json or pretty'],
  ])('rejects %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('refuses METRICS_PORT equal to PORT', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      'METRICS_PORT must differ from PORT',
    );
  });
});

describe('read replicas (decision 0050)', () => {
  const primary = 'postgres://app:secret@db-primary.internal:5432/market';
  const replicas =
    'postgres://app:secret@db-replica-1.internal/market, postgresql://app:secret@db-replica-2.internal:6432/market';

  it('has none by default', () => {
    expect(loadConfig({ DATABASE_URL: primary }).replicas).toBeUndefined();
  });

  it('reads the replica URLs and their settings, with the documented defaults', () => {
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: replicas }).replicas).toEqual(
      {
        urls: [
          'postgres://app:secret@db-replica-1.internal/market',
          'postgresql://app:secret@db-replica-2.internal:6432/market',
        ],
        readAfterWriteSeconds: 5,
        maxLagSeconds: 10,
      },
    );
    const tuned = loadConfig({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: replicas,
      REPLICA_READ_AFTER_WRITE_SECONDS: '0',
      REPLICA_MAX_LAG_SECONDS: '30',
    });
    expect(tuned.replicas).toMatchObject({ readAfterWriteSeconds: 0, maxLagSeconds: 30 });
  });

  it.each([
    [{ DATABASE_REPLICA_URLS: replicas }, 'DATABASE_REPLICA_URLS needs DATABASE_URL'],
    [
      { DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'mysql://db-replica/market' },
      'DATABASE_REPLICA_URLS must be a comma-separated list of postgres:// or postgresql:// URLs',
    ],
    [
      { DATABASE_URL: primary, DATABASE_REPLICA_URLS: ' , ' },
      'DATABASE_REPLICA_URLS must be a comma-separated list',
    ],
    [
      { DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'postgres://db-primary.internal/market' },
      'DATABASE_REPLICA_URLS must not name the DATABASE_URL server itself',
    ],
    [
      { DATABASE_URL: primary, DATABASE_REPLICA_URLS: replicas, REPLICA_MAX_LAG_SECONDS: '0' },
      'REPLICA_MAX_LAG_SECONDS must be at least 1',
    ],
    [
      {
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: replicas,
        REPLICA_READ_AFTER_WRITE_SECONDS: '-1',
      },
      'REPLICA_READ_AFTER_WRITE_SECONDS must not be negative',
    ],
    [
      { DATABASE_URL: primary, REPLICA_MAX_LAG_SECONDS: '5' },
      'DATABASE_REPLICA_URLS must be set when REPLICA_MAX_LAG_SECONDS is set',
    ],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names no password when it refuses a URL', () => {
    const env = { DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'mysql://app:secret@db/market' };
    expect(() => loadConfig(env)).toThrow('DATABASE_REPLICA_URLS must be');
    expect(() => loadConfig(env)).not.toThrow(/secret/);
  });
});
