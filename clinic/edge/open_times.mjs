// A doctor's next open times at the edge: `GET /api/open-times/<doctor>` answered by a
// CDN's function (cloudflare_pages.mjs, netlify.mjs) as the production server answers it
// (clinic/server/open_times.py), by the same contract (open_times_contract.json, which the
// build puts in the relay's data with the doctors' event types: clinic/build_steps/site_files/edge_relay.py).
// Nothing here knows the host: each entry module gives its cache, its 404 and Cal.com's
// origin. The visitor's request gives the path and the method, nothing else: Cal.com is
// asked about a known doctor with our own data only.

/**
 * The contract (open_times_contract.json), as the relay reads it.
 * @typedef {{
 *   cal_com: { path: string, headers: Record<string, string>, days_ahead: number, timeout_s: number },
 *   slot_start: { pattern: string },
 *   answer: {
 *     max_times: number,
 *     content_type: string,
 *     cache_control_with_times: string,
 *     cache_control_without_times: string,
 *     methods: string[],
 *   },
 *   relay_cache: { fresh_s: number, failure_kept_s: number },
 * }} Contract
 */

/**
 * What the build writes beside the relay (open_times_relay.json).
 * @typedef {{
 *   path_prefix: string,
 *   not_found_path: string,
 *   api_origin: string,
 *   time_zone: string,
 *   closed_days: [string, string][],
 *   event_types: Record<string, number>,
 *   headers: Record<string, string>,
 *   contract: Contract,
 * }} RelayData
 */

/**
 * What a relay keeps of Cal.com's answer for every visitor: the times, and whether asking
 * failed (kept for less time).
 * @typedef {{ times: string[], failed: boolean }} Kept
 */

/**
 * A host's shared cache for kept answers, by key (a URL of our own).
 * @typedef {{
 *   get(key: string): Promise<Kept | undefined>,
 *   put(key: string, kept: Kept, seconds: number): Promise<void>,
 * }} Keeper
 */

/**
 * @typedef {{
 *   data: RelayData,
 *   apiOrigin?: string,
 *   keeper: Keeper,
 *   notFound: () => Response | Promise<Response>,
 * }} RelaySettings
 */

/**
 * One request to Cal.com per key at a time in this isolate: a second visitor waits for it.
 * @type {Map<string, Promise<Kept>>}
 */
const asking = new Map();

/**
 * The answer to a request under `data.path_prefix`.
 * @param {Request} request
 * @param {RelaySettings} settings
 * @returns {Promise<Response>}
 */
export async function answerOpenTimes(request, { data, apiOrigin, keeper, notFound }) {
  const { answer } = data.contract;
  const url = new URL(request.url);
  const slug = decodedSegment(url.pathname.slice(data.path_prefix.length));
  if (slug === undefined) {
    return plain(data, 400, "Bad Request");
  }
  if (!answer.methods.includes(request.method)) {
    return plain(data, 405, "Method Not Allowed", { Allow: answer.methods.join(", ") });
  }
  if (!Object.hasOwn(data.event_types, slug)) {
    return notFound();
  }
  // Our own name for the answer: a visitor's query or headers never make another one.
  const key = new URL(data.path_prefix + encodeURIComponent(slug), url.origin).href;
  const { times } = await keptOrAsked(key, data, keeper, () =>
    askCalCom(data, data.event_types[slug], originOf(apiOrigin, data)),
  );
  const headers = {
    ...data.headers,
    "Content-Type": answer.content_type,
    "Cache-Control": times.length
      ? answer.cache_control_with_times
      : answer.cache_control_without_times,
  };
  const body = request.method === "HEAD" ? null : JSON.stringify({ times });
  return new Response(body, { status: 200, headers });
}

/**
 * The doctor's slug as the production server reads it: each escape (%XX) a byte, a "%"
 * that starts none kept as written, then UTF-8; undefined when those bytes are no UTF-8 or
 * hold a control character (the server's 400).
 * @param {string} segment a URL's path, ASCII
 * @returns {string | undefined}
 */
function decodedSegment(segment) {
  const bytes = [];
  for (let at = 0; at < segment.length; at += 1) {
    const hex = segment.slice(at + 1, at + 3);
    if (segment[at] === "%" && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      at += 2;
    } else {
      bytes.push(segment.charCodeAt(at));
    }
  }
  let decoded;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  return /[\u0000-\u001f\u007f]/.test(decoded) ? undefined : decoded;
}

/**
 * The host's binding or variable when set, else clinic.yaml's origin.
 * @param {string | undefined} configured
 * @param {RelayData} data
 */
function originOf(configured, data) {
  return (configured || data.api_origin).replace(/\/+$/, "");
}

/**
 * What is kept under `key`, or else Cal.com's answer (or its failure), then kept for
 * every visitor as long as the contract says.
 * @param {string} key
 * @param {RelayData} data
 * @param {Keeper} keeper
 * @param {() => Promise<string[]>} ask
 * @returns {Promise<Kept>}
 */
async function keptOrAsked(key, data, keeper, ask) {
  // A cache that fails costs a request to Cal.com, never the visitor's answer.
  const kept = await keeper.get(key).catch(() => undefined);
  if (kept) {
    return kept;
  }
  let pending = asking.get(key);
  if (!pending) {
    const { fresh_s, failure_kept_s } = data.contract.relay_cache;
    pending = ask()
      .then((times) => ({ times, failed: false }))
      .catch(() => ({ times: [], failed: true }))
      .then(async (/** @type {Kept} */ answer) => {
        await keeper.put(key, answer, answer.failed ? failure_kept_s : fresh_s).catch(() => {});
        return answer;
      })
      .finally(() => asking.delete(key));
    asking.set(key, pending);
  }
  return pending;
}

/**
 * Cal.com's next open times for an event type, in the contract's form; throws on any
 * failure (an error status, no answer in time, an answer of another shape).
 * @param {RelayData} data
 * @param {number} eventTypeId
 * @param {string} origin
 * @returns {Promise<string[]>}
 */
async function askCalCom(data, eventTypeId, origin) {
  const { cal_com, answer } = data.contract;
  const now = Date.now();
  const start = dayIn(data.time_zone, now);
  const query = new URLSearchParams({
    eventTypeId: String(eventTypeId),
    start,
    end: daysAfter(start, cal_com.days_ahead),
    timeZone: data.time_zone,
  });
  // Made here, per request: a signal made when the module loads would have run out.
  const signal = AbortSignal.timeout(cal_com.timeout_s * 1000);
  const response = await fetch(`${origin}${cal_com.path}?${query}`, {
    headers: cal_com.headers,
    redirect: "manual",
    signal,
  });
  if (response.status !== 200) {
    throw new Error(`Cal.com answered ${response.status}`);
  }
  return nextTimes(await response.json(), now, data.contract, answer.max_times, (at) =>
    isOpenOn(data, at),
  );
}

/**
 * The first `limit` slot starts after `now` in a `/v2/slots` answer, earliest first, on
 * days `isOpen` allows.
 * @param {unknown} answer
 * @param {number} now
 * @param {Contract} contract
 * @param {number} limit
 * @param {(at: number) => boolean} [isOpen]
 * @returns {string[]}
 */
export function nextTimes(answer, now, contract, limit, isOpen = () => true) {
  const days = isObject(answer) ? answer.data : undefined;
  if (!isObject(days)) {
    throw new Error("no 'data' object in the answer");
  }
  const pattern = new RegExp(contract.slot_start.pattern);
  /** @type {{ at: number, written: string }[]} */
  const starts = [];
  for (const slots of Object.values(days)) {
    for (const slot of Array.isArray(slots) ? slots : []) {
      const start = isObject(slot) ? slot.start : undefined;
      const moment = typeof start === "string" && pattern.test(start) ? momentOf(start) : null;
      if (moment && moment.at > now && isOpen(moment.at)) {
        starts.push(moment);
      }
    }
  }
  return starts
    .sort((a, b) => a.at - b.at)
    .slice(0, limit)
    .map((moment) => moment.written);
}

/**
 * Whether the clinic is open on the day of an instant by its closed days (clinic.yaml's,
 * first and last day YYYY-MM-DD, in the clinic's zone): the site says it is closed then,
 * so no time may say otherwise.
 * @param {RelayData} data
 * @param {number} at
 * @returns {boolean}
 */
export function isOpenOn(data, at) {
  const day = dayIn(data.time_zone, at);
  return !data.closed_days.some(([first, last]) => first <= day && day <= last);
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A start of the contract's form as an instant and as it is answered, or null when it
 * names no real moment (February 30th, 25:00).
 * @param {string} start YYYY-MM-DDTHH:MM[:SS[.fraction]] and Z or ±HH:MM
 * @returns {{ at: number, written: string } | null}
 */
function momentOf(start) {
  const rest = start.slice(16);
  const second = rest.startsWith(":") ? rest.slice(1, 3) : "00";
  const offset = rest.endsWith("Z") ? "+00:00" : rest.slice(-6);
  const [year, month, date, hour, minute, seconds, offsetHours, offsetMinutes] = [
    [0, 4],
    [5, 7],
    [8, 10],
    [11, 13],
    [14, 16],
  ]
    .map(([from, to]) => Number(start.slice(from, to)))
    .concat([Number(second), Number(offset.slice(1, 3)), Number(offset.slice(4, 6))]);
  const local = Date.UTC(year, month - 1, date, hour, minute, seconds);
  const check = new Date(local);
  const real =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === date &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === seconds &&
    offsetHours < 24 &&
    offsetMinutes < 60;
  if (!real) {
    return null;
  }
  const sign = offset.startsWith("-") ? -1 : 1;
  return {
    at: local - sign * (offsetHours * 60 + offsetMinutes) * 60_000,
    written: `${start.slice(0, 16)}:${second}${offset}`,
  };
}

/**
 * The date in a time zone at an instant, YYYY-MM-DD.
 * @param {string} timeZone
 * @param {number} at
 */
function dayIn(timeZone, at) {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/**
 * @param {string} day YYYY-MM-DD
 * @param {number} days
 */
function daysAfter(day, days) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * A plain-text refusal, as the production server gives one.
 * @param {RelayData} data
 * @param {number} status
 * @param {string} reason
 * @param {Record<string, string>} [extra]
 */
function plain(data, status, reason, extra = {}) {
  return new Response(`${status} ${reason}\n`, {
    status,
    headers: {
      ...data.headers,
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...extra,
    },
  });
}
