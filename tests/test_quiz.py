"""The lessons' quizzes: a wrong choice says why it is wrong, in the learner's language."""

from __future__ import annotations

from widget_helpers import find, text_of

from piquet_widgets.teach.lessons import LESSONS, text
from piquet_widgets.widgets.language import change_language
from piquet_widgets.widgets.lesson import LessonView
from piquet_widgets.widgets.quiz import Quiz


def test_each_wrong_choice_shows_its_own_reason(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PIQUET_PROGRESS_FILE", str(tmp_path / "progress.json"))
    for lesson in LESSONS:
        exercises = LessonView(lesson.number).exercises()
        for number, exercise in enumerate(lesson.exercises, 1):
            quiz = find(exercises, f"pw-exercise-{number}")
            for index in range(len(exercise.choices)):
                if index == exercise.answer:
                    continue
                assert not quiz.choose(index)
                shown = text_of(quiz.feedback.value)
                assert "try again" not in shown and text(exercise.reasons[index]) in shown
                assert "pw-quiz-wrong" in quiz.feedback._dom_classes
            assert quiz.choose(exercise.answer) and text(exercise.explanation) in text_of(quiz.feedback.value)


def test_the_reason_follows_the_language() -> None:
    quiz = Quiz("?", ["a", "b"], answer=0, hints=["", "because"])
    quiz.choose(1)
    assert "because" in text_of(quiz.feedback.value)
    change_language("fr")
    try:
        quiz.set_texts("?", ["a", "b"], hints=["", "parce que"])
        assert "parce que" in text_of(quiz.feedback.value)
    finally:
        change_language("en")


def test_a_quiz_without_reasons_still_says_try_again() -> None:
    quiz = Quiz("?", ["a", "b"], answer=0)
    quiz.choose(1)
    assert "try again" in text_of(quiz.feedback.value)
