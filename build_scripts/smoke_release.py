"""Unpack a release archive and run the app inside it with ``--smoke``: the check the
build workflow makes on every system before it uploads the download.

    python build_scripts/smoke_release.py dist/Parlour-0.1.0-linux-x86_64.tar.gz

The archive is unpacked into a temporary folder and the app runs from another folder
with a fresh user folder (PARLOUR_HOME). A windowed build has no console on Windows, so
the verdict is read from the ``--smoke-report`` file and the exit code, not its output.
Exits 0 when the app says ``PARLOUR SMOKE OK``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

SMOKE_OK = "PARLOUR SMOKE OK"
# Where each archive keeps the program, below the folder it was unpacked into.
PROGRAMS = (
    "Parlour/Parlour",  # Linux
    "Parlour/Parlour.exe",  # Windows
    "Parlour.app/Contents/MacOS/Parlour",  # macOS
)


def unpack(archive: Path, into: Path) -> Path:
    """Unpack and return the program's path."""
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="data")
    elif sys.platform == "darwin":  # ditto restores the bundle's links and attributes
        subprocess.run(["ditto", "-x", "-k", str(archive), str(into)], check=True)
    else:
        with zipfile.ZipFile(archive) as zipped:
            zipped.extractall(into)
    for program in PROGRAMS:
        if (into / program).is_file():
            return into / program
    raise SystemExit(f"{archive.name} holds none of {', '.join(PROGRAMS)}")


def smoke(program: Path, scratch: Path) -> tuple[int, str]:
    """Run ``program --smoke`` from ``scratch`` with a fresh home; (exit code, report
    and, when the app wrote to a console, what it wrote)."""
    report = scratch / "smoke-report.txt"
    env = dict(os.environ)
    env.update(
        PARLOUR_HOME=str(scratch / "home"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    proc = subprocess.run(
        [str(program), "--smoke", "--smoke-report", str(report)],
        cwd=scratch,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    text = report.read_text(encoding="utf-8") if report.is_file() else "(no report written)\n"
    if proc.returncode != 0:
        text = proc.stdout + proc.stderr + text
    return proc.returncode, text


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    archive = Path(args[0]).resolve()
    # a worker process may hold a file a moment longer on Windows: cleanup is best-effort
    with tempfile.TemporaryDirectory(prefix="parlour-smoke-", ignore_cleanup_errors=True) as folder:
        folder = Path(folder)
        program = unpack(archive, folder / "unpacked")
        code, report = smoke(program, folder)
    print(report, end="")
    lines = report.strip().splitlines()
    if code == 0 and lines and lines[-1].startswith(SMOKE_OK):
        print(f"{archive.name}: smoke passed")
        return 0
    print(f"{archive.name}: smoke FAILED (exit code {code})", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
