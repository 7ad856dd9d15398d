"""The static build's own steps, without building: Pyodide's lock adjusted for the wheels the
site ships, the sqlite3 stand-in, Babel cut to the four languages."""

from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path

import pytest

from piquet_widgets.app import pyodide_lock
from piquet_widgets.app.static_site import trim_babel
from piquet_widgets.cli import main


def entry(name: str, *depends: str) -> dict:
    return {"name": name, "version": "1.0", "file_name": f"{name}-1.0-cp313-pyodide_wasm32.whl", "sha256": "0" * 64,
            "depends": list(depends), "imports": [name], "install_dir": "site", "package_type": "package", "unvendored_tests": False}


LOCK = {"info": {"version": "0.29.0"}, "packages": {
    "ipython": entry("ipython", "matplotlib-inline", "sqlite3", "Pygments"),
    "matplotlib-inline": entry("matplotlib-inline", "traitlets", "matplotlib"),
    "matplotlib": entry("matplotlib", "numpy"),
    "numpy": entry("numpy"),
    "traitlets": entry("traitlets"),
    "pygments": entry("pygments"),
    "sqlite3": entry("sqlite3") | {"package_type": "cpython_module"},
}}


def wheel(folder: Path, name: str, payload: bytes = b"") -> Path:
    path = folder / f"{name}-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{name}/__init__.py", payload)
    return path


def test_the_closure_follows_depends_but_not_the_matplotlib_edge() -> None:
    assert pyodide_lock.closure(LOCK, ["ipython"]) == {"ipython", "matplotlib-inline", "traitlets", "pygments", "sqlite3"}


def test_the_lock_names_the_shipped_files_and_their_hashes(tmp_path: Path) -> None:
    names = ["ipython", "matplotlib-inline", "traitlets", "pygments", "sqlite3", "piquet-widgets"]
    wheels = {name: wheel(tmp_path, name, name.encode()) for name in names}
    lock = pyodide_lock.adjusted(LOCK, wheels, {"piquet-widgets": ["ipython"]})
    packages = lock["packages"]
    assert set(packages) == set(names)  # matplotlib and numpy are not shipped, so not listed
    for name, path in wheels.items():
        assert packages[name]["file_name"] == path.name
        assert packages[name]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert packages["matplotlib-inline"]["depends"] == ["traitlets"]
    assert packages["sqlite3"]["package_type"] == "package"  # a wheel now, not Pyodide's compiled module
    assert packages["piquet-widgets"]["depends"] == ["ipython"]
    assert lock["info"] == LOCK["info"]
    assert LOCK["packages"]["matplotlib-inline"]["depends"] == ["traitlets", "matplotlib"]  # the original is unchanged


def test_a_dependency_not_shipped_is_an_error(tmp_path: Path) -> None:
    wheels = {name: wheel(tmp_path, name) for name in ["ipython", "traitlets", "pygments", "sqlite3"]}  # no matplotlib-inline
    with pytest.raises(ValueError, match="matplotlib-inline"):
        pyodide_lock.adjusted(LOCK, wheels, {})


def test_a_wheel_neither_in_the_lock_nor_added_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="stray"):
        pyodide_lock.adjusted(LOCK, {"traitlets": wheel(tmp_path, "traitlets"), "stray": wheel(tmp_path, "stray")}, {})


def test_the_stand_in_is_a_wheel_of_metadata_only() -> None:
    data = pyodide_lock.stand_in_wheel("sqlite3", "1.0.0")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert all(name.startswith("sqlite3-1.0.0.dist-info/") for name in names)
        assert "Name: sqlite3\nVersion: 1.0.0" in archive.read("sqlite3-1.0.0.dist-info/METADATA").decode()
        record = archive.read("sqlite3-1.0.0.dist-info/RECORD").decode().splitlines()
        assert sorted(line.split(",")[0] for line in record) == sorted(names)


def test_a_pure_wheel_takes_the_python_package_of_a_source_release(tmp_path: Path) -> None:
    """PyYAML's way into the site: the .py files of `lib/yaml` in its .tar.gz, as an importable wheel."""
    import subprocess
    import sys
    import tarfile

    files = {"PyYAML-6.0.2/lib/yaml/__init__.py": b"from .reader import WORD\n", "PyYAML-6.0.2/lib/yaml/reader.py": b"WORD = 'read'\n",
             "PyYAML-6.0.2/yaml/_yaml.c": b"/* compiled */", "PyYAML-6.0.2/setup.py": b"raise SystemExit\n"}
    sdist = tmp_path / "PyYAML-6.0.2.tar.gz"
    with tarfile.open(sdist, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    wheel = tmp_path / "pyyaml-6.0.2-py3-none-any.whl"
    wheel.write_bytes(pyodide_lock.pure_wheel(sdist, "yaml", "pyyaml", "6.0.2"))
    with zipfile.ZipFile(wheel) as archive:
        assert sorted(name for name in archive.namelist() if not name.startswith("pyyaml-6.0.2.dist-info/")) == ["yaml/__init__.py", "yaml/reader.py"]
    found = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); import yaml; print(yaml.WORD, yaml.__file__)", str(wheel)],
                           capture_output=True, text=True, check=True).stdout.split()
    assert found[0] == "read" and found[1].startswith(str(wheel))  # imported from the wheel, not an installed PyYAML
    with pytest.raises(ValueError, match="no package yaml"):
        pyodide_lock.pure_wheel(_without_yaml(tmp_path), "yaml", "pyyaml", "6.0.2")


def _without_yaml(folder: Path) -> Path:
    import tarfile

    sdist = folder / "empty-1.0.tar.gz"
    with tarfile.open(sdist, "w:gz") as archive:
        info = tarfile.TarInfo("empty-1.0/setup.py")
        archive.addfile(info, io.BytesIO(b""))
    return sdist


def test_babel_keeps_the_four_languages_and_a_true_record(tmp_path: Path) -> None:
    source = tmp_path / "babel-2.0-py3-none-any.whl"
    data = ["root", "en", "en_GB", "fr", "fr_CA", "es", "pt", "pt_PT", "de", "ja", "eo"]
    files = [f"babel/locale-data/{stem}.dat" for stem in data] + ["babel/core.py", "babel/global.dat"]
    with zipfile.ZipFile(source, "w") as archive:
        for name in files:
            archive.writestr(name, name)
        archive.writestr("babel-2.0.dist-info/RECORD", "".join(f"{name},sha256=x,1\n" for name in files) + "babel-2.0.dist-info/RECORD,,\n")
    target = tmp_path / "out" / source.name
    target.parent.mkdir()
    trim_babel(source, target, ("en", "fr", "es", "pt"))
    with zipfile.ZipFile(target) as archive:
        kept = set(archive.namelist())
        record = {line.split(",")[0] for line in archive.read("babel-2.0.dist-info/RECORD").decode().splitlines()}
    expected = {f"babel/locale-data/{stem}.dat" for stem in ["root", "en", "en_GB", "fr", "fr_CA", "es", "pt", "pt_PT"]}
    assert {name for name in kept if name.startswith("babel/locale-data/")} == expected
    assert {"babel/core.py", "babel/global.dat"} <= kept
    assert record == kept


def test_build_static_without_its_tools_says_what_to_install(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: None if name == "voici_core" else real(name, *rest))
    assert main(["build-static", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert "piquet-widgets[static]" in err and "Traceback" not in err
    assert not (tmp_path / "site").exists()


def test_a_voici_build_that_makes_no_page_is_an_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Voici's add-on only warns when it fails (its templates not found): the build then says so,
    rather than leave a site whose address answers 'not found'."""
    from piquet_widgets.app import static_site

    dest = tmp_path / "site"

    def unpack(_tarball: Path, folder: Path) -> None:
        folder.mkdir(parents=True)
        (folder / "pyodide-lock.json").write_text('{"packages": {}}')

    monkeypatch.setattr(static_site, "require_tools", lambda: None)
    monkeypatch.setattr(static_site, "download", lambda _url, _folder: tmp_path / "pyodide.tgz")
    monkeypatch.setattr(static_site, "unpack_pyodide", unpack)
    monkeypatch.setattr(static_site, "gather_wheels", lambda _lock, _folder, _downloads: ({}, {}))
    monkeypatch.setattr(static_site.pyodide_lock, "adjusted", lambda lock, _wheels, _added: lock)
    monkeypatch.setattr(static_site, "write_lite_dir", lambda _lite: None)
    monkeypatch.setattr(static_site, "run", lambda _command, cwd=None: (dest / "build").mkdir(parents=True))  # a site with no page
    with pytest.raises(RuntimeError, match="made no page voici/render/app.html"):
        static_site.build_site(dest, log=lambda _text: None)
    assert not (dest / "index.html").exists()
