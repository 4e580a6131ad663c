// A carousel on Embla (embla-carousel, loaded lazily): each child is one slide.
//
// Spec section 4: optional loop and auto-advance; previous/next disabled at the ends when
// not looping; left/right arrow keys move it. Beyond the spec (WCAG 2.2.2 and the WAI
// carousel pattern): auto-advance has a visible pause/play button, pauses while the
// pointer is over the carousel, focus is inside it or it is off screen, never starts under
// prefers-reduced-motion, and the slides are announced politely only while it is not
// rotating on its own.
import { Children, useCallback, useEffect, useRef, useState } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

export function useReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return undefined;
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

// Embla's code (~7 kB gzip) is fetched only when a carousel comes near the viewport: both
// carousels are far below the first screen, and until then the prerendered slides sit in
// the same place Embla will keep them, so nothing moves when it takes over.
const NEAR_VIEWPORT = "600px 0px";

function useLazyEmbla(options) {
  const viewportRef = useRef(null);
  const [api, setApi] = useState(null);
  const { loop } = options;
  useEffect(() => {
    const node = viewportRef.current;
    if (!node) return undefined;
    let instance = null;
    let cancelled = false;
    let observer = null;
    const start = () =>
      import("embla-carousel").then(({ default: EmblaCarousel }) => {
        if (cancelled) return;
        instance = EmblaCarousel(node, { loop, align: "start" });
        setApi(instance);
      });
    if ("IntersectionObserver" in window) {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      }, { rootMargin: NEAR_VIEWPORT });
      observer.observe(node);
    } else {
      start();
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      instance?.destroy();
      setApi(null);
    };
  }, [loop]);
  return [viewportRef, api];
}

const fill = (text, values) => String(text ?? "").replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");

function Arrow({ direction }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none"
         stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
      <path d={direction === "prev" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} />
    </svg>
  );
}

function PlayPauseIcon({ playing }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
      {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5.5v13l10.5-6.5z" />}
    </svg>
  );
}

const BUTTON =
  "inline-flex h-11 w-11 items-center justify-center rounded-full border border-primary/30 bg-white " +
  "text-primary shadow-sm hover:bg-blush disabled:cursor-not-allowed disabled:opacity-40 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

/**
 * labels: {carousel, slide, slideOf, keys, previous, next, pause, play}: roledescriptions,
 * "{n} de {total}", the focusable strip's name (how to move it) and the button names.
 * onApi receives the Embla API (the facilities viewer uses it).
 */
export function Carousel({
  label,
  labels = {},
  loop = false,
  autoplayMs = 0,
  slideClassName = "basis-full",
  className = "",
  onApi,
  children,
}) {
  const slides = Children.toArray(children);
  const reducedMotion = useReducedMotion();
  const [viewportRef, api] = useLazyEmbla({ loop });
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(loop && slides.length > 1);
  const [canNext, setCanNext] = useState(slides.length > 1);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pageHidden, setPageHidden] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const root = useRef(null);

  const autoplay = autoplayMs > 0 && slides.length > 1;
  // Under reduced motion the carousel starts paused; the visitor may still press play.
  const [motionChecked, setMotionChecked] = useState(false);
  useEffect(() => {
    if (reducedMotion) setUserPaused(true);
    setMotionChecked(true);
  }, [reducedMotion]);
  const running = autoplay && motionChecked && !userPaused && !hovered && !focused && !pageHidden && onScreen;

  useEffect(() => {
    if (!api) return undefined;
    onApi?.(api);
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    sync();
    api.on("select", sync);
    api.on("reInit", sync);
    return () => {
      api.off("select", sync);
      api.off("reInit", sync);
    };
  }, [api, onApi]);

  // Auto-advance: re-armed after every move, so a manual step also restarts the wait.
  useEffect(() => {
    if (!api || !running) return undefined;
    let timer = 0;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => api.scrollNext(), autoplayMs);
    };
    arm();
    api.on("select", arm);
    return () => {
      clearTimeout(timer);
      api.off("select", arm);
    };
  }, [api, running, autoplayMs]);

  // Rotate only while someone can see it: the visitor meets the first slide.
  useEffect(() => {
    if (!autoplay || !root.current || !("IntersectionObserver" in window)) {
      setOnScreen(true);
      return undefined;
    }
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry.isIntersecting));
    observer.observe(root.current);
    return () => observer.disconnect();
  }, [autoplay]);

  useEffect(() => {
    const update = () => setPageHidden(document.hidden);
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);

  // Under reduced motion, moves jump instead of gliding.
  const prev = useCallback(() => api?.scrollPrev(reducedMotion), [api, reducedMotion]);
  const next = useCallback(() => api?.scrollNext(reducedMotion), [api, reducedMotion]);

  const onKeyDown = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      prev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  };
  const onBlur = (event) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const total = slides.length;
  return (
    <section
      ref={root}
      className={`relative ${className}`}
      aria-roledescription={labels.carousel}
      aria-label={label}
      data-carousel=""
      data-selected-index={selected}
      data-ready={api ? "" : undefined}
      data-autoplay={autoplay ? (running ? "running" : "paused") : "off"}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => event.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div
        ref={viewportRef}
        className="overflow-hidden rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
        tabIndex={0}
        role="group"
        aria-label={labels.keys}
      >
        <div className="-ml-4 flex touch-pan-y" aria-live={running ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <div
              key={index}
              className={`min-w-0 shrink-0 grow-0 pl-4 ${slideClassName}`}
              role="group"
              aria-roledescription={labels.slide}
              aria-label={fill(labels.slideOf, { n: index + 1, total })}
              data-slide-index={index}
              data-selected={index === selected ? "" : undefined}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-end gap-2">
        {autoplay ? (
          <button
            type="button"
            className={`${BUTTON} mr-auto`}
            aria-label={userPaused ? labels.play : labels.pause}
            data-carousel-toggle=""
            onClick={() => setUserPaused((paused) => !paused)}
          >
            <PlayPauseIcon playing={!userPaused} />
          </button>
        ) : null}
        <p className="mr-2 text-sm text-muted" aria-hidden="true">
          {selected + 1} / {total}
        </p>
        <button type="button" className={BUTTON} aria-label={labels.previous} disabled={!canPrev}
                onClick={prev} data-carousel-prev="">
          <Arrow direction="prev" />
        </button>
        <button type="button" className={BUTTON} aria-label={labels.next} disabled={!canNext}
                onClick={next} data-carousel-next="">
          <Arrow direction="next" />
        </button>
      </div>
    </section>
  );
}
