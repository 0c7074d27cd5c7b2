// Hall projector: show one screen of pairings at a time and turn to the next every
// data-page-seconds (15 s). live.js swaps in new pairings; the turning goes on from the same
// screen number. Without JavaScript every screen shows, one under the other.
(function () {
  "use strict";
  const box = document.querySelector(".projector-pairings");
  if (!box) return;
  const seconds = Number(box.dataset.pageSeconds) || 15;
  let current = 0;

  function show() {
    const screens = Array.from(box.querySelectorAll(".projector-screen"));
    if (!screens.length) return;
    current = current % screens.length;
    screens.forEach(function (screen, index) { screen.hidden = index !== current; });
  }

  box.addEventListener("live:updated", show);
  show();
  setInterval(function () {
    current += 1;
    show();
  }, seconds * 1000);
})();
