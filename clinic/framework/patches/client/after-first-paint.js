// The bootstrap module of a prerendered page, as clinic/framework/patches/paint_first.py writes it
// into the page: nothing starts before the first frame is on screen. The script is the
// same in every page, so one Content-Security-Policy hash allows it everywhere; what a
// page loads is data, in the JSON block the build writes before it (PAGE_MODULES_ID in
// paint_first.py). The build drops these comments.
/** @type {{preloads: string[], chunks: string[], imports: string[], routes: Record<string, string>, entry: string}} */
const PAGE = JSON.parse(
  /** @type {HTMLElement} */ (document.getElementById("page-modules")).textContent || "",
);

// Resolves once the browser has shown the page's first text or image (the paint timing
// entry comes after the frame is on screen, so nothing we fetch can delay it). Browsers
// without paint timing wait one frame; a page that never paints (a hidden tab) goes on
// after 3 s.
/** @returns {Promise<void>} */
const afterFirstPaint = () =>
  new Promise((resolve) => {
    const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (!types.includes("paint")) return requestAnimationFrame(() => setTimeout(resolve));
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => entry.name === "first-contentful-paint")) {
        observer.disconnect();
        resolve();
      }
    }).observe({ type: "paint", buffered: true });
    setTimeout(resolve, 3000);
  });
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

afterFirstPaint().then(async () => {
  // Each step ends its task: the paint's own task, adding the preloads (a millisecond
  // each on a slow phone) and every chunk's evaluation stay short tasks.
  await nextTask();
  for (const href of PAGE.preloads) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  await nextTask();
  for (const href of PAGE.chunks) {
    await import(href);
    await nextTask();
  }
  // React Router's own bootstrap, in its order: its side-effect imports, then each route's
  // module under its route id, then the browser entry, which hydrates.
  for (const href of PAGE.imports) await import(href);
  /** @type {Record<string, unknown>} */
  const modules = {};
  for (const [id, href] of Object.entries(PAGE.routes)) modules[id] = await import(href);
  Object.assign(window, { __reactRouterRouteModules: modules });
  import(PAGE.entry);
});
