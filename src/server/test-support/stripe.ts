/**
 * A local stand-in of the part of Stripe's API the `stripe` provider uses, on a loopback HTTP
 * server the SDK is pointed at (STRIPE_API_BASE): PaymentIntents (create, retrieve, cancel,
 * capture), Refunds, Transfers, Connect Express accounts (create, retrieve) and Account Links.
 * It keeps Stripe's idempotency rule (a POST repeated with the same `Idempotency-Key` answers
 * the first answer and does nothing again, https://docs.stripe.com/api/idempotent_requests) and
 * logs every request with its key, so tests can assert both.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  capture_method: string;
  /** The charge of a succeeded intent (a transfer's `source_transaction`). */
  latest_charge: string | null;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  metadata: Record<string, string>;
  capabilities: { transfers: 'inactive' | 'pending' | 'active' };
  payouts_enabled: boolean;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  status: 'succeeded';
  payment_intent: string;
  amount: number;
}

/** One request the stand-in received. */
export interface FakeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  auth: string;
  /** The `Idempotency-Key` header, if any. */
  idempotencyKey: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `metadata[name]=value` pairs of a form-encoded body. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/** A tiny Stripe: objects in maps, idempotency keys honoured, every request logged. */
export class FakeStripe {
  intents = new Map<string, FakeIntent>();
  accounts = new Map<string, FakeAccount>();
  /** Made transfers, once per real transfer (a replayed request adds none). */
  transfers: FakeTransfer[] = [];
  /** Made refunds: one row per real refund (a replayed request adds none). */
  refunds: { payment_intent: string; idempotencyKey: string | undefined }[] = [];
  /** Account Links handed out. */
  accountLinks: { account: string; url: string; refresh_url: string; return_url: string }[] = [];
  /** Intents captured (once per real capture, not per replayed request). */
  captures: string[] = [];
  /** The first answer of each idempotency key (Stripe answers a repeat with it). */
  replies = new Map<string, { status: number; body: unknown }>();
  requests: FakeRequest[] = [];
  server: Server = createServer((request, response) => void this.handle(request, response));

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Adds an intent as if created elsewhere; returns it. */
  add(fields: Partial<FakeIntent>): FakeIntent {
    const intentId = id('pi');
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount: 850_000,
      amount_received: 0,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      metadata: {},
      capture_method: 'automatic',
      latest_charge: null,
      ...fields,
    };
    this.intents.set(intentId, intent);
    return intent;
  }

  /** What Stripe.js's confirmCardPayment does with a manual-capture intent: authorised. */
  authorise(intentId: string) {
    const intent = this.intents.get(intentId)!;
    intent.status = 'requires_capture';
    intent.latest_charge ??= id('ch');
  }

  /** What Stripe.js's confirmCardPayment with 4242… does at Stripe: charged. */
  succeed(intentId: string) {
    const intent = this.intents.get(intentId)!;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge ??= id('ch');
  }

  /** What the seller finishing Stripe's hosted onboarding does: the account takes transfers. */
  completeOnboarding(accountId: string) {
    const account = this.accounts.get(accountId)!;
    account.capabilities.transfers = 'active';
    account.payouts_enabled = true;
  }

  /** The POST requests to `path` (exact, or a RegExp). */
  posts(path: string | RegExp): FakeRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === 'POST' &&
        (typeof path === 'string' ? request.path === path : path.test(request.path)),
    );
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += chunk;
    const form = new URLSearchParams(body);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const key = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      form,
      auth: request.headers.authorization ?? '',
      idempotencyKey: key,
    });
    const send = (status: number, payload: unknown) => {
      if (request.method === 'POST' && key && !this.replies.has(key)) {
        this.replies.set(key, { status, body: structuredClone(payload) });
      }
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(JSON.stringify(payload));
    };
    const fail = (status: number, code: string, message: string) =>
      send(status, { error: { type: 'invalid_request_error', code, message } });
    const missing = (what: string, missingId: string) =>
      fail(404, 'resource_missing', `No such ${what}: '${missingId}'`);

    // Stripe answers a repeated key with the first answer (idempotent requests).
    const replay = request.method === 'POST' && key ? this.replies.get(key) : undefined;
    if (replay) {
      response.writeHead(replay.status, {
        'content-type': 'application/json',
        'request-id': 'req_test',
        'idempotent-replayed': 'true',
      });
      response.end(JSON.stringify(replay.body));
      return;
    }

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const intent = this.add({
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        metadata: metadataOf(form),
        capture_method: form.get('capture_method') ?? 'automatic',
      });
      return send(200, intent);
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/cancel|\/capture)?$/.exec(url.pathname);
    if (intentPath?.[1]) {
      const intent = this.intents.get(intentPath[1]);
      if (!intent) return missing('payment_intent', intentPath[1]);
      if (request.method === 'POST' && intentPath[2] === '/capture') {
        if (intent.status !== 'requires_capture') {
          return fail(
            400,
            'payment_intent_unexpected_state',
            `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
          );
        }
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        this.captures.push(intent.id);
      } else if (request.method === 'POST' && intentPath[2]) {
        intent.status = 'canceled';
      }
      return send(200, { ...intent });
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intentId = form.get('payment_intent') ?? '';
      const intent = this.intents.get(intentId);
      if (!intent) return missing('payment_intent', intentId);
      if (this.refunds.some((refund) => refund.payment_intent === intentId)) {
        return fail(400, 'charge_already_refunded', 'Charge has already been refunded.');
      }
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        status: 'succeeded',
        payment_intent: intentId,
        amount: intent.amount,
      };
      this.refunds.push({ payment_intent: intentId, idempotencyKey: key });
      return send(200, refund);
    }
    if (request.method === 'POST' && url.pathname === '/v1/transfers') {
      const destination = form.get('destination') ?? '';
      const account = this.accounts.get(destination);
      if (!account) return missing('account', destination);
      if (account.capabilities.transfers !== 'active') {
        return fail(
          400,
          'insufficient_capabilities_for_transfer',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        );
      }
      const source = form.get('source_transaction');
      if (source && ![...this.intents.values()].some((i) => i.latest_charge === source)) {
        return missing('charge', source);
      }
      const transfer: FakeTransfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        destination,
        source_transaction: source,
        transfer_group: form.get('transfer_group'),
        metadata: metadataOf(form),
      };
      this.transfers.push(transfer);
      return send(200, transfer);
    }
    if (request.method === 'POST' && url.pathname === '/v1/accounts') {
      const account: FakeAccount = {
        id: id('acct'),
        object: 'account',
        type: 'express',
        email: form.get('email'),
        metadata: metadataOf(form),
        capabilities: { transfers: 'inactive' },
        payouts_enabled: false,
      };
      this.accounts.set(account.id, account);
      return send(200, account);
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && accountPath?.[1]) {
      const account = this.accounts.get(accountPath[1]);
      if (!account) return missing('account', accountPath[1]);
      return send(200, structuredClone(account));
    }
    if (request.method === 'POST' && url.pathname === '/v1/account_links') {
      const account = form.get('account') ?? '';
      if (!this.accounts.has(account)) return missing('account', account);
      const link = {
        account,
        url: `https://connect.stripe.test/setup/e/${account}/${randomBytes(8).toString('hex')}`,
        refresh_url: form.get('refresh_url') ?? '',
        return_url: form.get('return_url') ?? '',
      };
      this.accountLinks.push(link);
      const now = Math.floor(Date.now() / 1000);
      return send(200, {
        object: 'account_link',
        url: link.url,
        created: now,
        expires_at: now + 300,
      });
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  }
}
