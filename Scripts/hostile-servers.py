#!/usr/bin/env python3
"""Runs `repos` (or `counter`) against loopback servers that misbehave on purpose and reports each
child's own peak resident memory (ru_maxrss, from wait4), wall time, exit status and standard error.

    swift build -c release --product repos
    Scripts/hostile-servers.py .build/release/repos

Cases: an endless chunked body, a valid 500 MB JSON array (Content-Length), a 1 MB-ish gzip body
that inflates to 500 MB, a body trickling one byte every 20 s (run with --timeout 5), and redirects
whose body never ends, which FoundationNetworking keeps to itself (run with --timeout 3): redirect-301,
-302, -307 and -308, redirect-chain (two hops, then an endless one) and redirect-gzip.
"""
import gzip
import http.server
import io
import os
import socketserver
import subprocess
import sys
import threading
import time
import zlib

MB = 1 << 20
REPO = b'{"id":1,"name":"a","full_name":"o/a","stargazers_count":1,"description":"' + b"x" * 400 + b'","html_url":"https://github.com/o/a"}'


def gzip_bomb(size):
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = b" " * MB
    out = io.BytesIO()
    for _ in range(size // MB):
        out.write(compressor.compress(block))
    out.write(compressor.flush())
    return out.getvalue()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    bomb = None

    def log_message(self, *args):
        pass

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):
        case = self.server.case
        try:
            if case.startswith("redirect-"):
                kind = case[len("redirect-"):]
                hop = int(self.path.rpartition("hop=")[2] or 0) if "hop=" in self.path else 0
                self.send_response(int(kind) if kind.isdigit() else 302)
                self.send_header("Location", "/users/octocat/repos?per_page=100&hop=%d" % (hop + 1))
                self.send_header("Transfer-Encoding", "chunked")
                if kind == "gzip":
                    self.send_header("Content-Encoding", "gzip")
                self.end_headers()
                if kind == "chain" and hop < 2:
                    self.wfile.write(b"0\r\n\r\n")
                    return
                compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
                while True:
                    if kind == "gzip":
                        data = compressor.compress(b" " * MB) + compressor.flush(zlib.Z_SYNC_FLUSH)
                    else:
                        data = b" " * (64 << 10)
                    self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
            elif case == "endless":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                piece = b" " * (256 << 10)
                chunk = b"%x\r\n" % len(piece) + piece + b"\r\n"
                self.wfile.write(b"1\r\n[\r\n")
                while True:
                    self.wfile.write(chunk)
            elif case == "array":
                count = (500 * MB) // (len(REPO) + 1)
                body_length = 2 + count * (len(REPO) + 1) - 1
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(body_length))
                self.end_headers()
                self.wfile.write(b"[")
                batch = b",".join([REPO] * 1000)
                written = 0
                while written + 1000 <= count:
                    self.wfile.write((b"," if written else b"") + batch)
                    written += 1000
                while written < count:
                    self.wfile.write((b"," if written else b"") + REPO)
                    written += 1
                self.wfile.write(b"]")
            elif case == "gzip":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(Handler.bomb)))
                self.end_headers()
                self.wfile.write(Handler.bomb)
            elif case == "trickle":
                body = b"[]"
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                for byte in body:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(20)
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def run(binary, case, extra):
    server = Server(("127.0.0.1", 0), Handler)
    server.case = case
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d" % server.server_address[1]
    environment = dict(os.environ, GITHUB_API_URL=url)
    environment.pop("GITHUB_TOKEN", None)
    start = time.monotonic()
    process = subprocess.Popen(
        [binary, "--json", *extra, "octocat"], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read()
    # wait4 gives this child's own peak RSS (RUSAGE_CHILDREN's only grows across children).
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.monotonic() - start
    peak = usage.ru_maxrss
    server.shutdown()
    lines = stderr.decode(errors="replace").splitlines()
    print("| %s | %d MB | %.1f s | %d | %d | %s |" % (
        case, peak // 1024, elapsed, process.returncode, len(lines), lines[0] if lines else ""))
    sys.stdout.flush()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/repos"
    cases = sys.argv[2:] or ["endless", "array", "gzip", "trickle"]
    if "gzip" in cases:
        Handler.bomb = gzip_bomb(500 * MB)
        print("gzip body: %.2f MB, inflates to 500 MB" % (len(Handler.bomb) / MB))
    print("| server sends | peak RSS | time | exit | stderr lines | stderr |")
    print("|---|---|---|---|---|---|")
    for case in cases:
        # Each case in its own child, whose own peak is read.
        run(binary, case, ["--timeout", "5"] if case == "trickle" else ["--timeout", "3"] if case.startswith("redirect-") else [])


if __name__ == "__main__":
    main()
