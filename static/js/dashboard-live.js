// Organiser dashboard: poll the current round and say when results change. The page is not
// replaced on its own, so a result being typed in a form is never lost.
(function () {
  "use strict";
  const notice = document.getElementById("live-notice");
  if (!notice) return;
  let known = null;
  async function poll() {
    try {
      const response = await fetch(notice.dataset.url, { credentials: "same-origin" });
      if (response.ok) {
        const round = await response.json();
        const state = JSON.stringify(round.tables.map((table) => [table.match, table.status]));
        if (known !== null && state !== known) notice.hidden = false;
        known = known === null ? state : known;
      }
    } finally {
      setTimeout(poll, 5000);
    }
  }
  poll();
})();
