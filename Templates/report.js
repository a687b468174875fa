// ResultBundle report: optional filtering. Every page works without it.
(function () {
  "use strict";
  function text(node) { return (node.textContent || "").toLowerCase(); }
  function statusGroup(status) {
    if (status === "failed" || status === "crashed" || status === "timedOut" || status === "interrupted") return "failed";
    if (status === "passed" || status === "warning") return "passed";
    if (status === "skipped") return "skipped";
    return "other";
  }
  document.querySelectorAll("form").forEach(function (form) {
    form.addEventListener("submit", function (event) { event.preventDefault(); });
  });

  // Filter rows of the current page.
  var filter = document.querySelector("[data-filter-input]");
  if (filter) {
    var rows = Array.prototype.slice.call(document.querySelectorAll("table.tests tbody tr"));
    filter.addEventListener("input", function () {
      var query = filter.value.toLowerCase();
      rows.forEach(function (row) { row.classList.toggle("hidden", query !== "" && text(row).indexOf(query) < 0); });
    });
  }

  // The index page's search is in search.js (loaded by the index page only).
})();
