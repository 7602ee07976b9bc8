/**
 * The photos of a listing being edited: previews in order, the first being the cover;
 * each has Move earlier / Move later / Make cover / Remove buttons (so reordering works with the
 * keyboard as well as the pointer), and "Add photos" uploads several files at once
 * (POST /api/images each; the per-account upload quota applies). 1–20 photos.
 */
import { useId, useState } from 'react';
import toast from '#web/lib/toast';
import { acceptedImageTypes, imageFileProblem, imageInputHint, limits } from '#contract/limits';
import { errorText } from '#web/lib/error-text';
import { uploadImage } from '#web/lib/upload-image';

export interface PhotoManagerProps {
  photos: string[];
  onChange: (photos: string[]) => void;
  /** The listing's name, for the previews' alt text. */
  name: string;
}

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function PhotoManager({ photos, onChange, name }: PhotoManagerProps) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const room = limits.productImagesMax - photos.length;

  const addFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = Array.from(files).slice(0, room);
    if (files.length > room) toast.error(`A listing has at most ${limits.productImagesMax} photos`);
    // Wrong types and too-large files are refused before any upload.
    const problem = chosen.map((file) => imageFileProblem(file, 'Photo')).find(Boolean);
    if (problem) {
      toast.error(problem);
      return;
    }
    setUploading(true);
    try {
      const urls = await Promise.all(chosen.map((file) => uploadImage(file)));
      onChange([...photos, ...urls.filter((url) => !photos.includes(url))]);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Photos">
        {photos.map((url, i) => (
          <li key={url} className="flex flex-col gap-1 rounded-box border border-base-300 p-2">
            <img
              src={url}
              alt={`${name}, photo ${i + 1}${i === 0 ? ' (cover)' : ''}`}
              width={160}
              height={120}
              className="aspect-[4/3] w-full rounded object-cover"
            />
            {i === 0 && <span className="badge badge-sm badge-primary">Cover</span>}
            <div className="flex flex-wrap gap-1">
              <button
                type="button"
                className="btn btn-xs"
                disabled={i === 0}
                onClick={() => onChange(moveItem(photos, i, i - 1))}
                aria-label={`Move photo ${i + 1} earlier`}
              >
                ←
              </button>
              <button
                type="button"
                className="btn btn-xs"
                disabled={i === photos.length - 1}
                onClick={() => onChange(moveItem(photos, i, i + 1))}
                aria-label={`Move photo ${i + 1} later`}
              >
                →
              </button>
              {i > 0 && (
                <button
                  type="button"
                  className="btn btn-xs"
                  onClick={() => onChange(moveItem(photos, i, 0))}
                  aria-label={`Make photo ${i + 1} the cover`}
                >
                  Cover
                </button>
              )}
              <button
                type="button"
                className="btn btn-xs btn-error"
                disabled={photos.length <= 1}
                onClick={() => onChange(photos.filter((_, j) => j !== i))}
                aria-label={`Remove photo ${i + 1}`}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <label htmlFor={inputId} className="fieldset-legend pb-1">
          Add photos
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={acceptedImageTypes.join(',')}
          className="file-input w-full"
          disabled={room <= 0 || uploading}
          onChange={(event) => {
            void addFiles(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <p className="text-sm text-base-content/70" aria-live="polite">
          {uploading
            ? 'Uploading…'
            : `${photos.length} of ${limits.productImagesMax} photos; the first is the cover. ${imageInputHint}.`}
        </p>
      </div>
    </div>
  );
}
