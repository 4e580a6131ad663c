// Runs the scripts tests/unit/rules_in_node.py sends, one per line of standard input (a
// JSON string: a script whose last statement's value is the outcome), each in a context of
// its own, as a fresh Node would; writes each outcome as one line of JSON. One process
// serves a whole test session: starting Node for every rule took most of the tests' time.
import { createInterface } from "node:readline";
import { runInNewContext } from "node:vm";

for await (const line of createInterface({ input: process.stdin })) {
  let outcome;
  try {
    outcome = runInNewContext(JSON.parse(line), {}, { timeout: 10_000 });
  } catch (error) {
    // An error from the script's own context is no `instanceof Error` here; its string
    // is "Name: message" all the same.
    outcome = { failed: String(error) };
  }
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
}
