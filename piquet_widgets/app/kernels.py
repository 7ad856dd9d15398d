"""The app server's kernel manager: Jupyter Server's, with rules for a class at once and for
pages that are not trusted.

- A kernel no page is connected to is shut down after `unclaimed_timeout` seconds, instead of
  the idle timeout meant for closed tabs: a kernel handed to a page whose websocket never
  connects (a crawler, a link preview, a request that gave up) once idle that long, and one
  whose page left (its websocket closed: a closed tab, a reload, which takes a new kernel) once
  the page has not come back that long, whatever the kernel is doing for nobody (a queue of
  messages a departed page left it does not keep it alive). A page whose
  connection drops reconnects to its kernel on its own within seconds (JupyterLab's
  `KernelConnection`, which the page's script uses); an open page keeps its kernel.
- A preheated kernel taken by a page is replaced `fill_delay` seconds later (Voilà's own setting
  of its pool, `VoilaKernelManager.fill_delay`), and replacements
  start one every `refill_spacing` seconds: starting one costs the server a notebook rendering
  and the machine a kernel's imports, which a class arriving at once needs for its pages.
- Each kernel handed to a page holds the place its request reserved (`places`): the request
  being answered names its reservation in `CLAIMING`, and the kernel Voilà starts for it, or
  takes for it from the pool, holds that place until it is shut down.
- What each page may still send (`page`, a `page_messages.PageAllowance`) is kept per kernel, so
  that two websockets to one kernel share it.
- Each kernel's address space is limited (`kernel_memory_mb`, Linux's `RLIMIT_AS`), and its
  allocator keeps two arenas (`MALLOC_ARENA_MAX`), so that the address space follows the memory
  used: a page cannot make its kernel take the machine's memory.
- A kernel's activity (what culling reads) is watched from each message's header alone
  (`compat.activity`).

Voilà builds its pool class (`voila.voila_kernel_manager`) on top of this one, so the refill
rule, which changes the pool's own `fill_if_needed`, is a mixin (`RefillSchedule`) that the
server puts on top of Voilà's class (`with_refill_schedule`).
"""

from __future__ import annotations

import asyncio
import os
import resource
import time
from contextvars import ContextVar
from datetime import datetime, timedelta, timezone
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Int

from piquet_widgets.app.page_messages import PageAllowance
from piquet_widgets.compat.activity import header_activity_watch
from piquet_widgets.app.places import Places, Reservation

# Each kernel as measured after a walkthrough and a practice deal, with two malloc arenas: 281 MB
# of address space ready (85 MB resident), 406 MB at its peak (119 MB resident); without the
# arenas' cap, 1.0 to 1.1 GB of address space for the same memory. 768 MB is almost twice that
# peak: some 360 MB more than a page of the app ever needs, and no more.
KERNEL_MEMORY_MB = 768
MALLOC_ARENAS = "2"

# The place reserved by the page request being answered (`AppHandler`), read where Voilà's handler
# starts a kernel for it or takes one of the pool's, within that request's task.
CLAIMING: ContextVar[Reservation | None] = ContextVar("CLAIMING", default=None)


class ClassKernelManager(*header_activity_watch(), AsyncMappingKernelManager):
    """Kernels for the app's visitors (see the module's docstring)."""

    unclaimed_timeout = Float(
        50.0, config=True,
        help="Seconds after which a kernel whose page never connected (idle that long) or left "
             "(gone that long) is shut down.",
    )
    refill_spacing = Float(
        3.0, config=True,
        help="Seconds between the starts of two replacements of preheated kernels.",
    )
    kernel_memory_mb = Int(
        KERNEL_MEMORY_MB, config=True,
        help="Address space (MB) each kernel may take (RLIMIT_AS, on Linux); 0 for no limit.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.places = Places()  # the server's limits are set by `PiquetVoila`
        self._connected_once: set[str] = set()
        self._left: dict[str, datetime] = {}  # kernel id -> when its last page's websocket closed
        self._pages: dict[str, PageAllowance] = {}
        self._shutting_down: set[str] = set()
        self._next_refill = 0.0

    def notify_connect(self, kernel_id: str) -> None:
        """A page's websocket connected: the kernel is claimed, and not left."""
        self._connected_once.add(kernel_id)
        self._left.pop(kernel_id, None)
        super().notify_connect(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        """A page's websocket closed: with no other open, the kernel's page has left."""
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 1) <= 0:
            self._left[kernel_id] = datetime.now(timezone.utc)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel with its memory limited; one started for a page (not for the pool)
        holds its request's place."""
        env = kwargs.get("env") or os.environ
        kwargs["env"] = {**env, "MALLOC_ARENA_MAX": MALLOC_ARENAS}
        kernel_id = await super().start_kernel(*args, **kwargs)
        pid = kernel_pid(self.get_kernel(kernel_id))
        if self.kernel_memory_mb > 0 and not (pid and limit_address_space(pid, self.kernel_memory_mb * 2**20)):
            self.log.warning("Kernel %s runs without a memory limit (this system sets none).", kernel_id)
        if env.get("VOILA_PREHEAT") != "True":
            self.claim(kernel_id)
        return kernel_id

    def page(self, kernel_id: str) -> PageAllowance:
        """What the page of this kernel may still send it (one for all its websockets; kept
        while the kernel runs)."""
        if kernel_id in self._pages:
            return self._pages[kernel_id]
        allowance = PageAllowance(time.monotonic())
        if kernel_id in self:
            self._pages[kernel_id] = allowance
        return allowance

    def closed_for_abuse(self, kernel_id: str) -> bool:
        """Whether this kernel's page was closed for sending past its rate (it may not come back)."""
        return kernel_id in self._pages and self._pages[kernel_id].rate.exhausted

    def left(self) -> list[str]:
        """The kernels whose page has left and not come back, longest gone first."""
        return list(self._left)

    def shut_down_left(self, kernel_id: str) -> None:
        """Shut down a kernel whose page left, its place taken by a new page."""
        gone = datetime.now(timezone.utc) - self._left.get(kernel_id, datetime.now(timezone.utc))
        self.shut_down_soon(kernel_id, f"its page left {gone.total_seconds():.0f} s ago, and a new page takes its place")

    def claim(self, kernel_id: str) -> None:
        """The kernel is the page's whose request is being answered: it holds that request's place."""
        reservation = CLAIMING.get()
        if reservation is not None:
            self.places.hold(reservation, kernel_id)

    def refill_delay(self) -> float:
        """Seconds from now until the next replacement of a preheated kernel may start."""
        now = asyncio.get_running_loop().time()
        # Voilà's own setting for the wait before a refill (its pool class's `fill_delay`)
        start = max(now + self.fill_delay, self._next_refill)  # type: ignore[attr-defined]
        self._next_refill = start + self.refill_spacing
        return start - now

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter Server's culling, and the sooner end of kernels no page connected to."""
        kernel = self._kernels.get(kernel_id)
        last_activity = getattr(kernel, "_trait_values", {}).get("last_activity")
        if last_activity is None:  # still starting
            return
        now = datetime.now(timezone.utc)
        if kernel_id not in self._connected_once:
            idle = now - last_activity
            if idle > timedelta(seconds=self.unclaimed_timeout) and getattr(kernel, "execution_state", None) != "busy":
                self.shut_down_soon(kernel_id, f"no page connected to it in {idle.total_seconds():.0f} s")
                return
        elif kernel_id in self._left:
            gone = now - self._left[kernel_id]
            if gone > timedelta(seconds=self.unclaimed_timeout):
                self.shut_down_soon(kernel_id, f"its page left {gone.total_seconds():.0f} s ago and did not come back")
                return
        await super().cull_kernel_if_idle(kernel_id)

    def shut_down_soon(self, kernel_id: str, reason: str) -> None:
        """Shut the kernel down in a task of its own (many at once after a burst of requests: not
        one by one); its place is free at once, not after the second or two a shutdown takes."""
        self.places.free(kernel_id)
        if kernel_id not in self._shutting_down:
            self.log.info("Shutting down kernel %s: %s.", kernel_id, reason)
            asyncio.ensure_future(self._shut_down(kernel_id))

    async def _shut_down(self, kernel_id: str) -> None:
        self._shutting_down.add(kernel_id)
        try:
            await self.shutdown_kernel(kernel_id)
        except Exception as error:  # already gone, or dying: the culler's next round sees it
            self.log.warning("Kernel %s did not shut down cleanly: %s", kernel_id, error)
        finally:
            self._shutting_down.discard(kernel_id)

    def remove_kernel(self, kernel_id: str) -> Any:
        """Forget the kernel, and free the place it held."""
        self._connected_once.discard(kernel_id)
        self._left.pop(kernel_id, None)
        self._pages.pop(kernel_id, None)
        self.places.free(kernel_id)
        return super().remove_kernel(kernel_id)


def kernel_pid(kernel: Any) -> int | None:
    """The process id of a kernel Jupyter started on this machine: its local provisioner's
    `pid` (jupyter_client's `LocalProvisioner`, verified against jupyter_client 8.10.0)."""
    pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
    return pid if isinstance(pid, int) else None


def limit_address_space(pid: int, limit: int) -> bool:
    """Limit the process `pid`'s address space to `limit` bytes (soft and hard, Linux's
    `prlimit`): past it, the process's allocations fail (Python raises MemoryError). Whether the
    limit is set."""
    if not hasattr(resource, "prlimit"):
        return False
    try:
        resource.prlimit(pid, resource.RLIMIT_AS, (limit, limit))
    except (OSError, ValueError):
        return False
    return True


def _started(task: asyncio.Future) -> bool:
    """Whether a task of Voilà's pool has started its kernel."""
    return task.done() and not task.cancelled() and task.exception() is None


class RefillSchedule:
    """For Voilà's pool class: a kernel taken is replaced on `ClassKernelManager.refill_delay`'s
    schedule instead of a second later all at once (the pool's first filling is not delayed),
    and a visitor takes a kernel of the pool only if one has started: never does a visitor wait
    for a replacement that is not due yet (Voilà then starts a kernel for the page itself)."""

    _pools: dict[str, list[asyncio.Future]]

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        if delay is None:
            delay = self.refill_delay()  # type: ignore[attr-defined]
        super().fill_if_needed(delay, notebook_name, **kwargs)  # type: ignore[misc]

    def get_pool_size(self, notebook_name: str) -> int:
        """The pool's kernels already started (what Voilà's page handler asks before taking one)."""
        return sum(1 for task in self._pools.get(notebook_name, []) if _started(task))

    async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        """Voilà's, which takes the pool's first kernel (a started one is put first) for the
        page whose request is being answered: the kernel holds that request's place."""
        pool = self._pools.get(notebook_name, [])
        started = [task for task in pool if _started(task)]
        if started:
            pool.remove(started[0])
            pool.insert(0, started[0])
        render_task, rendered_cache, kernel_id = await super().get_rendered_notebook(notebook_name, *args, **kwargs)  # type: ignore[misc]
        self.claim(kernel_id)  # type: ignore[attr-defined]
        return render_task, rendered_cache, kernel_id


def with_refill_schedule(manager: ClassKernelManager) -> None:
    """Put `RefillSchedule` on top of the class of Voilà's kernel manager `manager`."""
    if hasattr(manager, "fill_if_needed") and not isinstance(manager, RefillSchedule):
        manager.__class__ = type(type(manager).__name__, (RefillSchedule, type(manager)), {})
