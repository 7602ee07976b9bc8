/**
 * The VIN history's flags (decision 0028), as pure functions of a VIN's listings and its vPIC
 * decode, so the rules are tested without a database:
 * - `mileage_rollback`: a listing states a lower mileage than an earlier listing of the same VIN,
 *   by more than {@link mileageToleranceKm} (a typo-sized difference is not a rollback);
 * - `vin_listed_twice`: the VIN is live (on the market: not sold, not off the market, not
 *   removed) in listings of two or more different sellers (one seller relisting is not flagged);
 * - `vin_decode_mismatch`: a listing's make, model or model year disagrees with the decode.
 */
import { listingState, type ListingStatus } from '../../contract/listing-state.js';
import { trustTexts, type TrustFlag } from '../../contract/index.js';
import { deriveListingStatus } from './listing-status.js';

/** A later listing may state up to this much less mileage without a flag (km). */
export const mileageToleranceKm = 1_000;

/** One listing of a VIN, as the rules read it. */
export interface VinListing {
  id: string;
  sellerId: string;
  createdAt: Date;
  mileageKm: number | null;
  make: string | null;
  model: string | null;
  modelYear: number | null;
  sold: boolean;
  unavailable: boolean;
  /** `products.listing_status` (decision 0027). */
  listingStatus: ListingStatus;
  deletedAt: Date | null;
}

/** What the vPIC data says the VIN is (null fields: not known). */
export interface VinDecoded {
  make: string | null;
  model: string | null;
  modelYear: number | null;
}

const kilometres = (km: number) => `${km.toLocaleString('en-US')} km`;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** Lower case, letters and digits only: `Mercedes-Benz` → `mercedesbenz`. */
const normalise = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Names agree when one contains the other once normalised (`Corolla` and `Corolla LE`). */
function namesAgree(a: string, b: string): boolean {
  const x = normalise(a);
  const y = normalise(b);
  if (!x || !y) return true;
  return x.includes(y) || y.includes(x);
}

const isLive = (row: VinListing) => listingState(deriveListingStatus(row)).onMarket;

/**
 * The rollback of `target`: the earlier listing with the highest mileage above the target's
 * (beyond the tolerance), or null.
 */
export function rollbackOf(rows: readonly VinListing[], target: VinListing): VinListing | null {
  if (target.mileageKm === null) return null;
  let worst: VinListing | null = null;
  for (const row of rows) {
    if (row.id === target.id || row.mileageKm === null) continue;
    if (row.createdAt.getTime() >= target.createdAt.getTime()) continue;
    if (row.mileageKm - target.mileageKm <= mileageToleranceKm) continue;
    if (!worst || row.mileageKm > worst.mileageKm!) worst = row;
  }
  return worst;
}

/** Another live listing of the VIN by a different seller than `target`'s, or null. */
export function twinOf(rows: readonly VinListing[], target: VinListing): VinListing | null {
  return (
    rows.find((row) => row.id !== target.id && row.sellerId !== target.sellerId && isLive(row)) ??
    null
  );
}

/** The fields of `row` that disagree with the decode, as `make`/`model`/`model year` words. */
export function mismatchOf(row: VinListing, decoded: VinDecoded | null): string[] {
  if (!decoded) return [];
  const fields: string[] = [];
  if (row.make && decoded.make && !namesAgree(row.make, decoded.make)) fields.push('make');
  if (row.model && decoded.model && !namesAgree(row.model, decoded.model)) fields.push('model');
  if (row.modelYear !== null && decoded.modelYear !== null && row.modelYear !== decoded.modelYear) {
    fields.push('model year');
  }
  return fields;
}

function describeDecode(decoded: VinDecoded): string {
  return [decoded.modelYear, decoded.make, decoded.model].filter((part) => part !== null).join(' ');
}

function describeListing(row: VinListing): string {
  return [row.modelYear, row.make, row.model].filter((part) => part !== null).join(' ');
}

/** The flag texts: what we noticed, then what to check before paying. */
export const trustFlagTexts = {
  mileageRollback: (earlier: VinListing, target: VinListing) =>
    trustTexts.mileageRollback(
      day(earlier.createdAt),
      kilometres(earlier.mileageKm!),
      kilometres(target.mileageKm!),
    ),
  vinListedTwice:
    'This VIN is also in another live listing by a different seller. One car can only be sold ' +
    'once: check that the registration papers are in the seller’s name and that the VIN on the ' +
    'car matches them, and see the car in person before you pay.',
  vinDecodeMismatch: (decoded: VinDecoded, row: VinListing, fields: string[]) =>
    `The VIN belongs to a ${describeDecode(decoded)}, but this listing says ` +
    `${describeListing(row)} (the ${fields.join(' and ')} differ). It may be a typo: check that ` +
    'the VIN on the car (windscreen and door pillar) and on its papers is the one listed.',
  duplicatePhotos:
    'A photo of this listing looks the same as one another seller uploaded or listed first. ' +
    'Photos are sometimes copied from other listings: ask the seller for a fresh photo of the ' +
    'car (for example with today’s newspaper or a note with your name), or see it in person ' +
    'before you pay.',
} as const;

/**
 * The VIN flags that concern one listing (the listing page's `trust_flags`).
 * @param rows every listing of the VIN, removed ones included (they are facts all the same)
 */
export function listingVinFlags(
  rows: readonly VinListing[],
  target: VinListing,
  decoded: VinDecoded | null,
): TrustFlag[] {
  const flags: TrustFlag[] = [];
  const earlier = rollbackOf(rows, target);
  if (earlier) {
    flags.push({
      code: 'mileage_rollback',
      text: trustFlagTexts.mileageRollback(earlier, target),
      mileage: {
        earlier_km: earlier.mileageKm!,
        stated_km: target.mileageKm!,
        earlier_listed_on: day(earlier.createdAt),
      },
    });
  }
  if (isLive(target) && twinOf(rows, target)) {
    flags.push({ code: 'vin_listed_twice', text: trustFlagTexts.vinListedTwice });
  }
  const fields = mismatchOf(target, decoded);
  if (fields.length > 0 && decoded) {
    flags.push({
      code: 'vin_decode_mismatch',
      text: trustFlagTexts.vinDecodeMismatch(decoded, target, fields),
    });
  }
  return flags;
}

/**
 * The flags of a VIN as a whole (`GET /api/vin/{vin}/history`): each code once, explained on
 * the first listing it concerns (the latest for a rollback).
 */
export function historyVinFlags(
  rows: readonly VinListing[],
  decoded: VinDecoded | null,
): TrustFlag[] {
  const byCode = new Map<string, TrustFlag>();
  // Newest first, so a rollback is explained on the latest listing that shows it.
  for (const row of [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    for (const flag of listingVinFlags(rows, row, decoded)) {
      if (!byCode.has(flag.code)) byCode.set(flag.code, flag);
    }
  }
  const order = ['mileage_rollback', 'vin_listed_twice', 'vin_decode_mismatch'];
  return [...byCode.values()].sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
}
