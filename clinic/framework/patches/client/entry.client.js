// React Router's browser entry as Reflex writes it, with two changes.
//
// The page hydrates in a task of its own (clinic/framework/patches/paint_first.py):
// evaluating this module (react-dom's code and its initialisation) is already one task on
// a slow phone's main thread; creating the root in that same task made it a long one.
//
// A client-side navigation to a path that only the catch-all route (the 404 page) matches
// loads the document instead (clinic/framework/patches/language_manifests.py): a page's
// route manifest holds its own language's routes, so such a path may be a page of another
// language, which the server answers. A real 404 then comes from the server and hydrates
// where it is, with no navigation, so it never loads again by itself.
import { createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { matchRoutes } from "react-router";
import { HydratedRouter } from "react-router/dom";

const CATCH_ALL = "*";

/** @param {import("react-router").DataRouter} router */
const loadDocumentsBeyondTheRoutes = (router) => {
  const navigate = router.navigate;
  /** @type {(to: unknown, options?: object) => Promise<void>} */
  const navigateOrLoad = (to, options) => {
    // Our links name whole paths; a history step or a relative path is React Router's.
    const path =
      typeof to === "string"
        ? to
        : to && typeof to === "object" && "pathname" in to
          ? to.pathname
          : null;
    if (typeof path === "string" && path.startsWith("/")) {
      const url = router.createURL(to);
      const matches = matchRoutes(router.routes, url.pathname, router.basename);
      if (!matches || matches[matches.length - 1].route.path === CATCH_ALL) {
        // A replacing navigation (a redirect) replaces in the history as well.
        const replace = Boolean(options && "replace" in options && options.replace);
        if (replace) window.location.replace(url.href);
        else window.location.assign(url.href);
        return Promise.resolve();
      }
    }
    return navigate(to, options);
  };
  router.navigate = navigateOrLoad;
};

// React Router's HydratedRouter makes the router while rendering and leaves it on `window`
// (`window.__reactRouterDataRouter = router`, checked by language_manifests.py when the
// site is built): taken there, before the first render commits, so before any link works.
Object.defineProperty(window, "__reactRouterDataRouter", {
  configurable: true,
  /** @param {import("react-router").DataRouter} router */
  set(router) {
    Object.defineProperty(window, "__reactRouterDataRouter", {
      configurable: true,
      writable: true,
      value: router,
    });
    loadDocumentsBeyondTheRoutes(router);
  },
});

setTimeout(() => {
  startTransition(() => {
    hydrateRoot(document, createElement(HydratedRouter));
  });
});
