// The mobile menu: a button that shows the navigation panel below the header. It closes
// after any navigation, on Escape (focus back to the button) and on outside click.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

export function MobileMenu({ openLabel, closeLabel, buttonClassName, panelClassName, children }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef(null);
  const button = useRef(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.hash, location.key]);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const closeOutside = (event) => {
      if (root.current && !root.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", closeOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", closeOutside);
    };
  }, [open]);

  // A click on a link inside the panel closes it even when the link points to the
  // page already shown (no location change).
  const onClick = (event) => {
    if (event.target.closest?.("a")) setOpen(false);
  };

  return (
    <div ref={root} className="lg:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? closeLabel : openLabel}
        className={buttonClassName}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none"
             stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <div id={panelId} hidden={!open} className={panelClassName} onClick={onClick}>
        {children}
      </div>
    </div>
  );
}
