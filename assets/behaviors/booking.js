// Browser steps of the appointment just booked (clinic/site/components/booked_appointment.py):
// keeping Cal.com's booking in the tab's sessionStorage, reading it back and building
// the .ics file. What is kept and shown is decided in Python.

/**
 * Keeps a booking in this tab's sessionStorage (nothing is sent anywhere), then loads
 * `nextPath` with a full page load, which also closes Cal.com's modal.
 * @param {string} storageKey
 * @param {{doctor: string, uid: string, start: string, end: string}} booking
 * @param {string} nextPath
 */
export function keepBookingAndGo(storageKey, booking, nextPath) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(booking));
  } catch {
    // Storage blocked: the success page shows its usual text.
  }
  window.location.assign(nextPath);
}

/**
 * The booking kept in this tab, its times as milliseconds (null where unreadable).
 * @param {string} storageKey
 * @returns {{doctor: string, uid: string, start: ?number, end: ?number} | null}
 */
export function keptBooking(storageKey) {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(storageKey) || "null");
  } catch {
    return null;
  }
  if (!kept || typeof kept !== "object") return null;
  /** @param {string | number | undefined} value a moment as kept (ISO text) */
  const time = (value) => (value ? new Date(value).getTime() : NaN);
  const [start, end] = [time(kept.start), time(kept.end)];
  return {
    doctor: String(kept.doctor ?? ""),
    uid: String(kept.uid ?? ""),
    start: Number.isNaN(start) ? null : start,
    end: Number.isNaN(end) ? null : end,
  };
}

/** @param {number} moment */
const utc = (moment) => new Date(moment).toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");

/**
 * A `data:` link to an RFC 5545 calendar file of one event. Everything but the times and
 * the UID comes already escaped and folded.
 * @param {{head: string[], summary: string, tail: string[]}} parts
 * @param {{uid: string, start: number, end: number}} booking
 * @returns {string}
 */
export function calendarFileUrl(parts, booking) {
  const uid = booking.uid.replace(/[^\w.-]/g, "").slice(0, 40) || utc(booking.start);
  const lines = [
    ...parts.head,
    `UID:${uid}@${window.location.hostname}`,
    `DTSTAMP:${utc(Date.now())}`,
    `DTSTART:${utc(booking.start)}`,
    `DTEND:${utc(booking.end)}`,
    parts.summary,
    ...parts.tail,
  ];
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(`${lines.join("\r\n")}\r\n`)}`;
}
