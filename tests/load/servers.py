"""Servers for the load, lifecycle and security tests, and for the JupyterHub test: the app's
real server on 127.0.0.1, with every Jupyter and home folder in a temporary folder.

- `serve_command(port, *options)`: the README's `python -m piquet_widgets serve --no-browser
  --port N`, with more of `serve`'s options.
- `voila_command(port, *extra)`: Voilà with exactly `serve`'s arguments, each `--Class.name=value`
  of `extra` replacing `serve`'s own (for settings `serve` has no flag for, such as short culling
  times).
- `start(command, home, pool)`: start a server, wait until it listens and it and its preheated kernels
  sit idle (without requesting the page, which would take a preheated kernel); a `Server`.
- `kernel_pids(pid)`: the server's kernels (child processes running ipykernel).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from support import free_port, isolated_environment, terminate

START_TIMEOUT = 90.0


def serve_command(port: int, *options: str) -> list[str]:
    """The README's command, with more of `serve`'s options (`--class-size`, `--allow-host` …)."""
    return [sys.executable, "-m", "piquet_widgets", "serve", "--no-browser", "--port", str(port), *options]


def voila_command(port: int, *extra: str) -> list[str]:
    """Voilà with `serve`'s arguments, each `--Class.name=value` of `extra` replacing `serve`'s
    own value of that setting (traitlets refuses a setting given twice)."""
    code = (
        "import sys; from piquet_widgets.app.voila_app import PiquetVoila; from piquet_widgets.app.server import share_template, voila_arguments; "
        "share_template(); "
        "extra = sys.argv[1:]; names = {a.split('=')[0] for a in extra}; "
        f"argv = [a for a in voila_arguments({port}, False) if a.split('=')[0] not in names] + extra; "
        "PiquetVoila.launch_instance(argv=argv)"
    )
    return [sys.executable, "-c", code, *extra]


def kernel_pids(pid: int) -> set[int]:
    """The process ids of the kernels of the server `pid` (psutil, or /proc when it is missing)."""
    try:
        import psutil
    except ImportError:
        psutil = None
    if psutil is not None:
        found = set()
        for child in psutil.Process(pid).children(recursive=True):
            try:
                if any("ipykernel" in part for part in child.cmdline()):
                    found.add(child.pid)
            except psutil.Error:
                pass
        return found
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat[1]) == pid and b"ipykernel" in command:
                found.add(int(entry.name))
    return found


def cpu_seconds(pids: set[int]) -> float:
    total = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


@dataclass
class Server:
    url: str
    port: int
    process: subprocess.Popen
    log: Path

    def kernels(self) -> set[int]:
        return kernel_pids(self.process.pid)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")



class ServerError(RuntimeError):
    """The server exited, or was not ready in time."""


def start(command: Callable[[int], list[str]], home: Path, pool: int = 1, timeout: float = START_TIMEOUT) -> Server:
    """Start `command(port)` on a free port with its folders in `home`; return once it listens and
    its `pool` preheated kernels sit idle."""
    port = free_port()
    home.mkdir(parents=True, exist_ok=True)
    log = home / "server.log"
    with log.open("w") as output:
        process = subprocess.Popen(command(port), cwd=home, env=isolated_environment(home), stdout=output, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", port, process, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerError(f"the server exited with status {process.returncode}:\n{server.log_text()}")
        with socket.socket() as probe:
            listening = probe.connect_ex(("127.0.0.1", port)) == 0
        kernels = server.kernels()
        if listening and len(kernels) >= pool:
            # the server too: it renders each preheated kernel's notebook while the kernel waits
            watched = kernels | {process.pid}
            before = cpu_seconds(watched)
            time.sleep(0.5)
            if cpu_seconds(watched) - before < 0.03:
                return server
        time.sleep(0.2)
    stop(server)
    raise ServerError(f"the server was not ready within {timeout:.0f} s:\n{server.log_text()}")


def stop(server: Server) -> None:
    """SIGTERM (Voilà then shuts its kernels down), SIGKILL if it does not stop."""
    terminate(server.process, timeout=20)
