// Small behaviours every page shares, wired here so pages carry no inline script (Content-Security-Policy).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-print]");
    if (button) {
      event.preventDefault();
      window.print();
    }
  });
  document.addEventListener("change", function (event) {
    // requestSubmit fires the submit event, so other scripts (keeping the #anchor) still run.
    const form = event.target.matches("select[data-autosubmit]") ? event.target.form : null;
    if (form) form.requestSubmit ? form.requestSubmit() : form.submit();
  });
})();
