"""What tests, benches and tools share to run the site on this machine: starting and
stopping servers, counting words. Not part of the site (setuptools ships `clinic*` only),
and nothing under `clinic/` imports it."""
