/**
 * Number-plate privacy (decision 0043): the seller drags a box over the plate on a photo of their
 * saved listing, and `Blur this box` sends it as fractions of the photo to
 * `POST /api/product/{id}/photos/{index}/blur`; the server blurs the stored photo and every
 * variant and answers the listing's new photo URLs. The box is drawn with a pointer (mouse,
 * finger or pen); a keyboard user starts from a box where plates usually are, which the arrow
 * keys move (Shift and the arrows resize it).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import * as apiRoutes from '#contract/route-table';
import type { PhotoRegion } from '#contract/listings';
import { apiCall } from '#web/lib/api-client';
import { errorText } from '#web/lib/error-text';
import toast from '#web/lib/toast';

export interface PlateBlurDialogProps {
  productId: string;
  /** The photo's position in the saved listing's photos. */
  index: number;
  photo: string;
  onClose: () => void;
  /** The listing's photos after the blur (cover first). */
  onBlurred: (photos: string[]) => void;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const startBox: PhotoRegion = { x: 0.35, y: 0.6, width: 0.3, height: 0.12 };

export function PlateBlurDialog({
  productId,
  index,
  photo,
  onClose,
  onBlurred,
}: PlateBlurDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<PhotoRegion>(startBox);
  const [origin, setOrigin] = useState<{ x: number; y: number } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const point = (event: PointerEvent) => {
    const rect = frame.current!.getBoundingClientRect();
    return {
      x: clamp((event.clientX - rect.left) / rect.width),
      y: clamp((event.clientY - rect.top) / rect.height),
    };
  };
  const handleDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = point(event);
    setOrigin(at);
    setBox({ x: at.x, y: at.y, width: 0.01, height: 0.01 });
  };
  const handleMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!origin) return;
    const at = point(event);
    setBox({
      x: Math.min(origin.x, at.x),
      y: Math.min(origin.y, at.y),
      width: Math.max(0.01, Math.abs(at.x - origin.x)),
      height: Math.max(0.01, Math.abs(at.y - origin.y)),
    });
  };
  const handleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = 0.02;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setBox((current) =>
      event.shiftKey
        ? {
            ...current,
            width: Math.min(1 - current.x, Math.max(0.02, current.width + move[0])),
            height: Math.min(1 - current.y, Math.max(0.02, current.height + move[1])),
          }
        : {
            ...current,
            x: Math.min(1 - current.width, clamp(current.x + move[0])),
            y: Math.min(1 - current.height, clamp(current.y + move[1])),
          },
    );
  };

  const handleBlur = async () => {
    setSaving(true);
    try {
      const answer = await apiCall(apiRoutes.blurPhoto, {
        params: { id: productId, index },
        body: {
          x: box.x,
          y: box.y,
          width: Math.min(box.width, 1 - box.x),
          height: Math.min(box.height, 1 - box.y),
        },
      });
      toast.success('Number plate hidden');
      onBlurred(answer.product_images);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="plate-blur-title"
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="modal-box max-w-3xl">
        <h2 id="plate-blur-title" className="text-lg font-bold">
          Hide the number plate
        </h2>
        <p className="text-sm text-base-content/70">
          Drag a box over the plate (or move it with the arrow keys; Shift and the arrows resize
          it). The box is blurred in the stored photo.
        </p>
        <div
          ref={frame}
          role="application"
          aria-label="Photo: drag a box over the number plate"
          tabIndex={0}
          onKeyDown={handleKey}
          onPointerDown={handleDown}
          onPointerMove={handleMove}
          onPointerUp={() => setOrigin(null)}
          className="relative mt-3 touch-none select-none"
          data-testid="plate-blur-frame"
        >
          <img src={photo} alt="" className="block w-full" draggable={false} />
          <div
            className="pointer-events-none absolute border-2 border-warning bg-warning/30"
            style={{
              left: `${box.x * 100}%`,
              top: `${box.y * 100}%`,
              width: `${box.width * 100}%`,
              height: `${box.height * 100}%`,
            }}
          />
        </div>
        <div className="modal-action">
          <button type="button" className="btn" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={saving || index < 0}
            onClick={() => void handleBlur()}
          >
            {saving ? 'Blurring…' : 'Blur this box'}
          </button>
        </div>
      </div>
    </dialog>
  );
}
