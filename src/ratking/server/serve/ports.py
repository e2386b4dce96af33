"""Checking, before the server starts, that it can listen where it was asked to."""

from __future__ import annotations

import errno
import socket


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on host:port (None if it can): a port out of range,
    an address this machine does not have, or a port another program holds."""
    if not 1 <= port <= 65535:
        return f"--port must be 1 to 65535, not {port}"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        return f"--host {host}: {exc.strerror}"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return (f"port {port} on {host} is in use by another program: choose another "
                        "with --port")
            return f"cannot listen on {host}:{port}: {exc.strerror or exc}"
    return None
