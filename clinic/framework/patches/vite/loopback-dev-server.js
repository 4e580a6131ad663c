/**
 * A Vite plugin for `reflex run`'s development server: it listens on the loopback
 * address only. Reflex starts it with `react-router dev --host`, which on its own
 * listens on every interface, so anyone on the same network (a café's Wi-Fi) could read
 * the development server, which serves the project's source. A configuration hook's
 * answer overrides that command-line flag.
 *
 * CLINIC_DEV_HOST opens it on purpose: `CLINIC_DEV_HOST=0.0.0.0 make dev` (every
 * interface, to try the site from a phone on the same network), or one address.
 *
 * @returns {import("vite").Plugin}
 */
export default function loopbackDevServer() {
  return {
    name: "clinic-loopback-dev-server",
    apply: "serve",
    config() {
      return { server: { host: process.env.CLINIC_DEV_HOST || "127.0.0.1" } };
    },
  };
}
