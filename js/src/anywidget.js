// anywidget's front end ends by handing its factory to an AMD `define`, as a Jupyter extension
// expects; the page has no AMD loader, so a `define` is lent just long enough to receive it.
import "./lend-define.js";
import "anywidget";
import { take } from "./lend-define.js";

/** anywidget's model and view classes, built on these widget base classes. */
export function anywidgetClasses(base) {
  return take("@jupyter-widgets/base")(base);
}
