"""Fixtures for the load, lifecycle and security tests.

- `start_server(command, pool=1)`: start the server `command(port)` (see `servers.serve_command`
  and `servers.voila_command`) with every Jupyter and home folder in this test's temporary
  folder, wait until it listens and its preheated kernels sit idle, and return a
  `servers.Server`. Every server started is stopped (SIGTERM) when the test ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from . import servers


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[..., servers.Server]]:
    started: list[servers.Server] = []

    def start(command: Callable[[int], list[str]], pool: int = 1) -> servers.Server:
        try:
            server = servers.start(command, tmp_path / f"server_{len(started)}", pool=pool)
        except servers.ServerError as error:
            pytest.fail(str(error))
        started.append(server)
        return server

    yield start
    for server in started:
        servers.stop(server)
