// A lazy box's sentinel (see lazy.py): the placeholder, whose reserved height is its layout's,
// which tells Python once, when it comes within a screen of the view, that the content is wanted.
// A browser without IntersectionObserver asks for it at once.

const AHEAD = "100% 0px";  // one screen above and below the view

// The element that scrolls the placeholder (in Voilà and JupyterLab an element of the page, not
// the page itself, whose clipping a margin on the viewport would not see past); null: the page.
function scroller(element) {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === "auto" || overflowY === "scroll") && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

export default {
  render({ model, el }) {
    el.classList.add("pw-lazy-placeholder");
    const status = document.createElement("p");
    status.setAttribute("role", "status");
    status.style.color = "#57606a";  // muted, at 6:1 on white
    const relabel = () => { status.textContent = model.get("label"); };
    relabel();
    el.append(status);
    model.on("change:label", relabel);
    let sent = false;
    let observer = null;
    let root = null;
    let frame = 0;
    const wanted = () => {
      observer?.disconnect();
      if (!sent) {
        sent = true;
        model.send({ type: "visible" });
      }
    };
    const watch = () => {
      observer?.disconnect();
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          wanted();
        } else if (root === null && (root = scroller(el)) !== null) {
          watch();  // now that the page is laid out, watch from its scrolling element
        }
      }, { root, rootMargin: AHEAD });
      observer.observe(el);
    };
    const start = () => {  // once the view is in the page
      if (el.isConnected) watch();
      else frame = requestAnimationFrame(start);
    };
    if (typeof IntersectionObserver === "undefined") wanted();
    else start();
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      model.off("change:label", relabel);
    };
  },
};
