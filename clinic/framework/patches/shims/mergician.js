// Stand-in for mergician in the browser bundle (see clinic/framework/patches/lean_bundle.py).
// Reflex calls it only to merge object-valued props that a parent injects into a child
// (Radix's Slot, `as_child`), which this site's plain elements never do. The stand-in
// still merges correctly, for plain objects: later arguments win, nested plain objects
// merge key by key, as mergician's defaults do.
/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isPlain = (value) =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Plain objects merged deeply, later ones winning.
 * @param {...(object | null | undefined)} objects
 * @returns {Record<string, unknown>}
 */
export function mergician(...objects) {
  /** @type {Record<string, unknown>} */
  const merged = {};
  for (const object of objects) {
    for (const [key, value] of Object.entries(object || {})) {
      const before = merged[key];
      merged[key] = isPlain(value) && isPlain(before) ? mergician(before, value) : value;
    }
  }
  return merged;
}
export default mergician;
