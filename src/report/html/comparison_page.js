// The page of a comparison folder (runner compare): the critical-difference diagram, the pairwise
// matrix, a scatter of two methods' scores per dataset, and the tables.

function column(table, name) {
  const index = table.header.indexOf(name);
  return table.rows.map((row) => row[index]);
}

function procedureSetting(procedure, name) {
  const row = procedure.rows.find((entry) => entry[0] === name);
  return row ? row[1] : "";
}

// Demsar's diagram (JMLR 7, 2006): methods on an axis of average ranks (1 = best, on the left),
// the first half labelled on the left and the rest on the right, and a bar under the axis for
// every clique of methods cliques.csv joins (not told apart).
function criticalDifferenceDiagram(methods, cliques) {
  const names = column(methods, "method"), ranks = column(methods, "average_rank").map(number);
  const order = names.map((name, i) => [ranks[i], name]).sort((a, b) => a[0] - b[0]);
  const count = order.length;
  // Room for the longest label on either side (about 6.5 px a character at 11 px).
  const margin = 20 + 6.5 * Math.max(...order.map(([rank, name]) => `${name} (${short(rank)})`
    .length));
  const left = margin, right = margin + 520, width = right + margin, top = 40;
  const rowHeight = 20, bars = cliques.rows.length;
  const half = Math.ceil(count / 2);
  const height = top + 30 + bars * 10 + Math.max(half, count - half) * rowHeight + 20;
  const x = linearScale([1, Math.max(2, count)], [left, right]);
  const area = svg("svg", {class: "cd", width: width, height: height, viewBox:
    `0 0 ${width} ${height}`});
  area.appendChild(svg("line", {x1: left, x2: right, y1: top, y2: top, class: "axis"}));
  for (let rank = 1; rank <= Math.max(2, count); ++rank) {
    area.appendChild(svg("line", {x1: x(rank), x2: x(rank), y1: top - 5, y2: top,
      class: "axis"}));
    area.appendChild(svg("text", {x: x(rank), y: top - 9, class: "tick", "text-anchor": "middle",
      text: rank}));
  }
  const barsTop = top + 14;
  cliques.rows.forEach((row, index) => {
    const best = number(row[cliques.header.indexOf("best_average_rank")]);
    const worst = number(row[cliques.header.indexOf("worst_average_rank")]);
    const members = row[cliques.header.indexOf("methods")];
    area.appendChild(svg("line", {x1: x(best) - 3, x2: x(worst) + 3, y1: barsTop + index * 10,
      y2: barsTop + index * 10, class: "clique", "data-best": best, "data-worst": worst,
      "data-methods": members, onmouseenter: (event) => tooltip.show(event,
        ["not told apart:"].concat(members.split("; "))), onmouseleave: () => tooltip.hide()}));
  });
  const labelsTop = barsTop + bars * 10 + 16;
  order.forEach(([rank, name], index) => {
    const onLeft = index < half;
    const row = onLeft ? index : count - 1 - index;
    const y = labelsTop + row * rowHeight;
    const end = onLeft ? left - 10 : right + 10;
    area.appendChild(svg("polyline", {points: `${x(rank)},${top} ${x(rank)},${y} ${end},${y}`,
      class: "leader"}));
    area.appendChild(svg("text", {x: onLeft ? end - 4 : end + 4, y: y + 4, class: "method",
      "text-anchor": onLeft ? "end" : "start", "data-rank": rank, text: `${name} (${short(rank)})`}));
  });
  return area;
}

// Methods by average rank against each other: wins/ties/losses of the row's method, coloured
// where Holm's correction finds the difference; hover for the tests' numbers.
function pairwiseMatrix(methods, pairwise) {
  const order = methods.rows.map((row) => [number(row[methods.header.indexOf("average_rank")]),
    row[methods.header.indexOf("method")]]).sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
  const field = (row, name) => row[pairwise.header.indexOf(name)];
  const pairs = new Map(pairwise.rows.map((row) => [field(row, "method") + "\u0000" +
    field(row, "versus"), row]));
  const header = el("tr", {}, [el("th", {text: "row vs column"})].concat(order.map((name, i) =>
    el("th", {title: name, text: String(i + 1)}))));
  const rows = order.map((name, i) => el("tr", {}, [el("th", {text: `${i + 1}. ${name}`})]
    .concat(order.map((versus) => {
      const pair = pairs.get(name + "\u0000" + versus);
      if (!pair) return el("td", {class: "diagonal-cell"});
      const difference = number(field(pair, "mean_difference"));
      const significant = field(pair, "holm_significant") === "true";
      const lines = [`${name} vs ${versus}`, `wins/ties/losses ${field(pair, "wins")}/` +
        `${field(pair, "ties")}/${field(pair, "losses")}`, `mean difference ${field(pair,
          "mean_difference")}`, `Wilcoxon p ${field(pair, "wilcoxon_p")}, Holm p ${field(pair,
          "holm_p")}`, `Bayesian: better ${field(pair, "bayes_p_better")}, equivalent ` +
        `${field(pair, "bayes_p_equivalent")}, worse ${field(pair, "bayes_p_worse")}`];
      // The cell: wins/ties/losses, the Holm-adjusted p and the Bayesian P(row better), each
      // holding its CSV field whole in data-value ("-" where the test gave none).
      const line = (kind, prefix, column) => {
        const value = number(field(pair, column));
        return el("span", {class: kind, "data-value": field(pair, column),
          text: prefix + (Number.isNaN(value) ? "-" : short(value))});
      };
      return el("td", {class: "pair" + (significant ? (difference > 0 ? " better" : " worse") :
        ""), "data-method": name, "data-versus": versus, onmouseenter: (event) =>
        tooltip.show(event, lines), onmouseleave: () => tooltip.hide()}, [
        el("span", {class: "wtl", text: `${field(pair, "wins")}/${field(pair, "ties")}/` +
          field(pair, "losses")}), line("holm", "p ", "holm_p"),
        line("bayes", "P ", "bayes_p_better")]);
    }))));
  return el("table", {class: "matrix"}, [el("thead", {}, [header]), el("tbody", {}, rows)]);
}

function renderComparison(data, page) {
  const table = (name) => data.tables[name] ? decodeTable(data.tables[name]) : null;
  const methods = table("methods"), cliques = table("cliques"), pairwise = table("pairwise"),
    perDataset = table("per_dataset"), procedure = table("procedure");
  const report = {data, charts: {}, tables: {}};
  window.tsfsReport = report;
  const metric = procedureSetting(procedure, "metric") || "accuracy";
  const rope = number(procedureSetting(procedure, "bayesian_rope"));
  const names = methods.rows.map((row) => [number(row[methods.header.indexOf("average_rank")]),
    row[methods.header.indexOf("method")]]).sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
  const scores = new Map();
  for (const row of perDataset.rows) {
    const dataset = row[perDataset.header.indexOf("dataset")];
    const method = row[perDataset.header.indexOf("method")];
    if (!scores.has(method)) scores.set(method, new Map());
    scores.get(method).set(dataset, number(row[perDataset.header.indexOf(metric)]));
  }
  const pair = {x: names[0], y: names[1] || names[0]};
  const scatter = el("div", {class: "chart", id: "scatter-chart"});
  const drawScatter = () => {
    const xs = scores.get(pair.x) || new Map(), ys = scores.get(pair.y) || new Map();
    const points = [...xs].filter(([dataset, value]) => ys.has(dataset) && Number.isFinite(value) &&
      Number.isFinite(ys.get(dataset))).map(([dataset, value]) => ({label: dataset, x: value,
      y: ys.get(dataset)}));
    scatterChart(scatter, points, {x: pair.x, y: pair.y}, Number.isFinite(rope) ? rope : 0);
    report.charts.scatter = scatter.chart;
  };
  const choose = (key) => (value) => {
    pair[key] = value;
    drawScatter();
  };
  const tables = [];
  for (const [name, title] of [["per_dataset", "Per dataset"], ["methods", "Methods"],
    ["pairwise", "Pairwise tests"], ["friedman", "Friedman test"],
    ["left_out_datasets", "Datasets left out"], ["procedure", "Procedure"]]) {
    const content = table(name);
    if (!content) continue;
    const [holder, dataTable] = tableSection(content, {pageSize: 25}, "");
    report.tables[name] = dataTable;
    tables.push(el("h3", {text: title}), holder);
  }
  page.replaceChildren(
    el("header", {}, [el("h1", {text: "Comparison " + data.name}), el("nav", {}, [
      ["cd", "Critical difference"], ["matrix", "Pairwise"], ["scatter", "Scatter"],
      ["tables", "Tables"], ["summary", "Summary"]].map(([id, text]) =>
      el("a", {href: "#" + id, text: text})))]),
    section("cd", "Critical-difference diagram", [el("p", {class: "note", text:
      "Average ranks over the datasets (1 = best); a bar joins methods the procedure does not " +
      "tell apart (cliques.csv)."}), criticalDifferenceDiagram(methods, cliques)]),
    section("matrix", "Pairwise matrix", [el("p", {class: "note", text: "Each cell: the " +
      "row's method against the column's, its wins/ties/losses, the Holm-adjusted Wilcoxon p " +
      "(p) and the Bayesian probability that it is better by more than the rope (P); green or " +
      "red where Holm's correction finds the difference. Hover for every test."}),
    pairwiseMatrix(methods, pairwise)]),
    section("scatter", "Two methods, dataset by dataset", [el("div", {class: "controls"}, [
      select("x", names, pair.x, choose("x")), select("y", names, pair.y, choose("y"))]),
    el("p", {class: "note", text: `${metric} per dataset; the diagonal is equality` +
      (rope > 0 ? `, the shaded band the region of practical equivalence (±${rope})` : "")}),
    scatter]),
    section("tables", "Tables", tables),
    section("summary", "Summary", [el("pre", {class: "spec", text: data.summary})]));
  drawScatter();
}
