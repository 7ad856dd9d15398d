"""Copying the lessons into a folder someone else controls (issue 25, "Hard to abuse"): the hub's
`pre_spawn_hook` runs as root before a learner's server starts, and `piquet-widgets lessons
--overwrite` may be run by an administrator. A learner may have planted symbolic links in the
folder; nothing outside it may change owner or content.

The root tests load the hook from `deploy/jupyterhub/jupyterhub_config.py` itself and run it with
a stand-in spawner whose learner is the system account `nobody`, home in a temporary folder.
"""

from __future__ import annotations

import logging
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from piquet_widgets.app import APP_NOTEBOOK
from piquet_widgets.app.lessons import copy_lessons, lesson_paths
from piquet_widgets.engine import PiquetError

REPO = Path(__file__).resolve().parents[1]
DEPLOY_CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
LESSON_NAMES = [path.name for path in lesson_paths()]
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="the hub's hook runs as root: run this test as root (CI does)")


def fingerprint(path: Path) -> tuple[int, int, int, bytes | None]:
    """What must not change of a file or folder outside the learner's folder."""
    status = path.lstat()
    return status.st_uid, status.st_gid, status.st_mode, path.read_bytes() if path.is_file() else None


def test_a_folder_that_is_a_link_is_refused_and_what_it_points_to_is_untouched(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "kept.txt").write_text("kept", encoding="utf-8")
    before = sorted(path.name for path in elsewhere.iterdir())
    link = tmp_path / "lessons"
    link.symlink_to(elsewhere)
    with pytest.raises(PiquetError, match="symbolic link"):
        copy_lessons(link, overwrite=True)
    assert sorted(path.name for path in elsewhere.iterdir()) == before


def test_a_dangling_link_as_the_folder_is_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "would-be-made"
    (tmp_path / "lessons").symlink_to(target)
    with pytest.raises(PiquetError, match="symbolic link"):
        copy_lessons(tmp_path / "lessons")
    assert not target.exists()


def test_a_folder_is_made_with_its_parents(tmp_path: Path) -> None:
    """As the hub's test spawner needs: the learner's home is made after the hook runs."""
    copied = copy_lessons(tmp_path / "homes" / "ada" / "piquet", with_app=True)
    assert sorted(path.name for path in copied) == sorted([*LESSON_NAMES, APP_NOTEBOOK.name])


def test_a_link_named_like_a_lesson_is_replaced_never_written_through(tmp_path: Path) -> None:
    folder, outside = tmp_path / "lessons", tmp_path / "outside.txt"
    folder.mkdir()
    outside.write_text("the administrator's file", encoding="utf-8")
    (folder / LESSON_NAMES[0]).symlink_to(outside)
    (folder / LESSON_NAMES[1]).symlink_to(tmp_path / "dangling")
    copied = copy_lessons(folder, overwrite=True)
    assert [path.name for path in copied] == LESSON_NAMES
    assert outside.read_text(encoding="utf-8") == "the administrator's file"
    assert not (tmp_path / "dangling").exists()
    assert not (folder / LESSON_NAMES[0]).is_symlink()
    assert (folder / LESSON_NAMES[0]).read_bytes() == lesson_paths()[0].read_bytes()
    assert not [path for path in folder.iterdir() if path.name.endswith(".tmp")]


def test_without_overwrite_a_planted_link_is_left_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "app.ipynb").symlink_to(tmp_path / "ld.so.preload")
    copied = copy_lessons(folder, with_app=True)
    assert folder / "app.ipynb" not in copied and len(copied) == len(LESSON_NAMES)
    assert not (tmp_path / "ld.so.preload").exists()


def test_the_command_line_refuses_a_linked_folder_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "lessons").symlink_to(tmp_path)
    done = subprocess.run([sys.executable, "-m", "piquet_widgets", "lessons", str(tmp_path / "lessons"), "--overwrite"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PIQUET_LANG": "en"})
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "symbolic link" in done.stderr and "Traceback" not in done.stderr
    assert not any(path.suffix == ".ipynb" for path in tmp_path.iterdir())


# -- the hub's hook, as root --------------------------------------------------------------------


@pytest.fixture
def learner() -> pwd.struct_passwd:
    try:
        return pwd.getpwnam("nobody")
    except KeyError:
        pytest.fail("the test needs the system account nobody (Debian has it)")


@pytest.fixture
def homes() -> Iterator[Path]:
    """A folder the learner can reach (pytest's own temporary folders are root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="piquet-homes-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def pre_spawn_hook():
    from traitlets.config import PyFileConfigLoader

    return PyFileConfigLoader(DEPLOY_CONFIG.name, path=str(DEPLOY_CONFIG.parent)).load_config().Spawner.pre_spawn_hook


def spawner_for(account: pwd.struct_passwd, home: Path) -> SimpleNamespace:
    """What the hook reads of a spawner: the learner's name, the home and a log."""
    return SimpleNamespace(user=SimpleNamespace(name=account.pw_name), home_dir=str(home), log=logging.getLogger("test-hub"))


def learners_home(homes: Path, account: pwd.struct_passwd) -> Path:
    home = homes / "learner"
    home.mkdir()
    os.chown(home, account.pw_uid, account.pw_gid)
    return home


def root_owned(homes: Path) -> tuple[Path, Path]:
    """A folder and a file of root's, outside the learner's home."""
    folder = homes / "root-only"
    folder.mkdir(mode=0o755)
    secret = folder / "config"
    secret.write_text("root's own", encoding="utf-8")
    return folder, secret


@as_root
def test_the_hook_fills_a_new_folder_as_the_learner(homes: Path, learner: pwd.struct_passwd) -> None:
    home = learners_home(homes, learner)
    pre_spawn_hook()(spawner_for(learner, home))
    folder = home / "piquet"
    names = sorted(path.name for path in folder.iterdir())
    assert names == sorted([*LESSON_NAMES, APP_NOTEBOOK.name])
    assert {(path.stat().st_uid, path.stat().st_gid) for path in [folder, *folder.iterdir()]} == {(learner.pw_uid, learner.pw_gid)}
    assert (folder / APP_NOTEBOOK.name).read_bytes() == APP_NOTEBOOK.read_bytes()


@as_root
def test_the_hook_does_not_follow_a_folder_linked_to_roots(homes: Path, learner: pwd.struct_passwd) -> None:
    home = learners_home(homes, learner)
    folder, secret = root_owned(homes)
    before = {path: fingerprint(path) for path in (folder, secret)}
    (home / "piquet").symlink_to(folder)
    os.lchown(home / "piquet", learner.pw_uid, learner.pw_gid)
    with pytest.raises(OSError, match="symbolic link"):
        pre_spawn_hook()(spawner_for(learner, home))
    assert {path: fingerprint(path) for path in (folder, secret)} == before
    assert sorted(path.name for path in folder.iterdir()) == ["config"]


@as_root
def test_the_hook_writes_through_no_planted_file_link(homes: Path, learner: pwd.struct_passwd) -> None:
    home = learners_home(homes, learner)
    _, secret = root_owned(homes)
    preload = homes / "ld.so.preload"  # stands for /etc/ld.so.preload: must not be created
    folder = home / "piquet"
    folder.mkdir()
    os.chown(folder, learner.pw_uid, learner.pw_gid)
    (folder / LESSON_NAMES[0]).symlink_to(secret)
    (folder / APP_NOTEBOOK.name).symlink_to(preload)
    before = fingerprint(secret)
    pre_spawn_hook()(spawner_for(learner, home))
    assert fingerprint(secret) == before
    assert not preload.exists()
    made = [path for path in folder.iterdir() if not path.is_symlink()]
    assert sorted(path.name for path in made) == sorted(LESSON_NAMES[1:])  # planted names are the learner's: kept
    assert {path.stat().st_uid for path in made} == {learner.pw_uid}


@as_root
def test_the_hook_cannot_write_where_the_learner_cannot(homes: Path, learner: pwd.struct_passwd) -> None:
    """A home the learner may not write to (a hard case of a planted folder of root's) stays
    empty: the copy is made with the learner's rights, not root's."""
    home = homes / "learner"
    home.mkdir(mode=0o755)  # root's, as a folder a link could lead to
    with pytest.raises(OSError, match="Permission denied"):
        pre_spawn_hook()(spawner_for(learner, home))
    assert list(home.iterdir()) == []
