"""Everything that runs inside `reflex export` beyond compiling the pages, in the order
it runs (rxconfig.py lists it): Reflex's build patched where it falls short (the plugins
of clinic/framework/patches/, the one package that knows Reflex's internals), then the
site's own files written from content/ and the route table (site_files/).
"""
