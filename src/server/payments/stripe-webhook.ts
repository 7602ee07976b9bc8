/**
 * Stripe webhook requests (payments and Stripe Identity): the event, checked against its
 * `Stripe-Signature` header with the endpoint's signing secret (Stripe's documented
 * `webhooks.constructEvent`).
 */
import type { FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { httpError } from '../lib/http-error.js';

/**
 * The event `request` carries, when its raw body is signed with `webhookSecret`.
 * @throws HttpError 400 without the header or a raw body, or when the signature does not match.
 */
export function verifiedStripeEvent(request: FastifyRequest, webhookSecret: string): Stripe.Event {
  const signature = request.headers['stripe-signature'];
  const body = request.body;
  if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
    throw httpError(400, 'headers.stripe-signature and a raw JSON body are required');
  }
  try {
    return Stripe.webhooks.constructEvent(body, signature, webhookSecret);
  } catch {
    throw httpError(400, 'headers.stripe-signature is not a valid Stripe signature');
  }
}
