// Stand-in for @emotion/react in the browser bundle (see clinic/framework/patches/lean_bundle.py).
// Reflex compiles every element to emotion's jsx(), whose only extra over React's
// createElement is the `css` prop. This site styles with Tailwind classes and never
// passes `css`, so the plain createElement renders the same tree without emotion's
// runtime and stylesheet compiler on every page.
import { createElement } from "react";

/**
 * React's createElement, for emotion's jsx() calls.
 * @param {Parameters<typeof createElement>[0]} type
 * @param {Record<string, unknown> | null} props
 * @param {...import("react").ReactNode} children
 */
export function jsx(type, props, ...children) {
  if (props != null && Object.hasOwn(props, "css")) {
    // Reaching this means someone added a `style=`/`css` prop to a component: say so
    // loudly (the e2e suite fails on any console error) instead of dropping it quietly.
    console.error("lean bundle: the css prop needs @emotion/react; use Tailwind classes", type);
    const { css, ...rest } = props;
    return createElement(type, rest, ...children);
  }
  return createElement(type, props, ...children);
}
