import { readFileSync, writeFileSync } from "node:fs";

const REACT_ROUTER_MODULE = /\/node_modules\/react-router\/dist\/production\/([^?]+)$/;

/**
 * A Vite plugin for the production build's browser bundle: it loads, in place of some of
 * React Router's modules, the text clinic/framework/patches/lean_router.py wrote for them
 * (stand-ins for features this site never switches on, and a module made
 * tree-shakeable), and lists the modules it replaced in `reportFile`, which the build
 * checks afterwards. The server's bundle (the prerender) and the development server keep
 * React Router as it is.
 *
 * @param {Record<string, string>} replacements React Router's module (its path under
 *   dist/production/) -> the file to load instead
 * @param {string} reportFile where the build lists the modules it replaced (JSON)
 * @returns {import("vite").Plugin}
 */
export default function leanReactRouter(replacements, reportFile) {
  /** @type {Set<string>} */
  const replaced = new Set();
  return {
    name: "clinic-lean-react-router",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      const module = REACT_ROUTER_MODULE.exec(id.replaceAll("\\", "/"))?.[1];
      if (!module || !Object.hasOwn(replacements, module)) return null;
      replaced.add(module);
      return readFileSync(replacements[module], "utf8");
    },
    buildEnd() {
      writeFileSync(reportFile, JSON.stringify([...replaced].sort()));
    },
  };
}
