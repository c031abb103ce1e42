#include <fmt/format.h>

#include "common/enum_names.hpp"
#include "common/text.hpp"
#include "config/plot_kind.hpp"

namespace tsfs {
namespace {

constexpr auto kMarkNames = enum_names<PageMark>(
    {{PageMark::line, "line"}, {PageMark::point, "point"}, {PageMark::bar, "bar"}});

}  // namespace

void PageChart::add(std::string_view panel, std::string_view series, PageMark mark, double x,
                    double y, double extent) {
  marks_ += fmt::format("{},{},{},{},{},{}\n", csv_field(panel), csv_field(series),
                        kMarkNames.name(mark), format_double_or_empty(x), format_double_or_empty(y),
                        format_double_or_empty(extent));
}

std::string PageChart::marks_csv() const {
  return marks_.empty() ? marks_ : "panel,series,mark,x,y,extent\n" + marks_;
}

std::string PageChart::axes_csv() const {
  if (marks_.empty()) return "";
  return fmt::format("x_label,y_label,shared_x,shared_y,y_min,y_max,log_y\n{},{},{},{},{},{},{}\n",
                     csv_field(x_label), csv_field(y_label), shared_x, shared_y,
                     format_double_or_empty(y_min), format_double_or_empty(y_max), log_y);
}

}  // namespace tsfs
