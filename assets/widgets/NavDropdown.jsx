// A disclosure-style dropdown for the top navigation (WAI-ARIA "disclosure navigation"):
// Enter/Space toggle, ArrowDown opens and moves through the links, Escape closes and
// returns focus to the button, Tab moves on naturally; closes on outside click, on
// focus leaving it and after any navigation.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

export function NavDropdown({ label, buttonClassName, panelClassName, children }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef(null);
  const button = useRef(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event) => {
      if (root.current && !root.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const links = () => Array.from(root.current?.querySelectorAll("#" + CSS.escape(panelId) + " a") ?? []);
  const focusLink = (index) => {
    const list = links();
    if (list.length) list[(index + list.length) % list.length].focus();
  };

  const onKeyDown = (event) => {
    const list = links();
    const current = list.indexOf(document.activeElement);
    switch (event.key) {
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
        break;
      case "ArrowDown":
        event.preventDefault();
        if (!open) {
          setOpen(true);
          // The panel is rendered hidden; focus its first link once it is shown.
          requestAnimationFrame(() => focusLink(0));
        } else {
          focusLink(current + 1);
        }
        break;
      case "ArrowUp":
        if (open) {
          event.preventDefault();
          focusLink(current <= 0 ? list.length - 1 : current - 1);
        }
        break;
      case "Home":
        if (open && current >= 0) {
          event.preventDefault();
          focusLink(0);
        }
        break;
      case "End":
        if (open && current >= 0) {
          event.preventDefault();
          focusLink(list.length - 1);
        }
        break;
      default:
    }
  };

  const onBlur = (event) => {
    if (open && !root.current?.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    <div ref={root} className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={buttonClassName}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor"
             style={{ transform: open ? "rotate(180deg)" : "none", transition: "transform .15s" }}>
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <div id={panelId} hidden={!open} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
