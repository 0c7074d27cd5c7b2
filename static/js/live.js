// Live pages: every 10 s, re-fetch the part of the page marked data-live="<url>" (the same
// page with ?fragment=1) and swap it in when it changed. The server tags each fragment with an
// ETag; sending it back as If-None-Match makes "nothing changed" a bodiless 304 that costs the
// server no rendering. No libraries, no CDN.
(function () {
  "use strict";
  const INTERVAL_MS = 10000;
  const boxes = Array.from(document.querySelectorAll("[data-live]"));
  if (!boxes.length || !window.fetch) return;
  const last = new Map();
  const tags = new Map(); // box -> ETag of the fragment it shows

  function busy(box) {
    // Someone is typing in a form of this region: leave it alone until they are done.
    const active = document.activeElement;
    return active && box.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }

  async function refresh(box) {
    if (busy(box)) return;
    try {
      const headers = { "X-Requested-With": "fetch" };
      if (tags.has(box)) headers["If-None-Match"] = tags.get(box);
      // no-store: the browser passes our If-None-Match through and hands a 304 to us as is.
      const response = await fetch(box.dataset.live, { credentials: "same-origin", cache: "no-store", headers });
      if (response.status === 304) {
        box.removeAttribute("data-live-stale");
        return;
      }
      if (!response.ok) return;
      const tag = response.headers.get("ETag");
      if (tag) tags.set(box, tag);
      else tags.delete(box);
      const html = (await response.text()).trim();
      if (last.get(box) !== html) {
        last.set(box, html);
        box.innerHTML = html;
        box.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
      }
      box.removeAttribute("data-live-stale");
    } catch (error) {
      box.setAttribute("data-live-stale", "");
    }
  }

  function tick() {
    if (document.hidden) return; // nobody is looking: no requests
    boxes.forEach(refresh);
  }

  boxes.forEach(function (box) {
    last.set(box, box.innerHTML.trim());
    if (box.dataset.liveEtag) tags.set(box, box.dataset.liveEtag); // the fragment the page came with
  });
  setInterval(tick, INTERVAL_MS);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) tick();
  });
})();
