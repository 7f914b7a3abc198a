// Where presets are found (config/preset_dir.h): $GFXSIM_CONFIG_DIR first, then the
// installed folder relative to the binary when it holds baseline.yaml, then the build-time
// folder. Files in a folder per test under the build tree; the variable is restored.
#include "config/preset_dir.h"

#include <cstdlib>
#include <optional>

#include "sample_config.h"

namespace gfx::test {
namespace {

// Unsets (or sets) GFXSIM_CONFIG_DIR for one test and puts the old value back.
class ConfigDirEnv {
 public:
  explicit ConfigDirEnv(const char* value) {
    if (const char* old = std::getenv(cfg::kConfigDirEnv)) old_ = old;
    if (value)
      setenv(cfg::kConfigDirEnv, value, 1);
    else
      unsetenv(cfg::kConfigDirEnv);
  }
  ~ConfigDirEnv() {
    if (old_)
      setenv(cfg::kConfigDirEnv, old_->c_str(), 1);
    else
      unsetenv(cfg::kConfigDirEnv);
  }

 private:
  std::optional<std::string> old_;
};

using PresetDir = ConfigFiles;

TEST_F(PresetDir, InstalledPresetsBesideTheBinaryComeFirst) {
  ConfigDirEnv env(nullptr);
  const std::string bin = write("prefix/bin/gfxsim", "");
  write("prefix/share/gfxsim/configs/baseline.yaml", "");
  EXPECT_EQ(cfg::preset_dir(bin, "../share/gfxsim/configs", "/src/configs"),
            dir_ + "/prefix/share/gfxsim/configs");
}

TEST_F(PresetDir, AFolderWithoutBaselineIsNotAnInstall) {
  ConfigDirEnv env(nullptr);
  const std::string bin = write("prefix/bin/gfxsim", "");
  write("prefix/share/gfxsim/configs/small.yaml", "");
  EXPECT_EQ(cfg::preset_dir(bin, "../share/gfxsim/configs", "/src/configs"), "/src/configs");
  EXPECT_EQ(cfg::preset_dir("", "../share/gfxsim/configs", "/src/configs"), "/src/configs");
}

TEST_F(PresetDir, TheVariableOverridesEvenAnInstall) {
  const std::string bin = write("prefix/bin/gfxsim", "");
  write("prefix/share/gfxsim/configs/baseline.yaml", "");
  {
    ConfigDirEnv env("/my/presets");
    EXPECT_EQ(cfg::preset_dir(bin, "../share/gfxsim/configs", "/src/configs"), "/my/presets");
  }
  ConfigDirEnv empty("");  // set but empty: as if unset
  EXPECT_EQ(cfg::preset_dir(bin, "../share/gfxsim/configs", "/src/configs"),
            dir_ + "/prefix/share/gfxsim/configs");
}

TEST_F(PresetDir, ATestBinaryInTheBuildTreeGetsTheSourcePresets) {
  ConfigDirEnv env(nullptr);
  EXPECT_EQ(cfg::executable_preset_dir(), std::string(GFX_SOURCE_DIR) + "/configs");
}

}  // namespace
}  // namespace gfx::test
