// Stand-in for React Router's lib/dom/ssr/route-discovery.js in the browser bundle of the
// production build (see clinic/framework/patches/lean_router.py). That module is React
// Router's custom route discovery, which runs only under the future flag
// `unstable_customRouteDiscovery`; Reflex's react-router.config.js does not set it (the
// build checks), so the hydrated router never creates the runtime and never calls these.
// If one ever runs, it throws, naming itself, instead of doing nothing.
//
// React Router's lines that use this module; the build stops when they change:
// @uses lib/dom-export/hydrated-router.js: if (discoveryRuntime) discoveryState = UNSAFE_useCustomRouteDiscovery(discoveryRuntime, props.onError);
// @uses lib/dom-export/hydrated-router.js: let discoveryRuntime = ssrInfo.context.future.unstable_customRouteDiscovery ? new UNSAFE_RouteDiscoveryRuntime(ssrInfo, { fetch: fetchImplementation }) : void 0;
// @uses lib/dom-export/hydrated-router.js: patchRoutesOnNavigation: discoveryRuntime ? UNSAFE_getCustomPatchRoutesOnNavigationFunction(() => router, discoveryRuntime) : UNSAFE_getPatchRoutesOnNavigationFunction(() => router, ssrInfo.manifest, ssrInfo.routeModules, ssr, ssrInfo.context.routeDiscovery, ssrInfo.context.isSpaMode, ssrInfo.context.basename, fetchImplementation, ssrInfo.context.unstable_apiServerOrigin, isApiOnly)

/**
 * @param {string} name
 * @returns {never}
 */
function notRun(name) {
  throw new Error(
    `lean router: React Router's ${name} ran, but this site leaves custom route discovery out (clinic/framework/patches/lean_router.py)`,
  );
}

export class RouteDiscoveryRuntime {
  constructor() {
    notRun("RouteDiscoveryRuntime");
  }
}

export function getCustomPatchRoutesOnNavigationFunction() {
  return notRun("getCustomPatchRoutesOnNavigationFunction");
}

export function useCustomRouteDiscovery() {
  return notRun("useCustomRouteDiscovery");
}

export function useRouteDiscovery() {
  return notRun("useRouteDiscovery");
}
