// Stand-in for React Router's lib/dom/ssr/fog-of-war.js in the browser bundle of the
// production build (see clinic/framework/patches/lean_router.py). That module is lazy
// route discovery ("fog of war": the browser asks the server for the routes of the links
// it sees), which React Router switches on only for a site rendered on the server
// (`ssr: true`); ours is prerendered with `ssr: false` (the build checks), so every route
// is in the manifest from the start. React Router's own test, `isFogOfWarEnabled`, is
// kept, and the two functions the hydrated router calls do what they do when it answers
// false: nothing. Anything else throws, naming itself, if it ever runs.
//
// React Router's lines that use this module; the build stops when they change (the
// server's and React Server Components' lines never run in this site's browser bundle):
// @uses lib/dom-export/hydrated-router.js: else UNSAFE_useFogOFWarDiscovery(router, ssrInfo.manifest, ssrInfo.routeModules, ssr, ssrInfo.context.routeDiscovery, ssrInfo.context.isSpaMode, fetchImplementation, ssrInfo.context.unstable_apiServerOrigin, ssrInfo.context.unstable_apiOnly === true);
// @uses lib/dom-export/hydrated-router.js: patchRoutesOnNavigation: discoveryRuntime ? UNSAFE_getCustomPatchRoutesOnNavigationFunction(() => router, discoveryRuntime) : UNSAFE_getPatchRoutesOnNavigationFunction(() => router, ssrInfo.manifest, ssrInfo.routeModules, ssr, ssrInfo.context.routeDiscovery, ssrInfo.context.isSpaMode, ssrInfo.context.basename, fetchImplementation, ssrInfo.context.unstable_apiServerOrigin, isApiOnly)
// @uses lib/dom/ssr/components.js: ${enableFogOfWar ? `window.__reactRouterManifest = ${JSON.stringify(getPartialManifest(manifest, router), null, 2)};` : ""}
// @uses lib/dom/ssr/components.js: let enableFogOfWar = isFogOfWarEnabled(routeDiscovery, ssr);
// @uses lib/rsc/browser.js: await handleClientVersionMismatch(true, clientVersion, errorReloadPath);
// @uses lib/rsc/browser.js: if (clientVersion !== void 0 && await handleClientVersionMismatch(payload.clientVersion !== clientVersion, clientVersion, createPath(getRouter().state.navigation.location || getRouter().state.location))) return new Promise(() => {});
// @uses lib/rsc/browser.js: paths = getPathsWithAncestors(paths);
// @uses lib/rsc/browser.js: url.searchParams.set("paths", getManifestPathsParam(paths));
// @uses lib/server-runtime/server.js: if (isFogOfWarEnabled(routeDiscovery, build.ssr) && shouldUseInitialRouteDiscovery(context.location.pathname, staticHandler._matchCost)) routeDiscovery = {
// @uses lib/server-runtime/server.js: let manifestUrl = getManifestPath(build.routeDiscovery.manifestPath, build.basename);

/**
 * @param {string} name
 * @returns {never}
 */
function notRun(name) {
  throw new Error(
    `lean router: React Router's ${name} ran, but this site leaves lazy route discovery out (clinic/framework/patches/lean_router.py)`,
  );
}

export const URL_LIMIT = 7680;

/**
 * React Router's own test: lazy discovery is on only for a site rendered on the server.
 * @param {{mode: string}} routeDiscovery
 * @param {boolean} ssr
 */
export function isFogOfWarEnabled(routeDiscovery, ssr) {
  return routeDiscovery.mode === "lazy" && ssr;
}

/**
 * The router's route-patching callback: none while lazy discovery is off.
 * @param {unknown} _getRouter
 * @param {unknown} _manifest
 * @param {unknown} _routeModules
 * @param {boolean} ssr
 * @param {{mode: string}} routeDiscovery
 * @returns {undefined}
 */
export function getPatchRoutesOnNavigationFunction(
  _getRouter,
  _manifest,
  _routeModules,
  ssr,
  routeDiscovery,
) {
  if (isFogOfWarEnabled(routeDiscovery, ssr)) notRun("getPatchRoutesOnNavigationFunction");
  return undefined;
}

/**
 * The hydrated router's discovery of linked routes: nothing while lazy discovery is off.
 * @param {unknown} _router
 * @param {unknown} _manifest
 * @param {unknown} _routeModules
 * @param {boolean} ssr
 * @param {{mode: string}} routeDiscovery
 */
export function useFogOFWarDiscovery(_router, _manifest, _routeModules, ssr, routeDiscovery) {
  if (isFogOfWarEnabled(routeDiscovery, ssr)) notRun("useFogOFWarDiscovery");
}

export function getManifestPath() {
  return notRun("getManifestPath");
}

export function getManifestPathsParam() {
  return notRun("getManifestPathsParam");
}

export function getPartialManifest() {
  return notRun("getPartialManifest");
}

export function getPathsWithAncestors() {
  return notRun("getPathsWithAncestors");
}

export function handleClientVersionMismatch() {
  return notRun("handleClientVersionMismatch");
}

export function shouldUseInitialRouteDiscovery() {
  return notRun("shouldUseInitialRouteDiscovery");
}
