// The sealed pool picker: + and − change the copies at once (without this file they post the form),
// the picks are kept in localStorage until the deck is registered (a lost connection or a reload
// loses nothing), and the legality check follows every change when the connection allows.
(function () {
  "use strict";
  const form = document.querySelector("[data-pool-picker]");
  if (!form) return;
  const labels = JSON.parse(document.getElementById("picker-labels").textContent);
  const plural = new Intl.PluralRules(document.documentElement.lang || "en");
  const csrf = form.querySelector("[name=csrfmiddlewaretoken]").value;
  const note = document.getElementById("picker-note");
  const key = form.dataset.storageKey;
  const inputs = Array.from(form.querySelectorAll(".picker-card input[type=number]"));
  let timer = null;
  let sequence = 0;

  function pluralForm(count, forms) {
    return forms[plural.select(count) === "one" ? "one" : "other"];
  }

  const element = window.Verdict.element;

  function copies(input) {
    const value = parseInt(input.value, 10);
    return Number.isFinite(value) && value > 0 ? value : 0;
  }

  function picks() {
    const chosen = {};
    inputs.forEach((input) => {
      if (copies(input)) chosen[input.name.slice(5)] = copies(input);
    });
    return chosen;
  }

  function showNote(text) {
    note.textContent = text;
    note.hidden = !text;
  }

  function save() {
    try {
      localStorage.setItem(key, JSON.stringify({ base: form.dataset.base, picks: picks() }));
    } catch (error) {
      // Storage full or refused (private mode): the picks still live in the page.
    }
  }

  function restore() {
    let stored = null;
    try {
      stored = JSON.parse(localStorage.getItem(key) || "null");
    } catch (error) {
      stored = null;
    }
    // Picks made for another registered deck (registered since, elsewhere) are stale.
    if (!stored || stored.base !== form.dataset.base) {
      localStorage.removeItem(key);
      return false;
    }
    let changed = false;
    inputs.forEach((input) => {
      const wanted = String(stored.picks[input.name.slice(5)] || 0);
      if (input.value !== wanted) {
        input.value = wanted;
        changed = true;
      }
    });
    if (changed) showNote(form.dataset.labelRestored);
    return changed;
  }

  function refreshCounts() {
    let total = 0;
    let buildable = true;
    inputs.forEach((input) => {
      const pool = parseInt(input.max, 10);
      const picked = copies(input);
      total += picked;
      if (picked > pool) buildable = false;
      const left = input.closest(".picker-card").querySelector("[data-left]");
      left.textContent = pluralForm(pool, labels.left).replace("%(left)s", String(pool - picked)).replace("%(count)s", String(pool));
    });
    form.querySelectorAll(".picker-group").forEach((group) => {
      let sum = 0;
      group.querySelectorAll("input[type=number]").forEach((input) => (sum += copies(input)));
      group.querySelector("[data-group-picked]").textContent = String(sum);
    });
    document.getElementById("picked-count").textContent = pluralForm(total, labels.cards).replace("%(count)s", String(total));
    const badge = element("span", buildable ? form.dataset.labelBuildable : form.dataset.labelNotBuildable, "badge " + (buildable ? "ok" : "bad"));
    document.getElementById("buildable").replaceChildren(badge);
    const short = document.getElementById("picker-short");
    if (short) short.remove();
  }

  function renderVerdict(body) {
    const verdictLabels = { legal: form.dataset.labelLegal, illegal: form.dataset.labelIllegal };
    document.getElementById("picker-verdict").replaceChildren(window.Verdict.render(body, verdictLabels));
  }

  async function check() {
    const mine = ++sequence;
    const cards = Object.entries(picks()).map(([card, qty]) => ({ card: parseInt(card, 10), qty: qty }));
    if (!cards.length) {
      document.getElementById("picker-verdict").replaceChildren();
      return;
    }
    try {
      const response = await fetch(form.dataset.validateUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept-Language": document.documentElement.lang },
        credentials: "same-origin",
        body: JSON.stringify({ format: form.dataset.format, cards: cards, summary: false }),
      });
      if (mine !== sequence || !response.ok) return;
      renderVerdict(await response.json());
      if (note.textContent === form.dataset.labelOffline) showNote("");
    } catch (error) {
      if (mine === sequence) showNote(form.dataset.labelOffline);
    }
  }

  function changed() {
    refreshCounts();
    save();
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  }

  form.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (!button) return;
    event.preventDefault();
    const input = button.closest(".picker-card").querySelector("input[type=number]");
    const next = copies(input) + parseInt(button.dataset.step, 10);
    input.value = String(Math.max(0, Math.min(parseInt(input.max, 10), next)));
    changed();
  });
  form.addEventListener("input", (event) => {
    if (event.target.matches("input[type=number]")) changed();
  });
  form.addEventListener("submit", (event) => {
    if (!navigator.onLine) {
      event.preventDefault();
      showNote(form.dataset.labelOffline);
    }
  });
  window.addEventListener("online", check);
  window.addEventListener("offline", () => showNote(form.dataset.labelOffline));
  if (restore()) refreshCounts();
  check();
})();
