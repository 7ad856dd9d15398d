// A polite live region (widgets/announce.py): one element, drawn once, whose text Python
// replaces. Screen readers speak a region's change, not a region just added to the page, so the
// element stays and only its text changes; it is hidden from sight, not from assistive technology.
export default {
  render({ model, el }) {
    const region = document.createElement("div");
    region.className = "pw-live";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    el.append(region);
    const show = () => {
      region.textContent = model.get("text");
    };
    model.on("change:text", show);
    // the first words after the region joins the page, so that they too are spoken
    const timer = setTimeout(show, 100);
    return () => {
      clearTimeout(timer);
      model.off("change:text", show);
    };
  },
};
