#!/usr/bin/env python3
"""Writes the per-function decoders of the API fuzzer from include/anima.h.

    gen_harness.py HEADER OUT.c [--clang CLANG] [--list OUT.json]

The header is parsed by clang itself (`-Xclang -ast-dump=json`), so every function, struct and
enum the header declares is seen as the compiler sees it. Each function gets one decoder that
draws each argument from the value source of its type (fuzz.h), calls the function and checks
its contract; a parameter type with no source stops the generator with an error, so a function
added to the header is either fuzzed or named here as a failure.

Argument patterns recognised, by type and name:
  const T *x, int32_t <...>count        an input array: an honest buffer of `count` elements
  T *out_x, int32_t capacity, ...        an output array of `capacity` elements
  T *out_x                                an output: poisoned, and checked untouched on failure
  const T *x (T a struct)                 a struct value, or NULL now and then
  const char *x                           an identifier from a fixed set, or NULL
  *_fn                                    a callback that runs more of the program, or NULL
  anima_velocity_tracker *x               the program's tracker (fuzz_support.c), or NULL
"""

import argparse
import json
import subprocess
import sys

HANDLES = {
    "anima_animator": "fz_animator", "anima_item": "fz_item", "anima_behavior": "fz_behavior",
    "anima_animation": "fz_animation", "anima_timeline": "fz_timeline", "anima_value": "fz_value",
    "anima_detent_drag": "fz_detent_drag",
}
SCALARS = {
    "double": "fz_double()", "bool": "fz_bool()", "int32_t": "fz_int32()", "uint32_t": "fz_u32()",
    "uint16_t": "fz_u16()", "void *": "fz_opaque()", "const char *": "fz_string()", "uint64_t": "fz_u64()",
}
# Scalars drawn by parameter name: ids of recorded objects, mostly, so that the lookups find something.
NAMED = {("uint64_t", "item_id"): "fz_item_id()", ("uint64_t", "behavior_id"): "fz_behavior_id()"}
# Functions whose decoders are written by hand (fuzz/fuzz_snapshot.c): the snapshot buffer and
# the bytes to restore are made from the program's state, not drawn field by field.
HANDWRITTEN = {"anima_animator_snapshot": "fz_call_snapshot", "anima_animator_restore": "fz_call_restore"}
CALLBACKS = {"anima_animator_event_fn", "anima_behavior_action_fn", "anima_contact_fn", "anima_field_fn",
             "anima_animation_completion_fn", "anima_value_fn", "anima_debug_polygon_fn", "anima_debug_circle_fn",
             "anima_debug_segment_fn", "anima_debug_point_fn", "anima_pre_solve_fn"}
# Outputs that are fixed-size arrays, as their header comment says ("5 doubles each"): (function,
# parameter) -> element count.
FIXED_OUTPUTS = {
    ("anima_animation_get_property_state", "out_value"): 5, ("anima_animation_get_property_state", "out_velocity"): 5,
    ("anima_animation_get_value_state", "out_value"): 4, ("anima_animation_get_value_state", "out_velocity"): 4,
    ("anima_item_get_animated_velocity", "out_velocity"): 5,
}
# Outputs that are arrays of as many elements as an input count says, as their header comment
# says ("out_hits[i] for rays[i]"): (function, parameter) -> the count parameter. The harness's
# counts (fz_count) stay below MAX_ARRAY.
COUNTED_OUTPUTS = {("anima_animator_ray_cast_closest_batch", "out_hits"): "ray_count"}
# Output arrays whose capacity counts groups of elements, as their header comment says
# ("3 doubles per item").
CAPACITY_UNITS = {"anima_animator_copy_item_poses": 3, "anima_animator_copy_display_poses": 3}
# Larger inputs than any listed count are not generated: an honest caller's buffer of this many
# elements is the most the harness allocates.
MAX_ARRAY = 4096


class Unsupported(Exception):
    pass


def fnv1a32(text):
    h = 0x811C9DC5
    for b in text.encode():
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def clean(type_name):
    """The type as written in C99 terms (clang spells bool as _Bool in C)."""
    return type_name.replace("_Bool", "bool").strip()


def enum_values(node):
    values, nxt = [], 0
    for c in node.get("inner", []):
        if c.get("kind") != "EnumConstantDecl":
            continue
        value = nxt
        stack = list(c.get("inner", []))
        while stack:
            n = stack.pop()
            if "value" in n:
                value = int(n["value"])
                break
            stack.extend(n.get("inner", []))
        values.append((c["name"], value))
        nxt = value + 1
    return values


class Header:
    def __init__(self, ast):
        self.functions, self.records, self.enums = [], {}, {}
        for node in ast["inner"]:
            kind, name = node.get("kind"), node.get("name", "")
            if kind == "FunctionDecl" and name.startswith("anima_") and name not in {f["name"] for f in self.functions}:
                self.functions.append(node)
            elif kind == "RecordDecl" and name.startswith("anima_") and node.get("completeDefinition"):
                self.records[name] = [(f["name"], clean(f["type"]["qualType"])) for f in node.get("inner", [])
                                      if f.get("kind") == "FieldDecl"]
            elif kind == "EnumDecl" and name.startswith("anima_"):
                self.enums[name] = enum_values(node)
        self.function_names = {f["name"] for f in self.functions}


class Writer:
    def __init__(self, header):
        self.h = header
        self.helpers = {}     # name -> C text, in dependency order
        self.order = []
        self.shapes = {}      # function -> the order its decoder reads argument bytes in

    # --- value sources ------------------------------------------------------------------

    def value(self, type_name, name=""):
        """A C expression that produces a fresh value of the type."""
        t = type_name.strip()
        if t in HANDLES:
            return HANDLES[t] + "()"
        if t == "double" and name == "seconds":
            return "fz_seconds()"
        if (t, name) in NAMED:
            return NAMED[(t, name)]
        if t in SCALARS:
            return SCALARS[t]
        if t in self.h.enums:
            return self.enum_source(t) + "()"
        if t in CALLBACKS:
            return f"fz_cb_{t}()"
        if t in self.h.records:
            return self.record_source(t) + "()"
        raise Unsupported(f"no value source for type '{t}'")

    def enum_source(self, t):
        fn = f"fz_enum_{t}"
        if fn not in self.helpers:
            values = ", ".join(str(v) for _, v in self.h.enums[t])
            n = len(self.h.enums[t])
            self.add(fn, f"static {t} {fn}(void)\n{{\n    static const int32_t values[] = {{{values}}};\n"
                         f"    return ({t})fz_enum(values, {n});\n}}\n")
        return fn

    def field_assignments(self, record, target):
        """One list of C statements per field (a pointer and its count field form one entry)."""
        fields = self.h.records[record]
        names = [f for f, _ in fields]
        entries = []
        skip = set()
        for k, (fname, ftype) in enumerate(fields):
            if fname in skip:
                continue
            if ftype.startswith("const ") and ftype.endswith("*") and ftype != "const char *":
                count = next((f for f in names if f == fname + "_count"), None)
                if count is None:
                    raise Unsupported(f"pointer field {record}.{fname} has no {fname}_count field")
                skip.add(count)
                elem = ftype[len("const "):-1].strip()
                entries.append([f"{target}.{count} = fz_count();",
                                f"{target}.{fname} = {self.array_source(elem)}({target}.{count});"])
                continue
            if "[" in ftype:
                elem, size = ftype[:-1].split("[")
                entries.append([f"for (int k = 0; k < {int(size)}; k++) {{ {target}.{fname}[k] = {self.value(elem)}; }}"])
                continue
            entries.append([f"{target}.{fname} = {self.value(ftype, fname)};",
                            self.trace_field(record, fname, ftype, f"{target}.{fname}")])
        return entries

    @staticmethod
    def trace_field(record, fname, ftype, lvalue):
        """A statement that prints a changed def field under ANIMA_FUZZ_TRACE=1."""
        formats = {"double": ("%.17g", "{}"), "bool": ("%d", "(int){}"), "int32_t": ("%d", "(int){}"),
                   "uint32_t": ("%u", "(unsigned){}"), "uint16_t": ("%u", "(unsigned){}")}
        fmt, cast = formats.get(ftype, ("(changed)", None))
        args = f", {cast.format(lvalue)}" if cast else ""
        return f'if (fz_trace) fz_trace_field("{record}.{fname} = {fmt}"{args});'

    def record_source(self, t):
        fn = f"fz_rec_{t}"
        if fn in self.helpers:
            return fn
        self.helpers[fn] = None   # reserve (recursion guard)
        default = "anima_default_" + t[len("anima_"):]
        if t.endswith("_def") and default in self.h.function_names:
            fdecl = next(f for f in self.h.functions if f["name"] == default)
            args = ", ".join(self.value(clean(p["type"]["qualType"]), p.get("name", ""))
                             for p in fdecl.get("inner", []) if p.get("kind") == "ParmVarDecl")
            entries = self.field_assignments(t, "v")
            cases = "".join(f"        case {k}: {' '.join(e)} break;\n" for k, e in enumerate(entries))
            body = (f"    {t} v = {default}({args});\n"
                    f"    /* the defaults, with up to three fields changed */\n"
                    f"    for (int n = fz_u8() % 4; n > 0; n--) {{\n"
                    f"        switch (fz_u8() % {len(entries)}) {{\n{cases}        default: break;\n        }}\n    }}\n")
        else:
            body = f"    {t} v;\n    memset(&v, 0, sizeof v);\n"
            for e in self.field_assignments(t, "v"):
                body += "".join(f"    {s}\n" for s in e)
        self.add(fn, f"static {t} {fn}(void)\n{{\n{body}    return v;\n}}\n")
        return fn

    def array_source(self, elem):
        safe = elem.replace(" ", "_")
        fn = f"fz_array_{safe}"
        if fn not in self.helpers:
            source = self.value(elem)
            self.add(fn, f"/* An honest input array: count elements (none for count <= 0), or NULL now and then. */\n"
                         f"static const {elem} *{fn}(int32_t count)\n{{\n"
                         f"    if (fz_one_in(16)) {{\n        return NULL;\n    }}\n"
                         f"    size_t n = count > 0 ? (size_t)count : 0;\n"
                         f"    if (n > {MAX_ARRAY}) {{\n        n = {MAX_ARRAY};\n    }}\n"
                         f"    {elem} *a = fz_alloc(n, sizeof *a);\n"
                         f"    for (size_t k = 0; k < n; k++) {{\n        a[k] = {source};\n    }}\n"
                         f"    return a;\n}}\n")
        return fn

    def add(self, fn, text):
        self.helpers[fn] = text
        self.order.append(fn)

    # --- one decoder per function -------------------------------------------------------

    def decoder(self, f):
        name = f["name"]
        if name in HANDWRITTEN:
            self.shapes[name] = [["handwritten", name, ""]]
            return f"static void call_{name}(void)\n{{\n    {HANDWRITTEN[name]}();\n}}\n"
        params = [(p.get("name", f"a{k}"), clean(p["type"]["qualType"])) for k, p in enumerate(f.get("inner", []))
                  if p.get("kind") == "ParmVarDecl"]
        result = clean(f["type"]["qualType"].split("(")[0])
        decl, args, after, trace = [], [], [], []
        outs = []     # (variable, type) of poisoned outputs
        shape = []    # what the decoder reads, in order: [source, type, parameter]
        k = 0
        while k < len(params):
            pname, ptype = params[k]
            nxt = params[k + 1] if k + 1 < len(params) else None
            is_ptr = ptype.endswith("*")
            base = ptype[:-1].strip() if is_ptr else ptype
            if is_ptr and base.startswith("const ") and nxt and nxt[1] == "int32_t" and nxt[0].endswith("count") \
                    and ptype != "const char *":
                elem = base[len("const "):]
                decl.append(f"int32_t {nxt[0]} = fz_count();")
                decl.append(f"const {elem} *{pname} = {self.array_source(elem)}({nxt[0]});")
                shape.append(["array", elem, pname])
                args += [pname, nxt[0]]
                trace.append(("%d", nxt[0], nxt[0]))
                k += 2
                continue
            if is_ptr and not base.startswith("const ") and nxt and nxt[0] == "capacity":
                decl.append("int32_t capacity = fz_capacity();")
                shape.append(["capacity", base, pname])
                unit = CAPACITY_UNITS.get(name, 1)
                decl.append(f"{base} *{pname} = capacity > 0 || !fz_one_in(2) ? "
                            f"fz_alloc(capacity > 0 ? {unit} * (size_t)capacity : 0, sizeof({base})) : NULL;")
                args += [pname, "capacity"]
                trace.append(("%d", "capacity", "capacity"))
                count = params[k + 2][0] if k + 2 < len(params) and params[k + 2][1] == "int32_t *" else None
                if count:
                    after.append(f"if (s == ANIMA_OK && {count} != NULL && *{count} > capacity) "
                                 f"{{ fz_fail(\"{name}\", \"the count is larger than the capacity\"); }}")
                    after.append(f"if (s == ANIMA_ERR_BUFFER_TOO_SMALL && {count} != NULL && *{count} <= capacity) "
                                 f"{{ fz_fail(\"{name}\", \"buffer too small with a count that fits\"); }}")
                    if base == "char":
                        after.append(f"if (s == ANIMA_OK && {count} != NULL && {pname} != NULL && "
                                     f"({pname}[*{count}] != '\\0' || (int32_t)strlen({pname}) != *{count})) "
                                     f"{{ fz_fail(\"{name}\", \"the text is not NUL-terminated at its length\"); }}")
                    if base in ("anima_item", "anima_behavior"):
                        kind = base[len("anima_"):]
                        # (with two threads, the other may destroy a listed one before it is checked)
                        after.append(f"if (s == ANIMA_OK && !fz_threads && {count} != NULL && {pname} != NULL) {{ "
                                     f"for (int32_t k = 0; k < *{count}; k++) {{ if (!anima_{kind}_is_valid({pname}[k])) "
                                     f"{{ fz_fail(\"{name}\", \"listed a {kind} that is not valid\"); }} }} }}")
                k += 2
                continue
            if base in ("anima_velocity_tracker", "const anima_velocity_tracker"):
                # the program's own tracker, kept across calls (fuzz_support.c)
                decl.append(f"{ptype} {pname} = fz_one_in(32) ? NULL : fz_tracker();")
                shape.append(["tracker", base, pname])
                args.append(pname)
                k += 1
                continue
            if is_ptr and pname.startswith("out_") and ((name, pname) in FIXED_OUTPUTS or (name, pname) in COUNTED_OUTPUTS):
                var = f"v_{pname}"
                if (name, pname) in COUNTED_OUTPUTS:
                    # as many as the count, at most MAX_ARRAY: kept off the stack, one per thread
                    # (the two-thread runs call the same function at once)
                    decl.append(f"static _Thread_local {base} {var}[{MAX_ARRAY}];")
                else:
                    decl.append(f"{base} {var}[{FIXED_OUTPUTS[(name, pname)]}];")
                decl.append(f"fz_poison({var}, sizeof {var});")
                decl.append(f"{base} *{pname} = fz_one_in(32) ? NULL : {var};")
                shape.append(["out", base, pname])
                args.append(pname)
                outs.append((pname, var))
                k += 1
                continue
            if is_ptr and pname.startswith("out_"):
                var = f"v_{pname}"
                decl.append(f"{base} {var};")
                decl.append(f"fz_poison(&{var}, sizeof {var});")
                decl.append(f"{base} *{pname} = fz_one_in(32) ? NULL : &{var};")
                shape.append(["out", base, pname])
                args.append(pname)
                outs.append((pname, var))
                if base in HANDLES:
                    after.append(f"if (s == ANIMA_OK && {pname} != NULL) {{ fz_record_{base[len('anima_'):]}({var}); }}")
                elif base == "const char *":
                    after.append(f"if (s == ANIMA_OK && {pname} != NULL) {{ fz_touch_string(\"{name}\", {var}); }}")
                elif base in ("const anima_contact_event *", "const anima_hit_event *", "const anima_sensor_event *"):
                    touch = {"const anima_contact_event *": "fz_touch_events", "const anima_hit_event *": "fz_touch_hits",
                             "const anima_sensor_event *": "fz_touch_sensor_events"}[base]
                    after.append(f"if (s == ANIMA_OK && {pname} != NULL && out_count != NULL) "
                                 f"{{ {touch}({var}, {var.replace(pname, 'out_count')}); }}")
                elif base not in ("void *",) and base not in self.h.records and base not in self.h.enums \
                        and base not in SCALARS and base not in ("uint64_t",):
                    raise Unsupported(f"{name}: no check for output type '{base}'")
                k += 1
                continue
            if is_ptr and base.startswith("const ") and base[len("const "):] in self.h.records:
                rec = base[len("const "):]
                decl.append(f"{rec} d_{pname} = {self.record_source(rec)}();")
                decl.append(f"const {rec} *{pname} = fz_one_in(16) ? NULL : &d_{pname};")
                shape.append(["pointer", rec, pname])
                args.append(pname)
                k += 1
                continue
            expr = self.value(ptype, pname)
            shape.append(["value", "seconds" if (ptype, pname) == ("double", "seconds") else ptype, pname])
            decl.append(f"{ptype} {pname} = {expr};")
            args.append(pname)
            if ptype == "double":
                trace.append(("%.17g", pname, pname))
            elif ptype in ("int32_t", "bool") or ptype in self.h.enums:
                trace.append(("%d", pname, f"(int){pname}"))
            elif ptype in ("anima_item", "anima_behavior", "anima_animator", "anima_value"):
                trace.append(("%u:%u", pname, f"{pname}.index1, {pname}.generation"))
            elif ptype in ("anima_animation", "anima_timeline", "anima_detent_drag"):
                trace.append(("%llu", pname, f"(unsigned long long){pname}"))
            elif ptype == "anima_vec2":
                trace.append(("(%.17g, %.17g)", pname, f"{pname}.x, {pname}.y"))
            elif ptype == "const char *":
                trace.append(("\\\"%s\\\"", pname, f"{pname} ? {pname} : \"(null)\""))
            k += 1
        # failed calls leave their outputs untouched (the count of BUFFER_TOO_SMALL excepted)
        for pname, var in outs:
            exempt = " && s != ANIMA_ERR_BUFFER_TOO_SMALL" if pname in ("out_count", "out_length") else ""
            after.insert(0, f"if (s != ANIMA_OK{exempt} && {pname} != NULL && !fz_untouched(&{var}, sizeof {var})) "
                            f"{{ fz_fail(\"{name}\", \"a failed call wrote its output {pname}\"); }}")
        self.shapes[name] = shape
        call = f"{name}({', '.join(args)})"
        lines = [f"static void call_{name}(void)", "{"]
        lines += [f"    {d}" for d in decl]
        trace_fmt = " ".join(f"{p}={fmt}" for fmt, p, _ in trace)
        trace_args = "".join(f", {a}" for _, _, a in trace)
        if result == "anima_status":
            lines.append(f"    anima_status s = {call};")
            lines.append(f"    if (fz_trace) {{ fz_trace_call(\"{name}\", s, true); }}")
            if trace:
                lines.append(f"    if (fz_trace) {{ fprintf(stderr, \"%*s    {trace_fmt}\\n\", 2 * fz_depth, \"\"{trace_args}); }}")
            lines.append(f"    fz_check_status(\"{name}\", s);")
            lines += [f"    {a}" for a in after]
        else:
            if after:
                raise Unsupported(f"{name}: outputs on a function that returns no status")
            if result == "void":
                lines.append(f"    {call};")
            elif result == "const char *":
                lines.append(f"    fz_touch_string(\"{name}\", {call});")
            elif result in self.h.records or result in HANDLES or result in ("bool", "uint32_t"):
                lines.append(f"    {result} r = {call};")
                lines.append("    (void)r;")
            else:
                raise Unsupported(f"{name}: unknown result type '{result}'")
            lines.append(f"    if (fz_trace) {{ fz_trace_call(\"{name}\", ANIMA_OK, false); }}")
        lines.append("}")
        return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("header")
    ap.add_argument("out")
    ap.add_argument("--clang", default="clang")
    ap.add_argument("--list", help="also write the function table (name, point) as JSON")
    opts = ap.parse_args()
    dump = subprocess.run([opts.clang, "-Xclang", "-ast-dump=json", "-fsyntax-only", "-x", "c", opts.header],
                          check=True, capture_output=True, text=True).stdout
    header = Header(json.loads(dump))
    writer = Writer(header)
    decoders, failures = [], []
    for f in header.functions:
        try:
            decoders.append((f["name"], writer.decoder(f)))
        except Unsupported as e:
            failures.append(f"{f['name']}: {e}")
    if failures:
        sys.exit("gen_harness: the header has what the fuzzer cannot call yet:\n  " + "\n  ".join(failures))
    points = sorted((fnv1a32(n) >> 8, n) for n, _ in decoders)
    for (p, a), (q, b) in zip(points, points[1:]):
        if p == q:
            sys.exit(f"gen_harness: {a} and {b} share the ring point {p}; rename one of them")
    out = ["/* Generated by fuzz/gen_harness.py from include/anima.h; do not edit. */",
           "#include <stdio.h>", "#include <string.h>", '#include "fuzz.h"', ""]
    out += [writer.helpers[fn] for fn in writer.order]
    out += [text for _, text in decoders]
    out.append("const fz_call fz_calls[] = {")
    out += [f"    {{\"{n}\", {p}u, call_{n}}}," for p, n in points]
    out.append("};")
    out.append(f"const int fz_call_count = {len(points)};")
    with open(opts.out, "w") as fh:
        fh.write("\n".join(out) + "\n")
    if opts.list:
        with open(opts.list, "w") as fh:
            json.dump({"functions": [{"name": n, "point": p, "arguments": writer.shapes[n]} for p, n in points],
                       "records": header.records,
                       "enums": {e: [v for _, v in values] for e, values in header.enums.items()},
                       "defs": sorted(fn[len("fz_rec_"):] for fn in writer.order
                                      if fn.startswith("fz_rec_") and fn.endswith("_def"))}, fh, indent=1)
    print(f"gen_harness: {len(points)} functions of {opts.header} -> {opts.out}")


if __name__ == "__main__":
    main()
