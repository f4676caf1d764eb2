#!/usr/bin/env bash
# Regenerates the client the SDK is built on, clients/python/src/bourre_client, from
# openapi/openapi.json with openapi-python-client (pinned, with its dependencies, in
# clients/python/requirements.txt; settings in clients/python/config.yaml). Deterministic:
# the same document and pins give the same files.
#
#   bash clients/python/generate.sh           rewrite src/bourre_client
#   bash clients/python/generate.sh --check   fail if src/bourre_client differs from a fresh generation
#
# Either way it fails when the generator prints a warning or an error. The generator is
# installed with pip --target into target/python-client/site, kept while requirements.txt
# is unchanged (keyed by its SHA-256, as .ci/contract did). OPENAPI_DOCUMENT overrides the
# document (a path), for trying a changed document without touching the committed one.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/clients/python"
mode="${1:-write}"
document="$(realpath "${OPENAPI_DOCUMENT:-$root/openapi/openapi.json}")"

site="$root/target/python-client/site"
pinned="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
if [ "$(cat "$site/.pinned" 2>/dev/null)" != "$pinned" ]; then
    rm -rf "$site"
    python3 -m pip install --quiet --disable-pip-version-check --no-warn-conflicts \
        --target "$site" -r "$here/requirements.txt"
    echo "$pinned" >"$site/.pinned"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
generated="$(
    cd "$work"
    PYTHONPATH="$site" PATH="$site/bin:$PATH" python3 -m openapi_python_client generate \
        --path "$document" --meta none --config "$here/config.yaml" 2>&1
)"
printf '%s\n' "$generated"
if grep -qi "warning\|error" <<<"$generated" || [ ! -f "$work/bourre_client/client.py" ]; then
    echo "FAILED: openapi-python-client did not generate bourre_client without a warning" >&2
    exit 1
fi
find "$work/bourre_client" \( -name __pycache__ -o -name .ruff_cache \) -prune -exec rm -rf {} +

case "$mode" in
write)
    rm -rf "$here/src/bourre_client"
    cp -r "$work/bourre_client" "$here/src/bourre_client"
    echo "wrote clients/python/src/bourre_client from ${document#"$root/"}"
    ;;
--check)
    if ! diff -r -q "$work/bourre_client" "$here/src/bourre_client" -x __pycache__ -x .ruff_cache; then
        echo "FAILED: clients/python/src/bourre_client is not what ${document#"$root/"} generates:" \
            "run bash clients/python/generate.sh and commit it" >&2
        exit 1
    fi
    echo "clients/python/src/bourre_client is up to date"
    ;;
*)
    echo "usage: generate.sh [--check]" >&2
    exit 2
    ;;
esac
