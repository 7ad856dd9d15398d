"""The app server's kernel manager: Jupyter Server's, with three rules for a class at once.

- A kernel handed to a page whose websocket never connects (a crawler, a link preview, a
  request that gave up) is shut down after `unclaimed_timeout` seconds of idleness, instead of
  the idle timeout meant for closed tabs.
- Preheated kernels (Voilà's pool) start one every `start_spacing` seconds: a pool refilled all
  at once after a class arrives would take the CPU from the pages being used.
- `visitors()` counts the kernels handed to pages, for the server's cap on live kernels.

Voilà wraps this class with its pool (`voila.voila_kernel_manager`), which keeps the pool's
kernels from ever being culled.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float


class ClassKernelManager(AsyncMappingKernelManager):
    """Kernels for the app's visitors (see the module's docstring)."""

    unclaimed_timeout = Float(
        45.0, config=True,
        help="Seconds after which an idle kernel whose page never connected is shut down.",
    )
    start_spacing = Float(
        1.0, config=True,
        help="Seconds between the starts of two preheated kernels.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._connected_once: set[str] = set()
        self._next_pool_start = 0.0
        self._pool_starting = 0

    def notify_connect(self, kernel_id: str) -> None:
        """A page's websocket connected: the kernel is claimed for good."""
        self._connected_once.add(kernel_id)
        super().notify_connect(kernel_id)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel; a preheated one waits for its turn (`start_spacing`)."""
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":
            return await super().start_kernel(*args, **kwargs)
        self._pool_starting += 1
        try:
            loop = asyncio.get_running_loop()
            now = loop.time()
            turn = max(now, self._next_pool_start)
            self._next_pool_start = turn + self.start_spacing
            await asyncio.sleep(turn - now)
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._pool_starting -= 1

    def pool_kernel_ids(self) -> set[str]:
        """The kernels waiting in Voilà's pool for a visitor."""
        found = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    found.add(task.result()["kernel_id"])
        return found

    def visitors(self) -> int:
        """How many kernels are handed to pages (the pool's, ready or starting, are not)."""
        return max(0, len(set(self._kernels) - self.pool_kernel_ids()) - self._pool_starting)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter Server's culling, and the sooner end of kernels no page connected to."""
        kernel = self._kernels.get(kernel_id)
        if kernel is not None and kernel_id not in self._connected_once and hasattr(kernel, "last_activity"):
            idle = datetime.now(timezone.utc) - kernel.last_activity
            if idle > timedelta(seconds=self.unclaimed_timeout) and getattr(kernel, "execution_state", None) != "busy":
                self.log.info("Shutting down kernel %s: no page connected to it in %d s.", kernel_id, idle.total_seconds())
                await self.shutdown_kernel(kernel_id)
                return
        await super().cull_kernel_if_idle(kernel_id)

    def remove_kernel(self, kernel_id: str) -> Any:
        self._connected_once.discard(kernel_id)
        return super().remove_kernel(kernel_id)
