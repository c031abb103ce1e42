#include "common/text.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

TEST_CASE("format_double round-trips every double and spells non-finite values") {
  for (double value : {0.1, 1.0 / 3.0, 1e-300, -2.5e300, 123456789.0, 5e-324}) {
    auto parsed = tsfs::parse_double(tsfs::format_double(value));
    REQUIRE(parsed);
    CHECK(*parsed == value);
  }
  CHECK(tsfs::format_double(std::nan("")) == "nan");
  CHECK(tsfs::format_double(-std::numeric_limits<double>::infinity()) == "-inf");
  CHECK(tsfs::format_double(1e-7) == "9.9999999999999995e-08");
}

TEST_CASE("shortest_number_text: a number's shortest round-trip text, other text as it is") {
  CHECK(tsfs::shortest_number_text("0.10000000000000001") == "0.1");
  CHECK(tsfs::shortest_number_text("9.9999999999999995e-08") == "1e-07");
  CHECK(tsfs::shortest_number_text("5") == "5");
  CHECK(tsfs::shortest_number_text("0.5") == "0.5");
  CHECK(tsfs::shortest_number_text("1e+100") == "1e+100");
  for (double value : {1.0 / 3.0, 5e-324, -2.5e300, 0.30000000000000004})
    CHECK(*tsfs::parse_double(tsfs::shortest_number_text(tsfs::format_double(value))) == value);
  for (const char* text : {"tuned", "he2005", "dtw-w100-if500", "nan", "inf", ""})
    CHECK(tsfs::shortest_number_text(text) == text);
}

TEST_CASE("parse_double accepts whole numeric tokens only") {
  CHECK(*tsfs::parse_double("+1.5") == 1.5);
  CHECK(std::isnan(*tsfs::parse_double("NaN")));
  CHECK(*tsfs::parse_double("7.0280533e-05") == 7.0280533e-05);
  CHECK_FALSE(tsfs::parse_double(""));
  CHECK_FALSE(tsfs::parse_double("1.5x"));
  CHECK_FALSE(tsfs::parse_double("abc"));
}

TEST_CASE("split keeps empty fields") {
  auto fields = tsfs::split("a,,b,", ',');
  REQUIRE(fields.size() == 4);
  CHECK(fields[1].empty());
  CHECK(fields[3].empty());
}

TEST_CASE("substitute_dataset replaces every placeholder") {
  CHECK(tsfs::substitute_dataset("f/{dataset}/{dataset}.csv", "Wafer") == "f/Wafer/Wafer.csv");
  CHECK(tsfs::substitute_dataset("plain.csv", "Wafer") == "plain.csv");
}

TEST_CASE("csv_field quotes only when needed") {
  CHECK(tsfs::csv_field("0_FFT mean coefficient_12") == "0_FFT mean coefficient_12");
  CHECK(tsfs::csv_field("a,b") == "\"a,b\"");
  CHECK(tsfs::csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
}

TEST_CASE("edit distance and suggestions") {
  CHECK(tsfs::edit_distance("kitten", "sitting") == 3);
  CHECK(tsfs::edit_distance("", "abc") == 3);
  CHECK(*tsfs::closest_match("sigma_ration", {"k", "sigma_ratio", "order"}) == "sigma_ratio");
  CHECK(*tsfs::closest_match("laplace", {"anova", "laplacian", "variance"}) == "laplacian");
  CHECK_FALSE(tsfs::closest_match("xyz", {"laplacian", "variance"}));
  // Two adjacent letters swapped are one edit; on a tie the name of the word's length wins.
  CHECK(tsfs::edit_distance("dwt", "dtw") == 1);
  CHECK(tsfs::edit_distance("ca", "abc") == 3);  // the restricted (optimal alignment) distance
  CHECK(*tsfs::closest_match("dwt", {"adtw", "ddtw", "dtw", "msm"}) == "dtw");
  CHECK(*tsfs::closest_match("anvoa", {"anova", "variance"}) == "anova");
}

TEST_CASE("UTF-8 validation follows RFC 3629: overlong forms, surrogates and stray bytes refused") {
  using tsfs::is_valid_utf8;
  CHECK(is_valid_utf8(""));
  CHECK(is_valid_utf8("Wafer"));
  CHECK(is_valid_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"));  // é, €, an emoji
  CHECK(is_valid_utf8("\xed\x9f\xbf\xf4\x8f\xbf\xbf"));               // U+D7FF, U+10FFFF
  CHECK_FALSE(is_valid_utf8("non\xff\xfeutf"));
  CHECK_FALSE(is_valid_utf8("\x80"));              // a continuation byte alone
  CHECK_FALSE(is_valid_utf8("\xc3"));              // truncated
  CHECK_FALSE(is_valid_utf8("\xc0\xaf"));          // overlong '/'
  CHECK_FALSE(is_valid_utf8("\xe0\x80\xaf"));      // overlong '/', three bytes
  CHECK_FALSE(is_valid_utf8("\xed\xa0\x80"));      // surrogate U+D800
  CHECK_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  CHECK_FALSE(is_valid_utf8("\xe2\x82"));          // truncated at the end
  CHECK(tsfs::utf8_sequence_length("\xe2\x82\xac", 0) == 3);
}

TEST_CASE(
    "printable_excerpt escapes control bytes and bytes that are not UTF-8, keeps characters") {
  CHECK(tsfs::printable_excerpt("a\tb\x01") == "a\\tb\\x01");
  CHECK(tsfs::printable_excerpt("non\xff\xfeutf") == "non\\xff\\xfeutf");
  CHECK(tsfs::printable_excerpt("caf\xc3\xa9") == "caf\xc3\xa9");
  CHECK(tsfs::printable_excerpt("abcdef", 3) == "abc...");
}
