"""Out of memory is an error, not an abort: under a real address-space limit (`ulimit -v`), a
loop that makes items until memory runs out stops with anima.OutOfMemoryError (a MemoryError),
and the interpreter, the animator that ran out and another one made before it all go on."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

CHILD = textwrap.dedent(
    """
    import json, resource
    import anima

    keep = anima.Animator(reference_bounds=(0, 0, 320, 480))
    ball = anima.Item(keep, center=(160, 100), size=(40, 40), shape="ellipse")
    keep.add_behavior(anima.Gravity([ball]))

    def vm_size():
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024

    room = 384 << 20
    limit = vm_size() + room
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))

    full = anima.Animator()
    made, error = 0, None
    try:
        while made < 50_000_000:
            anima.Item(full, center=(made % 1000, made // 1000), size=(5, 5))
            made += 1
    except MemoryError as e:
        error = e
    last = anima.Item(full, center=(0, 0), size=(5, 5)) if error is None else None
    # the animator that ran out still answers, and so does the other one
    probe = anima.Item(keep, center=(10, 10), size=(5, 5))
    for _ in range(30):
        keep.step()
    full.step()
    resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    after = anima.Item(full, center=(1, 1), size=(5, 5))
    print(json.dumps({
        "made": made, "room": room,
        "error": type(error).__name__ if error else None,
        "is_anima": isinstance(error, anima.OutOfMemoryError),
        "message": str(error) if error else "",
        "ball_y": ball.center[1],
        "after_center": list(after.center),
    }))
    """
)


def test_a_loop_that_makes_items_until_memory_runs_out_stops_with_memory_error():
    run = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"the interpreter died ({run.returncode}): {run.stderr[-2000:]}"
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["error"] == "OutOfMemoryError" and out["is_anima"], out
    assert "anima_item_create" in out["message"] and "bytes" in out["message"], out["message"]
    # the storage holds about 300 bytes an item: the limit's room is reached after a million or so
    assert 100_000 < out["made"] < out["room"] // 100, out
    # the other animator stepped on: 30 frames of gravity from rest move the ball down
    assert out["ball_y"] > 100, out
    assert out["after_center"] == [1.0, 1.0], out
