#!/usr/bin/env python3
"""Points programs that stay open after an error at loopback servers that misbehave on purpose, and
reads each program's peak resident memory (VmHWM) and current memory (VmRSS) 15 s after the error,
and how many bytes the server managed to send before the program closed the connection.

    swift build -c release --product repos && swift build -c release --product counter
    swift build -c release --product benchmarks
    Scripts/long-lived-memory.py [CASE...]

The front ends run in tmux (a real terminal) and are held open after the error; the plain program is
`benchmarks --long-lived-fetch`, which fetches once and waits for its standard input to end.
Cases: counter-gzip (a fact from 1 MB of gzip inflating to 1 GB), counter-endless (an endless text
stream), repos-endless (`repos --interactive`, an endless chunked body), repos-gzip (gzip inflating
to 500 MB), plain-endless (the plain program, GithubAPIClient, an endless chunked body),
repos-redirect and plain-redirect (a 302 with an endless body, which FoundationNetworking keeps to
itself), repos-redirect-gzip (a 302 with an endless gzip body).
"""
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
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, ".build", "release")
HOLD_SECONDS = 15


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
    bombs = {}

    def log_message(self, *args):
        pass

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send_counted(self, data):
        # In slices, so that a connection the client closes counts what went out before.
        for start in range(0, len(data), 64 << 10):
            piece = data[start:start + (64 << 10)]
            self.wfile.write(piece)
            self.server.sent += len(piece)

    def do_GET(self):
        kind, content_type = self.server.kind
        try:
            if kind.startswith("redirect-"):
                self.send_response(302)
                self.send_header("Location", "/next")
                kind = kind[len("redirect-"):]
            else:
                self.send_response(200)
            self.send_header("Content-Type", content_type)
            if kind == "endless-gzip":
                self.send_header("Transfer-Encoding", "chunked")
                self.send_header("Content-Encoding", "gzip")
                self.end_headers()
                compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
                block = b" " * MB
                while True:
                    data = compressor.compress(block) + compressor.flush(zlib.Z_SYNC_FLUSH)
                    self.send_counted(b"%x\r\n" % len(data) + data + b"\r\n")
            elif kind == "endless":
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                piece = b" " * (256 << 10)
                chunk = b"%x\r\n" % len(piece) + piece + b"\r\n"
                while True:
                    self.send_counted(chunk)
            else:
                bomb = Handler.bombs[kind]
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(bomb)))
                self.end_headers()
                self.send_counted(bomb)
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    sent = 0


def status(pid):
    fields = {}
    with open("/proc/%d/status" % pid) as file:
        for line in file:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return int(fields["VmHWM"].split()[0]) // 1024, int(fields["VmRSS"].split()[0]) // 1024


class Tmux:
    def __init__(self, command):
        self.socket = "vmk-memory-%d" % os.getpid()
        self.run("new-session", "-d", "-s", "m", "-x", "100", "-y", "30", command)

    def run(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *arguments],
                              capture_output=True, text=True, env=dict(os.environ, TERM="xterm-256color")).stdout

    def wait_for(self, texts, seconds=120):
        texts = (texts,) if isinstance(texts, str) else texts
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            screen = self.run("capture-pane", "-p", "-t", "m")
            if any(text in screen for text in texts):
                return screen
            time.sleep(0.1)
        raise RuntimeError("timed out waiting for %r; the screen shows:\n%s" % (texts, screen))

    def pid(self):
        return int(self.run("display-message", "-p", "-t", "m", "#{pane_pid}").strip())

    def close(self):
        self.run("kill-server")


def front_end(command, url, start, trigger=None):
    tmux = Tmux("exec env %s %s" % (url, command))
    try:
        tmux.wait_for(start)
        pid = tmux.pid()
        # Without a key to press, the request starts with the program: there is no level before it.
        before = status(pid)[1] if trigger else None
        began = time.monotonic()
        if trigger:
            tmux.run("send-keys", "-t", "m", trigger)
        screen = tmux.wait_for(ERRORS)
        failed_after = time.monotonic() - began
        time.sleep(HOLD_SECONDS)
        peak, now = status(pid)
        line = next((l.strip(" │|") for l in screen.splitlines() if any(text in l for text in ERRORS)), "")
        return before, peak, now, failed_after, line
    finally:
        tmux.close()


def plain(url):
    process = subprocess.Popen([os.path.join(RELEASE, "benchmarks"), "--long-lived-fetch", "github", url],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        before = None
        began = time.monotonic()
        line = process.stdout.readline().strip()
        failed_after = time.monotonic() - began
        time.sleep(HOLD_SECONDS)
        peak, now = status(process.pid)
        return before, peak, now, failed_after, line
    finally:
        process.stdin.close()
        process.wait(timeout=30)


# What the front ends show when a fetch fails: a limit, a deadline, or a body nobody sees.
ERRORS = (" than ", "the redirect from ")

CASES = {
    "counter-gzip": (("gzip1g", "text/plain"), lambda url: front_end(
        os.path.join(RELEASE, "counter"), "NUMBERS_API_URL=" + url, "Fact: press f", "f")),
    "counter-endless": (("endless", "text/plain"), lambda url: front_end(
        os.path.join(RELEASE, "counter"), "NUMBERS_API_URL=" + url, "Fact: press f", "f")),
    "repos-endless": (("endless", "application/json"), lambda url: front_end(
        os.path.join(RELEASE, "repos") + " --interactive octocat", "GITHUB_API_URL=" + url, "")),
    "repos-gzip": (("gzip500m", "application/json"), lambda url: front_end(
        os.path.join(RELEASE, "repos") + " --interactive octocat", "GITHUB_API_URL=" + url, "")),
    "plain-endless": (("endless", "application/json"), plain),
    "repos-redirect": (("redirect-endless", "application/json"), lambda url: front_end(
        os.path.join(RELEASE, "repos") + " --interactive octocat", "GITHUB_API_URL=" + url, "")),
    "repos-redirect-gzip": (("redirect-endless-gzip", "application/json"), lambda url: front_end(
        os.path.join(RELEASE, "repos") + " --interactive octocat", "GITHUB_API_URL=" + url, "")),
    "plain-redirect": (("redirect-endless", "application/json"), plain),
}


def main():
    cases = sys.argv[1:] or list(CASES)
    if any(CASES[case][0][0] == "gzip1g" for case in cases):
        Handler.bombs["gzip1g"] = gzip_bomb(1024 * MB)
    if any(CASES[case][0][0] == "gzip500m" for case in cases):
        Handler.bombs["gzip500m"] = gzip_bomb(500 * MB)
    for name, bomb in sorted(Handler.bombs.items()):
        print("%s: %.2f MB of gzip" % (name, len(bomb) / MB))
    print("| case | RSS before | peak RSS (VmHWM) %d s after | RSS then | sent by the server | error after | error |" % HOLD_SECONDS)
    print("|---|---|---|---|---|---|---|")
    for case in cases:
        kind, measure = CASES[case]
        server = Server(("127.0.0.1", 0), Handler)
        server.kind = kind
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            before, peak, now, failed_after, line = measure("http://127.0.0.1:%d" % server.server_address[1])
        finally:
            server.shutdown()
            server.server_close()
        shown = "–" if before is None else "%d MB" % before
        print("| %s | %s | %d MB | %d MB | %.1f MB | %.1f s | %s |" % (
            case, shown, peak, now, server.sent / MB, failed_after, line.strip()[:100]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
