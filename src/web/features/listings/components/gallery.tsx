/**
 * The listing's photo gallery: a carousel (Embla, decision 0024, through
 * components/carousel.tsx) with swipe on touch and mouse drag, Previous/Next photo buttons, arrow
 * keys while focus is in the gallery (the photo frame itself is focusable) and a numbered dot per
 * photo, in a fixed 4:3 frame, so nothing shifts while photos load; the server-rendered HTML
 * already shows the cover in place. Every photo is shown whole (`object-fit: contain`): a photo of
 * another shape than 4:3 is letterboxed on a blurred copy of itself, never cropped, because the
 * whole car (and a seller's label such as "Front") matters (decision 0035). "Photo N of M" follows
 * the photo on show (read out politely). "View full screen" opens the same photos in a modal
 * <dialog> exactly the viewport's size (Escape closes it; its Close and Previous/Next buttons sit
 * inside the viewport at every width), starting at the photo on show; the photo chosen there is
 * on show when it closes; the button is disabled until the page has hydrated (decision 0015).
 * Loaded with the listing page only.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ResponsiveImage } from '#web/components/responsive-image';
import { useHydrated } from '#web/lib/use-hydrated';
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
  // The server's HTML already shows the button; a tap before React runs would open nothing.
  const hydrated = useHydrated();
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
          <Slide key={url} index={i} count={images.length} className="relative overflow-hidden">
            <WholePhoto
              url={url}
              alt={alt(i)}
              sizes={gallerySizes}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
          </Slide>
        ))}
      </PhotoCarousel>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span aria-live="polite">
          Photo {index + 1} of {images.length}
        </span>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={open}
          disabled={!hydrated}
        >
          View full screen
        </button>
      </div>
      {/* Exactly the viewport (100% of it, not 100vw, which counts the page's scrollbar and
          pushed Close partly off screen): the modal dialog is fixed to the viewport. */}
      <dialog
        ref={dialog}
        aria-label={`${name}: photos`}
        className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-hidden bg-black p-0 text-white backdrop:bg-black"
        onClose={close}
      >
        <div className="flex h-full w-full flex-col gap-2 p-2">
          <form method="dialog" className="flex shrink-0 justify-end">
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
  alt: (i: number) => string;
  label: string;
  startIndex: number;
  onSelect: (index: number) => void;
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
        <Slide key={url} index={i} count={images.length}>
          <ResponsiveImage
            src={url}
            alt={alt(i)}
            sizes="100vw"
            width={1280}
            height={960}
            draggable={false}
            className="h-full w-full object-contain"
          />
        </Slide>
      ))}
    </PhotoCarousel>
  );
}

/**
 * A photo shown whole in its slide's box (`object-fit: contain`), over a blurred, enlarged copy of
 * itself that fills the letterbox bars (after it in the document, so the photo is the slide's
 * first picture). The copy asks for the smallest variant (`sizes` 32px: the
 * 320 px one of an upload), since it is blurred anyway, and is hidden from assistive technology.
 */
function WholePhoto({
  url,
  alt,
  sizes,
  loading,
}: {
  url: string;
  alt: string;
  sizes: string;
  loading: 'eager' | 'lazy';
}) {
  return (
    <>
      <ResponsiveImage
        src={url}
        alt={alt}
        sizes={sizes}
        width={640}
        height={480}
        loading={loading}
        decoding="async"
        draggable={false}
        className="relative z-[1] h-full w-full object-contain"
      />
      <ResponsiveImage
        src={url}
        alt=""
        aria-hidden="true"
        sizes="32px"
        width={640}
        height={480}
        loading={loading}
        decoding="async"
        draggable={false}
        className="absolute inset-0 h-full w-full scale-110 object-cover opacity-70 blur-xl"
      />
    </>
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
