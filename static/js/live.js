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

  // One polite status line for the whole page: a swap is announced in a few words (the box's
  // data-live-message) rather than by reading the whole region again, and focus never moves.
  const announcer = document.createElement("p");
  announcer.className = "visually-hidden";
  announcer.setAttribute("role", "status");
  announcer.setAttribute("aria-live", "polite");
  document.body.appendChild(announcer);

  function announce(box) {
    if (!box.dataset.liveMessage) return;
    announcer.textContent = "";
    setTimeout(function () { announcer.textContent = box.dataset.liveMessage; }, 100);
  }

  function busy(box) {
    // Someone is typing in a form of this region: leave it alone until they are done.
    const active = document.activeElement;
    return active && box.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }

  // The element that has the keyboard's focus inside the box, found again in the new markup
  // (by id, else by its link or form target and its text), so a swap never drops the focus.
  function focusKey(box) {
    const active = document.activeElement;
    if (!active || active === box || !box.contains(active)) return null;
    return { id: active.id, tag: active.tagName, href: active.getAttribute("href"), text: active.textContent.trim(),
      action: active.form ? active.form.getAttribute("action") : null };
  }

  function findAgain(box, key) {
    if (key.id) return document.getElementById(key.id);
    return Array.from(box.querySelectorAll(key.tag)).find(function (node) {
      return node.getAttribute("href") === key.href && node.textContent.trim() === key.text
        && (node.form ? node.form.getAttribute("action") : null) === key.action;
    }) || null;
  }

  function swap(box, html) {
    const key = focusKey(box);
    box.innerHTML = html;
    if (key) {
      const again = findAgain(box, key);
      if (!again) box.setAttribute("tabindex", "-1"); // gone: the region itself keeps the focus
      (again || box).focus({ preventScroll: true });
    }
    announce(box);
  }

  async function refresh(box) {
    if (busy(box)) return;
    try {
      const headers = { "X-Requested-With": "fetch" };
      if (tags.has(box)) headers["If-None-Match"] = tags.get(box);
      // no-store: the browser passes our If-None-Match through and hands a 304 to us as is.
      const response = await fetch(box.dataset.live, { credentials: "same-origin", cache: "no-store", headers });
      if (response.status === 304) {
        answered(box);
        return;
      }
      if (!response.ok) return;
      const tag = response.headers.get("ETag");
      if (tag) tags.set(box, tag);
      else tags.delete(box);
      const html = (await response.text()).trim();
      if (last.get(box) !== html) {
        last.set(box, html);
        swap(box, html);
        box.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
      }
      answered(box);
    } catch (error) {
      box.setAttribute("data-live-stale", "");
      box.dispatchEvent(new CustomEvent("live:failed", { bubbles: true })); // offline.js says so
    }
  }

  function answered(box) {
    box.removeAttribute("data-live-stale");
    box.dispatchEvent(new CustomEvent("live:checked", { bubbles: true }));
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
  window.addEventListener("online", tick); // back from a dead spot: catch up at once
})();
