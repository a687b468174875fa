// ResultBundle report: the index page's search over every test (loaded by the index page only; the page works
// without it). It loads only the shards a query needs, as script files (browsers block fetch under file://):
// search/t-<key>.js, the tests holding each term whose first two characters (more, for a big shard split deeper)
// make <key>; search/status.js, the tests that did not pass (and, with a history, the flaky ones);
// search/r-<n>.js, what a result shows, for the results shown. The format is described
// in Sources/HTMLReport/Search/SearchIndexWriter.swift.
(function () {
  "use strict";
  var section = document.querySelector("[data-search-shards]");
  var input = document.querySelector("[data-search-input]");
  if (!section || !input) return;
  // The search's controls are hidden in the page, so that without this script none of them is there doing nothing.
  var form = document.querySelector("[data-search-form]");
  if (form) form.hidden = false;
  var testCount = parseInt(section.getAttribute("data-search-tests"), 10) || 0;
  var pageSize = parseInt(section.getAttribute("data-list-page-size"), 10) || 1000;
  var statusPageSize = parseInt(section.getAttribute("data-status-list-page-size"), 10) || 250;
  var blockSize = parseInt(section.getAttribute("data-record-block-size"), 10) || 1000;
  var shardKeys = (section.getAttribute("data-search-shards") || "").split(" ").filter(Boolean);
  var message = document.querySelector("[data-search-status]");
  var results = document.querySelector("[data-search-results]");
  var boxes = Array.prototype.slice.call(document.querySelectorAll("[data-status-filter]"));
  // Present only when the report was made with a history, which is what knows flaky tests.
  var flakyBox = document.querySelector("[data-flaky-filter]");
  var failureItems = Array.prototype.slice.call(document.querySelectorAll(".failure[data-status]"));
  var shownLimit = 50;
  // "Show more" after the results: each press shows `shownLimit` more.
  var more = document.createElement("button");
  more.type = "button";
  more.className = "search-more";
  more.hidden = true;
  results.parentNode.insertBefore(more, results.nextSibling);
  var alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
  var digit = new Int8Array(128).fill(-1);
  for (var index = 0; index < 64; index++) digit[alphabet.charCodeAt(index)] = index;

  var terms = {}, records = {}, statusNames = ["passed"], statusOf = null, flakyOf = null, loaded = {}, waiting = {};
  window.RBS = {
    t: function (key) { terms[key] = Array.prototype.slice.call(arguments, 1); },
    r: function (block, groups, list) { records[block] = { groups: groups, list: list }; },
    s: function (map) {
      statusOf = new Uint8Array(testCount);
      Object.keys(map).forEach(function (name) {
        statusNames.push(name);
        var code = statusNames.length - 1;
        forEachId(map[name], function (id) { if (id < testCount) statusOf[id] = code; });
      });
    },
    f: function (text) {
      flakyOf = new Uint8Array(testCount);
      forEachId(text, function (id) { if (id < testCount) flakyOf[id] = 1; });
    }
  };

  function statusGroup(status) {
    if (status === "failed" || status === "crashed" || status === "timedOut" || status === "interrupted") return "failed";
    if (status === "passed" || status === "warning") return "passed";
    if (status === "skipped") return "skipped";
    return "other";
  }

  // Runs of ids of an encoded list (gaps in base 32, a repeated gap as 0 and a count: SearchPostings.swift) as
  // body(first, gap, count): the ids first, first + gap, … (count of them). A caller marks a run in a loop of its
  // own, without a call per id: a term of every test costs a few calls at 10,000,000 tests, not 10,000,000.
  function forEachRun(text, body) {
    var last = -1, gap = 0, value = 0, repeats = false;
    for (var i = 0; i < text.length; i++) {
      var d = digit[text.charCodeAt(i)];
      value = value * 32 + (d & 31);
      if (d >= 32) continue;
      if (repeats) {
        body(last + gap, gap, value);
        last += gap * value;
        repeats = false;
      } else if (value === 0) {
        repeats = true;
      } else {
        gap = value; last += gap; body(last, gap, 1);
      }
      value = 0;
    }
  }
  function forEachId(text, body) {
    forEachRun(text, function (first, gap, count) { for (var k = 0; k < count; k++) body(first + k * gap); });
  }

  function keyPart(character) {
    return /^[a-z0-9]$/.test(character) ? character : "_" + character.codePointAt(0).toString(16) + "_";
  }
  // The number of characters a shard's key stands for (`t_fc_` is two).
  function keyDepth(key) { return key.replace(/_[0-9a-f]+_/g, "_").length; }
  // The term shards a query word needs: each shard holds the terms whose first characters (one, or two, or more
  // where a big shard was split deeper) make its key, so the word needs the shards whose key starts its own key,
  // and those whose key starts with it: all of those up to two characters deep, and of the deeper ones only the
  // `deepShardLimit` shallowest (the shortest terms, which rank first), so that a word's first letters never load
  // every name; each further letter narrows the deeper shards down until all of them are loaded.
  var deepShardLimit = 6;
  function shardsFor(word) {
    var key = Array.from(word).map(keyPart).join(""), deeper = [];
    var needed = shardKeys.filter(function (shard) {
      if (key.indexOf(shard) === 0) return true;
      if (shard.indexOf(key) !== 0) return false;
      if (keyDepth(shard) <= 2) return true;
      deeper.push(shard);
      return false;
    });
    deeper.sort(function (a, b) { return keyDepth(a) - keyDepth(b) || (a < b ? -1 : a > b ? 1 : 0); });
    return needed.concat(deeper.slice(0, deepShardLimit));
  }

  function load(sources, done) {
    var missing = sources.filter(function (source) { return !loaded[source]; });
    var count = missing.length;
    if (count === 0) { done(); return; }
    missing.forEach(function (source) {
      var finish = function () { if (--count === 0) done(); };
      if (waiting[source]) { waiting[source].push(finish); return; }
      waiting[source] = [finish];
      var script = document.createElement("script");
      script.src = source;
      script.onload = script.onerror = function () {
        loaded[source] = true;
        var callbacks = waiting[source];
        delete waiting[source];
        callbacks.forEach(function (callback) { callback(); });
      };
      document.body.appendChild(script);
    });
  }

  // A query word's parts, split as SearchTerms.swift splits words: at camelCase capitals, between letters and
  // digits, and before the last capital of an acronym followed by a lower-case letter.
  function kindOf(character) {
    if (/\p{N}/u.test(character)) return "digit";
    if (/\p{Lu}|\p{Lt}/u.test(character)) return "upper";
    if (/\p{Ll}/u.test(character)) return "lower";
    return "other";
  }
  function queryWord(raw) {
    var characters = Array.from(raw), starts = [], previous = "", beforePrevious = "";
    characters.forEach(function (character, index) {
      var kind = kindOf(character);
      if (index > 0) {
        if ((previous === "digit") !== (kind === "digit") || (previous === "lower" && kind === "upper")) starts.push(index);
        else if (kind === "lower" && previous === "upper" && beforePrevious === "upper" &&
          starts[starts.length - 1] !== index - 1) starts.push(index - 1);
      }
      beforePrevious = previous;
      previous = kind;
    });
    var parts = [], start = 0;
    starts.concat([characters.length]).forEach(function (end) {
      parts.push(characters.slice(start, end).join("").toLowerCase());
      start = end;
    });
    return { word: raw.toLowerCase(), parts: parts };
  }

  // Calls body(term, ids, isWholeWord) for each term starting with `prefix` in the shards it needs.
  function forEachTermStarting(prefix, body) {
    shardsFor(prefix).forEach(function (key) {
      (terms[key] || []).forEach(function (chunk) {
        var term;
        for (term in chunk[0]) if (term.indexOf(prefix) === 0) body(term, chunk[0][term], true);
        for (term in chunk[1]) if (term.indexOf(prefix) === 0) body(term, chunk[1][term], false);
      });
    });
  }

  // Tiers of a query word: 1 it is a whole word of the test, 2 it starts one (or is a whole part), 3 it starts a
  // part, or each of its parts starts a part or a word of the test.
  function tiersFor(query) {
    var tiers = new Uint8Array(testCount);
    function mark(text, tier) {
      forEachRun(text, function (first, gap, count) {
        for (var id = first, end = Math.min(testCount, first + gap * count); id < end; id += gap) {
          if (tiers[id] === 0 || tiers[id] > tier) tiers[id] = tier;
        }
      });
    }
    forEachTermStarting(query.word, function (term, ids, isWholeWord) {
      if (isWholeWord) mark(ids, term === query.word ? 1 : 2);
      else if (query.parts.length === 1) mark(ids, term === query.word ? 2 : 3);
    });
    if (query.parts.length > 1) {
      var all = null;
      query.parts.forEach(function (part) {
        var hit = new Uint8Array(testCount);
        forEachTermStarting(part, function (term, ids) {
          forEachRun(ids, function (first, gap, count) {
            var end = Math.min(testCount, first + gap * count);
            if (gap === 1) { if (first < end) hit.fill(1, first, end); return; }
            for (var id = first; id < end; id += gap) hit[id] = 1;
          });
        });
        if (all) for (var id = 0; id < testCount; id++) all[id] &= hit[id];
        else all = hit;
      });
      for (var id = 0; id < testCount; id++) if (all[id] && tiers[id] === 0) tiers[id] = 3;
    }
    return tiers;
  }

  function allowedGroups() {
    var set = {};
    boxes.forEach(function (box) { if (box.checked) set[box.getAttribute("data-status-filter")] = true; });
    return set;
  }

  // The first `limit` results and the number of matches: exact matches, then prefix, then part matches, each tier
  // failed tests first, then the others, each in report order. `only` (a status group or status name from a
  // `status:` filter) narrows them further; `flakyOnly` keeps the tests the history finds flaky.
  function rank(queries, limit, only, flakyOnly) {
    var lists = queries.map(tiersFor), set = allowedGroups(), allowedCode = [];
    for (var code = 0; code < statusNames.length; code++) {
      var name = statusNames[code], group = statusGroup(name);
      allowedCode.push(!!set[group] && (!only || only === group || only === name.toLowerCase()));
    }
    var flakyIds = flakyOnly ? (flakyOf || new Uint8Array(testCount)) : null;
    var firsts = [[], [], [], [], [], [], [], []], count = 0;
    for (var id = 0; id < testCount; id++) {
      var tier = lists.length === 0 ? 1 : 0;
      for (var w = 0; w < lists.length; w++) {
        var t = lists[w][id];
        if (t === 0) { tier = 0; break; }
        if (t > tier) tier = t;
      }
      var statusCode = statusOf ? statusOf[id] : 0;
      if (tier === 0 || !allowedCode[statusCode] || (flakyIds && !flakyIds[id])) continue;
      count++;
      var bucket = (statusGroup(statusNames[statusCode]) === "failed" ? 0 : 4) + tier;
      if (firsts[bucket].length < limit) firsts[bucket].push(id);
    }
    return { ids: [].concat(firsts[1], firsts[5], firsts[2], firsts[6], firsts[3], firsts[7]).slice(0, limit), count: count };
  }

  // A row's anchor: FNV-1a, 64 bits, of the UTF-8 of `text`, its top 48 bits in 8 characters (ReportPaths.swift).
  var encoder = new TextEncoder();
  function anchor(text) {
    var bytes = encoder.encode(text), hash = BigInt("0xcbf29ce484222325"), prime = BigInt("0x100000001b3");
    var mask = BigInt("0xffffffffffffffff"), six = BigInt(6), sixtyThree = BigInt(63), result = "t-";
    for (var i = 0; i < bytes.length; i++) hash = ((hash ^ BigInt(bytes[i])) * prime) & mask;
    hash = hash >> BigInt(16);
    for (var position = 7; position >= 0; position--) {
      result += alphabet.charAt(Number((hash >> (six * BigInt(position))) & sixtyThree));
    }
    return result;
  }

  // What result `id` shows: { name, group, href }.
  // The failed and skipped lists hold their tests in report order, statusPageSize a page (failed.html, failed-2.html, …):
  // a test's page is its rank among the tests of its list.
  var ranks = null;
  function statusListFile(list, id) {
    if (!ranks) {
      ranks = new Int32Array(testCount);
      var groupOfCode = statusNames.map(statusGroup), counts = { failed: 0, skipped: 0 };
      for (var i = 0; i < testCount; i++) {
        var group = groupOfCode[statusOf[i]];
        if (group === "failed" || group === "skipped") ranks[i] = counts[group]++;
      }
    }
    var page = Math.floor(ranks[id] / statusPageSize) + 1;
    return page === 1 ? list + ".html" : list + "-" + page + ".html";
  }

  function record(id) {
    var block = Math.floor(id / blockSize), shard = records[block];
    if (!shard) return null;
    if (!shard.decoded) {
      // Runs of records in a string, or one record with its page and raw name in an array; a number switches the group.
      var decoded = [], group = 0, previous = "";
      var decode = function (text, page, raw) {
        for (var i = 0; i < text.length;) {
          var start = digit[text.charCodeAt(i)], end = digit[text.charCodeAt(i + 1)], length = 0, d;
          i += 2;
          do { d = digit[text.charCodeAt(i++)]; length = length * 32 + (d & 31); } while (d >= 32);
          var name = previous.slice(0, start) + text.substr(i, length) + previous.slice(previous.length - end);
          i += length;
          previous = name;
          decoded.push({ name: name, group: group, page: page, raw: raw || name });
        }
      };
      shard.list.forEach(function (entry) {
        if (typeof entry === "number") group = entry;
        else if (typeof entry === "string") decode(entry, "", "");
        else decode(entry[0], entry[1], entry[2]);
      });
      shard.decoded = decoded;
    }
    var entry = shard.decoded[id - block * blockSize];
    if (!entry) return null;
    var group = shard.groups[entry.group] || ["", ""];
    // The row that shows the test's story: in the failed or skipped list when it failed or was skipped.
    var list = { failed: "failed", skipped: "skipped" }[statusGroup(statusNames[statusOf ? statusOf[id] : 0])];
    var page = list ? statusListFile(list, id) : "all-" + (Math.floor(id / pageSize) + 1) + ".html";
    return { name: entry.name, group: group[0], href: entry.page || page + "#" + anchor(group[1] + entry.raw) };
  }

  function show(ids, count) {
    while (results.firstChild) results.removeChild(results.firstChild);
    ids.forEach(function (id) {
      var shown = record(id);
      if (!shown) return;
      var status = statusNames[statusOf ? statusOf[id] : 0];
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = shown.href;
      link.textContent = shown.name;
      var badge = document.createElement("span");
      badge.className = "st s-" + status;
      badge.textContent = { timedOut: "timed out", expectedFailure: "expected failure" }[status] || status;
      var group = document.createElement("span");
      group.className = "group";
      group.textContent = shown.group;
      item.appendChild(link);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(badge);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(group);
      results.appendChild(item);
    });
    message.textContent = count === 0 ? "No test matches." :
      count.toLocaleString("en-US") + " matching test" + (count === 1 ? "" : "s") +
      (count > ids.length ? ", the first " + ids.length + " shown" : "") +
      ": whole words first, then the starts of words, then parts of words; failed tests first in each.";
    more.hidden = count <= ids.length;
    more.textContent = "Show " + Math.min(shownLimit, count - ids.length) + " more";
  }

  function filterFailures(words) {
    var set = allowedGroups();
    failureItems.forEach(function (item) {
      var text = (item.textContent || "").toLowerCase();
      var visible = set[statusGroup(item.getAttribute("data-status"))] &&
        words.every(function (word) { return text.indexOf(word) >= 0; });
      item.classList.toggle("hidden", !visible);
    });
  }

  // `status:failed` (or `s:failed`) keeps one status group or status, `status:flaky` (`s:flaky`) the flaky tests;
  // `tag:X`, `@X` and `file:PATH` search X and PATH's words, which tags and paths are indexed by. The rest are words.
  function parseQuery(text) {
    var only = "", words = [], flaky = false;
    text.split(/\s+/).filter(Boolean).forEach(function (token) {
      var filter = /^(status|s):(.*)$/i.exec(token);
      if (filter) {
        var value = filter[2].toLowerCase().replace(/\s+/g, "");
        if (value === "flaky") flaky = true;
        else only = value;
        return;
      }
      words.push(token.replace(/^(tag|file):/i, "").replace(/^@/, ""));
    });
    if (only === "timedout" || only === "timed-out") only = "timedout";
    return { only: only, flaky: flaky, raw: words.join(" ").split(/[^\p{L}\p{N}]+/u).filter(Boolean) };
  }

  var generation = 0, limit = shownLimit;
  // Runs the query; `showingMore` keeps the number of results asked for by "Show more".
  function update(showingMore) {
    if (showingMore !== true) limit = shownLimit;
    var parsed = parseQuery(input.value);
    var raw = parsed.raw;
    var words = raw.map(function (word) { return word.toLowerCase(); });
    var queries = raw.map(queryWord);
    var flakyOnly = parsed.flaky || !!(flakyBox && flakyBox.checked);
    filterFailures(words);
    var mine = ++generation;
    if (flakyOnly && !flakyBox) {
      while (results.firstChild) results.removeChild(results.firstChild);
      message.textContent = "This report was made without a history, so it does not know which tests are flaky " +
        "(make it with report --history).";
      more.hidden = true;
      return;
    }
    if (words.length === 0 && !parsed.only && !flakyOnly) {
      while (results.firstChild) results.removeChild(results.firstChild);
      message.textContent = "";
      more.hidden = true;
      return;
    }
    message.textContent = "Searching…";
    var sources = ["search/status.js"];
    queries.forEach(function (query) {
      [query.word].concat(query.parts.length > 1 ? query.parts : []).forEach(function (text) {
        shardsFor(text).forEach(function (key) { sources.push("search/t-" + key + ".js"); });
      });
    });
    load(sources, function () {
      if (mine !== generation) return;
      var ranked = rank(queries, limit, parsed.only, flakyOnly);
      var blocks = {};
      ranked.ids.forEach(function (id) { blocks["search/r-" + Math.floor(id / blockSize) + ".js"] = true; });
      load(Object.keys(blocks), function () { if (mine === generation) show(ranked.ids, ranked.count); });
    });
  }

  message.textContent = "Results appear as you type: test, suite and module names, file paths, failure messages, " +
    "tags and properties, matched from the start of a word or of a part of it (testParse, Parser, Tests/Parser); " +
    "status:failed (s:failed) keeps one status" + (flakyBox ? ", status:flaky the flaky tests" : "") +
    ", tag:X (@X) and file:PATH search a tag or a path.";
  more.addEventListener("click", function () { limit += shownLimit; update(true); });
  input.addEventListener("input", function () { update(false); });
  boxes.concat(flakyBox ? [flakyBox] : []).forEach(function (box) {
    box.addEventListener("change", function () { update(false); });
  });
})();
