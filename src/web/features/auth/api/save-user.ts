/**
 * Registration's server calls (spec §2 Registration, §7): the photo upload (`POST /api/images`,
 * multipart field `image`, the spec's image-host answer `{data: {url}}`) and the user record
 * (`POST /api/users`). Both go through the shared client with the new account's token.
 */
import { apiRequest } from '../../../lib/api-client';
import { accountApiPaths, type RegistrationRole } from '../../../lib/contract';

/** Uploads an image; resolves the stored image's URL (e.g. `/uploads/….webp`). */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { data } = await apiRequest<{ data: { url: string } }>(accountApiPaths.images(), {
    method: 'POST',
    body: form,
  });
  return data.data.url;
}

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
