#!/usr/bin/env python3
"""Compiles one compute shader into the modules that Billow embeds, and names them in an entry file.

  compile_kernel.py <source.comp> --shader-root <dir> --out-dir <dir> --entry <name.entry>
                    [--depfile <name.d>] --glslc ... --spirv-opt ... --spirv-val ... --spirv-cross ...

Every kernel is compiled once without optimisation (the GLSL names kept, for the kernel table's
member and type names) and reflected. Then:
  - a kernel without variants: glslc -O, the module that is embedded;
  - a kernel with variants (`#define BILLOW_KERNEL_VARIANTS <n>` in its own file, selector
    `layout(constant_id = 0) const int`): one module per value 0 .. n-1, the unoptimized module with
    the selector frozen to that value and then optimized (spirv-opt: set-spec-const-default-value,
    freeze-spec-const, fold-spec-const-op-composite, then -O and strip-debug as glslc -O does). The
    other values' code is dead before the optimizer starts, so each module is what glslc -O gives
    for the kernel with the other branches deleted. Leaving the constant to the driver's
    specialization (one module, n pipelines) did not give that on NVIDIA: its linear 3D advection
    kept the cubic path's cost (docs/performance-log.md).
A kernel that declares `#define BILLOW_FLOW_STORAGE` (common/flow_storage.glsl) is compiled once more with
BILLOW_FLOW_HALF defined, its flow fields stored as 16-bit floats: those modules follow the float32
ones as further variants (n .. 2n-1), and only the float32 ones need no 16-bit storage feature.
All of that is done twice, once per workgroup profile (core/kernel_interface.hpp): "wide", the
shapes measured fastest on desktop GPUs, and "minimum", compiled with BILLOW_MINIMUM_WORKGROUPS
defined, whose workgroups fit the Vulkan specification's guaranteed compute limits (128
invocations, 16 KiB of shared memory) for the devices that have no more.
Each embedded module is validated (spirv-val) and reflected (spirv-cross --reflect). The entry file
holds one line per profile, wide first, each "source.comp|names.json|module.spv|module.json[|module.spv|module.json ...]",
a module per variant, that cmake/generate_kernel_table.py reads.
"""
import argparse
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from generate_kernel_table import (declared_variant_count, has_float16_storage, read_reflection,  # noqa: E402
                                   selector_is_well_formed)

TARGET_ENV = "vulkan1.1"
# The workgroup profiles, in the kernel table's order, and the defines each compiles with.
PROFILES = (("", []), (".minimum", ["-DBILLOW_MINIMUM_WORKGROUPS=1"]))


def run(command):
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        sys.stderr.write(f"compile_kernel: failed ({result.returncode}): {' '.join(map(str, command))}\n")
        sys.exit(1)


def compile_modules(args, source, out, name, glslc, depfile):
    """The embedded modules of one compile of the source (one per variant)."""
    named_spv, named_json = out / f"{name}.named.spv", out / f"{name}.named.json"
    run(glslc + depfile + ["-o", named_spv, source])
    run([args.spirv_cross, named_spv, "--reflect", "--output", named_json])
    variants = declared_variant_count(source.read_text(encoding="utf-8"))
    if not selector_is_well_formed(read_reflection(named_json)):
        variants = 1  # one module as it is; the generator names what is wrong with the selector
    modules = []
    if variants == 1:
        spv = out / f"{name}.spv"
        run(glslc + ["-O", "-o", spv, source])
        modules.append(spv)
    else:
        for value in range(variants):
            spv = out / f"{name}.v{value}.spv"
            run([args.spirv_opt, f"--target-env={TARGET_ENV}", "--set-spec-const-default-value", f"0:{value}",
                 "--freeze-spec-const", "--fold-spec-const-op-composite", "-O", "--strip-debug",
                 named_spv, "-o", spv])
            modules.append(spv)
    return named_json, modules


def compile_profile(args, source, out, name, glslc, depfile_path):
    """The modules of one workgroup profile; returns its entry line."""
    # Both profiles include the same files: the wide compile writes the dependencies.
    depfile = ["-MD", "-MF", depfile_path, "-MT", args.entry] if depfile_path else []
    named_json, modules = compile_modules(args, source, out, name, glslc, depfile)
    if has_float16_storage(source.read_text(encoding="utf-8")):
        modules += compile_modules(args, source, out, name + ".float16", glslc + ["-DBILLOW_FLOW_HALF=1"], [])[1]
    fields = [source, named_json]
    for spv in modules:
        run([args.spirv_val, "--target-env", TARGET_ENV, spv])
        json = spv.with_suffix(".json")
        run([args.spirv_cross, spv, "--reflect", "--output", json])
        fields += [spv, json]
    return "|".join(str(f) for f in fields)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source")
    parser.add_argument("--shader-root", required=True)
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--entry", required=True)
    parser.add_argument("--depfile", help="Makefile-style dependencies of the entry (the included files)")
    for tool in ("glslc", "spirv-opt", "spirv-val", "spirv-cross"):
        parser.add_argument(f"--{tool}", required=True)
    args = parser.parse_args()

    source = pathlib.Path(args.source)
    out = pathlib.Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    name = f"{source.parent.name}_{source.stem}"  # unique: the same file name may sit in two folders
    glslc = [args.glslc, f"--target-env={TARGET_ENV}", "-Werror", "-I", args.shader_root]

    lines = []
    for suffix, defines in PROFILES:
        lines.append(compile_profile(args, source, out, name + suffix, glslc + defines,
                                     args.depfile if not suffix else None))
    pathlib.Path(args.entry).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
