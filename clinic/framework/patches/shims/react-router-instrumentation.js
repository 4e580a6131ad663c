// Stand-in for React Router's lib/router/instrumentation.js in the browser bundle of the
// production build (see clinic/framework/patches/lean_router.py). That module wraps the
// router's navigations, fetches and route handlers for observability tools; it works only
// when the router is given `instrumentations` (the `unstable_instrumentations` prop of
// HydratedRouter), which our browser entry does not pass (the build checks). Without them
// the router still asks, on each navigation, for a result receiver an instrumented call
// would have left: there is none, and this says so. Anything else throws, naming itself,
// if it ever runs.
//
// React Router's lines that use this module; the build stops when they change (the
// server's lines never run in this site's browser bundle):
// @uses lib/router/router.js: ...getRouteInstrumentationUpdates(instrumentations.map((i) => i.route).filter(Boolean), route)
// @uses lib/router/router.js: if (init.instrumentations) router = instrumentClientSideRouter(router, init.instrumentations.map((i) => i.router).filter(Boolean));
// @uses lib/router/router.js: let instrumentationNavigateMetaReceiver = consumeInstrumentationClientResultMetaReceiver(router);
// @uses lib/router/router.js: let instrumentationResultMetaReceiver = consumeInstrumentationClientResultMetaReceiver(router);
// @uses lib/server-runtime/server.js: if (requestHandlerInstrumentations?.length) loadContext.set(instrumentationResultMetaContext, {
// @uses lib/server-runtime/server.js: if (requestHandlerInstrumentations?.length) requestHandler = instrumentHandler(requestHandler, requestHandlerInstrumentations);

/**
 * @param {string} name
 * @returns {never}
 */
function notRun(name) {
  throw new Error(
    `lean router: React Router's ${name} ran, but this site leaves instrumentation out (clinic/framework/patches/lean_router.py)`,
  );
}

/**
 * The receiver an instrumented navigation left for the router: never one here.
 * @returns {undefined}
 */
export function consumeInstrumentationClientResultMetaReceiver() {
  return undefined;
}

export function getRouteInstrumentationUpdates() {
  return notRun("getRouteInstrumentationUpdates");
}

export function instrumentClientSideRouter() {
  return notRun("instrumentClientSideRouter");
}

export function instrumentHandler() {
  return notRun("instrumentHandler");
}

/** Only the server's request handler reads it. */
export const instrumentationResultMetaContext = undefined;
