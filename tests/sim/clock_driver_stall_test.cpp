// A unit that still holds work but never asks for another tick (a lost wake-up) must end
// the run with the driver's "stalled forever" error naming that unit, not hang. Its own
// binary: SystemC cannot elaborate a second time in one process.
#include <gtest/gtest.h>

#include <exception>
#include <string>
#include <systemc>

#include "common/error.h"
#include "scripted_unit.h"
#include "sim/clock_driver.h"

namespace gfx::sim {
namespace {

using test::ScriptedUnit;

TEST(ClockDriverStall, LostWakeUpIsReportedWithTheUnitsHoldingWork) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  ScriptedUnit idle("idle", {});
  ScriptedUnit stuck("stuck", {{0, Activity::Busy}, {3, Activity::Busy}}, /*stuck=*/true);
  ClockDriver driver("clock", 1000.0);
  driver.add(&idle);
  driver.add(&stuck);
  driver.set_done([] { return false; });

  sc_core::sc_start();  // returns: the driver stops itself on the error

  EXPECT_EQ(driver.activations(), 2u);
  EXPECT_EQ(driver.now(), 3u);
  ASSERT_TRUE(driver.failure());
  try {
    std::rethrow_exception(driver.failure());
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "internal error: the pipeline stalled forever at cycle 3 (units holding work: stuck "
              "(busy, last busy at cycle 3))");
    return;
  } catch (...) {
  }
  ADD_FAILURE() << "the failure is not a gfx::Error";
}

}  // namespace
}  // namespace gfx::sim
