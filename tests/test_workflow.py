"""The build workflow and the PyInstaller spec make the three downloads.

The Windows and macOS builds only run on GitHub's runners; these tests read the files
that describe them, so a lost target, icon or version resource fails here first.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from build_helpers import ROOT, build_script

WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"
SPEC = ROOT / "build_scripts" / "parlour.spec"


def _workflow() -> str:
    return WORKFLOW.read_text(encoding="utf-8")


def _spec() -> str:
    return SPEC.read_text(encoding="utf-8")


def _matrix_lists(text: str, key: str) -> list[list[str]]:
    return [
        [item.strip().strip("\"'") for item in found.split(",")]
        for found in re.findall(rf"^\s*{key}: \[([^\]]*)\]", text, re.M)
    ]


def test_the_workflow_tests_and_builds_on_the_three_systems():
    text = _workflow()
    systems = ["ubuntu-latest", "windows-latest", "macos-latest"]
    assert _matrix_lists(text, "os") == [systems, systems]  # the test job, the build job
    assert _matrix_lists(text, "python") == [["3.11", "3.12"]]
    build_job = text[text.index("\n  build:") : text.index("\n  release:")]
    assert 'python-version: "3.11"' in build_job
    assert "python build_scripts/release.py" in build_job
    assert "build_scripts/smoke_release.py" in build_job  # the unpacked download's --smoke
    assert "actions/upload-artifact@" in build_job
    assert "SDL_VIDEODRIVER: dummy" in text


def test_a_version_tag_publishes_the_three_downloads():
    text = _workflow()
    assert re.search(r'^\s*tags: \["v\*"\]', text, re.M)
    release_job = text[text.index("\n  release:") :]
    assert "if: startsWith(github.ref, 'refs/tags/v')" in release_job
    assert "needs: build" in release_job
    assert "contents: write" in release_job
    assert "gh release create" in release_job


def test_the_spec_builds_each_systems_app():
    spec = _spec()
    # Windows: Parlour.exe with its icon, a version resource and no console
    assert 'icon = str(ROOT / "assets" / "icon.ico")' in spec
    assert "version=version_file" in spec and "appinfo.write(" in spec
    assert "console=False" in spec
    # macOS: a bundle with its identifier, version, Retina flag and a real .icns
    assert "BUNDLE(" in spec and 'name="Parlour.app"' in spec
    assert 'bundle_identifier="org.parlour.Parlour"' in spec
    assert '"CFBundleShortVersionString": VERSION' in spec
    assert '"NSHighResolutionCapable": True' in spec
    assert '"--icns", icon' in spec
    assert 'str(ROOT / "assets" / "icon.png")' not in spec  # no PNG handed over as the icon
    # everywhere: the package metadata (game.__version__) and no developer tools
    assert 'copy_metadata("parlour")' in spec
    assert "*DEV_MODULES" in spec


def test_the_archives_are_named_for_each_system():
    release = build_script("release")
    assert release.archive_name("1.2.3", release.platform_tag("win32", "AMD64")).endswith(
        "windows-x86_64.zip"
    )
    assert release.archive_name("1.2.3", release.platform_tag("darwin", "arm64")).endswith(
        "macos-arm64.zip"
    )
    assert release.archive_name("1.2.3", release.platform_tag("linux", "x86_64")).endswith(
        "linux-x86_64.tar.gz"
    )


def _actionlint() -> str | None:
    here = Path(sys.executable).parent
    return shutil.which("actionlint", path=str(here)) or shutil.which("actionlint")


@pytest.mark.skipif(_actionlint() is None, reason="actionlint (the dev extra) is not installed")
def test_actionlint_finds_nothing_in_the_workflows():
    proc = subprocess.run(
        [_actionlint(), str(WORKFLOW)], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _evaluated_version_info(text: str) -> dict:
    """The VSVersionInfo text evaluated with recording stand-ins for PyInstaller's
    classes (the real ones import pefile, a Windows-only dependency)."""
    names = [
        "VSVersionInfo",
        "FixedFileInfo",
        "StringFileInfo",
        "StringTable",
        "StringStruct",
        "VarFileInfo",
        "VarStruct",
    ]
    found: dict = {"strings": {}}

    def stand_in(name):
        def make(*args, **kwargs):
            if name == "StringStruct":
                found["strings"][args[0]] = args[1]
            if name == "FixedFileInfo":
                found["ffi"] = kwargs
            return (name, args, kwargs)

        return make

    # eval on purpose: the version file is a Python expression, read without builtins
    eval(text, {"__builtins__": {}}, {n: stand_in(n) for n in names})
    return found


def test_the_windows_version_resource_comes_from_the_metadata():
    appinfo = build_script("appinfo")
    info = _evaluated_version_info(appinfo.version_info_text("1.2.3", "Five games: and more"))
    assert info["strings"]["ProductName"] == "Parlour"
    assert info["strings"]["ProductVersion"] == "1.2.3"
    assert info["strings"]["FileVersion"] == "1.2.3"
    assert info["strings"]["FileDescription"] == "Parlour - Five games"
    assert info["strings"]["OriginalFilename"] == "Parlour.exe"
    assert info["ffi"]["filevers"] == (1, 2, 3, 0) == info["ffi"]["prodvers"]
    assert appinfo.numeric_version("0+unknown") == (0, 0, 0, 0)
    assert appinfo.numeric_version("2.0rc1") == (2, 0, 0, 0)
    assert appinfo.numeric_version("1.2.3.4.5") == (1, 2, 3, 4)
    import game

    assert appinfo.installed_metadata()[0] == game.__version__


def test_the_macos_icon_is_a_real_icns(tmp_path):
    path = tmp_path / "Parlour.icns"
    # as the spec runs it (a process of its own: pygame.init() stays out of this one)
    subprocess.run(
        [sys.executable, str(ROOT / "build_scripts" / "make_icon.py"), "--icns", str(path)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    data = path.read_bytes()
    assert data[:4] == b"icns"
    assert int.from_bytes(data[4:8], "big") == len(data)
    sizes = {}
    offset = 8
    while offset < len(data):  # each entry: type, length with its header, PNG
        kind = data[offset : offset + 4].decode("ascii")
        length = int.from_bytes(data[offset + 4 : offset + 8], "big")
        assert length > 8
        png = data[offset + 8 : offset + length]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width = int.from_bytes(png[16:20], "big")
        height = int.from_bytes(png[20:24], "big")
        assert width == height
        sizes[kind] = width
        offset += length
    assert offset == len(data)
    assert sizes == {
        "ic11": 32,
        "ic12": 64,
        "ic07": 128,
        "ic13": 256,
        "ic08": 256,
        "ic14": 512,
        "ic09": 512,
        "ic10": 1024,
    }
