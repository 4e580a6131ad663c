"""A page's content: its facts and texts from content/, read the same way by the page
that shows them and by the head metadata that describes the page (one module per page
kind that has content of its own)."""
