"""Build the one-folder executable: ``make dist`` -> ``dist/Parlour/Parlour``
(``Parlour.exe`` on Windows; on macOS also ``dist/Parlour.app``). ``make release``
packs it into the download (build_scripts/release.py).

    python build_scripts/build.py [--dist DIR] [--work DIR] [--keep-cache]

``--keep-cache`` skips PyInstaller's --clean so a rebuild reuses its work folder
(the packaging test uses it); ``make dist`` always builds clean.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_scripts" / "parlour.spec"


def build(dist: Path | None = None, work: Path | None = None, clean: bool = True) -> Path:
    """Run PyInstaller on the spec; returns the path of the built executable."""
    dist = Path(dist or ROOT / "dist").resolve()
    work = Path(work or ROOT / "build" / "pyinstaller").resolve()
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
    ]
    if clean:
        cmd.append("--clean")
    cmd.append(str(SPEC))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    exe = dist / "Parlour" / ("Parlour.exe" if sys.platform == "win32" else "Parlour")
    if not exe.exists():
        raise SystemExit(f"PyInstaller finished but {exe} is missing")
    return exe


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dist", type=Path, help="output folder (default: dist/)")
    p.add_argument(
        "--work", type=Path, help="PyInstaller work folder (default: build/pyinstaller/)"
    )
    p.add_argument(
        "--keep-cache", action="store_true", help="reuse the work folder: faster rebuilds"
    )
    args = p.parse_args(argv)
    start = time.perf_counter()
    exe = build(args.dist, args.work, clean=not args.keep_cache)
    print(f"Built {exe} in {time.perf_counter() - start:.0f} s. Run it: {exe}  (or {exe} --smoke)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
