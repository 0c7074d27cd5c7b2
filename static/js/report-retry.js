// The phone's report, confirm and dispute forms (form[data-queue]): each is kept on the phone
// (localStorage) under an Idempotency-Key before it is sent, and sent again with the same key until
// the site answers: after a dropped connection, a restarted server, or the tab closed and opened
// again. The key makes it count once. The player sees each one's state: not sent yet, sent,
// confirmed by the opponent, or the site's refusal with what to do (nothing is overwritten then).
// Without JavaScript the forms post as usual. No libraries.
(function () {
  "use strict";
  const list = document.getElementById("report-queue");
  if (!list || !window.fetch || !window.localStorage || !window.gettext) return;
  const STORE = "report-queue:" + list.dataset.user;
  const RETRY_MS = 10000; // at most, while something waits; at once when the connection returns
  let sending = false;
  let attempt = 0;
  let retryTimer = null;

  function load() {
    try {
      return JSON.parse(localStorage.getItem(STORE) || "[]");
    } catch (error) {
      return [];
    }
  }

  function save(items) {
    localStorage.setItem(STORE, JSON.stringify(items));
  }

  function update(key, changes) {
    save(load().map((item) => (item.key === key ? Object.assign(item, changes) : item)));
    render();
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }

  // The match this page shows now and its state (templates/tournaments/_me_live.html).
  function current() {
    const card = document.querySelector("[data-match-status]");
    return card ? { match: card.dataset.match, status: card.dataset.matchStatus } : {};
  }

  // What to do after a refusal, by its code (tournaments/services/results_reports.py).
  const overtaken = () => gettext("Nothing was changed. Check the result on this page; if it is wrong, call a judge.");
  const moved = () => gettext("Nothing was recorded. Check your new table on this page and report the result there.");
  const ADVICE = {
    "report.closed": overtaken,
    "report.round_over": overtaken,
    "report.table_gone": moved,
    "report.players_only": moved,
    "report.players_only_confirm": moved,
    "report.players_only_dispute": moved,
    "report.logged_out": () => "",
  };

  function stateText(item, now) {
    if (item.state === "refused") {
      const advice = item.code ? (ADVICE[item.code] || (() => gettext("Check it and send it again.")))() : "";
      return interpolate(gettext("Not recorded: %(reason)s %(advice)s"), { reason: item.message, advice }, true);
    }
    if (item.state === "sent") {
      if (now.match === item.match && now.status === "confirmed") {
        return item.kind === "report" ? gettext("Confirmed by your opponent.") : gettext("Confirmed.");
      }
      return gettext("Sent.");
    }
    return gettext("Not sent yet: it is sent when the connection returns.");
  }

  const KIND = {
    report: () => gettext("Your result"),
    confirm: () => gettext("Your confirmation"),
    dispute: () => gettext("Your dispute"),
  };

  function render() {
    const now = current();
    // Sent ones of an earlier table are done with; a refusal stays until the player has read it.
    const items = load().filter((item) => item.state !== "sent" || item.match === now.match);
    save(items);
    list.replaceChildren(...items.map((item) => line(item, now)));
    list.hidden = !items.length;
    // Each form says in place what became of the last thing sent from it.
    document.querySelectorAll("form[data-queue]").forEach((form) => {
      const status = form.querySelector(".report-status");
      const mine = items.filter((item) => item.match === form.dataset.match && item.kind === form.dataset.queue).pop();
      if (status) {
        status.textContent = mine ? stateText(mine, now) : "";
        status.hidden = !mine;
      }
    });
  }

  function line(item, now) {
    const li = document.createElement("li");
    li.className = "report-queue-" + item.state;
    li.dataset.key = item.key;
    const what = document.createElement("strong");
    what.textContent = [KIND[item.kind](), item.what, item.score].filter(Boolean).join(" · ");
    li.append(what, " ", stateText(item, now));
    if (item.state === "refused") {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link";
      button.textContent = gettext("Dismiss");
      button.addEventListener("click", () => {
        save(load().filter((other) => other.key !== item.key));
        render();
      });
      li.append(" ", button);
    }
    return li;
  }

  function score(form) {
    const numbers = Array.from(form.querySelectorAll("input[type=number]:not([name=draws])")).map((input) => input.value);
    return numbers.join("–");
  }

  const filled = new Map(); // report forms sent from this page, by key: still filled in

  function enqueue(form) {
    const kind = form.dataset.queue;
    const item = {
      key: newKey(),
      kind,
      url: form.action,
      done: form.dataset.done,
      match: form.dataset.match,
      what: form.dataset.what,
      score: kind === "report" && !("sheet" in form.dataset) ? score(form) : "",
      body: Array.from(new FormData(form).entries()),
      state: "waiting",
    };
    // A newer report of the same kind for the same table replaces one not sent yet.
    const others = load().filter((other) => !(other.state === "waiting" && other.match === item.match && other.kind === kind));
    save(others.concat([item]));
    if (kind === "report") filled.set(item.key, form);
    render();
  }

  // One answer of the site for an item: sent (the form's answer is a redirect to the player's page),
  // refused (a JSON reason), or nothing to go on (the network, 409 in flight, 5xx): later.
  async function send(item) {
    let response;
    try {
      response = await fetch(item.url, {
        method: "POST",
        body: new URLSearchParams(item.body),
        headers: { "Idempotency-Key": item.key, "X-Requested-With": "fetch" },
        credentials: "same-origin",
        redirect: "manual", // followed, the redirect would use up the message the page shows next
      });
    } catch (error) {
      return { later: null };
    }
    // Taken: the form's answer is a redirect to the player's page (a refusal is JSON).
    if (response.type === "opaqueredirect") return "sent";
    const json = (response.headers.get("Content-Type") || "").includes("json");
    const answer = json ? await response.json().catch(() => ({})) : {};
    if (response.status >= 500 || response.status === 429 || (response.status === 409 && !answer.code)) {
      return { later: response.headers.get("Retry-After") };
    }
    if (response.status === 403 && !json) {
      return refuse(item, "", gettext("This phone's session changed since it was kept: send it again."));
    }
    // A report refused for bad input (the refusal names a field) while its form is still open: post it
    // plainly, so the page shows it again with the error summary and the field at fault marked, as
    // every form does (nothing was stored, so it cannot count twice). Other refusals stay in the list.
    const named = Object.keys(answer.errors || {}).some((field) => field !== "non_field_errors");
    if (response.status === 400 && named && filled.has(item.key)) {
      save(load().filter((other) => other.key !== item.key));
      HTMLFormElement.prototype.submit.call(filled.get(item.key));
      return "reposted";
    }
    return refuse(item, answer.code || "", answer.message || gettext("The site refused it."));
  }

  function refuse(item, code, message) {
    update(item.key, { state: "refused", code, message });
    return "refused";
  }

  // Soon after a blip (the site's Retry-After, else 1, 2, 4, 8 s), then every RETRY_MS.
  function later(retryAfter) {
    const seconds = parseInt(retryAfter || "", 10);
    const delay = seconds > 0 ? seconds * 1000 : Math.min(1000 * 2 ** attempt, RETRY_MS);
    attempt += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, delay);
  }

  async function flush() {
    if (sending || navigator.onLine === false) return;
    sending = true;
    try {
      for (const item of load().filter((each) => each.state === "waiting")) {
        const outcome = await send(item);
        if (outcome.later !== undefined) {
          later(outcome.later);
          break;
        }
        attempt = 0;
        if (outcome === "reposted") return;
        if (outcome === "sent") {
          update(item.key, { state: "sent" });
          // The player's page shows what the site made of it (and says so in its message).
          window.location.assign(item.done);
          return;
        }
      }
    } finally {
      sending = false;
    }
  }

  // Delegated: the live page swaps its regions in place.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches || !form.matches("form[data-queue]")) return;
    event.preventDefault();
    enqueue(form);
    attempt = 0;
    flush();
  });

  document.addEventListener("live:updated", render);
  window.addEventListener("online", flush);
  setInterval(() => {
    if (!document.hidden && load().some((item) => item.state === "waiting")) flush();
  }, RETRY_MS);
  render();
  flush();
})();
