"""Schemathesis hooks for `.ci/fuzz` (loaded through SCHEMATHESIS_HOOKS).

- Auth: every request carries a token of the fuzzing player, fetched by logging in, and
  fetched again after a 401 (the fuzzer may log that very session out, or change nothing
  with a wrong password). The login comes from its own client address (the server trusts
  127.0.0.1 as a proxy here), so the wrong passwords the fuzzer sends on 127.0.0.1 never
  throttle it.
- `validation_matches_schema`: schema-valid data is never refused by input validation.
  Schemathesis's own `positive_data_acceptance` lets 422 through (a rule's refusal depends
  on the table's state, which no schema can say); this check fails a schema-valid request
  refused with one of the codes of input validation, which the document's constraints
  must rule out.
- `every_operation_reached`: each operation answered something other than 404 (an unknown
  id) or 401 at least once, so the links (and for join requests, the ids of two pending
  requests the setup made, see .ci/schemathesis.toml) led the fuzzer to real ids. A push
  subscription needs a browser's P-256 key, which no generated body has: `before_call`
  makes one for the first positive case of `DELETE .../push-subscriptions/{subscription_id}`
  (with the server's own public key as the browser's), and that case removes it.
"""

import json
import os
import urllib.request

import schemathesis

BASE = os.environ["BOURRE_FUZZ_BASE"]
USERNAME = os.environ.get("BOURRE_FUZZ_USER", "fuzzer")
PASSWORD = os.environ.get("BOURRE_FUZZ_PASSWORD", "correct horse battery")
LOGIN_ADDRESS = "198.51.100.77"

VALIDATION_CODES = {
    "invalid_name",
    "invalid_reason",
    "invalid_amount",
    "invalid_starting_balance",
    "invalid_username",
    "invalid_password",
    "invalid_client_seed",
    "invalid_invite",
    "invalid_card",
    "invalid_query",
    "invalid_text",
    "invalid_wait",
    "invalid_sort",
    "invalid_last_event_id",
    "invalid_idempotency_key",
    "malformed_body",
}


@schemathesis.auth()
class FuzzerLogin:
    def get(self, case, context):
        request = urllib.request.Request(
            f"{BASE}/v1/auth/login",
            data=json.dumps({"username": USERNAME, "password": PASSWORD}).encode(),
            headers={"Content-Type": "application/json", "X-Forwarded-For": LOGIN_ADDRESS},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as reply:
            return json.load(reply)["token"]

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


PUSH_BY_ID = "DELETE /v1/players/me/push-subscriptions/{subscription_id}"
_push_subscription_made = False


def _call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{BASE}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
        method=method,
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.load(reply)


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    global _push_subscription_made
    meta = case.meta
    positive = meta is not None and meta.generation.mode.is_positive
    if _push_subscription_made or case.operation.label != PUSH_BY_ID or not positive:
        return
    token = FuzzerLogin().get(case, ctx)
    key = _call("GET", "/v1/push/vapid-public-key")["public_key"]
    made = _call(
        "POST",
        "/v1/players/me/push-subscriptions",
        {"endpoint": "https://push.example.net/fuzz", "keys": {"p256dh": key, "auth": "A" * 22}},
        token,
    )
    case.path_parameters = {"subscription_id": made["id"]}
    _push_subscription_made = True


def _code(response):
    try:
        return response.json().get("code")
    except Exception:
        return None


@schemathesis.check
def validation_matches_schema(ctx, response, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    if response.status_code in (400, 422) and _code(response) in VALIDATION_CODES:
        raise AssertionError(
            f"Schema-valid data refused by input validation: {response.status_code} "
            f"{_code(response)}: {response.text[:300]}"
        )
    return None


@schemathesis.check
class every_operation_reached:
    def __init__(self):
        self.tested = set()
        self.reached = set()

    def after_response(self, ctx, response, case):
        label = case.operation.label
        self.tested.add(label)
        if response.status_code not in (401, 404):
            self.reached.add(label)

    def after_run(self, ctx):
        missed = sorted(self.tested - self.reached)
        if missed:
            raise AssertionError("Only ever answered 404 (no real ids reached): " + ", ".join(missed))
