/**
 * The listing's photo gallery: a carousel (Embla, decision 0024, through
 * components/carousel.tsx) with swipe on touch and mouse drag, Previous/Next photo buttons, arrow
 * keys while focus is in the gallery (the photo frame itself is focusable) and a numbered dot per
 * photo, in a fixed 4:3 frame, so nothing shifts while photos load; the server-rendered HTML
 * already shows the cover in place. "Photo N of M" follows the photo on show (read out politely).
 * "View full screen" opens the same photos in a modal <dialog> filling the viewport (Escape
 * closes it), starting at the photo on show; the photo chosen there is on show when it closes.
 * Loaded with the listing page only.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ResponsiveImage } from '#web/components/responsive-image';
import {
  CarouselDots,
  useCarousel,
  type Carousel,
  type CarouselViewportRef,
} from '#web/components/carousel';

export interface GalleryProps {
  /** Photo URLs, cover first. */
  images: string[];
  /** The listing's name: the photos' alt text is "<name>, photo N of M". */
  name: string;
}

/** The gallery's width: the page's 3/5 column (max-w-6xl) from 1024 px, the full width below. */
const gallerySizes = '(min-width: 1152px) 672px, (min-width: 1024px) 60vw, 100vw';

export function Gallery({ images, name }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const fullScreenIndex = useRef(0);
  const [viewportRef, carousel] = useCarousel({}, setIndex);
  const alt = (i: number) => `${name}, photo ${i + 1} of ${images.length}`;

  const open = () => {
    fullScreenIndex.current = index;
    setFullScreen(true);
    dialog.current?.showModal();
  };
  const close = () => {
    setFullScreen(false);
    carousel.scrollTo(fullScreenIndex.current);
  };
  const followFullScreen = useCallback((i: number) => {
    fullScreenIndex.current = i;
  }, []);

  return (
    <section aria-label="Photos" className="flex flex-col gap-2">
      <PhotoCarousel
        viewportRef={viewportRef}
        carousel={carousel}
        count={images.length}
        label={`Photos of ${name}`}
        className="aspect-[4/3] rounded-box bg-base-300"
        testId="gallery"
      >
        {images.map((url, i) => (
          <Slide key={url} index={i} count={images.length}>
            <ResponsiveImage
              src={url}
              alt={alt(i)}
              sizes={gallerySizes}
              width={640}
              height={480}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              draggable={false}
              className="h-full w-full object-cover"
            />
          </Slide>
        ))}
      </PhotoCarousel>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span aria-live="polite">
          Photo {index + 1} of {images.length}
        </span>
        <button type="button" className="btn btn-sm btn-outline" onClick={open}>
          View full screen
        </button>
      </div>
      <dialog ref={dialog} aria-label={`${name}: photos`} className="modal" onClose={close}>
        <div className="modal-box flex h-dvh max-h-none w-screen max-w-none flex-col gap-2 rounded-none bg-black p-2 text-white">
          <form method="dialog" className="flex justify-end">
            <button type="submit" className="btn btn-sm">
              Close
            </button>
          </form>
          {fullScreen && (
            <FullScreenPhotos
              images={images}
              alt={alt}
              label={`Photos of ${name}, full screen`}
              startIndex={index}
              onSelect={followFullScreen}
            />
          )}
        </div>
      </dialog>
    </section>
  );
}

/** The full-screen carousel, made when the dialog opens so that Embla measures it at its size. */
function FullScreenPhotos({
  images,
  alt,
  label,
  startIndex,
  onSelect,
}: {
  images: string[];
  alt(i: number): string;
  label: string;
  startIndex: number;
  onSelect(index: number): void;
}) {
  const [viewportRef, carousel] = useCarousel({ startIndex }, onSelect);
  // The dialog is modal: arrow keys move the photos wherever focus is in it (e.g. on Close).
  const { onKeyDown } = carousel;
  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onKeyDown]);
  return (
    <PhotoCarousel
      viewportRef={viewportRef}
      carousel={carousel}
      count={images.length}
      label={label}
      className="min-h-0 w-full flex-1"
    >
      {images.map((url, i) => (
        <Slide
          key={url}
          index={i}
          count={images.length}
          className="flex items-center justify-center"
        >
          <ResponsiveImage
            src={url}
            alt={alt(i)}
            sizes="100vw"
            width={1280}
            height={960}
            draggable={false}
            className="max-h-full max-w-full object-contain"
          />
        </Slide>
      ))}
    </PhotoCarousel>
  );
}

/** One photo: a full-width flex item, announced as "slide N of M". */
function Slide({
  index,
  count,
  className = '',
  children,
}: {
  index: number;
  count: number;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      className={`h-full min-w-0 shrink-0 grow-0 basis-full ${className}`}
    >
      {children}
    </div>
  );
}

/** Dimmed at either end, but still focusable (aria-disabled), so keyboard focus is not lost. */
const arrowButton =
  'btn absolute top-1/2 z-10 btn-circle -translate-y-1/2 border-0 bg-base-100/80 shadow btn-sm ' +
  'aria-disabled:cursor-default aria-disabled:opacity-40';

/**
 * A focusable frame (arrow keys) holding the sliding photos, the Previous/Next photo buttons
 * (none for a single photo) and a dot a photo, over the photo's bottom.
 */
function PhotoCarousel({
  viewportRef,
  carousel,
  count,
  label,
  className,
  testId,
  children,
}: {
  viewportRef: CarouselViewportRef;
  carousel: Carousel;
  count: number;
  label: string;
  className: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      // The frame takes focus so that arrow keys work without first reaching a button.
      tabIndex={0}
      onKeyDown={carousel.onKeyDown}
      data-testid={testId}
      className={`relative overflow-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${className}`}
    >
      <div ref={viewportRef} className="h-full overflow-hidden">
        <div className="flex h-full touch-pan-y touch-pinch-zoom">{children}</div>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            aria-label="Previous photo"
            aria-disabled={carousel.selected === 0}
            onClick={carousel.scrollPrev}
            className={`${arrowButton} left-2`}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            aria-label="Next photo"
            aria-disabled={carousel.selected >= count - 1}
            onClick={carousel.scrollNext}
            className={`${arrowButton} right-2`}
          >
            <Chevron direction="right" />
          </button>
        </>
      )}
      <CarouselDots
        className="absolute inset-x-0 bottom-1 z-10"
        dotClassName="bg-white/70"
        count={count}
        selected={carousel.selected}
        onSelect={carousel.scrollTo}
        label={(index) => `Show photo ${index + 1}`}
      />
    </div>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 fill-none stroke-current stroke-[2.5]"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}
