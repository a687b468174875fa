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

  // Filter rows of the current page. The boxes are hidden in the page (a box without this script would accept
  // typing and do nothing) and shown here; each filters the rows of its own page (a single-file report holds
  // several list pages, each a section).
  document.querySelectorAll("[data-needs-script]").forEach(function (element) { element.hidden = false; });
  document.querySelectorAll("[data-filter-input]").forEach(function (filter) {
    var scope = filter.closest("section.page") || document;
    var rows = Array.prototype.slice.call(scope.querySelectorAll("table.tests tbody tr"));
    filter.addEventListener("input", function () {
      var query = filter.value.toLowerCase();
      rows.forEach(function (row) { row.classList.toggle("hidden", query !== "" && text(row).indexOf(query) < 0); });
    });
  });

  // The index page's search is in search.js (loaded by the index page only).
})();

// ---- Overview and shell (issue 22, item 1): keyboard shortcuts. ----
// j/n: next failure, k/p: previous failure, /: the search or filter box, ?: this list. Keys typed into a field,
// or with Ctrl, Alt or Meta, are left alone.
(function () {
  "use strict";
  var failureSelector = [".failure[data-status] a.name"].concat(
    ["failed", "crashed", "timedOut", "interrupted"].map(function (status) {
      return "tr:has(> td." + status + ") > td:first-child a";
    })).join(", ");
  var help = null;

  function typing(target) {
    if (!target || !target.tagName) return false;
    var tag = target.tagName.toLowerCase();
    return tag === "input" || tag === "textarea" || tag === "select" || target.isContentEditable;
  }
  function visible(element) {
    return element.getClientRects().length > 0;
  }
  function failures() {
    return Array.prototype.slice.call(document.querySelectorAll(failureSelector)).filter(visible);
  }
  function move(step) {
    var targets = failures();
    if (!targets.length) return;
    var current = targets.indexOf(document.activeElement);
    var next;
    if (current >= 0) {
      next = Math.min(targets.length - 1, Math.max(0, current + step));
    } else {
      // From elsewhere on the page: the first failure after (or the last before) the focused element.
      var from = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
      next = step > 0 ? 0 : targets.length - 1;
      if (from) {
        for (var index = 0; index < targets.length; index++) {
          var after = from.compareDocumentPosition(targets[index]) & Node.DOCUMENT_POSITION_FOLLOWING;
          if (after) { next = step > 0 ? index : Math.max(0, index - 1); break; }
        }
      }
    }
    targets[next].focus();
    targets[next].scrollIntoView({ block: "center" });
  }
  // The index's search box is shown by search.js, which runs after this script: it counts as there.
  function searchBox() {
    var filter = document.querySelector("[data-filter-input]");
    return document.querySelector("[data-search-input]") || (filter && !filter.closest("[hidden]") ? filter : null);
  }
  // What this page offers: j/k only where it lists failures, / only where it has a search or filter box (a test
  // page has neither, and advertising them there would promise keys that do nothing).
  var hasFailures = document.querySelector(failureSelector) !== null;
  var hasBox = searchBox() !== null;
  var boxWord = document.querySelector("[data-search-input]") ? "search" : "filter";
  function focusSearch() {
    var box = searchBox();
    if (!box) return false;
    box.focus();
    box.select();
    return true;
  }
  function toggleHelp() {
    if (!help) {
      help = document.createElement("dialog");
      help.className = "shortcuts";
      help.setAttribute("aria-labelledby", "shortcuts-heading");
      var heading = document.createElement("h2");
      heading.id = "shortcuts-heading";
      heading.textContent = "Keyboard shortcuts";
      var list = document.createElement("dl");
      var keys = [];
      if (hasFailures) keys.push(["j or n", "next failure"], ["k or p", "previous failure"]);
      if (hasBox) keys.push(["/", boxWord]);
      keys.push(["?", "show or hide this list"], ["Esc", "close it"]);
      keys.forEach(function (pair) {
        var key = document.createElement("dt");
        var kbd = document.createElement("kbd");
        kbd.textContent = pair[0];
        key.appendChild(kbd);
        var what = document.createElement("dd");
        what.textContent = pair[1];
        list.appendChild(key);
        list.appendChild(what);
      });
      var close = document.createElement("button");
      close.type = "button";
      close.className = "dialog-close";
      close.textContent = "Close";
      close.addEventListener("click", function () { help.close(); });
      help.appendChild(heading);
      help.appendChild(list);
      help.appendChild(close);
      document.body.appendChild(help);
    }
    if (help.open) help.close(); else help.showModal();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey || typing(event.target)) return;
    var handled = true;
    switch (event.key) {
      case "j": case "n": handled = hasFailures; move(1); break;
      case "k": case "p": handled = hasFailures; move(-1); break;
      case "/": handled = focusSearch(); break;
      case "?": toggleHelp(); break;
      default: handled = false;
    }
    if (handled) event.preventDefault();
  });

  // A visible hint, only when this script runs (the shortcuts need it).
  var header = document.querySelector("header.top");
  if (header) {
    var hint = document.createElement("p");
    hint.className = "shortcut-hint";
    hint.setAttribute("data-shortcut-hint", "");
    hint.appendChild(document.createTextNode("Keys: "));
    var pairs = [];
    if (hasFailures) pairs.push(["j", "/"], ["k", " next/previous failure, "]);
    if (hasBox) pairs.push(["/", " " + boxWord + ", "]);
    pairs.push(["?", " help"]);
    pairs.forEach(function (pair) {
      var kbd = document.createElement("kbd");
      kbd.textContent = pair[0];
      hint.appendChild(kbd);
      hint.appendChild(document.createTextNode(pair[1]));
    });
    header.appendChild(hint);
  }
})();

// ---- Overview and shell (issue 22, item 1): copy-link buttons. ----
// Every element with data-permalink (a relative href, such as tests/x-abc.html or all-3.html#t-abc) gets a
// "Copy link" button that copies the absolute URL; the element keeps its ordinary link for pages without script.
(function () {
  "use strict";
  var targets = document.querySelectorAll("[data-permalink]");
  if (!targets.length) return;
  var live = document.createElement("p");
  live.className = "sr-only";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("data-copy-status", "");
  document.body.appendChild(live);

  function announce(message) {
    live.textContent = "";
    window.setTimeout(function () { live.textContent = message; }, 30);
  }
  function fallback(button, url) {
    var field = button.nextElementSibling;
    if (!field || !field.classList.contains("copy-fallback")) {
      field = document.createElement("input");
      field.type = "text";
      field.readOnly = true;
      field.className = "copy-fallback";
      field.setAttribute("aria-label", "Link to copy");
      button.parentNode.insertBefore(field, button.nextSibling);
    }
    field.value = url;
    field.focus();
    field.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    announce(copied ? "Link copied" : "Link selected: press Ctrl+C or \u2318C to copy it");
  }
  Array.prototype.forEach.call(targets, function (target) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy-link";
    button.textContent = "Copy link";
    button.addEventListener("click", function () {
      var url = new URL(target.getAttribute("data-permalink"), window.location.href).href;
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url).then(function () { announce("Link copied"); },
          function () { fallback(button, url); });
      } else {
        fallback(button, url);
      }
    });
    var heading = target.querySelector("a.name");
    var anchor = heading || target.firstElementChild;
    if (anchor && anchor.parentNode === target) target.insertBefore(button, anchor.nextSibling);
    else target.appendChild(button);
  });
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
// ---- Coverage pages: the tree filtered and re-sorted in place, and n/p (or j/k) between a file's uncovered
// stretches. Both pages are complete without it: the orders are pages of their own and the stretches are linked. ----
(function () {
  "use strict";
  var tree = document.querySelector("[data-cov-tree]");
  var form = document.querySelector("[data-cov-filter]");
  if (tree && form) {
    form.hidden = false;
    var input = form.querySelector("[data-cov-filter-input]");
    var status = form.querySelector("[data-cov-filter-status]");
    var files = Array.prototype.slice.call(tree.querySelectorAll("li.cov-file"));
    var nodes = Array.prototype.slice.call(tree.querySelectorAll("li:not(.cov-file)"));
    var timer = null;
    var filter = function () {
      var query = input.value.toLowerCase();
      var shown = 0;
      files.forEach(function (file) {
        var match = query === "" || file.getAttribute("data-path").toLowerCase().indexOf(query) >= 0;
        file.hidden = !match;
        if (match) shown++;
      });
      // Innermost first, so a module sees its folders' answers: a node without a shown file is hidden.
      for (var index = nodes.length - 1; index >= 0; index--) {
        var any = nodes[index].querySelector("li.cov-file:not([hidden])") !== null;
        nodes[index].hidden = !any;
        var details = nodes[index].firstElementChild;
        if (query !== "" && details && details.tagName === "DETAILS") details.open = any;
      }
      status.textContent = query === "" ? "" : shown + " of " + files.length + " files";
    };
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(filter, 120); });

    var name = function (node) {
      return node.getAttribute("data-path") || (node.querySelector(".node-name") || node).textContent;
    };
    var orders = {
      "coverage.html": function (a, b) { return name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0; },
      "coverage-by-coverage.html": function (a, b) {
        var left = +a.getAttribute("data-rate"), right = +b.getAttribute("data-rate");
        if (left < 0) left = 2000;
        if (right < 0) right = 2000;
        return left - right || orders["coverage.html"](a, b);
      },
      "coverage-by-uncovered.html": function (a, b) {
        return (+b.getAttribute("data-miss")) - (+a.getAttribute("data-miss")) || orders["coverage.html"](a, b);
      },
    };
    // A paged tree holds a slice of each order: its order links go to the other orders' first pages.
    if (!tree.hasAttribute("data-cov-paged")) document.querySelectorAll(".cov-orders a").forEach(function (link) {
      var page = link.getAttribute("href").split("/").pop();
      if (!orders[page]) return;
      link.addEventListener("click", function (event) {
        event.preventDefault();
        var lists = [tree].concat(Array.prototype.slice.call(tree.querySelectorAll("ul")));
        lists.forEach(function (list) {
          var items = Array.prototype.slice.call(list.children).sort(orders[page]);
          items.forEach(function (item) { list.appendChild(item); });
        });
        var nav = link.parentNode;
        var current = nav.querySelector("[aria-current]");
        if (current) {
          var back = document.createElement("a");
          back.href = current.getAttribute("data-href") || window.location.pathname.split("/").pop() || "coverage.html";
          back.textContent = current.textContent;
          nav.replaceChild(back, current);
        }
        link.setAttribute("aria-current", "page");
        link.setAttribute("data-href", link.getAttribute("href"));
      });
    });
  }

  var source = document.querySelector("[data-cov-source]");
  if (!source) return;
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    var tag = event.target && event.target.tagName ? event.target.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    var step = event.key === "n" || event.key === "j" ? 1 : event.key === "p" || event.key === "k" ? -1 : 0;
    if (!step) return;
    var stretches = Array.prototype.slice.call(source.querySelectorAll(".r[id]"));
    if (!stretches.length) return;
    var current = stretches.findIndex(function (line) { return "#" + line.id === window.location.hash; });
    var next;
    if (current >= 0) {
      next = Math.min(stretches.length - 1, Math.max(0, current + step));
    } else {
      // From where the page is scrolled to: the first stretch below the top (or the last above it).
      next = step > 0 ? stretches.length - 1 : 0;
      for (var index = 0; index < stretches.length; index++) {
        if (stretches[index].getBoundingClientRect().top > 1) { next = step > 0 ? index : Math.max(0, index - 1); break; }
      }
    }
    event.preventDefault();
    window.location.hash = "#" + stretches[next].id;
  });
})();
// ---- End of the coverage block. ----
