#!/usr/bin/env python3
"""A misbehaving HTTP server for ReRuneTests (python3 stdlib only, raw sockets).

Listens on two ports of 127.0.0.1 (the second one plays "another host") and prints
"PORTS <primary> <other>" on stdout. Exits when stdin closes, so it never outlives the test process.

Control (on either port, answered by a well-behaved HTTP/1.1 handler):
  POST /_control/route  {"path": "/api/...", "mode": "...", ...}   (path matched with its query)
  POST /_control/reset  clears routes and the log
  GET  /_control/log    -> [{"port", "path", "headers", "mode", "sent", "done"}, ...]
                           "sent" counts body bytes the server managed to write, "done" is true once
                           the connection's handler finished; plus {"max_inflight": n} per path prefix
                           in GET /_control/stats.

Modes (unknown paths answer 404):
  normal          status (200), body/body_b64, etag ("auto" = hash), delay; If-None-Match → 304
  status_only     "HTTP/1.1 200 OK\\r\\n" and close
  partial_headers a status line and half a header, then close
  close           accept the request and close without a byte
  garbage         non-HTTP bytes, then close
  trickle         headers with Content-Length "length", then one body byte every "interval" seconds
  huge            zeros until "cap" bytes; "length" announced as Content-Length (or none when null,
                  close-delimited), "chunked": true for chunked encoding
  gzip_bomb       Content-Encoding: gzip, an endless deflate stream of zeros (ratio ~159:1) until
                  "cap" bytes on the wire
  short_length    Content-Length "length" smaller than the body, whose rest follows after "gap"
                  seconds (0.3); keeps the connection
  redirect        status (302) with Location "location"
"""
import base64
import hashlib
import json
import socket
import threading
import time

from server_lifetime import exit_with_test_process

ROUTES = {}
LOG = []
INFLIGHT = {}
MAX_INFLIGHT = {}
LOCK = threading.Lock()


def bomb_parts():
    """A gzip header, a prefix and a 13-byte chunk that repeats forever: one non-final fixed-Huffman
    deflate block of literal 0 followed by (length 258, distance 1) copies."""
    out = bytearray()
    state = [0, 0]  # accumulator, bit count

    def put(value, nbits):
        state[0] |= value << state[1]
        state[1] += nbits
        while state[1] >= 8:
            out.append(state[0] & 0xFF)
            state[0] >>= 8
            state[1] -= 8

    def put_code(code, length):
        put(int(format(code, "0%db" % length)[::-1], 2), length)

    put(0, 1)  # BFINAL = 0
    put(1, 2)  # BTYPE = 01 (fixed Huffman)
    put_code(0x30, 8)  # literal 0
    for _ in range(8 * 8):
        put_code(0b11000101, 8)  # length code 285 = 258
        put_code(0, 5)  # distance code 0 = 1
    chunk = bytes(out[2:15])
    for j in range(1, 5):
        assert bytes(out[2 + 13 * j : 15 + 13 * j]) == chunk
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
    return header + bytes(out[:2]), chunk


BOMB_PREFIX, BOMB_CHUNK = bomb_parts()


def read_request(conn, buffer):
    """Reads one request head; returns (method, path, headers, rest) or None at EOF/oversize."""
    while b"\r\n\r\n" not in buffer:
        if len(buffer) > 65536:
            return None
        data = conn.recv(65536)
        if not data:
            return None
        buffer += data
    head, rest = buffer.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) < 2:
        return None
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            headers[k.strip()] = v.strip()
    length = int(headers.get("Content-Length", "0") or 0)
    while len(rest) < length:
        data = conn.recv(65536)
        if not data:
            return None
        rest += data
    body, rest = rest[:length], rest[length:]
    return parts[0], parts[1], headers, body, rest


def header_value(headers, name):
    for k, v in headers.items():
        if k.lower() == name.lower():
            return v
    return None


def respond(conn, status, body=b"", headers=None, reason="OK", before_last_byte=None):
    head = "HTTP/1.1 %d %s\r\n" % (status, reason)
    for k, v in (headers or {}).items():
        head += "%s: %s\r\n" % (k, v)
    if status != 304:
        head += "Content-Length: %d\r\n" % len(body)
    head += "\r\n"
    data = head.encode("latin-1") + (body if status != 304 else b"")
    if before_last_byte is None:
        conn.sendall(data)
        return
    # The request stops counting as in flight before the client can have the whole response:
    # otherwise a client that starts its next request as soon as this one completes could be seen
    # overlapping it (the counter would only drop after the client already moved on).
    conn.sendall(data[:-1])
    before_last_byte()
    conn.sendall(data[-1:])


def control(conn, method, path, body):
    if path == "/_control/route" and method == "POST":
        spec = json.loads(body.decode("utf-8"))
        if "body_b64" in spec:
            spec["body"] = base64.b64decode(spec["body_b64"])
        else:
            spec["body"] = spec.get("body", "").encode("utf-8")
        if spec.get("etag", "auto") == "auto":
            spec["etag"] = '"' + hashlib.sha256(spec["body"]).hexdigest()[:16] + '"'
        with LOCK:
            ROUTES[spec["path"]] = spec
        respond(conn, 200, b"{}")
    elif path == "/_control/reset" and method == "POST":
        with LOCK:
            ROUTES.clear()
            LOG.clear()
            MAX_INFLIGHT.clear()
        respond(conn, 200, b"{}")
    elif path == "/_control/log":
        with LOCK:
            data = json.dumps(LOG).encode("utf-8")
        respond(conn, 200, data, {"Content-Type": "application/json"})
    elif path == "/_control/stats":
        with LOCK:
            data = json.dumps({"max_inflight": MAX_INFLIGHT}).encode("utf-8")
        respond(conn, 200, data, {"Content-Type": "application/json"})
    else:
        respond(conn, 404, b"no such control")


def prefix_of(path):
    return path.rsplit("/", 1)[0]


def serve_route(conn, route, entry, headers, release=None):
    mode = route.get("mode", "normal")

    def send_body(data):
        conn.sendall(data)
        entry["sent"] += len(data)

    if route.get("delay", 0) > 0:
        time.sleep(route["delay"])
    if mode == "normal":
        status = int(route.get("status", 200))
        extra = {"Content-Type": "application/json"}
        if route.get("etag"):
            extra["ETag"] = route["etag"]
        if status != 200:
            respond(conn, status, b"server says no", {"Content-Type": "text/plain"})
            return True
        if route.get("etag") and header_value(headers, "If-None-Match") == route["etag"]:
            respond(conn, 304, b"", {"ETag": route["etag"]})
            return True
        respond(conn, 200, route["body"], extra, before_last_byte=release)
        entry["sent"] += len(route["body"])
        return True
    if mode == "status_only":
        conn.sendall(b"HTTP/1.1 200 OK\r\n")
        return False
    if mode == "partial_headers":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: applic")
        return False
    if mode == "close":
        return False
    if mode == "garbage":
        conn.sendall(b"\x00\x01\x02 this is not HTTP \xff\xfe\r\n\r\n")
        return False
    if mode == "trickle":
        length = int(route.get("length", 100))
        conn.sendall(("HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % length).encode())
        for _ in range(length):
            time.sleep(float(route.get("interval", 2)))
            send_body(b" ")
        return False
    if mode == "huge":
        cap = int(route.get("cap", 64 << 20))
        head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        length = route.get("length")
        chunked = bool(route.get("chunked", False))
        if chunked:
            head += "Transfer-Encoding: chunked\r\n"
        elif length is not None:
            head += "Content-Length: %d\r\n" % int(length)
        else:
            head += "Connection: close\r\n"
        conn.sendall((head + "\r\n").encode())
        block = b"0" * 65536
        framed = (b"%x\r\n" % len(block)) + block + b"\r\n" if chunked else block
        while entry["sent"] < cap:
            conn.sendall(framed)
            entry["sent"] += len(block)
        return False
    if mode == "gzip_bomb":
        cap = int(route.get("cap", 64 << 20))
        conn.sendall(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
            b"Connection: close\r\n\r\n"
        )
        send_body(BOMB_PREFIX)
        block = BOMB_CHUNK * 1024
        while entry["sent"] < cap:
            send_body(block)
        return False
    if mode == "short_length":
        # The announced bytes first; the rest after a pause, when the client has finished this
        # response and may already have sent its next request on the same connection.
        body = route["body"]
        length = int(route.get("length", max(0, len(body) // 2)))
        conn.sendall(
            ("HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % length).encode() + body[:length]
        )
        time.sleep(float(route.get("gap", 0.3)))
        conn.sendall(body[length:])
        entry["sent"] += len(body)
        return True
    if mode == "redirect":
        respond(
            conn,
            int(route.get("status", 302)),
            b"",
            {"Location": route.get("location", "/")},
            reason="Found",
        )
        return True
    respond(conn, 500, b"unknown mode")
    return True


def handle(conn, port):
    try:
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)
        buffer = b""
        while True:
            request = read_request(conn, buffer)
            if request is None:
                return
            method, path, headers, body, buffer = request
            if path.startswith("/_control/"):
                control(conn, method, path, body)
                continue
            with LOCK:
                route = ROUTES.get(path)
                entry = {
                    "port": port,
                    "path": path,
                    "headers": headers,
                    "mode": route.get("mode", "normal") if route else "missing",
                    "sent": 0,
                    "done": False,
                }
                LOG.append(entry)
                prefix = prefix_of(path)
                INFLIGHT[prefix] = INFLIGHT.get(prefix, 0) + 1
                MAX_INFLIGHT[prefix] = max(MAX_INFLIGHT.get(prefix, 0), INFLIGHT[prefix])
            released = [False]

            def release(prefix=prefix, released=released):
                with LOCK:
                    if not released[0]:
                        released[0] = True
                        INFLIGHT[prefix] -= 1

            try:
                if route is None:
                    respond(conn, 404, b"not found", {"Content-Type": "text/plain"})
                    keep = True
                else:
                    keep = serve_route(conn, route, entry, headers, release)
            finally:
                release()
                with LOCK:
                    entry["done"] = True
            if not keep:
                return
    except OSError:
        pass
    finally:
        try:
            conn.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        conn.close()


def listen():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    return server


def accept_loop(server):
    port = server.getsockname()[1]
    while True:
        conn, _ = server.accept()
        threading.Thread(target=handle, args=(conn, port), daemon=True).start()


def main():
    servers = [listen(), listen()]
    print("PORTS %d %d" % (servers[0].getsockname()[1], servers[1].getsockname()[1]), flush=True)
    for server in servers:
        threading.Thread(target=accept_loop, args=(server,), daemon=True).start()
    exit_with_test_process()
    threading.Event().wait()


if __name__ == "__main__":
    main()
