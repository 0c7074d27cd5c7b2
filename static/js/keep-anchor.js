// Switching language keeps the place on the page: the #anchor is added to where the switch returns,
// and to links marked data-keep-anchor (the rules page's other languages).
(function () {
  "use strict";
  function withHash(url) {
    var hash = window.location.hash;
    return hash && url.indexOf("#") === -1 ? url + hash : url;
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-keep-anchor]")) return;
    var next = form.querySelector("input[name=next]");
    if (next) next.value = withHash(next.value);
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-keep-anchor]") : null;
    if (link) link.href = withHash(link.getAttribute("href"));
  });
})();
