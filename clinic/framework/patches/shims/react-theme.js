// Stand-in for Reflex's colour-mode provider, `$/utils/react-theme` (see clinic/framework/patches/lean_bundle.py).
// The site has one colour scheme, light (docs/design.md, "One colour scheme, light"). Reflex's provider follows the
// visitor's system setting instead: on a phone in dark mode it put `dark` on <html> with
// `color-scheme: dark`, so the browser drew the consent checkbox, scrollbars and the page's
// overscroll dark on our light page; and it wrote "theme" to localStorage on every visit,
// which the privacy notice (it names the language preference only) does not mention.
// Rendering the children alone keeps the page as prerendered; ColorModeContext's default
// value (utils/context-registry.js) already says "light" to anyone who reads it.
/**
 * Renders its children as they are (one colour scheme).
 * @param {{children?: import("react").ReactNode}} props
 */
export function ThemeProvider({ children }) {
  return children;
}

/** The one theme, light, as Reflex's hook reports it. */
export function useTheme() {
  return { theme: "light", resolvedTheme: "light", setTheme: () => {} };
}
