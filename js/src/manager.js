// The page's widget manager: the widget models live in the kernel, reached through one kernel
// connection; their classes are the few this page's widgets use.
import * as base from "@jupyter-widgets/base";
import { ManagerBase } from "@jupyter-widgets/base-manager";
// Only the controls' files that hold the app's widgets (Box, Button, Checkbox, Dropdown, HTML,
// IntSlider, Label, Text, ToggleButton, their styles): the rest of the controls (media, dates,
// colours, uploads, tabs…) would be compiled by every visitor's browser for nothing.
import * as bool from "@jupyter-widgets/controls/lib/widget_bool.js";
import * as box from "@jupyter-widgets/controls/lib/widget_box.js";
import * as button from "@jupyter-widgets/controls/lib/widget_button.js";
import * as description from "@jupyter-widgets/controls/lib/widget_description.js";
import * as int from "@jupyter-widgets/controls/lib/widget_int.js";
import * as selection from "@jupyter-widgets/controls/lib/widget_selection.js";
import * as string from "@jupyter-widgets/controls/lib/widget_string.js";
import { JUPYTER_CONTROLS_VERSION } from "@jupyter-widgets/controls/lib/version.js";
import { anywidgetClasses } from "./anywidget.js";

const anywidget = anywidgetClasses(base);
const MODULES = {
  "@jupyter-widgets/base": base,
  "@jupyter-widgets/controls": { ...bool, ...box, ...button, ...description, ...int, ...selection, ...string },
  anywidget,
};
/** The version of each module this page provides, as its widgets name it. */
export const PROVIDED = {
  "@jupyter-widgets/base": base.JUPYTER_WIDGETS_VERSION,
  "@jupyter-widgets/controls": JUPYTER_CONTROLS_VERSION,
  anywidget: anywidget.AnyModel.model_module_version,
};

/** Whether a module of version `provided` serves a widget that asks for `requested` ("2.0.0",
 * "~0.11.*", "^8.1"): the same major version, and for a 0.x the same minor, as semver's caret. */
export function compatible(provided, requested) {
  const have = provided.split(".");
  const want = String(requested).replace(/^[\^~=v\s]+/, "").split(".");
  const fixed = have[0] === "0" ? 2 : 1;
  return want.slice(0, fixed).every((part, index) => part === "*" || part === "x" || part === have[index]);
}

export class PageManager extends ManagerBase {
  /** A manager on this kernel connection, ready for the comms the kernel opens; `onMismatch`
   * is told of each widget module asked for in a version this page does not provide. */
  constructor(kernel, onMismatch = () => {}) {
    super();
    this.kernel = kernel;
    this.onMismatch = onMismatch;
    kernel.registerCommTarget(this.comm_target_name, (comm, message) =>
      this.handle_comm_open(new base.shims.services.Comm(comm), message),
    );
  }

  /** The models the kernel already holds (a preheated kernel built the app before the visit). */
  loadFromKernel() {
    return this._loadFromKernel();
  }

  /** The models of the state the kernel wrote into the page, each on its comm to that kernel:
   * what `loadFromKernel` makes of the kernel's answer, without the question. */
  async loadFromPage(state) {
    const ids = Object.keys(state);
    const comms = await Promise.all(ids.map((id) => this._create_comm(this.comm_target_name, id)));
    // Every model is registered before any is awaited: a box finds its children by their ids.
    const models = ids.map((id, index) => {
      const { model_name, model_module, model_module_version } = state[id];
      const options = { model_name, model_module, model_module_version, model_id: id, comm: comms[index] };
      return this.new_model(options, state[id].state).catch((error) => console.error(error));
    });
    await Promise.all(models);
  }

  async loadClass(className, moduleName, moduleVersion) {
    const module = MODULES[moduleName];
    if (module && !compatible(PROVIDED[moduleName], moduleVersion)) {
      this.onMismatch(moduleName, moduleVersion);
      throw new Error(`the page has ${moduleName} ${PROVIDED[moduleName]}, not ${moduleVersion}`);
    }
    if (module && module[className]) return module[className];
    throw new Error(`the page has no widget ${className} from ${moduleName} ${moduleVersion}`);
  }

  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = this.kernel.createComm(targetName, modelId);
    if (data || metadata) comm.open(data, metadata, buffers);
    return new base.shims.services.Comm(comm);
  }

  async _get_comm_info() {
    const reply = await this.kernel.requestCommInfo({ target_name: this.comm_target_name });
    return reply.content.status === "ok" ? reply.content.comms : {};
  }
}
