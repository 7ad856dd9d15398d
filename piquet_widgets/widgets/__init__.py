"""What a person sees and clicks: card views, the deal walkthrough, the practice table, quizzes.

Widgets render engine state and apply the engine's legal actions; they never decide rules, and
everything a browser sends them is validated in Python.
"""

from piquet_widgets.compat.pyodide_comm import null_safe_comms
from piquet_widgets.widgets.cards import CardRow
from piquet_widgets.widgets.practice import PracticeTable
from piquet_widgets.widgets.walkthrough import DealWalkthrough

__all__ = ["CardRow", "DealWalkthrough", "PracticeTable"]

null_safe_comms()  # in the browser (Pyodide): a trait set back to None reaches the page
