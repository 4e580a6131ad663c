""" "How to get there" links: the clinic's coordinates and name (content/clinic.yaml
`address`) turned into a directions link for each maps app. One function per app, so a
clinic that moves changes only its address and coordinates.

These are plain links: nothing is requested from the maps provider until the patient
follows one."""

from __future__ import annotations

from urllib.parse import urlencode

from clinic.site.content import Address


def _place(address: Address) -> str:
    return f"{address.hospital}, {address.street}, {address.postal_code} {address.city}"


def _coordinates(address: Address) -> str:
    return f"{address.latitude},{address.longitude}"


def google_maps_directions(address: Address) -> str:
    """Google Maps' documented cross-platform URL (maps/dir, api=1): the app or the site."""
    return "https://www.google.com/maps/dir/?" + urlencode(
        {"api": "1", "destination": _coordinates(address)}
    )


def apple_maps_directions(address: Address) -> str:
    """Apple Maps: `daddr` is the destination, `q` the name shown on the pin."""
    return "https://maps.apple.com/?" + urlencode(
        {"daddr": _coordinates(address), "q": _place(address)}
    )


def waze_directions(address: Address) -> str:
    """Waze's deep link: drive to the coordinates (`navigate=yes`)."""
    return "https://waze.com/ul?" + urlencode({"ll": _coordinates(address), "navigate": "yes"})


DIRECTIONS = (
    ("google", "Google Maps", google_maps_directions),
    ("apple", "Apple Maps", apple_maps_directions),
    ("waze", "Waze", waze_directions),
)
