// The map facade (DESIGN section 2, "Maps load on request"): the static map picture
// (children) stays until the patient presses the button; only then is the embedded map
// requested. A probe request goes first: when the map's host is blocked (an ad blocker,
// a firewall, no connection) it fails, and the picture stays with a short note instead
// of an iframe showing the browser's broken-page icon. Nothing is requested before the
// press, so no visitor's browser contacts the map provider unasked.
import { useRef, useState } from "react";

// How long the probe may take before the picture stays (a hanging connection).
const PROBE_TIMEOUT_MS = 8000;

export function MapFacade({
  embedUrl, title, loadLabel, loadingLabel, failedText, width, height, className = "", children,
}) {
  const [status, setStatus] = useState("idle"); // idle | loading | shown | failed
  const pending = useRef(false);

  const load = () => {
    if (pending.current || status === "shown") return;
    pending.current = true;
    setStatus("loading");
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    fetch(embedUrl, { mode: "no-cors", credentials: "omit", cache: "no-store", signal: controller.signal })
      .then(() => setStatus("shown"), () => setStatus("failed"))
      .finally(() => {
        clearTimeout(timer);
        pending.current = false;
      });
  };

  if (status === "shown") {
    return (
      <div className={className} data-map-status={status}>
        <iframe
          src={embedUrl}
          title={title}
          width={width}
          height={height}
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
          className="block aspect-[4/3] h-auto w-full rounded-2xl border-0 bg-sand"
          data-map-frame=""
        />
      </div>
    );
  }
  return (
    <div className={className} data-map-status={status}>
      <div className="relative">
        {children}
        <button
          type="button"
          onClick={load}
          disabled={status === "loading"}
          className="absolute bottom-4 left-1/2 inline-flex min-h-11 -translate-x-1/2 items-center justify-center gap-2 whitespace-nowrap rounded-full bg-primary px-5 py-2.5 text-base font-semibold text-white shadow-md hover:bg-primary-dark disabled:cursor-wait focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          data-map-load=""
        >
          {status === "loading" ? loadingLabel : loadLabel}
        </button>
      </div>
      <p role="status" className="mt-3 text-sm text-ink" data-map-failed="">
        {status === "failed" ? failedText : ""}
      </p>
    </div>
  );
}
