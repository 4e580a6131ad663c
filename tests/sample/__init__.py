"""The spec's one clinic, checked on the shipped sample (content/ as the repository ships
it): spec.py holds the spec's numbers and tables, shipped.py tells whether content/ is
still that sample. Every other test reads whatever content it runs on."""
