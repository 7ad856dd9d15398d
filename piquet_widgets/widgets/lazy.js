// A lazy box's sentinel (see lazy.py): the placeholder, of about the content's height so that
// the page does not jump, which tells Python once, when it comes within a screen of the view,
// that the content is wanted. A browser without IntersectionObserver asks for it at once.

export default {
  render({ model, el }) {
    el.classList.add("pw-lazy-placeholder");
    el.style.minHeight = model.get("height");
    const status = document.createElement("p");
    status.setAttribute("role", "status");
    const relabel = () => { status.textContent = model.get("label"); };
    relabel();
    el.append(status);
    model.on("change:label", relabel);
    let sent = false;
    const wanted = () => {
      if (!sent) {
        sent = true;
        model.send({ type: "visible" });
      }
    };
    let observer = null;
    if (typeof IntersectionObserver === "undefined") {
      wanted();
    } else {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          wanted();
        }
      }, { rootMargin: "100% 0px" });  // one screen ahead, above and below
      observer.observe(el);
    }
    return () => {
      observer?.disconnect();
      model.off("change:label", relabel);
    };
  },
};
