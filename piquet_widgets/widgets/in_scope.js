// The end of the module of an invisible view that watches its scope (focus.js, in_view.js): the
// module above defines `attach(model, scope)`, which returns what undoes it. The view waits until
// it is inside its scope (the nearest ancestor matching `scope`), then attaches to it.

export default {
  render({ model, el }) {
    // The view is drawn before it joins the page: wait until it is inside its scope.
    let detach = null;
    let tries = 0;
    const timer = setInterval(() => {
      const scope = el.parentElement?.closest(model.get("scope"));
      if (scope) detach = attach(model, scope);
      if (scope || ++tries > 600) clearInterval(timer);
    }, 50);
    return () => {
      clearInterval(timer);
      if (detach) detach();
    };
  },
};
