"""A test program that misbehaves as its first argument says: crash, hang, garbage, wrong-id."""

import json
import sys
import time

how = sys.argv[1]
for line in sys.stdin:
    doc = json.loads(line)
    if how == "crash":
        sys.stderr.write("Traceback: something broke\n")
        sys.exit(3)
    if how == "hang":
        time.sleep(30)
    if how == "garbage":
        print("hello", flush=True)
    if how == "silent":
        sys.exit(0)
