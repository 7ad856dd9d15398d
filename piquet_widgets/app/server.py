"""`piquet-widgets serve`: the tutorial app in standalone Voilà on this machine only.

The server listens on 127.0.0.1, answers only requests that name this machine (or a host the
teacher allowed), strips the notebook's sources (the page shows no code and executes none that a
visitor sends), keeps kernels ready for a class, caps the kernels alive, and culls the kernels
of closed tabs and of pages that never connected (`voila_app`, `kernels`). Voilà runs in this
process, so Ctrl-C (or SIGTERM) stops it and shuts every kernel down.

`SETTINGS` are the app's settings wherever it is served: `serve` gives them on its command line,
Binder's `postBuild` and the JupyterHub image write them for the Voilà server extension
(`python -m piquet_widgets.app.server --jupyter-config "$PREFIX/etc/jupyter"`), and the hub's
configuration passes them to each learner's server. They select the app's template, which a
Jupyter server finds in the wheel's shared data (`share/jupyter/voila/templates/piquet`), or
where `jupyter_path()` puts it first (`serve`, the hub's spawner, an editable install).
"""

from __future__ import annotations

import errno
import json
import os
import re
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from piquet_widgets.app import APP_DATA, APP_NOTEBOOK, front_end

HOST = "127.0.0.1"

# A kernel whose page is closed (or whose tab died without saying goodbye) is shut down after
# five idle minutes; an open page keeps its kernel however long the learner reads a lesson.
# When a class arrives at once, kernels start slowly on a small machine: Voilà's default 4 s
# wait for a page's widgets left some visitors a blank page (benchmarks/bench_load.py, 30
# visitors on 2 cores); 60 s gave every one of them the app.
# The app's page template (app/jupyter/voila/templates/piquet): Voilà's lab template without its
# links to a CDN, with the app's own loading state and its own small front end.
TEMPLATE = "piquet"

SETTINGS: dict[str, dict[str, Any]] = {
    "VoilaConfiguration": {"strip_sources": True, "show_tracebacks": False, "template": TEMPLATE},
    "MappingKernelManager": {"cull_idle_timeout": 300, "cull_interval": 10, "cull_connected": False},
    "VoilaExecutor": {"iopub_timeout": 60},
}

# `serve` only (Binder's Jupyter server has its own kernel manager): a kernel handed to a page
# that never connects (a crawler, a link preview) is shut down after 50 idle seconds, and one
# whose page left (a closed tab, a reload) 50 s after it left unless it came back, so within
# 60 s with the culler's 10 s round (a browser slowed down by a class arriving at once still
# connects well within that, and a page whose connection dropped reconnects within seconds);
# the five idle minutes above are then only Binder's. Replacements of preheated kernels start 3 s apart, and when
# (`refill_after`, given as Voilà's own `fill_delay` of its pool) depends on the class size.
# The app's front end comes from `PiquetVoila`'s memory, gzipped (`front_end`), where the app's
# template asks for it when `resources` names it. Kernels talk to the server over Unix sockets where
# there are some: over TCP, a kernel of a class starting at once sometimes found a port it had
# been given taken meanwhile, and died (benchmarks/bench_load.py); and no port is opened.
# A page that left gets nothing kept for it (Jupyter Server buffers, without bound, what a kernel
# sends while its page is away, for the page to come back to); and a kernel that dies (its
# memory limit reached) is not restarted empty under the page, whose widgets would be gone: the
# page is told it lost its kernel (`docs/limits.md`).
SERVE_SETTINGS: dict[str, dict[str, Any]] = {
    **({"KernelManager": {"transport": "ipc"}} if os.name == "posix" else {}),
    "VoilaConfiguration": {
        "multi_kernel_manager_class": "piquet_widgets.app.kernels.ClassKernelManager",
        "resources": f"front_end={front_end.URL}",
    },
    "ClassKernelManager": {"unclaimed_timeout": 50, "refill_spacing": 3, "buffer_offline_messages": False},
    "KernelRestarter": {"restart_limit": 0},
}


def refill_after(class_size: int) -> int:
    """Seconds after a page takes a preheated kernel before its replacement starts. For a class,
    a minute: each start costs the server a notebook rendering, which holds up every page for a
    few tenths of a second, and the machine a kernel's imports, and the pages of a class arriving
    at once need both first (benchmarks/bench_load.py: with replacements starting during the
    rush, the sections took twice as long to appear). For one learner, 5 s: the next page (a
    reload, a link opened in another tab) finds a kernel ready."""
    return 60 if class_size > 1 else 5


# Preheated kernels (Voilà's pool) run the notebook's first cell — the imports — and wait in its
# second for the visitor's query string (`page.query_string`). One for a learner at home; a
# class that arrives at once wants one per pupil (`--class-size`, README "Capacity").
CLASS_SIZE = 1
# Pages one client (an address, or the one a trusted proxy names) may hold a kernel for at once:
# a learner's page and a reload or a second tab, and a crawler or a hostile page cannot lock a
# class out by itself.
MAX_PER_CLIENT = 3
# Each kernel a page holds, measured after a walkthrough and a practice deal
# (benchmarks/bench_load.py); the default cap on visitors keeps them within half the memory.
KERNEL_MB = 120

def default_max_visitors(class_size: int = CLASS_SIZE) -> int:
    """How many pages may hold a kernel at once: half this machine's memory in visitors'
    kernels, less the pool's."""
    memory_mb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    return max(1, memory_mb // 2 // KERNEL_MB - class_size)


def voila_arguments(port: int, open_browser: bool, class_size: int = CLASS_SIZE, max_visitors: int | None = None,
                    allow_hosts: Sequence[str] = (), max_per_client: int = MAX_PER_CLIENT,
                    trusted_proxies: Sequence[str] = ()) -> list[str]:
    """The command-line arguments of the Voilà application (`PiquetVoila`) that serves the app."""
    arguments = [str(APP_NOTEBOOK), f"--port={port}", f"--Voila.ip={HOST}", "--Voila.port_retries=0", f"--Voila.open_browser={open_browser}"]
    for section in dict.fromkeys([*SETTINGS, *SERVE_SETTINGS]):
        values = SETTINGS.get(section, {}) | SERVE_SETTINGS.get(section, {})
        arguments += [f"--{section}.{name}={value}" for name, value in values.items()]
    if class_size > 0:
        arguments += ["--VoilaConfiguration.preheat_kernel=True", f"--VoilaConfiguration.default_pool_size={class_size}",
                      f"--VoilaKernelManager.fill_delay={refill_after(class_size)}"]
    limit = default_max_visitors(class_size) if max_visitors is None else max_visitors
    arguments += [f"--PiquetVoila.max_visitors={limit}", f"--PiquetVoila.max_per_client={max_per_client}"]
    arguments += [f"--PiquetVoila.allow_hosts={host}" for host in allow_hosts]
    arguments += [f"--PiquetVoila.trusted_proxies={proxy}" for proxy in trusted_proxies]
    return arguments


def jupyter_path(current: str = "") -> str:
    """`JUPYTER_PATH` with the package's Jupyter data folder first (where Voilà looks for
    `voila/templates/NAME`), the folders of `current` after it."""
    paths = [str(APP_DATA)] + [path for path in current.split(os.pathsep) if path and path != str(APP_DATA)]
    return os.pathsep.join(paths)


def share_template() -> None:
    """Let Voilà, in this process, find the app's template (`jupyter_path`)."""
    os.environ["JUPYTER_PATH"] = jupyter_path(os.environ.get("JUPYTER_PATH", ""))


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


_HOST_NAME = re.compile(r"^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$")


def serve_problem(port: int, class_size: int, max_visitors: int | None, allow_hosts: Sequence[str],
                  max_per_client: int = MAX_PER_CLIENT, trusted_proxies: Sequence[str] = ()) -> str | None:
    """What is wrong with `serve`'s options, in a sentence, or None."""
    from piquet_widgets.app.places import networks
    from piquet_widgets.i18n import _

    if not 0 < port < 65536:
        return _("piquet-widgets: the port must be a number from 1 to 65535")
    if not 0 <= class_size <= 200:
        return _("piquet-widgets: the class size must be a number from 0 to 200")
    if max_visitors is not None and not 1 <= max_visitors <= 1000:
        return _("piquet-widgets: the most visitors at once must be a number from 1 to 1000")
    for host in allow_hosts:
        if not _HOST_NAME.match(host.lower()) and not _is_address(host):
            return _("piquet-widgets: {host} is not a host name or an address").format(host=host)
    if not 1 <= max_per_client <= 1000:
        return _("piquet-widgets: the most pages for one visitor must be a number from 1 to 1000")
    for proxy in trusted_proxies:
        try:
            networks([proxy])
        except ValueError:
            return _("piquet-widgets: {proxy} is not an address or a network").format(proxy=proxy)
    return None


def _is_address(text: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return False
    return True


def serve(port: int, open_browser: bool, class_size: int = CLASS_SIZE, max_visitors: int | None = None,
          allow_hosts: Sequence[str] = (), max_per_client: int = MAX_PER_CLIENT, trusted_proxies: Sequence[str] = ()) -> int:
    """Serve the tutorial app on http://127.0.0.1:`port`/ until interrupted; the exit status.

    Opens the page in a web browser unless `open_browser` is false. `class_size` kernels wait
    ready for visitors; at most `max_visitors` pages hold a kernel at once (by default as many as
    half this machine's memory holds), at most `max_per_client` of them for one client, by its
    address or the one a proxy of `trusted_proxies` names; requests may name localhost, a
    loopback address or one of `allow_hosts`.
    """
    from piquet_widgets.i18n import _

    problem = serve_problem(port, class_size, max_visitors, allow_hosts, max_per_client, trusted_proxies)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    if not port_is_free(port):
        print(_("piquet-widgets: port {port} is already in use; choose another with --port").format(port=port), file=sys.stderr)
        return 2
    from piquet_widgets.compat import refusal

    unverified = refusal()  # the server subclasses Voilà's and Jupyter Server's handlers
    if unverified is not None:
        print(unverified, file=sys.stderr)
        return 2
    try:
        from piquet_widgets.app.voila_app import PiquetVoila
    except ImportError:
        print(_("piquet-widgets: the tutorial app needs Voilà: pip install 'piquet-widgets[app]'"), file=sys.stderr)
        return 2
    print(_("Piquet tutorial app: http://{host}:{port}/ (Ctrl-C stops it)").format(host=HOST, port=port), flush=True)
    share_template()
    try:
        PiquetVoila.launch_instance(argv=voila_arguments(port, open_browser, class_size, max_visitors, allow_hosts,
                                                         max_per_client, trusted_proxies))
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
