"""`piquet-widgets serve`: the tutorial app in standalone Voilà on this machine only.

The server listens on 127.0.0.1, strips the notebook's sources (the page shows no code and
executes none that a visitor sends), and culls the kernels of closed tabs. Voilà runs in this
process, so Ctrl-C (or SIGTERM) stops it and shuts every kernel down.

`SETTINGS` are also what Binder's `postBuild` writes for the Voilà server extension
(`python -m piquet_widgets.app.server --jupyter-config "$PREFIX/etc/jupyter"`).
"""

from __future__ import annotations

import errno
import json
import os
import socket
import sys
from pathlib import Path
from typing import Any

from piquet_widgets.app import APP_DATA, APP_NOTEBOOK

HOST = "127.0.0.1"

# A kernel whose page is closed (or whose tab died without saying goodbye) is shut down after
# five idle minutes; an open page keeps its kernel however long the learner reads a lesson.
# When a class arrives at once, kernels start slowly on a small machine: Voilà's default 4 s
# wait for a page's widgets left some visitors a blank page (benchmarks/bench_load.py, 30
# visitors on 2 cores); 60 s gave every one of them the app.
SETTINGS: dict[str, dict[str, Any]] = {
    "VoilaConfiguration": {"strip_sources": True, "show_tracebacks": False},
    "MappingKernelManager": {"cull_idle_timeout": 300, "cull_interval": 60, "cull_connected": False},
    "VoilaExecutor": {"iopub_timeout": 60},
}

# Preheated kernels (Voilà's pool) run the notebook's first cell — the imports — before anyone
# visits; the page then waits for the visitor's query string (`page.query_string`).
# benchmarks/bench_app.py on the 2-core machine (busy, load 3–4): a new visitor's first widget
# in 1.40 s with one kernel kept ready against 2.02 s without; the cold start costs 0.5 s more
# (4.1 s against 3.6 s), and the ready kernel about 80 MB while nobody uses it.
POOL_SIZE = 1

# The app's page template (app/jupyter/voila/templates/piquet): Voilà's lab template without its
# links to a CDN, and with the app's own loading state.
TEMPLATE = "piquet"


def voila_arguments(port: int, open_browser: bool, pool_size: int = POOL_SIZE) -> list[str]:
    """The command-line arguments of the Voilà application that serves the app."""
    arguments = [str(APP_NOTEBOOK), f"--port={port}", f"--Voila.ip={HOST}", "--Voila.port_retries=0", f"--Voila.open_browser={open_browser}"]
    arguments.append(f"--VoilaConfiguration.template={TEMPLATE}")
    for section, values in SETTINGS.items():
        arguments += [f"--{section}.{name}={value}" for name, value in values.items()]
    if pool_size > 0:
        arguments += ["--VoilaConfiguration.preheat_kernel=True", f"--VoilaConfiguration.default_pool_size={pool_size}"]
    return arguments


def share_template() -> None:
    """Let Voilà, in this process, find the app's template: put the package's Jupyter data folder
    first on `JUPYTER_PATH` (where Voilà looks for `voila/templates/NAME`)."""
    paths = [str(APP_DATA)] + [path for path in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if path and path != str(APP_DATA)]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(paths)


def write_jupyter_config(folder: str | Path) -> Path:
    """Merge `SETTINGS` into `folder`'s `jupyter_server_config.json` (Binder's
    `{sys.prefix}/etc/jupyter`), for Voilà running as a Jupyter server extension.

    Not into `jupyter_server_config.d/`: the server reads only the extensions to enable from
    that folder, and would ignore the kernel culling there.
    """
    target = Path(folder) / "jupyter_server_config.json"
    config = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    for section, values in SETTINGS.items():
        config.setdefault(section, {}).update(values)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return target


def port_is_free(port: int) -> bool:
    """Whether nothing listens on 127.0.0.1:`port` yet."""
    with socket.socket() as probe:
        # As the server itself does: a port whose old connections are still closing is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((HOST, port))
        except OSError as error:
            if error.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


def serve(port: int, open_browser: bool) -> int:
    """Serve the tutorial app on http://127.0.0.1:`port`/ until interrupted; the exit status.

    Opens the page in a web browser unless `open_browser` is false.
    """
    from piquet_widgets.i18n import _

    if not 0 < port < 65536:
        print(_("piquet-widgets: the port must be a number from 1 to 65535"), file=sys.stderr)
        return 2
    if not port_is_free(port):
        print(_("piquet-widgets: port {port} is already in use; choose another with --port").format(port=port), file=sys.stderr)
        return 2
    try:
        from voila.app import Voila
    except ImportError:
        print(_("piquet-widgets: the tutorial app needs Voilà: pip install 'piquet-widgets[app]'"), file=sys.stderr)
        return 2
    print(_("Piquet tutorial app: http://{host}:{port}/ (Ctrl-C stops it)").format(host=HOST, port=port), flush=True)
    share_template()
    try:
        Voila.launch_instance(argv=voila_arguments(port, open_browser))
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 1
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--jupyter-config":
        print(write_jupyter_config(sys.argv[2]))
    else:
        print("usage: python -m piquet_widgets.app.server --jupyter-config FOLDER", file=sys.stderr)
        raise SystemExit(2)
