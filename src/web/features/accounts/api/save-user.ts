/**
 * Registration's server call (docs/product.md §2 Registration, §7): the user record (`POST /api/users`);
 * the photo upload is lib/upload-image.ts. It goes through the shared client.
 */
import * as apiRoutes from '#contract/route-table';
import type { RouteBody } from '#contract/routes';
import { apiCall } from '#web/lib/api-client';

/** The record as the registration sends it: `{displayName, email, photoURL, role, uid}`. */
export type NewUserRecord = Omit<RouteBody<typeof apiRoutes.saveUser>, 'status'>;

/** Saves the product's user record; the server forces `status: 'unverified'` (docs/product.md §3). */
export async function saveUserRecord(record: NewUserRecord): Promise<void> {
  await apiCall(apiRoutes.saveUser, { body: { ...record, status: 'unverified' } });
}
