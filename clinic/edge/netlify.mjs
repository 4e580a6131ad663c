// Netlify's function for the site: the build writes it as
// `.web/build/netlify/functions/open-times/open-times.mjs`, beside the relay
// (open_times.mjs) and its data; `config.path` below routes the relay's path to it, and
// every other request is served from the files as before.
// Cal.com's origin: the CLINIC_CAL_API_ORIGIN environment variable of the Netlify site,
// else clinic.yaml's, which the build wrote into the relay's data.
import { answerOpenTimes } from "./open_times.mjs";
import data from "./open_times_relay.json" with { type: "json" };

// Kept by this instance of the function for every visitor it serves; Netlify's CDN keeps
// the answers too (`Netlify-CDN-Cache-Control`), for every instance.
const keeper = memoryKeeper();

/**
 * @param {Request} request
 * @returns {Promise<Response>}
 */
export default async function openTimes(request) {
  const response = await answerOpenTimes(request, {
    data,
    apiOrigin: process.env.CLINIC_CAL_API_ORIGIN,
    keeper,
    // No 404 page can be served from here: a plain one, as for a malformed request.
    notFound: () =>
      new Response("404 Not Found\n", {
        status: 404,
        headers: {
          ...data.headers,
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
        },
      }),
  });
  if (response.status === 200) {
    const { fresh_s, failure_kept_s } = data.contract.relay_cache;
    const withTimes =
      response.headers.get("Cache-Control") === data.contract.answer.cache_control_with_times;
    response.headers.set(
      "Netlify-CDN-Cache-Control",
      `public, durable, max-age=${withTimes ? fresh_s : failure_kept_s}`,
    );
  }
  return response;
}

// Read by Netlify from this file's text when it deploys: a literal, the relay's path.
export const config = { path: "/api/open-times/*" };

/**
 * Kept answers in this instance's memory, each until its time is up.
 * @returns {import("./open_times.mjs").Keeper}
 */
function memoryKeeper() {
  /** @type {Map<string, { kept: import("./open_times.mjs").Kept, until: number }>} */
  const entries = new Map();
  return {
    async get(key) {
      const entry = entries.get(key);
      return entry && Date.now() < entry.until ? entry.kept : undefined;
    },
    async put(key, kept, seconds) {
      entries.set(key, { kept, until: Date.now() + seconds * 1000 });
    },
  };
}
