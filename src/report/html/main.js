// Draws the page from its embedded data (report/html_report.cpp writes it). window.tsfsReport
// keeps the decoded tables, the charts' data and the table widgets, for a reader's console and
// the browser tests.
(function start() {
  const data = JSON.parse(document.getElementById("tsfs-data").textContent);
  const page = document.getElementById("page");
  if (data.kind === "comparison") renderComparison(data, page);
  else renderRun(data, page);
  // Milliseconds from navigation to a drawn page, for the browser tests' time limit.
  document.body.dataset.readyMilliseconds = String(Math.round(performance.now()));
  document.body.dataset.ready = "true";
})();
