"""The models of the pages' own content files (content/pages/), one module per page."""
