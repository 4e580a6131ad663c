// React Router's browser entry as Reflex writes it, with one change
// (clinic/framework/patches/paint_first.py): the page hydrates in a task of its own.
// Evaluating this module (react-dom's code and its initialisation) is already one task on
// a slow phone's main thread; creating the root in that same task made it a long one.
import { createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

setTimeout(() => {
  startTransition(() => {
    hydrateRoot(document, createElement(HydratedRouter));
  });
});
