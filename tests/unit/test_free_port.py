"""The ports the test and bench servers start on (devtools/servers.py `free_port`): never
one the kernel may lend an outgoing connection meanwhile, never one already listened on,
never the same one twice in a run."""

from __future__ import annotations

import socket

from devtools import servers


def a_port_free_now() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def drawing(monkeypatch, *ports: int) -> None:
    """`free_port` draws `ports` in this order, from an empty record of ports handed out
    (and a kernel range above all of them: what is checked is the choice, not the range)."""
    draws = iter(ports)
    monkeypatch.setattr(servers.random, "randrange", lambda low, high: next(draws))
    monkeypatch.setattr(servers, "_ephemeral_ports_start", lambda: 65536)
    monkeypatch.setattr(servers, "_handed_out", set())


def test_a_free_port_is_below_the_range_lent_to_outgoing_connections_and_can_be_listened_on():
    port = servers.free_port()
    assert servers.LOWEST_PORT <= port < servers._ephemeral_ports_start()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))
        sock.listen()


def test_a_port_someone_listens_on_is_skipped(monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        free = a_port_free_now()
        drawing(monkeypatch, taken.getsockname()[1], free)
        assert servers.free_port() == free


def test_no_port_is_handed_out_twice(monkeypatch):
    first = a_port_free_now()
    second = next(port for port in iter(a_port_free_now, None) if port != first)
    drawing(monkeypatch, first, first, second)
    assert [servers.free_port(), servers.free_port()] == [first, second]
