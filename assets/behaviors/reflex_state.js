// The JavaScript side of clinic/framework/client_state.py, and the one asset module that
// knows Reflex's internals: where Reflex keeps client state in the browser. Nothing
// else reads `refs`. A missing slot throws at once rather than reading undefined or
// setting nothing; the build checks the slots' names too (client_state_slots.py).
import { refs } from "$/utils/state";

// Kept equal to SLOT_PREFIX in clinic/framework/client_state.py (a unit test compares).
const SLOT_PREFIX = "_client_state_";
const FILES_TO_UPDATE = "clinic/framework/client_state.py and assets/behaviors/reflex_state.js";

/**
 * What Reflex keeps at `refs[key]` for a client state, or an error naming what to update.
 * @param {string} key the slot's name in `refs`
 * @param {string} state the state's name, for the error
 * @returns {*} the slot's content
 */
function slot(key, state) {
  if (!(key in refs)) {
    throw new Error(
      `client state "${state}": Reflex keeps nothing at refs["${key}"]; update ${FILES_TO_UPDATE}`,
    );
  }
  return refs[key];
}

/**
 * The current value of a client state (`ClientStateVar.create(name, ...)`).
 * @param {string} name the state's name
 * @returns {*} its value now
 */
export function clientStateValue(name) {
  return slot(SLOT_PREFIX + name, name);
}

/**
 * Sets a client state, unless it already holds `value` (then nothing re-renders).
 * @param {string} name the state's name
 * @param {string} setterName Reflex's name for its setter
 * @param {*} value the new value
 * @returns {*} the value
 */
export function setClientState(name, setterName, value) {
  const setter = /** @type {(value: unknown) => void} */ (slot(SLOT_PREFIX + setterName, name));
  if (slot(SLOT_PREFIX + name, name) !== value) setter(value);
  return value;
}
