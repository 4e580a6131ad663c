// Cloudflare Pages' function for the site (its "advanced mode" worker): the build writes it
// as `_worker.js/index.js` in the export, beside the relay (open_times.mjs) and its data,
// and `_routes.json` sends it only the requests under /api/, so every page and file is
// served as before, with `_headers` and `_redirects`, and costs no function request.
// Cal.com's origin: the CLINIC_CAL_API_ORIGIN variable of the Pages project (a binding),
// else clinic.yaml's, which the build wrote into the relay's data.
import { answerOpenTimes } from "./open_times.mjs";
import data from "./open_times_relay.json" with { type: "json" };

/**
 * The bindings Pages gives the function.
 * @typedef {{
 *   ASSETS: { fetch(request: Request): Promise<Response> },
 *   CLINIC_CAL_API_ORIGIN?: string,
 * }} Env
 */

export default {
  /**
   * @param {Request} request
   * @param {Env} env
   * @returns {Promise<Response>}
   */
  async fetch(request, env) {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(data.path_prefix)) {
      return env.ASSETS.fetch(request); // as if there were no function: the files answer
    }
    return answerOpenTimes(request, {
      data,
      apiOrigin: env.CLINIC_CAL_API_ORIGIN,
      keeper: cacheApiKeeper(caches.default),
      // No doctor with open times by that name: the site's 404 page, with its headers, as
      // for any path with no file. Asked for a path that surely has none: the visitor's
      // own path could name something below a file (the fallback answers), which the
      // files can only refuse.
      notFound: () =>
        env.ASSETS.fetch(
          new Request(new URL(data.not_found_path, url), { method: request.method }),
        ),
    });
  },
};

/**
 * The data center's cache (the Cache API), shared by every visitor it serves.
 * @param {Cache} cache
 * @returns {import("./open_times.mjs").Keeper}
 */
function cacheApiKeeper(cache) {
  return {
    async get(key) {
      const hit = await cache.match(key);
      return hit ? hit.json() : undefined;
    },
    async put(key, kept, seconds) {
      const entry = new Response(JSON.stringify(kept), {
        headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${seconds}` },
      });
      await cache.put(key, entry);
    },
  };
}
