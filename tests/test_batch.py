"""Widgets made together reach the page in one message each (`compat.batch`)."""

from __future__ import annotations

import comm
import ipywidgets as widgets
import pytest
from comm.base_comm import BaseComm

from piquet_widgets.compat.batch import one_message_each

pytestmark = pytest.mark.compat


class RecordingComm(BaseComm):
    """A comm that keeps what it would publish, in one list for every comm."""

    published: list[tuple[str, str, dict]] = []

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):  # noqa: ANN001
        RecordingComm.published.append((msg_type, self.comm_id, data or {}))


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, dict]]:
    RecordingComm.published = []
    monkeypatch.setattr(comm, "create_comm", lambda **kwargs: RecordingComm(**kwargs))
    return RecordingComm.published


def kinds(published: list[tuple[str, str, dict]], model_id: str) -> list[str]:
    return [kind if kind != "comm_msg" else data.get("method", "") for kind, comm_id, data in published if comm_id == model_id]


def test_without_a_batch_every_trait_set_later_is_a_message(published) -> None:
    label = widgets.HTML()
    label.add_class("pw-caption")
    label.value = "Elder"
    assert kinds(published, label.model_id) == ["comm_open", "update", "update"]


def test_a_widget_made_in_a_batch_is_opened_once_with_its_final_state(published) -> None:
    with one_message_each():
        label = widgets.HTML()
        label.add_class("pw-caption")
        label.value = "Elder"
        assert kinds(published, label.model_id) == []  # nothing reaches the page before the end
    assert kinds(published, label.model_id) == ["comm_open"]
    state = published[-1][2]["state"]
    assert state["value"] == "Elder" and list(state["_dom_classes"]) == ["pw-caption"]
    label.value = "Younger"  # after the batch, as usual
    assert kinds(published, label.model_id) == ["comm_open", "update"]


def test_children_are_opened_before_the_box_that_holds_them(published) -> None:
    with one_message_each():
        box = widgets.VBox()
        child = widgets.HTML("made after the box")
        box.children = (child,)
    order = [comm_id for kind, comm_id, _data in published if kind == "comm_open"]
    assert order.index(child.model_id) < order.index(box.model_id)
    for model_id in (child.model_id, box.model_id):  # each opened once, never updated
        assert kinds(published, model_id) == ["comm_open"]


def test_messages_to_widgets_on_the_page_follow_the_new_ones_in_order(published) -> None:
    shown = widgets.Box()
    before = len(published)
    with one_message_each():
        first = widgets.HTML("first")
        shown.children = (first,)
        second = widgets.HTML("second")
        shown.children = (first, second)
    sent = [(kind, comm_id) for kind, comm_id, _data in published[before:]]
    opened = [comm_id for kind, comm_id in sent if kind == "comm_open"]
    updates = [index for index, (kind, comm_id) in enumerate(sent) if comm_id == shown.model_id]
    assert {first.model_id, second.model_id} <= set(opened)
    assert len(updates) == 2 and min(updates) > max(index for index, (kind, _id) in enumerate(sent) if kind == "comm_open")
    assert list(published[before:][updates[-1]][2]["state"]["children"]) == [f"IPY_MODEL_{first.model_id}", f"IPY_MODEL_{second.model_id}"]


def test_a_widget_made_and_closed_in_a_batch_never_reaches_the_page(published) -> None:
    with one_message_each():
        gone = widgets.Button(description="replaced at once")
        gone_id = gone.model_id
        layout_id = gone.layout.model_id
        gone.close()
    assert kinds(published, gone_id) == []
    assert kinds(published, layout_id) == ["comm_open"]  # closing a widget leaves its layout, as in ipywidgets


def test_a_batch_inside_a_batch_joins_it(published) -> None:
    with one_message_each():
        with one_message_each():
            inner = widgets.HTML("inner")
        assert kinds(published, inner.model_id) == []
    assert kinds(published, inner.model_id) == ["comm_open"]


def test_ipywidgets_is_itself_again_after_a_failure(published) -> None:
    with pytest.raises(RuntimeError):
        with one_message_each():
            made = widgets.HTML("before the failure")
            raise RuntimeError("a lesson failed to build")
    assert kinds(published, made.model_id) == ["comm_open"]
    later = widgets.HTML()
    later.value = "after"
    assert kinds(published, later.model_id) == ["comm_open", "update"]
