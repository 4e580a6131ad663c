// The bootstrap module of a prerendered page, as clinic/framework/patches/paint_first.py writes it
// into the page: nothing starts before the first frame is on screen. The build fills in
// the two lists and the page's own bootstrap (marked below) and drops these comments.
/** @type {string[]} */
const PRELOADS = /* modulepreload links */ [];
/** @type {string[]} */
const CHUNKS = /* chunks, dependencies first */ [];

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
  for (const href of PRELOADS) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  await nextTask();
  for (const href of CHUNKS) {
    await import(href);
    await nextTask();
  }
  /* the page's own bootstrap */
});
