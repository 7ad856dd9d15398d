"""`piquet-widgets serve`: the tutorial app in standalone Voilà on this machine only.

The server listens on 127.0.0.1, strips the notebook's sources (the page shows no code and runs
none that a visitor sends), and culls the kernels of closed tabs. Voilà runs in this process,
so Ctrl-C (or SIGTERM) stops it and shuts every kernel down.
"""

from __future__ import annotations

import errno
import socket
import sys

from piquet_widgets.app import APP_NOTEBOOK

HOST = "127.0.0.1"

# A kernel whose page is closed (or whose tab died without saying goodbye) is shut down after
# five idle minutes; an open page keeps its kernel however long the learner reads a lesson.
CULL_IDLE_TIMEOUT = 300
CULL_INTERVAL = 60
CULL_CONNECTED = False

# Preheated kernels (Voilà's pool) run the notebook before anyone asks for it; the app notebook
# then waits for the visitor's query string (see `page.query_string`). Measured with
# `benchmarks/bench_app.py`: they take a new visitor's first widget from about 2.3 s to under
# 1 s, at the cost of one idle kernel (about 80 MB) kept ready.
POOL_SIZE = 1


def voila_arguments(port: int, open_browser: bool, pool_size: int = POOL_SIZE) -> list[str]:
    """The command-line arguments of the Voilà application that serves the app."""
    arguments = [
        str(APP_NOTEBOOK),
        f"--port={port}",
        f"--Voila.ip={HOST}",
        "--Voila.port_retries=0",
        f"--Voila.open_browser={open_browser}",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        f"--MappingKernelManager.cull_connected={CULL_CONNECTED}",
    ]
    if pool_size > 0:
        arguments += ["--VoilaConfiguration.preheat_kernel=True", f"--VoilaConfiguration.default_pool_size={pool_size}"]
    return arguments


def port_is_free(port: int) -> bool:
    """Whether nothing listens on 127.0.0.1:`port` yet."""
    with socket.socket() as probe:
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
    try:
        Voila.launch_instance(argv=voila_arguments(port, open_browser))
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 1
    except KeyboardInterrupt:
        return 0
    return 0
