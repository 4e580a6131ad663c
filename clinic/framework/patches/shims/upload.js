// Stand-in for Reflex's file-upload helper in the browser bundle (see
// clinic/framework/patches/lean_bundle.py). Uploads go to a backend (rx.upload), and this site has
// none (enable_state=False): the helper would ship on every page unused.
export const uploadFiles = async () => {
  throw new Error("lean bundle: this site has no backend, so it uploads nothing");
};
