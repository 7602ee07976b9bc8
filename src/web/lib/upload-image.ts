/** docs/product.md §7 image host: `POST /api/images` (multipart field `image`) → `{data: {url}}`. */
import { imageFieldName } from '../../contract/limits';
import * as apiRoutes from '../../contract/route-table';
import { apiCall } from './api-client';

/** Uploads an image; resolves the stored image's URL (e.g. `/uploads/….webp`). */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(imageFieldName, file);
  const answer = await apiCall(apiRoutes.uploadImage, { form });
  return answer.data.url;
}
