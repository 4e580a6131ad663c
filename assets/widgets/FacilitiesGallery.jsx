// The facilities carousel: each photo opens a large viewer, a modal <dialog> (spec
// section 2). In the viewer, focus starts on the close button and is trapped inside;
// left/right arrow keys move between photos; Escape, the close button or a click on the
// backdrop close it, and focus goes back to the photo shown last (the carousel scrolls
// to it), so a keyboard user continues where they were.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Carousel } from "./Carousel.jsx";

const fill = (text, values) => String(text ?? "").replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");

const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
const ROUND_BUTTON =
  "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white/95 text-ink " +
  "shadow hover:bg-blush focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

// photo: {alt, width, height, src, srcSet, sources: [{type, srcSet}]} (clinic/site/components/picture.py)
export function Picture({ photo, sizes, eager = false, className = "" }) {
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

const FOCUSABLE = "button:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

function Viewer({ photos, index, onMove, onClose, labels }) {
  const dialog = useRef(null);
  const closeButton = useRef(null);
  const titleId = useId();
  const photo = photos[index];

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    closeButton.current?.focus();
  }, []);

  const onKeyDown = (event) => {
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      onMove(event.key === "ArrowLeft" ? -1 : 1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "Tab") {
      // A modal dialog makes the page inert, but Tab could still leave for the browser
      // UI: keep it cycling between the dialog's own controls.
      const items = Array.from(dialog.current.querySelectorAll(FOCUSABLE));
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      const current = items.indexOf(document.activeElement);
      if (event.shiftKey && current <= 0) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === -1 || current === items.length - 1)) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === dialog.current && onClose()}
      className="m-auto max-h-none max-w-none rounded-2xl bg-ink p-0 text-white shadow-2xl backdrop:bg-black/80"
      data-facility-viewer=""
    >
      <div className="flex w-[min(64rem,calc(100vw-1.5rem))] flex-col gap-3 p-3 sm:p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {photo.caption}
            <span className="ml-3 text-sm font-normal text-white/85">
              {fill(labels.counter, { n: index + 1, total: photos.length })}
            </span>
          </h2>
          <button ref={closeButton} type="button" className={ROUND_BUTTON} aria-label={labels.close}
                  onClick={onClose} data-viewer-close="">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none"
                 stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <Picture
          photo={photo}
          sizes="(min-width: 1024px) 1024px, 100vw"
          eager
          className="mx-auto block h-auto max-h-[calc(100dvh-11rem)] w-auto max-w-full rounded-xl"
        />
        <div className="flex items-center justify-between gap-3">
          <button type="button" className={ROUND_BUTTON} aria-label={labels.previous}
                  onClick={() => onMove(-1)} data-viewer-prev="">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none"
                 stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
          <p className="text-center text-sm text-white/90">{photo.alt}</p>
          <button type="button" className={ROUND_BUTTON} aria-label={labels.next}
                  onClick={() => onMove(1)} data-viewer-next="">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none"
                 stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
        </div>
      </div>
    </dialog>
  );
}

/**
 * photos: [{alt, caption, width, height, src, srcSet, sources}], in carousel order.
 * carouselLabels: as Carousel's labels; viewerLabels: {open, close, previous, next, counter}.
 */
export function FacilitiesGallery({ label, photos = [], carouselLabels, viewerLabels }) {
  const [api, setApi] = useState(null);
  const [openIndex, setOpenIndex] = useState(-1);
  const [returnTo, setReturnTo] = useState(-1);
  const buttons = useRef([]);

  const move = useCallback(
    (step) => setOpenIndex((index) => (index + step + photos.length) % photos.length),
    [photos.length],
  );
  const close = useCallback(() => {
    setReturnTo(openIndex);
    setOpenIndex(-1);
  }, [openIndex]);

  // After the dialog is gone: show the last photo viewed and put focus back on it.
  useEffect(() => {
    if (returnTo < 0) return;
    api?.scrollTo(returnTo, true);
    buttons.current[returnTo]?.focus({ preventScroll: true });
    setReturnTo(-1);
  }, [returnTo, api]);

  return (
    <>
      <Carousel
        label={label}
        labels={carouselLabels}
        slideClassName="basis-[85%] sm:basis-1/2 lg:basis-1/3"
        onApi={setApi}
      >
        {photos.map((photo, index) => (
          <button
            key={photo.src}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            aria-haspopup="dialog"
            aria-label={fill(viewerLabels.open, { caption: photo.caption })}
            onClick={() => setOpenIndex(index)}
            className={`group block w-full overflow-hidden rounded-2xl bg-white text-left shadow-sm ${FOCUS}`}
            data-facility-photo={index}
          >
            <Picture
              photo={photo}
              sizes="(min-width: 1024px) 368px, (min-width: 640px) 50vw, 85vw"
              className="block aspect-[3/2] h-auto w-full bg-blush object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
            />
            <span className="block px-4 py-3 font-medium text-ink">{photo.caption}</span>
          </button>
        ))}
      </Carousel>
      {openIndex >= 0 ? (
        <Viewer photos={photos} index={openIndex} onMove={move} onClose={close} labels={viewerLabels} />
      ) : null}
    </>
  );
}
