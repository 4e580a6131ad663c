// Netlify's function for the site: the build writes it as
// `.web/build/netlify/functions/open-times/open-times.mjs`, beside the relay
// (open_times.mjs) and its data; `config.path` below routes the relay's path to it, and
// every other request is served from the files as before.
// Cal.com's origin: the CLINIC_CAL_API_ORIGIN environment variable of the Netlify site,
// else clinic.yaml's, which the build wrote into the relay's data.
import { answerOpenTimes } from "./open_times.mjs";
import data from "./open_times_relay.json" with { type: "json" };

// Netlify runs each request in an instance of its own as it likes, with no cache shared
// between them: its CDN keeps the answers for every visitor (`Netlify-CDN-Cache-Control`,
// `durable`: one copy for all its edge nodes; the query is not part of its key), so the
// function itself keeps nothing.
/** @type {import("./open_times.mjs").Keeper} */
const keeper = {
  get: async () => undefined,
  put: async () => {},
};

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
    // No times (none free, or Cal.com failed: the answer does not say which) are kept as
    // briefly as a failure.
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

// Read by Netlify from this file's text when it deploys: a literal, the relay's path
// (Netlify matches a path without its last slash: the prefix's own is the first).
export const config = { path: ["/api/open-times", "/api/open-times/*"] };
