#include "common/interrupt.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <csignal>

#include "common/parallel.hpp"

TEST_CASE("an interrupt stops parallel_for before its next item and throws Interrupted") {
  for (int threads : {1, 3}) {
    tsfs::InterruptHandlers handlers;
    std::atomic<size_t> ran{0};
    CHECK_THROWS_AS(tsfs::parallel_for(1000, threads,
                                       [&](size_t i) {
                                         if (i == 10) tsfs::request_interrupt();
                                         ++ran;
                                       }),
                    tsfs::Interrupted);
    // Items already started finish; no new item starts after the one that saw the flag.
    CHECK(ran.load() <= 11 + static_cast<size_t>(threads));
    CHECK(tsfs::interrupt_requested());
  }
  tsfs::clear_interrupt();
}

TEST_CASE(
    "SIGINT, SIGTERM and SIGHUP set the flag, new handlers clear it, old handlers come back") {
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
    CAPTURE(signal_number);
    auto before = std::signal(signal_number, SIG_IGN);
    {
      tsfs::InterruptHandlers handlers;
      CHECK_FALSE(tsfs::interrupt_requested());
      CHECK_NOTHROW(tsfs::throw_if_interrupted());
      std::raise(signal_number);
      CHECK(tsfs::interrupt_requested());
      CHECK_THROWS_AS(tsfs::throw_if_interrupted(), tsfs::Interrupted);
    }
    bool restored = std::signal(signal_number, before) == SIG_IGN;
    CHECK(restored);
    tsfs::InterruptHandlers handlers;
    CHECK_FALSE(tsfs::interrupt_requested());
  }
}

TEST_CASE("without an interrupt parallel_for runs every item") {
  tsfs::clear_interrupt();
  std::atomic<size_t> ran{0};
  tsfs::parallel_for(100, 2, [&](size_t) { ++ran; });
  CHECK(ran.load() == 100);
}
