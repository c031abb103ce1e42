#include "common/params.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

TEST_CASE("ParamSet keeps declaration order and displays canonical text") {
  tsfs::ParamSet params;
  params.set("k", 10LL);
  params.set("sigma_ratio", 1e-7);
  params.set("order", std::string("descending"));
  params.set("stable_weights", false);
  params.set("k", 20LL);  // replaces in place
  CHECK(params.canonical() ==
        "k=20,sigma_ratio=9.9999999999999995e-08,order=descending,stable_weights=false");
  CHECK(params.real("k") == 20.0);
  CHECK(params.integer("k") == 20);
  CHECK_THROWS_AS(params.at("missing"), std::logic_error);
  CHECK(tsfs::display_value(std::vector<std::string>{"a", "b"}) == "a;b");
}

TEST_CASE("range checks") {
  CHECK(tsfs::greater_than(0)(0.0) == "must be > 0");
  CHECK(tsfs::greater_than(0)(1e-300).empty());
  CHECK(tsfs::at_least(1)(1LL).empty());
  CHECK(tsfs::between(0, 1)(1.5) == "must be between 0 and 1");
  CHECK_FALSE(tsfs::at_least(1)(std::string("x")).empty());
}

TEST_CASE("optional integers: none displays as none, a number as itself") {
  tsfs::ParamSet params;
  params.set("window", std::monostate{});
  params.set("band", 7LL);
  CHECK(params.canonical() == "window=none,band=7");
  CHECK_FALSE(params.optional_integer("window").has_value());
  CHECK(params.optional_integer("band") == 7);
  const tsfs::ParamCheck check = tsfs::none_or(tsfs::at_least(0));
  CHECK(check(std::monostate{}).empty());
  CHECK(check(0LL).empty());
  CHECK(check(-1LL) == "must be >= 0");
  CHECK(tsfs::type_name(tsfs::ParamType::optional_integer) == "an integer or none");
}

TEST_CASE("a declaration reports a refused value as a ParamProblem naming itself") {
  tsfs::ParamDeclaration k{
      .name = "k", .type = tsfs::ParamType::integer, .check = tsfs::at_least(1)};
  CHECK_FALSE(k.problem_with(1LL).has_value());
  const auto low = k.problem_with(0LL);
  REQUIRE(low.has_value());
  CHECK(low->param == "k");
  CHECK(low->message == "must be >= 1 (got 0)");
  tsfs::ParamDeclaration order{
      .name = "order", .type = tsfs::ParamType::text, .choices = {"ascending", "descending"}};
  CHECK_FALSE(order.problem_with(std::string("ascending")).has_value());
  CHECK(order.problem_with(std::string("up"))->message ==
        "must be one of ascending, descending, got 'up'");
}
