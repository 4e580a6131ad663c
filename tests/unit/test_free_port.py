"""The ports the test and bench servers start on (devtools/servers.py `free_port`): never
one the kernel may lend an outgoing connection meanwhile, never one already listened on,
never the same one twice in a run."""

from __future__ import annotations

import socket

from devtools import servers


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
        taken_port = taken.getsockname()[1]
        # The kernel's port is in its own range; what matters is that bind is tried.
        monkeypatch.setattr(servers, "_ephemeral_ports_start", lambda: 65536)
        choices = iter([taken_port, taken_port, 29999])
        monkeypatch.setattr(servers.random, "randrange", lambda low, high: next(choices))
        monkeypatch.setattr(servers, "_handed_out", set())
        assert servers.free_port() == 29999


def test_no_port_is_handed_out_twice():
    ports = [servers.free_port() for _ in range(50)]
    assert len(set(ports)) == len(ports)
