// React Router's browser entry as Reflex writes it, with two changes (clinic/framework/patches/paint_first.py):
// - the page hydrates in a task of its own. Evaluating this module (react-dom's code and
//   its initialisation) is already one task on a slow phone's main thread; creating the
//   root in that same task made it a long one;
// - react-dom initialises with errors that carry no stack (./errors-without-stacks.js,
//   imported first so that it runs first; the real Error is back before anything else).
import { restoreError } from "./errors-without-stacks.js";
import { createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

restoreError();

setTimeout(() => {
  startTransition(() => {
    hydrateRoot(document, createElement(HydratedRouter));
  });
});
