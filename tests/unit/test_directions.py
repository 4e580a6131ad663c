""" "How to get there" links: one function per maps app, every URL derived
from the address and coordinates in content/clinic.yaml."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from clinic.site.content import content
from clinic.site.directions import (
    DIRECTIONS,
    apple_maps_directions,
    google_maps_directions,
    waze_directions,
)


def _query(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def _coordinates() -> str:
    address = content().clinic.address
    return f"{address.latitude},{address.longitude}"


def test_google_maps_gets_directions_to_the_coordinates():
    url = google_maps_directions(content().clinic.address)
    assert urlsplit(url)[:3] == ("https", "www.google.com", "/maps/dir/")
    assert _query(url) == {"api": "1", "destination": _coordinates()}


def test_apple_maps_gets_directions_and_names_the_hospital():
    address = content().clinic.address
    url = apple_maps_directions(address)
    assert urlsplit(url).netloc == "maps.apple.com"
    query = _query(url)
    assert query["daddr"] == _coordinates()
    assert address.hospital in query["q"] and address.city in query["q"]


def test_waze_navigates_to_the_coordinates():
    url = waze_directions(content().clinic.address)
    assert urlsplit(url).netloc == "waze.com"
    assert _query(url) == {"ll": _coordinates(), "navigate": "yes"}


def test_every_link_is_a_valid_url_without_raw_spaces():
    for _, _, to in DIRECTIONS:
        url = to(content().clinic.address)
        assert " " not in url and url.startswith("https://")
