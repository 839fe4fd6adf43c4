#!/usr/bin/env python3
"""Writes the fuzzer's seed inputs: byte programs of ordinary scenes (one per seed chapter).

    make_seeds.py CALLS.json OUT_DIR

CALLS.json is the function table gen_harness.py writes (names, ring points, and the order in
which each decoder reads its arguments), so the seeds are encoded for the decoders that were
just generated. The byte formats are those of fuzz/fuzz_support.c; the tables mirrored here
(SECONDS, COUNTS, CAPACITIES, STRINGS) must follow that file.
"""

import json
import math
import os
import struct
import sys

SECONDS = [1 / 60, 1 / 120, 0.0, 0.1, 0.5]          # the first entries of fz_seconds' table
COUNTS = [0, 1, 2, 3, 4, 5, 8, 16, 17, 64, 200]      # fz_count
CAPACITIES = [0, 1, 2, 3, 8, 16, 64, 300]            # fz_capacity
STRINGS = ["floor", "wall", "a", "b", "", "left", "right"]  # fz_string


class Program:
    """Encodes calls; handles are named by the order they were created in."""

    def __init__(self, spec):
        self.functions = {f["name"]: f for f in spec["functions"]}
        self.records, self.enums = spec["records"], spec["enums"]
        self.bytes = bytearray()
        self.pools = {"anima_animator": 0, "anima_item": 0, "anima_behavior": 0,
                      "anima_animation": 0, "anima_timeline": 0}

    # --- values -------------------------------------------------------------------------
    def u8(self, b):
        self.bytes.append(b & 0xFF)

    def double(self, v):
        scaled = v * 64
        if math.isfinite(v) and scaled == int(scaled) and -32768 <= scaled < 32768:
            self.u8(128)
            self.bytes += struct.pack("<H", int(scaled) + 32768)
        else:
            self.u8(224)
            self.bytes += struct.pack("<d", v)

    def value(self, type_name, v):
        if type_name in self.pools and v == "null":
            self.u8({"anima_animator": 232}.get(type_name, 225))   # the null handle of fz_animator / fz_item / fz_behavior
        elif type_name in self.pools:
            assert v is None or 0 <= v < min(self.pools[type_name], 64) and v < 224, (type_name, v)
            self.u8(0 if v is None else v)
        elif type_name == "double":
            self.double(0.0 if v is None else v)
        elif type_name == "seconds":
            self.u8(SECONDS.index(1 / 60 if v is None else v))
        elif type_name == "int32_t":
            v = 0 if v is None else v
            if 0 <= v <= 4:
                self.u8(v)
            else:
                self.u8(200)
                self.bytes += struct.pack("<i", v)
        elif type_name == "uint32_t":
            self.bytes += struct.pack("<I", v or 0)
        elif type_name == "bool":
            self.u8(1 if v else 0)
        elif type_name == "void *":
            self.bytes += b"\0\0\0\0"
        elif type_name == "const char *":
            self.u8(STRINGS.index(v or "floor"))
        elif type_name.endswith("_fn"):
            self.u8(1 if v else 0)
        elif type_name in self.enums:
            self.u8(self.enums[type_name].index(0 if v is None else v))
        elif type_name.endswith("_def"):
            self.definition(type_name, v or {})
        elif type_name in self.records:
            fields = self.records[type_name]
            values = v if v is not None else [None] * len(fields)
            for (fname, ftype), fv in zip(fields, values):
                self.field(ftype, fv)
        else:
            raise ValueError(f"no encoding for {type_name}")

    def field(self, ftype, v):
        if "[" in ftype:
            elem, size = ftype[:-1].split("[")
            for k in range(int(size)):
                self.value(elem, None if v is None else v[k])
        else:
            self.value(ftype, v)

    def definition(self, type_name, changes):
        """A def: its defaults with the named fields changed (at most three)."""
        if type_name == "anima_field_def":
            self.value("anima_field_kind", changes.pop("kind", 0))
        fields = self.records[type_name]
        names = [f for f, _ in fields]
        entries = [(f, t) for f, t in fields
                   if not (f.endswith("_count") and f[:-len("_count")] in names)]
        assert len(changes) <= 3
        self.u8(len(changes))
        for fname, v in changes.items():
            index = [f for f, _ in entries].index(fname)
            self.u8(index)
            ftype = dict(entries)[fname]
            if ftype.startswith("const ") and ftype.endswith("*"):
                count, elements = len(v), v
                self.u8(COUNTS.index(count))
                self.u8(1)
                for e in elements:
                    self.value(ftype[len("const "):-1].strip(), e)
            else:
                self.field(ftype, v)

    def reenter(self, ops):
        """A callback's first byte: it runs `ops` (1...4) operations, encoded next."""
        assert 1 <= ops <= 4
        self.u8(ops - 1)

    def skip_callbacks(self, count):
        """Bytes that callbacks read and do nothing with (a field's evaluation reads two)."""
        self.bytes += bytes([255]) * count

    # --- calls --------------------------------------------------------------------------
    def snapshot(self, animator, mode=1):
        """anima_animator_snapshot's hand-written decoder (fuzz/fuzz_snapshot.c): the animator,
        then the mode (0 size only, 1 the two calls, keeping the bytes as the last snapshot)."""
        self.bytes += struct.pack("<I", self.functions["anima_animator_snapshot"]["point"])[:3]
        self.value("anima_animator", animator)
        self.u8(mode)

    def restore(self, mode=0, edits=(), length=0, raw=b"", succeeds=True):
        """anima_animator_restore's hand-written decoder: the mode (0 the last snapshot as it is,
        1 with `edits` and the CRC-32 made right, 2 with `edits`, 3 cut to `length`, 4 `raw`
        bytes, 5 `raw` behind a valid header), its bytes, and a non-NULL output. Each edit is
        (offset into the payload, kind 0 byte / 1 int32_t / 2 double, value)."""
        self.bytes += struct.pack("<I", self.functions["anima_animator_restore"]["point"])[:3]
        self.u8(mode)
        if mode in (1, 2):
            self.u8(len(edits) - 1)
            for offset, kind, v in edits:
                self.bytes += struct.pack("<I", offset)
                self.u8(kind)
                if kind == 0:
                    self.u8(v)
                elif kind == 1:
                    self.value("int32_t", v)
                else:
                    self.u8(224)
                    self.bytes += struct.pack("<d", v)
        elif mode == 3:
            self.bytes += struct.pack("<I", length)
        elif mode in (4, 5):
            self.bytes += struct.pack("<H", len(raw))
            self.bytes += raw
        self.u8(1)                                  # not NULL
        if succeeds:
            created = self.pools["anima_animator"]
            self.pools["anima_animator"] += 1
            return created
        return None

    def call(self, name, **args):
        f = self.functions[name]
        self.bytes += struct.pack("<I", f["point"])[:3]
        created = None
        for source, type_name, pname in f["arguments"]:
            v = args.get(pname, args.get(pname + "_"))
            if source == "value" and pname in ("item_id", "behavior_id"):
                self.u8(v)                          # the pool index of the item or behavior
            elif source == "value":
                self.value(type_name, v)
            elif source == "pointer":
                self.value(type_name, v)
                self.u8(1)                      # not NULL
            elif source == "array":
                elements = v or []
                self.u8(COUNTS.index(len(elements)))
                self.u8(1)
                for e in elements:
                    self.value(type_name, e)
            elif source == "capacity":
                capacity = args.get("capacity", 64)
                self.u8(CAPACITIES.index(capacity))
                if capacity <= 0:
                    self.u8(1)
            elif source == "tracker":
                self.u8(1)                      # not NULL
                self.u8(1)                      # not emptied
                self.u8(1)                      # not overwritten
            elif source == "out":
                self.u8(1)
                if type_name in self.pools:
                    created = self.pools[type_name]
                    self.pools[type_name] += 1
        return created


def scenes(spec):
    """Each scene: a name and a function that writes it."""

    def world(p, items=3, size=(50.0, 50.0)):
        a = p.call("anima_animator_create", def_={"has_reference_bounds": True,
                                                   "reference_bounds": [0.0, 0.0, 320.0, 480.0]})
        its = [p.call("anima_item_create", animator=a,
                      def_={"center": [60.0 + 70 * k, 60.0], "size": list(size)}) for k in range(items)]
        return a, its

    def add(p, a, *behaviors):
        """Adds the behaviors to animator `a`, in turn."""
        for b in behaviors:
            p.call("anima_animator_add_behavior", animator=a, behavior=b)

    def falling(p, a, its):
        """Gravity and a collision with the reference bounds over the items, not added yet."""
        g = p.call("anima_gravity_create", animator=a, items=its)
        c = p.call("anima_collision_create", animator=a, items=its,
                   def_={"translates_reference_bounds_into_boundary": True})
        return g, c

    def add_gravity(p, a, its):
        """Gravity over the items, added to animator `a`."""
        add(p, a, p.call("anima_gravity_create", animator=a, items=its))

    def gravity_collision(p):
        a, its = world(p)
        g, c = falling(p, a, its)
        add(p, a, g, c)
        p.call("anima_collision_add_boundary_segment", collision=c, identifier="floor", **{"from": [0.0, 300.0]}, to=[320.0, 310.0])
        p.call("anima_collision_set_hit_threshold", collision=c, threshold=50.0)
        p.call("anima_collision_set_pre_solve", collision=c, fn=True)
        for _ in range(4):
            p.call("anima_animator_advance", animator=a, seconds=0.5)
            p.call("anima_animator_get_contact_events", animator=a, began=True)
            p.call("anima_animator_get_hit_events", animator=a)
            p.call("anima_animator_get_sensor_events", animator=a, began=True)
            p.call("anima_animator_debug_draw", animator=a, draw=[True, True, True, True, 31, None])
            p.call("anima_animator_copy_item_poses", animator=a, capacity=16)
            p.call("anima_animator_copy_item_states", animator=a, capacity=16)
        p.call("anima_item_set_center", item=its[0], center=[200.0, 60.0])
        p.call("anima_item_destroy", item=its[0])
        p.call("anima_animator_step", animator=a)
        p.call("anima_item_get_mass", item=its[1])
        p.call("anima_collision_get_hit_threshold", collision=c)
        p.call("anima_item_set_sensor", item=its[1], sensor=True)
        p.call("anima_animator_advance", animator=a, seconds=0.5)
        p.call("anima_item_is_sensor", item=its[1])
        p.call("anima_item_get_sensor_visitors", item=its[1], capacity=16)
        p.call("anima_animator_get_sensor_events", animator=a, began=False)
        p.call("anima_collision_remove_all_boundaries", collision=c)
        p.call("anima_collision_set_translates_reference_bounds", collision=c, enabled=False)
        p.call("anima_animator_advance", animator=a, seconds=0.1)

    def attachments(p):
        a, its = world(p, items=4)
        add_gravity(p, a, its)
        made = [
            p.call("anima_attachment_create_to_anchor", animator=a, item=its[0], offset=[0.0, 0.0], anchor=[100.0, 10.0],
                   def_={"frequency": 2.0, "damping": 0.5}),
            p.call("anima_attachment_create_to_item", animator=a, item=its[0], offset=[10.0, 0.0], other=its[1], other_offset=[0.0, 0.0]),
            p.call("anima_attachment_create_pin", animator=a, item=its[1], other=its[2], anchor=[165.0, 60.0]),
            p.call("anima_attachment_create_fixed", animator=a, item=its[2], other=its[3], anchor=[235.0, 60.0]),
            p.call("anima_attachment_create_limit", animator=a, item=its[3], offset=[0.0, 0.0], other=its[0], other_offset=[0.0, 0.0]),
            p.call("anima_attachment_create_sliding", animator=a, item=its[1], other="null", anchor=[130.0, 60.0], axis=[1.0, 0.0]),
        ]
        add(p, a, *made)
        p.call("anima_attachment_set_range", attachment=made[2], lower=-1.0, upper=1.0)
        p.call("anima_attachment_set_anchor_point", attachment=made[0], point=[120.0, 20.0])
        for _ in range(3):
            p.call("anima_animator_advance", animator=a, seconds=0.5)

    def snap_push(p):
        a, its = world(p, items=3)
        s = p.call("anima_snap_create", animator=a, item=its[0], point=[160.0, 240.0])
        u = p.call("anima_push_create", animator=a, items=its[1:], def_={"mode": 1, "magnitude": 2.0, "angle": 0.5})
        ib = p.call("anima_item_behavior_create", animator=a, items=its,
                    def_={"elasticity": 0.5, "friction": 0.2, "resistance": 1.0})
        add(p, a, s, u, ib)
        p.call("anima_push_set_target_offset", push=u, item=its[1], offset=[5.0, 5.0])
        p.call("anima_item_behavior_add_linear_velocity", behavior=ib, item=its[2], velocity=[300.0, -100.0])
        p.call("anima_animator_advance", animator=a, seconds=0.5)
        p.call("anima_push_set_active", push=u, active=True)
        p.call("anima_snap_set_point", snap=s, point=[50.0, 50.0])
        p.call("anima_animator_advance", animator=a, seconds=0.5)

    def fields(p):
        a, its = world(p, items=4)
        ib = p.call("anima_item_behavior_create", animator=a, items=its, def_={"charge": 1.0})
        add(p, a, ib)
        for kind in range(10):
            f = p.call("anima_field_create", animator=a, items=its,
                       def_={"kind": kind, "position": [160.0, 240.0], "direction": [1.0, 0.5],
                             "region": [2, [100.0, 100.0], 200.0, False]})
            add(p, a, f)
        p.call("anima_animator_advance", animator=a, seconds=0.5)

    def composite_custom(p):
        a, its = world(p, items=2)
        parent = p.call("anima_behavior_create", animator=a)
        g = p.call("anima_gravity_create", animator=a, items=its)
        p.call("anima_behavior_add_child", parent=parent, child=g)
        add(p, a, parent)
        f = p.call("anima_field_create", animator=a, items=its, def_={"kind": 10})
        add(p, a, f)
        p.call("anima_animator_advance", animator=a, seconds=0.1)
        p.call("anima_behavior_set_action", behavior=parent, action=True)
        p.call("anima_field_set_evaluation", field=f, evaluate=True)
        p.call("anima_animator_advance", animator=a, seconds=0.1)

    def animations(p):
        a, its = world(p, items=2)
        p.call("anima_animation_begin", animator=a, def_={"duration": 0.5, "repeat_count": 2.0, "autoreverses": True})
        p.call("anima_item_set_center", item=its[0], center=[200.0, 300.0])
        p.call("anima_item_set_alpha", item=its[1], alpha=0.5)
        anim = p.call("anima_animation_commit", animator=a)
        p.call("anima_animator_advance", animator=a, seconds=0.1)
        p.call("anima_animation_pause", animator=a, animation=anim)
        p.call("anima_animation_set_fraction_complete", animator=a, animation=anim, fraction=0.5)
        p.call("anima_animation_continue", animator=a, animation=anim, duration_factor=1.0)
        p.call("anima_animation_begin_keyframes", animator=a, def_={"duration": 1.0}, mode=2)
        p.call("anima_animation_add_keyframe", animator=a, relative_start=0.0, relative_duration=0.5)
        p.call("anima_item_set_center", item=its[1], center=[100.0, 100.0])
        p.call("anima_animation_add_keyframe", animator=a, relative_start=0.5, relative_duration=0.5)
        p.call("anima_item_set_center", item=its[1], center=[10.0, 200.0])
        p.call("anima_animation_commit", animator=a)
        p.call("anima_animation_start_decay", item=its[0], def_={"velocity": [500.0, -200.0, 0, 0, 0]})
        p.call("anima_timeline_begin", animator=a)
        p.call("anima_animation_begin", animator=a, def_={"curve": 6, "duration": 0.5})
        p.call("anima_item_set_center", item=its[0], center=[20.0, 20.0])
        p.call("anima_animation_commit", animator=a)
        t = p.call("anima_timeline_commit", animator=a)
        p.call("anima_timeline_seek", animator=a, timeline=t, time=0.25)
        p.call("anima_timeline_play", animator=a, timeline=t)
        for _ in range(3):
            p.call("anima_animator_advance", animator=a, seconds=0.5)
        p.call("anima_timing_css_linear", def_={"curve": 7}, max_error=0.001, buffer=None, capacity=300)
        p.call("anima_timing_evaluate", def_={"curve": 5}, t=0.25)
        # last, since a completion reads the program's next bytes when it runs
        p.call("anima_animation_begin", animator=a, def_={"duration": 0.1})
        p.call("anima_item_set_alpha", item=its[0], alpha=0.0)
        p.call("anima_animation_commit", animator=a, completion=True)
        p.call("anima_animator_advance", animator=a, seconds=0.5)

    def paths(p):
        a, its = world(p, items=2)
        p.call("anima_item_set_path", item=its[0], points=[[-20.0, -20.0], [-20.0, 20.0], [20.0, 20.0], [20.0, -20.0]])
        c = p.call("anima_collision_create", animator=a, items=its)
        g = p.call("anima_gravity_create", animator=a, items=its)
        p.call("anima_collision_add_boundary_path", collision=c, identifier="wall", elements=[
            [0, [[0.0, 200.0], [0.0, 0.0], [0.0, 0.0]]],
            [2, [[160.0, 300.0], [320.0, 200.0], [0.0, 0.0]]],
            [3, [[300.0, 100.0], [200.0, 400.0], [10.0, 400.0]]],
        ])
        add(p, a, c, g)
        p.call("anima_animator_advance", animator=a, seconds=0.5)
        p.call("anima_collision_get_boundary", collision=c, identifier="wall", capacity=300)

    def delegates(p):
        a, its = world(p, items=3)
        g, c = falling(p, a, its)
        add(p, a, g, c)
        p.call("anima_animator_set_delegate", animator=a, will_resume=True, did_pause=True)
        p.call("anima_collision_set_delegate", collision=c, began=True, ended=True)
        p.call("anima_animator_set_step_callback", animator=a, callback=True)
        p.call("anima_animator_advance", animator=a, seconds=0.5)

    # Each of these programs killed the process before the engine refused or handled it.
    def regress_field_creates_items(p):
        a, its = world(p, items=1)
        add_gravity(p, a, its)
        f = p.call("anima_field_create", animator=a, items=its, def_={"kind": 10})
        p.call("anima_field_set_evaluation", field=f, evaluate=True)
        add(p, a, f)
        p.call("anima_animator_advance", animator=a, seconds=0.5)
        # one evaluation a step (60 in all): the first 16 make 64 items that no behavior
        # governs yet; the next, inside the solver, puts them all under a new gravity and
        # reads a mass (which used to rebuild the graph for 65 items in mid-step)
        for block in range(16):
            p.reenter(4)
            for _ in range(4):
                p.call("anima_item_create", animator=a, def_={"center": [float(block), 0.0]})
            p.u8(1)                                 # no force written
        p.reenter(3)
        g2 = p.call("anima_gravity_create", animator=a, items=list(range(64)))
        add(p, a, g2)
        p.call("anima_item_get_mass", item=40)
        p.u8(1)
        p.skip_callbacks(2 * (60 - 17))
        p.call("anima_animator_advance", animator=a, seconds=0.1)

    def regress_tiny_duration(p):
        a, its = world(p, items=1)
        p.call("anima_animation_begin", animator=a,
               def_={"duration": 5e-324, "repeat_count": math.inf, "autoreverses": True})
        p.call("anima_item_set_center", item=its[0], center=[100.0, 100.0])
        p.call("anima_animation_commit", animator=a)
        p.call("anima_animator_advance", animator=a, seconds=1 / 60)

    def regress_moved_then_destroyed(p):
        a, its = world(p, items=2)
        c = p.call("anima_collision_create", animator=a, items=its)
        g = p.call("anima_gravity_create", animator=a, items=its)
        add(p, a, c, g)
        p.call("anima_animator_step", animator=a)
        p.call("anima_item_set_center", item=its[0], center=[200.0, 60.0])
        p.call("anima_item_destroy", item=its[0])
        p.call("anima_animator_step", animator=a)
        p.call("anima_animator_advance", animator=a, seconds=0.1)

    def regress_boundaries_after_rebuild(p):
        a, its = world(p, items=2)
        c = p.call("anima_collision_create", animator=a, items=its,
                   def_={"translates_reference_bounds_into_boundary": True})
        g = p.call("anima_gravity_create", animator=a, items=its)
        p.call("anima_collision_add_boundary_segment", collision=c, identifier="floor", **{"from": [0.0, 200.0]}, to=[320.0, 200.0])
        p.call("anima_collision_add_boundary_segment", collision=c, identifier="wall", **{"from": [10.0, 0.0]}, to=[10.0, 480.0])
        add(p, a, c, g)
        # reading a mass rebuilds the graph outside a step: the boundaries get their proxies
        p.call("anima_item_get_mass", item=its[0])
        p.call("anima_collision_remove_all_boundaries", collision=c)
        p.call("anima_collision_set_translates_reference_bounds", collision=c, enabled=False)
        p.call("anima_animator_step", animator=a)
        p.call("anima_animator_advance", animator=a, seconds=0.1)

    def regress_huge_advance(p):
        a, its = world(p, items=1)
        add_gravity(p, a, its)
        p.bytes += struct.pack("<I", p.functions["anima_animator_advance"]["point"])[:3]
        p.u8(0)
        p.u8(12)                                    # fz_seconds' 1e300

    def regress_long_lever_weld(p):
        # a fixed attachment made while one item flies and spins, its anchor 5 600 pt from
        # that item: the point and angle parts of the weld, solved in turn, ran away to NaN
        a = p.call("anima_animator_create")
        flying = p.call("anima_item_create", animator=a,
                        def_={"center": [-5575.25, -198.87], "linear_velocity": [-10898.04, -385.98],
                              "angular_velocity": -121.24})
        still = p.call("anima_item_create", animator=a)
        p.call("anima_item_set_shape", item=flying, shape=1)
        w = p.call("anima_attachment_create_fixed", animator=a, item=flying, other=still, anchor=[510.0, 0.0])
        add(p, a, w)
        for _ in range(4):
            p.call("anima_animator_advance", animator=a, seconds=0.5)

    def regress_welded_items_in_contact(p):
        # two boxes on one spot in one collision behavior, welded to each other (anchor far
        # off) and one of them to a third: the contact fought the welds until NaN
        a = p.call("anima_animator_create")
        first = p.call("anima_item_create", animator=a, def_={"center": [200.0, 60.0], "size": [50.0, 50.0]})
        second = p.call("anima_item_create", animator=a, def_={"center": [200.0, 60.0], "size": [50.0, 50.0]})
        third = p.call("anima_item_create", animator=a)
        c = p.call("anima_collision_create", animator=a, items=[first, second, third])
        add(p, a, c)
        w1 = p.call("anima_attachment_create_fixed", animator=a, item=second, other=first, anchor=[-510.0, -512.0])
        w2 = p.call("anima_attachment_create_fixed", animator=a, item=first, other=third, anchor=[0.0, 0.0])
        add(p, a, w2, w1)
        for _ in range(4):
            p.call("anima_animator_advance", animator=a, seconds=0.5)

    def snapshot_restore(p):
        # a scene mid-fall, restored, stepped, looked up by id, and restored again from the copy
        a, its = world(p, items=4)
        g, c = falling(p, a, its)
        s = p.call("anima_attachment_create_to_anchor", animator=a, item=its[3], offset=[0.0, 0.0], anchor=[280.0, 20.0],
                   def_={"frequency": 2.0, "damping": 0.3})
        add(p, a, g, c, s)
        p.call("anima_collision_set_delegate", collision=c, began=True, ended=False)
        p.call("anima_animation_begin", animator=a, def_={"duration": 1.0})
        p.call("anima_item_set_alpha", item=its[0], alpha=0.2)
        p.call("anima_animation_commit", animator=a)
        p.call("anima_animator_advance", animator=a, seconds=0.5)
        p.snapshot(a)
        b = p.restore(0)
        p.call("anima_animator_get_detached_callbacks", animator=b, capacity=16)
        p.call("anima_animator_find_item", animator=b, item_id=2)
        p.call("anima_animator_find_behavior", animator=b, behavior_id=1)
        p.call("anima_animator_advance", animator=b, seconds=0.5)
        p.call("anima_animator_advance", animator=a, seconds=0.5)
        p.snapshot(b)
        p.restore(0)
        p.call("anima_animator_advance", animator=a, seconds=0.1)

    def restore_broken(p):
        # a snapshot overwritten field by field with the CRC-32 made right, and broken otherwise
        a, its = world(p, items=3)
        g, c = falling(p, a, its)
        add(p, a, g, c)
        p.call("anima_animator_advance", animator=a, seconds=0.5)
        p.snapshot(a)
        for offset in (0, 40, 120, 400, 900, 1500, 2500):
            p.restore(1, edits=[(offset, 0, 0xFF)], succeeds=False)
            p.restore(1, edits=[(offset + 3, 1, -1), (offset + 11, 2, math.nan)], succeeds=False)
        p.restore(2, edits=[(64, 0, 1)], succeeds=False)
        p.restore(3, length=100, succeeds=False)
        p.restore(4, raw=b"ANIMASNP" + bytes(40), succeeds=False)
        p.restore(5, raw=b"CONF" + bytes(12), succeeds=False)
        p.call("anima_animator_advance", animator=a, seconds=0.1)

    def gestures(p):
        a, its = world(p, items=3)
        c = p.call("anima_collision_create", animator=a, items=its,
                   def_={"translates_reference_bounds_into_boundary": True})
        add(p, a, c)
        p.call("anima_animator_item_at_point", animator=a, point=[60.0, 60.0])
        d = p.call("anima_drag_begin", animator=a, item=its[0], point=[62.0, 58.0], time=0.0,
                   def_={"max_acceleration": 50000.0})
        for k in range(1, 5):
            p.call("anima_drag_move", drag=d, point=[62.0 + 10 * k, 58.0], time=k / 60)
            p.call("anima_velocity_tracker_add", time=k / 60, point=[62.0 + 10 * k, 58.0])
            p.call("anima_animator_advance", animator=a, seconds=1 / 60)
            p.call("anima_animator_copy_display_poses", animator=a, capacity=16)
        p.call("anima_velocity_tracker_get_velocity", time=0.07)
        p.call("anima_drag_end", drag=d, time=0.07)
        p.call("anima_project_momentum", position=[100.0, 100.0], velocity=[600.0, 0.0], rate=0.998)
        p.call("anima_rubber_band_clamp", value=-40.0, lower=0.0, upper=320.0, dimension=320.0, c=0.55)
        p.call("anima_animator_advance", animator=a, seconds=0.5)

    def groups(p):
        a, its = world(p, items=4)
        grp = p.call("anima_group_create", animator=a, items=its[:3])
        g, c = falling(p, a, [grp, its[3]])
        add(p, a, g, c)
        p.call("anima_item_set_awake", item=its[3], awake=False)
        p.call("anima_item_set_collision_group", item=its[0], group=5)
        p.call("anima_item_set_collision_group", item=its[3], group=5)
        p.call("anima_item_set_collision_group", item=grp, group=2)
        p.call("anima_item_set_angular_velocity", item=grp, velocity=2.0)
        p.call("anima_animator_advance", animator=a, seconds=0.5)
        p.call("anima_item_is_awake", item=its[3])
        p.call("anima_item_get_collision_group", item=its[3])
        p.call("anima_item_set_collision_group", item=its[3], group=0)
        p.call("anima_group_get_parts", group=grp, capacity=8)
        p.call("anima_item_get_group", item=its[1])
        p.call("anima_item_get_part_pose", item=its[1])
        p.call("anima_item_is_group", item=grp)
        p.call("anima_item_set_center", item=its[1], center=[10.0, 10.0])
        p.call("anima_drag_begin", animator=a, item=its[2], point=[200.0, 60.0], time=0.0)
        p.call("anima_item_destroy", item=its[0])
        p.call("anima_animator_advance", animator=a, seconds=0.5)
        p.call("anima_item_destroy", item=grp)
        p.call("anima_animator_advance", animator=a, seconds=0.1)

    return [("groups", groups), ("gestures", gestures), ("snapshot_restore", snapshot_restore), ("restore_broken", restore_broken),
            ("regress_field_creates_items", regress_field_creates_items),
            ("regress_welded_items_in_contact", regress_welded_items_in_contact),
            ("regress_long_lever_weld", regress_long_lever_weld), ("regress_tiny_duration", regress_tiny_duration),
            ("regress_moved_then_destroyed", regress_moved_then_destroyed),
            ("regress_boundaries_after_rebuild", regress_boundaries_after_rebuild), ("regress_huge_advance", regress_huge_advance),
            ("gravity_collision", gravity_collision), ("attachments", attachments), ("snap_push", snap_push),
            ("fields", fields), ("composite_custom", composite_custom), ("animations", animations),
            ("paths", paths), ("delegates", delegates)]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    spec = json.load(open(sys.argv[1]))
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    written = 0
    for name, write in scenes(spec):
        p = Program(spec)
        try:
            write(p)
        except KeyError as e:   # a header without that function
            print(f"make_seeds: {name} skipped: the header has no {e}")
            continue
        with open(os.path.join(out, name), "wb") as fh:
            fh.write(bytes(p.bytes))
        written += 1
    print(f"make_seeds: {written} seed programs in {out}")


if __name__ == "__main__":
    main()
