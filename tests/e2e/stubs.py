"""Stand-ins for the site's third parties in the browser tests.

No test reaches a real third party: in every context made by conftest's `new_context` (so
`page`, `context`, `mobile_page` too) a request that is not for the site fails (conftest's
third-party isolation). A test that needs a third party to answer puts a stub from here in
front of that guard (a route is tried before the request leaves the browser, and the
newest route first); each stub records what it served, so a test can check what the page
asked for.

| third party | where the page meets it | here |
| --- | --- | --- |
| Cal.com | `embed.js` on the booking and doctor pages; the public booking pages in a new tab | `serve_cal_embed`, `answer_cal_com_pages` |
| Cal.com's slots API | asked by our server, not the browser: the test server's Cal.com API origin is a closed port (conftest), the server itself is tested against `tests/cal_api_stub.py`; the browser's `/api/open-times/<doctor>` answer | `answer_open_times` |
| reviews widget | its script, loaded near the home page's reviews section | `serve_reviews_widget` |
| WhatsApp | `wa.me` chat links, opened in a new tab | `answer_whatsapp` |
| maps | the map iframe (home and contact pages), left blocked: its fallback links are what is checked; the clinic's place on the maps service (the address link) | `answer_maps_page` |

Adding one: take the third party's URL from `content/` (never type it), route it on the
page or its context with a handler that records `route.request.url` and fulfills with a
small body (or aborts, or keeps the route unanswered to test "still loading"), and
return the record. A route or request event reaches Python while Python waits on the
page: wait for the request itself (`page.expect_request`) or for what the page does with
the answer (`expect(...)`, `page_ready`) before asserting on the record.
"""

from __future__ import annotations

import re

from clinic.site.components.cal_embed import embed_script_src
from clinic.site.content import content

CLINIC = content().clinic
EMBED_JS = embed_script_src()  # Cal.com's embed script, at the origin content names
# Cal.com's public booking pages (clinic.yaml scheduling.public_origin).
CAL_PUBLIC = str(CLINIC.scheduling.public_origin).rstrip("/")
WHATSAPP = f"https://wa.me/{CLINIC.whatsapp_number}"  # the clinic's number, from clinic.yaml
REVIEWS_JS = str(CLINIC.reviews.script_src)
MAPS_PAGE = str(CLINIC.address.maps_url)

# ------------------------------------------------------------------ Cal.com

# A stand-in for Cal.com's embed.js.
CAL_STUB = r"""
(() => {
  const calls = (window.__calCalls = window.__calCalls || []);
  const listeners = {};
  const globalCal = window.Cal;
  const plain = (value) =>
    JSON.parse(JSON.stringify(value, (key, v) => (typeof v === "function" ? "[function]" : v)));
  if (!globalCal || !globalCal.q) {
    window.__calStubError = "embed.js loaded without Cal's loader queue";
    return;
  }
  const take = (fn, api, ns) => {
    const run = (args) => {
      args = Array.from(args);
      calls.push({ fn, args: plain(args) });
      if (args[0] === "on") {
        const { action, callback } = args[1];
        ((listeners[ns] = listeners[ns] || {})[action] = listeners[ns][action] || []).push(callback);
      }
    };
    api.q.forEach(run);
    api.q.push = (args) => run(args);  // like embed.js: after load, calls run at once
    api.instance = { namespace: ns };
  };
  take("Cal", globalCal, "");
  for (const [ns, api] of Object.entries(globalCal.ns)) take(`Cal.ns[${ns}]`, api, ns);
  // Cal.com's own click delegation (HTMLElement targets only, as in embed.js).
  document.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const link = target.dataset.calLink
      ? target
      : Array.from(document.querySelectorAll("[data-cal-link]")).find((el) => el.contains(target));
    if (!link) return;
    const ns = link.dataset.calNamespace;
    (ns ? globalCal.ns[ns] : globalCal)("modal", {
      calLink: link.dataset.calLink, config: JSON.parse(link.dataset.calConfig || "{}"), calOrigin: "",
    });
  });
  window.__calStub = {
    fire(ns, action, data) {
      for (const callback of (listeners[ns] || {})[action] || []) {
        callback(new CustomEvent(action, { detail: { data, type: action, namespace: ns } }));
      }
    },
  };
})();
"""


class Served(list):
    """URLs a stub has answered, in order."""


def _serve(target, url: str, content_type: str, body: str) -> Served:
    served = Served()

    def handle(route):
        served.append(route.request.url)
        route.fulfill(status=200, content_type=content_type, body=body)

    target.route(url, handle)
    return served


def serve_cal_embed(page) -> Served:
    """Cal.com's embed.js answered by the stand-in above, which records every call the
    page makes (`window.__calCalls`) and can fire Cal.com's events (`window.__calStub`)."""
    return _serve(page, EMBED_JS, "text/javascript", CAL_STUB)


def answer_cal_com_pages(page) -> None:
    """Cal.com's public booking pages, opened in a new tab, get a blank page."""
    page.context.route(
        f"{CAL_PUBLIC}/**",
        lambda route: route.fulfill(
            status=200, content_type="text/html", body="<title>Cal.com</title>"
        ),
    )


def answer_open_times(page, doctor, starts: list[str]) -> Served:
    """Our own server's `/api/open-times/<doctor>` answer (ISO 8601 starts), as it gives
    it when Cal.com has times: the page's side of the open-times block."""
    from clinic.server.open_times import body_for
    from clinic.site.routes import OPEN_TIMES_PATH_PREFIX

    return _serve(
        page,
        f"**{OPEN_TIMES_PATH_PREFIX}{doctor.slug}",
        "application/json",
        body_for(starts).decode(),
    )


# ------------------------------------------------------------------ reviews widget

REVIEWS_STUB = """
window.__reviewsStubLoads = (window.__reviewsStubLoads || 0) + 1;
document.querySelectorAll('[class^="elfsight-app-"]').forEach((box) => {
  box.textContent = 'Stub reviews widget';
});
"""


def serve_reviews_widget(page) -> Served:
    """The reviews provider's script: writes "Stub reviews widget" into its box."""
    return _serve(page.context, REVIEWS_JS, "application/javascript", REVIEWS_STUB)


# ------------------------------------------------------------------ WhatsApp


def answer_whatsapp(page) -> None:
    """The clinic's wa.me chat, opened in a new tab (the page's context's, so the new
    tab gets it too), answers with a blank page."""
    page.context.route(
        f"{WHATSAPP}**",
        lambda route: route.fulfill(
            status=200, content_type="text/html", body="<title>WhatsApp</title>"
        ),
    )


# ------------------------------------------------------------------ maps


def answer_maps_page(page) -> Served:
    """The clinic's place on the maps service (the address link and, before the page is
    hydrated, the map control) answers with a blank page titled "Maps"."""
    return _serve(page.context, MAPS_PAGE, "text/html", "<title>Maps</title><p>Maps page</p>")


def away_from(site: str) -> re.Pattern[str]:
    """Every URL not on `site` (nor a data: URL), as a route's pattern. A regular
    expression, not a Python function: Playwright hands the browser's requests to Python
    only when a route's pattern matches them (a function matches everything), so the
    site's own scripts and images, dozens per page, never make the round trip."""
    return re.compile(rf"^(?!{re.escape(site.rstrip('/'))}/|data:)")


def answer_every_third_party_empty(context, site: str) -> None:
    """Every request away from `site` (and data: URLs) answered 200 with an empty body:
    nothing reaches the network, yet each third-party request the page makes is still
    made, so a host its Content-Security-Policy lacks shows up as a violation."""

    def answer(route):
        framed = route.request.resource_type in ("document", "iframe")
        kind = "text/html" if framed else "application/javascript"
        route.fulfill(status=200, content_type=kind, body="")

    context.route(away_from(site), answer)
