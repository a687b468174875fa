// ResultBundle report: optional filtering and search. Every page works without it.
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
    var rows = Array.prototype.slice.call(document.querySelectorAll("tr[data-status]"));
    filter.addEventListener("input", function () {
      var query = filter.value.toLowerCase();
      rows.forEach(function (row) { row.classList.toggle("hidden", query !== "" && text(row).indexOf(query) < 0); });
    });
  }

  // Search every test from the index, loading the search chunks on first use.
  var input = document.querySelector("[data-search-input]");
  if (!input) return;
  var section = document.querySelector("[data-search-chunks]");
  var chunkCount = parseInt(section.getAttribute("data-search-chunks"), 10) || 0;
  var status = document.querySelector("[data-search-status]");
  var results = document.querySelector("[data-search-results]");
  var boxes = Array.prototype.slice.call(document.querySelectorAll("[data-status-filter]"));
  var failureItems = Array.prototype.slice.call(document.querySelectorAll(".failure[data-status]"));
  var loaded = 0, requested = false;
  window.ResultBundleSearch = window.ResultBundleSearch || [];
  status.textContent = "Results appear as you type; names match anywhere, in any case.";

  function allowed() {
    var set = {};
    boxes.forEach(function (box) { if (box.checked) set[box.getAttribute("data-status-filter")] = true; });
    return set;
  }
  function render() {
    var query = input.value.toLowerCase();
    var set = allowed();
    failureItems.forEach(function (item) {
      var visible = set[statusGroup(item.getAttribute("data-status"))] && (query === "" || text(item).indexOf(query) >= 0);
      item.classList.toggle("hidden", !visible);
    });
    while (results.firstChild) results.removeChild(results.firstChild);
    if (query === "") { status.textContent = ""; return; }
    var shown = 0, matched = 0;
    window.ResultBundleSearch.forEach(function (chunk) {
      chunk.forEach(function (entry) {
        // entry: [name, status, href]
        if (!set[statusGroup(entry[1])]) return;
        if (entry[0].toLowerCase().indexOf(query) < 0) return;
        matched++;
        if (shown >= 200) return;
        shown++;
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = entry[2];
        link.textContent = entry[0];
        var badge = document.createElement("span");
        badge.className = "s-" + statusGroup(entry[1]);
        badge.textContent = " " + entry[1];
        item.appendChild(link);
        item.appendChild(badge);
        results.appendChild(item);
      });
    });
    status.textContent = matched + " matching test(s)" + (matched > shown ? ", first " + shown + " shown" : "") +
      (loaded < chunkCount ? " (still loading)" : "");
  }
  function load() {
    if (requested) return;
    requested = true;
    for (var index = 1; index <= chunkCount; index++) {
      var script = document.createElement("script");
      script.src = "search/" + index + ".js";
      script.onload = function () { loaded++; render(); };
      document.body.appendChild(script);
    }
  }
  input.addEventListener("input", function () { load(); render(); });
  boxes.forEach(function (box) { box.addEventListener("change", render); });
})();

// --- Test page (issue 22.1): Escape closes an enlarged attachment image. The zoom itself is CSS (`.shot:target`)
// and works without this; the key only follows the view's own Close link. ---
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var open = document.querySelector(".shot:target");
    var close = open && open.querySelector("a.close");
    if (close) { event.preventDefault(); close.click(); }
  });
})();
// --- end of test page block ---
