// anywidget's front end ends by handing its factory to an AMD `define`, as a Jupyter extension
// expects; the page has no AMD loader, so a `define` is lent just long enough to receive it.
import "./lend-define.js";
import "anywidget";
import { take } from "./lend-define.js";

/** anywidget's model and view classes, built on these widget base classes. */
export function anywidgetClasses(base) {
  const { AnyModel, AnyView } = take("@jupyter-widgets/base")(base);
  return { AnyModel: withoutDeadline(AnyModel), AnyView };
}

/** anywidget's model without its deadline: anywidget gives a model's module 2 s to load, and
 * past that drops, for good, every message the kernel sends the model. On a slow computer, or
 * one busy with a class arriving at once, the page's own widgets (its language, its kept
 * progress) take longer; their messages must wait for their module instead. */
function withoutDeadline(AnyModel) {
  return class PatientAnyModel extends AnyModel {
    initialize(...args) {
      const timeout = AbortSignal.timeout;
      AbortSignal.timeout = () => new AbortController().signal; // a signal that never aborts
      try {
        super.initialize(...args);
      } finally {
        AbortSignal.timeout = timeout;
      }
    }
  };
}
