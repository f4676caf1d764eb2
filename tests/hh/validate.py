"""Validates every hand of a BHH export against the format's JSON Schema, with Python's
jsonschema (Draft 2020-12, formats checked): nothing shared with the server.

    python3 tests/hh/validate.py SCHEMA EXPORT [--strict]

EXPORT holds one hand or many, a JSON value after another (NDJSON). With --strict, every
object of the schema that lists its properties is closed to others, so that a field the
server writes and the schema does not describe is caught (readers of the format ignore
unknown fields; the schema that describes this version must not miss any). Prints the
count of hands and exits 0, or prints each fault and exits 1.
"""

import json
import sys

from jsonschema import Draft202012Validator, FormatChecker


def closed(node):
    """The schema with each object that lists its properties closed to others."""
    if isinstance(node, dict):
        out = {key: closed(value) for key, value in node.items()}
        if "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(node, list):
        return [closed(item) for item in node]
    return node


def hands(text):
    """Each JSON value of the text, in order."""
    decoder = json.JSONDecoder()
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return
        value, at = decoder.raw_decode(text, at)
        yield value


def main():
    args = [a for a in sys.argv[1:] if a != "--strict"]
    if len(args) != 2:
        sys.exit(__doc__)
    schema = json.load(open(args[0], encoding="utf-8"))
    if "--strict" in sys.argv:
        schema = closed(schema)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema, format_checker=FormatChecker())
    count = faults = 0
    for hand in hands(open(args[1], encoding="utf-8").read()):
        count += 1
        for error in validator.iter_errors(hand):
            faults += 1
            path = "/".join(str(p) for p in error.absolute_path)
            print(f"hand {count}: /{path}: {error.message}")
    if count == 0:
        print("no hands")
        sys.exit(1)
    print(f"{count} hands checked, {faults} faults")
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
