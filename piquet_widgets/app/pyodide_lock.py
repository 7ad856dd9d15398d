"""Pyodide's package lock, adjusted for a site built from the package registries alone.

Pyodide's lock (`pyodide-lock.json`) names the wheels its kernel loads by file and hash, and
expects them beside `pyodide.js` as Pyodide's own CDN serves them. The static build takes the
pure-Python ones from PyPI instead, where the same release is a different file: so the lock is
cut to the packages the site ships and each entry is rewritten for the file actually shipped.
Two entries cannot come from PyPI and are changed rather than copied (verified with Pyodide
0.29.0 and jupyterlite-pyodide-kernel 0.7.0):

- `sqlite3` is Pyodide's compiled module of the standard library, not on any registry: a
  metadata-only stand-in is listed under its name (IPython then keeps its history in memory);
- `matplotlib-inline` depends on matplotlib, compiled and some 10 MB: the edge is dropped
  (IPython imports matplotlib-inline, which imports matplotlib only when a figure is drawn).

PyYAML (which reads the lesson files) has compiled wheels only; its source release carries the
pure-Python package too, which the build wheels as it is (`pure_wheel`): without libyaml, PyYAML
uses its pure-Python loader, with the same rules.
"""

from __future__ import annotations

import hashlib
import re
import zipfile
from collections.abc import Iterable, Mapping
from io import BytesIO
from pathlib import Path
from typing import Any

STAND_IN = "sqlite3"
DROPPED_EDGES = {"matplotlib-inline": {"matplotlib"}}


def normalize(name: str) -> str:
    """A distribution's name as registries compare it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(lock: Mapping[str, Any], roots: Iterable[str]) -> set[str]:
    """The lock's packages that `roots` need, themselves included, without the dropped edges."""
    packages = {normalize(name): entry for name, entry in lock["packages"].items()}
    needed: set[str] = set()
    todo = [normalize(root) for root in roots]
    while todo:
        name = todo.pop()
        if name in needed or name not in packages:
            continue
        needed.add(name)
        todo += [normalize(d) for d in packages[name]["depends"] if normalize(d) not in DROPPED_EDGES.get(name, ())]
    return needed


def adjusted(lock: Mapping[str, Any], wheels: Mapping[str, Path], added: Mapping[str, list[str]]) -> dict[str, Any]:
    """The lock cut to the packages in `wheels` (by normalized name), each entry naming the
    shipped file and its hash, with the dropped edges left out; the packages of `added`, which
    Pyodide does not carry, are listed with the names they depend on."""
    entries = {}
    for name, entry in lock["packages"].items():
        key = normalize(name)
        if key in wheels and key not in added:
            depends = [d for d in entry["depends"] if normalize(d) not in DROPPED_EDGES.get(key, ())]
            entries[name] = entry | _shipped(wheels[key]) | {"depends": depends}
    for name, depends in added.items():
        entries[name] = {"name": name, "version": wheels[name].name.split("-")[1], "imports": [],
                         "install_dir": "site", "depends": list(depends)} | _shipped(wheels[name])
    absent = set(wheels) - {normalize(name) for name in entries}
    if absent:
        raise ValueError(f"neither in Pyodide's lock nor added: {', '.join(sorted(absent))}")
    for name, entry in entries.items():
        missing = [d for d in entry["depends"] if normalize(d) not in wheels]
        if missing:
            raise ValueError(f"{name} needs {', '.join(missing)}, which the site does not ship")
    return {**lock, "packages": entries}


def _shipped(wheel: Path) -> dict[str, Any]:
    """A lock entry's fields for a wheel shipped as it is."""
    return {"file_name": wheel.name, "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "unvendored_tests": False}


def stand_in_wheel(name: str, version: str) -> bytes:
    """A wheel holding only the metadata of `name` (for a module Pyodide compiles and no registry has)."""
    return _wheel(name, version, {})


def pure_wheel(sdist: Path, package: str, name: str, version: str) -> bytes:
    """A py3-none-any wheel of the pure-Python `package` found in the source release `sdist` (a
    .tar.gz): its .py files only, for a project whose wheels on PyPI are all compiled."""
    import tarfile

    files: dict[str, str | bytes] = {}
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            parts = Path(member.name).parts
            if member.isfile() and member.name.endswith(".py") and package in parts:
                inside = Path(*parts[parts.index(package):]).as_posix()
                files[inside] = archive.extractfile(member).read()  # type: ignore[union-attr]
    if f"{package}/__init__.py" not in files:
        raise ValueError(f"{sdist.name} holds no package {package}")
    return _wheel(name, version, files)


def _wheel(name: str, version: str, files: Mapping[str, str | bytes]) -> bytes:
    """A py3-none-any wheel of `files` with `name` and `version` in its metadata."""
    dist_info = f"{name}-{version}.dist-info"
    every = {
        **files,
        f"{dist_info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{dist_info}/WHEEL": "Wheel-Version: 1.0\nGenerator: piquet-widgets\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{path},,\n" for path in every) + f"{dist_info}/RECORD,,\n"
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path, text in {**every, f"{dist_info}/RECORD": record}.items():
            archive.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), text)
    return buffer.getvalue()
