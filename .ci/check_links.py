#!/usr/bin/env python3
"""Every relative link of the repository's Markdown resolves: the file (or directory) it
names exists, and its `#anchor`, in a Markdown file, is a heading there (as a forge slugs
it: lowercase, punctuation dropped, spaces to hyphens, repeats numbered) or an explicit
`<a id="...">`. Links inside code are not links. Run from anywhere: python3 .ci/check_links.py
"""

import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SKIP_DIRS = {"target", "node_modules", ".git"}
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")


def markdown_files():
    for top, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for name in files:
            if name.endswith(".md"):
                yield os.path.join(top, name)


def prose(path):
    """The file's lines outside fenced code, with inline code blanked."""
    fenced = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            if not fenced:
                yield number, re.sub(r"`[^`]*`", "``", line)


def slug(heading):
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        fenced = False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                    continue
                if fenced:
                    continue
                found.update(ANCHOR.findall(line))
                heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
                if heading:
                    base = slug(heading.group(1))
                    n = seen.get(base, 0)
                    seen[base] = n + 1
                    found.add(base if n == 0 else f"{base}-{n}")
        cache[path] = found
    return cache[path]


def main():
    broken = []
    checked = 0
    for path in sorted(markdown_files()):
        for number, line in prose(path):
            for target in LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue
                checked += 1
                file_part, _, anchor = target.partition("#")
                resolved = (
                    os.path.normpath(os.path.join(os.path.dirname(path), file_part))
                    if file_part
                    else path
                )
                where = f"{os.path.relpath(path, ROOT)}:{number}: {target}"
                if not os.path.exists(resolved):
                    broken.append(f"{where}: no such file")
                elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    broken.append(f"{where}: no such anchor")
    for line in broken:
        print(line, file=sys.stderr)
    if broken:
        print(f"FAILED: {len(broken)} of {checked} relative links do not resolve", file=sys.stderr)
        return 1
    print(f"docs: {checked} relative links resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
