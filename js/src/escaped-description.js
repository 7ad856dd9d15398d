// What the bundle takes for sanitize-html, which ipywidgets' manager uses only to show a widget's
// description as HTML (`description_allow_html`). The app never asks for that, and the library
// and its parsers are a quarter of the bundle every visitor's browser compiles: a description
// given as HTML is shown as its text, every tag escaped, never run.
export default function escapedDescription(source) {
  const text = document.createElement("span");
  text.textContent = String(source);
  return text.innerHTML;
}
