"""`piquet-widgets build-static DEST`: the tutorial as a static site, Python in the visitor's browser.

The site is Voici (Voilà on JupyterLite) with Pyodide's kernel: HTML, JavaScript and WebAssembly
files any static host serves, the package running in each visitor's browser. Everything comes
from the package registries: Pyodide from npm's, the wheels from PyPI (compiled ones excepted:
Pyodide's lock is adjusted for that, see `pyodide_lock`), the package's own wheel built here.
Nothing on the built site asks another host for anything.

The versions pinned here are the ones found to work together (jupyterlite-pyodide-kernel 0.7.1
and 0.7.2 fail to load in Voici 0.10.0's page); the `static` extra installs them.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from piquet_widgets.app import APP_NOTEBOOK
from piquet_widgets.app import pyodide_lock
from piquet_widgets.app.lessons import lesson_paths
from piquet_widgets.i18n import LANGUAGES

PYODIDE_VERSION = "0.29.0"
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYTHON_VERSION = "3.13"  # Pyodide 0.29's
# What jupyterlite-pyodide-kernel 0.7.0 installs when its kernel starts (its worker's initKernel),
# less its own wheels (ipykernel, pyodide_kernel), which its build adds; micropip installs them.
KERNEL_PACKAGES = ("micropip", "sqlite3", "ipython", "jedi", "comm")
# Provided by the kernel's own stand-in wheels, or not needed in the browser (the pure-Python
# paths run there).
NOT_SHIPPED = {"numpy", "ipykernel", "widgetsnbextension"}
SOURCE_ONLY = {"docopt"}  # a dependency of num2words published only as source: its wheel is built here
PURE_IN_SOURCE = {"pyyaml": "yaml"}  # compiled wheels only on PyPI: the pure package of its source release
PROJECT = "piquet-widgets"
# The browser imports these when the page starts: Pyodide loads them from the lock, in parallel,
# before the kernel starts; the kernel then finds them installed.
PRELOADED = (PROJECT, *KERNEL_PACKAGES)
MARKERS = {"python_version": PYTHON_VERSION, "python_full_version": f"{PYTHON_VERSION}.2", "sys_platform": "emscripten",
           "platform_system": "Emscripten", "platform_machine": "wasm32", "implementation_name": "cpython",
           "platform_python_implementation": "CPython", "os_name": "posix", "extra": ""}
PAGE = "app"  # the site's page for the app: voici/render/app.html


def build_site(dest: Path | str, log: Callable[[str], None] = print) -> Path:
    """Build the site into `dest` (replaced if it exists); returns the app page's path in it."""
    require_tools()
    dest = Path(dest).resolve()
    with tempfile.TemporaryDirectory(prefix="piquet-static-") as work:
        lite = Path(work) / "lite"
        pyodide_dir = lite / "static" / "pyodide"
        log(f"Pyodide {PYODIDE_VERSION}")
        unpack_pyodide(download(PYODIDE_TARBALL, cache_dir()), pyodide_dir)
        log("wheels")
        lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
        wheels, added = gather_wheels(lock, pyodide_dir, Path(work) / "downloads")
        (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(pyodide_lock.adjusted(lock, wheels, added)))
        write_lite_dir(lite)
        log("voici build")
        if dest.exists():
            shutil.rmtree(dest)
        run([sys.executable, "-c", "from voici_core.app import main; main()", "build", "--no-sourcemaps", f"--output-dir={dest}"], cwd=lite)
    page = dest / "voici" / "render" / f"{PAGE}.html"
    if not page.exists():  # Voici's add-on only warns when it fails (its templates not found, say)
        raise RuntimeError(f"voici build made no page {page.relative_to(dest)}: is Voilà's template on the Jupyter path (jupyter --paths)?")
    strip_foreign_links(dest)
    (dest / "index.html").write_text(REDIRECT.format(page=f"voici/render/{PAGE}.html"))
    return page


def require_tools() -> None:
    """Raise ImportError naming the first build tool (of the `static` extra) not installed."""
    import importlib.util

    for module in ("voici_core", "jupyterlite_pyodide_kernel", "packaging"):
        if importlib.util.find_spec(module) is None:
            raise ImportError(module, name=module)


def cache_dir() -> Path:
    """Where downloads are kept between builds."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("piquet-widgets")) / "static"


def download(url: str, folder: Path) -> Path:
    """The file at `url`, downloaded once into `folder`."""
    path = folder / url.rsplit("/", 1)[1]
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".part")
        with urllib.request.urlopen(url, timeout=120) as response, partial.open("wb") as out:
            shutil.copyfileobj(response, out)
        partial.rename(path)
    return path


def unpack_pyodide(tarball: Path, folder: Path) -> None:
    """Pyodide's runtime files from its npm package (no source maps, typings or demo pages)."""
    folder.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and re.fullmatch(r"pyodide(\.asm)?\.(js|mjs|wasm)|pyodide-lock\.json|python_stdlib\.zip|package\.json", name):
                (folder / name).write_bytes(archive.extractfile(member).read())


def gather_wheels(lock: dict, folder: Path, downloads: Path) -> tuple[dict[str, Path], dict[str, list[str]]]:
    """Put every wheel the page loads into `folder`.

    Returns the wheels by normalized name, and the depends of those Pyodide's lock does not
    list (the project and its dependencies that Pyodide does not carry).
    """
    in_lock = {pyodide_lock.normalize(name): entry["version"] for name, entry in lock["packages"].items()}
    tree = requirement_tree(PROJECT, stop=set(in_lock))
    added = {name: depends for name, depends in tree.items() if name not in in_lock}
    wanted = pyodide_lock.closure(lock, [*KERNEL_PACKAGES, *(name for name in tree if name in in_lock)])
    wanted.discard(pyodide_lock.STAND_IN)
    versions = {name: in_lock[name] for name in wanted} | {name: installed_version(name) for name in added if name != PROJECT}
    downloads.mkdir(parents=True)
    binary = [f"{name}=={version}" for name, version in versions.items() if name not in SOURCE_ONLY and name not in PURE_IN_SOURCE]
    pip("download", "--no-deps", "--only-binary=:all:", "--platform=any", f"--python-version={PYTHON_VERSION}",
        "--implementation=py", "--abi=none", f"--dest={downloads}", *binary)
    sources = [f"{name}=={version}" for name, version in versions.items() if name in SOURCE_ONLY]
    if sources:
        pip("wheel", "--no-deps", f"--wheel-dir={downloads}", *sources)
    pip("wheel", "--no-deps", f"--wheel-dir={downloads}", str(project_root()))
    for name, package in PURE_IN_SOURCE.items():
        if name in versions:
            releases = downloads / "sources"
            pip("download", "--no-deps", "--no-binary=:all:", f"--dest={releases}", f"{name}=={versions[name]}")
            sdist = next(releases.glob("*.tar.gz"))
            wheel = downloads / f"{name}-{versions[name]}-py3-none-any.whl"
            wheel.write_bytes(pyodide_lock.pure_wheel(sdist, package, name, versions[name]))
            shutil.rmtree(releases)
    wheels = {}
    for wheel in downloads.glob("*.whl"):
        name = pyodide_lock.normalize(wheel.name.split("-")[0])
        target = folder / wheel.name
        if name == "babel":
            trim_babel(wheel, target, LANGUAGES)
        else:
            shutil.copyfile(wheel, target)
        wheels[name] = target
    stand_in = folder / f"{pyodide_lock.STAND_IN}-1.0.0-py3-none-any.whl"
    stand_in.write_bytes(pyodide_lock.stand_in_wheel(pyodide_lock.STAND_IN, "1.0.0"))
    wheels[pyodide_lock.STAND_IN] = stand_in
    missing = (set(versions) | {PROJECT}) - set(wheels)
    if missing:
        raise RuntimeError(f"no wheel for {', '.join(sorted(missing))}")
    return wheels, added


def requirement_tree(root: str, stop: set[str]) -> dict[str, list[str]]:
    """Every distribution `root` needs in the browser (itself included), by normalized name, with
    the names each needs, as installed here (markers taken for Pyodide); the requirements of
    the names in `stop` (Pyodide's, which its lock gives) are not followed."""
    from packaging.requirements import Requirement

    tree: dict[str, list[str]] = {}
    todo = [pyodide_lock.normalize(root)]
    while todo:
        name = todo.pop()
        if name in tree:
            continue
        if name in stop:
            tree[name] = []
            continue
        needs = []
        for line in distribution(name).requires or []:
            requirement = Requirement(line)
            needed = pyodide_lock.normalize(requirement.name)
            if needed in NOT_SHIPPED or (requirement.marker and not requirement.marker.evaluate(MARKERS)):
                continue
            needs.append(needed)
        tree[name] = needs
        todo += needs
    return tree


def installed_version(name: str) -> str:
    try:
        return distribution(name).version
    except PackageNotFoundError:
        raise RuntimeError(f"{name} is not installed here: install piquet-widgets[static]") from None


def project_root() -> Path:
    """The source tree this package runs from (its wheel is built from it)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").exists():
        raise RuntimeError("build-static builds the package's wheel from its source tree: run it from a clone of the repository")
    return root


def pip(*args: str) -> None:
    run([sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args])


def run(command: list[str], cwd: Path | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command[:4])} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")


def trim_babel(source: Path, target: Path, languages: tuple[str, ...]) -> None:
    """Babel's wheel with the locale data of `languages` only (and the root they inherit from):
    some 30 MB of other languages are not for the browser to download."""
    def kept(path: str) -> bool:
        if not path.startswith("babel/locale-data/"):
            return True
        stem = path.rsplit("/", 1)[1].split(".")[0]
        return stem == "root" or stem.split("_")[0] in languages

    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            if not kept(item.filename):
                continue
            data = old.read(item)
            if item.filename.endswith(".dist-info/RECORD"):
                data = "".join(line + "\n" for line in data.decode().splitlines() if kept(line.split(",")[0])).encode()
            new.writestr(item, data)


def app_notebook() -> dict:
    """The app's notebook, its page's address followed (`?lesson=`, `?lang=`… read from it: no
    server reads them on a static site)."""
    notebook = json.loads(APP_NOTEBOOK.read_text())
    cells = [cell for cell in notebook["cells"] if "".join(cell["source"]).strip() == "app = show()"]
    if len(cells) != 1:
        raise RuntimeError(f"{APP_NOTEBOOK.name} no longer calls show() in a cell of its own")
    cells[0]["source"] = "app = show(follow_address=True)"
    return notebook


def write_lite_dir(lite: Path) -> None:
    """The JupyterLite project Voici builds: its configuration and the notebooks."""
    content = lite / "content"
    (content / "lessons").mkdir(parents=True)
    (content / f"{PAGE}.ipynb").write_text(json.dumps(app_notebook()))
    for path in lesson_paths():
        shutil.copyfile(path, content / "lessons" / path.name)
    settings = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": list(PRELOADED)},
    }
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    build = {"LiteBuildConfig": {
        "contents": ["content"],
        # jupyterlite-xeus comes with Voici and stops a build that has no xeus environment
        "disable_addons": ["jupyterlite-xeus"],
        "federated_extensions": [str(path) for path in front_ends()],
        "ignore_sys_prefix": ["federated_extensions"],
    }}
    (lite / "jupyter_lite_config.json").write_text(json.dumps(build, indent=1))


def front_ends() -> list[Path]:
    """The front ends the page loads besides Voici's own: Pyodide's kernel and anywidget's.

    They are named one by one (the build then copies nothing else from this environment):
    Voici comes with jupyterlite-xeus, whose front end the page does not need.
    """
    import anywidget
    import jupyterlite_pyodide_kernel
    from jupyter_core.paths import jupyter_path

    kernel = "@jupyterlite/pyodide-kernel-extension"
    folders = [Path(sys.prefix, "share", "jupyter", "labextensions"), *map(Path, jupyter_path("labextensions"))]
    found = [folder / kernel for folder in folders if (folder / kernel / "package.json").exists()]
    if not found:
        raise RuntimeError(f"{kernel} is not installed (jupyterlite-pyodide-kernel {jupyterlite_pyodide_kernel.__version__}): reinstall piquet-widgets[static]")
    return [found[0], Path(anywidget.__file__).parent / "labextension"]


# What the page templates would fetch from another host: the stylesheets Voici's links from a CDN
# (Font Awesome, which its bundle carries already), and nbconvert's loader of mermaid diagrams
# (the notebooks have none).
FOREIGN = (re.compile(r'<link[^>]*href="https?://[^"]*"[^>]*>\s*'),
           re.compile(r'<script type="module">(?:(?!</script>).)*?import\("https?://.*?</script>\s*', re.S))


def strip_foreign_links(site: Path) -> None:
    """Remove, from the site's pages, what they would fetch from another host."""
    for page in site.rglob("*.html"):
        text = page.read_text()
        stripped = text
        for pattern in FOREIGN:
            stripped = pattern.sub("", stripped)
        if stripped != text:
            page.write_text(stripped)


REDIRECT = """<!doctype html>
<meta charset="utf-8">
<title>Piquet</title>
<script>location.replace("{page}" + location.search)</script>
<a href="{page}">Piquet</a>
"""
