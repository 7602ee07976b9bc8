/**
 * Read replicas (decision 0050): their health, how far behind the primary each is, and which one
 * a public read may use.
 *
 * - **Lag without false alarms.** Each check first asks the primary for its WAL position
 *   (`pg_current_wal_lsn()`, remembered with the time it was asked), then each replica for the
 *   position it has replayed (`pg_last_wal_replay_lsn()`). A replica at or past the primary's
 *   position has everything the primary had when asked: lag 0, however long ago its last
 *   transaction was (an idle site is not a lagging one, which `now() -
 *   pg_last_xact_replay_timestamp()` alone would say). A replica behind it holds everything up to
 *   the newest remembered primary position it has reached; its lag is at most the time since then,
 *   and at most the age of the last transaction it replayed, whichever is less — and at least the
 *   time since the primary first had something the replica still lacks.
 * - **Skipped while unfit.** A replica that fails its check (unreachable, a query error, not a
 *   standby at all) is `down`; one further behind than the limit is `lagging`. Neither gets reads
 *   until a later check finds it fit again.
 * - **Caught up to when.** `caughtUpTo` (ms since the epoch) is the time up to which a replica is
 *   known to hold every commit: a read whose answer must include a write from time T (a cache
 *   fill after an invalidation at T) may use only a replica with `caughtUpTo >= T`.
 */

/** A WAL position (`pg_lsn`, e.g. `0/3430CA0`) as a number of bytes. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** What one check of a replica found. */
export interface ReplicaProbe {
  /** `pg_is_in_recovery()`: false means the server is no standby (a promoted one, or a primary). */
  inRecovery: boolean;
  /** `pg_last_wal_replay_lsn()`, or null before it replayed anything. */
  replayLsn: bigint | null;
  /** Seconds since the commit of the last transaction it replayed (its own clock), or null. */
  replayAgeSeconds: number | null;
}

/** `up`: gets reads; `lagging`: reachable but too far behind; `down`: failed its check. */
export type ReplicaHealth = 'up' | 'lagging' | 'down';

/** One replica as the monitor last saw it. */
export interface ReplicaState {
  /** `0`, `1`, … in the order of DATABASE_REPLICA_URLS (metrics and readiness labels). */
  name: string;
  health: ReplicaHealth;
  /** Seconds behind the primary at the last check that could tell; null before any. */
  lagSeconds: number | null;
  /** Every commit before this time (ms since the epoch) is on the replica; null: unknown. */
  caughtUpTo: number | null;
  /** Why it is down (an error's message, never a URL), for logs. */
  problem: string | null;
}

/** The primary's WAL position at a moment (ms since the epoch). */
interface PrimarySample {
  at: number;
  lsn: bigint;
}

export interface ReplicaMonitorOptions {
  /** The replicas in order, each with its check. */
  replicas: { name: string; probe(): Promise<ReplicaProbe> }[];
  /** The primary's current WAL position (`pg_current_wal_lsn()`). */
  primaryLsn(): Promise<bigint>;
  /** REPLICA_MAX_LAG_SECONDS. */
  maxLagSeconds: number;
  /** The clock (ms since the epoch); tests pass their own. */
  now?: () => number;
  /** Called when a replica's health changes (for the log). */
  onChange?: (state: ReplicaState, previous: ReplicaHealth | null) => void;
}

/** The monitor of a set of replicas: `check()` once, `start()` every interval, `states()`. */
export interface ReplicaMonitor {
  /** Checks the primary's position, then every replica; resolves when all are done. */
  check(): Promise<void>;
  /** Each replica's state after the last check (`down` with lag null before the first). */
  states(): readonly ReplicaState[];
  /** Checks every `intervalMs` (never two at once) until `stop()`; the timer does not hold the process. */
  start(intervalMs: number): void;
  stop(): void;
  /** Takes a replica out of rotation at once (a read on it failed); the next check decides again. */
  markDown(index: number, problem: string): void;
}

/** Creates a monitor; nothing runs until `check()` or `start()`. */
export function createReplicaMonitor(options: ReplicaMonitorOptions): ReplicaMonitor {
  const now = options.now ?? Date.now;
  const maxLagMs = options.maxLagSeconds * 1000;
  const states: ReplicaState[] = options.replicas.map(({ name }) => ({
    name,
    health: 'down',
    lagSeconds: null,
    caughtUpTo: null,
    problem: 'not checked yet',
  }));
  // Positions of the primary, oldest first: enough to date a replica up to twice the lag limit
  // behind (anything older is "too far behind" whatever its exact age).
  let samples: PrimarySample[] = [];
  let checkedOnce = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const set = (index: number, next: Omit<ReplicaState, 'name'>) => {
    const previous = states[index]!;
    const state = { name: previous.name, ...next };
    states[index] = state;
    const before = checkedOnce ? previous.health : null;
    if (before !== state.health) options.onChange?.(state, before);
  };

  const judge = (index: number, probe: ReplicaProbe, primary: PrimarySample | null) => {
    const previous = states[index]!;
    if (!probe.inRecovery) {
      return set(index, {
        health: 'down',
        lagSeconds: null,
        caughtUpTo: null,
        problem: 'not a standby (pg_is_in_recovery() is false)',
      });
    }
    if (probe.replayLsn === null) {
      return set(index, {
        health: 'down',
        lagSeconds: null,
        caughtUpTo: null,
        problem: 'has replayed nothing yet',
      });
    }
    if (!primary) {
      // The primary did not answer, so nothing new reaches the replica either: keep the lag last
      // measured (a replica never measured stays out).
      const known = previous.lagSeconds;
      return set(index, {
        health: known === null ? 'down' : known * 1000 > maxLagMs ? 'lagging' : 'up',
        lagSeconds: known,
        caughtUpTo: previous.caughtUpTo,
        problem: known === null ? 'lag unknown: the primary did not answer' : null,
      });
    }
    const { lagMs, caughtUpTo } = lagOf(probe, samples, primary, now());
    set(index, {
      health: lagMs > maxLagMs ? 'lagging' : 'up',
      lagSeconds: lagMs / 1000,
      caughtUpTo,
      problem: null,
    });
  };

  const check = async () => {
    let primary: PrimarySample | null = null;
    const at = now();
    try {
      primary = { at, lsn: await options.primaryLsn() };
      samples.push(primary);
      const keepFrom = at - 2 * maxLagMs - 1000;
      samples = samples.filter((sample, i) => sample.at >= keepFrom || i >= samples.length - 2);
    } catch {
      primary = null;
    }
    await Promise.all(
      options.replicas.map(async (replica, index) => {
        let probe: ReplicaProbe;
        try {
          probe = await replica.probe();
        } catch (error) {
          set(index, {
            health: 'down',
            lagSeconds: null,
            caughtUpTo: null,
            problem: error instanceof Error ? error.message : String(error),
          });
          return;
        }
        judge(index, probe, primary);
      }),
    );
    checkedOnce = true;
  };

  const checkOnce = () => (running ??= check().finally(() => (running = undefined)));

  return {
    check: checkOnce,
    states: () => states,
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(() => void checkOnce(), intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    markDown(index, problem) {
      const state = states[index];
      if (!state || state.health === 'down') return;
      set(index, { health: 'down', lagSeconds: null, caughtUpTo: null, problem });
    },
  };
}

/**
 * How far behind the primary a replica is (ms) and up to when it holds every commit, from its
 * probe, the primary's remembered positions (`samples`, oldest first, `latest` among them) and
 * the time now.
 */
export function lagOf(
  probe: ReplicaProbe,
  samples: readonly PrimarySample[],
  latest: PrimarySample,
  at: number,
): { lagMs: number; caughtUpTo: number | null } {
  const replayed = probe.replayLsn ?? -1n;
  if (replayed >= latest.lsn) return { lagMs: 0, caughtUpTo: latest.at };
  // WAL positions only grow: the samples it has reached come first, then those it lacks.
  let reached: PrimarySample | undefined;
  let lacking: PrimarySample = latest;
  for (const sample of samples) {
    if (sample.lsn > replayed) {
      lacking = sample;
      break;
    }
    reached = sample;
  }
  // The primary had, at `lacking.at`, something the replica still lacks.
  const atLeast = Math.max(0, at - lacking.at);
  // The replica had everything the primary had at `reached.at`.
  const atMost = reached ? at - reached.at : Infinity;
  // Whatever it lacks was committed after the last transaction it replayed.
  const byTimestamp =
    probe.replayAgeSeconds === null ? Infinity : Math.max(0, probe.replayAgeSeconds * 1000);
  const estimate = Math.min(atMost, Math.max(atLeast, byTimestamp));
  return {
    lagMs: Number.isFinite(estimate) ? estimate : atLeast,
    caughtUpTo: reached ? reached.at : null,
  };
}

/** Why a public read went where it went (the `reason` label of `db_replica_reads_total`). */
export type ReadReason =
  | 'replica'
  /** The client wrote within REPLICA_READ_AFTER_WRITE_SECONDS. */
  | 'after-write'
  /** The answer fills the public cache, and no fit replica is known to hold its generation. */
  | 'not-caught-up'
  /** No replica is fit (all down or lagging). */
  | 'no-replica';

/**
 * Which replica a public read uses (its index), or null for the primary, and why:
 * - `stickyToPrimary` (the client's own recent write): the primary;
 * - `mustInclude` (ms since the epoch; a read the public cache will keep, which must hold every
 *   write before its generation began): only replicas with `caughtUpTo >= mustInclude`;
 * - otherwise any `up` replica. Among the candidates, the first at or after `turn` (round robin).
 */
export function chooseReplica(
  states: readonly ReplicaState[],
  read: { stickyToPrimary: boolean; mustInclude: number | null; turn: number },
): { replica: number | null; reason: ReadReason } {
  if (read.stickyToPrimary) return { replica: null, reason: 'after-write' };
  const count = states.length;
  let anyUp = false;
  for (let step = 0; step < count; step++) {
    const index = (read.turn + step) % count;
    const state = states[index]!;
    if (state.health !== 'up') continue;
    anyUp = true;
    if (
      read.mustInclude !== null &&
      (state.caughtUpTo === null || state.caughtUpTo < read.mustInclude)
    ) {
      continue;
    }
    return { replica: index, reason: 'replica' };
  }
  return { replica: null, reason: anyUp ? 'not-caught-up' : 'no-replica' };
}
