// The phone's report form: sent with an Idempotency-Key, and sent again on its own with the same key
// when the network or the site's database drops (503), so a report is never lost and never counted
// twice. Without JavaScript the form posts as usual. No libraries.
(function () {
  "use strict";
  const ATTEMPTS = 8; // about 40 s in all
  if (!window.fetch) return;

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }

  function retryDelay(attempt, retryAfter) {
    const seconds = parseInt(retryAfter || "", 10);
    return (seconds > 0 ? seconds : Math.min(2 ** attempt, 8)) * 1000;
  }

  function submit(form) {
    const status = form.querySelector(".report-status");
    const button = form.querySelector("button[type=submit]");
    const body = new FormData(form);
    const headers = { "Idempotency-Key": newKey() };

    function say(text) {
      status.textContent = text;
      status.hidden = !text;
    }

    function later(attempt, retryAfter) {
      if (attempt + 1 >= ATTEMPTS) {
        say(form.dataset.failed);
        button.disabled = false;
        return;
      }
      say(form.dataset.retrying);
      setTimeout(() => send(attempt + 1), retryDelay(attempt, retryAfter));
    }

    async function send(attempt) {
      let response;
      try {
        // The answer is a redirect to the player's page, which then shows the outcome.
        response = await fetch(form.action, { method: "POST", body, headers, credentials: "same-origin", redirect: "manual" });
      } catch (error) {
        later(attempt);
        return;
      }
      if (response.type === "opaqueredirect" || response.ok) {
        window.location.assign(form.dataset.done);
        return;
      }
      // A score sheet the site refused: let the page itself show it again, the field at fault marked
      // (nothing was stored, so the plain post cannot count twice).
      if (response.status === 400 && "sheet" in form.dataset) {
        HTMLFormElement.prototype.submit.call(form);
        return;
      }
      // 409 without a code: the first request with this key is still running.
      const answer = response.status === 409 ? await response.json().catch(() => ({})) : {};
      if (response.status >= 502 || (response.status === 409 && !answer.code)) {
        later(attempt, response.headers.get("Retry-After"));
        return;
      }
      say(answer.message || form.dataset.failed);
      button.disabled = false;
    }

    button.disabled = true;
    say("");
    send(0);
  }

  // Delegated: the live page swaps its regions in place.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches || !form.matches("form.report-form[data-done]")) return;
    event.preventDefault();
    submit(form);
  });
})();
