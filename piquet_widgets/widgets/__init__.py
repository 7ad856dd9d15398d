"""What a person sees and clicks: card views, the deal walkthrough, the practice table, quizzes.

Widgets render engine state and apply the engine's legal actions; they never decide rules, and
everything a browser sends them is validated in Python.
"""
