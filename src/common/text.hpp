#pragma once
// Small text helpers shared by the readers and writers.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsfs {

// Text that reads back to the identical double (%.17g: the CSVs' fixed form); "nan", "inf", "-inf"
// otherwise.
std::string format_double(double value);
// For a label a reader sees: the shortest text that reads back to the same double as `field` when
// it is a finite number (0.10000000000000001 gives 0.1, 5 stays 5), else `field` itself.
std::string shortest_number_text(std::string_view field);
// format_double, or an empty field for NaN (an undefined metric in a CSV).
std::string format_double_or_empty(double value);

// Parses a whole token as a double (accepts "NaN", "nan", "inf", exponents); nullopt otherwise.
std::optional<double> parse_double(std::string_view token);

// `text` without leading and trailing blanks (spaces and tabs).
std::string_view trim_blanks(std::string_view text);

// Whether `text` holds a control byte (below 0x20, or DEL).
bool has_control_character(std::string_view text);

// Splits on one delimiter character, keeping empty fields.
std::vector<std::string_view> split(std::string_view line, char delimiter);

// Replaces every "{dataset}" in `pattern` by `dataset_name`.
std::string substitute_dataset(std::string_view pattern, std::string_view dataset_name);
// Why `pattern` is no usable path pattern ("" when it is): empty, or a "{...}" other than
// "{dataset}" (a misspelt placeholder would silently name a file that does not exist).
std::string dataset_pattern_problem(std::string_view pattern);

// Quotes a CSV field when it holds a comma, quote or newline (RFC 4180).
std::string csv_field(std::string_view value);

// `text` without a leading UTF-8 byte-order mark (editors on Windows and spreadsheet programs
// start files with one; it is not part of the first field).
std::string_view without_byte_order_mark(std::string_view text);

// The length in bytes (1 to 4) of the well-formed UTF-8 sequence starting at text[at], or 0 when
// the bytes there are not one (a stray continuation byte, a truncated or overlong sequence, a
// surrogate or a code point above U+10FFFF), per RFC 3629 section 4.
size_t utf8_sequence_length(std::string_view text, size_t at);
bool is_valid_utf8(std::string_view text);

// `text` as a JSON string, quotes included. JSON text is UTF-8 (RFC 8259 section 8.1): a byte that
// is not part of a UTF-8 character (a path on a file system with another encoding) becomes U+FFFD,
// so the document stays readable.
std::string json_string(const std::string& text);

// A piece of untrusted input for an error message: control bytes and bytes that are not UTF-8
// are escaped (\x00, \r, \t, \xff) and text longer than `limit` bytes is cut with "...", so a
// binary file or a megabyte-long token cannot garble or flood the message. UTF-8 names stay
// readable.
std::string printable_excerpt(std::string_view text, size_t limit = 40);

// The optimal string alignment distance (Levenshtein's insertions, deletions and substitutions,
// and a swap of two adjacent characters as one edit, the commonest typing slip: "dwt" is 1 from
// "dtw"), for "did you mean" suggestions.
int edit_distance(std::string_view a, std::string_view b);

// The closest candidate within a small edit distance, if any.
std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates);

}  // namespace tsfs
