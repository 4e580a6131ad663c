// Netlify's own parsers read the rules files Netlify would read in a published folder, and
// print what they understood as JSON: the test (tests/e2e/test_static_hosts.py) checks it
// against the production server's answers. Netlify's local server needs an account and the
// network, so this is how its rules are proven here.
//
//   node netlify_rules.mjs <folder with _redirects and _headers>
import path from "node:path";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";

/**
 * Parse `<folder>/_redirects` and `<folder>/_headers` as Netlify does.
 * @param {string} folder
 * @returns {Promise<{redirects: object[], headers: object[], errors: string[]}>}
 *   redirects in file order (`path`, `to`, `status`, `force`); headers in file order
 *   (`for`, `pattern`: the regular expression Netlify matches the path with, `values`).
 */
export async function netlifyRules(folder) {
  const redirects = await parseAllRedirects({ redirectsFiles: [path.join(folder, "_redirects")] });
  const headers = await parseAllHeaders({ headersFiles: [path.join(folder, "_headers")] });
  return {
    redirects: redirects.redirects.map(({ path: from, to, status, force }) => ({
      path: from,
      to,
      status,
      force,
    })),
    headers: headers.headers.map((rule) => ({
      for: rule.for,
      pattern: rule.forRegExp.source,
      values: rule.values,
    })),
    errors: [...redirects.errors, ...headers.errors].map(String),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await netlifyRules(process.argv[2])));
}
