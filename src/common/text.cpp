#include "common/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace tsfs {

std::string format_double(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::string format_double_or_empty(double value) {
  return std::isnan(value) ? "" : format_double(value);
}

std::string_view trim_blanks(std::string_view text) {
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

bool has_control_character(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7F;
  });
}

std::optional<double> parse_double(std::string_view token) {
  if (token.empty()) return std::nullopt;
  // from_chars does not accept a leading '+', which some writers emit.
  if (token.front() == '+') token.remove_prefix(1);
  double value = 0.0;
  auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc() || end != token.data() + token.size()) return std::nullopt;
  return value;
}

std::string shortest_number_text(std::string_view field) {
  const auto value = parse_double(field);
  // fmt's default form of a double is the shortest that round-trips (Dragonbox).
  if (value && std::isfinite(*value)) return fmt::format("{}", *value);
  return std::string(field);
}

std::vector<std::string_view> split(std::string_view line, char delimiter) {
  std::vector<std::string_view> fields;
  size_t start = 0;
  while (true) {
    size_t end = line.find(delimiter, start);
    if (end == std::string_view::npos) {
      fields.push_back(line.substr(start));
      return fields;
    }
    fields.push_back(line.substr(start, end - start));
    start = end + 1;
  }
}

std::string dataset_pattern_problem(std::string_view pattern) {
  if (pattern.empty()) return "must not be empty";
  for (size_t open = pattern.find('{'); open != std::string_view::npos;
       open = pattern.find('{', open + 1)) {
    const size_t close = pattern.find('}', open);
    if (close == std::string_view::npos) break;
    const std::string_view placeholder = pattern.substr(open, close - open + 1);
    if (placeholder != "{dataset}")
      return fmt::format(
          "'{}' is no placeholder: only {{dataset}} is replaced (by the dataset's "
          "name)",
          printable_excerpt(placeholder));
  }
  return "";
}

std::string substitute_dataset(std::string_view pattern, std::string_view dataset_name) {
  static constexpr std::string_view placeholder = "{dataset}";
  std::string result;
  size_t start = 0;
  while (true) {
    size_t found = pattern.find(placeholder, start);
    result.append(pattern.substr(start, found - start));
    if (found == std::string_view::npos) return result;
    result.append(dataset_name);
    start = found + placeholder.size();
  }
}

std::string csv_field(std::string_view value) {
  if (value.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(value);
  std::string quoted = "\"";
  for (char c : value) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

std::string_view without_byte_order_mark(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  return text;
}

size_t utf8_sequence_length(std::string_view text, size_t at) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return 1;
  // The lead byte gives the length and the range of the second byte, which rules out overlong
  // forms (E0 80..9F, F0 80..8F), surrogates (ED A0..BF) and code points above U+10FFFF (F4 90..).
  size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  if (byte(at + 1) < low || byte(at + 1) > high) return 0;
  for (size_t i = at + 2; i < at + length; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return length;
}

bool is_valid_utf8(std::string_view text) {
  for (size_t at = 0; at < text.size();) {
    size_t length = utf8_sequence_length(text, at);
    if (length == 0) return false;
    at += length;
  }
  return true;
}

std::string printable_excerpt(std::string_view text, size_t limit) {
  std::string shown;
  for (size_t i = 0; i < text.size() && i < limit;) {
    auto byte = static_cast<unsigned char>(text[i]);
    size_t length = utf8_sequence_length(text, i);
    if (byte == '\t') {
      shown += "\\t";
    } else if (byte == '\r') {
      shown += "\\r";
    } else if (byte == '\n') {
      shown += "\\n";
    } else if (byte < 0x20 || byte == 0x7F || length == 0) {
      shown += fmt::format("\\x{:02x}", byte);
    } else {
      shown += text.substr(i, length);  // printable ASCII or a whole UTF-8 character
      i += length;
      continue;
    }
    ++i;
  }
  if (text.size() > limit) shown += "...";
  return shown;
}

int edit_distance(std::string_view a, std::string_view b) {
  // Rows i - 2, i - 1 and i of the distances between a's and b's prefixes.
  std::vector<int> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
  std::iota(row.begin(), row.end(), 0);
  for (size_t i = 1; i <= a.size(); ++i) {
    before.swap(previous);
    previous.swap(row);
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min(
          {previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
  }
  return row[b.size()];
}

std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  // Up to 2 edits for short words, up to half the word's length for longer ones.
  int best_distance = std::max<int>(2, static_cast<int>(word.size()) / 2) + 1;
  for (const auto& candidate : candidates) {
    int distance = edit_distance(word, candidate);
    // A word that begins another ("sigma" for "sigma_ratio") is a likely truncation.
    if (word.size() >= 3 && candidate.rfind(word, 0) == 0) distance = std::min(distance, 2);
    // On a tie, the candidate nearer the word's length: a slip within the word ("dwt" for
    // "dtw") rather than a letter left out ("ddtw").
    const auto length_gap = [&](const std::string& name) {
      return std::abs(static_cast<long>(name.size()) - static_cast<long>(word.size()));
    };
    if (distance < best_distance ||
        (distance == best_distance && best && length_gap(candidate) < length_gap(*best))) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

std::string json_string(const std::string& text) {
  std::string quoted = "\"";
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    const size_t length = utf8_sequence_length(text, i);
    if (c == '"' || c == '\\') {
      quoted += '\\';
      quoted += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      quoted += fmt::format("\\u{:04x}", static_cast<int>(c));
    } else if (length == 0) {
      quoted += "\\ufffd";
    } else {
      quoted.append(text, i, length);
      i += length;
      continue;
    }
    ++i;
  }
  return quoted + "\"";
}

}  // namespace tsfs
