// Reader of the .ts format of sktime and aeon for univariate classification data. The format,
// as aeon documents it (https://www.aeon-toolkit.org/en/stable/api_reference/data_format.html)
// and its load_from_ts_file reads it:
//   # comment lines (a description block)
//   @problemName GunPoint          header tags, case-insensitive, in any order, then @data
//   @timeStamps false
//   @missing false
//   @univariate true
//   @equalLength true
//   @seriesLength 150
//   @classLabel true 1 2           the labels the data may use
//   @data
//   -0.64,-0.64,...,-0.63:2        one series per line: values separated by ',', ':' and label
// Several ':'-separated value lists on a line are the dimensions of a multivariate series; '?'
// (or NaN) is a missing value. Unlike aeon, which skips unknown tags and does not compare the
// data with the header, tsfs refuses a header it cannot trust, naming the line.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>

#include "common/error.hpp"
#include "common/text.hpp"
#include "data/csv_matrix.hpp"
#include "data/series_file.hpp"

namespace tsfs {
namespace {

namespace fs = std::filesystem;

std::vector<std::string_view> split_blanks(std::string_view text) {
  std::vector<std::string_view> words;
  size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    size_t end = at;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end;
  }
  return words;
}

std::string lowercase(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower;
}

// The header tags tsfs knows, as aeon spells them (compared case-insensitively).
const std::vector<std::string>& known_tags() {
  static const std::vector<std::string> tags = {
      "@problemName", "@timeStamps",   "@missing",    "@univariate",  "@dimensions",
      "@equalLength", "@seriesLength", "@classLabel", "@targetLabel", "@data"};
  return tags;
}

struct Header {
  std::optional<bool> missing;             // @missing
  std::optional<bool> equal_length;        // @equalLength
  std::optional<long long> series_length;  // @seriesLength
  size_t series_length_line = 0;
  std::vector<std::string> class_labels;  // @classLabel true ...
  size_t class_label_line = 0;
  size_t missing_line = 0;
  size_t data_line = 0;  // the @data line (1-based); 0: none
};

class HeaderReader {
 public:
  explicit HeaderReader(const fs::path& path) : path_(path) {}

  // Reads one header line (not blank, not a comment); returns true at @data.
  bool read(std::string_view line, size_t number) {
    std::vector<std::string_view> words = split_blanks(line);
    const std::string tag = lowercase(words.front());
    std::vector<std::string_view> values(words.begin() + 1, words.end());
    const std::string place = fmt::format("{}:{}", path_.string(), number);
    auto known = std::find_if(known_tags().begin(), known_tags().end(),
                              [&](const std::string& name) { return lowercase(name) == tag; });
    // aeon writes @dimension in some versions, @dimensions in others.
    if (known == known_tags().end() && tag == "@dimension")
      known = std::find(known_tags().begin(), known_tags().end(), "@dimensions");
    if (known == known_tags().end()) {
      std::string message =
          fmt::format("unknown header tag '{}'", printable_excerpt(words.front()));
      if (auto suggestion = closest_match(words.front(), known_tags()))
        message += fmt::format(" (did you mean '{}'?)", *suggestion);
      throw InputError(
          place, message + fmt::format("; a .ts header knows {}", fmt::join(known_tags(), ", ")));
    }
    const std::string& name = *known;
    auto [previous, inserted] = seen_.try_emplace(name, number);
    if (!inserted)
      throw InputError(place,
                       fmt::format("{} given twice (first on line {})", name, previous->second));
    if (name == "@data") {
      if (!values.empty()) throw InputError(place, "@data takes no value; the series follow it");
      header_.data_line = number;
      return true;
    }
    if (name == "@problemName") {
      if (values.size() != 1)
        throw InputError(place, "@problemName takes one name (without spaces)");
    } else if (name == "@timeStamps") {
      if (flag(values, name, place))
        throw InputError(place,
                         "@timeStamps true: time-stamped series are not supported (tsfs reads "
                         "series of values sampled at equal intervals)");
    } else if (name == "@missing") {
      header_.missing = flag(values, name, place);
      header_.missing_line = number;
    } else if (name == "@univariate") {
      if (!flag(values, name, place))
        throw InputError(place,
                         "@univariate false: multivariate series are not supported (tsfs "
                         "classifies univariate series)");
    } else if (name == "@dimensions") {
      long long count = count_value(values, name, place);
      if (count != 1)
        throw InputError(place, fmt::format("@dimensions {}: multivariate series are not "
                                            "supported (tsfs classifies univariate series)",
                                            count));
    } else if (name == "@equalLength") {
      header_.equal_length = flag(values, name, place);
    } else if (name == "@seriesLength") {
      header_.series_length = count_value(values, name, place);
      header_.series_length_line = number;
    } else if (name == "@classLabel") {
      if (values.empty() || !flag({values.front()}, name, place))
        throw InputError(place,
                         "@classLabel false: the series have no class labels, and tsfs "
                         "classifies (it needs @classLabel true followed by the labels)");
      if (values.size() == 1)
        throw InputError(place, "@classLabel true must be followed by the class labels");
      for (size_t i = 1; i < values.size(); ++i) {
        if (has_control_character(values[i]))
          throw InputError(place, fmt::format("class label '{}' holds a control character",
                                              printable_excerpt(values[i])));
        header_.class_labels.emplace_back(values[i]);
      }
      header_.class_label_line = number;
    } else if (name == "@targetLabel") {
      if (flag(values, name, place))
        throw InputError(place,
                         "@targetLabel true: a regression problem; tsfs classifies "
                         "(it needs @classLabel true followed by the labels)");
    }
    return false;
  }

  const Header& header() const { return header_; }

 private:
  static bool flag(const std::vector<std::string_view>& values, const std::string& name,
                   const std::string& place) {
    const std::string value = values.size() == 1 ? lowercase(values.front()) : "";
    if (value == "true") return true;
    if (value == "false") return false;
    throw InputError(place, fmt::format("{} must be true or false, got '{}'", name,
                                        printable_excerpt(values.empty() ? "" : values.front())));
  }

  static long long count_value(const std::vector<std::string_view>& values, const std::string& name,
                               const std::string& place) {
    std::optional<double> number = values.size() == 1 ? parse_double(values.front()) : std::nullopt;
    if (!number || *number < 1 || *number != std::floor(*number) || *number > 2147483647.0)
      throw InputError(place, fmt::format("{} must be a positive whole number, got '{}'", name,
                                          printable_excerpt(values.empty() ? "" : values.front())));
    return static_cast<long long>(*number);
  }

  fs::path path_;
  Header header_;
  std::map<std::string, size_t> seen_;
};

// Reads the header; returns it with the index of the first line after @data.
std::pair<Header, size_t> read_header(const fs::path& path,
                                      const std::vector<std::string_view>& lines) {
  HeaderReader reader(path);
  for (size_t index = 0; index < lines.size(); ++index) {
    std::string_view line = trim_blanks(lines[index]);
    if (line.empty() || line.front() == '#') continue;
    if (line.front() != '@')
      throw InputError(fmt::format("{}:{}", path.string(), index + 1),
                       fmt::format("'{}' before @data: the header holds only @tag lines and "
                                   "# comments, and @data must come before the series",
                                   printable_excerpt(line)));
    if (reader.read(line, index + 1)) {
      const Header& header = reader.header();
      if (header.class_labels.empty())
        throw InputError(fmt::format("{}:{}", path.string(), index + 1),
                         "no @classLabel line before @data: tsfs needs the class labels "
                         "(@classLabel true followed by the labels)");
      return {header, index + 1};
    }
  }
  throw InputError(path.string(), lines.empty() ? "empty file"
                                                : "no @data line: a .ts file lists its series "
                                                  "after a header that ends with @data");
}

// A header tag among the series ("@data" again, "@classLabel ..."): the header ends at @data, so
// it is refused as what it is rather than read as a series without a class label.
void refuse_tag_after_data(std::string_view line, size_t number, const Header& header,
                           const fs::path& path) {
  const std::string_view text = trim_blanks(line);
  if (!text.starts_with('@')) return;
  const std::string tag(text.substr(0, text.find_first_of(" \t")));
  const std::string place = fmt::format("{}:{}", path.string(), number);
  if (lowercase(tag) == "@data")
    throw InputError(place, fmt::format("@data given twice (first on line {})", header.data_line));
  throw InputError(place, fmt::format("header tag '{}' after @data (line {}): the header ends "
                                      "at @data and the series follow it",
                                      printable_excerpt(tag), header.data_line));
}

// One data line "v1,v2,...,vn:label" into `file`.
void parse_data_line(std::string_view line, size_t number, const Header& header,
                     MissingValues missing, SeriesFile& file) {
  const std::string place = fmt::format("{}:{}", file.path.string(), number);
  if (trim_blanks(line).empty()) throw InputError(place, "empty line");
  const size_t colon = line.rfind(':');
  if (colon == std::string_view::npos)
    throw InputError(place,
                     "no class label: a .ts series ends with ':' and its label (a line "
                     "cut short, or a file without labels?)");
  std::string_view series = line.substr(0, colon);
  if (series.find(':') != std::string_view::npos)
    throw InputError(place, fmt::format("{} value lists separated by ':': a multivariate series "
                                        "(tsfs classifies univariate series)",
                                        std::count(series.begin(), series.end(), ':') + 1));
  std::string_view label = trim_blanks(line.substr(colon + 1));
  if (label.empty()) throw InputError(place, "empty class label after ':'");
  if (has_control_character(label))
    throw InputError(
        place, fmt::format("class label '{}' holds a control character", printable_excerpt(label)));
  if (std::find(header.class_labels.begin(), header.class_labels.end(), label) ==
      header.class_labels.end())
    throw InputError(place, fmt::format("class label '{}' is not declared by @classLabel (line "
                                        "{}: {})",
                                        printable_excerpt(label), header.class_label_line,
                                        fmt::join(header.class_labels, " ")));
  if (trim_blanks(series).empty()) throw InputError(place, "no values before the class label");

  size_t count = 0;
  size_t observed = 0;
  const char* cursor = series.data();
  const char* end = series.data() + series.size();
  while (true) {
    const auto* comma =
        static_cast<const char*>(std::memchr(cursor, ',', static_cast<size_t>(end - cursor)));
    const char* token_end = comma ? comma : end;
    std::string_view token = trim_blanks(std::string_view(cursor, token_end - cursor));
    ++count;
    double value = std::numeric_limits<double>::quiet_NaN();
    if (token != "?") {
      std::optional<double> parsed = parse_double(token);
      if (!parsed)
        throw InputError(
            place, fmt::format("value {}: {}", count, bad_number_reason(token, comma == nullptr)));
      if (std::isinf(*parsed))
        throw InputError(
            place, fmt::format("value {}: infinite value '{}'", count, printable_excerpt(token)));
      if (std::abs(*parsed) > kLargestValue)
        throw InputError(place, fmt::format("value {}: {}", count, too_large_value_reason(token)));
      value = *parsed;
    }
    if (std::isnan(value)) {
      if (header.missing == false)
        throw InputError(place, fmt::format("value {}: missing value '{}', but line {} says "
                                            "@missing false",
                                            count, printable_excerpt(token), header.missing_line));
      if (missing == MissingValues::refuse)
        throw InputError(place, fmt::format("value {}: missing value '{}'; {}", count,
                                            printable_excerpt(token), kInterpolateAdvice));
    } else {
      ++observed;
    }
    file.values.push_back(value);
    if (!comma) break;
    cursor = comma + 1;
  }
  if (observed == 0) throw InputError(place, "series has no values (all missing)");
  const bool equal_length = header.equal_length.value_or(header.series_length.has_value());
  if (equal_length && header.series_length &&
      static_cast<long long>(count) != *header.series_length)
    throw InputError(place, fmt::format("{} values, but line {} says @seriesLength {}", count,
                                        header.series_length_line, *header.series_length));
  if (equal_length && !header.series_length && !file.lengths.empty() &&
      static_cast<int>(count) != file.lengths.front())
    throw InputError(place, fmt::format("{} values, but the series on line {} has {} and the "
                                        "header says @equalLength true",
                                        count, file.lines.front(), file.lengths.front()));
  if (count > static_cast<size_t>(std::numeric_limits<int>::max()))
    throw InputError(place, fmt::format("{} values, more than a series may hold", count));
  file.labels.emplace_back(label);
  file.lengths.push_back(static_cast<int>(count));
  file.starts.push_back(file.values.size());
  file.lines.push_back(number);
}

}  // namespace

bool is_ts_file(const fs::path& path) {
  const std::string name = path.filename().string();
  return name.ends_with(".ts") || name.ends_with(".ts.gz");
}

SeriesFile parse_ts_file(const fs::path& path, MissingValues missing) {
  std::string text = read_maybe_gzipped(path);
  std::vector<std::string_view> lines = split_lines(without_byte_order_mark(text));
  auto [header, first_data] = read_header(path, lines);
  SeriesFile file;
  file.path = path;
  file.ts_format = true;
  if (first_data == lines.size())
    throw InputError(path.string(),
                     fmt::format("no series after @data (line {})", header.data_line));
  // Every value takes at least two bytes of the file (a digit and a separator).
  file.values.reserve(text.size() / 2);
  for (size_t index = first_data; index < lines.size(); ++index) {
    refuse_tag_after_data(lines[index], index + 1, header, path);
    parse_data_line(lines[index], index + 1, header, missing, file);
  }
  file.values.shrink_to_fit();
  return file;
}

long long count_ts_rows(const fs::path& path) {
  std::string text = read_maybe_gzipped(path);
  std::vector<std::string_view> lines = split_lines(without_byte_order_mark(text));
  for (size_t index = 0; index < lines.size(); ++index)
    if (lowercase(trim_blanks(lines[index])) == "@data")
      return static_cast<long long>(lines.size() - index - 1);
  throw InputError(path.string(),
                   "no @data line: a .ts file lists its series after a header "
                   "that ends with @data");
}

std::string SeriesFile::place(size_t row) const {
  return fmt::format("{}:{}", path.string(), lines[row]);
}

std::string too_large_value_reason(std::string_view token) {
  return fmt::format(
      "value '{}' is beyond +-1e100, where sums of squares overflow; rescale the "
      "data",
      printable_excerpt(token));
}

}  // namespace tsfs
