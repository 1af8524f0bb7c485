#!/usr/bin/env python3
"""The OTA soak's fault server (127.0.0.1 only): publishes a new version every PUBLISH seconds and
answers each request, at random, with valid content or a fault.

usage: fault-server.py --port-file FILE --stats FILE [--faults default|all|NAME,NAME...]
                       [--publish SECONDS] [--seed N]

Content (the soak client checks it): version V publishes the locales en, nl, de-DE and ja; the payload
of locale L holds keys k00..k(n-1) with n = 8 + V % 8 and the text "vV L kNN #S" (S a checksum of V, L and
the key), plus "__keys" = n. A complete catalog of one version is recognisable from its texts alone.
"""
import argparse
import gzip
import json
import os
import random
import signal
import socket
import socketserver
import sys
import threading
import time
import zlib

LOCALES = ["en", "nl", "de-DE", "ja"]
MAX_KEYS = 16

# Faults today's FoundationNetworking transport survives, and those it does not (findings 1-3:
# a crash on status-line-only or partial headers, a hang on a trickle, memory on large bodies: it
# buffers a whole 9 MiB body before checking the 8 MiB limit, and a 10-minute soak with "oversize" in
# the mix grew from 135 to 302 MiB RSS, while the same soak without it stayed at 37 MiB).
SAFE = ["ok", "slow", "status500", "bad-json", "garbage", "wrong-etag", "stale-304", "reset"]
NEEDS_TRANSPORT = ["oversize", "status-only", "partial-headers", "trickle", "oversize-stream", "gzip-bomb"]
# A payload at the conversion budget (CatalogConversionBudget: 1 MiB + 4 x the payload's size of ICU
# text): the version's strings plus entries whose nested substitutions expand to ~245 KB each, just
# enough of them to pass the budget, so the locale must fail and keep its previous content
# (reliability finding 1: such payloads cost minutes of CPU and hundreds of MB before the budget).
NEEDS_BUDGET = ["expanding"]
OK_WEIGHT = 4  # "ok" is drawn OK_WEIGHT times as often as each fault


def checksum(version, locale, index):
    return (version * 7919 + index * 104729 + sum(locale.encode()) * 31) % 100003


def payload(version, locale):
    count = 8 + version % 8
    strings = {
        f"k{i:02d}": f"v{version} {locale} k{i:02d} #{checksum(version, locale, i)}" for i in range(count)
    }
    strings["__keys"] = str(count)
    catalog = {
        "sourceLanguage": "en",
        "version": "1.0",
        "strings": {
            key: {"localizations": {locale: {"stringUnit": {"state": "translated", "value": value}}}}
            for key, value in strings.items()
        },
    }
    return json.dumps(catalog, ensure_ascii=False).encode()


def expanding(body, locale):
    catalog = json.loads(body)
    subs = {}
    for level in range(4):
        form = f"%#@s{level + 1}@" * 12 if level < 3 else "x"
        subs[f"s{level}"] = {
            "formatSpecifier": "lld",
            "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": form}}}},
        }
    unit = {"stringUnit": {"state": "translated", "value": "%#@s0@" * 5}, "substitutions": subs}
    for index in range(6):
        catalog["strings"][f"x{index}"] = {"localizations": {locale: unit}}
    return json.dumps(catalog, ensure_ascii=False).encode()


def manifest(version):
    return json.dumps(
        {
            "version": version,
            "locales": {
                locale: {"version": version, "url": f"payload/{version}/{locale}.xcstrings"}
                for locale in LOCALES
            },
        }
    ).encode()


class State:
    def __init__(self, faults, publish, seed):
        self.lock = threading.Lock()
        self.version = 1
        self.faults = faults
        self.publish = publish
        self.random = random.Random(seed)
        self.counts = {}
        self.requests = 0
        self.started = time.time()

    def current(self):
        with self.lock:
            return self.version

    def pick(self):
        with self.lock:
            self.requests += 1
            choice = self.random.choice(["ok"] * OK_WEIGHT + self.faults)
            self.counts[choice] = self.counts.get(choice, 0) + 1
            return choice

    def publisher(self):
        while True:
            time.sleep(self.publish)
            with self.lock:
                self.version += 1


def gzip_bomb(inflated_bytes):
    # Zeros compress about 1000:1; the client must stop at its decoded-size limit.
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b"\0" * (1 << 20)
    parts = [compressor.compress(chunk) for _ in range(inflated_bytes >> 20)]
    parts.append(compressor.flush())
    return b"".join(parts)


BOMB = None


class Handler(socketserver.BaseRequestHandler):
    def read_request(self):
        self.request.settimeout(10)
        data = b""
        while b"\r\n\r\n" not in data and len(data) < 65536:
            chunk = self.request.recv(4096)
            if not chunk:
                break
            data += chunk
        head = data.split(b"\r\n\r\n")[0].decode("latin-1")
        lines = head.split("\r\n")
        path = lines[0].split(" ")[1] if lines and len(lines[0].split(" ")) > 1 else "/"
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        return path, headers

    def send(self, status, body=b"", headers=()):
        head = f"HTTP/1.1 {status}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers)
        head += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        self.request.sendall(head.encode() + body)

    def handle(self):
        state = self.server.state
        try:
            path, headers = self.read_request()
        except OSError:
            return
        version = state.current()
        if "/manifest" in path:
            body, etag = manifest(version), f'"m{version}"'
        elif "/payload/" in path:
            try:
                _, asked, name = path.rsplit("/", 2)
                asked = int(asked)
                locale = name.split(".xcstrings")[0]
            except ValueError:
                return self.send("404 Not Found")
            if locale not in LOCALES or asked > version:
                return self.send("404 Not Found")
            body, etag = payload(asked, locale), f'"p{asked}-{locale}"'
        else:
            return self.send("404 Not Found")
        fault = state.pick()
        try:
            self.answer(fault, body, etag, headers, version)
        except OSError:
            pass

    def answer(self, fault, body, etag, headers, version):
        if fault == "ok":
            if headers.get("if-none-match") == etag:
                return self.send("304 Not Modified", headers=[("ETag", etag)])
            return self.send("200 OK", body, [("ETag", etag), ("Content-Type", "application/json")])
        if fault == "slow":
            time.sleep(1.5)
            return self.send("200 OK", body, [("ETag", etag)])
        if fault == "status500":
            return self.send("500 Internal Server Error", b"oops")
        if fault == "bad-json":
            return self.send("200 OK", body[: len(body) // 2], [("ETag", '"bad"')])
        if fault == "garbage":
            return self.send("200 OK", os.urandom(512), [("ETag", '"garbage"')])
        if fault == "wrong-etag":
            # The current body under an ETag that names another version.
            return self.send("200 OK", body, [("ETag", f'"m{version - 3}"')])
        if fault == "stale-304":
            # "Not modified" although the client's ETag (if any) is not the current one.
            return self.send("304 Not Modified", headers=[("ETag", '"stale"')])
        if fault == "oversize":
            return self.send("200 OK", b" " * (9 << 20), [("ETag", '"big"')])
        if fault == "reset":
            self.request.close()
            return
        if fault == "status-only":
            self.request.sendall(b"HTTP/1.1 200 OK\r\n")
            self.request.close()
            return
        if fault == "partial-headers":
            self.request.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: appli")
            self.request.close()
            return
        if fault == "trickle":
            self.request.sendall(
                f"HTTP/1.1 200 OK\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode())
            deadline = time.time() + 40
            for byte in body:
                if time.time() > deadline:
                    break
                self.request.sendall(bytes([byte]))
                time.sleep(0.5)
            self.request.close()
            return
        if fault == "oversize-stream":
            self.request.sendall(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")
            chunk = b"x" * (1 << 20)
            for _ in range(64):
                self.request.sendall(chunk)
            self.request.close()
            return
        if fault == "expanding":
            if b'"strings"' not in body:  # the manifest: answered as it is
                return self.send("200 OK", body, [("ETag", etag)])
            locale = json.loads(body)["strings"]["__keys"]["localizations"].popitem()[0]
            return self.send("200 OK", expanding(body, locale), [("ETag", '"expanding"')])
        if fault == "gzip-bomb":
            return self.send("200 OK", BOMB, [("Content-Encoding", "gzip"), ("ETag", '"bomb"')])
        raise ValueError(fault)


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64


def main():
    global BOMB
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--stats", required=True)
    parser.add_argument("--faults", default="default")
    parser.add_argument("--publish", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    if args.faults == "default":
        faults = [f for f in SAFE if f != "ok"]
    elif args.faults == "all":
        faults = [f for f in SAFE + NEEDS_TRANSPORT + NEEDS_BUDGET if f != "ok"]
    else:
        faults = [f for f in args.faults.split(",") if f]
        unknown = set(faults) - set(SAFE + NEEDS_TRANSPORT + NEEDS_BUDGET)
        if unknown:
            sys.exit(f"unknown faults: {', '.join(sorted(unknown))}")
    if "gzip-bomb" in faults:
        BOMB = gzip_bomb(256 << 20)
    state = State(faults, args.publish, args.seed)
    server = Server(("127.0.0.1", 0), Handler)
    server.state = state
    threading.Thread(target=state.publisher, daemon=True).start()

    def stop(*_):
        with state.lock:
            stats = {
                "seed": args.seed,
                "faults": faults,
                "requests": state.requests,
                "answers": state.counts,
                "published_versions": state.version,
                "seconds": round(time.time() - state.started, 1),
            }
        with open(args.stats, "w") as f:
            json.dump(stats, f, indent=1, sort_keys=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    with open(args.port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


main()
