"""What a build says about itself, from the package's metadata (pyproject.toml): its
version and description, and the Windows version resource of Parlour.exe.

PyInstaller's ``EXE(version=FILE)`` reads a ``VSVersionInfo(...)`` text; the spec
writes it into the build's work folder with ``write(path)`` so that the product name,
version and description Windows shows (file Properties → Details) come from
pyproject.toml like everything else.
"""

from __future__ import annotations

import re
from pathlib import Path

PRODUCT = "Parlour"
EXE_NAME = "Parlour.exe"
COPYRIGHT = "MIT License, the Parlour authors"


def installed_metadata() -> tuple[str, str]:
    """(version, one-line description) of the installed ``parlour`` distribution."""
    from importlib.metadata import metadata

    meta = metadata("parlour")
    return meta["Version"], meta["Summary"] or PRODUCT


def numeric_version(version: str) -> tuple[int, int, int, int]:
    """The four 16-bit numbers Windows keeps: ``0.1.0`` → (0, 1, 0, 0); a pre-release,
    local or unknown part (``1.2rc1``, ``0+unknown``) keeps only the leading numbers."""
    release = re.match(r"\d+(?:\.\d+)*", version)
    numbers = [int(n) for n in release.group(0).split(".")] if release else []
    numbers = [*numbers, 0, 0, 0, 0][:4]
    return tuple(min(n, 0xFFFF) for n in numbers)


def file_description(summary: str) -> str:
    """What Task Manager names the running program: the product and the summary's
    first clause (``Parlour - Five card and tile games at one table``)."""
    clause = summary.split(":")[0].strip()
    return f"{PRODUCT} - {clause}" if clause and clause != PRODUCT else PRODUCT


def version_info_text(version: str, summary: str) -> str:
    """A VSVersionInfo structure in the text form PyInstaller's ``version=`` reads."""
    numbers = numeric_version(version)
    strings = [
        ("CompanyName", PRODUCT),
        ("FileDescription", file_description(summary)),
        ("FileVersion", version),
        ("InternalName", PRODUCT),
        ("LegalCopyright", COPYRIGHT),
        ("OriginalFilename", EXE_NAME),
        ("ProductName", PRODUCT),
        ("ProductVersion", version),
    ]
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings)
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers!r},
    prodvers={numbers!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def write(path: Path) -> Path:
    """Write the installed package's version resource to ``path``; returns it."""
    version, description = installed_metadata()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(version_info_text(version, description), encoding="utf-8")
    return path
