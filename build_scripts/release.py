"""Build Parlour and pack the download for the system this runs on: ``make release``.

    python build_scripts/release.py [--dist DIR] [--work DIR] [--keep-cache]

Linux    dist/Parlour-<version>-linux-<arch>.tar.gz: the Parlour/ folder with
         parlour.desktop, parlour.png and install-desktop-entry.sh (adds the menu entry)
Windows  dist/Parlour-<version>-windows-<arch>.zip: the Parlour/ folder with Parlour.exe
macOS    dist/Parlour-<version>-macos-<arch>.zip: Parlour.app

The version is the installed package's (pyproject.toml); ``make release`` reinstalls
the package first when pyproject.toml changed.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LINUX_EXTRAS = HERE / "linux"


def _script(name: str):
    """A script beside this one, loaded by path (``build`` is also a PyPI package)."""
    spec = importlib.util.spec_from_file_location(f"parlour_{name}", HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ARCHES = {"amd64": "x86_64", "x86_64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}
SYSTEMS = {"linux": "linux", "win32": "windows", "darwin": "macos"}


def platform_tag(system: str = sys.platform, machine: str | None = None) -> str:
    """``linux-x86_64``, ``windows-x86_64``, ``macos-arm64``…"""
    machine = (machine or platform.machine()).lower()
    return f"{SYSTEMS.get(system, system)}-{ARCHES.get(machine, machine)}"


def archive_name(version: str, tag: str) -> str:
    extension = "tar.gz" if tag.startswith("linux") else "zip"
    return f"Parlour-{version}-{tag}.{extension}"


def _executable_mode(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """Files keep their mode; the program and the menu script run whatever the
    checkout's umask or file system did to them."""
    if info.name in ("Parlour/Parlour", "Parlour/install-desktop-entry.sh"):
        info.mode = 0o755
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def pack_linux(folder: Path, target: Path) -> Path:
    """The one-folder build as Parlour/, with the menu entry, its icon and its script."""
    with tarfile.open(target, "w:gz") as tar:
        tar.add(folder, arcname="Parlour", filter=_executable_mode)
        tar.add(
            LINUX_EXTRAS / "parlour.desktop", "Parlour/parlour.desktop", filter=_executable_mode
        )
        tar.add(ROOT / "assets" / "icon.png", "Parlour/parlour.png", filter=_executable_mode)
        tar.add(
            LINUX_EXTRAS / "install-desktop-entry.sh",
            "Parlour/install-desktop-entry.sh",
            filter=_executable_mode,
        )
    return target


def pack_windows(folder: Path, target: Path) -> Path:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            archive.write(path, Path("Parlour") / path.relative_to(folder))
    return target


def pack_macos(app: Path, target: Path) -> Path:
    """Parlour.app zipped by ditto, which keeps the bundle's symbolic links and
    extended attributes (Python's zipfile does not)."""
    subprocess.run(
        ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(target)],
        check=True,
    )
    return target


def pack(exe: Path, out: Path, version: str, system: str = sys.platform) -> Path:
    """Pack the build whose executable is ``exe`` into ``out``; returns the archive."""
    folder = exe.parent
    out.mkdir(parents=True, exist_ok=True)
    target = out / archive_name(version, platform_tag(system))
    target.unlink(missing_ok=True)
    if system == "darwin":
        return pack_macos(folder.parent / "Parlour.app", target)
    if system == "win32":
        return pack_windows(folder, target)
    return pack_linux(folder, target)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    p.add_argument("--work", type=Path, help="PyInstaller work folder (build/pyinstaller/)")
    p.add_argument(
        "--keep-cache", action="store_true", help="reuse the work folder: faster rebuilds"
    )
    args = p.parse_args(argv)
    if not shutil.which("ditto") and sys.platform == "darwin":
        raise SystemExit("ditto (part of macOS) is needed to zip Parlour.app")
    exe = _script("build").build(args.dist, args.work, clean=not args.keep_cache)
    version, _ = _script("appinfo").installed_metadata()
    archive = pack(exe, args.dist, version)
    print(f"Packed {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
