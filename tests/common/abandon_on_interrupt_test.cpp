#include "common/abandon_on_interrupt.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <stdexcept>
#include <thread>

TEST_CASE("call_abandoning_on_interrupt returns the call's result and passes on its exception") {
  CHECK(tsfs::call_abandoning_on_interrupt([] { return 42; }) == 42);
  CHECK_THROWS_AS(tsfs::call_abandoning_on_interrupt([]() -> int { throw std::domain_error("x"); }),
                  std::domain_error);
}

TEST_CASE("a signal during call_abandoning_on_interrupt throws while the call is still running") {
  tsfs::InterruptHandlers handlers;
  // The call blocks until the signaller releases it, 1 s after the signal: a caller that waited
  // for the call would return after that, with the call finished, and fail here rather than hang.
  auto release = std::make_shared<std::promise<void>>();
  std::shared_future<void> released = release->get_future().share();
  auto finished = std::make_shared<std::atomic<bool>>(false);
  std::thread signaller([release] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    tsfs::request_interrupt();
    std::this_thread::sleep_for(std::chrono::seconds(1));
    release->set_value();
  });
  CHECK_THROWS_AS(tsfs::call_abandoning_on_interrupt([released, finished] {
                    released.wait();
                    finished->store(true);
                    return 1;
                  }),
                  tsfs::Interrupted);
  CHECK_FALSE(finished->load());
  signaller.join();
  // A signal that came before the call: nothing starts (not even later, on a thread).
  auto started = std::make_shared<std::atomic<bool>>(false);
  CHECK_THROWS_AS(tsfs::call_abandoning_on_interrupt([started] {
                    started->store(true);
                    return 1;
                  }),
                  tsfs::Interrupted);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK_FALSE(started->load());
  tsfs::clear_interrupt();
}
