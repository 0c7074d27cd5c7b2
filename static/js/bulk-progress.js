// Polls a bulk validation's progress and reloads the page when it is finished.
(function () {
  "use strict";
  const box = document.getElementById("bulk-progress");
  if (!box || !["pending", "running"].includes(box.dataset.status)) return;
  const bar = document.getElementById("bulk-bar");
  const count = document.getElementById("bulk-count");
  // The count as the page writes it ("1 500 / 12 000" in French); the bar's own max and value stay numbers.
  const grouped = new Intl.NumberFormat(document.documentElement.lang || undefined);
  async function poll() {
    const response = await fetch(box.dataset.progressUrl, { credentials: "same-origin" });
    if (response.ok) {
      const state = await response.json();
      bar.max = state.total;
      bar.value = state.done;
      count.textContent = grouped.format(state.done) + " / " + grouped.format(state.total);
      if (state.status === "done" || state.status === "failed") {
        window.location.reload();
        return;
      }
    }
    setTimeout(poll, 1000);
  }
  setTimeout(poll, 500);
})();
