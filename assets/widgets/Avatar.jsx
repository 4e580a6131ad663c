// Adapter: the browser's own image loading (an <img> that may already have finished
// before React attached its handlers: `complete`/`naturalWidth` on its DOM node).
// Why JSX: that check needs the element's ref in an effect; the states are this
// component's own (per image), not page state. Names and sizes come from
// clinic/site/components/avatar.py.
//
// A doctor's portrait with an initials fallback (spec section 4: idle, loading, loaded,
// error; initials shown until loaded). The initials sit behind the photo, which covers
// them as soon as the browser has painted it: from the prerendered HTML, with JavaScript
// or without. The photo's empty alt makes a failed one draw nothing (no broken-image
// icon), so the initials show through; once hydrated, a failed photo is taken out. The
// wrapper is one labelled image whatever the state, so assistive technology hears the
// same thing throughout.
import { useEffect, useRef, useState } from "react";

/**
 * A doctor's portrait over their initials, the initials shown until the photo has loaded.
 * @param {{
 *   src?: string,
 *   alt?: string,
 *   initials?: string,
 *   size?: number,
 *   className?: string,
 *   initialsClassName?: string,
 *   [attribute: string]: unknown,
 * }} props
 */
export function Avatar({
  src = "",
  alt = "",
  initials = "",
  size = 96,
  className = "",
  initialsClassName = "",
  ...rest
}) {
  const [state, setState] = useState(src ? "loading" : "idle");
  const image = useRef(/** @type {HTMLImageElement | null} */ (null));

  useEffect(() => {
    if (!src) {
      setState("idle");
      return;
    }
    // The prerendered <img> may have finished before React attached its handlers.
    const element = image.current;
    if (element?.complete) setState(element.naturalWidth > 0 ? "loaded" : "error");
    else setState("loading");
  }, [src]);

  return (
    <span
      {...rest}
      role="img"
      aria-label={alt}
      data-avatar-state={state}
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${className}`}
      style={{ width: size, height: size }}
    >
      {state === "loaded" ? null : (
        <span aria-hidden="true" className={initialsClassName} data-avatar-initials="">
          {initials}
        </span>
      )}
      {src && state !== "error" ? (
        <img
          ref={image}
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onLoad={() => setState("loaded")}
          onError={() => setState("error")}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
    </span>
  );
}
