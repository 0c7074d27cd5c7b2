// Deck builder: live legality and counts while the list is edited. Without this file the
// page still works: Check and Save post the form, and + / − save a version each.
(function () {
  "use strict";
  const root = document.querySelector("[data-builder]");
  if (!root) return;
  const textarea = document.querySelector("#decklist-form textarea");
  const verdictBox = document.getElementById("live-verdict");
  const countsBox = document.getElementById("live-counts");
  const labels = JSON.parse(document.getElementById("builder-labels").textContent);
  const ranks = labels.ranks;
  const csrf = document.querySelector("#decklist-form [name=csrfmiddlewaretoken]").value;
  const label = (name) => root.dataset["label" + name.charAt(0).toUpperCase() + name.slice(1)];
  let timer = null;
  let sequence = 0;

  const element = window.Verdict.element;
  // "Champion: 30", "Champion\u00a0: 30" in French: the colon is spaced as the language spaces it.
  const labelled = (name, count) => (labels.colon || "%(label)s:").replace("%(label)s", name) + " " + count;

  // "1 card", "0 carte", "2 cards": the page's language picks the form (fr: 0 and 1 are singular).
  const plural = new Intl.PluralRules(document.documentElement.lang || "en");
  function cardCount(count) {
    const form = plural.select(count) === "one" ? "one" : "other";
    return labels.cards[form].replace("%(count)s", String(count));
  }

  function renderVerdict(body) {
    const verdictLabels = { legal: label("legal"), illegal: label("illegal") };
    const options = { live: true, rulesUrl: root.dataset.rulesUrl, suffix: cardCount(body.card_count) };
    verdictBox.replaceChildren(window.Verdict.render(body, verdictLabels, options));
  }

  function renderCounts(summary) {
    // Wheel order, every tribe shown (zeros too), like the server-rendered table.
    const tribes = labels.tribes.length ? labels.tribes : Object.keys(summary.by_tribe_rank);
    const table = element("table", undefined, "table counts-table");
    const head = element("tr");
    [label("tribe"), ...Object.values(ranks), label("total")].forEach((text) => head.appendChild(element("th", text)));
    table.appendChild(element("thead")).appendChild(head);
    const body = table.appendChild(element("tbody"));
    tribes.forEach((tribe) => {
      const row = element("tr");
      row.appendChild(element("th", tribe));
      const counts = summary.by_tribe_rank[tribe] || {};
      Object.keys(ranks).forEach((rank) => row.appendChild(element("td", String(counts[rank] || 0))));
      row.appendChild(element("td", String(summary.by_tribe[tribe] || 0)));
      body.appendChild(row);
    });
    const types = element("ul", undefined, "type-counts");
    Object.entries(summary.by_type).forEach(([type, count]) => types.appendChild(element("li", labelled(labels.types[type] || type, count))));
    const styles = element("ul", undefined, "type-counts style-counts");
    Object.entries(summary.by_style || {}).forEach(([style, count]) => styles.appendChild(element("li", labelled(labels.styles[style] || style, count))));
    countsBox.replaceChildren(...(tribes.length ? [table, types] : [types]), ...(styles.children.length ? [styles] : []));
  }

  async function check() {
    const mine = ++sequence;
    const response = await fetch(root.dataset.validateUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept-Language": document.documentElement.lang },
      credentials: "same-origin",
      body: JSON.stringify({ format: root.dataset.format, decklist: textarea.value, summary: true }),
    });
    if (mine !== sequence || !response.ok) return;
    const body = await response.json();
    renderVerdict(body);
    renderCounts(body.summary);
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(check, 350);
  }

  function changeCopies(name, delta) {
    const lines = textarea.value.split("\n");
    const pattern = /^\s*(\d+)\s*[xX]?\s+(.+?)(\s+\([^()\s]+\)\s*\S+)?\s*$/;
    const index = lines.findIndex((line) => {
      const match = line.match(pattern);
      return match && match[2].toLowerCase() === name.toLowerCase();
    });
    if (index === -1) {
      if (delta > 0) lines.push("1 " + name);
    } else {
      const match = lines[index].match(pattern);
      const qty = parseInt(match[1], 10) + delta;
      if (qty > 0) lines[index] = qty + " " + match[2] + (match[3] || "");
      else lines.splice(index, 1);
    }
    textarea.value = lines.join("\n").replace(/^\n+/, "");
    schedule();
  }

  document.addEventListener("click", (event) => {
    const add = event.target.closest("[data-add-card]");
    const remove = event.target.closest("[data-remove-card]");
    if (!add && !remove) return;
    event.preventDefault();
    changeCopies((add || remove).dataset[add ? "addCard" : "removeCard"], add ? 1 : -1);
  });
  textarea.addEventListener("input", schedule);
  check();
})();
