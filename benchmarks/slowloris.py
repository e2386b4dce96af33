"""How long a slowloris holds a server's connections: N sockets on loopback each send a
request line and then one header line every `--every` seconds, never ending the head. It
reports how many the server still holds after each second and when the last was closed.
Bounded: at most `--sockets` (1,000) sockets, for at most `--seconds` (120).

    ratking serve --port 8765 &
    python benchmarks/slowloris.py --port 8765 --sockets 300
"""

from __future__ import annotations

import argparse
import socket
import time

MAX_SOCKETS = 1000
MAX_SECONDS = 120.0


def slowloris(port: int, sockets: int, seconds: float, every: float) -> tuple[list[int], float]:
    """Per second, how many sockets were still open; and when the last closed (or `seconds`)."""
    opened = time.monotonic()
    held = []
    for _ in range(sockets):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"GET / HTTP/1.1\r\nHost: slow\r\n")
        s.setblocking(False)
        held.append(s)
    counts, last_count = [], opened
    while held and time.monotonic() - opened < seconds:
        for s in list(held):
            try:
                if s.recv(4096) == b"":
                    raise ConnectionResetError
            except BlockingIOError:
                try:
                    s.sendall(b"X-Slow: 1\r\n")
                except BlockingIOError:
                    pass
                except OSError:
                    held.remove(s)
                    s.close()
            except OSError:
                held.remove(s)
                s.close()
        if time.monotonic() - last_count >= 1:
            last_count = time.monotonic()
            counts.append(len(held))
        time.sleep(every)
    for s in held:
        s.close()
    return counts, time.monotonic() - opened


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--sockets", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=0.5)
    args = parser.parse_args()
    if not 1 <= args.sockets <= MAX_SOCKETS or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--sockets 1 to {MAX_SOCKETS}, --seconds up to {MAX_SECONDS:g}")
    counts, took = slowloris(args.port, args.sockets, args.seconds, args.every)
    print(f"{args.sockets} slowloris sockets; still open each second: {counts}")
    print(f"the last closed {took:.1f} s after they were opened" if not counts or not counts[-1]
          else f"{counts[-1]} still open after {took:.1f} s")


if __name__ == "__main__":
    main()
