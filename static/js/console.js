// Organiser's console: "Enter result…" opens the table's form in place (fetched when clicked,
// never built for every table). Without this script the link opens the table's own page.
(function () {
  "use strict";
  document.addEventListener("click", async (event) => {
    const link = event.target.closest("a[data-fragment]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const row = link.closest("tr");
    const open = row.nextElementSibling;
    event.preventDefault();
    if (open && open.classList.contains("table-open")) {
      open.remove();
      link.setAttribute("aria-expanded", "false");
      return;
    }
    const url = new URL(link.href);
    url.searchParams.set("fragment", "1");
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      const panel = document.createElement("tr");
      panel.className = "table-open";
      const cell = document.createElement("td");
      cell.colSpan = row.children.length;
      cell.innerHTML = await response.text();
      panel.appendChild(cell);
      row.after(panel);
      link.setAttribute("aria-expanded", "true");
      const first = cell.querySelector("input:not([type=hidden]), select, button");
      if (first) first.focus();
    } catch (error) {
      window.location.href = link.href;
    }
  });
})();
