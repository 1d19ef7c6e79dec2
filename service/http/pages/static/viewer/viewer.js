// The watch page's entry. The server sends the page's shell with the first replay and one page of the
// timeline (around the step shown) as JSON; the board is drawn here step by step (stepper.js, asked by
// the controls: controls.js), the rest of the timeline fetched from /timeline as the reader scrolls or
// steps to it (timeline.js); a finished game's analysis (analysed.js); a live game followed (live.js).
import { loadBoard } from "../board/index.js";
import { watchAnalysis } from "./analysed.js";
import { bindControls } from "./controls.js";
import { LiveFollow } from "./live.js";
import { Stepper } from "./stepper.js";

const data = JSON.parse(document.getElementById("viewer-data").textContent);
const ctx = { players: data.players, lang: data.lang, words: data.words };
await loadBoard(data.kind, data.board_module);
const stepper = new Stepper(data, ctx);
bindControls(stepper);
stepper.analysis = watchAnalysis(stepper, data, ctx);
stepper.timeline.render();
stepper.show(data.replay);
if (data.status === "live") new LiveFollow(stepper, data, ctx).start();
