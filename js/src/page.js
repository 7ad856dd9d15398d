// The tutorial app's front end. Voilà renders the page in the kernel and writes each output as a
// <script type="application/vnd.voila.cell-output+json">; this connects to that kernel and draws
// the outputs' widgets in their place. It replaces Voilà's JupyterLab-based front end, whose
// application, editors and typesetting the app never shows, for a fraction of what a browser
// must download, compile and run before the first widget (benchmarks/bench_load.py).
import { KernelConnection } from "@jupyterlab/services/lib/kernel/default.js";
import { ServerConnection } from "@jupyterlab/services/lib/serverconnection.js";
import { Widget } from "@lumino/widgets";
import { PageManager } from "./manager.js";
import "./page.css";

const OUTPUT = 'script[type="application/vnd.voila.cell-output+json"]';
const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
const WIDGET_STATE = "application/vnd.jupyter.widget-state+json";
const PAGE_WORDS = "application/vnd.piquet.page-words+json";
// Said when the kernel sent no words of its own (a notebook that is not the app).
const VERSIONS = "This page cannot draw its widgets: they need {module} {version}, and the page was built for another version. Update piquet-widgets on the server (pip install -U 'piquet-widgets[app]'), then reload the page.";

/** The page's settings, as Voilà wrote them. */
function pageConfig() {
  return JSON.parse(document.getElementById("jupyter-config-data").textContent);
}

/** A connection to the kernel that rendered this page. */
function connect(config) {
  const baseUrl = new URL(config.baseUrl, location.href).href;
  const serverSettings = ServerConnection.makeSettings({
    baseUrl,
    wsUrl: baseUrl.replace(/^http/, "ws"),
    appendToken: false,
    token: "",
  });
  return new KernelConnection({ model: { id: config.kernelId, name: "python3" }, serverSettings });
}

/** An output's place in the page: where its widget is drawn (the template shows the loading
 * fan there until it is), or its text written. */
function outputHost(script, output) {
  const host = document.createElement("div");
  host.className = widgetView(output) ? "jp-OutputArea-output pw-widget-host" : "jp-OutputArea-output";
  script.replaceWith(host);
  return host;
}

/** The widget an output shows, if it shows one. */
function widgetView(output) {
  return output.data && output.data[WIDGET_VIEW];
}

/** The widgets' state the kernel wrote into the page beside its output, if it did
 * (`with_widget_state` in piquet_widgets/app/page.py). */
function pageState(outputs) {
  const found = outputs.find(([output]) => output.data && output.data[WIDGET_STATE]);
  return found && found[0].data[WIDGET_STATE].state;
}

/** What the kernel sent the page to say, in the page's language (`page_words` in
 * piquet_widgets/app/page.py), if it did. */
function pageWords(outputs) {
  const found = outputs.find(([output]) => output.data && output.data[PAGE_WORDS]);
  return (found && found[0].data[PAGE_WORDS]) || {};
}

/** Say, once per module at the top of the page, that a widget asks for a version of its module
 * the page does not provide (its place would otherwise stay blank). */
function sayMismatch(words) {
  const said = new Set();
  return (module, version) => {
    if (said.has(module)) return;
    said.add(module);
    const note = document.createElement("p");
    note.className = "pw-version-mismatch";
    note.setAttribute("role", "alert");
    note.textContent = (words.versions || VERSIONS).replace("{module}", module).replace("{version}", version);
    document.body.prepend(note);
  };
}

/** Draw one output: its widget if it has one, else its plain text. */
async function draw(manager, output, host) {
  const view = widgetView(output);
  if (!view) {
    host.textContent = (output.data && output.data["text/plain"]) || output.text || "";
    return;
  }
  const model = await manager.get_model(view.model_id);
  const shown = await manager.create_view(model);
  Widget.attach(shown.luminoWidget, host);
}

/** Mark the page while its kernel is out of reach (once it has been reached): the app shows,
 * in its own words and language, that the page must be reloaded. */
function watchConnection(kernel) {
  let reached = false;
  kernel.connectionStatusChanged.connect((_kernel, status) => {
    reached ||= status === "connected";
    document.body.classList.toggle("pw-disconnected", reached && status !== "connected");
  });
}

async function main() {
  const config = pageConfig();
  const outputs = [...document.querySelectorAll(OUTPUT)].map((script) => {
    const output = JSON.parse(script.textContent);
    return [output, outputHost(script, output)];
  });
  const kernel = connect(config);
  watchConnection(kernel);
  const manager = new PageManager(kernel, sayMismatch(pageWords(outputs)));
  // The state written into the page is drawn at once, the connection opening meanwhile (what the
  // widgets send waits for it); without it, the kernel is asked.
  const state = pageState(outputs);
  await (state ? manager.loadFromPage(state) : manager.loadFromKernel());
  // One widget the page cannot draw leaves its place empty, not the others.
  const drawn = await Promise.allSettled(outputs.map(([output, host]) => draw(manager, output, host)));
  for (const failed of drawn.filter((result) => result.status === "rejected")) console.error("a widget could not be drawn:", failed.reason);
}

main().catch((error) => console.error("the page could not draw its widgets:", error));
