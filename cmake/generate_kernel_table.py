#!/usr/bin/env python3
"""Billow's kernel table, generated from the SPIR-V of every compute shader.

Input: a manifest naming one entry file per line (cmake/compile_kernel.py writes them), each with
one line per workgroup profile (wide, then minimum), "source.comp|names.json|module.spv|module.json[|module.spv|module.json ...]":
the spirv-cross --reflect JSON of an unoptimized compile of the source (which keeps the GLSL block
names), then per variant the module that is embedded (optimized) and its reflection.

Workgroup profiles: every kernel is compiled twice, "wide" (the shapes measured fastest on desktop
GPUs) and "minimum" (BILLOW_MINIMUM_WORKGROUPS defined), whose every module must fit the compute
limits the Vulkan specification guarantees (SPEC_MINIMUM below); a kernel whose minimum module
does not stops the build here. The table records each profile's local size and shared memory, and
what each profile needs of a device, so a context picks the wide modules only where they fit.

Output:
  --header  billow_kernels.hpp: enum class KernelId, the table of every kernel's facts, and per
            kernel a struct in billow::detail::kernels (its id, local workgroup size, push-constant
            type, and a Bindings struct with one named member per storage binding);
  --source  the embedded SPIR-V, looked up by KernelId, and static_asserts that the C++ structs
            shared with GLSL (push constants, uniform blocks, storage elements) have the layout
            that the SPIR-V declares.

A kernel may have variants: one module per value of its one specialization constant,
`layout(constant_id = 0) const int`, frozen at build time with the other values' code removed (e.g.
the carried field's interpolation in the advection kernels, so that each path compiles alone, with
its own registers). It declares how many with `#define BILLOW_KERNEL_VARIANTS <n>` in its own .comp
file; KernelSet creates a pipeline from each variant's module and every dispatch names one
(Bindings::variant). All variants share the Bindings and Push of the unoptimized compile, and each
variant's module is checked against it.

A kernel that breaks the shared pipeline layout (descriptor set 0; binding 0 a uniform buffer;
bindings 1..slots storage buffers; push constants within the layout's range) stops the build here
with a message naming the shader, the binding and the rule.
"""
import argparse
import json
import pathlib
import re
import struct
import sys

# Resource kinds of spirv-cross's reflection other than the ones the pipeline layout has.
FOREIGN_RESOURCES = {
    "textures": "combined image sampler",
    "separate_images": "sampled image",
    "separate_samplers": "sampler",
    "images": "storage image",
    "acceleration_structures": "acceleration structure",
    "subpass_inputs": "subpass input",
}
# Scalars and vectors of 4-byte components: all that the shared structs use (common/grid_types.h).
SCALAR_BYTES = {"float": 4, "int": 4, "uint": 4, "bool": 4}
VECTOR = re.compile(r"(?:|i|u|b)vec([234])")
# Names a C++ member may not take: keywords, and the names Bindings itself uses.
CPP_KEYWORDS = set("""
alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t
class co_await co_return co_yield compl concept const consteval constexpr constinit const_cast continue
decltype default delete do double dynamic_cast else enum explicit export extern false float for friend
goto if inline int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private
protected public register reinterpret_cast requires return short signed sizeof static static_assert
static_cast struct switch template this thread_local throw true try typedef typeid typename union
unsigned using virtual void volatile wchar_t while xor xor_eq""".split())
RESERVED = CPP_KEYWORDS | {"uniform", "slots", "Kernel"}
OWN_WORKGROUP = re.compile(r"^\s*#\s*define\s+BILLOW_OWN_WORKGROUP_SIZE\b", re.MULTILINE)
# A kernel with variants: one `layout(constant_id = 0) const int` selector, and in the kernel's own
# file `#define BILLOW_KERNEL_VARIANTS <n>` (a literal), the number of values it takes (0 .. n-1).
VARIANTS = re.compile(r"^\s*#\s*define\s+BILLOW_KERNEL_VARIANTS\b(.*)$", re.MULTILINE)
# A kernel that may store the flow's fields as 16-bit floats (common/flow_storage.glsl) declares
# `#define BILLOW_FLOW_STORAGE` in its own file: its modules compiled with BILLOW_FLOW_HALF follow
# the float32 ones as variants n .. 2n-1, which KernelSet builds instead of 0 .. n-1 for a solver
# whose flow is stored in halves (the call sites name 0 .. n-1 either way).
FLOAT16_STORAGE = re.compile(r"^\s*#\s*define\s+BILLOW_FLOW_STORAGE\b", re.MULTILINE)
MAX_VARIANTS = 8
# The Vulkan specification's guaranteed compute limits (the "Required Limits" table): what the
# minimum profile's modules must fit. Shared memory in bytes.
SPEC_MINIMUM = {"invocations": 128, "size": (128, 128, 64), "shared": 16384}
PROFILES = ("Wide", "Minimum")
VARIANT_COUNT = re.compile(r"\s*([0-9]+)\s*(//.*)?")


def declared_variant_count(text):
    """The variants a kernel's source declares: n of a well-formed BILLOW_KERNEL_VARIANTS, else 1
    (variant_selector then says what is wrong)."""
    declared = VARIANTS.search(text)
    count = VARIANT_COUNT.fullmatch(declared.group(1)) if declared else None
    return int(count.group(1)) if count and 2 <= int(count.group(1)) <= MAX_VARIANTS else 1


def has_float16_storage(text):
    """Whether a kernel's source declares the 16-bit flow storage modules (BILLOW_FLOW_STORAGE)."""
    return FLOAT16_STORAGE.search(text) is not None


def selector_is_well_formed(reflection):
    """One specialization constant, an int at constant_id 0: what a variant selector must be."""
    constants = reflection.get("specialization_constants", [])
    return len(constants) == 1 and constants[0].get("id") == 0 and constants[0].get("type") == "int"


class KernelError(Exception):
    pass


def workgroup_memory_bytes(spv_path):
    """Bytes of the Workgroup-storage (GLSL `shared`) variables a SPIR-V module declares, laid out
    with std430 alignment (an upper bound on what a driver allocates, which is what
    maxComputeSharedMemorySize limits)."""
    data = pathlib.Path(spv_path).read_bytes()
    words = struct.unpack(f"<{len(data) // 4}I", data)
    types, constants, pointers, shared = {}, {}, {}, []
    at = 5
    while at < len(words):
        count, op = words[at] >> 16, words[at] & 0xFFFF
        w = words[at:at + count]
        if count == 0:
            raise KernelError(f"{spv_path}: malformed SPIR-V (instruction of 0 words)")
        if op == 20:  # OpTypeBool
            types[w[1]] = (4, 4)
        elif op in (21, 22):  # OpTypeInt, OpTypeFloat
            types[w[1]] = (w[2] // 8, w[2] // 8)
        elif op in (23, 24, 28) and w[2] not in types:
            pass  # of a type without a size here (a runtime array's struct): never shared
        elif op == 23:  # OpTypeVector
            size, align = types[w[2]]
            types[w[1]] = (size * w[3], align * (2 if w[3] == 2 else 4))
        elif op == 24:  # OpTypeMatrix
            size, align = types[w[2]]
            types[w[1]] = (-(-size // align) * align * w[3], align)
        elif op == 28:  # OpTypeArray
            size, align = types[w[2]]
            types[w[1]] = (-(-size // align) * align * constants.get(w[3], 0), align)
        elif op == 30 and all(member in types for member in w[2:]):  # OpTypeStruct (of sized types)
            offset, align = 0, 1
            for member in w[2:]:
                size, member_align = types[member]
                offset = -(-offset // member_align) * member_align + size
                align = max(align, member_align)
            types[w[1]] = (-(-offset // align) * align, align)
        elif op == 43:  # OpConstant (array lengths are 32-bit integers)
            constants[w[2]] = w[3]
        elif op == 32:  # OpTypePointer
            pointers[w[1]] = w[3]
        elif op == 59 and w[3] == 4:  # OpVariable in the Workgroup storage class
            shared.append(pointers[w[1]])
        at += count
    missing = [t for t in shared if t not in types]
    if missing:
        raise KernelError(f"{spv_path}: a shared variable of a type the size count does not know (id {missing[0]})")
    return sum(types[t][0] for t in shared)


def camel(snake):
    return "".join(part[:1].upper() + part[1:] for part in snake.split("_") if part)


def lower_first(name):
    return name[:1].lower() + name[1:]


def is_anonymous(name):
    # What spirv-cross calls a block whose name the optimizer stripped: _123.
    return re.fullmatch(r"_\d+", name) is not None


class Layout:
    """Sizes and offsets of reflected types, for comparison with their C++ twins."""

    def __init__(self, types, where):
        self.types = types
        self.where = where

    def type_bytes(self, name):
        if name in self.types:
            return self.struct_bytes(self.types[name])
        if name in SCALAR_BYTES:
            return SCALAR_BYTES[name]
        vector = VECTOR.fullmatch(name)
        if vector:
            return 4 * int(vector.group(1))
        raise KernelError(f"{self.where}: type {name} is not a 4-byte scalar, a vector of them or a struct")

    def member_bytes(self, member):
        size = self.type_bytes(member["type"])
        # One-dimensional arrays, as in the shared structs: the stride times the count.
        for count, literal in zip(member.get("array", []), member.get("array_size_is_literal", [])):
            if not literal:
                raise KernelError(f"{self.where}: member {member['name']} has an array size set by a "
                                  "specialization constant")
            size = member["array_stride"] * count  # 0 for a runtime array
        return size

    def struct_bytes(self, t):
        return max((m["offset"] + self.member_bytes(m) for m in t["members"]), default=0)

    def struct_of(self, type_id):
        return self.types.get(type_id)


def read_reflection(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def check_pipeline_layout(reflection, where, slots):
    """Every resource must fit the shared pipeline layout; returns nothing, raises KernelError."""
    def at(r):
        return f"set {r.get('set', 0)} binding {r.get('binding', 0)}"

    entry_points = reflection.get("entryPoints", [])
    if len(entry_points) != 1 or entry_points[0].get("mode") != "comp":
        raise KernelError(f"{where}: must have exactly one compute entry point")
    if any(entry_points[0].get("workgroup_size_is_spec_constant_id", [])):
        raise KernelError(f"{where}: its local workgroup size is a specialization constant; it must be "
                          "a literal so that dispatches can divide by it")

    for key, kind in FOREIGN_RESOURCES.items():
        for r in reflection.get(key, []):
            raise KernelError(f"{where}: {at(r)} ({r.get('name', '?')}) is a {kind}; the shared pipeline "
                              f"layout has a uniform buffer at binding 0 and storage buffers at 1..{slots}")
    for kind, resources in (("uniform buffer", reflection.get("ubos", [])),
                            ("storage buffer", reflection.get("ssbos", []))):
        for r in resources:
            name = r.get("name", "?")
            if r.get("set", 0) != 0:
                raise KernelError(f"{where}: {kind} {name} uses descriptor set {r['set']}; every kernel "
                                  "binds descriptor set 0 only")
            binding = r.get("binding", 0)
            if kind == "uniform buffer" and binding != 0:
                raise KernelError(f"{where}: binding {binding} ({name}) is a uniform buffer; only binding 0 "
                                  f"is, bindings 1..{slots} are storage buffers")
            if kind == "storage buffer" and binding == 0:
                raise KernelError(f"{where}: binding 0 ({name}) is a storage buffer; binding 0 is the "
                                  "uniform buffer (the grid's or the water's parameters)")
            if binding > slots:
                raise KernelError(f"{where}: binding {binding} ({name}) is beyond the {slots} storage slots "
                                  f"(bindings 1..{slots}, BILLOW_STORAGE_SLOTS)")
    if len(reflection.get("ubos", [])) > 1:
        raise KernelError(f"{where}: declares {len(reflection['ubos'])} uniform blocks; binding 0 holds one")
    if len(reflection.get("push_constants", [])) > 1:
        raise KernelError(f"{where}: declares more than one push-constant block")


def variant_selector(reflection, where, declared):
    """The kernel's number of variants: 1 without a selector, else BILLOW_KERNEL_VARIANTS, checked
    against the one specialization constant that the module declares."""
    constants = reflection.get("specialization_constants", [])
    if declared is None:
        if constants:
            c = constants[0]
            raise KernelError(f"{where}: declares specialization constant {c.get('name') or c.get('id', '?')} "
                              "but its file does not `#define BILLOW_KERNEL_VARIANTS <n>`; KernelSet sets only "
                              "constant_id 0, the variant selector of a kernel that declares its variants")
        return 1
    literal = VARIANT_COUNT.fullmatch(declared)
    if not literal:
        raise KernelError(f"{where}: BILLOW_KERNEL_VARIANTS must be an integer literal (got `{declared.strip()}`)")
    count = int(literal.group(1))
    if not 2 <= count <= MAX_VARIANTS:
        raise KernelError(f"{where}: BILLOW_KERNEL_VARIANTS is {count}; a kernel with variants has 2 .. "
                          f"{MAX_VARIANTS} (each is a pipeline)")
    if not selector_is_well_formed(reflection):
        raise KernelError(f"{where}: BILLOW_KERNEL_VARIANTS is defined, so the kernel must declare exactly one "
                          "specialization constant, `layout(constant_id = 0) const int`, its variant selector")
    return count


def single_struct_member(layout, block_type, where, what):
    """The struct that a block holds as its only member (`uniform Push { SplatPush pc; }`)."""
    t = layout.struct_of(block_type)
    members = t["members"] if t else []
    if len(members) != 1 or members[0]["type"] not in layout.types or members[0].get("array"):
        raise KernelError(f"{where}: the {what} block must hold exactly one struct shared with C++ "
                          "(e.g. `layout(push_constant) uniform Push { SplatPush pc; };`, the struct "
                          "defined in a shared header such as smoke/smoke_types.h)")
    return layout.types[members[0]["type"]]


class Kernel:
    def __init__(self, source, names_json, modules, shader_root, slots, push_bytes_limit, minimum):
        self.source = pathlib.Path(source)
        relative = self.source.resolve().relative_to(pathlib.Path(shader_root).resolve())
        self.where = f"{pathlib.Path(shader_root).resolve().name}/{relative.as_posix()}"
        if len(relative.parts) != 2:
            raise KernelError(f"{self.where}: kernels live one folder below the shader root (their group)")
        # Qualified by their folder: shaders/smoke3d/advect_cells.comp is "smoke3d/advect_cells" and
        # kernels::Smoke3dAdvectCells, so a file need not repeat its folder in its name.
        self.name = f"{relative.parts[0]}/{self.source.stem}"
        self.type_name = camel(relative.parts[0]) + camel(self.source.stem)
        self.group = camel(relative.parts[0])
        self.modules = [spv for spv, _ in modules]  # one per variant
        text = self.source.read_text(encoding="utf-8")
        self.shapes_own_workgroup = OWN_WORKGROUP.search(text) is not None
        variants = VARIANTS.search(text)

        reflection = read_reflection(names_json)
        check_pipeline_layout(reflection, self.where, slots)
        # The variants a dispatch names (Bindings::variant), and the pipelines: twice as many with
        # the 16-bit storage modules, which start at float16_variant (0: none).
        self.selectable_variants = variant_selector(reflection, self.where, variants.group(1) if variants else None)
        self.float16_variant = self.selectable_variants if has_float16_storage(text) else 0
        self.variants = self.selectable_variants * (2 if self.float16_variant else 1)
        layout = Layout(reflection["types"], self.where)
        self.local_size = tuple(reflection["entryPoints"][0]["workgroup_size"])
        self.layout_checks = []  # (C++ type, bytes, [(member, offset)], what)

        self.push_type = None
        self.push_bytes = 0
        for block in reflection.get("push_constants", []):
            shared = single_struct_member(layout, block["type"], self.where, "push-constant")
            self.push_type = shared["name"]
            self.push_bytes = layout.struct_bytes(layout.struct_of(block["type"]))
            if self.push_bytes > push_bytes_limit:
                raise KernelError(f"{self.where}: push constants of {self.push_bytes} bytes exceed the "
                                  f"layout's {push_bytes_limit}")
            self.layout_checks.append((shared["name"], layout.struct_bytes(shared), shared["members"],
                                       "push constants"))

        self.uniform_type = None
        self.uniform_block = None
        self.uniform_bytes = 0
        for block in reflection.get("ubos", []):
            shared = single_struct_member(layout, block["type"], self.where, "uniform")
            self.uniform_type = shared["name"]
            self.uniform_block = block["name"]
            self.uniform_bytes = block["block_size"]
            self.layout_checks.append((shared["name"], self.uniform_bytes, shared["members"], "uniform block"))

        self.bindings = self.storage_bindings(reflection, layout)
        if len(modules) != self.variants:
            raise KernelError(f"{self.where}: {len(modules)} compiled module(s) for {self.variants} variant(s); "
                              "each variant is a module of its own (cmake/compile_kernel.py)")
        for variant, (_, optimized_json) in enumerate(modules):
            self.check_against_optimized(read_reflection(optimized_json), slots,
                                         f" (variant {variant})" if self.variants > 1 else "", self.local_size)
        # Per workgroup profile: (local size, shared bytes, modules).
        self.profiles = [(self.local_size, max(workgroup_memory_bytes(spv) for spv in self.modules),
                          self.modules), self.minimum_profile(*minimum, slots)]

    def minimum_profile(self, names_json, modules, slots):
        """The minimum profile's modules, checked to have the same interface as the wide ones and to
        fit the specification's guaranteed limits."""
        reflection = read_reflection(names_json)
        check_pipeline_layout(reflection, f"{self.where} (minimum workgroups)", slots)
        size = tuple(reflection["entryPoints"][0]["workgroup_size"])
        if len(modules) != self.variants:
            raise KernelError(f"{self.where}: {len(modules)} minimum-profile module(s) for {self.variants} variant(s)")
        if {r["binding"] for r in reflection.get("ssbos", [])} != set(self.bindings):
            raise KernelError(f"{self.where}: its minimum-workgroup compile declares other storage bindings than "
                              "the wide one; both profiles share one Bindings")
        for variant, (_, optimized_json) in enumerate(modules):
            self.check_against_optimized(read_reflection(optimized_json), slots,
                                         f" (minimum workgroups{f', variant {variant}' if self.variants > 1 else ''})",
                                         size)
        invocations = size[0] * size[1] * size[2]
        if invocations > SPEC_MINIMUM["invocations"] or any(s > m for s, m in zip(size, SPEC_MINIMUM["size"])):
            raise KernelError(f"{self.where}: its minimum-workgroup local size {size} ({invocations} invocations) "
                              f"exceeds the Vulkan guaranteed {SPEC_MINIMUM['invocations']} invocations / "
                              f"{SPEC_MINIMUM['size']}; shape it by BILLOW_MINIMUM_WORKGROUPS")
        spvs = [spv for spv, _ in modules]
        shared = max(workgroup_memory_bytes(spv) for spv in spvs)
        if shared > SPEC_MINIMUM["shared"]:
            raise KernelError(f"{self.where}: its minimum-workgroup modules use {shared} bytes of shared memory, "
                              f"more than the Vulkan guaranteed {SPEC_MINIMUM['shared']}")
        return (size, shared, spvs)

    def storage_bindings(self, reflection, layout):
        """{binding: (member name, GLSL block names, reads, writes)} of the storage buffers."""
        by_binding = {}
        for r in reflection.get("ssbos", []):
            by_binding.setdefault(r["binding"], []).append(r)
        bindings = {}
        seen = {}
        for binding, blocks in sorted(by_binding.items()):
            names = []
            for b in blocks:
                if is_anonymous(b["name"]):
                    raise KernelError(f"{self.where}: the block at binding {binding} has no name in the "
                                      "reflected module (reflect an unoptimized compile)")
                names.append(lower_first(b["name"][:-len("Block")] if b["name"].endswith("Block") and
                                         len(b["name"]) > len("Block") else b["name"]))
                t = layout.struct_of(b["type"])
                element = t["members"][0] if t and len(t["members"]) == 1 else None
                if element and element["type"] in layout.types and element.get("array"):
                    shared = layout.types[element["type"]]
                    self.layout_checks.append((shared["name"], element["array_stride"], shared["members"],
                                               f"storage element ({b['name']})"))
            # A binding declared by several blocks (a float view and a packed-half view of one
            # buffer, dye_storage.glsl) is named after the shortest, which the others extend.
            member = min(names, key=len)
            if any(not n.startswith(member) for n in names):
                raise KernelError(f"{self.where}: binding {binding} is declared by blocks "
                                  f"{', '.join(b['name'] for b in blocks)}, whose names disagree; views of "
                                  "one buffer must share a name prefix")
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", member) or member in RESERVED:
                raise KernelError(f"{self.where}: binding {binding} would be named `{member}`, which C++ "
                                  "cannot take as a member name; rename its block")
            if member in seen:
                raise KernelError(f"{self.where}: bindings {seen[member]} and {binding} are both named "
                                  f"`{member}`")
            seen[member] = binding
            reads = any(not b.get("writeonly", False) for b in blocks)
            writes = any(not b.get("readonly", False) for b in blocks)
            bindings[binding] = (member, [b["name"] for b in blocks], reads, writes)
        return bindings

    def check_against_optimized(self, optimized, slots, variant, local_size):
        """An embedded (optimized) module must agree with the one whose names were reflected: the
        Bindings and Push of the table are every variant's."""
        what = f"the optimized module{variant}"
        check_pipeline_layout(optimized, f"{self.where} (optimized{variant})", slots)
        size = tuple(optimized["entryPoints"][0]["workgroup_size"])
        if size != local_size:
            raise KernelError(f"{self.where}: {what}'s local size {size} differs from "
                              f"the unoptimized one's {local_size}")
        for r in optimized.get("ssbos", []):
            if r["binding"] not in self.bindings:
                raise KernelError(f"{self.where}: {what} uses binding {r['binding']}, which "
                                  "the unoptimized one does not declare")
        if optimized.get("ubos") and not self.uniform_type:
            raise KernelError(f"{self.where}: {what} reads a uniform block the unoptimized one does not declare")
        if optimized.get("push_constants") and not self.push_type:
            raise KernelError(f"{self.where}: {what} reads push constants the unoptimized one does not declare")
        # A variant's selector is frozen into its module: the pipeline takes no specialization.
        if optimized.get("specialization_constants"):
            raise KernelError(f"{self.where}: {what} still declares specialization constants; a variant's "
                              "selector must be frozen into its module (cmake/compile_kernel.py)")

    def storage_mask(self):
        mask = 0
        for binding in self.bindings:
            mask |= 1 << binding
        return mask


def access(reads, writes):
    return "read/write" if reads and writes else "read" if reads else "write"


def cpp_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def profile_sizes(k):
    return ", ".join(f"{{{s[0]}, {s[1]}, {s[2]}}}" for s, _, _ in k.profiles)


def header_text(kernels, groups, slots, push_bytes_limit, type_headers):
    out = ["// Generated by cmake/generate_kernel_table.py from the spirv-cross reflection of shaders/.",
           "// Do not edit: rename a GLSL block, or add a shader, and rebuild.",
           "#pragma once", "", "#include <array>", "#include <cstdint>", "#include <string_view>", "",
           '#include "core/kernel_interface.hpp"']
    out += [f'#include "{h}"' for h in type_headers]
    out += ["", "namespace billow::detail {", "",
            f"static_assert(BILLOW_STORAGE_SLOTS == {slots}, \"the kernel table was generated for "
            f"{slots} storage slots\");",
            f"inline constexpr uint32_t kPushConstantBytes = {push_bytes_limit};", "",
            "// The folder of shaders/ that a kernel lives in.",
            "enum class KernelGroup : uint32_t { " + ", ".join(groups) + " };",
            f"inline constexpr uint32_t kKernelGroupCount = {len(groups)};", "",
            "enum class KernelId : uint32_t {"]
    out += [f"    {k.type_name}," for k in kernels]
    out += ["};", f"inline constexpr uint32_t kKernelCount = {len(kernels)};",
            "// What each workgroup profile (WorkgroupProfile) needs of a device: the most invocations, the",
            "// largest size along each axis and the most shared memory of any of its kernels.",
            "inline constexpr std::array<WorkgroupNeeds, kWorkgroupProfileCount> kWorkgroupNeeds{{"]
    for p in range(len(PROFILES)):
        sizes = [k.profiles[p][0] for k in kernels]
        out.append(f"    {{{max(s[0] * s[1] * s[2] for s in sizes)}, {{{max(s[0] for s in sizes)}, "
                   f"{max(s[1] for s in sizes)}, {max(s[2] for s in sizes)}}}, "
                   f"{max(k.profiles[p][1] for k in kernels)}}},  // {PROFILES[p]}")
    out += ["}};",
            "// Pipelines (and embedded modules) of every kernel together: one per variant.",
            f"inline constexpr uint32_t kPipelineCount = {sum(k.variants for k in kernels)};", "",
            "// Every kernel's facts, indexed by KernelId.",
            "inline constexpr std::array<KernelInfo, kKernelCount> kKernelTable{{"]
    first_pipeline = 0
    for k in kernels:
        names = ", ".join(cpp_string(k.bindings[b][0]) if b in k.bindings else '""'
                          for b in range(1, max(k.bindings, default=0) + 1))
        out.append(f"    {{KernelId::{k.type_name}, {cpp_string(k.name)}, {cpp_string(k.where)}, "
                   f"KernelGroup::{k.group}, {{{{{profile_sizes(k)}}}}}, {{{', '.join(str(p[1]) for p in k.profiles)}}}, "
                   f"{'true' if k.shapes_own_workgroup else 'false'}, {k.variants}, {k.float16_variant}, {first_pipeline}, "
                   f"{k.push_bytes}, {k.uniform_bytes}, "
                   f"{max(k.bindings, default=0)}, {hex(k.storage_mask())}u, {{{{\"\", {names}}}}}}},")
        first_pipeline += k.variants
    out += ["}};", "", "constexpr const KernelInfo& kernelInfo(KernelId id) { return kKernelTable[static_cast<uint32_t>(id)]; }",
            "", "namespace kernels {", ""]
    for k in kernels:
        out.append(f"// {k.where}")
        out.append(f"struct {k.type_name} {{")
        out.append(f"    static constexpr KernelId id = KernelId::{k.type_name};")
        out.append("    // By WorkgroupProfile: the size its dispatches divide by on the context's profile.")
        out.append(f"    static constexpr std::array<WorkgroupSize, kWorkgroupProfileCount> localSizes{{{{{profile_sizes(k)}}}}};")
        if k.shapes_own_workgroup:
            out.append("    // Defines BILLOW_OWN_WORKGROUP_SIZE: one workgroup per tile, dispatched in groups.")
        out.append(f"    static constexpr bool shapesOwnWorkgroup = {'true' if k.shapes_own_workgroup else 'false'};")
        if k.selectable_variants > 1:
            out.append("    // BILLOW_KERNEL_VARIANTS: one module and pipeline per value of specialization constant 0,")
            out.append("    // frozen at build time; Bindings::variant names it at every dispatch.")
        out.append(f"    static constexpr uint32_t variants = {k.selectable_variants};")
        if k.float16_variant:
            out.append("    // BILLOW_FLOW_STORAGE: as many again with the flow stored in 16-bit floats, from this one.")
            out.append(f"    static constexpr uint32_t float16Variant = {k.float16_variant};")
        if k.uniform_type:
            out.append(f"    using Uniform = gpu::{k.uniform_type};  // binding 0 ({k.uniform_block})")
        if k.push_type:
            out.append(f"    using Push = gpu::{k.push_type};")
            out.append(f"    static_assert(sizeof(Push) == {k.push_bytes}, \"gpu::{k.push_type} differs in size "
                       f"from the push-constant block of {k.where} ({k.push_bytes} bytes)\");")
        else:
            out.append("    using Push = NoPush;")
        out.append("    struct Bindings {")
        out.append(f"        using Kernel = {k.type_name};")
        out.append("        UniformBinding uniform{};  // binding 0: the set's own uniform buffer unless given")
        if k.selectable_variants > 1:
            out.append(f"        KernelVariant variant;  // the pipeline: specialization constant 0 = 0 .. {k.selectable_variants - 1}")
        for binding, (member, blocks, reads, writes) in sorted(k.bindings.items()):
            out.append(f"        StorageBinding {member};  // binding {binding} ({', '.join(blocks)}): "
                       f"{access(reads, writes)}")
        slots_list = ["uniform.buffer"] + [f"{k.bindings[b][0]}.buffer" if b in k.bindings else "VK_NULL_HANDLE"
                                            for b in range(1, max(k.bindings, default=0) + 1)]
        out.append(f"        DescriptorSlots slots() const {{ return {{{', '.join(slots_list)}}}; }}")
        out.append(f"        uint32_t variantIndex() const {{ return {'variant.index' if k.selectable_variants > 1 else '0'}; }}")
        out.append("    };")
        out.append("};")
        out.append("")
    out += ["} // namespace kernels", "",
            "// Every kernel, for code that visits them all (tests).",
            "template <class... Kernel> struct KernelList {};",
            "using AllKernels = KernelList<" + ", ".join(f"kernels::{k.type_name}" for k in kernels) + ">;",
            "", "} // namespace billow::detail", ""]
    return "\n".join(out)


def source_text(kernels, header_name):
    out = ["// Generated by cmake/generate_kernel_table.py: the embedded SPIR-V of every kernel, and the",
           "// layouts of the structs that C++ shares with GLSL checked against the reflected modules.",
           "// Do not edit.", "#include <cstddef>", "", '#include "core/embedded_shaders.hpp"',
           f'#include "{header_name}"', "", "namespace billow::detail {", "", "namespace {"]
    arrays = [[] for _ in PROFILES]  # by profile, then pipeline: KernelInfo::firstPipeline + variant
    for k in kernels:
        for p, (_, _, modules) in enumerate(k.profiles):
            for variant, spv in enumerate(modules):
                data = pathlib.Path(spv).read_bytes()
                if len(data) % 4:
                    raise KernelError(f"{k.where}: {spv} is not whole 32-bit words")
                base = f"k{k.type_name}" + (f"Variant{variant}" if k.variants > 1 else "")
                # A kernel whose profiles compile alike (no shape of its own depends on them)
                # embeds one module for both.
                if p > 0 and data == pathlib.Path(k.profiles[0][2][variant]).read_bytes():
                    arrays[p].append(base)
                    continue
                array = base + ("" if p == 0 else PROFILES[p])
                arrays[p].append(array)
                words = struct.unpack(f"<{len(data) // 4}I", data)
                out.append(f"const uint32_t {array}[{len(words)}] = {{")
                for first in range(0, len(words), 8):
                    out.append("    " + " ".join(f"0x{w:08x}u," for w in words[first:first + 8]))
                out.append("};")
    out += ["", "const std::span<const uint32_t> kModules[kWorkgroupProfileCount][kPipelineCount] = {"]
    for p, profile in enumerate(PROFILES):
        out.append(f"    {{  // {profile}")
        out += [f"        {array}," for array in arrays[p]]
        out.append("    },")
    out += ["};", "} // namespace", "",
            "std::span<const uint32_t> embeddedShader(KernelId id, uint32_t variant, WorkgroupProfile profile) {",
            "    const KernelInfo& info = kernelInfo(id);",
            "    const auto p = static_cast<uint32_t>(profile);",
            "    return variant < info.variants && p < kWorkgroupProfileCount ? kModules[p][info.firstPipeline + variant]",
            "                                                                 : std::span<const uint32_t>{};",
            "}",
            "", "// std140 / std430 as reflected from the modules, against the C++ structs of the shared headers."]
    done = set()
    for k in kernels:
        for cpp_type, size, members, what in k.layout_checks:
            key = (cpp_type, size, tuple((m["name"], m["offset"]) for m in members))
            if key in done:
                continue
            done.add(key)
            out.append(f"static_assert(sizeof(gpu::{cpp_type}) == {size}, \"gpu::{cpp_type}: {size} bytes as "
                       f"the {what} of {k.where}\");")
            for m in members:
                out.append(f"static_assert(offsetof(gpu::{cpp_type}, {m['name']}) == {m['offset']}, "
                           f"\"gpu::{cpp_type}::{m['name']}: offset {m['offset']} in {k.where}\");")
    out += ["", "} // namespace billow::detail", ""]
    return "\n".join(out)


def write_if_changed(path, text):
    path = pathlib.Path(path)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("manifest")
    parser.add_argument("--shader-root", required=True)
    parser.add_argument("--storage-slots", type=int, required=True)
    parser.add_argument("--push-constant-bytes", type=int, required=True)
    parser.add_argument("--type-header", action="append", default=[],
                        help="header defining billow::gpu's shared structs, as the generated code includes it")
    parser.add_argument("--header", required=True)
    parser.add_argument("--source", required=True)
    args = parser.parse_args()

    try:
        kernels = []
        for entry in pathlib.Path(args.manifest).read_text(encoding="utf-8").splitlines():
            if not entry.strip():
                continue
            lines = [line for line in pathlib.Path(entry).read_text(encoding="utf-8").splitlines() if line.strip()]
            if len(lines) != len(PROFILES):
                raise KernelError(f"{entry}: expected one line per workgroup profile ({', '.join(PROFILES)})")
            parsed = []
            for line in lines:
                fields = line.strip().split("|")
                if len(fields) < 4 or len(fields) % 2:
                    raise KernelError(f"{entry}: expected source|names.json|module.spv|module.json[|...]")
                parsed.append((fields[0], fields[1], list(zip(fields[2::2], fields[3::2]))))
            (source, names_json, modules), (_, minimum_json, minimum_modules) = parsed
            kernels.append(Kernel(source, names_json, modules, args.shader_root, args.storage_slots,
                                  args.push_constant_bytes, (minimum_json, minimum_modules)))
        kernels.sort(key=lambda k: k.where)
        names = {}
        for k in kernels:
            if k.type_name in names:
                raise KernelError(f"{k.where} and {names[k.type_name]} would both be kernels::{k.type_name}")
            names[k.type_name] = k.where
        groups = sorted({k.group for k in kernels})
        header = pathlib.Path(args.header)
        write_if_changed(header, header_text(kernels, groups, args.storage_slots, args.push_constant_bytes,
                                             args.type_header))
        write_if_changed(args.source, source_text(kernels, header.name))
    except KernelError as e:
        print(f"generate_kernel_table: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
