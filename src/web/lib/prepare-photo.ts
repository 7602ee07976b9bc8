/**
 * Phone photos made ready for `POST /api/images` in the browser: a 12-megapixel, 7–10 MB JPEG is
 * turned upright from its EXIF orientation and downscaled to a longest side of 2,560 px (and under
 * the upload limit) by `browser-image-compression`, loaded only when a photo needs it. The
 * server still checks type, size and dimensions and strips the metadata. HEIC/HEIF photos (the
 * iPhone's default) are refused at choice time with a sentence saying what to do.
 */
import { acceptedImageTypes, imageFileProblem, limits } from '#contract/limits';

/** The longest side of a photo sent to the server, in pixels. */
export const photoMaxSide = 2560;

/** Said when a HEIC/HEIF photo is chosen. */
export const heicMessage = (name: string) =>
  `${name} is a HEIC photo, which browsers cannot read: choose "Most Compatible" (JPEG) in ` +
  'the camera settings, or share it as JPEG, and add it again';

const isHeic = (file: File) =>
  /^image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name);

/**
 * Why `file` cannot be used as a listing photo, or undefined. Unlike the upload check, a large
 * JPEG, PNG or WebP is fine: it is downscaled before the upload.
 */
export function photoChoiceProblem(file: File): string | undefined {
  if (isHeic(file)) return heicMessage(file.name);
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
    return imageFileProblem(file, 'Photo');
  }
  return undefined;
}

/**
 * The file to upload for `file`: itself when it is small enough (at most the upload limit and
 * not a JPEG over 1.5 MB, which a phone photo is), else a JPEG at most 2,560 px on its longest
 * side with the EXIF orientation applied. GIF and AVIF are sent as they are.
 */
export async function preparePhoto(file: File): Promise<File> {
  const resizable = ['image/jpeg', 'image/png', 'image/webp'].includes(file.type);
  if (!resizable) return file;
  if (file.size <= Math.min(1.5 * 1024 * 1024, limits.imageMaxBytes)) return file;
  const { default: imageCompression } = await import('browser-image-compression');
  const resized = await imageCompression(file, {
    maxWidthOrHeight: photoMaxSide,
    maxSizeMB: Math.min(4, (limits.imageMaxBytes / 1024 / 1024) * 0.8),
    // No web worker: the library would fetch its worker script from a CDN.
    useWebWorker: false,
    fileType: 'image/jpeg',
    initialQuality: 0.86,
  });
  return new File([resized], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' });
}
