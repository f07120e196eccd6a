"""The reference for CompactReaderProbe's `dump`: the same fields of every line in the writer's layout,
read with Python's json module.

    python3 reference.py TRACE > expected.txt

A line is in the writer's layout when it starts with `{"t":`, its first keys are t, id and event, and
every other key is one the probe reads; the probe passes over the rest.
"""
import json
import sys

# Where each key's value goes, as the probe's `keyField` says: first, second, a flag's position, presenter,
# style.
FIRST = {"duration", "percent", "width", "translation", "completionSpeed", "index"}
SECOND = {"height", "velocity"}
FLAGS = {"animated": 0, "completed": 1, "didComplete": 2, "wantsInteractiveStart": 3}


def text(value):
    return "-" if value is None else repr(float(value))


for number, line in enumerate(open(sys.argv[1], "rb"), 1):
    if not line.startswith(b'{"t":'):
        continue
    record = json.loads(line)
    keys = list(record)
    if keys[:3] != ["t", "id", "event"]:
        continue
    if any(key not in FIRST | SECOND | set(FLAGS) | {"presenter", "style"} for key in keys[3:]):
        continue
    first = second = presenter = style = None
    flags = ["-"] * 4
    for key in keys[3:]:
        value = record[key]
        if key in FIRST:
            first = value
        elif key in SECOND:
            second = value
        elif key in FLAGS:
            flags[FLAGS[key]] = "1" if value else "0"
        elif key == "presenter":
            presenter = value
        else:
            style = value
    print(number, text(record["t"]), record["id"], record["event"], text(first), text(second),
          presenter or "-", style or "-", "".join(flags))
