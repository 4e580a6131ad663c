// Requests the pages make after they have painted (clinic/site/components/open_times.py,
// map_embed.py), each bounded in time. What the answers change is Python's.

/**
 * Asks our own server for a doctor's next open times and passes them on, oldest first,
 * as `{start, day}` (ISO moment, and its date in `timeZone` as YYYY-MM-DD). A failure, a
 * timeout or an empty answer passes nothing.
 * @param {string} url
 * @param {number} timeoutMs
 * @param {string} timeZone
 * @param {(times: {start: string, day: string}[]) => void} show
 */
export function loadOpenTimes(url, timeoutMs, timeZone, show) {
  fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .then((answer) => {
      const moments = (Array.isArray(answer?.times) ? answer.times : [])
        .map((/** @type {string} */ start) => new Date(start))
        .filter((/** @type {Date} */ moment) => !Number.isNaN(moment.getTime()));
      if (!moments.length) return;
      // Made only once there are times to show: a page's first date format with a time
      // zone loads the browser's time-zone data, a 100-230 ms task on a 4x slower CPU,
      // which a page without times (Cal.com down, a static host) need not pay.
      // en-CA writes a day as ISO 8601 does (2026-12-01): the machine format of Cal.com's
      // ?date= in the clinic's time zone, never shown (labels use the page's own locale).
      const day = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
      show(
        moments.map((/** @type {Date} */ moment) => ({
          start: moment.toISOString(),
          day: day.format(moment),
        })),
      );
    })
    .catch(() => {});
}

/**
 * Sends a probe request to `url` (no cookies, nothing cached, an opaque answer is
 * enough) and says whether its host answered within `timeoutMs`.
 * @param {string} url
 * @param {number} timeoutMs
 * @param {() => void} onAnswered
 * @param {() => void} onFailed
 */
export function probe(url, timeoutMs, onAnswered, onFailed) {
  fetch(url, {
    mode: "no-cors",
    credentials: "omit",
    cache: "no-store",
    signal: AbortSignal.timeout(timeoutMs),
  }).then(
    () => onAnswered(),
    () => onFailed(),
  );
}
