/**
 * The replica monitor's lag and health (decision 0050) against a stand-in primary and replicas
 * whose WAL positions, replay ages and failures the tests set, on a clock the tests move: no
 * PostgreSQL server and no waiting.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseReplica,
  createReplicaMonitor,
  lagOf,
  parseLsn,
  type ReplicaState,
} from './replicas.js';

/** A primary and replicas under the tests' control, and a monitor of them. */
function setup(options: { replicas?: number; maxLagSeconds?: number } = {}) {
  let clock = 1_000_000;
  let primaryLsn = 1000n;
  let primaryDown = false;
  const replicas = Array.from({ length: options.replicas ?? 1 }, () => ({
    probe: { inRecovery: true, replayLsn: 1000n, replayAgeSeconds: 3600 },
    failure: null as Error | null,
  }));
  const changes: string[] = [];
  const monitor = createReplicaMonitor({
    maxLagSeconds: options.maxLagSeconds ?? 10,
    now: () => clock,
    primaryLsn: async () => {
      if (primaryDown) throw new Error('connect ECONNREFUSED');
      return primaryLsn;
    },
    replicas: replicas.map((replica, index) => ({
      name: String(index),
      probe: async () => {
        if (replica.failure) throw replica.failure;
        return { ...replica.probe };
      },
    })),
    onChange: (state, previous) => changes.push(`${state.name}: ${previous} -> ${state.health}`),
  });
  return {
    monitor,
    replicas,
    changes,
    state: (index = 0) => monitor.states()[index]!,
    tick: async (seconds: number) => {
      clock += seconds * 1000;
      await monitor.check();
    },
    /** The primary commits: its WAL position moves on. */
    write: (bytes = 100n) => (primaryLsn += bytes),
    get primaryLsn() {
      return primaryLsn;
    },
    set primaryDown(down: boolean) {
      primaryDown = down;
    },
    get now() {
      return clock;
    },
  };
}

describe('parseLsn', () => {
  it('reads pg_lsn text as a byte position', () => {
    expect(parseLsn('0/3430CA0')).toBe(0x3430ca0n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => parseLsn('3430CA0')).toThrow('not a WAL position');
  });
});

describe('the replica monitor', () => {
  it('says an idle replica has no lag, however long ago its last transaction was', async () => {
    const t = setup();
    await t.tick(1);
    expect(t.state()).toMatchObject({ health: 'up', lagSeconds: 0, caughtUpTo: t.now });
    // An hour since the last replayed transaction: an idle site, not a lagging replica.
    expect(t.replicas[0]!.probe.replayAgeSeconds).toBe(3600);
    await t.tick(1);
    expect(t.state()).toMatchObject({ health: 'up', lagSeconds: 0 });
  });

  it('dates a lagging replica by the primary positions it has not reached', async () => {
    const t = setup({ maxLagSeconds: 10 });
    await t.tick(1);
    const caughtUp = t.now;
    // The primary writes; the replica stops replaying (its last transaction an hour old).
    t.write();
    await t.tick(1);
    expect(t.state()).toMatchObject({ health: 'up', lagSeconds: 1, caughtUpTo: caughtUp });
    await t.tick(4);
    expect(t.state()).toMatchObject({ health: 'up', lagSeconds: 5, caughtUpTo: caughtUp });
    await t.tick(6);
    expect(t.state()).toMatchObject({ health: 'lagging', lagSeconds: 11, caughtUpTo: caughtUp });
    // It catches up: back in rotation at the next check.
    t.replicas[0]!.probe.replayLsn = t.primaryLsn;
    await t.tick(1);
    expect(t.state()).toMatchObject({ health: 'up', lagSeconds: 0, caughtUpTo: t.now });
    expect(t.changes).toEqual(['0: null -> up', '0: up -> lagging', '0: lagging -> up']);
  });

  it('takes the replay age when it is the closer bound (a busy primary, a replica just behind)', async () => {
    const t = setup();
    await t.tick(1);
    t.write();
    await t.tick(1);
    t.write();
    // Behind the newest position only, having replayed a transaction 50 ms ago.
    t.replicas[0]!.probe = {
      inRecovery: true,
      replayLsn: t.primaryLsn - 100n,
      replayAgeSeconds: 0.05,
    };
    await t.tick(3);
    // At most 3 s (it has the previous position) and at least 0 s: the replay age, 0.05 s.
    expect(t.state().lagSeconds).toBeCloseTo(0.05, 5);
  });

  it('never reports less lag than the time since the primary had what the replica lacks', () => {
    const samples = [
      { at: 0, lsn: 100n },
      { at: 1000, lsn: 200n },
      { at: 2000, lsn: 300n },
    ];
    // A replica clock far behind would make the replay age 0; the primary's own positions say
    // it lacks what the primary had at 1000 ms, 4000 ms ago.
    const probe = { inRecovery: true, replayLsn: 150n, replayAgeSeconds: 0 };
    expect(lagOf(probe, samples, samples[2]!, 5000)).toEqual({ lagMs: 4000, caughtUpTo: 0 });
    // Behind every remembered position and nothing replayed yet: at least the oldest one's age.
    const fresh = { inRecovery: true, replayLsn: 50n, replayAgeSeconds: null };
    expect(lagOf(fresh, samples, samples[2]!, 5000)).toEqual({ lagMs: 5000, caughtUpTo: null });
  });

  it('marks a replica down while its check fails or it is no standby, and up once it passes', async () => {
    const t = setup({ replicas: 2 });
    await t.tick(1);
    t.replicas[0]!.failure = new Error('connect ECONNREFUSED 127.0.0.1:55433');
    t.replicas[1]!.probe.inRecovery = false;
    await t.tick(1);
    expect(t.state(0)).toMatchObject({
      health: 'down',
      lagSeconds: null,
      caughtUpTo: null,
      problem: 'connect ECONNREFUSED 127.0.0.1:55433',
    });
    expect(t.state(1)).toMatchObject({
      health: 'down',
      problem: 'not a standby (pg_is_in_recovery() is false)',
    });
    t.replicas[0]!.failure = null;
    t.replicas[1]!.probe.inRecovery = true;
    await t.tick(1);
    expect(t.monitor.states().map((state) => state.health)).toEqual(['up', 'up']);
  });

  it('takes a replica out at once when a read on it failed, until its next check', async () => {
    const t = setup();
    await t.tick(1);
    t.monitor.markDown(0, 'Connection terminated unexpectedly');
    expect(t.state()).toMatchObject({
      health: 'down',
      problem: 'Connection terminated unexpectedly',
    });
    await t.tick(1);
    expect(t.state().health).toBe('up');
  });

  it('keeps the last measured lag while the primary does not answer', async () => {
    const t = setup();
    await t.tick(1);
    const caughtUp = t.now;
    t.primaryDown = true;
    await t.tick(1);
    expect(t.state()).toMatchObject({ health: 'up', lagSeconds: 0, caughtUpTo: caughtUp });
    // A replica never measured stays out.
    const u = setup();
    u.primaryDown = true;
    await u.tick(1);
    expect(u.state()).toMatchObject({
      health: 'down',
      problem: 'lag unknown: the primary did not answer',
    });
  });

  it('runs one check at a time, and checks on its own once started', async () => {
    const t = setup();
    const [a, b] = [t.monitor.check(), t.monitor.check()];
    expect(a).toBe(b);
    await a;
    expect(t.state().health).toBe('up');
    t.monitor.start(60_000);
    t.monitor.stop();
  });
});

describe('chooseReplica', () => {
  const state = (name: string, health: ReplicaState['health'], caughtUpTo: number | null) => ({
    name,
    health,
    lagSeconds: health === 'down' ? null : 0,
    caughtUpTo,
    problem: null,
  });
  const read = { stickyToPrimary: false, mustInclude: null, turn: 0 };

  it('takes the fit replicas in turn and skips the others', () => {
    const states = [state('0', 'up', 10), state('1', 'lagging', 10), state('2', 'up', 10)];
    const picks = [0, 1, 2, 3].map((turn) => chooseReplica(states, { ...read, turn }).replica);
    expect(picks).toEqual([0, 2, 2, 0]);
  });

  it('sends a client that just wrote to the primary', () => {
    const states = [state('0', 'up', 10)];
    expect(chooseReplica(states, { ...read, stickyToPrimary: true })).toEqual({
      replica: null,
      reason: 'after-write',
    });
  });

  it('fills the public cache only from a replica caught up to its generation', () => {
    const states = [state('0', 'up', 100), state('1', 'up', 300)];
    expect(chooseReplica(states, { ...read, mustInclude: 200 })).toEqual({
      replica: 1,
      reason: 'replica',
    });
    expect(chooseReplica(states, { ...read, mustInclude: 400 })).toEqual({
      replica: null,
      reason: 'not-caught-up',
    });
  });

  it('falls back to the primary when no replica is fit', () => {
    const states = [state('0', 'down', null), state('1', 'lagging', 10)];
    expect(chooseReplica(states, read)).toEqual({ replica: null, reason: 'no-replica' });
  });
});
