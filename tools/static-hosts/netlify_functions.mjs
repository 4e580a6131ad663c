// Netlify's local runtime for functions (@netlify/functions-dev: what Netlify's own
// development server runs them with, its bundler, its routing by `config.path`, its Node
// runtime) serving a functions folder over HTTP on 127.0.0.1, offline: the tests
// (tests/e2e/test_edge_relay.py) ask the site's function what they ask the production
// server. Only functions answer; any other path is a plain 404 (no file is served). The
// function reads the environment this process was given (CLINIC_CAL_API_ORIGIN).
//
//   node netlify_functions.mjs <functions folder> <port> <folder for the built functions>
import { createServer } from "node:http";
import path from "node:path";
import { fromWebResponse, mockLocation, Reactive, toWebRequest } from "@netlify/dev-utils";
import { FunctionsHandler } from "@netlify/functions-dev";

const [functionsDir, port, buildDir] = process.argv.slice(2);

const functions = new FunctionsHandler({
  config: new Reactive({}),
  destPath: path.resolve(buildDir),
  projectRoot: path.resolve(functionsDir, ".."),
  settings: {},
  geolocation: mockLocation,
  userFunctionsPath: path.resolve(functionsDir),
});

const server = createServer(async (incoming, outgoing) => {
  try {
    const request = toWebRequest(incoming);
    const match = await functions.match(request);
    const response = match
      ? await match.handle(request)
      : new Response("no function\n", { status: 404 });
    await fromWebResponse(response, outgoing);
  } catch (error) {
    outgoing.writeHead(500, { "Content-Type": "text/plain" });
    outgoing.end(`the local runtime failed: ${error}\n`);
  }
});

server.listen(Number(port), "127.0.0.1", () => {
  console.log(`Ready on http://127.0.0.1:${port}`);
});
