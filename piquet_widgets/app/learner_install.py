"""The lessons and the app notebook copied into a learner's folder on a JupyterHub, as the learner.

The hub calls `install_for_learner` before a learner's server starts (the `pre_spawn_hook` of
`deploy/jupyterhub/jupyterhub_config.py`), and it runs as root there (LocalProcessSpawner). A
home is the learner's to fill with symbolic links, so nothing in it is touched with root's
rights: the copy is made by a child process that has taken the learner's user, group and groups
before it opens anything, and that follows no link besides (`write_files_into`). The notebooks
themselves, the package's own files, are read first, with the hub's rights. Where the learner
has no system account, or the hub is not root, this process makes the copy: the learner's server
then runs with this process's rights anyway (SimpleLocalProcessSpawner).

Kubernetes (`deploy/jupyterhub/values.yaml`) runs `python -m piquet_widgets.app.learner_install
FOLDER` in the learner's own container, as the learner.
"""

from __future__ import annotations

import json
import os
import pwd
import sys
from collections.abc import Callable
from pathlib import Path

from piquet_widgets.app.lessons import notebook_files
from piquet_widgets.engine.files import write_files_into


def install_for_learner(folder: str | Path, username: str | None = None) -> list[Path]:
    """Copy the lessons and the app notebook into `folder`, keeping any notebook already there;
    as the system user `username` when this process is root and that account exists."""
    files = notebook_files(with_app=True)
    account = _account(username) if username is not None and os.geteuid() == 0 else None
    if account is None:
        return write_files_into(folder, files)
    return run_as(account, lambda: write_files_into(folder, files))


def _account(username: str) -> pwd.struct_passwd | None:
    try:
        return pwd.getpwnam(username)
    except KeyError:
        return None


def run_as(account: pwd.struct_passwd, work: Callable[[], list[Path]]) -> list[Path]:
    """`work()` in a forked child that first drops to `account`'s user, group and groups; the
    paths it returns. The child calls only `work` and leaves by `os._exit`, so that none of the
    hub's own clean-ups runs twice; a failure in it is raised here as an `OSError` naming it."""
    groups = os.getgrouplist(account.pw_name, account.pw_gid)
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:
        try:  # whatever happens here, the child ends here: it never returns into the hub's code
            os.close(reader)
            try:
                os.setgroups(groups)
                os.setresgid(account.pw_gid, account.pw_gid, account.pw_gid)
                os.setresuid(account.pw_uid, account.pw_uid, account.pw_uid)
                os.umask(0o022)
                answer = {"written": [str(path) for path in work()]}
            except BaseException as error:  # everything goes back to the parent, which raises it
                answer = {"error": f"{type(error).__name__}: {error}"}
            with os.fdopen(writer, "w") as stream:
                stream.write(json.dumps(answer))
        finally:
            os._exit(0)
    os.close(writer)
    with os.fdopen(reader) as stream:
        text = stream.read()
    _, status = os.waitpid(child, 0)
    answer = json.loads(text) if text else {"error": f"the copying process ended with status {status}"}
    if "error" in answer:
        raise OSError(f"copying the lessons as {account.pw_name} failed: {answer['error']}")
    return [Path(path) for path in answer["written"]]


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path.home() / "piquet"
    for path in install_for_learner(target):
        print(f"copied {path}")
