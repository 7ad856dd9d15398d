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

// The front end's one reach into anywidget's internals, verified against anywidget 0.11.0 (the
// version package.json pins; the `app` extra allows 0.11.x). Its model's runtime gives the model's
// module 2 s to load (`AbortSignal.timeout(2000)` in its constructor, a number anywidget neither
// exports nor lets a page set, in 0.11 as in its newest sources) and past that drops, for good,
// every message the kernel sends the model. Another anywidget keeps its own deadline.
const DEADLINE_VERIFIED = /^0\.11\./;

/** anywidget's model without its deadline: on a slow computer, or one busy with a class arriving
 * at once, the page's own widgets (its language, its kept progress) take longer than 2 s; their
 * messages must wait for their module instead. `AbortSignal.timeout` is replaced only while the
 * model's constructor runs (synchronously), by a signal that never aborts. */
function withoutDeadline(AnyModel) {
  const found = AnyModel.model_module_version;
  if (!DEADLINE_VERIFIED.test(found)) {
    console.warn(`piquet-widgets: anywidget ${found} is not the version its deadline was lifted for (0.11): anywidget's own 2 s deadline applies.`);
    return AnyModel;
  }
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
