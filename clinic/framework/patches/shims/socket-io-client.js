// Stand-in for socket.io-client in the browser bundle (see clinic/framework/patches/lean_bundle.py).
// The app runs with enable_state=False: Reflex's event loop opens a socket only when
// there is backend state, so io() is never called. The real client (engine.io with its
// polling and websocket transports) would ship on every page unused.
export default function io() {
  throw new Error("lean bundle: this site has no backend state, so it opens no websocket");
}
export { io };
