// Dates and times as a patient reads them: in the clinic's time zone and the page's
// language, whatever the device says (booked_appointment.py, open_times.py).

/**
 * A moment (milliseconds or an ISO string) written in a language and time zone with Intl's options.
 * @param {string} locale
 * @param {string} timeZone
 * @param {Intl.DateTimeFormatOptions} options
 * @param {number|string} moment
 * @param {number|string} [until] the end of a range, written as one ("10:00 – 11:00 a. m.")
 * @returns {string}
 */
export function formatMoment(locale, timeZone, options, moment, until) {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
  const start = new Date(moment);
  return until === undefined ? format.format(start) : format.formatRange(start, new Date(until));
}

/**
 * A moment (milliseconds) as an ISO 8601 string.
 * @param {number} moment
 * @returns {string}
 */
export function isoMoment(moment) {
  return new Date(moment).toISOString();
}
