/**
 * The server is killed (SIGKILL) in the middle of viewing-deposit traffic (decision
 * 0020: "SIGKILL between provider call and database write leaves a state the retry completes").
 *
 * A few buyers book a seller's listings asking deposits, and every booking follows one plan at
 * once: hold the deposit with the sandbox's test card, then `Viewing happened` (sent twice at
 * once), `Buyer did not come`, `Buyer did not come` → dispute → the admin refunds or keeps it,
 * the buyer cancels the booking (the `deposit-settle` job releases the hold), or the seller
 * sends both marks at once (exactly one may win). Each client reads the deposit's state and
 * does the next step, so after a failure it repeats the step that was cut short — the retry.
 *
 * The kills come exactly between a provider call and its database write: a preload
 * (support/kill-at-provider-call.mjs; the server's code is unchanged) makes the server SIGKILL
 * itself right after the sandbox provider committed its N-th capture/cancel or refund.
 * - Round 1 (holds and marks): killed after the 6th capture or cancel, so at least that deposit
 *   is `capturing`/`releasing` with the provider done; holds authorised at the provider but not
 *   yet recorded may be left too. The clients' retries complete them after the restart.
 * - Round 2 (retries, disputes, decisions): killed after the 2nd refund. With the server down,
 *   the reconcile sweep (`sweepDeposits`, the `deposit-sweep` job's code, run here in-process at
 *   "now + 2 minutes" so that its minute-old rule applies) completes the `refunding` deposit.
 * - A last round without a kill brings every booking to its plan's end.
 *
 * After each kill and at the end: every deposit's recorded transitions form one path to its
 * state (none recorded twice), no hold is authorised or captured without its deposit. After the
 * sweep and at the end the provider (the sandbox's intents) agrees with the database: nothing
 * left in between.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPaths, paymentIntentIdOf } from '../../src/contract/paths.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { sweepDeposits } from '../../src/server/deposits/service.js';
import {
  depositProblems,
  inBetween,
  pendingStates,
  readDepositLedger,
  type DepositLedger,
} from './support/deposits.js';
import { Client, Stats, type Answer } from './support/http.js';
import { addCategory, book, productBody, register, type User } from './support/marketplace.js';
import {
  createStorage,
  startServer,
  stressOrigin,
  type RunningServer,
  type Storage,
} from './support/server.js';

const PLANS = ['release', 'capture', 'refund', 'keep', 'cancel', 'race'] as const;
type Plan = (typeof PLANS)[number];
const PER_PLAN = 4;
/** Buyers sharing the bookings (each books PLANS.length * PER_PLAN / BUYERS listings). */
const BUYERS = 3;
/** The preload that SIGKILLs the server right after a provider call (see its comment). */
const killHook = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'support/kill-at-provider-call.mjs',
);
const ADMIN = { email: 'admin@stress.test', password: 'stress-admin-password-1' };
const serverEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/** Where each plan ends. */
const goals: Record<Plan, string[]> = {
  release: ['released'],
  capture: ['captured'],
  refund: ['refunded'],
  keep: ['kept'],
  cancel: ['released'],
  race: ['released', 'captured'],
};

interface Flow {
  plan: Plan;
  buyer: User;
  orderId: string;
  /** Times both marks of a race answered `changed: true` (must stay 0). */
  doubleWins: number;
  /** Steps spent waiting for the settle job (plan cancel). */
  waits: number;
}

let storage: Storage;
let server: RunningServer | undefined;

beforeAll(async () => {
  storage = await createStorage('deposits');
});
afterAll(async () => {
  await server?.stop();
  await storage?.remove();
});

/** Signs in with a password and returns an API token (the admin ensured at start-up). */
async function signIn(client: Client, email: string, password: string): Promise<User> {
  const signedIn = await client.call<{ user: { id: string } }>('POST', authPaths.signIn, {
    headers: { origin: stressOrigin },
    body: { email, password },
  });
  if (signedIn.status !== 200) throw new Error(`admin sign-in: ${signedIn.status}`);
  const cookie = (signedIn.headers['set-cookie'] ?? []).map((l) => l.split(';')[0]).join('; ');
  const issued = await client.call<{ token: string }>('POST', apiUrl(apiRoutes.issueToken), {
    headers: { origin: stressOrigin, cookie },
    body: { user: signedIn.body.user.id },
  });
  if (issued.status !== 200) throw new Error(`admin token: ${issued.status}`);
  return { uid: signedIn.body.user.id, email, token: issued.body.token };
}

/** The traffic of one round: every flow advanced to its goal, or until the server dies. */
class Round {
  transitions = 0;
  /** Cancelled bookings whose hold the seller released after waiting 5 s for the job. */
  sellerReleases = 0;
  readonly stats = new Stats();

  constructor(
    readonly client: Client,
    readonly seller: User,
    readonly admin: User,
  ) {}

  private async send(route: string, call: Promise<Answer>, transition = true): Promise<Answer> {
    const answer = await call;
    this.stats.record(route, answer);
    if (transition && answer.status === 200) {
      this.transitions += 1;
    }
    return answer;
  }

  private mark(flow: Flow, outcome: 'viewing_happened' | 'no_show') {
    return this.send(
      `POST outcome ${outcome}`,
      this.client.call('POST', `/api/order/${flow.orderId}/deposit/outcome`, {
        token: this.seller.token,
        body: { outcome },
      }),
    );
  }

  private decide(flow: Flow, decision: 'refund' | 'keep') {
    return this.send(
      `POST decision ${decision}`,
      this.client.call(
        'POST',
        apiUrl(apiRoutes.decideDepositDispute, { params: { id: flow.orderId } }),
        { token: this.admin.token, body: { decision, note: 'decided in the kill test' } },
      ),
    );
  }

  /** The buyer's page: hold intent, test card, authorise at the sandbox, confirm the hold. */
  private async hold(flow: Flow): Promise<Answer[]> {
    const token = flow.buyer.token;
    const hold = await this.send(
      'POST hold',
      this.client.call<{ clientSecret: string }>(
        'POST',
        apiUrl(apiRoutes.createDepositHold, { params: { id: flow.orderId } }),
        { token },
      ),
      false,
    );
    if (hold.status !== 200) return [hold];
    const secret = (hold.body as { clientSecret: string }).clientSecret;
    const method = await this.send(
      'POST payment-method',
      this.client.call<{ id: string }>('POST', apiUrl(apiRoutes.createSandboxPaymentMethod), {
        token,
        body: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 40, cvc: '123' },
      }),
      false,
    );
    if (method.status !== 200) return [method];
    const confirmed = await this.send(
      'POST sandbox confirm',
      this.client.call(
        'POST',
        apiUrl(apiRoutes.confirmSandboxPaymentIntent, {
          params: { id: paymentIntentIdOf(secret) },
        }),
        {
          token,
          body: { client_secret: secret, payment_method: (method.body as { id: string }).id },
        },
      ),
      false,
    );
    if (confirmed.status !== 200) return [confirmed];
    return [
      await this.send(
        'POST deposit confirm',
        this.client.call(
          'POST',
          apiUrl(apiRoutes.confirmDepositHold, { params: { id: flow.orderId } }),
          { token },
        ),
      ),
    ];
  }

  /** The next step of `flow` from `state`. */
  private async step(flow: Flow, state: string, booking: string): Promise<Answer[]> {
    switch (state) {
      case 'awaiting_card':
        return this.hold(flow);
      case 'held':
        switch (flow.plan) {
          case 'release':
            return Promise.all([
              this.mark(flow, 'viewing_happened'),
              this.mark(flow, 'viewing_happened'),
            ]);
          case 'race': {
            const answers = await Promise.all([
              this.mark(flow, 'viewing_happened'),
              this.mark(flow, 'no_show'),
            ]);
            const won = answers.filter(
              (a) => a.status === 200 && (a.body as { changed?: boolean }).changed,
            );
            if (won.length > 1) flow.doubleWins += 1;
            return answers;
          }
          case 'cancel':
            if (booking === 'open') {
              return [
                await this.send(
                  'DELETE order',
                  this.client.call(
                    'DELETE',
                    apiUrl(apiRoutes.cancelOrder, { params: { id: flow.orderId } }),
                    { token: flow.buyer.token },
                  ),
                ),
              ];
            }
            // Cancelled: the deposit-settle job releases the hold within seconds. A job the kill
            // cut short is retried only when it expires (15 minutes) or by the next sweep; after
            // 5 s the seller releases it instead (counted).
            flow.waits += 1;
            if (flow.waits > 20) {
              this.sellerReleases += 1;
              flow.waits = 0;
              return [await this.mark(flow, 'viewing_happened')];
            }
            await new Promise((resolve) => setTimeout(resolve, 250));
            return [];
          default:
            return [await this.mark(flow, 'no_show')];
        }
      // A pending state: its actor repeats the call that was cut short.
      case 'releasing':
        return [await this.mark(flow, 'viewing_happened')];
      case 'capturing':
        return [await this.mark(flow, 'no_show')];
      case 'refunding':
        return [await this.decide(flow, 'refund')];
      case 'captured':
        return [
          await this.send(
            'POST dispute',
            this.client.call(
              'POST',
              apiUrl(apiRoutes.disputeDeposit, { params: { id: flow.orderId } }),
              { token: flow.buyer.token, body: { reason: 'I was there at the agreed time.' } },
            ),
          ),
        ];
      case 'disputed':
        return [await this.decide(flow, flow.plan === 'keep' ? 'keep' : 'refund')];
      default:
        throw new Error(`order ${flow.orderId}: no step from ${state} (plan ${flow.plan})`);
    }
  }

  /**
   * Advances `flow` until its goal: 'done'; 'interrupted' when the server stopped answering;
   * 'stuck' after too many steps. Like the SPA, it reads the order (My Orders) when it does not
   * know the deposit's state — at the start, after a refusal or a cancel — and otherwise
   * continues from the state the last answer showed.
   */
  async advance(flow: Flow): Promise<'done' | 'interrupted' | 'stuck'> {
    let known: { state: string; booking: string } | undefined;
    for (let steps = 0; steps < 80; steps += 1) {
      if (!known) {
        const order = await this.send(
          'GET order',
          this.client.call<{ data: { booking_state: string; deposit: { state: string } } }>(
            'GET',
            apiUrl(apiRoutes.getOrder, { params: { id: flow.orderId } }),
            { token: flow.buyer.token, deadlineMs: 20_000 },
          ),
          false,
        );
        if (order.status === 0) return 'interrupted';
        if (order.status !== 200) throw new Error(`GET order: ${order.status}`);
        const { data } = order.body as {
          data: { booking_state: string; deposit: { state: string } };
        };
        known = { state: data.deposit.state, booking: data.booking_state };
      }
      if (goals[flow.plan].includes(known.state)) return 'done';
      const answers = await this.step(flow, known.state, known.booking);
      if (answers.some((answer) => answer.status === 0)) return 'interrupted';
      const shown = answers.map(
        (answer) => (answer.body as { deposit?: { state?: string } } | undefined)?.deposit?.state,
      );
      known =
        answers.length > 0 && answers.every((a, i) => a.status === 200 && shown[i])
          ? { state: shown.at(-1)!, booking: known.booking }
          : undefined;
    }
    return 'stuck';
  }

  /** Advances every flow at once; the outcome of each. */
  run(flows: Flow[]) {
    return Promise.all(flows.map((flow) => this.advance(flow)));
  }
}

/** What a ledger holds, as counts per deposit state. */
function stateCounts(ledger: DepositLedger): string {
  const counts = new Map<string, number>();
  for (const d of ledger.deposits) counts.set(d.state, (counts.get(d.state) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');
}

/**
 * Runs the reconcile sweep over the stopped server's storage, in this process, as the
 * `deposit-sweep` job would at `now` (the production code: sweepDeposits on a built app).
 */
async function sweepOffline(now: Date) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: storage.dataDir,
    JOB_WORKERS: 'false',
    PAYMENT_PROVIDER: 'sandbox',
    PUBLIC_URL: stressOrigin,
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
  });
  const database = storage.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: storage.databaseUrl }, { poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dir: path.join(storage.dataDir, 'db') });
  const app = await buildApp({ config, database, webDir: path.join(storage.dataDir, 'no-spa') });
  try {
    await app.ready();
    return await sweepDeposits(app, now);
  } finally {
    await app.close();
    await database.close();
  }
}

describe('SIGKILL in the middle of viewing-deposit transitions', () => {
  it('leaves nothing in between that the sweep or the retry does not complete', async () => {
    const started = performance.now();
    const database = storage.databaseUrl ? 'PostgreSQL' : 'PGlite';
    server = await startServer(storage, {
      env: { ...serverEnv, NODE_OPTIONS: `--import=${killHook}`, STRESS_KILL_AT_HOLD_MOVE: '6' },
    });
    let client = new Client(server.baseUrl, 64);

    // ---- Setup: a seller's listings asking deposits of $10–$50, each booked by one of a few
    // buyers (a buyer may book many listings; registering is the slow part of the setup).
    const [seller, admin, ...buyers] = await Promise.all([
      register(client, 'seller'),
      signIn(client, ADMIN.email, ADMIN.password),
      ...Array.from({ length: BUYERS }, () => register(client, 'buyer')),
    ]);
    const registered = (performance.now() - started) / 1000;
    const categoryId = await addCategory(client, seller, `Deposit kill ${Date.now()}`);
    const flows: Flow[] = await Promise.all(
      Array.from({ length: PLANS.length * PER_PLAN }, async (_, n) => {
        const buyer = buyers[n % BUYERS]!;
        const listed = await client.call<{ insertedId: string }>(
          'POST',
          apiUrl(apiRoutes.createProduct),
          {
            token: seller.token,
            body: { ...productBody(categoryId, n), deposit: 10 * (1 + (n % 5)) },
          },
        );
        if (listed.status !== 201) throw new Error(`listing: ${listed.status}`);
        const booked = await book(client, buyer, listed.body.insertedId);
        if (booked.status !== 201) throw new Error(`booking: ${booked.status}`);
        return {
          plan: PLANS[n % PLANS.length]!,
          buyer,
          orderId: booked.body.insertedId,
          doubleWins: 0,
          waits: 0,
        };
      }),
    );
    const figures: string[] = [
      `setup ${((performance.now() - started) / 1000).toFixed(1)} s (${registered.toFixed(1)} s ` +
        `to start and register): ${flows.length} bookings of ${BUYERS} buyers`,
    ];

    /**
     * Runs the traffic until the server kills itself at a provider call
     * (kill-at-provider-call.mjs), then reads what was left.
     */
    const killRound = async (name: string) => {
      const traffic = new Round(client, seller, admin);
      const victim = server!;
      await traffic.run(flows);
      // A server that should have killed itself and did not would otherwise hang the test.
      const exit = await Promise.race([
        victim.exited,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
      ]);
      expect(exit?.signal, `${name}: the kill came after the traffic`).toBe('SIGKILL');
      const when = `its own provider call (${traffic.transitions} transitions answered)`;
      client.close();
      console.log(
        traffic.stats.summary(`kill during deposits (${database}), ${name}: SIGKILL after ${when}`),
      );
      const ledger = await readDepositLedger(storage);
      expect(depositProblems(ledger)).toEqual([]);
      const between = inBetween(ledger);
      const pending = ledger.deposits.filter((d) => pendingStates.includes(d.state)).length;
      figures.push(
        `${name}: SIGKILL after ${when}; ${stateCounts(ledger)}; ` +
          `${between.length} in between (${pending} in a pending state)`,
      );
      return { ledger, between, pending };
    };
    /** Starts the server on the storage; `kill` arms kill-at-provider-call.mjs. */
    const restart = async (kill: Record<string, string> = {}) => {
      const armed: Record<string, string> =
        Object.keys(kill).length > 0 ? { NODE_OPTIONS: `--import=${killHook}` } : {};
      server = await startServer(storage, { env: { ...serverEnv, ...armed, ...kill } });
      client = new Client(server.baseUrl, 64);
    };
    /** The reconcile sweep over the stopped server's storage, "two minutes later". */
    const sweep = async (name: string) => {
      const swept = await sweepOffline(new Date(Date.now() + 2 * 60_000));
      const ledger = await readDepositLedger(storage);
      expect(depositProblems(ledger)).toEqual([]);
      expect(inBetween(ledger)).toEqual([]);
      figures.push(
        `  ${name}: looked at ${swept.looked}, failed ${swept.failed}; then ${stateCounts(ledger)}, 0 in between`,
      );
    };

    // ---- Round 1: every buyer holds a deposit and the seller marks each booking as soon as
    // it is held (two marks at once on some). The server dies right after the provider's 6th
    // capture or cancel, before that deposit's final write; holds authorised at the provider
    // but not yet recorded may be left too.
    const round1 = await killRound('round 1 (holds and marks)');
    expect(round1.pending).toBeGreaterThan(0);
    const leftByRound1 = new Map(
      round1.ledger.deposits
        .filter((d) => inBetween({ ...round1.ledger, deposits: [d] }).length > 0)
        .map((d) => [d.id, d.state]),
    );

    // ---- Round 2: the clients repeat what was cut short, then disputes and decisions; the
    // server dies right after the provider's 2nd refund. The sweep completes that one.
    await restart({ STRESS_KILL_AT_REFUND: '2' });
    const round2 = await killRound('round 2 (retries, disputes, refunds)');
    expect(round2.ledger.deposits.some((d) => d.state === 'refunding')).toBe(true);
    const byRetry = round2.ledger.deposits.filter(
      (d) => leftByRound1.has(d.id) && d.state !== leftByRound1.get(d.id),
    ).length;
    figures.push(
      `  ${byRetry} of the ${leftByRound1.size} left by round 1 completed by the retries`,
    );
    await sweep('sweep');

    // ---- Last round, no kill: every client repeats what was cut short, and goes on to the end.
    await restart();
    const last = new Round(client, seller, admin);
    const outcomes = await last.run(flows);
    console.log(last.stats.summary(`kill during deposits (${database}), retries to the end`));
    expect(outcomes.filter((o) => o !== 'done')).toEqual([]);
    expect(last.stats.failures()).toBe(0);
    client.close();
    await server.stop();

    const final = await readDepositLedger(storage);
    expect(depositProblems(final)).toEqual([]);
    expect(inBetween(final)).toEqual([]);
    const stateOf = new Map(final.deposits.map((d) => [d.orderId, d.state]));
    expect(flows.filter((flow) => !goals[flow.plan].includes(stateOf.get(flow.orderId)!))).toEqual(
      [],
    );
    expect(flows.reduce((sum, flow) => sum + flow.doubleWins, 0)).toBe(0);
    figures.push(
      `last round: ${last.transitions} transitions; ${last.sellerReleases} cancelled ` +
        `bookings' holds released by the seller after 5 s without the settle job`,
      `end: ${stateCounts(final)}; ${final.events.length} transitions recorded; ` +
        `settle jobs ${JSON.stringify(final.settleJobs)}; ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s in all`,
    );
    console.log(`kill during deposits (${database}):\n  ${figures.join('\n  ')}`);
  });
});
