/** Spec §7 image host: `POST /api/images` (multipart field `image`) → `{data: {url}}`. */
import { apiRequest } from './api-client';
import { accountApiPaths } from './contract';

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
