"""Parlour: five card and tile games at one table.

``game.__version__`` is the installed package's version (pyproject.toml is its one
source; a frozen build carries the package metadata). It is looked up on first use:
importing importlib.metadata costs some 20 ms that the AI worker, the tools and the
first frame need not pay.
"""

UNKNOWN_VERSION = "0+unknown"  # a source tree run without any install metadata


def _installed_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("parlour")
    except PackageNotFoundError:
        return UNKNOWN_VERSION


def __getattr__(name: str) -> str:
    if name == "__version__":
        found = _installed_version()
        globals()["__version__"] = found  # asked once per process
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
