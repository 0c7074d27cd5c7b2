// A score sheet's running sums (templates/tournaments/_score_sheet.html): each column with a sum shows
// what its boxes add up to as they are typed, marked when it cannot be right (a round is exactly 8
// tricks; at most 4 Dust cards). Only a hint: the site checks the sheet when it is sent. No libraries.
(function () {
  "use strict";

  function refresh(table) {
    table.querySelectorAll("output.sheet-sum").forEach((output) => {
      const column = parseInt(output.dataset.column, 10);
      const limit = parseInt(output.dataset.limit, 10);
      let sum = 0;
      table.querySelectorAll(`tbody tr td:nth-of-type(${column}) input[type=number]`).forEach((input) => {
        const value = parseInt(input.value, 10);
        if (value > 0) sum += value;
      });
      output.textContent = `${sum} / ${limit}`;
      const wrong = "exact" in output.dataset ? sum !== limit : sum > limit;
      output.classList.toggle("wrong", wrong);
    });
  }

  // Delegated: the player's live page swaps its regions in place.
  document.addEventListener("input", (event) => {
    const table = event.target.closest && event.target.closest("form.score-sheet table.sheet-table");
    if (table) refresh(table);
  });
})();
