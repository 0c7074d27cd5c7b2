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
    if (event.target.matches("select[data-autosubmit]")) event.target.form.submit();
  });
})();
