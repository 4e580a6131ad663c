"""Build-time plugins (rxconfig.py): what Reflex's compile and export do beyond the defaults."""
