/**
 * The listing's photo gallery (issue 13): Swiper (swipe on touch, Previous/Next buttons, arrow
 * keys, numbered pagination) in a fixed 4:3 frame, so nothing shifts while photos load. "View
 * full screen" opens the same photos in a modal <dialog> filling the viewport (Escape closes it),
 * starting at the photo on show. Loaded with the listing page only.
 */
import { useRef, useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';

export interface GalleryProps {
  /** Photo URLs, cover first. */
  images: string[];
  /** The listing's name: the photos' alt text is "<name>, photo N of M". */
  name: string;
}

const swiperTheme =
  '[--swiper-theme-color:var(--color-primary)] [--swiper-navigation-size:28px] ' +
  '[--swiper-pagination-bullet-size:12px] [--swiper-pagination-bullet-horizontal-gap:8px]';

export function Gallery({ images, name }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const alt = (i: number) => `${name}, photo ${i + 1} of ${images.length}`;

  const open = () => {
    setFullScreen(true);
    dialog.current?.showModal();
  };

  return (
    <section aria-label="Photos" className="flex flex-col gap-2">
      <div className="relative aspect-[4/3] overflow-hidden rounded-box bg-base-300">
        <Swiper
          modules={[Navigation, Pagination, Keyboard, A11y]}
          navigation
          pagination={{ clickable: true }}
          keyboard={{ enabled: true, onlyInViewport: true }}
          onSlideChange={(swiper) => setIndex(swiper.activeIndex)}
          className={`h-full ${swiperTheme}`}
          data-testid="gallery"
        >
          {images.map((url, i) => (
            <SwiperSlide key={url}>
              <img
                src={url}
                alt={alt(i)}
                width={640}
                height={480}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="h-full w-full object-cover"
              />
            </SwiperSlide>
          ))}
        </Swiper>
      </div>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span aria-live="polite">
          Photo {index + 1} of {images.length}
        </span>
        <button type="button" className="btn btn-sm btn-outline" onClick={open}>
          View full screen
        </button>
      </div>
      <dialog
        ref={dialog}
        aria-label={`${name}: photos`}
        className="modal"
        onClose={() => setFullScreen(false)}
      >
        <div className="modal-box flex h-dvh max-h-none w-screen max-w-none flex-col gap-2 rounded-none bg-black p-2 text-white">
          <form method="dialog" className="flex justify-end">
            <button type="submit" className="btn btn-sm">
              Close
            </button>
          </form>
          {fullScreen && (
            <Swiper
              modules={[Navigation, Pagination, Keyboard, A11y]}
              initialSlide={index}
              navigation
              pagination={{ clickable: true }}
              keyboard={{ enabled: true }}
              className={`min-h-0 w-full flex-1 ${swiperTheme}`}
            >
              {images.map((url, i) => (
                <SwiperSlide key={url} className="flex! items-center justify-center">
                  <img
                    src={url}
                    alt={alt(i)}
                    width={1280}
                    height={960}
                    className="max-h-full max-w-full object-contain"
                  />
                </SwiperSlide>
              ))}
            </Swiper>
          )}
        </div>
      </dialog>
    </section>
  );
}
