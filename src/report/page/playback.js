// Step-through playback of the --html page (inlined by src/report/html.rs; no network).
// Each .viewer holds one .frame per state, all hidden but the current one; the buttons, a click
// on a move and the keys (arrows, Home, End, space) change the current frame.
// Opened with #frame-N, the first solution shows its state after N moves.
// Opened with #selftest-next, #selftest-play or #selftest-keys, the page steps through the first
// solution by its own controls and records where it ended on <body> (tests/html_page.rs);
// #selftest-start goes to the end and back to the start (End, then Home).
"use strict";
(function () {
  const viewers = Array.from(document.querySelectorAll(".viewer")).map(setUp);
  let active = viewers[0];

  function setUp(element) {
    const frames = Array.from(element.querySelectorAll(".frame"));
    const moves = Array.from(element.querySelectorAll(".moves li"));
    const counter = element.querySelector(".counter");
    const button = (act) => element.querySelector('[data-act="' + act + '"]');
    const last = frames.length - 1;
    let current = 0;
    let timer = null;
    const viewer = {
      element, button, frames,
      get current() { return current; },
      get playing() { return timer !== null; },
      show: (k) => { stop(); show(k); },
    };

    function show(k) {
      k = Math.max(0, Math.min(last, k));
      frames[current].hidden = true;
      frames[k].hidden = false;
      moves.forEach((li, i) => li.classList.toggle("current", i + 1 === k));
      current = k;
      element.dataset.current = String(k);
      counter.textContent = k + " / " + last;
      button("first").disabled = button("prev").disabled = k === 0;
      button("next").disabled = button("last").disabled = k === last;
      if (k === last) stop();
    }
    function stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      button("play").textContent = "▶ Play";
    }
    function play() {
      if (timer !== null) return stop();
      if (current === last) show(0);
      button("play").textContent = "❚❚ Pause";
      timer = setInterval(() => show(current + 1), 700);
    }
    const actions = {
      first: () => { stop(); show(0); },
      prev: () => { stop(); show(current - 1); },
      next: () => { stop(); show(current + 1); },
      last: () => { stop(); show(last); },
      play,
    };
    element.addEventListener("click", (event) => {
      active = viewer;
      const control = event.target.closest("[data-act]");
      const move = event.target.closest(".moves li");
      if (control) actions[control.dataset.act]();
      else if (move) { stop(); show(Number(move.dataset.frame)); }
    });
    show(0);
    return viewer;
  }

  const keys = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", " ": "play" };
  document.addEventListener("keydown", (event) => {
    const act = keys[event.key];
    if (!active || !act || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    active.button(act).click();
  });

  function selfTest(mode) {
    const viewer = viewers[0];
    const body = document.body;
    if (!viewer) { body.dataset.selftest = "no-viewer"; return; }
    let presses = 0;
    const done = () => {
      body.dataset.selftestPresses = String(presses);
      body.dataset.selftestFrame = String(viewer.current);
      body.dataset.selftest = "done";
    };
    viewer.button("last").click();
    viewer.button("first").click();
    if (mode === "start") return done();
    if (mode === "play") {
      viewer.button("play").click();
      const wait = setInterval(() => {
        if (viewer.playing) return;
        clearInterval(wait);
        done();
      }, 100);
      return;
    }
    const press = () => mode === "keys"
      ? document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }))
      : viewer.button("next").click();
    const step = setInterval(() => {
      if (viewer.button("next").disabled) { clearInterval(step); done(); return; }
      press();
      presses += 1;
    }, 20);
  }

  const test = /^#selftest-(next|play|keys|start)$/.exec(location.hash);
  if (test) window.addEventListener("load", () => selfTest(test[1]));
  const frame = /^#frame-(\d+)$/.exec(location.hash);
  if (frame && viewers[0]) viewers[0].show(Number(frame[1]));
})();
