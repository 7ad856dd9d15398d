"""Binder builds with a Python the package supports: `binder/` read as repo2docker reads it (which
folder, which files, in which order) gives a Python that satisfies `requires-python` of
pyproject.toml. Without `binder/runtime.txt`, repo2docker chose its default Python 3.10 and the
package, which needs 3.11, did not install.

The rules below are repo2docker's (`repo2docker/app.py`, `buildpacks/base.py`, `buildpacks/python`,
`buildpacks/conda`), verified against its main branch of August 2026 (commit 808ae6b).
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

from packaging.specifiers import SpecifierSet
from support import REPO

# repo2docker's default Python 3 and the versions it can install.
DEFAULT_PYTHON = "3.10"
SUPPORTED_PYTHON = ("3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14")
# The buildpacks in the order repo2docker tries them, each with the files (in its configuration
# folder) that select it; Python's is the last and the default.
BUILDPACKS = [
    ("docker", ("Dockerfile",)),
    ("julia", ("Project.toml", "JuliaProject.toml", "REQUIRE")),
    ("nix", ("default.nix",)),
    ("conda", ("environment.yml", "environment.yaml")),
    ("pipfile", ("Pipfile", "Pipfile.lock")),
]
CONDA_PYTHON = re.compile(r"python\s*=+\s*([\d.]*)")


def configuration_folder(repo: Path) -> Path:
    """`binder/`, else `.binder/`, else the repository's root; both folders at once is an error."""
    binder, dotbinder = repo / "binder", repo / ".binder"
    if binder.is_dir() and dotbinder.is_dir():
        raise AssertionError("repo2docker refuses a repository with both binder/ and .binder/")
    return dotbinder if dotbinder.is_dir() else binder if binder.is_dir() else repo


def runtime(folder: Path) -> tuple[str | None, str | None]:
    """runtime.txt's name and version (`python-3.11`, `r-4.3-2024-01-01`), or (None, None)."""
    path = folder / "runtime.txt"
    if not path.exists():
        return None, None
    parts = path.read_text().strip().split("-")
    assert len(parts) in (2, 4, 5) and all(parts), f"repo2docker refuses runtime.txt {path.read_text()!r}"
    return parts[0], parts[1] if len(parts) in (2, 5) else None


def buildpack(folder: Path) -> str:
    """Which buildpack repo2docker builds the repository with."""
    name, _version = runtime(folder)
    if name == "r":
        return "r"
    for pack, files in BUILDPACKS:
        if any((folder / file).exists() for file in files):
            if pack == "pipfile" and name not in (None, "python"):
                continue
            return pack
    return "python"


def chosen_python(repo: Path) -> str:
    """The Python (major.minor) repo2docker installs for the repository."""
    folder = configuration_folder(repo)
    pack = buildpack(folder)
    assert pack in ("python", "conda", "pipfile"), f"repo2docker would build with its {pack} buildpack"
    if pack == "conda":
        environment = next(folder / name for name in ("environment.yml", "environment.yaml") if (folder / name).exists())
        found = CONDA_PYTHON.search(environment.read_text())
        version = found.group(1) if found and found.group(1) else DEFAULT_PYTHON
        return version if "." in version else DEFAULT_PYTHON
    name, version = runtime(folder)
    if name != "python" or version is None or "." not in version:
        version = DEFAULT_PYTHON
    else:
        version = ".".join(version.split(".")[:2])
    # requires-python is read only when there is no configuration folder.
    if folder == repo:
        required = SpecifierSet(requires_python(repo))
        if version not in required:
            candidates = list(required.filter(SUPPORTED_PYTHON))
            assert candidates, "repo2docker supports no Python that pyproject.toml allows"
            version = candidates[-1]
    return version


def requires_python(repo: Path) -> str:
    return tomllib.loads((repo / "pyproject.toml").read_text())["project"]["requires-python"]


def test_binder_installs_a_python_the_package_supports():
    python = chosen_python(REPO)
    assert python in SUPPORTED_PYTHON, f"repo2docker cannot install Python {python}"
    assert python in SpecifierSet(requires_python(REPO)), f"Binder would install Python {python}; pyproject.toml requires {requires_python(REPO)}"


def test_binder_installs_the_package_with_pip_from_its_requirements():
    folder = configuration_folder(REPO)
    assert folder == REPO / "binder"
    assert buildpack(folder) == "python"
    assert ".[app]" in (folder / "requirements.txt").read_text().split()


def test_without_runtime_txt_binder_gets_repo2dockers_default_python(tmp_path):
    """The check above can fail: the same binder/ folder without runtime.txt gives Python 3.10,
    pyproject.toml's requires-python unread."""
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    (tmp_path / "binder").mkdir()
    shutil.copy(REPO / "binder" / "requirements.txt", tmp_path / "binder")
    assert chosen_python(tmp_path) == DEFAULT_PYTHON
    assert DEFAULT_PYTHON not in SpecifierSet(requires_python(tmp_path))


def test_without_a_binder_folder_requires_python_is_honoured(tmp_path):
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    assert chosen_python(tmp_path) == SUPPORTED_PYTHON[-1]
