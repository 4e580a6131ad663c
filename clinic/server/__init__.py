"""The production server: middleware (redirects, headers, caching) and its security policy."""
