// Card views for piquet_widgets: one model per row of cards, each card drawn in SVG.
//
// The view only draws the model and reports clicks: it never writes a trait. A click (or Enter /
// Space on the focused card) on a playable card sends {type: "click", card, seq} to Python, which
// validates it and decides what happens. Focus is a roving tabindex over the playable cards.

const SVG_NS = "http://www.w3.org/2000/svg";
const WATCHED = [
  "cards", "face_up", "selected", "outlined", "playable", "disabled", "four_colour",
  "labels", "letters", "caption", "badges", "css_class",
];

// Suit outlines in a 100 × 100 box.
const SUIT_PATHS = {
  S: "M50 4C56 15 96 37 96 62C96 77 85 86 72 86C63 86 57 82 53 76C54 86 58 92 68 97L32 97" +
     "C42 92 46 86 47 76C43 82 37 86 28 86C15 86 4 77 4 62C4 37 44 15 50 4Z",
  H: "M50 93C44 86 4 60 4 32C4 16 16 6 29 6C39 6 46 12 50 21C54 12 61 6 71 6C84 6 96 16 96 32" +
     "C96 60 56 86 50 93Z",
  D: "M50 3C60 20 74 37 87 50C74 63 60 80 50 97C40 80 26 63 13 50C26 37 40 20 50 3Z",
  C: "M29 27a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z" +
     "M6 61a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z" +
     "M52 61a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z" +
     "M38 48v16h24v-16Z" +
     "M46 55C46 77 42 88 31 97L69 97C58 88 54 77 54 55Z",
};
const RANK_TEXT = { T: "10" };
const COURTS = "KQJ";
const CARD_CODE = /^[AKQJT987][SHDC]$/;

let backCount = 0; // makes the id of each back's pattern unique in the page

function svgElement(tag, attributes = {}, children = []) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

function suitShape(suit, x, y, size) {
  return svgElement("path", {
    d: SUIT_PATHS[suit],
    class: "pw-suit",
    transform: `translate(${x} ${y}) scale(${size / 100})`,
  });
}

// The text in a card's corners: the rank's letter in the page's language, or its number.
function cornerText(rank, letters) {
  return letters[rank] || RANK_TEXT[rank] || rank;
}

function cornerIndex(text, suit) {
  const label = svgElement("text", {
    x: 13, y: 28, class: "pw-rank", "text-anchor": "middle",
    ...(text.length > 1 ? { textLength: 24, lengthAdjust: "spacingAndGlyphs" } : {}),
  });
  label.textContent = text;
  return svgElement("g", {}, [label, suitShape(suit, 5.5, 34, 15)]);
}

// A card face in a 100 × 140 box: indices in two corners, a large suit in the middle.
function faceSvg(code, letters) {
  const [rank, suit] = code;
  const text = cornerText(rank, letters);
  const parts = [
    svgElement("rect", { class: "pw-card-face", x: 1, y: 1, width: 98, height: 138, rx: 8 }),
    cornerIndex(text, suit),
    svgElement("g", { transform: "rotate(180 50 70)" }, [cornerIndex(text, suit)]),
  ];
  if (COURTS.includes(rank)) {
    parts.push(svgElement("rect", { class: "pw-court-frame", x: 27, y: 24, width: 46, height: 92, rx: 4 }));
  }
  parts.push(suitShape(suit, 31, 51, 38));
  return svgElement("svg", { viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" }, parts);
}

// A card back: a quiet lattice inside a white margin.
function backSvg() {
  const id = `pw-back-${++backCount}`;
  const pattern = svgElement("pattern", { id, width: 10, height: 10, patternUnits: "userSpaceOnUse" }, [
    svgElement("path", { class: "pw-back-lattice", d: "M0 5L5 0L10 5L5 10Z" }),
  ]);
  return svgElement("svg", { viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" }, [
    svgElement("defs", {}, [pattern]),
    svgElement("rect", { class: "pw-card-face", x: 1, y: 1, width: 98, height: 138, rx: 8 }),
    svgElement("rect", { class: "pw-back-field", x: 8, y: 8, width: 84, height: 124, rx: 4 }),
    svgElement("rect", { x: 8, y: 8, width: 84, height: 124, rx: 4, fill: `url(#${id})` }),
    svgElement("rect", { class: "pw-back-border", x: 11.5, y: 11.5, width: 77, height: 117, rx: 2.5 }),
  ]);
}

// The playable card whose place in `cards` is nearest `index` (the earlier one on a tie): where
// the focus goes when its card leaves the row or stops being playable.
function nearest(playable, cards, index) {
  let best = null;
  let bestDistance = Infinity;
  for (const code of playable) {
    const distance = Math.abs(cards.indexOf(code) - index);
    if (distance < bestDistance) [best, bestDistance] = [code, distance];
  }
  return best;
}

class CardRowView {
  constructor(model, el) {
    this.model = model;
    this.seq = 0;
    this.focusCode = null; // the playable card that holds tabindex 0
    this.elements = new Map(); // card code -> its element, kept across updates
    this.root = document.createElement("div");
    this.root.setAttribute("role", "group");
    this.root.tabIndex = -1; // keeps keyboard focus in the row when no card can hold it
    this.caption = document.createElement("div");
    this.caption.className = "pw-cards-caption";
    this.row = document.createElement("div");
    this.row.className = "pw-cards-row";
    this.root.append(this.caption, this.row);
    el.append(this.root);

    this.update = this.update.bind(this);
    this.row.addEventListener("click", (event) => this.onClick(event));
    this.row.addEventListener("keydown", (event) => this.onKeyDown(event));
    this.row.addEventListener("focusin", (event) => this.onFocusIn(event));
    for (const name of WATCHED) model.on(`change:${name}`, this.update);
    this.update();
  }

  destroy() {
    for (const name of WATCHED) this.model.off(`change:${name}`, this.update);
  }

  get interactive() {
    return !this.model.get("disabled") && this.model.get("playable").length > 0;
  }

  isPlayable(code) {
    return this.interactive && this.model.get("playable").includes(code);
  }

  update() {
    const model = this.model;
    const cards = model.get("cards");
    const faceUp = model.get("face_up");
    const selected = model.get("selected");
    const outlined = model.get("outlined");
    const labels = model.get("labels");
    const letters = model.get("letters");
    const badges = model.get("badges");
    const caption = model.get("caption");
    const interactive = this.interactive;
    const hadFocus = this.root.contains(document.activeElement);
    const focusIndex = [...this.row.children].findIndex((element) => element.dataset.card === this.focusCode);

    this.root.className = ["pw-cards", ...model.get("css_class").split(/\s+/).filter(Boolean)].join(" ");
    this.root.classList.toggle("pw-cards-disabled", model.get("disabled"));
    this.root.classList.toggle("pw-cards-four-colour", model.get("four_colour"));
    if (caption) this.root.setAttribute("aria-label", caption);
    else this.root.removeAttribute("aria-label");
    this.caption.textContent = caption;
    this.caption.hidden = !caption;
    this.row.style.setProperty("--pw-n", String(Math.max(cards.length, 1)));
    // On a phone a row of more than six cards takes two lines of equal length (cards.css).
    this.row.style.setProperty("--pw-per-line", String(cards.length > 6 ? Math.ceil(cards.length / 2) : Math.max(cards.length, 1)));

    for (const [code, element] of this.elements) {
      if (!cards.includes(code)) {
        element.remove();
        this.elements.delete(code);
      }
    }
    const playable = cards.filter((code) => this.isPlayable(code));
    if (!playable.includes(this.focusCode)) {
      this.focusCode = nearest(playable, cards, Math.max(focusIndex, 0));
    }

    cards.forEach((code, index) => {
      const element = this.cardElement(code, faceUp, letters);
      const isPlayable = playable.includes(code);
      element.classList.toggle("pw-card-playable", isPlayable);
      element.classList.toggle("pw-card-dimmed", interactive && !isPlayable);
      element.classList.toggle("pw-card-selected", selected.includes(code));
      element.classList.toggle("pw-card-outlined", outlined.includes(code));
      element.setAttribute("role", isPlayable ? "button" : "img");
      if (isPlayable) element.tabIndex = code === this.focusCode ? 0 : -1;
      else element.removeAttribute("tabindex");
      if (!isPlayable && element === document.activeElement) element.blur();
      const badge = badges[code] ?? "";
      // The name begins with what the card shows ("Q — queen of spades"), so that a voice
      // command naming the visible text finds it.
      const words = labels[code] ?? code;
      const label = faceUp && CARD_CODE.test(code) ? `${cornerText(code[0], letters)} — ${words}` : words;
      element.setAttribute("aria-label", badge ? `${label} (${badge})` : label);
      this.setBadge(element, badge);
      if (this.row.children[index] !== element) this.row.insertBefore(element, this.row.children[index] ?? null);
    });

    if (hadFocus && !this.root.contains(document.activeElement)) {
      (this.focusCode ? this.elements.get(this.focusCode) : this.root).focus();
    }
  }

  cardElement(code, rowFaceUp, letters) {
    // A face-down row sends the places of its cards ("back-3"), never the cards: a back each.
    const faceUp = rowFaceUp && CARD_CODE.test(code);
    let element = this.elements.get(code);
    if (!element) {
      element = document.createElement("div");
      element.className = "pw-card";
      element.dataset.card = code;
      if (faceUp) element.dataset.suit = code[1];
      this.elements.set(code, element);
    }
    const face = faceUp ? `up ${cornerText(code[0], letters)}` : "down";
    if (element.dataset.face !== face) {
      element.dataset.face = face;
      element.classList.toggle("pw-card-back", !faceUp);
      element.querySelector("svg")?.remove();
      element.prepend(faceUp ? faceSvg(code, letters) : backSvg());
    }
    return element;
  }

  setBadge(element, text) {
    let badge = element.querySelector(".pw-card-badge");
    if (!text) {
      badge?.remove();
      return;
    }
    if (!badge) {
      badge = document.createElement("span");
      badge.className = "pw-card-badge";
      badge.setAttribute("aria-hidden", "true");
      element.append(badge);
    }
    badge.textContent = text;
    badge.dataset.badge = text;
  }

  playableElements() {
    return [...this.row.querySelectorAll(".pw-card-playable")];
  }

  cardOf(event) {
    const element = event.target.closest(".pw-card");
    return element && this.row.contains(element) ? element : null;
  }

  activate(element) {
    const code = element.dataset.card;
    if (!this.isPlayable(code)) return;
    this.seq += 1;
    this.model.send({ type: "click", card: code, seq: this.seq });
  }

  onClick(event) {
    const element = this.cardOf(event);
    if (element) this.activate(element);
  }

  onFocusIn(event) {
    const element = this.cardOf(event);
    if (!element || !element.classList.contains("pw-card-playable")) return;
    this.focusCode = element.dataset.card;
    for (const other of this.playableElements()) other.tabIndex = other === element ? 0 : -1;
  }

  onKeyDown(event) {
    const element = this.cardOf(event);
    if (!element || !element.classList.contains("pw-card-playable")) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!event.repeat) this.activate(element);
      return;
    }
    const elements = this.playableElements();
    const index = elements.indexOf(element);
    const targets = {
      ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1,
      Home: 0, End: elements.length - 1,
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    const target = elements[Math.min(Math.max(targets[event.key], 0), elements.length - 1)];
    target.focus();
  }
}

export default {
  render({ model, el }) {
    const view = new CardRowView(model, el);
    return () => view.destroy();
  },
};
