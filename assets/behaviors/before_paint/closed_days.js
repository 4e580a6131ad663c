/**
 * The closed-day notice (docs/content.md, "Recipe: closed days"), decided before the page
 * paints.
 *
 * Every page carries, hidden, a notice for each closed day or run of days that clinic.yaml
 * lists (clinic/site/components/closed_days.py): one saying the clinic is closed today,
 * one announcing the days ahead. Which one shows depends on today's date in the clinic's
 * time zone, which only the browser knows when the page is opened, maybe long after the
 * build: this script works it out and names the notice on <html> (an attribute), and the
 * stylesheet beside it shows the notice so named. So:
 * - It runs in <head>, before the body is parsed: the notice is there in the first paint,
 *   whether or not the page's other scripts ever arrive, and nothing moves when they do.
 * - Today is the clinic's, not the device's: a patient abroad sees what the clinic's door
 *   says.
 * - Past days never match, so an old closed day needs no rebuild to disappear.
 * - Only <html>'s attribute changes: React, hydrating the page later, finds every element
 *   as it was prerendered.
 * When the date cannot be worked out (no Intl time zones), nothing shows: the site's hours
 * and the calendar still say when the clinic is open.
 *
 * A before-paint script (clinic/site/components/before_paint.py): inlined as it is
 * (comment lines left out), with BEFORE_PAINT_DATA filled by
 * clinic/site/components/closed_days.py with data only (JSON): the attribute, the
 * clinic's time zone, how many days ahead to announce, and each run's first and last day
 * (YYYY-MM-DD, in order). Plain ES5, no module and no build step: it runs before anything
 * else, in every browser the site supports.
 */
/**
 * @param {{attribute: string, timeZone: string, noticeDaysBefore: number, days: [string, string][]}} settings
 */
(function closedDays(settings) {
  "use strict";

  /**
   * Today's date in the clinic's time zone.
   * @returns {{ year: number, month: number, day: number } | null} null when unknown
   */
  function clinicToday() {
    try {
      var parts = new Intl.DateTimeFormat("en-US", {
        timeZone: settings.timeZone,
        year: "numeric",
        month: "numeric",
        day: "numeric",
      }).formatToParts(new Date());
      /** @type {Record<string, number>} */
      var found = {};
      for (var i = 0; i < parts.length; i++) found[parts[i].type] = Number(parts[i].value);
      return { year: found.year, month: found.month, day: found.day };
    } catch (error) {
      return null;
    }
  }

  /**
   * A date `days` after the given one, as YYYY-MM-DD (comparable as text).
   * @param {{ year: number, month: number, day: number }} date
   * @param {number} days
   * @returns {string}
   */
  function isoDate(date, days) {
    return new Date(Date.UTC(date.year, date.month - 1, date.day + days))
      .toISOString()
      .slice(0, 10);
  }

  var today = clinicToday();
  if (!today) return;
  var now = isoDate(today, 0);
  var horizon = isoDate(today, settings.noticeDaysBefore);
  var shown = "";
  for (var i = 0; i < settings.days.length && !shown; i++) {
    var first = settings.days[i][0];
    var last = settings.days[i][1];
    if (first <= now && now <= last) shown = "today-" + first;
  }
  for (var j = 0; j < settings.days.length && !shown; j++) {
    var start = settings.days[j][0];
    if (now < start && start <= horizon) shown = "soon-" + start;
  }
  if (shown) document.documentElement.setAttribute(settings.attribute, shown);
})(BEFORE_PAINT_DATA);
