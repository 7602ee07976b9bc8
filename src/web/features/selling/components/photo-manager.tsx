/**
 * The photos of a listing, on the add and the edit form (docs/features.md, "Listing a car"):
 * `Add photos` takes several batches; each chosen photo is downscaled in the browser
 * (lib/prepare-photo.ts) and uploaded at once (POST /api/images), with its own state and a
 * `Retry` when it failed. Previews in order, the first being the cover; each photo can be dragged
 * to another place, and has Move earlier / Move later / Make cover / Remove buttons (so
 * reordering works with the keyboard and screen readers). 1–20 photos. On a saved listing
 * (`productId`), `Hide number plate` blurs a box drawn on the photo (PlateBlurDialog).
 */
import { useEffect, useId, useRef, useState } from 'react';
import toast from '#web/lib/toast';
import { limits } from '#contract/limits';
import { errorText } from '#web/lib/error-text';
import { uploadImage } from '#web/lib/upload-image';
import { photoChoiceProblem, preparePhoto } from '#web/lib/prepare-photo';
import { PlateBlurDialog } from './plate-blur-dialog';

export interface PhotoManagerProps {
  /** The stored photos to start from (the edit form), cover first. */
  initial?: string[];
  /** Told the uploaded photos in order (cover first) and how many are still uploading. */
  onChange: (photos: string[], pending: number) => void;
  /** The listing's name, for the previews' alt text. */
  name: string;
  /** The saved listing's id: offers the number-plate blur. */
  productId?: string;
}

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

interface PhotoItem {
  key: string;
  /** The stored URL once uploaded. */
  url?: string;
  /** The chosen file (kept for a retry) and its preview. */
  file?: File;
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

let counter = 0;

export function PhotoManager({ initial = [], onChange, name, productId }: PhotoManagerProps) {
  const inputId = useId();
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((url) => ({ key: url, url, preview: url, status: 'done' as const })),
  );
  const [dragged, setDragged] = useState<number | null>(null);
  const [blurring, setBlurring] = useState<number | null>(null);
  /** The saved listing's photos as the server has them (the blur addresses them by index). */
  const [saved, setSaved] = useState(initial);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const urls = items.flatMap((item) => (item.status === 'done' && item.url ? [item.url] : []));
    onChangeRef.current(urls, items.filter((item) => item.status === 'uploading').length);
  }, [items]);

  const update = (key: string, change: Partial<PhotoItem>) =>
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  const upload = async (key: string, file: File) => {
    update(key, { status: 'uploading', error: undefined });
    try {
      const url = await uploadImage(await preparePhoto(file));
      update(key, { status: 'done', url });
    } catch (error) {
      update(key, { status: 'failed', error: errorText(error) });
    }
  };

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const room = limits.productImagesMax - items.length;
    const chosen = Array.from(files);
    if (chosen.length > room)
      toast.error(`A listing has at most ${limits.productImagesMax} photos`);
    const added: PhotoItem[] = [];
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const problem = photoChoiceProblem(file);
      if (problem) {
        toast.error(problem);
        continue;
      }
      added.push({
        key: `new-${++counter}`,
        file,
        preview: URL.createObjectURL(file),
        status: 'uploading',
      });
    }
    setItems((current) => [...current, ...added]);
    for (const item of added) void upload(item.key, item.file!);
  };

  const move = (from: number, to: number) => setItems((current) => moveItem(current, from, to));
  const remove = (index: number) =>
    setItems((current) => {
      const item = current[index];
      if (item?.file) URL.revokeObjectURL(item.preview);
      return current.filter((_, i) => i !== index);
    });

  const uploading = items.some((item) => item.status === 'uploading');
  const done = items.filter((item) => item.status === 'done').length;

  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={inputId} className="btn w-full btn-outline btn-primary sm:w-fit">
          Add photos
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif"
          className="sr-only"
          disabled={items.length >= limits.productImagesMax}
          onChange={(event) => {
            addFiles(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <p className="mt-1 text-sm text-base-content/70" aria-live="polite">
          {uploading
            ? `Uploading… ${done} of ${items.length} photos ready`
            : `${items.length} of ${limits.productImagesMax} photos; the first is the cover. Drag a photo or use its buttons to reorder.`}
        </p>
      </div>
      {items.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Photos">
          {items.map((item, i) => (
            <li
              key={item.key}
              draggable
              onDragStart={() => setDragged(i)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null && dragged !== i) move(dragged, i);
                setDragged(null);
              }}
              className="flex flex-col gap-1 rounded-box border border-base-300 p-2"
              data-testid="photo-item"
            >
              <div className="relative">
                <img
                  src={item.preview}
                  alt={`${name || 'Listing'}, photo ${i + 1}${i === 0 ? ' (cover)' : ''}`}
                  width={160}
                  height={120}
                  className="aspect-[4/3] w-full rounded object-cover"
                />
                {i === 0 && (
                  <span className="badge absolute top-1 left-1 badge-sm badge-primary">Cover</span>
                )}
              </div>
              {item.status === 'uploading' && (
                <progress className="progress w-full" aria-label={`Uploading photo ${i + 1}`} />
              )}
              {item.status === 'failed' && (
                <div className="flex flex-col gap-1 text-xs text-error" role="alert">
                  <span>{item.error}</span>
                  <button
                    type="button"
                    className="btn btn-xs"
                    onClick={() => item.file && void upload(item.key, item.file)}
                  >
                    Retry
                  </button>
                </div>
              )}
              <div className="flex flex-wrap gap-1">
                <button
                  type="button"
                  className="btn btn-xs"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Move photo ${i + 1} earlier`}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="btn btn-xs"
                  disabled={i === items.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Move photo ${i + 1} later`}
                >
                  →
                </button>
                {i > 0 && (
                  <button
                    type="button"
                    className="btn btn-xs"
                    onClick={() => move(i, 0)}
                    aria-label={`Make photo ${i + 1} the cover`}
                  >
                    Cover
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-xs btn-error"
                  onClick={() => remove(i)}
                  aria-label={`Remove photo ${i + 1}`}
                >
                  Remove
                </button>
                {productId && item.url && saved.includes(item.url) && (
                  <button
                    type="button"
                    className="btn btn-xs"
                    onClick={() => setBlurring(i)}
                    aria-label={`Hide the number plate on photo ${i + 1}`}
                  >
                    Hide plate
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {productId && blurring !== null && items[blurring]?.url && (
        <PlateBlurDialog
          productId={productId}
          index={saved.indexOf(items[blurring].url)}
          photo={items[blurring].url}
          onClose={() => setBlurring(null)}
          onBlurred={(photos) => {
            const item = items[blurring];
            const fresh = item?.url ? photos[saved.indexOf(item.url)] : undefined;
            if (item && fresh) update(item.key, { url: fresh, preview: fresh });
            setSaved(photos);
            setBlurring(null);
          }}
        />
      )}
    </div>
  );
}
