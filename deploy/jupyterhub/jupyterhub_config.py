"""JupyterHub for a class: every learner gets a Jupyter server of their own that opens on the
Piquet tutorial app, with the lessons beside it in their home folder.

    pip install "piquet-widgets[hub]"        # or: piquet-widgets[app] jupyterhub jupyterhub-idle-culler
    npm install -g configurable-http-proxy
    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

What each learner gets (the same as `values.yaml` for Kubernetes):
- their own single-user Jupyter server, started at login, landing on the app
  (`/user/<name>/voila/render/piquet/app.ipynb`); JupyterLab is one click away at `/user/<name>/lab`
  with the lesson notebooks in the folder `piquet/` of their home;
- the lessons are copied into `~/piquet/` when the server starts, only those not there already
  (a learner's own edits are never overwritten); the app notebook beside them. The copy is made
  with the learner's rights, not the hub's, and follows no link the learner may have planted;
- kernels of closed tabs are shut down by the learner's server after five idle minutes, as
  `piquet-widgets serve` does (a tab still open keeps its kernel), and whole servers idle for an
  hour are stopped by the hub's idle culler (`jupyterhub-idle-culler`, run as a hub service);
- a memory limit (see `MEM_LIMIT`; enforced by spawners that can, such as KubeSpawner,
  SystemdSpawner or DockerSpawner; LocalProcessSpawner only passes it on).

Unlike standalone `piquet-widgets serve`, each learner's server is a full Jupyter server: they
can run any code there, as their own system user (README, "Deployment").

Adapt before use: the authenticator (here the hub's default, PAM: the machine's users and
passwords), the spawner (LocalProcessSpawner runs each server as that system user), and
`c.JupyterHub.bind_url` (and TLS) for the address learners reach. The test
`tests/hub/test_jupyterhub.py` loads this file and replaces only the authenticator (a test
password), the spawner (SimpleLocalProcessSpawner with homes in a temporary folder) and the
ports.
"""

from __future__ import annotations

import pwd
import sys
from pathlib import Path

c = get_config()  # noqa: F821 — provided by JupyterHub when it loads this file

# -- what learners land on ----------------------------------------------------------------------
LESSON_FOLDER = "piquet"  # in each learner's home
APP_URL = f"/voila/render/{LESSON_FOLDER}/app.ipynb"
c.Spawner.default_url = APP_URL

# The app's settings (`SETTINGS`, the same as `piquet-widgets serve` and Binder: the app's own
# template and front end, no sources shown, tracebacks hidden, a minute for a page's widgets when
# a class logs in at once, kernels of closed tabs culled after five idle minutes; a tab still open
# keeps its kernel) on each learner's Jupyter server, where Voilà runs as a server extension. Its
# kernel culling applies to the lessons opened in JupyterLab too. `serve`'s other settings for a
# class (a pool of ready kernels, the cap on visitors, the Host check against names the teacher
# allows) have no place there: each server holds one learner, who has logged in, and the hub's
# proxy answers for the host; Jupyter Server checks the Host and the websocket's Origin itself.
# The hub's own limits are a server's memory (below) and the number of learners.
from piquet_widgets.app.server import SETTINGS, jupyter_path  # noqa: E402

c.Spawner.args = [f"--{section}.{name}={value}" for section, values in SETTINGS.items() for name, value in values.items()]
# Where each learner's Voilà finds the app's template: the installed package's own folder, first
# (the wheel also installs it under share/jupyter; an editable install's copy there may be older).
c.Spawner.environment = {"JUPYTER_PATH": jupyter_path()}

# Sized from benchmarks/bench_load.py and tests/hub/test_jupyterhub.py (README, "How many
# learners"): a learner's Jupyter server (about 180 MB RSS) and the app's kernel (about 85 MB)
# take some 270 MB together; each lesson opened in JupyterLab adds a kernel of about 90 MB.
MEM_LIMIT = "1G"
MEM_GUARANTEE = "320M"
c.Spawner.mem_limit = MEM_LIMIT
c.Spawner.mem_guarantee = MEM_GUARANTEE
c.Spawner.cpu_limit = 1.0
c.Spawner.http_timeout = 120  # a class logging in together starts many servers at once
c.Spawner.start_timeout = 120


def learner_home(spawner) -> Path:
    """The learner's home folder: the spawner's own when it has one (SimpleLocalProcessSpawner),
    else the system user's."""
    home = getattr(spawner, "home_dir", None)
    if home:
        return Path(home)
    return Path(pwd.getpwnam(spawner.user.name).pw_dir)


def install_lessons(spawner) -> None:
    """Before a learner's server starts: copy the lessons and the app notebook into `~/piquet/`,
    leaving alone any notebook already there. The copy is made as the learner, never following a
    link the learner may have planted in the home (`piquet_widgets.app.learner_install`)."""
    from piquet_widgets.app.learner_install import install_for_learner

    folder = learner_home(spawner) / LESSON_FOLDER
    copied = install_for_learner(folder, spawner.user.name)
    spawner.log.info("piquet lessons for %s in %s (%d copied)", spawner.user.name, folder, len(copied))


c.Spawner.pre_spawn_hook = install_lessons

# -- idle servers are stopped -----------------------------------------------------------------
SERVER_IDLE_TIMEOUT = 3600
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={SERVER_IDLE_TIMEOUT}", "--cull-every=300"],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "description": "Stop learners' servers that have been idle for an hour",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]

# -- the hub itself ------------------------------------------------------------------------------
c.JupyterHub.bind_url = "http://127.0.0.1:8000"  # put TLS and the public address here
c.JupyterHub.redirect_to_server = True  # after login, straight on to the learner's server
# Name the class (or set allow_all with an authenticator that only lets the class in):
# c.Authenticator.allowed_users = {"ada", "blaise"}
# c.Authenticator.admin_users = {"teacher"}
