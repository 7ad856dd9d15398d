"""jsonschema's IRI grammars skipped at the server's start.

Jupyter Server's event logging imports jsonschema, whose format checker imports `rfc3987_syntax`
when it is installed, and that compiles some 35 Earley grammars for the "iri" formats: 1.5 s of
the server's 2.5 s start on the project's machine, for two formats no schema of Jupyter's uses
(python-jsonschema/jsonschema#1428). Seen as missing, it is skipped, those formats unchecked.
Verified against jsonschema 4.26.0, which imports it inside `try: … except ImportError`.
"""

from __future__ import annotations

import sys

from piquet_widgets.compat import verified


def skip_iri_grammars() -> bool:
    """Mark `rfc3987_syntax` missing, before jsonschema is imported, within jsonschema's verified
    versions (outside them, jsonschema imports it as usual); whether it was marked."""
    if "jsonschema" in sys.modules or not verified("jsonschema"):
        return False
    sys.modules.setdefault("rfc3987_syntax", None)
    return True
