// Imported first by entry.client.js: while the modules after it initialise (react-dom),
// `Error(...)` builds errors that carry no stack trace; the entry puts the real
// constructor back right after its imports, before anything else runs.
//
// Why: react-dom creates a few Error objects when it loads, as sentinel values it throws
// and catches by identity (e.g. "Suspense Exception"); their stacks are never read. But
// when an inspector is attached (DevTools, and Lighthouse, which measures our budgets),
// V8 records a detailed stack for every new Error, and a detailed stack needs source
// positions for each frame: V8 re-parses the functions on the stack to get them, here
// react-dom's whole module wrapper and our entry chunk, which made react-dom's
// initialisation one long task (`V8.CollectSourcePositions`) under an inspector; the
// numbers are in this file's commit message. Detailed stacks are recorded only for an
// inspector; a visitor's browser keeps code offsets and pays little either way, and
// loses nothing.
//
// The stand-in makes real `instanceof Error` objects (Error.prototype) with a message
// and an optional cause, and forwards the constructor's own properties
// (Error.captureStackTrace, Error.stackTraceLimit) to the real one.
const NativeError = globalThis.Error;

/**
 * @param {unknown} [message]
 * @param {{cause?: unknown}} [options]
 * @returns {Error}
 */
function ErrorWithoutStack(message, options) {
  const error = Object.create(NativeError.prototype);
  if (message !== undefined) {
    Object.defineProperty(error, "message", {
      value: String(message),
      writable: true,
      configurable: true,
    });
  }
  if (options && typeof options === "object" && "cause" in options) {
    Object.defineProperty(error, "cause", {
      value: options.cause,
      writable: true,
      configurable: true,
    });
  }
  return error;
}
Object.setPrototypeOf(ErrorWithoutStack, NativeError);
ErrorWithoutStack.prototype = NativeError.prototype;

// The constructor's own members (captureStackTrace, stackTraceLimit) are the real one's,
// through the prototype set above, which the type system does not follow.
globalThis.Error = /** @type {ErrorConstructor} */ (/** @type {unknown} */ (ErrorWithoutStack));

/** Puts the real `Error` back. */
export function restoreError() {
  globalThis.Error = NativeError;
}
