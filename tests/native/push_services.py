"""Google's FCM HTTP v1 and Apple's APNs, stood in for the tests, on one loopback TLS port.

Run as `python3 tests/native/push_services.py DIR`. It makes DIR and writes there the key
material the server under test needs, then serves HTTPS on 127.0.0.1 (a free port; HTTP/1.1
and HTTP/2 by ALPN) and prints one line, `ready <port>`:
  ca.pem                the CA to trust (extra root); tls-cert.pem (a leaf for 127.0.0.1 and
                        localhost, plus the CA) and tls-key.pem are what this server presents
  service-account.json  a Google service account key (RSA 2048), project `bourre-test`,
                        client_email `bourre-push@bourre-test.iam.gserviceaccount.com`,
                        token_uri `https://127.0.0.1:<port>/token`
  apns-key.p8           an APNs auth key (P-256, PKCS#8): key id `ABC123DEFG`, team id
                        `TEAM123456`, topic `com.example.bourre`

Everything is checked independently of the server's code, as the real services do:
  POST /token            OAuth 2.0 JWT-bearer grant (RFC 7523): an RS256 assertion signed
                         by the service account, iss = client_email, aud = token_uri, scope
                         with firebase.messaging, iat..exp within an hour. Answers an access
                         token, or 400 invalid_grant.
  POST /v1/projects/bourre-test/messages:send
                         FCM HTTP v1: a Bearer token from /token (else 401), the project
                         (else 403), {"message": {token, notification {title, body}, data
                         (string values only), android?, apns?}} (else 400 INVALID_ARGUMENT).
  POST /3/device/<hex>   APNs: HTTP/2 only (HTTP/1.1 gets 400 BadPath), an ES256 provider
                         token (kid, iss = team id, iat within the hour) signed by apns-key.p8
                         (else 403), apns-topic, apns-push-type alert, apns-collapse-id
                         (required here, <= 64 bytes), apns-expiration, a JSON body <= 4096
                         bytes with aps.alert.title and .body (else 400 PayloadEmpty; each
                         refusal with Apple's reason). 200 carries an apns-id.
  POST /control          {"token": T, "answers": [410, 429, ...], "replace"?: bool}: the next
                         sends to device token T that pass every check answer these statuses,
                         in order, with the service's error body (FCM 404 is UNREGISTERED,
                         APNs 410 is Unregistered with a timestamp; 429 has retry-after: 1);
                         after those queued before, or instead of them with "replace".
  GET /messages          every accepted send: {service, token, headers, body, at}
  GET /attempts          every send: {service, token, status, error}
  GET /stats             {"grants": OAuth grants issued, "provider_tokens": distinct valid
                         APNs JWTs}
Refusals are also told on stderr. All state lives on the one event loop thread and is
changed between awaits, so it needs no lock. SIGTERM or SIGINT ends it.
"""

import asyncio
import datetime
import ipaddress
import json
import os
import re
import secrets
import signal
import socket
import sys
import time
import uuid
from collections import deque
from urllib.parse import parse_qsl

import jwt
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from hypercorn.asyncio import serve
from hypercorn.config import Config

PROJECT = "bourre-test"
CLIENT_EMAIL = "bourre-push@bourre-test.iam.gserviceaccount.com"
SCOPE = "https://www.googleapis.com/auth/firebase.messaging"
KEY_ID = "ABC123DEFG"
TEAM_ID = "TEAM123456"
TOPIC = "com.example.bourre"
SLACK = 60  # seconds a clock may run ahead

FCM_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED",
              404: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE"}
FCM_ANSWERS = {  # status: (FcmError errorCode, message), for /control
    400: ("INVALID_ARGUMENT", "The registration token is not a valid FCM registration token"),
    403: ("SENDER_ID_MISMATCH", "SenderId mismatch"),
    404: ("UNREGISTERED", "Requested entity was not found."),
    429: ("QUOTA_EXCEEDED", "Quota exceeded."),
    500: ("INTERNAL", "Internal error encountered."),
    503: ("UNAVAILABLE", "The service is currently unavailable."),
}
APNS_ANSWERS = {400: "BadDeviceToken", 403: "Forbidden", 404: "BadPath", 410: "Unregistered",
                413: "PayloadTooLarge", 429: "TooManyRequests", 500: "InternalServerError",
                503: "ServiceUnavailable"}

keys = {}  # token_uri, sa_kid, sa_public, apns_public: filled in by main()
issued = {}  # access token -> expiry
grants = 0
provider_tokens = set()
queued = {}  # device token -> deque of statuses to answer
messages = []
attempts = []


class Refusal(Exception):
    def __init__(self, status, body, headers=None, text=None):
        super().__init__(text or json.dumps(body))
        self.status, self.body, self.headers = status, body, headers or {}


def google_error(status, message, error_code=None):
    error = {"code": status, "message": message, "status": FCM_STATUS.get(status, "UNKNOWN")}
    if error_code:
        error["details"] = [{"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError",
                             "errorCode": error_code}]
    headers = {"retry-after": "1"} if status in (429, 503) else {}
    return Refusal(status, {"error": error}, headers, message)


def invalid(message):
    return google_error(400, message, "INVALID_ARGUMENT")


def apns_error(status, reason, text=None):
    body = {"reason": reason}
    if reason == "Unregistered":
        body["timestamp"] = int(time.time() * 1000)
    headers = {"retry-after": "1"} if status == 429 else {}
    return Refusal(status, body, headers, f"{reason}: {text}" if text else reason)


def next_answer(token):
    answers = queued.get(token)
    return answers.popleft() if answers else None


# -- key material ---------------------------------------------------------------------

def pem(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def usage(**yes):
    names = ("digital_signature", "content_commitment", "key_encipherment", "data_encipherment",
             "key_agreement", "key_cert_sign", "crl_sign", "encipher_only", "decipher_only")
    return x509.KeyUsage(**{name: yes.get(name, False) for name in names})


def make_tls(folder):
    """A CA and a leaf it signs: rustls refuses a CA certificate as the server's own."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key, leaf_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "bourre push services test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(hours=1))
          .not_valid_after(now + datetime.timedelta(days=7))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(usage(key_cert_sign=True, crl_sign=True), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), False)
          .sign(ca_key, hashes.SHA256()))
    leaf = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
            .issuer_name(ca_name).public_key(leaf_key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(hours=1))
            .not_valid_after(now + datetime.timedelta(days=7))
            .add_extension(x509.SubjectAlternativeName([
                x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(usage(digital_signature=True), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
                           False)
            .sign(ca_key, hashes.SHA256()))
    ca_pem, leaf_pem = (c.public_bytes(serialization.Encoding.PEM) for c in (ca, leaf))
    write(folder, "ca.pem", ca_pem)
    write(folder, "tls-cert.pem", leaf_pem + ca_pem)
    write(folder, "tls-key.pem", pem(leaf_key))


def write(folder, name, data):
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


# -- the services ---------------------------------------------------------------------

def grant(headers, body):
    """POST /token: RFC 7523's JWT-bearer grant, as Google's token endpoint checks it."""
    global grants
    try:
        if not headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
            raise ValueError(f"content-type {headers.get('content-type')!r}")
        form = dict(parse_qsl(body.decode(), keep_blank_values=True))
        if form.get("grant_type") != "urn:ietf:params:oauth:grant-type:jwt-bearer":
            raise ValueError(f"grant_type {form.get('grant_type')!r}")
        assertion = form.get("assertion", "")
        kid = jwt.get_unverified_header(assertion).get("kid")
        if kid is not None and kid != keys["sa_kid"]:
            raise ValueError(f"kid {kid!r} is not the private_key_id")
        claims = jwt.decode(
            assertion, keys["sa_public"], algorithms=["RS256"], audience=keys["token_uri"],
            issuer=CLIENT_EMAIL,
            options={"verify_exp": False, "verify_iat": False,
                     "require": ["iss", "aud", "scope", "iat", "exp"]})
        if SCOPE not in str(claims["scope"]).split(" "):
            raise ValueError(f"scope {claims['scope']!r} lacks {SCOPE}")
        iat, exp, now = claims["iat"], claims["exp"], time.time()
        if not all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in (iat, exp)):
            raise ValueError("iat and exp must be numbers")
        if iat > now + SLACK or exp <= now or exp - iat > 3600:
            raise ValueError(f"iat {iat}, exp {exp}: not a lifetime of at most an hour from now")
    except (ValueError, UnicodeDecodeError, jwt.InvalidTokenError) as e:
        raise Refusal(400, {"error": "invalid_grant", "error_description": str(e)}) from e
    token = "ya29." + secrets.token_urlsafe(32)
    issued[token] = time.time() + 3600
    grants += 1
    return 200, {"access_token": token, "expires_in": 3600, "token_type": "Bearer"}, {}


def fields(obj, where, allowed):
    """Proto JSON's view of an object: lowerCamel or snake_case names, no unknown ones."""
    if not isinstance(obj, dict):
        raise invalid(f"Invalid value at '{where}': expected an object")
    known = {}
    for key, value in obj.items():
        name = re.sub(r"[A-Z]", lambda m: "_" + m.group().lower(), key)
        if name not in allowed:
            raise invalid(f"Invalid JSON payload received. Unknown name \"{key}\" at '{where}': "
                          "Cannot find field.")
        known[name] = value
    return known


def string_map(obj, where):
    if not isinstance(obj, dict):
        raise invalid(f"Invalid value at '{where}': expected an object")
    for i, value in enumerate(obj.values()):
        if not isinstance(value, str):
            raise invalid(f"Invalid value at '{where}[{i}].value' (TYPE_STRING), {json.dumps(value)}")


def check_fcm(project, headers, request):
    scheme, _, token = headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or issued.get(token, 0) < time.time():
        raise google_error(401, "Request had invalid authentication credentials. Expected OAuth 2 "
                                "access token, login cookie or other valid authentication credential.")
    if project != PROJECT:
        raise google_error(403, f"Permission 'cloudmessaging.messages.create' denied on resource "
                                f"'//cloudresourcemanager.googleapis.com/projects/{project}' "
                                "(or it may not exist).")
    if not headers.get("content-type", "").startswith("application/json"):
        raise invalid(f"content-type {headers.get('content-type')!r}, not application/json")
    if request is None:
        raise invalid("Invalid JSON payload received.")
    request = fields(request, "", {"message", "validate_only"})
    message = fields(request.get("message"), "message", {
        "name", "token", "topic", "condition", "notification", "data", "android", "apns",
        "webpush", "fcm_options"})
    if not isinstance(message.get("token"), str) or not message["token"]:
        raise invalid("message.token must be a non-empty string")
    notification = fields(message.get("notification"), "message.notification",
                          {"title", "body", "image"})
    for name in ("title", "body"):
        if not isinstance(notification.get(name), str):
            raise invalid(f"message.notification.{name} must be a string")
    if "data" not in message:
        raise invalid("message.data is missing")
    string_map(message["data"], "message.data")
    for key in message["data"]:
        if key in ("from", "notification", "message_type") or key.startswith(("google", "gcm")):
            raise invalid(f"Invalid data payload key: {key}")
    if "android" in message:
        android = fields(message["android"], "message.android", {
            "collapse_key", "priority", "ttl", "restricted_package_name", "data", "notification",
            "fcm_options", "direct_boot_ok"})
        if not isinstance(android.get("collapse_key", ""), str):
            raise invalid("message.android.collapse_key must be a string")
        ttl = android.get("ttl", "0s")
        if not (isinstance(ttl, str) and re.fullmatch(r"\d+(\.\d{1,9})?s", ttl)):
            raise invalid(f"Invalid value at 'message.android.ttl' (type.googleapis.com/"
                          f"google.protobuf.Duration), {json.dumps(ttl)}")
        if android.get("priority", "NORMAL") not in ("NORMAL", "HIGH"):
            raise invalid(f"Invalid value at 'message.android.priority' (type.googleapis.com/"
                          f"google.firebase.fcm.v1.AndroidMessagePriority), "
                          f"{json.dumps(android['priority'])}")
        if "data" in android:
            string_map(android["data"], "message.android.data")
    if "apns" in message:
        apns = fields(message["apns"], "message.apns",
                      {"headers", "payload", "fcm_options", "live_activity_token"})
        string_map(apns.get("headers", {}), "message.apns.headers")
        if not isinstance(apns.get("payload", {}), dict):
            raise invalid("Invalid value at 'message.apns.payload': expected an object")
    return message["token"], request.get("validate_only") is True


def send_fcm(project, headers, body):
    """POST /v1/projects/{project}/messages:send"""
    try:
        request = json.loads(body)
    except ValueError:
        request = None
    message = request.get("message") if isinstance(request, dict) else None
    attempt = {"service": "fcm", "token": message.get("token") if isinstance(message, dict) else None,
               "status": 200, "error": None}
    attempts.append(attempt)
    try:
        token, validate_only = check_fcm(project, headers, request)
        if validate_only:
            return 200, {"name": f"projects/{PROJECT}/messages/fake_message_id"}, {}
        status = next_answer(token)
        if status is not None:
            code, text = FCM_ANSWERS.get(status, (None, f"Answer {status}, as asked"))
            raise google_error(status, text, code)
    except Refusal as refusal:
        attempt["status"], attempt["error"] = refusal.status, str(refusal)
        raise
    messages.append({"service": "fcm", "token": token,
                     "headers": {"content-type": headers["content-type"]},
                     "body": request, "at": time.time()})
    return 200, {"name": f"projects/{PROJECT}/messages/0:{time.time_ns() // 1000}%"
                         f"{secrets.token_hex(8)}"}, {}


def check_apns(scope, device, headers, duplicates, body):
    if scope["method"] != "POST":
        raise apns_error(405, "MethodNotAllowed")
    if scope["http_version"] != "2":
        raise apns_error(400, "BadPath", f"HTTP/{scope['http_version']}: APNs speaks HTTP/2 only")
    if not device:
        raise apns_error(400, "MissingDeviceToken")
    if not re.fullmatch(r"[0-9a-fA-F]+", device):
        raise apns_error(400, "BadDeviceToken")
    if duplicates:
        raise apns_error(400, "DuplicateHeaders", ", ".join(sorted(duplicates)))
    scheme, _, token = headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise apns_error(403, "MissingProviderToken")
    try:
        kid = jwt.get_unverified_header(token).get("kid")
        if kid != KEY_ID:
            raise jwt.InvalidTokenError(f"kid {kid!r}")
        claims = jwt.decode(token, keys["apns_public"], algorithms=["ES256"],
                            options={"verify_exp": False, "verify_iat": False,
                                     "require": ["iss", "iat"]})
        if claims["iss"] != TEAM_ID:
            raise jwt.InvalidTokenError(f"iss {claims['iss']!r}")
        iat = claims["iat"]
        if not isinstance(iat, (int, float)) or isinstance(iat, bool) or iat > time.time() + SLACK:
            raise jwt.InvalidTokenError(f"iat {iat!r}")
    except jwt.InvalidTokenError as e:
        raise apns_error(403, "InvalidProviderToken", str(e)) from e
    if iat < time.time() - 3600:
        raise apns_error(403, "ExpiredProviderToken", f"iat {iat}")
    provider_tokens.add(token)
    if "apns-topic" not in headers:
        raise apns_error(400, "MissingTopic")
    if headers["apns-topic"] != TOPIC:
        raise apns_error(400, "TopicDisallowed", headers["apns-topic"])
    if headers.get("apns-push-type") != "alert":
        raise apns_error(400, "InvalidPushType", headers.get("apns-push-type"))
    if not 0 < len(headers.get("apns-collapse-id", "").encode("latin-1")) <= 64:
        raise apns_error(400, "BadCollapseId", "required here, 1 to 64 bytes")
    if not re.fullmatch(r"\d+", headers.get("apns-expiration", "")):
        raise apns_error(400, "BadExpirationDate", headers.get("apns-expiration"))
    if headers.get("apns-priority", "10") not in ("1", "5", "10"):
        raise apns_error(400, "BadPriority", headers["apns-priority"])
    if "apns-id" in headers and not re.fullmatch(
            r"[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}", headers["apns-id"]):
        raise apns_error(400, "BadMessageId", headers["apns-id"])
    if len(body) > 4096:
        raise apns_error(413, "PayloadTooLarge", f"{len(body)} bytes")
    try:
        payload = json.loads(body)
        alert = payload["aps"]["alert"]
        if not isinstance(alert["title"], str) or not isinstance(alert["body"], str):
            raise TypeError("aps.alert.title and .body must be strings")
    except (ValueError, KeyError, TypeError) as e:
        raise apns_error(400, "PayloadEmpty", f"{type(e).__name__}: {e}") from e
    return payload


def send_apns(scope, device, headers, duplicates, body):
    """POST /3/device/{device_token}"""
    attempt = {"service": "apns", "token": device, "status": 200, "error": None}
    attempts.append(attempt)
    try:
        payload = check_apns(scope, device, headers, duplicates, body)
        status = next_answer(device)
        if status is not None:
            raise apns_error(status, APNS_ANSWERS.get(status, "InternalServerError"), "as asked")
    except Refusal as refusal:
        attempt["status"], attempt["error"] = refusal.status, str(refusal)
        raise
    messages.append({"service": "apns", "token": device,
                     "headers": {k: v for k, v in headers.items() if k.startswith("apns-")},
                     "body": payload, "at": time.time()})
    return 200, None, {"apns-id": headers.get("apns-id", str(uuid.uuid4()))}


def control(body):
    """POST /control: queue answers for a device token."""
    try:
        order = json.loads(body)
        token, answers = order["token"], order["answers"]
        if not isinstance(token, str) or not token or not isinstance(answers, list) or not all(
                a in FCM_ANSWERS or a in APNS_ANSWERS for a in answers):
            raise ValueError(f"answers must be among {sorted(set(FCM_ANSWERS) | set(APNS_ANSWERS))}")
    except (ValueError, KeyError, TypeError) as e:
        raise Refusal(400, {"error": f"{type(e).__name__}: {e}"}) from e
    if order.get("replace") is True:
        queued[token] = deque(answers)
    else:
        queued.setdefault(token, deque()).extend(answers)
    return 204, None, {}


def route(scope, body):
    method, path = scope["method"], scope["path"]
    headers, duplicates = {}, set()
    for name, value in scope["headers"]:
        name = name.decode("latin-1").lower()
        if name in headers:
            duplicates.add(name)
        headers[name] = value.decode("latin-1")
    if path.startswith("/3/device/"):
        return send_apns(scope, path[len("/3/device/"):], headers, duplicates, body)
    fcm = re.fullmatch(r"/v1/projects/([^/]+)/messages:send", path)
    gets = {"/messages": messages, "/attempts": attempts,
            "/stats": {"grants": grants, "provider_tokens": len(provider_tokens)}}
    posts = {"/token", "/control"}
    if fcm or path in gets or path in posts:
        if method != ("GET" if path in gets else "POST"):
            return 405, {"error": f"{method} not allowed on {path}"}, {}
    if fcm:
        return send_fcm(fcm.group(1), headers, body)
    if path == "/token":
        return grant(headers, body)
    if path == "/control":
        return control(body)
    if path in gets:
        return 200, gets[path], {}
    return 404, {"error": f"no {path} here"}, {}


async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            event = await receive()
            if event["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif event["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] != "http":
        return
    body = b""
    while True:
        event = await receive()
        if event["type"] == "http.disconnect":
            return
        body += event.get("body", b"")
        if not event.get("more_body"):
            break
    try:
        status, payload, extra = route(scope, body)
    except Refusal as refusal:
        print(f"{scope['method']} {scope['path']} -> {refusal.status} {refusal}",
              file=sys.stderr, flush=True)
        status, payload, extra = refusal.status, refusal.body, refusal.headers
    content = b"" if payload is None else json.dumps(payload).encode()
    headers = [(k.encode(), v.encode()) for k, v in extra.items()]
    if payload is not None:
        headers.append((b"content-type", b"application/json; charset=UTF-8"))
        headers.append((b"content-length", str(len(content)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})


async def main(folder):
    os.makedirs(folder, exist_ok=True)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(100)  # connections wait in the backlog until hypercorn accepts them
    port = listener.getsockname()[1]
    keys["token_uri"] = f"https://127.0.0.1:{port}/token"

    make_tls(folder)
    sa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    keys["sa_public"], keys["sa_kid"] = sa_key.public_key(), secrets.token_hex(20)
    account = {
        "type": "service_account", "project_id": PROJECT, "private_key_id": keys["sa_kid"],
        "private_key": pem(sa_key).decode(), "client_email": CLIENT_EMAIL,
        "client_id": "1234567890", "token_uri": keys["token_uri"],
    }
    write(folder, "service-account.json", json.dumps(account, indent=2).encode())
    apns_key = ec.generate_private_key(ec.SECP256R1())
    keys["apns_public"] = apns_key.public_key()
    write(folder, "apns-key.p8", pem(apns_key))

    config = Config()
    config.bind = [f"fd://{listener.detach()}"]
    config.certfile = os.path.join(folder, "tls-cert.pem")
    config.keyfile = os.path.join(folder, "tls-key.pem")
    config.loglevel = "WARNING"
    config.keep_alive_timeout = 300  # APNs keeps connections open; no idle-close races
    config.graceful_timeout = 1

    stop, loop = asyncio.Event(), asyncio.get_running_loop()

    def quit():  # hypercorn waits up to 30 s for a client to answer TLS close_notify: cut it short
        stop.set()
        loop.call_later(2, os._exit, 0)

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, quit)
    print(f"ready {port}", flush=True)
    await serve(app, config, shutdown_trigger=stop.wait)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} DIR")
    asyncio.run(main(sys.argv[1]))
