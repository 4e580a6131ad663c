// Adapter: Cal.com's embed script (embed.js) and its `Cal` queue API. Why JSX: embed.js
// needs a loader object, a script added once per page lifetime and a native click listener
// that runs before Cal's own at the document; Reflex state and events express none of it.
// The clinic's data comes as props from clinic/site/components/cal_embed.py.
// - Each Book button is a real link to the doctor's Cal.com page (new tab): while embed.js
//   is blocked, failing or loading, the link works. Once embed.js has taken over the
//   doctor's namespace, a click anywhere on the button opens the embedded calendar.
// - Cal.com's `bookingSuccessfulV2` goes to the page's `afterBooking` (booked_appointment.py).
// The loader follows Cal.com's own snippet (a queueing `Cal` with `Cal.ns` and `Cal.q`,
// replayed by embed.js) as module code: no eval, no inline script, so a strict CSP holds.
import { useEffect, useRef, useState } from "react";

const INIT = "init";

// The `afterBooking` of the booking area showing now (a client-side language switch
// changes it); Cal.com's listeners, added once per namespace, call the current one.
/** @type {((detail: unknown) => void) | null | undefined} */
let afterBooking = null;
// Namespaces initialised in this page's lifetime: Cal keeps its state across
// client-side navigations, so coming back to the page must not initialise them twice.
const initialised = new Set();
// Settles once embed.js has loaded (true) or failed (false).
/** @type {Promise<boolean> | null} */
let scriptSettled = null;

/**
 * @param {string} src
 * @returns {Promise<boolean>}
 */
function loadScriptOnce(src) {
  if (!scriptSettled) {
    scriptSettled = new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.addEventListener("load", () => resolve(true));
      script.addEventListener("error", () => resolve(false));
      document.head.appendChild(script);
    });
  }
  return scriptSettled;
}

// Cal.com's loader: `Cal(...)` and `Cal.ns[namespace](...)` queue their arguments until
// embed.js replaces the queues with the real implementation.
/**
 * @param {string} scriptSrc
 * @returns {CalApi}
 */
function calLoader(scriptSrc) {
  const existing = window.Cal;
  if (existing) return existing;
  /** @type {(api: CalQueue, args: unknown[]) => number} */
  const push = (api, args) => api.q.push(args);
  // Rest parameters, not Cal.com's `arguments`: embed.js reads each queued call as a list
  // (its own `["initNamespace", ...]` entries are arrays too).
  const Cal = /** @type {CalApi} */ (
    /** @param {...unknown} args */
    (...args) => {
      const cal = /** @type {CalApi} */ (window.Cal);
      if (!cal.loaded) {
        cal.ns = {};
        cal.q = cal.q || [];
        loadScriptOnce(scriptSrc);
        cal.loaded = true;
      }
      if (args[0] === INIT) {
        const api = /** @type {CalQueue} */ (
          /** @param {...unknown} apiArgs */
          (...apiArgs) => {
            push(api, apiArgs);
          }
        );
        const namespace = args[1];
        api.q = [];
        if (typeof namespace === "string") {
          cal.ns[namespace] = cal.ns[namespace] || api;
          push(cal.ns[namespace], args);
          push(cal, ["initNamespace", namespace]);
        } else {
          push(cal, args);
        }
        return;
      }
      push(cal, args);
    }
  );
  window.Cal = Cal;
  return Cal;
}

// embed.js gives every namespace it has taken over an `instance`; before that (or if
// embed.js loaded but broke) a click must stay a plain link.
/** @param {string} namespace */
const namespaceReady = (namespace) => Boolean(window.Cal?.ns?.[namespace]?.instance);

/** @param {CustomEvent} event */
const onBookingSuccessful = (event) => afterBooking?.(event.detail);

/** @param {{scriptSrc: string, origin: string, namespaces: string[], ui: object}} settings */
function initialise({ scriptSrc, origin, namespaces, ui }) {
  const Cal = calLoader(scriptSrc);
  for (const namespace of namespaces) {
    if (initialised.has(namespace)) continue;
    initialised.add(namespace);
    Cal(INIT, namespace, { origin });
    Cal.ns[namespace]("ui", ui);
    Cal.ns[namespace]("on", { action: "bookingSuccessfulV2", callback: onBookingSuccessful });
  }
  return loadScriptOnce(scriptSrc);
}

/** @param {MouseEvent} event */
function isPlainClick(event) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** @param {HTMLElement} link */
function readConfig(link) {
  try {
    return JSON.parse(link.dataset.calConfig || "{}");
  } catch {
    return {};
  }
}

/**
 * The booking area: its Book links open Cal.com's embedded calendar once embed.js works.
 * @param {CalEmbedProps} props
 */
export function CalEmbed({
  scriptSrc,
  origin,
  namespaces,
  ui,
  afterBooking: after,
  className,
  children,
}) {
  const root = useRef(/** @type {HTMLDivElement | null} */ (null));
  const [ready, setReady] = useState(false);

  useEffect(() => {
    afterBooking = after;
  }, [after]);

  // Once per mount: the props are build-time constants of the page (a fresh object on
  // every render, so they are not effect dependencies).
  useEffect(() => {
    let live = true;
    initialise({ scriptSrc, origin, namespaces, ui }).then(() => {
      if (live) setReady((namespaces || []).every(namespaceReady));
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const container = root.current;
    if (!container) return undefined;
    // A native listener on this container runs before anything at the document: Cal's
    // own click delegation there would open a second modal (and it ignores clicks on an
    // <svg> icon), so the Book buttons are handled here, entirely.
    /** @param {MouseEvent} event */
    const onClick = (event) => {
      const link =
        event.target instanceof Element
          ? /** @type {HTMLElement | null} */ (event.target.closest("[data-cal-link]"))
          : null;
      if (!link || !container.contains(link)) return;
      event.stopPropagation();
      const namespace = link.dataset.calNamespace;
      // Otherwise the link opens Cal.com.
      if (!namespace || !isPlainClick(event) || !namespaceReady(namespace)) return;
      event.preventDefault();
      window.Cal?.ns[namespace]("modal", {
        calLink: link.dataset.calLink,
        config: readConfig(link),
      });
    };
    container.addEventListener("click", onClick);
    return () => container.removeEventListener("click", onClick);
  }, []);

  return (
    <div ref={root} className={className} data-cal-ready={ready ? "true" : "false"}>
      {children}
    </div>
  );
}
