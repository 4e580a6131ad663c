"""The one package that knows Reflex's and React Router's non-public pieces.

Pages, components and the server use `import reflex as rx` and this package, nothing
else of the framework's: client state (`client_state`), browser steps and functions
written in Python (`browser_steps`), links, listeners and widget adapters
(`components`), the browser's location (`location`), where Reflex keeps the app it
generates (`app_folders`), and the per-page grouping of compiled code (`page_modules`).
`patches/` holds the build plugins that patch what Reflex and React Router generate;
like the rest of the package they know nothing of the site (what one needs of it,
rxconfig.py passes in).

Each patch point checks what it relies on and stops the build with one line naming
what changed and the file to update (`errors.FrameworkChanged`); docs/upgrading.md lists
them all and says how to re-sync each after a Reflex, React Router or Vite release.
"""
