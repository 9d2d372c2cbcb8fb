"""Serve the built web example: ``python examples/web/serve.py [port]`` (default 8000).

The same as ``python -m http.server -d examples/web/dist``, with the MIME types that
Pyodide's files need (.mjs, .wasm) on every Python version.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
from pathlib import Path

DIST = Path(__file__).resolve().parent / "dist"


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (the base class's attribute, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
    }


def server(port: int = 8000, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """A server of dist/ on ``host:port`` (port 0: any free port), not yet started."""
    if not (DIST / "index.html").exists():
        sys.exit(f"{DIST} is not built: run python examples/web/build.py first")
    handler = functools.partial(Handler, directory=str(DIST))
    return http.server.ThreadingHTTPServer((host, port), handler)


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    with server(port) as httpd:
        print(f"serving {DIST} at http://localhost:{httpd.server_address[1]}/ (Ctrl-C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


if __name__ == "__main__":
    main()
