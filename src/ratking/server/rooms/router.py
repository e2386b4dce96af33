"""Sticky routing: nginx in front of N server processes, each table served by one of them.

nginx picks a process by a consistent hash of the table id in the request's path
(`/ws/tables/{id}`, `/t/{id}`, `/api/tables/{id}/...`); a request without a table id (the
lobby, a new table, /healthz) goes to any process. So every socket of a table meets in one
process, which drives it: no move is applied twice, no lease is taken for a move heard by
NOTIFY. If a process is down, nginx sends its tables to the next one on the ring, which
takes over their leases (`Rooms.adopt_orphans`).

`render` writes the nginx configuration; `home` is nginx's own consistent hash (ketama
points, as `hash ... consistent` builds them), so that a process making a new table picks
an id that nginx routes back to it (`table_id`).
"""

from __future__ import annotations

import bisect
import functools
import secrets
import struct
import zlib
from collections.abc import Sequence

POINTS = 160  # ketama points per server of weight 1, as nginx builds them
NEW_ID_TRIES = 64  # ids tried for one that lands here (expected: the number of processes)

# the table id in a path, as the app's routes take it (a path segment)
TABLE_PATHS = ("/ws/tables/", "/t/", "/api/tables/")


@functools.cache
def _ring(peers: tuple[str, ...]) -> tuple[list[int], list[str]]:
    """nginx's consistent-hash ring for these upstream servers ("host:port" as written in
    the configuration): 160 points each, crc32(host NUL port previous-point), sorted."""
    points: dict[int, str] = {}
    for peer in peers:
        host, _, port = peer.rpartition(":")
        if not port.isdigit():
            host, port = peer, ""
        base = host.encode() + b"\0" + port.encode()
        previous = 0
        for _ in range(POINTS):
            previous = zlib.crc32(base + struct.pack("<I", previous))
            points.setdefault(previous, peer)  # nginx keeps the first of equal points
    ordered = sorted(points)
    return ordered, [points[p] for p in ordered]


def home(table_id: str, peers: Sequence[str]) -> str:
    """The upstream server nginx sends `table_id`'s requests to while all are up."""
    hashes, servers = _ring(tuple(peers))
    at = bisect.bisect_left(hashes, zlib.crc32(table_id.encode()))
    return servers[at % len(servers)]


def table_id(peers: str, me: str) -> str:
    """A new table id; behind the router (`peers`, the comma-separated upstream servers,
    and `me`, this process among them), one that nginx routes to this process."""
    fresh = secrets.token_urlsafe(8)
    if not peers or not me:
        return fresh
    ring = [p.strip() for p in peers.split(",") if p.strip()]
    for _ in range(NEW_ID_TRIES):
        if home(fresh, ring) == me:
            break
        fresh = secrets.token_urlsafe(8)
    return fresh  # past the tries (cannot happen for a process in the ring): any id works


def render(listen: str, peers: Sequence[str], *, worker_processes: int = 1,
           max_connections: int = 8192, headers: int = 16384) -> str:
    """A complete nginx configuration: listen on `listen` ("host:port"), route to `peers`
    by table id. Run it with `nginx -p DIR -c FILE` (its temporary files go under DIR)."""
    servers = "\n".join(f"        server {peer} max_fails=1 fail_timeout=2s;" for peer in peers)
    table = "|".join(p.strip("/").replace("/", "\\/") for p in TABLE_PATHS)
    return f"""\
# nginx in front of {len(peers)} ratking processes, sticky by table id (docs/server.md)
worker_processes {worker_processes};
worker_rlimit_nofile {2 * max_connections + 100};
error_log stderr warn;
pid nginx.pid;

events {{
    worker_connections {max_connections};
}}

http {{
    access_log off;
    client_body_temp_path tmp/body;
    proxy_temp_path tmp/proxy;
    fastcgi_temp_path tmp/fastcgi;
    uwsgi_temp_path tmp/uwsgi;
    scgi_temp_path tmp/scgi;
    large_client_header_buffers 4 {headers};
    client_max_body_size 1m;
    client_body_buffer_size 64k;

    # the table id in the path; a request without one goes to any process
    map $uri $table_key {{
        "~^/(?:{table})/(?<table>[^/]+)" $table;
        default $request_id;
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        "" "";
    }}

    upstream ratking {{
        hash $table_key consistent;
{servers}
        keepalive 64;
    }}

    server {{
        listen {listen};
        location / {{
            proxy_pass http://ratking;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            # the client's address as nginx saw it: one the client sent is dropped, not
            # passed on (the processes believe X-Forwarded-For from this router only)
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
            proxy_buffering off;
            proxy_next_upstream error timeout;
            proxy_connect_timeout 2s;
            # which process served a request (tests and curious operators)
            add_header X-Ratking-Upstream $upstream_addr always;
        }}
    }}
}}
"""
