// Stand-in for universal-cookie in the browser bundle (see clinic/framework/patches/lean_bundle.py).
// Reflex reads and writes cookies only for rx.Cookie client storage, which this site
// never declares (its few remembered flags are localStorage, written by our own code):
// the real library and its cookie parser would ship on every page unused.
export default class Cookies {
  get() {
    return undefined;
  }
  getAll() {
    return {};
  }
  /** @param {string} name */
  set(name) {
    console.error(
      "lean bundle: rx.Cookie needs universal-cookie; this site keeps no cookies",
      name,
    );
  }
  remove() {}
  addChangeListener() {}
  removeChangeListener() {}
}
export { Cookies };
