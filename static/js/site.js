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

  // A select that submits its form: chosen with a pointer it submits at once; moved through with
  // the keyboard's arrows it waits for Enter, so browsing the options never leaves the page
  // (WCAG 3.2.2, On Input).
  function submit(form) {
    // requestSubmit fires the submit event, so other scripts (keeping the #anchor) still run.
    if (form) form.requestSubmit ? form.requestSubmit() : form.submit();
  }
  document.addEventListener("keydown", function (event) {
    const select = event.target.closest && event.target.closest("select[data-autosubmit]");
    if (!select) return;
    if (event.key === "Enter") {
      event.preventDefault();
      submit(select.form);
    } else if (event.key !== "Tab" && event.key !== "Shift") {
      select.dataset.keyed = "true";
    }
  });
  document.addEventListener("change", function (event) {
    const select = event.target.matches("select[data-autosubmit]") ? event.target : null;
    if (!select) return;
    if (select.dataset.keyed === "true") return;
    submit(select.form);
  });
  document.addEventListener("pointerdown", function (event) {
    const select = event.target.closest && event.target.closest("select[data-autosubmit]");
    if (select) delete select.dataset.keyed;
  });

  // A box that scrolls sideways (a wide table on a phone) takes the keyboard's focus when nothing
  // inside it can, so arrow keys scroll it (WCAG 2.1.1).
  const SCROLLERS = ".table-box, .scroll-x, .table, pre, .bracket";
  const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
  function focusableScrollers() {
    document.querySelectorAll(SCROLLERS).forEach(function (box) {
      const scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("tabindex") && !box.querySelector(FOCUSABLE)) {
        box.tabIndex = 0;
        box.dataset.scrollFocus = "true";
      } else if (!scrolls && box.dataset.scrollFocus) {
        box.removeAttribute("tabindex");
        delete box.dataset.scrollFocus;
      }
    });
  }
  let pending = false;
  function soon() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; focusableScrollers(); });
  }
  focusableScrollers();
  window.addEventListener("resize", soon);
  // Scripts draw tables after load (the deck builder, live regions): look again when they do.
  const main = document.querySelector("main");
  if (main && window.MutationObserver) new MutationObserver(soon).observe(main, { childList: true, subtree: true });

  // After a failed submit the form's error summary takes the focus, so it is read out first; its
  // links put the focus in the field they name (a fragment link alone would only scroll).
  const summary = document.querySelector("[data-error-summary]");
  if (summary) {
    summary.focus();
    summary.addEventListener("click", function (event) {
      const link = event.target.closest("a[href^='#']");
      const field = link && document.getElementById(link.getAttribute("href").slice(1));
      if (!field) return;
      event.preventDefault();
      field.focus();
    });
  }
})();
