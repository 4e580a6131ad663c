// The JavaScript side of the one bridge to Reflex's internals (clinic/reflex_bridge.py):
// where Reflex keeps client state in the browser. Nothing else reads `refs`.
import { refs } from "$/utils/state";

/**
 * The current value of a client state (`ClientStateVar.create(name, ...)`).
 * @param {string} name the state's name
 * @returns {*} its value now
 */
export function clientStateValue(name) {
  return refs[`_client_state_${name}`];
}

/**
 * Sets a client state, unless it already holds `value` (then nothing re-renders).
 * @param {string} name the state's name
 * @param {string} setterName Reflex's name for its setter
 * @param {*} value the new value
 * @returns {*} the value
 */
export function setClientState(name, setterName, value) {
  const setter = /** @type {((value: unknown) => void) | undefined} */ (
    refs[`_client_state_${setterName}`]
  );
  if (refs[`_client_state_${name}`] !== value) setter?.(value);
  return value;
}
