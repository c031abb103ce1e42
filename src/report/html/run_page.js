// The page of a run folder: provenance, the results table, an explorer of accuracy against any
// swept parameter, the spec's plots, and per dataset the folds, tuned choices, top features and
// what was skipped.

// The key columns of a run table are those before `protocol` (report/tables.hpp); a swept one
// takes more than one value.
function keyColumns(table) {
  const protocol = table.header.indexOf("protocol");
  return table.header.slice(0, protocol >= 0 ? protocol : table.header.length);
}

function distinctValues(table, name) {
  const column = table.header.indexOf(name);
  return [...new Set(table.rows.map((row) => row[column]))];
}

function select(label, names, chosen, onchange) {
  const control = el("select", {"data-control": label, onchange: () => onchange(control.value)},
    names.map((name) => el("option", {value: name, text: name || "(none)"})));
  control.value = chosen;
  return el("label", {class: "control"}, [document.createTextNode(label + " "), control]);
}

function provenance(data) {
  let manifest = null;
  try {
    manifest = data.manifest_text ? JSON.parse(data.manifest_text) : null;
  } catch (error) {
    return el("p", {class: "note", text: "manifest.json is not JSON: " + error.message});
  }
  if (!manifest) return el("p", {class: "note", text: "The folder has no manifest.json."});
  const rows = [];
  const add = (prefix, object) => {
    for (const [key, value] of Object.entries(object)) {
      if (value && typeof value === "object" && !Array.isArray(value)) add(prefix + key + ".", value);
      else rows.push(el("tr", {}, [el("th", {text: prefix + key}),
        el("td", {text: typeof value === "string" ? value : JSON.stringify(value)})]));
    }
  };
  add("", manifest);
  return el("table", {class: "provenance"}, [el("tbody", {}, rows)]);
}

function renderRun(data, page) {
  const results = decodeTable(data.tables.results);
  const table = (name) => data.tables[name] ? decodeTable(data.tables[name]) : null;
  const folds = table("folds"), tuned = table("tuned"), skipped = table("skipped"),
    features = table("features");
  const keys = keyColumns(results);
  const swept = keys.filter((name) => distinctValues(results, name).length > 1);
  const numericSwept = swept.filter((name) => name !== "dataset" &&
    distinctValues(results, name).filter((value) => value !== "tuned")
      .every((value) => Number.isFinite(number(value))));
  const protocol = results.header.indexOf("protocol");
  const metrics = results.header.slice(protocol + 1).filter((name) => name !== "accuracy_band" &&
    results.rows.some((row) => Number.isFinite(number(row[results.header.indexOf(name)]))));
  const report = {data, results, charts: {}, tables: {}};
  window.tsfsReport = report;

  // The explorer follows the results table's filters.
  // Lines by default for the swept column of fewest values (a selector, a variant); of equals, the
  // last: a preset's `variant` comes after the parameters it sets.
  const seriesChoices = swept.filter((name) => name !== "dataset" && name !== numericSwept[0])
    .reverse().sort((a, b) => distinctValues(results, a).length -
      distinctValues(results, b).length);
  const explorer = {x: numericSwept[0] || "", y: metrics.includes("accuracy") ? "accuracy" :
    metrics[0], series: seriesChoices[0] || "",
  facet: swept.includes("dataset") ? "dataset" : "", rows: results.rows};
  const explorerChart = el("div", {class: "chart", id: "explorer-chart"});
  const parallel = el("div", {class: "chart", id: "parallel-chart"});
  const drawExplorer = () => {
    if (!explorer.x) {
      explorerChart.replaceChildren(el("p", {class: "note", text:
        "No numeric parameter takes more than one value in this run."}));
    } else {
      const panels = linePanels(results, explorer.rows, {x: explorer.x, y: explorer.y,
        series: explorer.series ? [explorer.series] : [], facet: explorer.facet ?
          [explorer.facet] : [], band: explorer.y === "accuracy" &&
          results.header.includes("accuracy_band") ? "accuracy_band" : "", logX: false});
      // A log axis when the x values are positive and span more than two decades (a logspace).
      const xs = panels.flatMap((panel) => panel.series.flatMap((line) => line.points
        .map((point) => point.x)));
      const logX = xs.length > 0 && Math.min(...xs) > 0 && Math.max(...xs) / Math.min(...xs) > 100;
      panelChart(explorerChart, {panels, logX, xLabel: explorer.x, yLabel: explorer.y,
        bandLabel: explorer.y === "accuracy" ? bandNote(data.band_error) : ""});
      report.charts.explorer = explorerChart.chart;
    }
    if (swept.length && explorer.y)
      parallelCoordinates(parallel, results, explorer.rows, swept.concat([explorer.y]), 3000);
  };
  const setExplorer = (key) => (value) => {
    explorer[key] = value;
    drawExplorer();
  };
  const [resultsHolder, resultsTable] = tableSection(results, {pageSize: 25, onChange: (rows) => {
    explorer.rows = rows;
    drawExplorer();
  }}, "");
  report.tables.results = resultsTable;

  const plots = el("div", {});
  for (const plot of (data.spec && data.spec.plots) || []) plots.appendChild(specPlot(data, plot,
    {results, folds}, report));
  if (!plots.children.length) plots.appendChild(el("p", {class: "note", text:
    "The spec asks for no plots."}));

  const datasets = distinctValues(results, "dataset").sort();
  const perDataset = [];
  const datasetTables = [];
  for (const [name, perTable, missing] of [
    ["Fold accuracies", folds, data.folds_left_out ? "folds.csv is too large for the page." :
      "The run has no folds.csv."],
    ["Tuned choices (nested CV)", tuned, "Nothing was tuned."],
    [`Top ${data.top_features} features of each score vector` + (data.features_first_fold_only ?
      " (first fold only)" : ""), features, "The run saved no scores."],
    ["Skipped", skipped, "Nothing was skipped."]]) {
    const [holder, dataTable] = tableSection(perTable, {pageSize: 20}, missing);
    perDataset.push(el("h3", {text: name}), holder);
    if (dataTable) datasetTables.push(dataTable);
  }
  report.tables.perDataset = datasetTables;
  const chooseDataset = (value) => datasetTables.forEach((dataTable) =>
    dataTable.setFilter("dataset", value));

  page.replaceChildren(
    el("header", {}, [el("h1", {text: "Run " + data.name}), el("nav", {}, [
      ["results", "Results"], ["explore", "Explore"], ["plots", "Plots"],
      ["datasets", "Per dataset"], ["provenance", "Provenance"]].map(([id, text]) =>
      el("a", {href: "#" + id, text: text})))]),
    section("results", "Results", [el("p", {class: "note", text: "results.csv: one row per " +
      "cell; filter with the boxes under the names, click a name to sort. The explorer below " +
      "draws the rows that pass the filters."}), resultsHolder]),
    section("explore", "Explore", [el("div", {class: "controls"}, [
      select("x", numericSwept, explorer.x, setExplorer("x")),
      select("y", metrics, explorer.y, setExplorer("y")),
      select("series", [""].concat(keys), explorer.series, setExplorer("series")),
      select("facet", [""].concat(keys), explorer.facet, setExplorer("facet"))]), explorerChart,
    el("h3", {text: "Swept parameters against " + explorer.y}), parallel]),
    section("plots", "Plots", [plots]),
    section("datasets", "Per dataset", [select("dataset", [""].concat(datasets), "",
      (value) => chooseDataset(value || null))].concat(perDataset)),
    section("provenance", "Provenance", [provenance(data), el("h3", {text: "spec.yaml"}),
      el("pre", {class: "spec", text: data.spec_text})]));
  drawExplorer();
}

function bandNote(error) {
  if (error === "nadeau_bengio")
    return "band: ±1 s.e. of the mean over folds, Nadeau-Bengio corrected (k-fold CV)";
  if (error === "std") return "band: ±1 standard deviation over folds";
  return "";
}

// A figure's marks (figures/NAME.chart.csv: panel, series, mark, x, y, extent) as the chart's
// panels and series, in the order the figure draws them.
function figurePanels(marks) {
  const panels = new Map();
  for (const [panel, series, mark, x, y, extent] of decodeTable(marks).rows) {
    if (!panels.has(panel)) panels.set(panel, new Map());
    const lines = panels.get(panel);
    if (!lines.has(series)) lines.set(series, {label: series, mark, points: []});
    lines.get(series).points.push({x: number(x), y: number(y), band: number(extent)});
  }
  return [...panels].map(([label, lines]) => ({label, datasets: [], series: [...lines.values()]}));
}

// A plot of the spec: a line plot drawn here from the run's table, other kinds from the marks
// their figure wrote (figures/NAME.chart.csv and its axes, NAME.chart_axes.csv), each with a link
// to the figure.
function specPlot(data, plot, tables, report) {
  const holder = el("div", {class: "chart", "data-plot": plot.name});
  const title = el("h3", {text: plot.title || plot.name});
  const figure = data.figures.includes(plot.name + ".svg") ?
    el("a", {href: "figures/" + plot.name + ".svg", text: "figure " + plot.name + ".svg"}) : null;
  const drawn = data.charts && data.charts[plot.name];
  if (plot.kind !== "line" && drawn) {
    const [xLabel, yLabel, sharedX, sharedY, yMin, yMax, logY] = decodeTable(drawn.axes).rows[0];
    panelChart(holder, {panels: figurePanels(drawn.marks), xLabel, yLabel,
      sharedX: sharedX === "true", sharedY: sharedY === "true", yMin: number(yMin),
      yMax: number(yMax), logY: logY === "true"});
    report.charts[plot.name] = holder.chart;
    return el("div", {}, [title, figure, holder]);
  }
  const table = tables[plot.source || "results"];
  if (plot.kind !== "line" || !table) {
    holder.appendChild(el("p", {class: "note", text: plot.kind === "line" ?
      `${plot.source}.csv is not on the page.` : `A ${plot.kind} plot: see its figure (its ` +
      "points are not on the page: a run of an older tsfs, or too many)."}));
    return el("div", {}, [title, figure, holder]);
  }
  const usesAccuracyBand = plot.band === "accuracy_std" && (plot.band_error || "auto") === "auto" &&
    table.header.includes("accuracy_band");
  const panels = linePanels(table, filterRows(table, plot.filter), {x: plot.x, y: plot.y,
    series: plot.series || [], facet: plot.facet ? [plot.facet] : [],
    band: usesAccuracyBand ? "accuracy_band" : plot.band || "", logX: plot.log_x === "true"});
  const smoothing = {window: number(plot.smooth), width: number(plot.smooth_width),
    logX: plot.log_x === "true"};
  if (smoothing.window > 1 || smoothing.width > 0) smoothPanels(panels, smoothing);
  // The figure's baselines (figures/NAME.lines.csv), which only the run could compute.
  const lines = data.reference_lines && data.reference_lines[plot.name];
  const references = lines ? decodeTable(lines).rows.map((row) => ({dataset: row[0],
    kind: row[1], value: number(row[2])})) : [];
  panelChart(holder, {panels, references, logX: plot.log_x === "true",
    xLabel: plot.x_label || plot.x,
    yLabel: plot.y_label || plot.y, yMin: number(plot.y_min), yMax: number(plot.y_max),
    bandLabel: usesAccuracyBand ? bandNote(data.band_error) : plot.band ? "band: ±1 " +
      plot.band : ""});
  report.charts[plot.name] = holder.chart;
  return el("div", {}, [title, figure, holder]);
}
