// Adapter: the browser's own image loading. Why JSX: an <img> may have finished before
// React attached its handlers, which only its DOM node tells (`complete`, `naturalWidth`,
// through a ref in an effect). Names and sizes come from clinic/site/components/avatar.py.
// The avatar's states (docs/design.md, "States": idle, loading, loaded, error; initials until loaded): the photo
// covers the initials once painted, from the prerendered HTML, scripts or not; its empty
// alt makes a failed one draw nothing, and once hydrated a failed one is taken out. The
// wrapper is one labelled image in every state, for assistive technology.
import { useEffect, useRef, useState } from "react";

/**
 * A doctor's portrait over their initials, the initials shown until the photo has loaded.
 * @param {AvatarProps} props
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
