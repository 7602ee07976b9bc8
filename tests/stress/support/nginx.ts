/**
 * nginx as the HTTP cache in front of the instances (docs/deploy.md, "An HTTP cache in front"),
 * started from a directory of its own: the committed site configuration
 * `deploy/nginx/second-gear.conf.template` rendered with this run's addresses, inside a main
 * configuration that keeps everything nginx writes (pid, temporary files, cache) in that
 * directory, in the foreground (`daemon off`). Used by the two-instance stress test and by
 * `npm run bench` (the HTTP cache case).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The committed site configuration, with `${SG_…}` placeholders. */
export const siteTemplate = path.resolve(here, '../../../deploy/nginx/second-gear.conf.template');

/** The values of the template's placeholders. */
export interface SiteValues {
  /** `listen` argument, e.g. `127.0.0.1:3380` or `80`. */
  SG_LISTEN: string;
  /** host:port of the two instances. */
  SG_INSTANCE_A: string;
  SG_INSTANCE_B: string;
  /** Directory of the two caches (created by nginx). */
  SG_CACHE_DIR: string;
}

/** The nginx executable on PATH or in the sbin directories, or undefined. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  return dirs
    .map((dir) => path.join(dir, 'nginx'))
    .find((file) => existsSync(file) && spawnSync(file, ['-v']).status === 0);
}

/**
 * The site configuration with every placeholder replaced, as envsubst renders it.
 * @throws Error when the template holds a placeholder not in `values`.
 */
export function renderSite(values: SiteValues): string {
  const text = readFileSync(siteTemplate, 'utf8').replace(
    /\$\{(SG_[A-Z_]+)\}/g,
    (whole, name: string) => (values as unknown as Record<string, string>)[name] ?? whole,
  );
  const left = /\$\{SG_[A-Z_]+\}/.exec(text);
  if (left) throw new Error(`${siteTemplate}: no value for ${left[0]}`);
  return text;
}

export interface RunningNginx {
  /** e.g. http://127.0.0.1:3380 */
  baseUrl: string;
  /** The master process. */
  pid: number;
  /**
   * The worker processes (they answer every request), from /proc; not the cache manager and the
   * cache loader, which come and go.
   */
  workerPids(): number[];
  /** The last lines nginx printed (for failure messages). */
  output(): string;
  /** SIGQUIT (finish what is under way) and wait for the exit; SIGKILL after 5 s. */
  stop(): Promise<void>;
}

/**
 * Starts `binary` on `port` (127.0.0.1) with the site configuration in front of `instances`,
 * everything in `dir`; resolves once a request through it reaches an instance
 * (`GET /api/health` answers 200).
 * @throws Error when the configuration is refused (`nginx -t`) or nginx does not answer in 15 s.
 */
export async function startNginx(options: {
  binary: string;
  dir: string;
  port: number;
  instances: [string, string];
  /** `worker_processes` (default `auto`: one per core). */
  workers?: number | 'auto';
}): Promise<RunningNginx> {
  const { binary, dir, port, instances } = options;
  // nginx creates the caches' own directories, not their parent.
  mkdirSync(path.join(dir, 'cache'), { recursive: true });
  const site = path.join(dir, 'second-gear.conf');
  writeFileSync(
    site,
    renderSite({
      SG_LISTEN: `127.0.0.1:${port}`,
      SG_INSTANCE_A: instances[0],
      SG_INSTANCE_B: instances[1],
      SG_CACHE_DIR: path.join(dir, 'cache'),
    }),
  );
  const temp = (name: string) => `${name} ${path.join(dir, name.replace(/_temp_path$/, ''))};`;
  const main = [
    // The workers run as whoever starts the test (as root nginx would switch them to `nobody`,
    // who cannot write this directory); as any other user the directive is ignored.
    `user ${os.userInfo().username};`,
    `worker_processes ${options.workers ?? 'auto'};`,
    'daemon off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 4096; }',
    'http {',
    // As Debian's /etc/nginx/nginx.conf, whose `http` block includes conf.d/: cached bodies
    // go out with sendfile(2), headers and the start of the body in one packet.
    '  sendfile on;',
    '  tcp_nopush on;',
    '  access_log off;',
    ...[
      'client_body_temp_path',
      'proxy_temp_path',
      'fastcgi_temp_path',
      'uwsgi_temp_path',
      'scgi_temp_path',
    ].map((name) => `  ${temp(name)}`),
    `  include ${site};`,
    '}',
    '',
  ].join('\n');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, main);
  const args = ['-p', `${dir}/`, '-c', conf, '-e', 'stderr'];
  const checked = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (checked.status !== 0) {
    throw new Error(`nginx refused the configuration:\n${checked.stderr}\n${main}`);
  }

  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const keep = (chunk: Buffer) => (printed = (printed + chunk.toString('utf8')).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let done = false;
  void exited.then(() => (done = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (done || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer through to an instance:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = child.pid!;
  return {
    baseUrl,
    pid,
    workerPids() {
      try {
        return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number)
          .filter((child) => {
            try {
              return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('worker process');
            } catch {
              return false;
            }
          });
      } catch {
        return [];
      }
    },
    output: () => printed,
    async stop() {
      if (done) return;
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
