"""The app server's kernel manager: Jupyter Server's, with its rules for a class at once.

- A kernel no page is connected to is shut down after `unclaimed_timeout` seconds, instead of
  the idle timeout meant for closed tabs: a kernel handed to a page whose websocket never
  connects (a crawler, a link preview, a request that gave up) once idle that long, and one
  whose page left (its websocket closed: a closed tab, a reload, which takes a new kernel) once
  the page has not come back that long, whatever the kernel is doing for nobody. A page whose
  connection drops reconnects to its kernel on its own within seconds (JupyterLab's
  `KernelConnection`, which the page's script uses); an open page keeps its kernel.
- A preheated kernel taken by a page is replaced `refill_after` seconds later, and replacements
  start one every `refill_spacing` seconds: starting one costs the server a notebook rendering
  and the machine a kernel's imports, which a class arriving at once needs for its pages.
- Each kernel handed to a page holds the place its request reserved (`places`): the request
  being answered names its reservation in `CLAIMING`, and the kernel Voilà starts for it, or
  takes for it from the pool, holds that place until it is shut down.
- A kernel's activity (what culling reads) is watched from each message's header alone
  (`start_watching_activity`): Jupyter Server's own watch decodes every message of every kernel,
  each of its dates parsed, only to read its type, and with a class clicking that was a fifth of
  the server's time, which every page and every click waits on.

Voilà builds its pool class (`voila.voila_kernel_manager`) on top of this one, so the refill
rule, which changes the pool's own `fill_if_needed`, is a mixin (`RefillSchedule`) that the
server puts on top of Voilà's class (`with_refill_schedule`).
"""

from __future__ import annotations

import asyncio
import hmac
import json
from contextvars import ContextVar
from datetime import datetime, timedelta, timezone
from typing import Any

from jupyter_client.session import Session
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

from piquet_widgets.app.places import Places, Reservation

# The place reserved by the page request being answered (`AppHandler`), read where Voilà's handler
# starts a kernel for it or takes one of the pool's, within that request's task.
CLAIMING: ContextVar[Reservation | None] = ContextVar("CLAIMING", default=None)


class ClassKernelManager(AsyncMappingKernelManager):
    """Kernels for the app's visitors (see the module's docstring)."""

    unclaimed_timeout = Float(
        50.0, config=True,
        help="Seconds after which a kernel whose page never connected (idle that long) or left "
             "(gone that long) is shut down.",
    )
    refill_after = Float(
        60.0, config=True,
        help="Seconds after a page takes a preheated kernel before its replacement starts.",
    )
    refill_spacing = Float(
        3.0, config=True,
        help="Seconds between the starts of two replacements of preheated kernels.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.places = Places()  # the server's limits are set by `PiquetVoila`
        self._connected_once: set[str] = set()
        self._left: dict[str, datetime] = {}  # kernel id -> when its last page's websocket closed
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
        """Start a kernel; one started for a page (not for the pool) holds its request's place."""
        kernel_id = await super().start_kernel(*args, **kwargs)
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":
            self.claim(kernel_id)
        return kernel_id

    def left(self) -> list[str]:
        """The kernels whose page has left and not come back, longest gone first."""
        return list(self._left)

    def shut_down_left(self, kernel_id: str) -> None:
        """Shut down a kernel whose page left, its place taken by a new page."""
        gone = datetime.now(timezone.utc) - self._left.get(kernel_id, datetime.now(timezone.utc))
        self._shut_down_unclaimed_soon(kernel_id, "its page left %d s ago, and a new page takes its place", gone)

    def claim(self, kernel_id: str) -> None:
        """The kernel is the page's whose request is being answered: it holds that request's place."""
        reservation = CLAIMING.get()
        if reservation is not None:
            self.places.hold(reservation, kernel_id)

    def refill_delay(self) -> float:
        """Seconds from now until the next replacement of a preheated kernel may start."""
        now = asyncio.get_running_loop().time()
        start = max(now + self.refill_after, self._next_refill)
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
                self._shut_down_unclaimed_soon(kernel_id, "no page connected to it in %d s", idle)
                return
        elif kernel_id in self._left:
            gone = now - self._left[kernel_id]
            if gone > timedelta(seconds=self.unclaimed_timeout):
                self._shut_down_unclaimed_soon(kernel_id, "its page left %d s ago and did not come back", gone)
                return
        await super().cull_kernel_if_idle(kernel_id)

    def _shut_down_unclaimed_soon(self, kernel_id: str, reason: str, since: timedelta) -> None:
        """Shut the kernel down in a task of its own (many at once after a burst of requests: not
        one by one); its place is free at once, not after the second or two a shutdown takes."""
        self.places.free(kernel_id)
        if kernel_id not in self._shutting_down:
            self.log.info("Shutting down kernel %s: " + reason + ".", kernel_id, since.total_seconds())
            asyncio.ensure_future(self._shut_down_unclaimed(kernel_id))

    async def _shut_down_unclaimed(self, kernel_id: str) -> None:
        self._shutting_down.add(kernel_id)
        try:
            await self.shutdown_kernel(kernel_id)
        except Exception as error:  # already gone, or dying: the culler's next round sees it
            self.log.warning("Kernel %s did not shut down cleanly: %s", kernel_id, error)
        finally:
            self._shutting_down.discard(kernel_id)

    def start_watching_activity(self, kernel_id: str) -> None:
        """Jupyter Server's watch of a kernel's IOPub messages, with its rules (every tracked
        message is activity; a status message sets the execution state), reading the header and
        the parent's header of each signed message, and the content of status messages only."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        session = Session(config=kernel.session.config, key=kernel.session.key)

        def record_activity(msg_list: list[bytes]) -> None:
            _idents, parts = session.feed_identities(msg_list, copy=True)
            if session.auth is not None and not hmac.compare_digest(parts[0], session.sign(parts[1:5])):
                return  # not the kernel's: Jupyter Server's watch would refuse it too
            msg_type = json.loads(parts[1]).get("msg_type")
            parent_type = (json.loads(parts[2]) or {}).get("msg_type")
            if self.track_message_type(msg_type) or self.track_message_type(parent_type) or kernel.execution_state == "busy":
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                state = json.loads(parts[4]).get("execution_state")
                if self.track_message_type(parent_type):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"  # as Jupyter Server: "idle" once started, unless tracked

        kernel._activity_stream.on_recv(record_activity)

    def remove_kernel(self, kernel_id: str) -> Any:
        """Forget the kernel, and free the place it held."""
        self._connected_once.discard(kernel_id)
        self._left.pop(kernel_id, None)
        self.places.free(kernel_id)
        return super().remove_kernel(kernel_id)


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
