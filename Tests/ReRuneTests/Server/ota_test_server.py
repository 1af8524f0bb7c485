#!/usr/bin/env python3
"""OTA test server for ReRuneTests (python3 stdlib only).

Binds 127.0.0.1 on a free port and prints "PORT <n>" on stdout. Exits when stdin closes, so it never
outlives the test process. Routes are configured at runtime through the control endpoint:

  POST /_control/route   {"path": "/api/...?...", "body": "<text>", "body_b64": "...", "status": 200,
                          "etag": "\"v1\"" | null | "auto", "delay": 0.0, "truncate": false,
                          "repeat_body": 0}
  POST /_control/reset   clears routes and request log
  GET  /_control/requests  -> [{"path": ..., "headers": {...}}, ...]

Behaviour per route: optional delay (seconds) before answering; a configured non-200 status is sent as
is; otherwise If-None-Match equal to the ETag gives 304 with an empty body; "truncate" announces the full
Content-Length but sends half of the body and closes the connection. Unknown paths give 404.
"""
import base64
import hashlib
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from server_lifetime import exit_with_test_process

ROUTES = {}
REQUESTS = []
LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _send(self, status, body=b"", headers=None):
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304 and body:
            self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        payload = self.rfile.read(length) if length else b""
        if self.path == "/_control/route":
            spec = json.loads(payload.decode("utf-8"))
            if "body_b64" in spec:
                body = base64.b64decode(spec["body_b64"])
            else:
                body = spec.get("body", "").encode("utf-8")
            body = body * max(1, int(spec.get("repeat_body", 1) or 1))
            etag = spec.get("etag", "auto")
            if etag == "auto":
                etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            with LOCK:
                ROUTES[spec["path"]] = {
                    "body": body,
                    "status": int(spec.get("status", 200)),
                    "etag": etag,
                    "delay": float(spec.get("delay", 0)),
                    "truncate": bool(spec.get("truncate", False)),
                }
            self._send(200, b"{}", {"Content-Type": "application/json"})
        elif self.path == "/_control/reset":
            with LOCK:
                ROUTES.clear()
                REQUESTS.clear()
            self._send(200, b"{}", {"Content-Type": "application/json"})
        else:
            self._send(404)

    def do_GET(self):
        if self.path == "/_control/requests":
            with LOCK:
                body = json.dumps(REQUESTS).encode("utf-8")
            self._send(200, body, {"Content-Type": "application/json"})
            return
        with LOCK:
            REQUESTS.append({"path": self.path, "headers": {k: v for k, v in self.headers.items()}})
            route = ROUTES.get(self.path)
        if route is None:
            self._send(404, b"not found")
            return
        if route["delay"] > 0:
            time.sleep(route["delay"])
        headers = {"Content-Type": "application/json"}
        if route["etag"]:
            headers["ETag"] = route["etag"]
        if route["status"] != 200:
            self._send(route["status"], b"server says no", {"Content-Type": "text/plain"})
            return
        if route["etag"] and self.headers.get("If-None-Match") == route["etag"]:
            self._send(304, b"", {"ETag": route["etag"]})
            return
        body = route["body"]
        if route["truncate"]:
            self.send_response(200)
            for k, v in headers.items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            try:
                self.connection.shutdown(2)
            except OSError:
                pass
            return
        self._send(200, body, headers)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    exit_with_test_process()
    server.serve_forever()


if __name__ == "__main__":
    main()
