// Adapter: an Embla carousel's viewport (npm embla-carousel, and embla-carousel-autoplay
// when `autoplayMs` > 0). Why JSX: Embla needs the viewport's DOM node, a lazy import() and
// an instance that outlives renders. What the page decides (markup, labels, buttons, keys,
// when autoplay runs) is in Python (clinic/site/components/carousel.py).
// - Embla loads when the viewport nears the screen (`lazyMargin`); until then the viewport
//   scrolls natively with snap points, and Embla starts at the slide nearest to it. In the
//   same task (the same frame) the viewport gets `data-embla-active` (the page's CSS stops
//   its own scrolling) and its scroll goes back to 0: Embla's transform replaces it.
// - The instance is the DOM node's `emblaApi`, for the page's buttons and keys;
//   `onChange({selected, canPrev, canNext})` follows every move, `onVisible(bool)` the screen.
// - `playing` starts or stops autoplay, with no rule of its own (the plugin's hover, focus
//   and interaction stops are off; it pauses only while the tab is hidden).
import { useEffect, useRef } from "react";

/**
 * The index of the slide whose start is nearest to the viewport's native scroll position.
 * @param {HTMLElement} viewport
 * @returns {number}
 */
function nearestSlide(viewport) {
  const slides = [...(viewport.firstElementChild?.children ?? [])];
  if (!slides.length || viewport.scrollLeft === 0) return 0;
  const origin = slides[0].getBoundingClientRect().left;
  /** @param {Element} slide */
  const distance = (slide) =>
    Math.abs(slide.getBoundingClientRect().left - origin - viewport.scrollLeft);
  return slides.reduce(
    (best, slide, index) => (distance(slide) < distance(slides[best]) ? index : best),
    0,
  );
}

/**
 * A carousel's viewport, driven by Embla once it comes near the screen.
 * @param {EmblaViewportProps} props
 */
export function EmblaViewport({
  options,
  autoplayMs = 0,
  playing = false,
  lazyMargin = "600px 0px",
  onChange,
  onVisible,
  children,
  ...rest
}) {
  const node = useRef(/** @type {HTMLDivElement | null} */ (null));
  const callbacks = useRef(
    /** @type {{onChange?: typeof onChange, onVisible?: typeof onVisible}} */ ({}),
  );
  callbacks.current = { onChange, onVisible };
  const loop = Boolean(options?.loop);

  useEffect(() => {
    const element = node.current;
    if (!element) return undefined;
    /** @type {EmblaApi | null} */
    let api = null;
    let cancelled = false;
    /** @param {EmblaApi} embla */
    const report = (embla) =>
      callbacks.current.onChange?.({
        selected: embla.selectedScrollSnap(),
        canPrev: embla.canScrollPrev(),
        canNext: embla.canScrollNext(),
      });
    const start = async () => {
      const [{ default: Embla }, autoplay] = await Promise.all([
        import("embla-carousel"),
        autoplayMs > 0 ? import("embla-carousel-autoplay") : null,
      ]);
      if (cancelled) return;
      const plugins = autoplay
        ? [
            autoplay.default({
              delay: autoplayMs,
              playOnInit: false,
              stopOnInteraction: false,
              stopOnFocusIn: false,
              stopOnMouseEnter: false,
            }),
          ]
        : [];
      const startIndex = nearestSlide(element);
      element.setAttribute("data-embla-active", "");
      element.scrollLeft = 0;
      const embla = Embla(element, { ...options, loop, startIndex }, plugins);
      api = embla;
      element.emblaApi = embla;
      const reportThis = () => report(embla);
      embla.on("select", reportThis).on("reInit", reportThis);
      reportThis();
    };
    const near = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          near.disconnect();
          start();
        }
      },
      { rootMargin: lazyMargin },
    );
    const seen = new IntersectionObserver(([entry]) =>
      callbacks.current.onVisible?.(entry.isIntersecting),
    );
    near.observe(element);
    seen.observe(element);
    return () => {
      cancelled = true;
      near.disconnect();
      seen.disconnect();
      api?.destroy();
      delete element.emblaApi;
      element.removeAttribute("data-embla-active");
    };
  }, [loop, autoplayMs, lazyMargin]);

  useEffect(() => {
    const autoplay = node.current?.emblaApi?.plugins()?.autoplay;
    if (autoplay && playing !== autoplay.isPlaying()) playing ? autoplay.play() : autoplay.stop();
  });

  return (
    // After the spread: Reflex gives an element with an id a ref of its own.
    <div {...rest} ref={node}>
      {children}
    </div>
  );
}
