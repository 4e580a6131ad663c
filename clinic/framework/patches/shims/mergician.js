// Stand-in for mergician in the browser bundle (see clinic/framework/patches/lean_bundle.py).
// Reflex calls it only to merge object-valued props that a parent injects into a child
// (Radix's Slot, `as_child`), which this site's plain elements never do. The stand-in
// still merges correctly, for plain objects: later arguments win, nested plain objects
// merge key by key, as mergician's defaults do.
const isPlain = (value) => value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

export function mergician(...objects) {
  const merged = {};
  for (const object of objects) {
    for (const [key, value] of Object.entries(object || {})) {
      merged[key] = isPlain(value) && isPlain(merged[key]) ? mergician(merged[key], value) : value;
    }
  }
  return merged;
}
export default mergician;
