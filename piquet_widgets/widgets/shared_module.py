"""Front-end code that reaches a page once per kernel instead of once per widget.

anywidget sends a widget's module (`_esm`) and stylesheet (`_css`) with the state of every
instance, and the browser compiles the module once per instance. A lesson shows some twenty card
rows, 18 KB of code each: a class arriving at once sent the same code thousands of times through
the server (benchmarks/bench_load.py). A `SharedModule` subclass names its module and stylesheet
files instead (`_module`, `_module_css`); its instances carry a small loader (`LOADER`) and a
reference to the class's one `ModuleSource` in this kernel, which the page fetches, compiles and
styles once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import anywidget
import ipywidgets
import traitlets

from piquet_widgets.widgets.owned_state import PythonOwnedState

# The loader every instance carries: the class's module, fetched from its `ModuleSource` model
# once per page (cached by model id), its stylesheet put in the page once, then its lifecycle
# hooks called as anywidget would call them. A failed load is forgotten, so the next view retries.
LOADER = """
const modules = (globalThis.__piquetModules ??= new Map());

function load(model) {
  const id = String(model.get("_source")).replace(/^IPY_MODEL_/, "");
  if (!modules.has(id)) {
    const loading = (async () => {
      const source = await model.widget_manager.get_model(id);
      const name = source.get("name");
      let style = document.head.querySelector(`style[data-pw-module="${CSS.escape(name)}"]`);
      if (!style) {
        style = document.createElement("style");
        style.dataset.pwModule = name;
        document.head.append(style);
      }
      style.textContent = source.get("css");
      const url = URL.createObjectURL(new Blob([source.get("code")], { type: "text/javascript" }));
      try {
        return (await import(/* webpackIgnore: true */ url)).default;
      } finally {
        URL.revokeObjectURL(url);
      }
    })();
    loading.catch(() => modules.delete(id));
    modules.set(id, loading);
  }
  return modules.get(id);
}

export default {
  async initialize(context) {
    const module = await load(context.model);
    return module.initialize?.(context);
  },
  async render(context) {
    const module = await load(context.model);
    return module.render?.(context);
  },
};
"""


class ModuleSource(PythonOwnedState, ipywidgets.Widget):
    """The text of one front-end module and its stylesheet: a model without a view, made once
    per class and kernel (`source_of`). The page never changes it."""

    name = traitlets.Unicode("").tag(sync=True)
    code = traitlets.Unicode("").tag(sync=True)
    css = traitlets.Unicode("").tag(sync=True)


_SOURCES: dict[type, ModuleSource] = {}


def source_of(cls: type[SharedModule]) -> ModuleSource:
    """The `ModuleSource` of `cls` in this kernel (made anew if it was closed)."""
    source = _SOURCES.get(cls)
    if source is None or source.comm is None:
        css = cls._module_css.read_text(encoding="utf-8") if cls._module_css is not None else ""
        code = "\n".join(path.read_text(encoding="utf-8") for path in (cls._module, cls._module_tail) if path is not None)
        source = ModuleSource(name=f"{cls.__module__}.{cls.__qualname__}", code=code, css=css)
        _SOURCES[cls] = source
    return source


class SharedModule(anywidget.AnyWidget):
    """An anywidget whose module (`_module`, a JavaScript file exporting anywidget's `render`
    and/or `initialize`, followed by `_module_tail` where several modules end alike) and
    stylesheet (`_module_css`) reach the page once per kernel."""

    _esm = LOADER
    _module: ClassVar[Path]
    _module_tail: ClassVar[Path | None] = None
    _module_css: ClassVar[Path | None] = None
    _source = traitlets.Instance(ModuleSource).tag(sync=True, **ipywidgets.widget_serialization)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(_source=source_of(type(self)), **kwargs)
