/**
 * Private or business seller, and a business seller's trader details as buyers see them (EU
 * Digital Services Act Art. 30(1); Consumer Rights Directive Art. 6a). Imports nothing of ours,
 * so the entity shapes can use it.
 */
import { z } from 'zod';

/** Private person or business (a trader in EU consumer law). */
export const sellerTypes = ['private', 'business'] as const;
export type SellerType = (typeof sellerTypes)[number];
export const sellerTypeSchema = z.enum(sellerTypes);

/** Trader details as shown to buyers (EU DSA Art. 30(1) (a)–(d)), plus the dealer page's extras. */
export const traderSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  register_name: z.string().describe('the trade register the trader is entered in'),
  register_number: z.string().describe('its registration number there'),
  self_certified: z.literal(true),
  opening_hours: z.string().nullable().describe('free text, e.g. "Mon–Fri 9–18, Sat 10–14"'),
  logo_url: z.string().nullable().describe('an upload of ours (/uploads/…), null for none'),
  check: z
    .enum(['requested', 'passed', 'failed'])
    .nullable()
    .describe("an admin's check of these details: requested, passed, failed; null = none"),
});
export type Trader = z.infer<typeof traderSchema>;

/** What the `users.trader` column keeps (the body as accepted). */
export type TraderDetails = Omit<Trader, 'check'>;

/** `seller_type` and `trader` as they appear on seller profiles and every listing. */
export const sellerTypeFields = {
  seller_type: sellerTypeSchema.describe('private person or business (a trader)'),
  trader: traderSchema.nullable().describe("a business seller's trader details; null if private"),
};
