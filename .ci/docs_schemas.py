#!/usr/bin/env python3
"""Every schema the docs name is a schema of the OpenAPI document.

Reads every Markdown file under docs/, README.md and clients/*/README.md, and in each the
inline code spans (outside fenced code blocks) that are a compound UpperCamelCase name
(`TableView`, `HandRecord`, `EventData`: two capitalised parts or more), and the
`#/components/schemas/<Name>` references anywhere in the text. Each must be a schema in the
document's `components.schemas`, or be listed in ALLOWED below for the file it is in.
Single capitalised words (`Allow`, `Sunset`, `Authorization`, a button's label) are left
alone: in these docs they are far more often a header or a word than a schema.

Usage, from anywhere: python3 .ci/docs_schemas.py [path/to/openapi.json]
(default: the repository's openapi/openapi.json). Exits 1, listing file:line of each
unknown name, when there is one.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Names the docs give on purpose that are not schemas, each with the only files it may
# appear in and why. Keep it small: a name that should be a schema belongs in the document.
ALLOWED: dict[str, tuple[tuple[str, ...], str]] = {
    # Rust types the architecture names, next to the file that defines each.
    "TableChange": (("docs/architecture.md",), "crates/app/src/table/change.rs"),
    "HandState": (("docs/architecture.md",), "the engine's hand state, crates/engine/src/hand.rs"),
    "RuleError": (("docs/architecture.md",), "the engine's refusals, crates/engine/src/error.rs"),
    "PlaySight": (("docs/architecture.md",), "crates/engine/src/play.rs"),
    "ServeArgs": (("docs/architecture.md",), "the serve command's options, src/cli/serve.rs"),
    "ChipRows": (("docs/architecture.md",), "crates/store/src/ledger.rs"),
    "EnvFilter": (("docs/operations.md",), "tracing-subscriber's filter syntax of BOURRE_LOG"),
    # The reasons APNs (`BadDeviceToken`, ...) and FCM answer with, as the server reads them.
    "BadDeviceToken": (("docs/guide/notifications.md", "docs/operations.md"), "an APNs reason"),
    "DeviceTokenNotForTopic": (("docs/guide/notifications.md",), "an APNs reason"),
    "ExpiredProviderToken": (("docs/operations.md",), "an APNs reason"),
    "InvalidProviderToken": (("docs/operations.md",), "an APNs reason"),
    # Browser APIs a web client uses.
    "EventSource": (
        ("docs/guide/authentication.md", "docs/guide/live-updates.md", "docs/operations.md",
         "docs/web-client.md"),
        "the browser's server-sent events API",
    ),
    "PushSubscription": (("docs/guide/notifications.md",), "the browser's Push API object"),
    # A made-up guest name, as the server makes them.
    "LuckyHeron4821": (("docs/guide/authentication.md",), "an example of a guest's name"),
    # The SDKs' own classes (clients/python/src/bourre, clients/typescript/src).
    "BourreError": (
        ("clients/python/README.md", "clients/typescript/README.md", "docs/guide/live-updates.md",
         "docs/guide/generating-a-client.md"),
        "the SDKs' error class",
    ),
    "MemorySessionStore": (("clients/typescript/README.md",), "the TypeScript SDK's default session store"),
    # The class openapi-generator makes of GrantIn's `amount` (a union of two ranges), which
    # Kotlin and Dart teams map to an integer.
    "GrantInAmount": (("docs/guide/generating-a-client.md", "CHANGELOG.md"), "openapi-generator's name"),
    "BourreTransport": (("clients/python/README.md",), "the SDK's httpx transport"),
    "AsyncBourreTransport": (("clients/python/README.md",), "the SDK's asyncio transport"),
}

# A compound UpperCamelCase name: a capital and lower-case letters, then at least one more
# part starting with a capital or a digit (`HandDealtView`, `Heron4821`).
NAME = re.compile(r"[A-Z][a-z]+(?:[A-Z0-9][a-z0-9]*)+")
SPAN = re.compile(r"(`+)(.+?)\1")
REF = re.compile(r"#/components/schemas/([A-Za-z0-9_.-]+)")
FENCE = re.compile(r"^\s*(```|~~~)")


def markdown_files() -> list[Path]:
    files = sorted((ROOT / "docs").rglob("*.md"))
    files += [p for p in [ROOT / "README.md"] if p.is_file()]
    files += sorted((ROOT / "clients").glob("*/README.md"))
    return files


def names_in(path: Path):
    """Yields (line number, name) for each schema-like name of a Markdown file."""
    fence = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        opened = FENCE.match(line)
        if opened:
            if fence is None:
                fence = opened.group(1)
            elif opened.group(1) == fence:
                fence = None
            continue
        if fence is None:
            for span in SPAN.finditer(line):
                text = span.group(2).strip()
                if NAME.fullmatch(text):
                    yield number, text
        for ref in REF.finditer(line):
            yield number, ref.group(1)


def main() -> int:
    document = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "openapi/openapi.json"
    schemas = set(json.loads(document.read_text(encoding="utf-8"))["components"]["schemas"])
    problems, used, checked = [], set(), 0
    for path in markdown_files():
        relative = path.relative_to(ROOT).as_posix()
        for number, name in names_in(path):
            checked += 1
            if name in schemas:
                continue
            allowed = ALLOWED.get(name)
            if allowed and relative in allowed[0]:
                used.add(name)
                continue
            hint = difflib.get_close_matches(name, schemas, n=2)
            problems.append(
                f"{relative}:{number}: `{name}` is not a schema of {document.name}"
                + (f" (did you mean {' or '.join(f'`{h}`' for h in hint)}?)" if hint else "")
            )
    for name in sorted(set(ALLOWED) - used):
        print(f"note: `{name}` is allowed in {', '.join(ALLOWED[name][0])} but named there no "
              "more: drop it from ALLOWED in .ci/docs_schemas.py")
    if problems:
        print("\n".join(problems))
        print(f"FAILED: {len(problems)} name(s) in the docs are not schemas of {document}; "
              "name an existing schema, or (not a schema, on purpose) add it to ALLOWED in "
              ".ci/docs_schemas.py with why", file=sys.stderr)
        return 1
    print(f"docs: {checked} schema names checked against {len(schemas)} schemas of {document}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
