#include "config/yaml_values.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "common/error.hpp"

namespace {

const tsfs::spec_detail::SpecSource kSource{"f", {}};

std::vector<double> generate(const std::string& text) {
  return tsfs::spec_detail::expand_generator(YAML::Load(text), {"test.yaml", {}});
}

}  // namespace

TEST_CASE("generators follow numpy's conventions") {
  auto log = generate("{logspace: {start: -2, stop: 1, num: 4}}");
  REQUIRE(log.size() == 4);
  CHECK(log[0] == 0.01);
  CHECK(log[3] == 10.0);
  CHECK(generate("{logspace: {start: 0, stop: 3, num: 4, base: 2}}") ==
        std::vector<double>{1, 2, 4, 8});
  CHECK(generate("{linspace: {start: 0, stop: 1, num: 5}}") ==
        std::vector<double>{0, 0.25, 0.5, 0.75, 1});
  CHECK(generate("{linspace: {start: 3, stop: 3, num: 1}}") == std::vector<double>{3});
  CHECK(generate("{range: [2, 5]}") == std::vector<double>{2, 3, 4, 5});
  CHECK(generate("{range: [0, 1, 0.5]}") == std::vector<double>{0, 0.5, 1});
}

TEST_CASE("malformed generators are errors with a location") {
  CHECK_THROWS_WITH_AS(generate("{range: [5, 2]}"), doctest::Contains("range needs first <= last"),
                       tsfs::InputError);
  CHECK_THROWS_WITH_AS(generate("{logspace: {start: 0, num: 3}}"),
                       doctest::Contains("missing 'stop'"), tsfs::InputError);
  CHECK_THROWS_WITH_AS(
      generate("{linspace: {start: 0, stop: 1, num: 3, step: 2}}"),
      doctest::Contains("test.yaml:1:40: unknown key 'step' in linspace (did you mean 'stop'?)"),
      tsfs::InputError);
  CHECK_THROWS_WITH_AS(generate("{geomspace: {start: 0, stop: 1, num: 3}}"),
                       doctest::Contains("unknown key 'geomspace'"), tsfs::InputError);
}

TEST_CASE("typed scalars") {
  using tsfs::ParamType;
  using tsfs::spec_detail::read_scalar;
  CHECK(std::get<long long>(read_scalar(YAML::Load("12"), ParamType::integer, kSource)) == 12);
  CHECK_THROWS_AS(read_scalar(YAML::Load("1.5"), ParamType::integer, kSource), tsfs::InputError);
  CHECK(std::get<double>(read_scalar(YAML::Load("1e-3"), ParamType::real, kSource)) == 1e-3);
  CHECK_THROWS_AS(read_scalar(YAML::Load("nan"), ParamType::real, kSource), tsfs::InputError);
  CHECK(std::get<bool>(read_scalar(YAML::Load("false"), ParamType::boolean, kSource)) == false);
  CHECK_THROWS_AS(read_scalar(YAML::Load("maybe"), ParamType::boolean, kSource), tsfs::InputError);
  CHECK(std::get<std::vector<std::string>>(
            read_scalar(YAML::Load("[a, b]"), ParamType::text_list, kSource)) ==
        std::vector<std::string>{"a", "b"});
}

TEST_CASE("generators too large for memory are refused with their computed size") {
  CHECK_THROWS_WITH_AS(generate("{linspace: {start: 0, stop: 1, num: 1e12}}"),
                       doctest::Contains("test.yaml:1:37: this makes 1000000000000 values, more "
                                         "than the 1000000 tsfs accepts"),
                       tsfs::InputError);
  CHECK_THROWS_WITH_AS(generate("{logspace: {start: 0, stop: 1, num: 1e300}}"),
                       doctest::Contains("values, more than the 1000000"), tsfs::InputError);
  CHECK_THROWS_WITH_AS(generate("{range: [1, 2, 1e-15]}"),
                       doctest::Contains("test.yaml:1:9: this makes 1000000000000000 values"),
                       tsfs::InputError);
  CHECK_THROWS_WITH_AS(generate("{range: [-1e308, 1e308]}"),
                       doctest::Contains("this makes inf values"), tsfs::InputError);
  CHECK(generate("{range: [1, 1000000]}").size() == 1000000);
  CHECK(generate("{linspace: {start: 0, stop: 1, num: 1000000}}").size() == 1000000);
}

TEST_CASE("a repeated sweep value is refused: it would repeat grid cells") {
  tsfs::ParamDeclaration spec;
  spec.name = "k";
  spec.type = tsfs::ParamType::integer;
  spec.sweepable = true;
  auto read = [&](const std::string& text) {
    return tsfs::spec_detail::read_sweep(YAML::Load(text), spec, {"t.yaml", {}});
  };
  CHECK(read("[5, 6]").size() == 2);
  CHECK_THROWS_WITH_AS(read("[5, 6, 5]"),
                       doctest::Contains("t.yaml:1:8: 'k' takes the value 5 twice (first at "
                                         "t.yaml:1:2)"),
                       tsfs::InputError);
  spec.type = tsfs::ParamType::real;
  CHECK_THROWS_WITH_AS(read("{range: [1e17, 1.00000000000000001e17]}"), doctest::Contains("twice"),
                       tsfs::InputError);
  CHECK_THROWS_WITH_AS(read("[0.1, 1e-1]"),
                       doctest::Contains("takes the value 0.10000000000000001 twice"),
                       tsfs::InputError);
  // Signed zeros are one value (a grid point and a key "0"), as are 0 and 0.0.
  CHECK_THROWS_WITH_AS(read("[0, -0.0]"), doctest::Contains("takes the value 0 twice"),
                       tsfs::InputError);
  CHECK_THROWS_WITH_AS(read("[-0.0, 0.0]"), doctest::Contains("takes the value 0 twice"),
                       tsfs::InputError);
  const std::vector<tsfs::ParamValue> negative_zero = read("-0.0");
  REQUIRE(negative_zero.size() == 1);
  CHECK_FALSE(std::signbit(std::get<double>(negative_zero[0])));
  CHECK(tsfs::display_value(negative_zero[0]) == "0");
  spec.type = tsfs::ParamType::integer;
  CHECK_THROWS_WITH_AS(read("{logspace: {start: 0, stop: 300, num: 3}}"),
                       doctest::Contains("needs integers"), tsfs::InputError);
}

TEST_CASE("names that become output paths must be plain file names") {
  using tsfs::spec_detail::file_name_problem;
  CHECK_FALSE(file_name_problem("Wafer"));
  CHECK_FALSE(file_name_problem("ECG200 v2.1"));
  CHECK_FALSE(file_name_problem("données"));
  CHECK(file_name_problem("") == "it is empty");
  for (const char* bad : {"a/b", "/abs", "..\\up", "C:\\x", "x/"})
    CHECK(file_name_problem(bad) == "it holds a path separator ('/' or '\\')");
  CHECK(file_name_problem("..") == "it holds '..'");
  CHECK(file_name_problem("a..b") == "it holds '..'");
  CHECK(file_name_problem(".") == "'.' names the current folder");
  CHECK(file_name_problem("tab\there") == "it holds a control character");
  CHECK(file_name_problem(std::string("nul\0x", 5)) == "it holds a control character");
  CHECK(file_name_problem(" Wafer") == "it starts or ends with a blank");
  CHECK(file_name_problem("non\xff\xfeutf") ==
        "it is not valid UTF-8 (JSON and CSV outputs hold it)");
  CHECK_FALSE(file_name_problem(std::string(tsfs::spec_detail::kMaxFileNameLength, 'A')));
  CHECK(file_name_problem(std::string(240, 'A')) == "it is 240 bytes long, more than 120");
}

TEST_CASE("generators whose values overflow are refused") {
  CHECK_THROWS_WITH_AS(generate("{logspace: {start: 0, stop: 400, num: 2}}"),
                       doctest::Contains("test.yaml:1:1: logspace overflows: it gives inf"),
                       tsfs::InputError);
  CHECK_THROWS_WITH_AS(generate("{linspace: {start: -1e308, stop: 1e308, num: 3}}"),
                       doctest::Contains("linspace overflows"), tsfs::InputError);
}

TEST_CASE("optional integers: an integer, none, lists and integer generators") {
  using tsfs::ParamType;
  const auto read = [](const std::string& text) {
    return tsfs::spec_detail::read_scalar(YAML::Load(text), ParamType::optional_integer, kSource);
  };
  CHECK(read("none") == tsfs::ParamValue{std::monostate{}});
  CHECK(read("12") == tsfs::ParamValue{12LL});
  CHECK_THROWS_WITH_AS(read("wide"), doctest::Contains("an integer or none"), tsfs::InputError);
  CHECK_THROWS_AS(read("1.5"), tsfs::InputError);
  tsfs::ParamDeclaration window{.name = "window",
                                .type = ParamType::optional_integer,
                                .check = tsfs::none_or(tsfs::at_least(0))};
  const auto sweep = tsfs::spec_detail::read_sweep(YAML::Load("[none, 0, 5]"), window, kSource);
  CHECK(sweep == std::vector<tsfs::ParamValue>{std::monostate{}, 0LL, 5LL});
  CHECK(tsfs::spec_detail::read_sweep(YAML::Load("{range: [2, 4]}"), window, kSource) ==
        std::vector<tsfs::ParamValue>{2LL, 3LL, 4LL});
  CHECK_THROWS_AS(tsfs::spec_detail::read_sweep(YAML::Load("-1"), window, kSource),
                  tsfs::InputError);
}

TEST_CASE("optional reals: a number, none, lists and generators (DTW's window_ratio)") {
  using tsfs::ParamType;
  const auto read = [](const std::string& text) {
    return tsfs::spec_detail::read_scalar(YAML::Load(text), ParamType::optional_real, kSource);
  };
  CHECK(read("none") == tsfs::ParamValue{std::monostate{}});
  CHECK(read("0.1") == tsfs::ParamValue{0.1});
  CHECK(read("1") == tsfs::ParamValue{1.0});
  CHECK_THROWS_AS(read("wide"), tsfs::InputError);
  tsfs::ParamDeclaration ratio{.name = "window_ratio",
                               .type = ParamType::optional_real,
                               .check = tsfs::none_or(tsfs::between(0.0, 1.0))};
  CHECK(tsfs::spec_detail::read_sweep(YAML::Load("[none, 0.1]"), ratio, kSource) ==
        std::vector<tsfs::ParamValue>{std::monostate{}, 0.1});
  CHECK(tsfs::spec_detail::read_sweep(YAML::Load("{linspace: {start: 0, stop: 1, num: 3}}"), ratio,
                                      kSource) == std::vector<tsfs::ParamValue>{0.0, 0.5, 1.0});
  CHECK_THROWS_AS(tsfs::spec_detail::read_sweep(YAML::Load("1.5"), ratio, kSource),
                  tsfs::InputError);
}

TEST_CASE("a value of a component's own keeps the kind it is written in, YAML's null is none") {
  using tsfs::ParamType;
  const auto read = [](const std::string& text) {
    return tsfs::spec_detail::read_scalar(YAML::Load(text), ParamType::any, kSource);
  };
  CHECK(read("3") == tsfs::ParamValue{3LL});
  CHECK(read("0.5") == tsfs::ParamValue{0.5});
  CHECK(read("true") == tsfs::ParamValue{std::in_place_type<bool>, true});
  CHECK(read("sqrt") == tsfs::ParamValue{std::string("sqrt")});
  CHECK(read("\"3\"") == tsfs::ParamValue{std::string("3")});    // quoted: a string
  CHECK(read(".inf") == tsfs::ParamValue{std::string(".inf")});  // not a finite number
  for (const char* none : {"none", "null", "~"})
    CHECK(read(none) == tsfs::ParamValue{std::monostate{}});
  CHECK(tsfs::spec_detail::read_scalar(YAML::Load("null"), ParamType::optional_integer, kSource) ==
        tsfs::ParamValue{std::monostate{}});
  CHECK_THROWS_AS(tsfs::spec_detail::read_scalar(YAML::Load("null"), ParamType::integer, kSource),
                  tsfs::InputError);
  CHECK_THROWS_AS(read("[1, 2]"), tsfs::InputError);
  // 1 and 1.0 read alike in a key: one grid point, written twice.
  const tsfs::ParamDeclaration own{.name = "own", .type = ParamType::any};
  CHECK_THROWS_AS(tsfs::spec_detail::read_sweep(YAML::Load("[1, 1.0]"), own, kSource),
                  tsfs::InputError);
  CHECK(tsfs::spec_detail::read_sweep(YAML::Load("[none, balanced, 2]"), own, kSource) ==
        std::vector<tsfs::ParamValue>{std::monostate{}, std::string("balanced"), 2LL});
}
