"""The clinic matrix: variants of the shipped content, each along the axes the content model
allows (recipes.py edits, variants.py names them), on which `make test` runs the unit tests
that read content and, for a few of them built and served, the browser smoke tests."""
