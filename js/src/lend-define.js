// A stand-in for AMD's `define`, present only while anywidget's front end is evaluated (see
// anywidget.js): it keeps the factory anywidget hands over, under the name of its dependency.
const factories = new Map();
globalThis.define = (dependencies, factory) => factories.set(dependencies.join(","), factory);

/** The factory handed over for these dependencies; `define` is withdrawn at the first take. */
export function take(dependencies) {
  delete globalThis.define;
  const factory = factories.get(dependencies);
  if (!factory) throw new Error(`no front end was defined on ${dependencies}`);
  return factory;
}
