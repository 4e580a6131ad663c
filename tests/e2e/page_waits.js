/**
 * The browser tests' waits inside the page under test, each with a deadline.
 *
 * A test that waits in the page (`page.evaluate` of a promise) waits as long as the promise
 * takes: Playwright gives `evaluate` no timeout of its own, and `requestAnimationFrame` never
 * runs in a hidden or throttled page, nor under a paused Playwright clock. So every such wait
 * goes through `within`, which rejects once its deadline has passed, with an error that names
 * what was waited for. (The per-test timeout in pyproject.toml is the last resort, for a wait
 * whose timers are held too: a paused clock holds `setTimeout` as well.)
 *
 * Loaded into every page the browser tests open, before the page's own scripts (conftest's
 * `new_context` adds it as an init script), as `pageWaits`. A classic script, not a module:
 * an init script cannot import or be imported.
 */
(() => {
  // In a tab the page opens, this can run twice in one global: the second time finds it.
  if ("pageWaits" in globalThis) return;
  // Long enough for a page on a loaded 2-core machine shared with the server and other
  // browsers, where one frame can take a second; a wait this long has gone wrong.
  const DEADLINE_MS = 20_000;
  // What a wait on animation frames past its deadline most likely met.
  const NO_FRAMES = "no animation frame came: a hidden or throttled page, or a paused clock?";
  // The page's timers and frames as the document starts: a Playwright clock a test installs
  // later replaces the page's globals, not these.
  const setTimer = setTimeout;
  const clearTimer = clearTimeout;
  const nextFrame = requestAnimationFrame;
  const whenIdle = requestIdleCallback;

  /**
   * `promise`'s outcome, or an error naming `what` once `ms` have passed first.
   * @template T
   * @param {Promise<T>} promise
   * @param {string} what what the test waits for, as its error message says it
   * @param {number} [ms]
   * @param {string} [likely] what the error adds: the likely cause
   * @returns {Promise<T>}
   */
  function within(promise, what, ms = DEADLINE_MS, likely = "") {
    const message = `waited ${ms / 1000} s for ${what}${likely && `; ${likely}`}`;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    /** @type {Promise<never>} */
    const late = new Promise((_, reject) => {
      timer = setTimer(() => reject(new Error(message)), ms);
    });
    return Promise.race([promise, late]).finally(() => clearTimer(timer));
  }

  /**
   * `within`, for a wait on animation frames.
   * @template T
   * @param {Promise<T>} promise
   * @param {string} what
   * @param {number} [ms]
   * @returns {Promise<T>}
   */
  function withinFrames(promise, what, ms = DEADLINE_MS) {
    return within(promise, what, ms, NO_FRAMES);
  }

  /**
   * After `count` animation frames (two: a scroll's event and what its handlers started have
   * run, since the browser dispatches a scroll in a frame's rendering steps).
   * @param {number} count
   * @param {string} what
   * @returns {Promise<void>}
   */
  function frames(count, what) {
    return withinFrames(
      new Promise((resolve) => {
        /** @param {number} left */
        const step = (left) => (left ? nextFrame(() => step(left - 1)) : resolve());
        step(count);
      }),
      what,
    );
  }

  /**
   * Once `check()` holds, checked now and then once a frame.
   * @param {() => boolean} check
   * @param {string} what
   * @param {number} [ms]
   * @returns {Promise<void>}
   */
  function until(check, what, ms) {
    return withinFrames(
      new Promise((resolve) => {
        const frame = () => (check() ? resolve() : nextFrame(frame));
        frame();
      }),
      what,
      ms,
    );
  }

  /**
   * `read()`'s value once it has stayed the same for `stillFrames` frames in a row, counted
   * only while `counts()` holds (a smooth scroll or a carousel moves it every frame until it
   * lands).
   * @template T
   * @param {() => T} read
   * @param {string} what
   * @param {{counts?: () => boolean, stillFrames?: number}} [options]
   * @returns {Promise<T>}
   */
  function untilStill(read, what, { counts = () => true, stillFrames = 5 } = {}) {
    return withinFrames(
      new Promise((resolve) => {
        /** @type {T | null} */
        let last = null;
        let still = 0;
        const frame = () => {
          const value = read();
          still = counts() && value === last ? still + 1 : 0;
          last = value;
          if (still >= stillFrames) resolve(value);
          else nextFrame(frame);
        };
        frame();
      }),
      what,
    );
  }

  /**
   * Two frames (the page's effects and observers have run), then the main thread's next idle
   * moment (whatever those started has had its turn; a second at most).
   * @param {string} what
   * @returns {Promise<void>}
   */
  function idle(what) {
    return withinFrames(
      new Promise((resolve) =>
        nextFrame(() => nextFrame(() => whenIdle(() => resolve(), { timeout: 1000 }))),
      ),
      what,
    );
  }

  Object.defineProperty(globalThis, "pageWaits", {
    value: Object.freeze({ within, frames, until, untilStill, idle }),
  });
})();
