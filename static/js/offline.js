// The player's page without a connection: registers the service worker (static/js/sw.js) that
// keeps this page and its files, and shows a polite banner while the connection is gone, with the
// time this page was last known to be current. Reports made meanwhile: static/js/report-retry.js.
(function () {
  "use strict";
  const banner = document.getElementById("offline-banner");
  if (!banner || !window.gettext) return;
  const box = document.querySelector("[data-live]");
  const copy = document.documentElement.dataset.offlineCopy;
  // The time the page's content was last known to be current: when it was loaded, or when the
  // live part last got an answer; a copy kept by the service worker carries its own.
  let lastUpdated = copy ? new Date(copy) : new Date();
  let offline = Boolean(copy) || navigator.onLine === false;

  function clock(date) {
    return date.toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
  }

  function show() {
    banner.hidden = !offline;
    banner.textContent = offline
      ? interpolate(gettext("You are offline. Last updated %(time)s. Results you send are kept on this phone and sent when the connection returns."), { time: clock(lastUpdated) }, true)
      : "";
  }

  function keep(urls) {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    navigator.serviceWorker.controller.postMessage({ keep: urls });
  }

  function ownFiles() {
    const files = Array.from(document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=icon]"))
      .map((node) => node.src || node.href);
    return [location.pathname].concat(files.filter((url) => new URL(url).origin === location.origin));
  }

  if (navigator.serviceWorker && window.isSecureContext) {
    // Under the worker's control the page and its files were kept as they loaded; the first
    // visit loads before the worker runs, so it asks for them once the worker takes over.
    if (!navigator.serviceWorker.controller) {
      navigator.serviceWorker.addEventListener("controllerchange", () => keep(ownFiles()), { once: true });
    }
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  }

  window.addEventListener("offline", () => { offline = true; show(); });
  window.addEventListener("online", () => { if (box) return; offline = false; show(); });
  document.addEventListener("live:checked", () => {
    offline = false;
    lastUpdated = new Date();
    show();
  });
  document.addEventListener("live:failed", () => { offline = true; show(); });
  // The page changed: the copy the worker keeps must be the new one.
  document.addEventListener("live:updated", () => keep([location.pathname]));
  show();
})();
