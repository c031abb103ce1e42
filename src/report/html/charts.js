"use strict";
// Charts of report.html, drawn as SVG by this script alone (no library: a page stays small and
// self-contained, and every mark carries its data for the browser tests to read back).

const SVG_NS = "http://www.w3.org/2000/svg";
// Okabe-Ito, the figures' palette (plot/panel_grid.cpp): apart for colour-blind readers.
const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
  "#000000"];

function element(namespace, tag, attributes, children) {
  const node = namespace ? document.createElementNS(namespace, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null) continue;
    if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  for (const child of children || []) if (child) node.appendChild(child);
  return node;
}
const el = (tag, attributes, children) => element(null, tag, attributes, children);
const svg = (tag, attributes, children) => element(SVG_NS, tag, attributes, children);

// A CSV field as a number: NaN for an empty or non-numeric field ("nan" and "inf" as in C++).
function number(field) {
  if (field === undefined || field === null || field.trim() === "") return NaN;
  const lower = field.trim().toLowerCase();
  if (lower === "inf" || lower === "+inf") return Infinity;
  if (lower === "-inf") return -Infinity;
  const value = Number(field);
  return Number.isNaN(value) ? NaN : value;
}

// A number for reading: 4 significant digits, no trailing zeros.
function short(value) {
  if (!Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(4)));
}

// The embedded table (columns, a key column as values and codes) as rows of the CSV's text.
function decodeTable(table) {
  const rows = [];
  for (let row = 0; row < table.rows; ++row)
    rows.push(table.columns.map((column) => column.text ? column.text[row] :
      column.values[column.codes[row]]));
  return {header: table.header, rows: rows};
}

const tooltip = {
  node: null,
  show(event, lines) {
    if (!this.node) {
      this.node = el("div", {class: "tooltip", role: "tooltip"});
      document.body.appendChild(this.node);
    }
    this.node.replaceChildren(...lines.map((line) => el("div", {text: line})));
    this.node.style.display = "block";
    this.node.style.left = (event.pageX + 14) + "px";
    this.node.style.top = (event.pageY + 10) + "px";
  },
  hide() {
    if (this.node) this.node.style.display = "none";
  },
};

function linearScale(domain, range) {
  const [d0, d1] = domain[0] === domain[1] ? [domain[0] - 0.5, domain[1] + 0.5] : domain;
  const scale = (value) => range[0] + (value - d0) / (d1 - d0) * (range[1] - range[0]);
  scale.ticks = () => {
    const step0 = Math.pow(10, Math.floor(Math.log10((d1 - d0) / 5)));
    const step = [1, 2, 5, 10].map((m) => m * step0).find((s) => (d1 - d0) / s <= 6);
    const ticks = [];
    for (let tick = Math.ceil(d0 / step) * step; tick <= d1 + step * 1e-9; tick += step)
      ticks.push(Number(tick.toPrecision(12)));
    return ticks;
  };
  return scale;
}

function logScale(domain, range) {
  const inner = linearScale([Math.log10(domain[0]), Math.log10(domain[1])], range);
  const scale = (value) => inner(Math.log10(value));
  scale.ticks = () => {
    const ticks = [];
    const low = Math.floor(Math.log10(domain[0])), high = Math.ceil(Math.log10(domain[1]));
    const every = Math.max(1, Math.ceil((high - low) / 6));
    for (let power = low; power <= high; power += every) {
      const tick = Math.pow(10, power);
      if (tick >= domain[0] * 0.999 && tick <= domain[1] * 1.001) ticks.push(tick);
    }
    return ticks;
  };
  return scale;
}

// A loop, not Math.min(...values): a chart of tens of thousands of points would overflow the
// argument list.
function extent(values) {
  let low = Infinity, high = -Infinity;
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  return low <= high ? [low, high] : [0, 1];
}

// Axes of a plot area: ticks and labels on the left and bottom.
function drawAxes(group, x, y, box, labels) {
  const bottom = box.top + box.height;
  group.appendChild(svg("line", {x1: box.left, x2: box.left + box.width, y1: bottom, y2: bottom,
    class: "axis"}));
  group.appendChild(svg("line", {x1: box.left, x2: box.left, y1: box.top, y2: bottom,
    class: "axis"}));
  for (const tick of x.ticks()) {
    group.appendChild(svg("line", {x1: x(tick), x2: x(tick), y1: bottom, y2: bottom + 4,
      class: "axis"}));
    group.appendChild(svg("text", {x: x(tick), y: bottom + 16, class: "tick", "text-anchor":
      "middle", text: short(tick)}));
  }
  for (const tick of y.ticks()) {
    group.appendChild(svg("line", {x1: box.left + box.width, x2: box.left, y1: y(tick),
      y2: y(tick), class: "grid"}));
    group.appendChild(svg("text", {x: box.left - 6, y: y(tick) + 4, class: "tick",
      "text-anchor": "end", text: short(tick)}));
  }
  group.appendChild(svg("text", {x: box.left + box.width / 2, y: bottom + 34, class: "label",
    "text-anchor": "middle", text: labels.x}));
  group.appendChild(svg("text", {x: 14, y: box.top + box.height / 2, class: "label",
    "text-anchor": "middle", transform: `rotate(-90 14 ${box.top + box.height / 2})`,
    text: labels.y}));
}

// Values of several columns joined as "a=1, b=2", empty values left out: the series and facet
// labels of the run's figures (plot/run_tables.cpp, key_label).
function keyLabel(row, columns, header) {
  return columns.filter((column) => row[column] !== "")
    .map((column) => header[column] + "=" + (Number.isFinite(number(row[column])) ?
      short(number(row[column])) : row[column])).join(", ");
}

// Rows matching every "column=value" filter ("column=a|b" matches either).
function filterRows(table, filters) {
  const tests = (filters || []).map((filter) => {
    const at = filter.indexOf("=");
    const column = table.header.indexOf(filter.slice(0, at));
    const accepted = new Set(filter.slice(at + 1).split("|"));
    return (row) => column >= 0 && accepted.has(row[column]);
  });
  return table.rows.filter((row) => tests.every((test) => test(row)));
}

// The points of a line chart as the run's line plots compute them (plot/line_plot.cpp): rows
// whose y is a number, x not "tuned" (nested CV chose it per fold), one panel per facet value and
// one line per series value, the mean y (and band) of the rows sharing an x. Each panel keeps
// the values of its rows' `dataset` column (for the baselines drawn in it).
function linePanels(table, rows, options) {
  const column = (name) => table.header.indexOf(name);
  const x = column(options.x), y = column(options.y), dataset = column("dataset");
  const band = options.band ? column(options.band) : -1;
  const series = options.series.map(column), facet = options.facet.map(column);
  const panels = new Map();
  for (const row of rows) {
    const yValue = number(row[y]);
    if (!Number.isFinite(yValue) || row[x] === "tuned") continue;
    const xValue = number(row[x]);
    if (!Number.isFinite(xValue) || (options.logX && !(xValue > 0))) continue;
    const panelLabel = keyLabel(row, facet, table.header);
    if (!panels.has(panelLabel)) panels.set(panelLabel, {lines: new Map(), datasets: new Set()});
    const panel = panels.get(panelLabel);
    if (dataset >= 0) panel.datasets.add(row[dataset]);
    const seriesLabel = keyLabel(row, series, table.header);
    if (!panel.lines.has(seriesLabel)) panel.lines.set(seriesLabel, new Map());
    const points = panel.lines.get(seriesLabel);
    if (!points.has(xValue)) points.set(xValue, {ySum: 0, bandSum: 0, count: 0});
    const point = points.get(xValue);
    point.ySum += yValue;
    point.bandSum += band >= 0 ? (number(row[band]) || 0) : 0;
    point.count += 1;
  }
  return [...panels].map(([label, panel]) => ({
    label: label,
    datasets: [...panel.datasets],
    series: [...panel.lines].map(([seriesLabel, points]) => ({
      label: seriesLabel,
      points: [...points].sort((a, b) => a[0] - b[0]).map(([xValue, point]) => ({
        x: xValue, y: point.ySum / point.count, band: point.bandSum / point.count,
        rows: point.count})),
    })),
  }));
}

// The line plot's smoothing, with the arithmetic of plot/smoothing.cpp (the same doubles): a
// centred moving average over `window` points that shrinks at the ends (pandas' rolling(window,
// center=True, min_periods=1)), or the mean over a width of the x axis (decades when log x).
function meanOf(values, first, last) {
  let sum = 0;
  for (let j = first; j <= last; ++j) sum += values[j];
  return sum / (last - first + 1);
}

function movingAverage(values, window) {
  if (!(window > 1)) return values.slice();
  const before = Math.floor(window / 2), after = Math.floor((window - 1) / 2);
  return values.map((_, i) =>
    meanOf(values, Math.max(0, i - before), Math.min(values.length - 1, i + after)));
}

function widthAverage(xs, values, width, logX) {
  const positions = xs.map((x) => (logX ? Math.log10(x) : x));
  const half = width / 2 * (1 + 1e-9);
  const smoothed = [];
  let first = 0, last = 0;
  for (let i = 0; i < values.length; ++i) {
    while (positions[i] - positions[first] > half) ++first;
    last = Math.max(last, i);
    while (last + 1 < values.length && positions[last + 1] - positions[i] <= half) ++last;
    smoothed.push(meanOf(values, first, last));
  }
  return smoothed;
}

// Gives every point the value its line is drawn at (`line`, `lineBand`): the series' means
// smoothed as the figure smooths them (`smooth` points or `smooth_width`).
function smoothPanels(panels, smoothing) {
  for (const panel of panels)
    for (const line of panel.series) {
      const xs = line.points.map((point) => point.x);
      const smooth = (values) => (smoothing.width > 0 ?
        widthAverage(xs, values, smoothing.width, smoothing.logX) :
        movingAverage(values, smoothing.window));
      const ys = smooth(line.points.map((point) => point.y));
      const bands = smooth(line.points.map((point) => point.band));
      line.points.forEach((point, i) => {
        point.line = ys[i];
        point.lineBand = bands[i];
      });
    }
}

// The runs of points of a line with finite coordinates: a point without a value (a rate with no
// positive rows) is a gap, as in the figure.
function lineSegments(points, yOf) {
  const segments = [[]];
  for (const point of points) {
    if (Number.isFinite(point.x) && Number.isFinite(yOf(point))) segments.at(-1).push(point);
    else if (segments.at(-1).length) segments.push([]);
  }
  return segments.filter((segment) => segment.length);
}

// Small multiples: panels of series of points with one legend (click an entry to hide or show its
// series) and a tooltip on every mark. `chart.panels` keeps the data drawn. Each series is drawn
// with its mark (series.mark): "line" (the default: a line through the points, a band of
// ±point.band around it where the points have one; a smoothed line goes through the points' `line`
// values, the points staying at their means), "point" (a scatter) or "bar" (a bar from 0 (the axis
// in log y) per point, ±point.band wide: a histogram's bins; band 0: an impulse).
// chart.sharedX / sharedY: one range of that axis for all panels (the default), or each panel its
// own (the datasets of an embedding are on unrelated scales). `chart.references`: horizontal lines
// ({dataset, kind, value}), drawn in the panels holding rows of their dataset. The first
// kPanelsDrawn panels are drawn at once, the others when asked for (a button under them): a run of
// many datasets would otherwise build hundreds of thousands of marks before the page is usable.
// Above kLineCircles points on the lines drawn, a line's points get no circle each (a run of many
// series would build one SVG node and two listeners per point): the panel shows the values of the
// point nearest the pointer, within 10 px, with one circle that moves there.
const kPanelsDrawn = 24;
const kLineCircles = 5000;

function hoverNearest(area, candidates) {
  const marker = svg("circle", {r: 3.5, class: "point hover-point", visibility: "hidden"});
  area.appendChild(marker);
  const hide = () => {
    marker.setAttribute("visibility", "hidden");
    tooltip.hide();
  };
  area.addEventListener("mousemove", (event) => {
    // The pointer in the panel's viewBox units, in which the candidates' places are.
    const frame = area.getBoundingClientRect();
    const viewBox = area.viewBox.baseVal;
    const px = (event.clientX - frame.left) * viewBox.width / frame.width;
    const py = (event.clientY - frame.top) * viewBox.height / frame.height;
    let best = null, bestDistance = 10 * 10;
    for (const candidate of candidates) {
      const distance = (candidate.px - px) ** 2 + (candidate.py - py) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
    }
    if (!best) return hide();
    for (const [name, value] of Object.entries({cx: best.px, cy: best.py, fill: best.colour,
      "data-x": best.point.x, "data-y": best.point.y, "data-series": best.series,
      visibility: "visible"})) marker.setAttribute(name, value);
    tooltip.show(event, best.describe());
  });
  area.addEventListener("mouseleave", hide);
}

const markOf = (line) => line.mark || "line";
// A line's y (its smoothed value where it has one) and half band.
const lineY = (point) => point.line ?? point.y;
const lineBand = (point) => Number.isFinite(point.lineBand ?? point.band) ?
  point.lineBand ?? point.band : 0;
const drawnY = (chart, y) => Number.isFinite(y) && (!chart.logY || y > 0);

// The x and y ranges of the marks of `panels` and of the chart's reference lines, the y range
// bounded by chart.yMin and yMax where given.
function markDomains(chart, panels) {
  const xValues = [], yValues = (chart.references || []).map((line) => line.value);
  for (const line of panels.flatMap((panel) => panel.series))
    for (const point of line.points) {
      if (markOf(line) === "bar") {
        xValues.push(point.x - lineBand(point), point.x + lineBand(point));
        yValues.push(point.y, chart.logY ? NaN : 0);
      } else {
        xValues.push(point.x);
        yValues.push(point.y, lineY(point) - lineBand(point), lineY(point) + lineBand(point));
      }
    }
  const yDomain = extent(yValues.filter((y) => drawnY(chart, y)));
  if (Number.isFinite(chart.yMin) && !(chart.logY && chart.yMin <= 0)) yDomain[0] = chart.yMin;
  if (Number.isFinite(chart.yMax)) yDomain[1] = chart.yMax;
  return {x: extent(xValues), y: yDomain};
}

// A line's bands and polylines, one per run of finite points, in `view`'s scales and colour.
function drawLine(area, line, view) {
  const {x, y, yDomain, colour} = view;
  for (const points of lineSegments(line.points, lineY)) {
    if (points.some((point) => lineBand(point) > 0)) {
      const upper = points
        .map((p) => `${x(p.x)},${y(Math.min(yDomain[1], lineY(p) + lineBand(p)))}`);
      const lower = points.slice().reverse()
        .map((p) => `${x(p.x)},${y(Math.max(yDomain[0], lineY(p) - lineBand(p)))}`);
      area.appendChild(svg("polygon", {points: upper.concat(lower).join(" "), fill: colour,
        class: "band"}));
    }
    area.appendChild(svg("polyline", {points: points.map((p) => `${x(p.x)},${y(lineY(p))}`)
      .join(" "), stroke: colour, class: "line", "data-series": line.label}));
  }
}

// The tooltip's text of one point of `line`, built when it shows.
function describePoint(chart, line, point) {
  const mark = markOf(line), half = lineBand(point);
  const lines = [line.label || chart.yLabel, mark === "bar" && half > 0 ?
    `${chart.xLabel} from ${short(point.x - half)} to ${short(point.x + half)}` :
    `${chart.xLabel} = ${short(point.x)}`,
  `${chart.yLabel} = ${point.y}` + (mark === "line" && half > 0 ? ` ± ${short(half)}` : "")];
  if (point.rows !== undefined)
    lines.push(point.rows > 1 ? `mean of ${point.rows} rows` : "one row");
  if (point.line !== undefined) lines.push(`smoothed: ${short(point.line)}`);
  return lines;
}

// One point's mark with its tooltip: a bar, or a circle (smaller where the line is smoothed, as
// the points scatter about it, in a scatter, and on a line of many points, which they would hide).
function drawPoint(area, chart, line, point, view) {
  const {x, y, yDomain, box, colour} = view;
  const mark = markOf(line), half = lineBand(point);
  const hover = {"data-x": point.x, "data-y": point.y, "data-series": line.label,
    onmouseenter: (event) => tooltip.show(event, describePoint(chart, line, point)),
    onmouseleave: () => tooltip.hide()};
  if (mark === "bar") {
    // 90% of the bin's width, as the figure's boxes; an impulse 3 px wide.
    const left = x(point.x - half * 0.9), right = x(point.x + half * 0.9);
    const base = chart.logY ? box.top + box.height : y(Math.max(0, yDomain[0]));
    const top = y(point.y);
    area.appendChild(svg("rect", {x: Math.min(left, (left + right) / 2 - 1.5),
      y: Math.min(top, base), width: Math.max(3, right - left),
      height: Math.max(1, Math.abs(base - top)), fill: colour, class: "point bar", ...hover}));
    return;
  }
  const large = point.line === undefined && mark === "line" && line.points.length <= 60;
  area.appendChild(svg("circle", {cx: x(point.x), cy: y(point.y),
    r: large ? 3.5 : mark === "line" && point.line === undefined ? 1.5 : 2,
    fill: colour, class: "point", ...hover}));
}

// One panel of panelChart on the axes' ranges `domains`: its axes, its visible series' marks and
// its reference lines. Without lineCircles a line's points get one moving circle (hoverNearest).
function drawPanel(chart, panel, domains, style) {
  const {box, hidden, colourOf, lineCircles} = style;
  const x = (chart.logX ? logScale : linearScale)(domains.x, [box.left, box.left + box.width]);
  const y = (chart.logY ? logScale : linearScale)(domains.y, [box.top + box.height, box.top]);
  const area = svg("svg", {class: "panel", width: 410, height: 300, viewBox: "0 0 410 300",
    "data-panel": panel.label});
  area.appendChild(svg("text", {x: box.left + box.width / 2, y: 16, class: "panel-title",
    "text-anchor": "middle", text: panel.label}));
  drawAxes(area, x, y, box, {x: chart.xLabel, y: chart.yLabel});
  const nearest = [];
  for (const line of panel.series) {
    if (hidden.has(line.label)) continue;
    const colour = colourOf(line.label);
    const view = {x, y, yDomain: domains.y, box, colour};
    if (markOf(line) === "line") drawLine(area, line, view);
    for (const point of line.points) {
      if (!Number.isFinite(point.x) || !drawnY(chart, point.y)) continue;
      if (markOf(line) === "line" && !lineCircles)
        nearest.push({px: x(point.x), py: y(point.y), colour, point, series: line.label,
          describe: () => describePoint(chart, line, point)});
      else drawPoint(area, chart, line, point, view);
    }
  }
  if (nearest.length) hoverNearest(area, nearest);
  drawReferences(area, panel, chart.references || [], {y, box, labels: style.labels});
  return area;
}

function panelChart(container, chart) {
  const hidden = new Set();
  const labels = [];
  for (const panel of chart.panels)
    for (const line of panel.series) if (!labels.includes(line.label)) labels.push(line.label);
  const legend = el("div", {class: "legend"});
  const grid = el("div", {class: "panels"});
  container.replaceChildren(legend, grid);
  container.chart = chart;
  // A panel's own ranges only for an axis the panels do not share.
  const ownX = chart.sharedX === false, ownY = chart.sharedY === false;
  const shared = ownX && ownY ? null : markDomains(chart, chart.panels);
  const domainsOf = (panel) => {
    if (!ownX && !ownY) return shared;
    const own = markDomains(chart, [panel]);
    return {x: ownX ? own.x : shared.x, y: ownY ? own.y : shared.y};
  };
  const style = {box: {left: 58, top: 26, width: 330, height: 220}, hidden, labels,
    colourOf: (label) => PALETTE[labels.indexOf(label) % PALETTE.length]};
  let allPanels = chart.panels.length <= kPanelsDrawn;
  const draw = () => {
    const drawn = allPanels ? chart.panels : chart.panels.slice(0, kPanelsDrawn);
    let linePoints = 0;
    for (const panel of drawn)
      for (const line of panel.series)
        if (markOf(line) === "line" && !hidden.has(line.label)) linePoints += line.points.length;
    style.lineCircles = linePoints <= kLineCircles;
    grid.replaceChildren(...drawn.map((panel) => drawPanel(chart, panel, domainsOf(panel), style)));
    if (!allPanels)
      grid.appendChild(el("button", {class: "more-panels", text: `draw the other ` +
        `${chart.panels.length - kPanelsDrawn} of ${chart.panels.length} panels`, onclick: () => {
        allPanels = true;
        draw();
      }}));
    legend.replaceChildren(...labels.map((label) => el("button", {
      class: "legend-entry" + (hidden.has(label) ? " off" : ""), "data-series": label,
      onclick: () => {
        if (hidden.has(label)) hidden.delete(label);
        else hidden.add(label);
        draw();
      },
    }, [el("span", {class: "swatch", style: `background:${style.colourOf(label)}`}),
      document.createTextNode(label || "(all rows)")])));
    if (chart.bandLabel) legend.appendChild(el("span", {class: "note", text: chart.bandLabel}));
  };
  draw();
}

// A panel's reference lines: those of the datasets it holds (all when its rows have no
// dataset), dashed (the training majority more finely), in the series colour of their dataset
// when the series are the datasets, else grey; hover names the line.
const REFERENCE_NAMES = {test_majority: "majority class of the test rows",
  train_majority: "majority class of the training rows"};
function drawReferences(area, panel, references, frame) {
  const {y, box, labels} = frame;
  for (const reference of references) {
    if (panel.datasets.length && !panel.datasets.includes(reference.dataset)) continue;
    const series = labels.indexOf("dataset=" + reference.dataset);
    const colour = series >= 0 ? PALETTE[series % PALETTE.length] : "#555555";
    const text = [`${reference.dataset}: ${REFERENCE_NAMES[reference.kind] || reference.kind}`,
      `${short(reference.value)} (mean over the folds)`];
    // A transparent wide line under the dashed one takes the pointer (the gaps between dashes
    // would not).
    const at = {x1: box.left, x2: box.left + box.width, y1: y(reference.value),
      y2: y(reference.value)};
    area.appendChild(svg("g", {class: "reference", "data-dataset": reference.dataset,
      "data-kind": reference.kind, "data-value": reference.value,
      onmouseenter: (event) => tooltip.show(event, text), onmouseleave: () => tooltip.hide()}, [
      svg("line", {...at, stroke: colour, "stroke-dasharray":
        reference.kind === "train_majority" ? "3,3" : "8,4"}),
      svg("line", {...at, stroke: "transparent", class: "reference-target"}),
    ]));
  }
}

// A colour from low (blue) to high (orange) for the parallel coordinates' metric.
function rampColour(fraction) {
  const low = [0, 114, 178], high = [213, 94, 0];
  const mix = low.map((value, i) => Math.round(value + (high[i] - value) * fraction));
  return `rgb(${mix.join(",")})`;
}

// One vertical axis per dimension (numeric, or the sorted distinct values of a text column) and
// one line per row, coloured by the last dimension (the metric). Hover a line for its values.
function parallelCoordinates(container, table, rows, dimensions, limit) {
  const shown = rows.length > limit ? rows.filter((_, i) => i % Math.ceil(rows.length / limit) ===
    0) : rows;
  const width = Math.max(480, dimensions.length * 130), height = 320;
  const top = 30, bottom = height - 52;
  const area = svg("svg", {class: "parallel", width: width, height: height,
    viewBox: `0 0 ${width} ${height}`});
  const axes = dimensions.map((name, index) => {
    const column = table.header.indexOf(name);
    const values = shown.map((row) => row[column]);
    const numeric = values.every((value) => value === "" || Number.isFinite(number(value)));
    const xPosition = 60 + index * (width - 120) / Math.max(1, dimensions.length - 1);
    if (numeric) {
      const range = extent(values.map(number));
      const log = range[0] > 0 && range[1] / range[0] > 100;
      const scale = (log ? logScale : linearScale)(range, [bottom, top]);
      // An empty field (a parameter another selector does not have) sits under the axis.
      const hasEmpty = values.includes("");
      const ticks = scale.ticks().map((tick) => [scale(tick), short(tick)]);
      return {name, column, xPosition, position: (value) => value === "" ? bottom + 12 :
        scale(number(value)), ticks: hasEmpty ? ticks.concat([[bottom + 12, "(empty)"]]) : ticks};
    }
    const distinct = [...new Set(values)].sort();
    const step = (bottom - top) / Math.max(1, distinct.length - 1);
    const position = (value) => distinct.length === 1 ? (top + bottom) / 2 :
      bottom - distinct.indexOf(value) * step;
    return {name, column, xPosition, position, ticks: distinct.map((value) =>
      [position(value), value])};
  });
  const metric = axes[axes.length - 1];
  const metricRange = extent(shown.map((row) => number(row[metric.column])));
  for (const row of shown) {
    const fraction = (number(row[metric.column]) - metricRange[0]) /
      ((metricRange[1] - metricRange[0]) || 1);
    const points = axes.map((axis) => `${axis.xPosition},${axis.position(row[axis.column])}`);
    area.appendChild(svg("polyline", {points: points.join(" "), class: "trace",
      stroke: rampColour(Number.isFinite(fraction) ? fraction : 0),
      onmouseenter: (event) => tooltip.show(event, axes.map((axis) =>
        `${axis.name} = ${row[axis.column]}`)),
      onmouseleave: () => tooltip.hide()}));
  }
  for (const axis of axes) {
    area.appendChild(svg("line", {x1: axis.xPosition, x2: axis.xPosition, y1: top, y2: bottom,
      class: "axis"}));
    area.appendChild(svg("text", {x: axis.xPosition, y: bottom + 34, class: "label",
      "text-anchor": "middle", text: axis.name}));
    for (const [position, label] of axis.ticks)
      area.appendChild(svg("text", {x: axis.xPosition + 4, y: position + 4, class: "tick",
        text: label}));
  }
  const note = rows.length > shown.length ?
    el("p", {class: "note", text: `${shown.length} of ${rows.length} rows drawn (every ` +
      `${Math.ceil(rows.length / limit)}th)`}) : null;
  container.replaceChildren(...[area, note].filter(Boolean));
}

// Points of two values per item with the diagonal and, when `rope` > 0, the band |x - y| <= rope
// around it. `points`: {label, x, y}.
function scatterChart(container, points, labels, rope) {
  const size = 420, box = {left: 58, top: 20, width: 340, height: 340};
  const domain = extent(points.flatMap((point) => [point.x, point.y]));
  const x = linearScale(domain, [box.left, box.left + box.width]);
  const y = linearScale(domain, [box.top + box.height, box.top]);
  const area = svg("svg", {class: "scatter", width: size + 20, height: size + 20,
    viewBox: `0 0 ${size + 20} ${size + 20}`});
  if (rope > 0) {
    const [low, high] = domain;
    area.appendChild(svg("polygon", {class: "rope", points: [[low, low + rope], [high - rope,
      high], [high, high], [high, high - rope], [low + rope, low], [low, low]]
      .map(([a, b]) => `${x(Math.min(high, Math.max(low, a)))},` +
        `${y(Math.min(high, Math.max(low, b)))}`).join(" ")}));
  }
  drawAxes(area, x, y, box, labels);
  area.appendChild(svg("line", {x1: x(domain[0]), y1: y(domain[0]), x2: x(domain[1]),
    y2: y(domain[1]), class: "diagonal"}));
  for (const point of points)
    area.appendChild(svg("circle", {cx: x(point.x), cy: y(point.y), r: 4, class: "point dot",
      "data-label": point.label, "data-x": point.x, "data-y": point.y,
      onmouseenter: (event) => tooltip.show(event, [point.label, `${labels.x}: ${point.x}`,
        `${labels.y}: ${point.y}`]),
      onmouseleave: () => tooltip.hide()}));
  container.replaceChildren(area);
  container.chart = {points: points, rope: rope};
}
