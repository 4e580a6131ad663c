"""Build plugins that patch what Reflex and React Router generate (listed in rxconfig.py).

Each one checks, when it runs, that the generated file or framework module still has the
shape it patches, and stops the build with `FrameworkChanged` otherwise; the files it
writes into the app (browser and server entries, stand-in modules, a Vite plugin) sit
beside it in client/, shims/ and vite/. docs/upgrading.md lists them all.
"""
