/**
 * A PostgreSQL read replica for the stress tests, when the environment names one:
 *
 * - `DATABASE_REPLICA_URLS`: comma-separated URLs of streaming replicas of DATABASE_URL's
 *   server. A physical replica holds every database of its primary, so each URL is pointed at the
 *   run's own fresh database (`forDatabase`) and handed to the instances.
 * - `STRESS_REPLICA_PGDATA`: the data directory of one such replica on this machine; with it,
 *   `replicaOutage` stops the replica (`pg_ctl stop -m fast`) and starts it again
 *   (`pg_ctl start -w`) during a load run. `pg_ctl` comes from `STRESS_PG_CTL`, else PATH, else
 *   the newest /usr/lib/postgresql/<version>/bin. pg_ctl refuses to run as root, so as root it
 *   runs as the data directory's owner (`runuser`).
 *
 * Without them nothing changes: no replica URL is passed and the outage is a no-op.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The replica data directory whose replica the load run may stop and start, or undefined. */
export const replicaDataDir = process.env.STRESS_REPLICA_PGDATA || undefined;

/**
 * DATABASE_REPLICA_URLS with each URL's database replaced by the one of `databaseUrl` (the run's
 * fresh database), comma-separated; undefined when the variable is unset or `databaseUrl` is.
 */
export function replicaUrlsFor(databaseUrl: string | undefined): string | undefined {
  const urls = (process.env.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (!urls.length || !databaseUrl) return undefined;
  const database = new URL(databaseUrl).pathname;
  return urls
    .map((text) => {
      const url = new URL(text);
      url.pathname = database;
      return url.toString();
    })
    .join(',');
}

/** pg_ctl: STRESS_PG_CTL, else on PATH, else the newest Debian PostgreSQL's; undefined if none. */
function findPgCtl(): string | undefined {
  if (process.env.STRESS_PG_CTL) return process.env.STRESS_PG_CTL;
  const onPath = (process.env.PATH ?? '')
    .split(':')
    .map((dir) => path.join(dir, 'pg_ctl'))
    .find((file) => existsSync(file));
  if (onPath) return onPath;
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  return readdirSync(debian)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(debian, version, 'bin/pg_ctl'))
    .find((file) => existsSync(file));
}

/** The login name of user id `uid`, from /etc/passwd. */
function userName(uid: number): string | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.split(':')[2] === String(uid));
  return line?.split(':')[0];
}

/**
 * Runs `pg_ctl <args> -D STRESS_REPLICA_PGDATA` (as the directory's owner when we are root),
 * without blocking the load's clients meanwhile.
 * @throws Error naming pg_ctl's output when it fails or cannot be found.
 */
async function pgCtl(args: string[]): Promise<void> {
  const pgCtlPath = findPgCtl();
  if (!pgCtlPath || !replicaDataDir) throw new Error('no pg_ctl or no STRESS_REPLICA_PGDATA');
  const command = [pgCtlPath, ...args, '-D', replicaDataDir];
  const owner = process.getuid?.() === 0 ? userName(statSync(replicaDataDir).uid) : undefined;
  const [file, ...rest] =
    owner && owner !== 'root' ? ['runuser', '-u', owner, '--', ...command] : command;
  const child = spawn(file!, rest, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      output += String(error);
      resolve(null);
    });
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${command.join(' ')} failed (${code}): ${output}`);
}

/**
 * Stops the replica of STRESS_REPLICA_PGDATA, waits `downMs`, starts it again and waits until it
 * accepts connections; resolves with what happened, for the test's log. Without
 * STRESS_REPLICA_PGDATA it does nothing and says so.
 */
export async function replicaOutage(downMs: number): Promise<string> {
  if (!replicaDataDir) return 'no replica outage (STRESS_REPLICA_PGDATA unset)';
  const started = performance.now();
  await pgCtl(['stop', '-m', 'fast', '-w']);
  const stoppedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, downMs));
  await pgCtl(['start', '-w', '-l', path.join(replicaDataDir, 'stress-restart.log')]);
  return (
    `replica ${replicaDataDir} stopped in ${Math.round(stoppedAt - started)} ms, ` +
    `down ${Math.round(performance.now() - stoppedAt)} ms until it accepted connections again`
  );
}
