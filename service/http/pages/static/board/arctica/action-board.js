// The action board: the action wheels in a ring, each turned as the view says, and between each two
// wheels an action space with the two actions it offers; the pawn marks the space chosen this turn.
// A wheel's four faces are drawn as its sectors: the two the view says a space shows point at that
// space (a line joins them), the other two face out of and into the ring.
import { h, svg } from "../../dom.js";
import { part, word } from "../../words.js";

const CX = 320, CY = 300, R = 132, WHEEL = 62, SPACE = 238;
const HALF_W = 66, HALF_H = 25; // half an action space's box

function at(angle, radius, x = CX, y = CY) {
  const a = (angle * Math.PI) / 180;
  return [x + radius * Math.cos(a), y + radius * Math.sin(a)];
}

function towards(x1, y1, x2, y2) {
  return (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
}

function lines(text) {
  // a long action name on two lines ("Rotate and / migrate")
  const words = text.split(" ");
  if (text.length <= 12 || words.length < 2) return [text];
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(" "), words.slice(half).join(" ")];
}

function label(x, y, text, className) {
  const parts = lines(text);
  const node = svg("text", { x, y: y + 3 - (parts.length - 1) * 5, "text-anchor": "middle", class: className });
  parts.forEach((line, i) => node.append(svg("tspan", { x, dy: i ? 10 : 0, text: line })));
  return node;
}

export function actionBoard(ctx, view) {
  const board = view.board;
  const n = board.wheels.length;
  const wheelAngle = (w) => -90 + (360 * w) / n;
  const spaceAngle = (s) => wheelAngle(s) + 180 / n;
  const centre = (w) => at(wheelAngle(w), R);
  const spot = (s) => at(spaceAngle(s), SPACE);
  // the angle of each face of each wheel: toward the space showing it, else out of or into the ring
  const angles = board.wheels.map((wheel, w) => wheel.faces.map((_, f) => {
    const sector = (f - wheel.orientation + 4) % 4;
    return sector === 0 ? wheelAngle(w) : sector === 2 ? wheelAngle(w) + 180 : null;
  }));
  const shown = board.wheels.map(() => new Set());
  board.action_spaces.forEach((space, s) => (space.faces || []).forEach((face, k) => {
    const w = space.wheels[k];
    const [wx, wy] = centre(w);
    angles[w][face] = towards(wx, wy, ...spot(s));
    shown[w].add(face);
  }));
  // the drawing's box is what it draws (a fixed square left a band of white above and below the ring)
  const boxes = [
    ...board.wheels.map((_, w) => [...centre(w), WHEEL, WHEEL]),
    ...board.action_spaces.map((_, s) => [...spot(s), HALF_W, HALF_H]),
  ];
  const left = Math.min(...boxes.map(([x, , w]) => x - w)) - 4, right = Math.max(...boxes.map(([x, , w]) => x + w)) + 4;
  const top = Math.min(...boxes.map(([, y, , h]) => y - h)) - 4, bottom = Math.max(...boxes.map(([, y, , h]) => y + h)) + 4;
  const drawing = svg("svg", { viewBox: `${left} ${top} ${right - left} ${bottom - top}`, class: "action-wheels", role: "img", "aria-label": word(ctx, "action_board") });
  board.action_spaces.forEach((space, s) => (space.wheels || []).forEach((w) => {
    const [wx, wy] = centre(w);
    const [sx, sy] = spot(s);
    const [ex, ey] = at(towards(wx, wy, sx, sy), WHEEL, wx, wy);
    drawing.append(svg("line", { x1: ex, y1: ey, x2: sx, y2: sy, class: "feed" + (view.pawn === s ? " pawn-here" : "") }));
  }));
  board.wheels.forEach((wheel, w) => {
    const [x, y] = centre(w);
    const g = svg("g", { class: "wheel-drawing", "data-wheel": w, "data-orientation": wheel.orientation },
      svg("title", { text: word(ctx, "wheel") + " " + (w + 1) + " · " + word(ctx, "orientation") + " " + wheel.orientation }),
      svg("circle", { cx: x, cy: y, r: WHEEL, class: "wheel-disc" }));
    const order = wheel.faces.map((face, f) => ({ face, f, angle: ((angles[w][f] % 360) + 360) % 360 })).sort((a, b) => a.angle - b.angle);
    order.forEach((item, i) => {
      const next = order[(i + 1) % order.length];
      const gap = ((next.angle - item.angle + 360) % 360) || 360;
      const [bx, by] = at(item.angle + gap / 2, WHEEL, x, y);
      g.append(svg("line", { x1: x, y1: y, x2: bx, y2: by, class: "wheel-split" }));
    });
    order.forEach(({ face, f, angle }) => {
      const [tx, ty] = at(angle, 36, x, y);
      const name = word(ctx, "arctica_" + face);
      // a long single word ("Reproduction") in a smaller type: at 9 px it crossed its neighbour and the disc
      const long = name.length > 9 && !name.includes(" ") ? " long" : "";
      g.append(label(tx, ty, name, "face" + long + (shown[w].has(f) ? " shown" : "")));
    });
    g.append(svg("circle", { cx: x, cy: y, r: 3, class: "hub" }));
    drawing.append(g);
  });
  board.action_spaces.forEach((space, s) => {
    const [x, y] = spot(s);
    const pawn = view.pawn === s;
    const [a, b] = (space.actions || []).map((action) => word(ctx, "arctica_" + action));
    const g = svg("g", { class: "space-drawing" + (pawn ? " pawn-here" : ""), "data-space": s },
      svg("title", { text: word(ctx, "space") + " " + (s + 1) + ": " + (a || "") + " / " + (b || "") + (pawn ? " · " + word(ctx, "pawn") : "") }),
      svg("rect", { x: x - HALF_W, y: y - HALF_H, width: 2 * HALF_W, height: 2 * HALF_H, rx: 8 }),
      svg("text", { x, y: y - 6, "text-anchor": "middle", class: "space-action", text: a || "—" }),
      svg("text", { x, y: y + 12, "text-anchor": "middle", class: "space-action", text: b || "—" }),
      svg("text", { x: x - 60, y: y - 13, class: "space-number", text: String(s + 1) }));
    if (pawn) g.append(svg("circle", { cx: x + 56, cy: y - 15, r: 7, class: "pawn-dot" }));
    drawing.append(g);
  });
  const list = h("ol", { class: "spaces-list" }, board.action_spaces.map((space, s) =>
    h("li", { "data-space": s, class: view.pawn === s ? "pawn-here" : null },
      (space.actions || []).map((action) => word(ctx, "arctica_" + action)).join(" / ") || "—",
      view.pawn === s ? h("span", { class: "pawn", text: word(ctx, "pawn") }) : null)));
  return part("action-board", word(ctx, "action_board"), 2, drawing, list);
}
