"""React's Suspense boundary, used to choose what hydrates first (nothing inside ever
suspends). What a boundary wraps hydrates after what is around it, and a tap on the
part around it does not wait for it: React hydrates a tapped part at once, in the tap's
own task, but only that part (clinic/framework/patches/shell_first.py says why this matters).

The page's shell is the header with its menu buttons; each page's content, its footer,
the insides of the header's menus (dozens of links) and each section of the home page are
boundaries of their own.
"""

from __future__ import annotations

import reflex as rx


class HydrateLater(rx.Component):
    """What it wraps hydrates after the part of the page around it."""

    library = "react"
    tag = "Suspense"
