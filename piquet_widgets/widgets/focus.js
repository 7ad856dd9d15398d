// The focus rule (docs/accessibility.md, widgets/focus.py): when an action removes, hides or
// disables the focused control, the focus moves to the next control the learner needs, never to
// the page. The view is invisible; it watches its scope (`scope`, the nearest such ancestor).
//
// The focus is lost when it is on the page itself (its control gone, hidden or disabled), or on
// a row of cards that no card of it can hold any more (cards.js then focuses the row). Then the
// first usable element matching one of `targets`, in order, takes it, once the page has settled
// (`SETTLE` ms after its last change; the next control may arrive a moment after the old one went);
// a control higher in `targets` drawn within `BETTER_WITHIN` ms of that move then takes the focus
// from the one the rule chose, unless the learner has moved it himself.
// A click elsewhere is the learner's own choice: the rule then waits for his next focus.
// The same view keeps the menu rule and the states below (docs/accessibility.md).
// Views nest (a drill in a lesson in the app): the innermost scope still in the page acts.

const SETTLE = 120;
const MOVING = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

// The menu rule: on a closed menu (a select) of a view, the keys that would change its value at
// once (arrows, Home, End, the page keys, a typed letter) open its list instead, where Enter or a
// click commits the choice; so ArrowDown on "Your seat" does not restart the deal.
function onMenuKey(event) {
  const menu = event.target;
  if (!(menu instanceof HTMLSelectElement) || menu.multiple || !menu.closest("[data-pw-focus-scope]")) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (!MOVING.has(event.key) && !(event.key.length === 1 && event.key !== " ")) return;
  event.preventDefault();
  try {
    menu.showPicker();
  } catch {
    // not allowed here: Space, Enter or Alt+ArrowDown open the list
  }
}

if (!globalThis.__pwMenuRule) {
  globalThis.__pwMenuRule = true;
  document.addEventListener("keydown", onMenuKey, true);
}

function setAttribute(element, name, value) {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

// States that the widgets show by a class alone, given to assistive technology too, and the
// app's landmarks (its navigation and its content, the skip link's target).
function states(scope) {
  for (const button of scope.querySelectorAll(".widget-toggle-button")) {
    setAttribute(button, "aria-pressed", String(button.classList.contains("mod-active")));
  }
  for (const button of scope.querySelectorAll("button.pw-nav, button.pw-lesson-link")) {
    setAttribute(button, "aria-current", button.classList.contains("pw-nav-active") || button.classList.contains("mod-info") ? "page" : null);
  }
  for (const button of scope.querySelectorAll("button.pw-quiz-choice")) {
    const chosen = button.classList.contains("mod-success") || button.classList.contains("mod-danger");
    setAttribute(button, "aria-pressed", String(chosen));
  }
  const app = scope.closest(".pw-app");
  for (const button of scope.querySelectorAll("button.pw-lesson-menu")) {
    setAttribute(button, "aria-expanded", String(Boolean(app?.classList.contains("pw-lessons-open"))));
  }
  for (const nav of scope.querySelectorAll(".pw-nav-bar")) setAttribute(nav, "role", "navigation");
  for (const main of scope.querySelectorAll(".pw-app > .pw-content")) {
    setAttribute(main, "role", "main");
    setAttribute(main, "id", "pw-main");
    setAttribute(main, "tabindex", "-1");
  }
}
const GIVE_UP = 15000; // ms: a control that comes later than this does not take the focus
const BETTER_WITHIN = 3000; // ms: a better control that comes this soon after the rule acted takes the focus

function usable(element) {
  return element.isConnected && !element.disabled && !element.closest("[disabled], [aria-hidden='true'], .pw-cards-disabled")
    && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
}

function lost(scope) {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement
    || (active.matches(".pw-cards") && scope.contains(active) && !active.querySelector(".pw-card[tabindex='0']"));
}

// The scopes around `element`, innermost first.
function scopesOf(element) {
  const scopes = [];
  for (let scope = element.closest("[data-pw-focus-scope]"); scope; scope = scope.parentElement?.closest("[data-pw-focus-scope]")) {
    scopes.push(scope);
  }
  return scopes;
}

function attach(model, scope) {
  scope.dataset.pwFocusScope = "";
  let last = null; // the control last focused inside this scope
  let lastScopes = []; // the scopes around it then
  let lostSince = 0;
  let timer = null;
  let placed = null; // the control this rule last focused, and when, and how high in `targets`
  let placedAt = 0;
  let placedRank = Infinity;
  // Focus the first usable control of the first `targets` before `below` that has one.
  const focusBest = (below) => {
    const targets = model.get("targets").slice(0, below);
    for (const [rank, selector] of targets.entries()) {
      const target = [...scope.querySelectorAll(selector)].find(usable);
      if (target) {
        if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: !target.matches("h1, h2, h3, h4") });
        [placed, placedAt, placedRank] = [target, Date.now(), rank];
        return;
      }
    }
  };
  const rescue = () => {
    timer = null;
    states(scope);
    if (!scope.isConnected) return;
    // The next control may come in parts (a view is drawn a moment after its model arrives): a
    // better one that arrives soon after takes the focus from the one this rule gave it, as long
    // as the learner has not moved it himself.
    if (placed && document.activeElement === placed && Date.now() - placedAt < BETTER_WITHIN) {
      focusBest(placedRank);
      return;
    }
    if (!last || !lost(scope) || (usable(last) && !last.matches(".pw-cards"))) return;
    if (lastScopes.find((each) => each.isConnected) !== scope) return; // an inner view acts
    lostSince ||= Date.now();
    if (Date.now() - lostSince > GIVE_UP) return;
    focusBest(Infinity);
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(rescue, SETTLE);
  };
  const onFocusIn = (event) => {
    if (!(event.target instanceof Element) || !scope.contains(event.target)) return;
    last = event.target;
    lastScopes = scopesOf(last);
    lostSince = 0;
  };
  const onPointer = (event) => {
    if (!(event.target instanceof Element) || !scope.contains(event.target)) last = null;
  };
  const observer = new MutationObserver(later);
  observer.observe(scope, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled", "class", "style", "tabindex"] });
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", later);
  document.addEventListener("pointerdown", onPointer, true);
  states(scope);
  return () => {
    if (timer) clearTimeout(timer);
    observer.disconnect();
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("focusout", later);
    document.removeEventListener("pointerdown", onPointer, true);
  };
}
