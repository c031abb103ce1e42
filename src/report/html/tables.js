// Sortable, filterable tables of report.html: a row of filters over the header (a list of the
// values for a column with few, a text box matching part of the value otherwise), a click on a
// column's name sorts by it (numbers as numbers), and pages of `pageSize` rows.

const kListFilterLimit = 60;

class DataTable {
  constructor(container, table, options) {
    this.table = table;
    this.options = Object.assign({pageSize: 50, onChange: null, columns: null}, options);
    this.filters = new Map();
    this.sort = null;
    this.page = 0;
    this.columns = this.options.columns ?
      this.options.columns.map((name) => table.header.indexOf(name)).filter((i) => i >= 0) :
      table.header.map((_, i) => i);
    this.numeric = table.header.map((_, column) => table.rows.every((row) => row[column] === "" ||
      !Number.isNaN(number(row[column]))));
    this.status = el("div", {class: "table-status"});
    this.body = el("tbody");
    const head = el("thead", {}, [
      el("tr", {}, this.columns.map((column) => el("th", {
        "data-column": table.header[column], title: "sort", onclick: () => this.sortBy(column),
        text: table.header[column]}))),
      el("tr", {class: "filters"}, this.columns.map((column) => el("td", {},
        [this.filterControl(column)]))),
    ]);
    this.previous = el("button", {text: "previous", onclick: () => this.turn(-1)});
    this.next = el("button", {text: "next", onclick: () => this.turn(1)});
    container.replaceChildren(el("div", {class: "table-scroll"}, [el("table", {class: "data"},
      [head, this.body])]), el("div", {class: "pager"}, [this.previous, this.next, this.status]));
    container.dataTable = this;
    this.refresh();
  }

  filterControl(column) {
    const values = [...new Set(this.table.rows.map((row) => row[column]))];
    const name = this.table.header[column];
    if (values.length <= kListFilterLimit) {
      values.sort((a, b) => this.numeric[column] ? number(a) - number(b) : a.localeCompare(b));
      const control = el("select", {"data-filter": name, onchange: () =>
        this.setFilter(name, control.value === "\u0000all" ? null : control.value)},
      [el("option", {value: "\u0000all", text: "(all)"})].concat(values.map((value) =>
        el("option", {value: value, text: value === "" ? "(empty)" : value}))));
      return control;
    }
    const control = el("input", {type: "search", placeholder: "contains", "data-filter": name,
      oninput: () => this.setFilter(name, control.value === "" ? null : {contains: control.value})});
    return control;
  }

  // null clears the column's filter; a string keeps rows equal to it; {contains} rows holding it.
  setFilter(name, value) {
    const column = this.table.header.indexOf(name);
    if (column < 0) return;
    if (value === null) this.filters.delete(column);
    else this.filters.set(column, value);
    const control = this.body.parentNode.querySelector(`[data-filter="${CSS.escape(name)}"]`);
    if (control && control.tagName === "SELECT")
      control.value = typeof value === "string" ? value : "\u0000all";
    this.page = 0;
    this.refresh();
  }

  sortBy(column) {
    const descending = this.sort && this.sort.column === column && !this.sort.descending;
    this.sort = {column, descending};
    this.refresh();
  }

  turn(step) {
    this.page += step;
    this.refresh();
  }

  // The rows passing every filter, in the chosen order.
  visibleRows() {
    let rows = this.table.rows.filter((row) => [...this.filters].every(([column, value]) =>
      typeof value === "string" ? row[column] === value : row[column].includes(value.contains)));
    if (this.sort) {
      const {column, descending} = this.sort;
      const sign = descending ? -1 : 1;
      const key = this.numeric[column] ? (row) => number(row[column]) : (row) => row[column];
      rows = rows.map((row, index) => [key(row), index, row]).sort((a, b) => {
        const [ka, kb] = [a[0], b[0]];
        // Empty fields (NaN) last in either order; equal keys keep the file's order.
        if (typeof ka === "number" && (Number.isNaN(ka) || Number.isNaN(kb)))
          return Number.isNaN(ka) - Number.isNaN(kb) || a[1] - b[1];
        return (ka < kb ? -sign : ka > kb ? sign : 0) || a[1] - b[1];
      }).map((entry) => entry[2]);
    }
    return rows;
  }

  refresh() {
    const rows = this.visibleRows();
    const pages = Math.max(1, Math.ceil(rows.length / this.options.pageSize));
    this.page = Math.min(Math.max(0, this.page), pages - 1);
    const first = this.page * this.options.pageSize;
    this.body.replaceChildren(...rows.slice(first, first + this.options.pageSize).map((row) =>
      el("tr", {}, this.columns.map((column) => el("td", {class: this.numeric[column] ?
        "number" : null, text: row[column]})))));
    for (const th of this.body.parentNode.querySelectorAll("th")) {
      const column = this.table.header.indexOf(th.dataset.column);
      th.className = this.sort && this.sort.column === column ?
        (this.sort.descending ? "sorted-descending" : "sorted-ascending") : "";
    }
    this.previous.disabled = this.page === 0;
    this.next.disabled = this.page >= pages - 1;
    this.status.textContent = `${rows.length} of ${this.table.rows.length} rows` +
      (pages > 1 ? `, page ${this.page + 1} of ${pages}` : "");
    if (this.options.onChange) this.options.onChange(rows);
  }
}

// A section with a heading, for the pages' parts.
function section(id, title, children) {
  return el("section", {id: id}, [el("h2", {text: title})].concat(children));
}

// A table's container, or a note saying why the run has no such table.
function tableSection(table, options, missing) {
  const holder = el("div", {class: "table-holder"});
  if (!table) return [el("p", {class: "note", text: missing}), null];
  return [holder, new DataTable(holder, table, options)];
}
