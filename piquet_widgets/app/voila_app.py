"""Standalone Voilà as `piquet-widgets serve` runs it: for visitors who are not trusted.

What it changes in Voilà's application, each time with what Jupyter Server already provides:

- Hosts: Jupyter Server's check of the `Host` header (`allow_remote_access` off,
  `local_hostnames`), which standalone Voilà turns off, is on: a request must name localhost,
  a loopback address or a host the teacher allowed (`allow_hosts`), else it gets 403. This stops
  DNS rebinding; the kernel websocket's `Origin` must then match that host (Jupyter Server's
  `check_origin`). A refused request is logged once, by the check that refused it.
- Errors: a short plain-text answer (`404: Not Found`), never a template or a traceback; URLs
  other than the app itself answer 404 (Voilà's catch-all redirected them, and `/logout` or a
  malformed template path raised). No login or logout pages: the server has no accounts.
- The kernel websocket passes the page's widget messages alone, at a person's pace, and a page
  that keeps sending past that loses its connection and its kernel (`page_messages`, `rate`);
  it passes no `error` or `stderr` message to the page (a malformed widget message would
  otherwise be answered with a traceback full of file paths) and no versions (`kernel_info`).
- Front end: the app's own scripts and styles come from memory, gzipped once (`front_end`,
  `FrontEndHandler`).
- Capacity: a page request takes a place when it is accepted (`places`), before a kernel is
  started or taken from the pool for it, so that requests arriving together are counted at
  once. Once `max_visitors` places are taken by pages that have not left, a new visitor gets a
  short page saying the table is full (HTTP 503), in the link's language, and no kernel; once a
  client (an address, or the one a trusted proxy names: `trusted_proxies`) holds
  `max_per_client` so, its next request gets a short page saying so (HTTP 429). A page that has
  left gives its place to the next request that needs it.
- Versions: no answer names the server's software (`Server` header, `NoServerHeader`), and the
  page's settings do not name Voilà's version (`without_versions`).
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from html import escape
from typing import Any

from piquet_widgets.compat.grammars import skip_iri_grammars

skip_iri_grammars()  # before Jupyter Server imports jsonschema: 1.5 s of the server's start

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.httputil import HTTPHeaders
from tornado.log import access_log, app_log
from tornado.web import OutputTransform
from traitlets import Int, List, TraitError, Unicode, validate
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from piquet_widgets.app import front_end
from piquet_widgets.app.kernels import CLAIMING, ClassKernelManager, with_refill_schedule
from piquet_widgets.app.page_messages import MAX_MESSAGE_BYTES, V1_PROTOCOL, for_the_page
from piquet_widgets.app.places import Places, Refused, client_address, networks
from piquet_widgets.app.rate import Verdict
from piquet_widgets.i18n import DEFAULT_LANGUAGE, _, ngettext, normalize_language, speaking

_PORT = re.compile(r":\d+$")


class PlainErrors:
    """Errors answered in one line of plain text (Jupyter Server's error template needs static
    files standalone Voilà does not configure, and failed with a 500 of its own)."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")  # type: ignore[attr-defined]
        self.finish(f"{status_code}: {self._reason}")  # type: ignore[attr-defined]


class AllowedHosts:
    """Jupyter Server's `Host` check, which also lets in the hosts the teacher named, addresses
    included (Jupyter Server's own check takes only names besides loopback addresses)."""

    def check_host(self) -> bool:
        host = _PORT.sub("", self.request.host.lower()).strip("[]")  # type: ignore[attr-defined]
        if host in self.settings.get("piquet_allowed_hosts", ()):  # type: ignore[attr-defined]
            return True
        return JupyterHandler.check_host(self)  # type: ignore[arg-type]


class HostChecked(AllowedHosts):
    """The `Host` check for Voilà's handlers that are not Jupyter Server's (static files, the
    websocket a preheated kernel reads its visitor's request from)."""

    @property
    def log(self):
        return app_log

    def prepare(self) -> Any:
        if not self.check_host():
            raise web.HTTPError(403)
        return super().prepare()  # type: ignore[misc]


class AppHandler(PlainErrors, AllowedHosts, TornadoVoilaHandler):
    """The app's page at the server's root; any other path is not found. A request takes a place
    at the table before Voilà starts or hands out a kernel for it, if need be the place of a page
    that has left (whose kernel is then shut down); a full table, or a client holding its share,
    says so instead."""

    async def get(self, path: str | None = None) -> None:
        if path:
            raise web.HTTPError(404)
        places: Places = self.kernel_manager.places
        client = self.client()
        try:
            reservation = places.reserve(client, self.kernel_manager.left())
        except Refused as refused:
            self.refuse(refused, client)
            return
        if reservation.replaces is not None:
            self.kernel_manager.shut_down_left(reservation.replaces)
        claiming = CLAIMING.set(reservation)
        try:
            await super().get(path)
        finally:
            CLAIMING.reset(claiming)
            places.settle(reservation)

    def client(self) -> str:
        """The address this request counts for: its peer's, or the one a trusted proxy names."""
        trusted = self.settings.get("piquet_trusted_proxies", ())
        forwarded = self.request.headers.get_list("X-Forwarded-For")
        if forwarded and not trusted and not self.settings.get("piquet_proxy_named"):
            self.settings["piquet_proxy_named"] = True  # said once
            self.log.warning("A request from %s names the client it forwards (X-Forwarded-For), but no proxy is trusted: "
                             "every client behind it counts as %s (name the proxy with --trusted-proxy).",
                             self.request.remote_ip, self.request.remote_ip)
        return client_address(self.request.remote_ip or "", forwarded, trusted)

    def refuse(self, refused: Refused, client: str) -> None:
        """Answer with the short page of a full table (503) or of a client's share taken (429)."""
        lang = self.get_argument("lang", "")
        if refused.share:
            self.log.warning("%s holds its %d places: %s refused.", client, refused.share, self.request.uri)
            self.set_status(429)
            page = share_page(lang, refused.share)
        else:
            self.log.warning("The table is full (%d visitors): %s refused.", self.kernel_manager.places.limit, self.request.uri)
            self.set_status(503)
            page = full_page(lang)
        self.set_header("Retry-After", "60")
        self.set_header("Cache-Control", "no-store")
        self.finish(page)


class TemplateFiles(PlainErrors, HostChecked, TemplateStaticFileHandler):
    """Voilà's template files; a path that names no template file (`..` in it, no `static`
    folder) is not found, not a 500 with a traceback in the log (Voilà's handler asserts and
    unpacks its parts, verified with Voilà 0.5.13)."""

    def parse_url_path(self, path: str) -> str:
        if ".." in path.split("/"):
            raise web.HTTPError(404)
        try:
            return super().parse_url_path(path)
        except (ValueError, AssertionError):
            raise web.HTTPError(404) from None

    @classmethod
    def get_absolute_path(cls, root: str, path: str) -> str:
        try:
            return super().get_absolute_path(root, path)
        except (ValueError, AssertionError):
            raise web.HTTPError(404) from None


class FrontEndHandler(PlainErrors, HostChecked, web.RequestHandler):
    """The app's front end (`front_end`), gzipped for a browser that takes it, written from
    memory at once; a browser that has a file already is answered 304 by its ETag (Tornado's
    `finish`, with the ETag computed once rather than hashed from each answer)."""

    def initialize(self, assets: dict[str, front_end.Asset]) -> None:
        self.assets = assets
        self.asset: front_end.Asset | None = None

    def gzipped(self) -> bool:
        return "gzip" in self.request.headers.get("Accept-Encoding", "")

    def compute_etag(self) -> str | None:
        if self.asset is None:
            return None
        return self.asset.etag[:-1] + '-gzip"' if self.gzipped() else self.asset.etag

    def get(self, name: str) -> None:
        self.asset = self.assets.get(name)
        if self.asset is None:
            raise web.HTTPError(404)
        self.set_header("Content-Type", self.asset.content_type)
        self.set_header("Cache-Control", "no-cache")  # kept, and asked again with its ETag
        self.set_header("Vary", "Accept-Encoding")
        if self.gzipped():
            self.set_header("Content-Encoding", "gzip")
            self.finish(self.asset.gzipped)
        else:
            self.finish(self.asset.body)


class KernelChannels(PlainErrors, AllowedHosts, VoilaKernelWebsocketHandler):
    """The kernel websocket: the page's widget messages, at the page's rate, to the kernel
    (`page_messages.PageAllowance`, one for all the websockets of a kernel); to the page, its
    kernel's messages less tracebacks and versions (`page_messages.for_the_page`). A page that
    keeps sending past its rate is closed, and its kernel shut down. It overrides Jupyter
    Server's `KernelWebsocketHandler` (`pre_get`, which opens the kernel's channels before the
    handshake completes, and `on_message`) and reads its `connection` and `kernel_id`, verified
    against jupyter_server 2.21.1."""

    def initialize(self, *args: Any, **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.refused: set[str] = set()  # what this connection has had refused, logged once each

    @property
    def v1(self) -> bool:
        return self.selected_subprotocol == V1_PROTOCOL

    async def pre_get(self) -> None:
        """A page closed for sending past its rate does not connect again (its kernel is ending)."""
        if self.kernel_manager.closed_for_abuse(self.kernel_id):
            raise web.HTTPError(403)
        await super().pre_get()

    def on_message(self, message: str | bytes) -> Any:
        if self.connection is None or self.ws_connection is None:  # closed: what it still held goes nowhere
            return None
        verdict, reason = self.kernel_manager.page(self.kernel_id).admit(message, self.v1, time.monotonic())
        if verdict is Verdict.PASS:
            return super().on_message(message)
        if verdict is Verdict.CLOSE:
            self.close_abusive()
        elif reason not in self.refused:
            self.refused.add(reason)
            self.log.warning("Kernel %s: dropped a message from its page (%s).", self.kernel_id, reason)
        return None

    def close_abusive(self) -> None:
        """Close a page that keeps sending past its rate, and shut its kernel down (the page
        shows that it lost its connection). Once closed, the connection reads nothing more."""
        dropped = self.kernel_manager.page(self.kernel_id).rate.dropped
        self.log.warning("Kernel %s: its page kept sending past its rate (%d messages dropped): "
                         "closing its connection, shutting the kernel down.", self.kernel_id, dropped)
        self.close(1008, "too many messages")
        self.kernel_manager.shut_down_soon(self.kernel_id, "its page kept sending past its rate")

    def write_message(self, message: Any, binary: bool = False) -> Any:
        if self.ws_connection is None:  # the page is gone, or closed: nothing is kept for it
            return None
        message = for_the_page(message, self.v1)
        if message is None:
            return None
        return super().write_message(message, binary)


def full_page(lang: str) -> str:
    """The short page a visitor gets when the table is full, in the link's language."""
    return short_page(lang, lambda: (_("The table is full"), _("The table is full — try again in a minute.")))


def share_page(lang: str, share: int) -> str:
    """The short page a visitor gets whose address holds its `share` of places, in the link's language."""
    return short_page(lang, lambda: (
        _("Too many pages open"),
        ngettext("You already have {count} page of the app open, the most one visitor may have at once: close it, then try again in a minute.",
                 "You already have {count} pages of the app open, the most one visitor may have at once: close one, then try again in a minute.",
                 share).format(count=share),
    ))


def short_page(lang: str, texts: Callable[[], tuple[str, str]]) -> str:
    """A page of one sentence, its title and words (`texts`) said in the link's language."""
    with speaking(normalize_language(lang) or DEFAULT_LANGUAGE) as language:
        title, words = texts()
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{escape(title)}</title></head>'
        f'<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto;"><p class="pw-full">{escape(words)}</p></body></html>\n'
    )


class NoServerHeader(OutputTransform):
    """Every answer without Tornado's `Server` header, which names Tornado and its version."""

    def transform_first_chunk(self, status_code: int, headers: HTTPHeaders, chunk: bytes, finishing: bool) -> tuple[int, HTTPHeaders, bytes]:
        headers.pop("Server", None)
        return status_code, headers, chunk


def without_versions(page_config: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
    """Voilà's page settings (`jupyter-config-data`) without Voilà's version (`appVersion`,
    which its front end only shows; the app's front end does not read it)."""
    page_config.pop("appVersion", None)
    return page_config


def log_request(handler: web.RequestHandler) -> None:
    """Tornado's access log, less the refused requests (the check that refused one has logged it)."""
    status = handler.get_status()
    if status == 403:
        return
    log = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    log("%d %s %.2fms", status, handler._request_summary(), 1000.0 * handler.request.request_time())


class PiquetVoila(Voila):
    """Voilà serving the app to visitors who are not trusted (see the module's docstring)."""

    allow_hosts = List(Unicode(), config=True, help="Host names (or addresses) requests may name besides localhost and loopback addresses.")
    max_visitors = Int(0, config=True, help="Pages that may hold a kernel at once; 0 for no limit.")
    max_per_client = Int(0, config=True, help="Pages one client (an address) may hold a kernel for at once; 0 for no limit.")
    trusted_proxies = List(Unicode(), config=True, help="Addresses or networks of reverse proxies whose X-Forwarded-For names the client.")

    @validate("trusted_proxies")
    def _valid_proxies(self, proposal: dict) -> list[str]:
        try:
            networks(proposal["value"])
        except ValueError as error:
            raise TraitError(str(error)) from None
        return proposal["value"]

    def get_default_logging_config(self) -> dict:
        """traitlets' logging, the app's logger at the level shown (`log_level`) rather than at
        DEBUG behind a handler that drops those lines: each was still made into a record, one for
        every message of every kernel."""
        config = super().get_default_logging_config()
        for logger in config.get("loggers", {}).values():
            logger["level"] = logging.getLevelName(self.log_level)
        return config

    def init_settings(self) -> dict:
        if self.voila_configuration.page_config_hook is None:
            self.voila_configuration.page_config_hook = without_versions
        settings = super().init_settings()
        if isinstance(self.kernel_manager, ClassKernelManager):
            with_refill_schedule(self.kernel_manager)
            self.kernel_manager.places = Places(self.max_visitors, self.max_per_client)
        hosts = [host.lower().strip("[]") for host in self.allow_hosts]
        settings.update(
            allow_remote_access=False,
            local_hostnames=["localhost", *hosts],
            piquet_allowed_hosts=frozenset(hosts),
            piquet_trusted_proxies=networks(self.trusted_proxies),
            log_function=log_request,
            # Tornado's output transforms, which are none (Voilà does not gzip), and no `Server` header
            transforms=[NoServerHeader],
            websocket_max_message_size=MAX_MESSAGE_BYTES,
        )
        return settings

    def init_handlers(self) -> list:
        replaced = {TornadoVoilaHandler: AppHandler, TemplateStaticFileHandler: TemplateFiles, VoilaKernelWebsocketHandler: KernelChannels}
        handlers = [(url_path_join(self.server_url, front_end.URL, "([^/]+)"), FrontEndHandler, {"assets": front_end.load()})]
        for pattern, handler, *options in super().init_handlers():
            if pattern.endswith(("/login", "/logout")):
                continue
            handlers.append((pattern, replaced.get(handler) or guarded(handler), *options))
        return handlers


def guarded(handler: type) -> type:
    """`handler` with plain errors and, if Jupyter Server's base does not check it, the Host check."""
    bases = (PlainErrors, AllowedHosts, handler) if issubclass(handler, JupyterHandler) else (PlainErrors, HostChecked, handler)
    return type(handler.__name__, bases, {})
