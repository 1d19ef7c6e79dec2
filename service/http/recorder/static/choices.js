// What the table can do now, grouped in the table's terms ("Nanook places a card"); a choice whose
// card is not seen yet opens a picker listing only the cards still unseen.
import { cardLabel, saidWithCards } from "./cards.js";
import { h } from "./dom.js";

const OPEN_UP_TO = 12; // a group with more choices starts folded (a phone's screen is short)

const HEADINGS = {
  server: "Now",
  engine: "Now (offline: decided by the rules on this device)",
  seen: "Now (offline: checked when the network is back)",
  waiting: "Now (sending…)",
};

export function choicesPanel({ listed, exact, source = exact ? "server" : "seen", after = 0, used = new Set(), onPick }) {
  const panel = h("section", {
    id: "choices", "aria-labelledby": "choices-title",
    dataset: { version: String(listed ? listed.version : ""), exact: exact ? "1" : "0", source, after: String(after) },
  });
  panel.append(h("h2", { id: "choices-title" }, HEADINGS[source]));
  if (!listed || !listed.groups.length) {
    const why = listed ? "Nothing more to record: the game is over." : source === "waiting" ? "The next choices come with the server's answer." : "…";
    panel.append(h("p", { class: "muted" }, why));
    return panel;
  }
  const picker = h("div", { id: "picker", hidden: true });
  for (const group of listed.groups) {
    const buttons = group.choices.map((choice) =>
      h("button", {
        type: "button", class: "choice" + (choice.fill ? " fill" : ""),
        dataset: { move: JSON.stringify(choice.move), fill: choice.fill || "" },
        onclick: () => (choice.fill ? openPicker(picker, group, choice, used, onPick) : onPick(group, choice, choice.move)),
      }, saidWithCards(choice.text)));
    const body = h("div", { class: "options" }, buttons);
    panel.append(group.choices.length > OPEN_UP_TO
      ? h("details", { class: "group" }, h("summary", {}, `${group.title} (${group.choices.length})`), body)
      : h("div", { class: "group" }, h("h3", {}, group.title), body));
  }
  panel.append(picker);
  return panel;
}

function openPicker(picker, group, choice, used, onPick) {
  const cards = (choice.cards || []).filter((c) => !used.has(c));
  const close = () => { picker.hidden = true; picker.replaceChildren(); };
  picker.replaceChildren(
    h("h3", { id: "picker-title" }, `${group.title}: ${choice.text}`),
    h("p", { class: "muted" }, `${cards.length} cards not seen yet`),
    h("div", { class: "cards", role: "group", "aria-labelledby": "picker-title" },
      cards.map((card) => h("button", {
        type: "button", class: "card", dataset: { card: String(card) },
        onclick: () => { close(); onPick(group, choice, { ...choice.move, [choice.fill]: card }); },
      }, cardLabel(card)))),
    h("button", { type: "button", class: "cancel", onclick: close }, "Cancel"));
  picker.hidden = false;
  picker.scrollIntoView({ block: "nearest" });
}
