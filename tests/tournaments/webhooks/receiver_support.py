"""A tiny webhook receiver on the loopback address, as a test's stand-in for a stream overlay."""

import hashlib
import hmac
import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Receiver:
    """Records every POST (headers and body) and answers `status` (200 unless told otherwise).
    With `release` set to an Event, it hangs after reading each POST until the event is set."""

    def __init__(self, port=0):
        self.received = []
        self.status = 200
        self.release = None
        self.arrived, self.answered = threading.Event(), threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append((dict(self.headers), body))
                receiver.arrived.set()
                if receiver.release is not None:
                    receiver.release.wait(30)
                self.send_response(receiver.status)
                self.end_headers()
                receiver.answered.set()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def bodies(self):
        return [json.loads(body) for _headers, body in self.received]


def free_port():
    """A port nothing listens on (yet): a receiver that is down."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def verified(secret, headers, body):
    """What a receiver does (docs/webhooks.md): recompute the signature over "timestamp.body"."""
    timestamp = headers["Webhook-Timestamp"]
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(headers["Webhook-Signature"], f"sha256={expected}")
