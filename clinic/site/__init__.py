"""The site itself: content model, routes, texts, head tags, components and pages."""
