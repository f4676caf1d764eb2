"""A Web Push service for the tests (tests/api/push.rs), on loopback.

It makes subscriptions (a P-256 key pair and an auth secret each, as a browser does) and
prints them as one JSON line: {"port": P, "subscriptions": [{"endpoint", "keys": {"p256dh",
"auth"}}, ...]}. Each POST to /push/<n> is checked as a push service would (VAPID, RFC
8292: an ES256 JWT whose `aud` is this origin, `exp` within a day, a `sub` contact, signed
by the key in `k`) and decrypted with http_ece (RFC 8291 `aes128gcm`), independently of
the server's code. GET /messages lists what came; POST /answer/<n> with {"status": S}
makes subscription n answer S from then on (201 by default).
"""

import base64
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 4


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


keys = [ec.generate_private_key(ec.SECP256R1()) for _ in range(COUNT)]
secrets = [os.urandom(16) for _ in range(COUNT)]
answers = [201] * COUNT
messages = []
lock = threading.Lock()


def check_vapid(header, origin):
    """The VAPID claims, after checking the JWT's signature with the key in `k`."""
    if not header.startswith("vapid "):
        raise ValueError(f"not a vapid authorization: {header!r}")
    params = dict(
        part.strip().split("=", 1) for part in header[len("vapid "):].split(",")
    )
    token, k = params["t"], params["k"]
    head, claims, signature = token.split(".")
    if json.loads(unb64url(head)) != {"typ": "JWT", "alg": "ES256"}:
        raise ValueError(f"JWT header {unb64url(head)!r}")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(k))
    raw = unb64url(signature)
    if len(raw) != 64:
        raise ValueError("an ES256 signature is 64 bytes")
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    body = json.loads(unb64url(claims))
    if body.get("aud") != origin:
        raise ValueError(f"aud {body.get('aud')!r}, not {origin!r}")
    now = time.time()
    if not (now < body["exp"] <= now + 86400):
        raise ValueError(f"exp {body['exp']} not within a day")
    if not str(body.get("sub", "")).startswith(("mailto:", "https:")):
        raise ValueError(f"sub {body.get('sub')!r}")
    return k, body


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", kind="application/json"):
        self.send_response(status)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path != "/messages":
            return self.reply(404)
        with lock:
            body = json.dumps(messages).encode()
        self.reply(200, body)

    def do_POST(self):
        length = int(self.headers.get("content-length", "0"))
        data = self.rfile.read(length)
        parts = self.path.strip("/").split("/")
        if len(parts) == 2 and parts[0] == "answer":
            answers[int(parts[1])] = json.loads(data)["status"]
            return self.reply(204)
        if len(parts) != 2 or parts[0] != "push":
            return self.reply(404)
        n = int(parts[1])
        record = {
            "sub": n,
            "ttl": self.headers.get("ttl"),
            "urgency": self.headers.get("urgency"),
            "topic": self.headers.get("topic"),
            "encoding": self.headers.get("content-encoding"),
            "answered": answers[n],
        }
        try:
            origin = f"http://127.0.0.1:{self.server.server_address[1]}"
            record["k"], record["claims"] = check_vapid(
                self.headers.get("authorization", ""), origin
            )
            plain = http_ece.decrypt(
                data,
                private_key=keys[n],
                auth_secret=secrets[n],
                version="aes128gcm",
            )
            record["payload"] = json.loads(plain)
            record["ok"] = True
        except (ValueError, KeyError, InvalidSignature, http_ece.ECEException) as e:
            record["ok"] = False
            record["error"] = f"{type(e).__name__}: {e}"
        with lock:
            messages.append(record)
        self.reply(answers[n] if record["ok"] else 400)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    subscriptions = [
        {
            "endpoint": f"http://127.0.0.1:{port}/push/{n}",
            "expirationTime": None,
            "keys": {
                "p256dh": b64url(
                    key.public_key().public_bytes(
                        serialization.Encoding.X962,
                        serialization.PublicFormat.UncompressedPoint,
                    )
                ),
                "auth": b64url(secrets[n]),
            },
        }
        for n, key in enumerate(keys)
    ]
    print(json.dumps({"port": port, "subscriptions": subscriptions}), flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
