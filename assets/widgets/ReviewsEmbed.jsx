// Adapter: the third-party reviews widget's script (Elfsight; docs/design.md, "States", "Calls").
// Why JSX: the script is added when the box nears the viewport and removed when the box
// unmounts (the visitor leaves the home page): an IntersectionObserver and a cleanup,
// which Reflex components cannot hold. Its URL and widget class are props from
// clinic/site/components/reviews_embed.py. Blocked or failed, nothing breaks: the rating
// summary and the link to more reviews around this box are plain page content.
import { useEffect, useRef, useState } from "react";

// Start loading a screen or so before the section scrolls into view.
const NEAR_VIEWPORT = "800px 0px";

/**
 * The reviews widget's box, its script loaded when the box comes near the screen.
 * @param {{scriptSrc: string, widgetClass: string, className?: string}} props
 */
export function ReviewsEmbed({ scriptSrc, widgetClass, className = "" }) {
  const box = useRef(/** @type {HTMLDivElement | null} */ (null));
  const [status, setStatus] = useState("idle"); // idle | loading | loaded | failed

  useEffect(() => {
    const element = box.current;
    if (!element || !scriptSrc) return undefined;
    /** @type {HTMLScriptElement | null} */
    let script = null;
    /** @type {IntersectionObserver | null} */
    let observer = null;
    const load = () => {
      script = document.createElement("script");
      script.src = scriptSrc;
      script.async = true;
      script.dataset.reviewsWidget = "";
      script.addEventListener("load", () => setStatus("loaded"));
      script.addEventListener("error", () => setStatus("failed"));
      setStatus("loading");
      document.body.appendChild(script);
    };
    if ("IntersectionObserver" in window) {
      observer = new IntersectionObserver(
        (entries, self) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            self.disconnect();
            load();
          }
        },
        { rootMargin: NEAR_VIEWPORT },
      );
      observer.observe(element);
    } else {
      load();
    }
    return () => {
      observer?.disconnect();
      script?.remove();
    };
  }, [scriptSrc]);

  return (
    <div ref={box} className={className} data-reviews-status={status}>
      <div className={widgetClass} data-elfsight-app-lazy="" />
    </div>
  );
}
