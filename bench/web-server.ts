/**
 * The production server the browser benchmarks run against (bench:web, bench:pwa-lcp, bench:pow,
 * bench:listing): built when stale (scripts/ensure-build.mjs), then started on fresh demo data by
 * scripts/e2e-server.mjs on the embedded database (DATABASE_URL is left out) in
 * `/tmp/second-gear-e2e-bench-<name>-<port>`. Resolves once `GET /api/health` answers, at most
 * six minutes (a first start seeds the demo data: over a minute on a loaded machine, over three
 * at a load average of 20 on the shared 2-core one); the caller
 * stops it with `server.kill('SIGTERM')`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export async function startBenchServer(
  port: number,
  name: string,
  /** More environment for the server (HOST, LOG_LEVEL, …). */
  extraEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const build = spawn(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
    stdio: 'inherit',
  });
  await new Promise((resolve, reject) =>
    build.on('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error('build')))),
  );
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
    env: {
      ...env,
      PORT: String(port),
      E2E_DATA_DIR: `/tmp/second-gear-e2e-bench-${name}-${port}`,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 3600; attempt++) {
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error('the server did not start within 360 s');
}
