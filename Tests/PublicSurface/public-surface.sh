#!/usr/bin/env bash
# Counts a library's public surface from the compiler's symbol graph of the built module: the public types
# declared at file scope (the issue's limit is 40) and the public declarations without a doc comment (the
# limit is none), then lists those as `path:line: kind name`. Package declarations are not counted: the
# graph is extracted at the public level, as DocC documents it.
#
#   Tests/PublicSurface/public-surface.sh [MODULE]     MODULE defaults to PresentationStateMachine
#
# Builds MODULE's target in debug first (`swift build --target`, which keeps the doc comments in the
# module's .swiftdoc), then runs `swift symbolgraph-extract` on the built module into a temporary folder.
# Not counted: declarations the compiler writes (a synthesized `hashValue`, `Codable` conformances, an
# inherited protocol default), which have no place in the sources. A declaration that implements a protocol
# requirement (`==`, `hash(into:)`, `next()`) has the requirement's doc comment, as DocC shows it.
# Exit status: 0 within both limits, 1 over either, 64 on a usage error.
set -euo pipefail

case "${1:-}" in -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
[[ $# -le 1 ]] || { echo "usage: $0 [MODULE]" >&2; exit 64; }
module="${1:-PresentationStateMachine}"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$repo"
swift build --target "$module" >&2
modules="$(swift build --show-bin-path)/Modules"
swift symbolgraph-extract -module-name "$module" -I "$modules" -minimum-access-level public \
  -output-dir "$work" -target "$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"

python3 - "$work" "$module" "$repo" <<'PYTHON'
import glob
import json
import os
import sys

folder, module, repo = sys.argv[1], sys.argv[2], sys.argv[3]
type_kinds = {"swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias", "swift.actor"}
symbols = {}
# The module's own graph, and one per module it extends (`MODULE@Swift` for an extension of `String`).
for path in sorted(glob.glob(os.path.join(folder, module + "*.symbols.json"))):
    for symbol in json.load(open(path))["symbols"]:
        precise = symbol["identifier"]["precise"]
        # Written by the compiler, not in the sources: nothing to document there.
        if "::SYNTHESIZED::" in precise or "location" not in symbol:
            continue
        symbols[precise] = symbol

types = sorted(
    s["pathComponents"][0] for s in symbols.values()
    if len(s["pathComponents"]) == 1 and s["kind"]["identifier"] in type_kinds)
undocumented = [s for s in symbols.values() if not s.get("docComment", {}).get("lines")]

def place(symbol):
    uri = symbol["location"]["uri"].removeprefix("file://")
    return os.path.relpath(uri, repo), symbol["location"]["position"]["line"] + 1

for symbol in sorted(undocumented, key=place):
    path, line = place(symbol)
    print(f"{path}:{line}: {symbol['kind']['displayName'].lower()} {'.'.join(symbol['pathComponents'])}")
print(f"{module}: {len(types)} public types at file scope (at most 40): {', '.join(types)}")
print(f"{module}: {len(symbols)} public declarations, {len(undocumented)} without a doc comment")
sys.exit(0 if len(types) <= 40 and not undocumented else 1)
PYTHON
