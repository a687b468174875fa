// Instruments tally.js with istanbul-lib-instrument, runs test.js against it, and writes coverage-final.json
// plus istanbul-reports' text-summary (the independent totals).
const fs = require("fs");
const path = require("path");
const Module = require("module");
const { createInstrumenter } = require("istanbul-lib-instrument");
const libCoverage = require("istanbul-lib-coverage");
const libReport = require("istanbul-lib-report");
const reports = require("istanbul-reports");

const instrumenter = createInstrumenter({ coverageVariable: "__coverage__", esModules: false });
const target = path.resolve("tally.js");
const code = instrumenter.instrumentSync(fs.readFileSync(target, "utf8"), target);
const original = Module._extensions[".js"];
Module._extensions[".js"] = function (module, filename) {
  if (filename === target) return module._compile(code, filename);
  return original(module, filename);
};
require("./test.js");
fs.mkdirSync("coverage", { recursive: true });
fs.writeFileSync("coverage/coverage-final.json", JSON.stringify(global.__coverage__));
const map = libCoverage.createCoverageMap(global.__coverage__);
const context = libReport.createContext({ dir: "coverage", coverageMap: map });
for (const name of ["text-summary", "text", "lcovonly"]) reports.create(name).execute(context);
