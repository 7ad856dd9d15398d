// The page's address follows the learner's place (widgets/address.py): Python sets `query` (the
// place's parameters, such as "?lesson=the-point&lang=fr") and `replace`; this view writes it to
// the address bar with the history API, a new entry for each place opened (Back and Forward then
// move through them) or in place of the current one (the first place, a change of language).
// When the view is drawn it sends the address the page was opened at ({type: "opened", query}),
// and after Back or Forward the address the browser went to ({type: "moved", query}): Python
// checks the values and opens that place. The parameters the app does not read (`known` names
// those it does) are left as they are, such as a server's own.

function wanted(model) {
  const next = new URLSearchParams(model.get("query"));
  const known = new Set(model.get("known"));
  for (const [name, value] of new URLSearchParams(location.search)) {
    if (!known.has(name)) next.append(name, value);
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}

function write(model) {
  if (!model.get("query")) return; // no place yet: the address stays as the page was opened
  const search = wanted(model);
  if (search === location.search) return;
  const address = `${location.pathname}${search}${location.hash}`;
  try {
    if (model.get("replace")) history.replaceState(history.state, "", address);
    else history.pushState(null, "", address);
  } catch {
    // a page whose history may not be written (a sandboxed frame): the address stays as it is
  }
}

export default {
  render({ model }) {
    const moved = () => model.send({ type: "moved", query: location.search });
    const changed = () => write(model);
    model.on("change:query", changed);
    window.addEventListener("popstate", moved);
    model.send({ type: "opened", query: location.search });
    write(model);
    return () => {
      model.off("change:query", changed);
      window.removeEventListener("popstate", moved);
    };
  },
};
