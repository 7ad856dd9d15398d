"""piquet_widgets — learn the card game Piquet in Jupyter with open-hand deals."""

__version__ = "0.1.0"
