// The walkthrough's keys and the timeline's name: an invisible view inside `.pw-walkthrough`.
//
// ← → step, Home and End jump: the view sends {type: "key", key} to Python, which moves. Keys go
// to the walkthrough that holds the focus or, when the focus is in none (the page itself), to the
// first walkthrough on screen; never while typing in a field or choosing in a menu. The view also
// names the timeline slider's handle (`aria-label`), which ipywidgets leaves without a name.

const KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];
const TYPING = "input, textarea, select, [contenteditable], [role='slider'], .pw-cards-row";

function onScreen(element) {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
}

function ownsKeys(root) {
  const focus = document.activeElement;
  if (focus && focus !== document.body && focus.closest(".pw-walkthrough")) return root.contains(focus);
  const first = [...document.querySelectorAll(".pw-walkthrough")].find(onScreen);
  return first === root;
}

// The handle's name, and its value said as the step label says it ("Step 21 of 34") where
// noUiSlider says the bare index ("20").
function nameSlider(root, label, valueText) {
  for (const handle of root.querySelectorAll(".pw-timeline .noUi-handle")) {
    if (handle.getAttribute("aria-label") !== label) handle.setAttribute("aria-label", label);
    const now = Number(handle.getAttribute("aria-valuenow"));
    const max = Number(handle.getAttribute("aria-valuemax"));
    if (!valueText || !Number.isFinite(now) || !Number.isFinite(max)) continue;
    const text = valueText.replace("{number}", String(Math.round(now) + 1)).replace("{count}", String(Math.round(max) + 1));
    if (handle.getAttribute("aria-valuetext") !== text) handle.setAttribute("aria-valuetext", text);
  }
}

// Keys and names for the walkthrough `root`; returns what undoes it.
function attach(model, root) {
  const onKey = (event) => {
    if (!KEYS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target instanceof Element && event.target.closest(TYPING)) return;
    if (!ownsKeys(root)) return;
    event.preventDefault();
    model.send({ type: "key", key: event.key });
  };
  const name = () => nameSlider(root, model.get("slider_label"), model.get("value_text"));
  const observer = new MutationObserver(name);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-valuenow", "aria-valuetext"] });
  model.on("change:slider_label", name);
  model.on("change:value_text", name);
  document.addEventListener("keydown", onKey);
  name();
  return () => {
    document.removeEventListener("keydown", onKey);
    observer.disconnect();
    model.off("change:slider_label", name);
    model.off("change:value_text", name);
  };
}

export default {
  render({ model, el }) {
    // The view is drawn before it joins the page: wait until it is inside its walkthrough.
    let detach = null;
    let tries = 0;
    const timer = setInterval(() => {
      const root = el.closest(".pw-walkthrough");
      if (root) detach = attach(model, root);
      if (root || ++tries > 600) clearInterval(timer);
    }, 50);
    return () => {
      clearInterval(timer);
      if (detach) detach();
    };
  },
};
