/**
 * Registration's server call (spec §2 Registration, §7): the user record (`POST /api/users`);
 * the photo upload is lib/upload-image.ts. It goes through the shared client.
 */
import { apiRequest } from '../../../lib/api-client';
import { accountApiPaths, type RegistrationRole } from '../../../lib/contract';

export interface NewUserRecord {
  displayName: string;
  email: string;
  photoURL: string;
  role: RegistrationRole;
  uid: string;
}

/** Saves the product's user record; the server forces `status: 'unverified'` (spec §3). */
export async function saveUserRecord(record: NewUserRecord): Promise<void> {
  await apiRequest(accountApiPaths.users(), {
    method: 'POST',
    body: { ...record, status: 'unverified' },
  });
}
