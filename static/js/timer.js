// Round clock for a projector: asks the server every 5 s, counts down locally every second.
// Without JavaScript the page shows the time at load and refreshes itself every 30 s.
(function () {
  "use strict";
  const box = document.querySelector(".timer[data-timer-url]");
  if (!box) return;
  const clock = box.querySelector(".timer-clock");
  const state = box.querySelector(".timer-state");
  const fullscreen = box.querySelector(".timer-fullscreen");
  const POLL_MS = 5000;
  let remaining = box.dataset.remaining === "" ? null : Number(box.dataset.remaining);
  let paused = box.dataset.paused === "true";
  let offline = false;
  let deadline = null; // performance.now() at which the clock reaches 0 (when running)

  function anchor() {
    deadline = remaining === null || paused ? null : performance.now() + remaining * 1000;
  }

  function secondsLeft() {
    if (remaining === null) return null;
    if (paused || deadline === null) return remaining;
    return Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
  }

  function format(seconds) {
    if (seconds === null) return "--:--";
    const minutes = Math.floor(seconds / 60);
    const rest = seconds % 60;
    return String(minutes).padStart(2, "0") + ":" + String(rest).padStart(2, "0");
  }

  function render() {
    const seconds = secondsLeft();
    const text = format(seconds);
    if (clock.textContent !== text) clock.textContent = text;
    clock.classList.toggle("is-paused", paused && seconds !== null);
    clock.classList.toggle("is-over", seconds === 0);
    clock.classList.toggle("is-idle", seconds === null);
    clock.classList.toggle("is-long", text.length > 5);
    clock.classList.toggle("is-warning", seconds !== null && seconds > 0 && seconds <= 300);
    let label = "";
    if (seconds === null) label = state.dataset.labelIdle;
    else if (paused) label = state.dataset.labelPaused;
    else if (seconds === 0) label = state.dataset.labelOver;
    else if (seconds <= 300 && state.dataset.labelWarning) label = state.dataset.labelWarning; // not by colour alone
    if (offline) label = (label ? label + " · " : "") + state.dataset.labelOffline;
    if (state.textContent !== label) state.textContent = label;
    document.title = text + " · " + box.dataset.title;
  }

  async function poll() {
    try {
      const response = await fetch(box.dataset.timerUrl, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
        cache: "no-store",
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = await response.json();
      remaining = body.remaining === null ? null : Number(body.remaining);
      paused = Boolean(body.paused);
      offline = false;
      // Deck building's clock became a round's (or back): the page shows the new title.
      if (typeof body.label === "string" && body.label !== (box.dataset.label || "")) {
        window.location.reload();
        return;
      }
      anchor();
    } catch (error) {
      offline = true; // keep counting down from what we knew
    }
    render();
    setTimeout(poll, POLL_MS);
  }

  if (fullscreen && document.documentElement.requestFullscreen) {
    fullscreen.hidden = false;
    fullscreen.addEventListener("click", function () {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(function () {});
    });
  }

  anchor();
  render();
  setInterval(render, 250); // a quarter second keeps the seconds ticking evenly
  setTimeout(poll, POLL_MS);
})();
