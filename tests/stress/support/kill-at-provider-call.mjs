/**
 * Test-only preload for the deposit kill test (tests/stress/kill-during-deposits.test.ts),
 * loaded into the production server with `NODE_OPTIONS=--import <this file>`; nothing of the
 * server's code changes. It puts the SIGKILL exactly where it hurts most: right after the
 * sandbox payment provider committed a hold's capture, cancel or refund, before the deposit's
 * final state is written. It watches the database driver (PGlite's `query`, node-postgres's
 * `Client#query`) for the sandbox's own statements (src/server/payments/sandbox.ts: `moveHold`
 * and `refundHold`, which change a `capture_method = manual` intent), and when one changed a row
 * the process kills itself with SIGKILL before its caller sees the answer.
 *
 * STRESS_KILL_AT_HOLD_MOVE=N: after the N-th capture or cancel of a hold;
 * STRESS_KILL_AT_REFUND=N: after the N-th refund. Unset or 0: never.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const limits = {
  move: Number(process.env.STRESS_KILL_AT_HOLD_MOVE) || 0,
  refund: Number(process.env.STRESS_KILL_AT_REFUND) || 0,
};
const seen = { move: 0, refund: 0 };

/** 'move', 'refund' or null: which provider statement an SQL text is. */
function kindOf(text) {
  if (typeof text !== 'string' || !text.startsWith('update "sandbox_payment_intents" set ')) {
    return null;
  }
  if (text.includes('"refunded_cents"')) return 'refund';
  if (text.includes('"capture_method" = ')) return 'move';
  return null;
}

/** Counts a provider statement that changed a row; SIGKILLs this process at the limit. */
function after(kind, result) {
  if (!kind || !limits[kind] || !(result?.rows?.length > 0)) return;
  seen[kind] += 1;
  if (seen[kind] === limits[kind]) process.kill(process.pid, 'SIGKILL');
}

const pgliteQuery = PGlite.prototype.query;
PGlite.prototype.query = async function query(text, params, options) {
  const result = await pgliteQuery.call(this, text, params, options);
  after(kindOf(text), result);
  return result;
};

const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  const kind = kindOf(typeof config === 'string' ? config : config?.text);
  if (!kind) return clientQuery.apply(this, arguments);
  if (typeof values === 'function' || typeof callback === 'function') {
    const done = typeof values === 'function' ? values : callback;
    const wrapped = (error, result) => {
      if (!error) after(kind, result);
      done(error, result);
    };
    return typeof values === 'function'
      ? clientQuery.call(this, config, wrapped)
      : clientQuery.call(this, config, values, wrapped);
  }
  return clientQuery.call(this, config, values).then((result) => {
    after(kind, result);
    return result;
  });
};
