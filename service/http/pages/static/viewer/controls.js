// The viewer's controls: the buttons, the slider, the choices (by, perspective, language), the timeline's
// entries and the keys, each asking the stepper (stepper.js) for a step.
const $ = (id) => document.getElementById(id);

export function bindControls(stepper) {
  $("first").addEventListener("click", () => stepper.move(() => 1));
  $("prev").addEventListener("click", () => stepper.move(() => stepper.previousStep()));
  $("next").addEventListener("click", () => stepper.move(() => stepper.nextStep()));
  $("last").addEventListener("click", () => stepper.move(() => stepper.steps));
  $("slider").addEventListener("input", (e) => stepper.go(Number(e.target.value)));
  // After a choice, the arrows step the board again rather than the select's options.
  $("by").addEventListener("change", (e) => {
    e.target.blur();
    stepper.keepUrl();
  });
  $("perspective").addEventListener("change", (e) => {
    stepper.perspective = e.target.value;
    e.target.blur();
    stepper.go(stepper.wanted);
  });
  $("lang").addEventListener("change", (e) => {
    stepper.params.set("lang", e.target.value);
    location.search = stepper.params.toString();
  });
  $("timeline-list").addEventListener("click", (e) => {
    const li = e.target.closest("li[data-step]");
    if (!li) return;
    e.preventDefault();
    stepper.go(Number(li.dataset.step));
  });
  document.addEventListener("keydown", (e) => keyPressed(stepper, e));
}

function keyPressed(stepper, e) {
  // a focused select or slider keeps its own arrow keys
  const own = e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
  if (own || e.altKey || e.ctrlKey || e.metaKey) return;
  const moves = { ArrowRight: () => stepper.nextStep(), ArrowLeft: () => stepper.previousStep(), Home: () => 1, End: () => stepper.steps };
  const to = moves[e.key];
  if (!to) return;
  e.preventDefault();
  stepper.move(to);
}
