// On a phone, the part of a view the learner plays on kept in the first screen (widgets/in_view.py).
// When the cards inside `part` change (a card played, the play begun, a move undone), on a screen
// matching `media`, `part` is brought to the top of the screen unless it is already whole at the
// top and the first lines of `below` are on the screen too. The learner's own scrolling is never
// undone: only a change of the cards acts.

const SETTLE = 150; // ms after the page's last change: the cards arrive row by row
const LINES = 80; // px of `below` that must be on the screen

function cardsOf(part) {
  return [...part.querySelectorAll(".pw-card")].map((card) => card.dataset.card ?? "?").join(" ");
}

function inView(part, below) {
  const top = part.getBoundingClientRect().top;
  if (top < 0 || top > 8) return false;
  return !below || below.getBoundingClientRect().top <= window.innerHeight - LINES;
}

function attach(model, scope) {
  let seen = null; // the cards of `part` when last looked at
  let looks = 0;
  let timer = null;
  const look = () => {
    timer = null;
    const part = [...scope.querySelectorAll(model.get("part"))].find((element) => element.getClientRects().length);
    if (!part) {
      seen = null;
      return;
    }
    const cards = cardsOf(part);
    if (cards === seen) return;
    seen = cards;
    scope.dataset.pwCardsSeen = String(++looks); // how many changes it has looked at (tests wait on it)
    if (!matchMedia(model.get("media")).matches) return;
    const below = model.get("below") ? scope.querySelector(model.get("below")) : null;
    if (!inView(part, below)) part.scrollIntoView({ block: "start" });
  };
  const observer = new MutationObserver(() => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(look, SETTLE);
  });
  observer.observe(scope, { subtree: true, childList: true, attributes: true, attributeFilter: ["class", "data-card"] });
  look();
  return () => {
    if (timer) clearTimeout(timer);
    observer.disconnect();
  };
}
