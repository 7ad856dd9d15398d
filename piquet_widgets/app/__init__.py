"""The Voilà tutorial app: the page (`page`), its URL parameters (`params`), the server
(`server`), and the notebooks the package ships (`lessons`).

Importing this package imports nothing heavy: `piquet-widgets serve` starts from here.
"""

from pathlib import Path

APP_NOTEBOOK = Path(__file__).resolve().parent / "notebooks" / "app.ipynb"
LESSONS_DIR = Path(__file__).resolve().parents[1] / "notebooks"
# A Jupyter data folder holding the app's Voilà template (`voila/templates/piquet`).
APP_DATA = Path(__file__).resolve().parent / "jupyter"
