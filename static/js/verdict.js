// The legality verdict as the server's validate endpoint returns it, drawn the same way wherever a
// list is checked live (the deck builder, the sealed pool picker). Loaded before those scripts.
(function () {
  "use strict";

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function itemList(entries, className, rulesUrl) {
    const list = element("ul", undefined, className);
    entries.forEach((entry) => {
      const item = element("li", entry.message);
      item.dataset.code = entry.code;
      if (entry.rule) {
        const rule = element("small", undefined, "rule");
        const link = element("a", entry.rule);
        link.href = rulesUrl + "#" + entry.anchor;
        rule.append(" (", entry.anchor && rulesUrl ? link : entry.rule, ")");
        item.appendChild(rule);
      }
      list.appendChild(item);
    });
    return list;
  }

  // labels: {legal, illegal}; suffix: extra text after the ruleset (e.g. the card count).
  function render(body, labels, options) {
    const settings = options || {};
    const box = element("div", undefined, "verdict " + (body.legal ? "legal" : "illegal"));
    if (settings.live) box.setAttribute("aria-live", "polite");
    const head = element("p", undefined, "verdict-head");
    head.appendChild(element("strong", body.legal ? labels.legal : labels.illegal));
    const suffix = settings.suffix ? " · " + settings.suffix : "";
    head.appendChild(document.createTextNode(" " + body.ruleset.name + " " + body.ruleset.version + suffix));
    box.appendChild(head);
    if (body.violations.length) box.appendChild(itemList(body.violations, "violations", settings.rulesUrl));
    // Headings and headers that are not cards are shown, never dropped (the server's notes).
    if (body.notes && body.notes.length) box.appendChild(itemList(body.notes, "notes"));
    return box;
  }

  window.Verdict = { element: element, render: render };
})();
