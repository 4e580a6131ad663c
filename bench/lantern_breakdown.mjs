/**
 * What Lighthouse's simulated LCP (Lantern) is made of, read from a run's saved artifacts.
 *
 * Lighthouse's mobile score does not time the page it loaded: it replays the requests and
 * main-thread tasks of that load in a simulation (150 ms round trips, 1.6 Mbit/s, CPU x4)
 * and reports the end of the last request or task on the way to the largest paint. This
 * prints that simulation for each folder saved by `bench/lighthouse.py --artifacts DIR`
 * (Lighthouse's `-GA`): every node of the LCP graph with its simulated start and end, and
 * for each request how many simulated round trips it cost (a new connection costs a TCP
 * handshake more than a warm one), so a slower run can be explained request by request.
 *
 *   .venv/bin/npx -p lighthouse@13.5.0 -c "node bench/lantern_breakdown.mjs DIR..."
 *
 * It runs Lighthouse's own code (the package npx installed, found on PATH) on the saved
 * trace and devtools log, with the settings of the run, so its LCP is the report's.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The folder of the lighthouse package that npx put on PATH. */
function lighthouseDir() {
  const bin = (process.env.PATH ?? "")
    .split(path.delimiter)
    .find((dir) => fs.existsSync(path.join(dir, "lighthouse")));
  if (!bin) throw new Error("lighthouse is not on PATH: run this through `npx -p lighthouse@...`");
  return path.join(bin, "..", "lighthouse");
}

const LH = lighthouseDir();
/** @param {string} file */
const load = (file) => import(pathToFileURL(path.join(LH, file)).href);
const { loadArtifacts } = await load("core/lib/asset-saver.js");
const { LanternLargestContentfulPaint } = await load(
  "core/computed/metrics/lantern-largest-contentful-paint.js",
);
const { LoadSimulator } = await load("core/computed/load-simulator.js");

/**
 * @typedef {{url: string, resourceType: string, transferSize: number, priority: string}} LanternRequest
 * @typedef {{type: "network", request: LanternRequest, isConnectionless: boolean}
 *   | {type: "cpu", childEvents: {name: string}[], duration: number}} LanternNode
 */

/**
 * A readable line for one node of the simulation.
 * @param {LanternNode} node a Lantern graph node (network request or main-thread task)
 * @param {{startTime: number, endTime: number}} timing its simulated timing
 * @param {number} rtt the simulated round trip (ms)
 * @returns {string}
 */
function describe(node, timing, rtt) {
  const span = `${timing.startTime.toFixed(0).padStart(6)} -> ${timing.endTime.toFixed(0).padStart(6)} ms`;
  if (node.type === "network") {
    const request = node.request;
    // Lantern's costs, in round trips: a request on a warm connection 1, on a new
    // connection 2 (TCP handshake), the first request to a host 4 (DNS as well); more
    // when the body does not fit in the connection's congestion window.
    const where = node.isConnectionless
      ? "cache"
      : `${((timing.endTime - timing.startTime) / rtt).toFixed(1)} round trips`;
    const url = request.url.replace(/^https?:\/\/[^/]+/, "");
    return `${span}  ${request.resourceType} ${url} (${request.transferSize} B, ${request.priority}, ${where})`;
  }
  const kinds = new Set(node.childEvents.map((event) => event.name));
  const shown = ["ParseHTML", "EvaluateScript", "FunctionCall", "Layout", "Paint"].filter((k) =>
    kinds.has(k),
  );
  return `${span}  task ${(node.duration / 1000).toFixed(1)} ms observed (${shown.join(", ") || "other"})`;
}

for (const dir of process.argv.slice(2)) {
  const artifacts = loadArtifacts(dir);
  const report = JSON.parse(fs.readFileSync(path.join(dir, "lhr.report.json"), "utf8"));
  const settings = report.configSettings;
  const context = { computedCache: new Map(), settings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  const simulator = await LoadSimulator.request(data, context);
  const lcp = await LanternLargestContentfulPaint.request(data, context);
  const server = [...simulator.options.serverResponseTimeByOrigin.values()][0];
  console.log(
    `\n# ${dir}: ${report.requestedUrl} -> ${report.finalDisplayedUrl}\n` +
      `LCP ${lcp.timing.toFixed(0)} ms (report: ${report.audits["largest-contentful-paint"].numericValue.toFixed(0)}); ` +
      `round trip ${simulator.rtt} ms, server response ${server.toFixed(1)} ms, CPU x${simulator.cpuSlowdownMultiplier}`,
  );
  for (const [name, estimate] of [
    ["optimistic", lcp.optimisticEstimate],
    ["pessimistic", lcp.pessimisticEstimate],
  ]) {
    console.log(`${name} graph: ${estimate.timeInMs.toFixed(0)} ms`);
    const nodes = [...estimate.nodeTimings.entries()].sort(
      (a, b) => a[1].startTime - b[1].startTime,
    );
    for (const [node, timing] of nodes) console.log(`  ${describe(node, timing, simulator.rtt)}`);
  }
}
