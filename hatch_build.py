"""Hatch build hook: compile the translation catalogs (.po → .mo) at every wheel build,
editable installs included, so that no compiled catalog ever needs to be committed.

The .mo files are written beside their .po files in the source tree (where an editable install
reads them) and added to the wheel as artifacts (they are git-ignored, which would otherwise
leave them out). The compiling itself is `piquet_widgets/i18n_catalogs.py`, loaded from its
file so that the package is not imported during the build.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        path = Path(self.root) / "piquet_widgets" / "i18n_catalogs.py"
        spec = importlib.util.spec_from_file_location("_piquet_catalogs", path)
        catalogs = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalogs)
        written = catalogs.compile_catalogs()
        if not written:
            raise RuntimeError(f"no translation catalog found under {catalogs.LOCALE_DIR}")
        build_data["artifacts"].extend(
            Path(mo).relative_to(self.root).as_posix() for mo in written
        )
        self.app.display_info(f"compiled {len(written)} translation catalogs")
