// The capture's data files (BufferDescriptors.dat, MemoryRegions.dat): the bytes of a
// descriptor, shared regions, and errors that name the file, the descriptor or region
// and the byte offset.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "import/conversion_error.h"
#include "import/gli_data.h"

namespace gfx::import {
namespace {

void put32(std::vector<uint8_t>& b, uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(uint8_t(v >> (8 * i)));
}

std::vector<uint8_t> descriptors(std::initializer_list<std::array<uint32_t, 4>> records) {
  std::vector<uint8_t> b;
  for (const auto& r : records)
    for (uint32_t v : r) put32(b, v);
  return b;
}

void region(std::vector<uint8_t>& b, uint32_t id, std::vector<uint8_t> bytes) {
  put32(b, id);
  put32(b, 0x1000 + id);
  put32(b, uint32_t(bytes.size()));
  b.insert(b.end(), bytes.begin(), bytes.end());
}

std::string error_of(GliData& d, uint32_t id) {
  try {
    d.buffer(id);
  } catch (const ConversionError& e) {
    return e.what();
  }
  return "no error";
}

TEST(GliData, DescriptorsShareRegions) {
  std::vector<uint8_t> r;
  region(r, 0, {1, 2, 3});
  region(r, 7, {9, 8, 7, 6, 5});
  GliData d("");
  d.load(descriptors({{{0, 0x1000, 3, 0}}, {{1, 0x1007, 5, 7}}, {{2, 0x1007, 4, 7}}}), "D.dat", r,
         "M.dat");
  EXPECT_EQ(d.buffer(0), (std::vector<uint8_t>{1, 2, 3}));
  EXPECT_EQ(d.buffer(1), (std::vector<uint8_t>{9, 8, 7, 6, 5}));
  EXPECT_EQ(d.buffer(2), (std::vector<uint8_t>{9, 8, 7, 6}));  // a shorter use of region 7
}

TEST(GliData, MissingRegionNamesDescriptorAndOffset) {
  std::vector<uint8_t> r;
  region(r, 0, {1});
  GliData d("");
  d.load(descriptors({{{0, 0x1000, 1, 0}}, {{1, 0x2000, 8, 4}}}), "D.dat", r, "M.dat");
  EXPECT_EQ(error_of(d, 1),
            "D.dat: byte offset 16: descriptor 1 names memory region 4, which M.dat does not "
            "hold");
  EXPECT_EQ(error_of(d, 5), "D.dat: buffer descriptor 5 is not in the file (2 descriptors)");
}

TEST(GliData, DescriptorLargerThanItsRegion) {
  std::vector<uint8_t> r;
  region(r, 0, {1});
  region(r, 1, {1, 2});
  GliData d("");
  d.load(descriptors({{{3, 0x1000, 4, 1}}}), "D.dat", r, "M.dat");
  EXPECT_EQ(error_of(d, 3),
            "D.dat: byte offset 0: descriptor 3 is 4 bytes but memory region 1 (M.dat byte "
            "offset 13) holds only 2");
}

TEST(GliData, TruncatedFiles) {
  std::vector<uint8_t> r;
  region(r, 0, {1, 2, 3, 4});
  std::vector<uint8_t> cut(r.begin(), r.end() - 1);
  GliData d("");
  try {
    d.load(descriptors({{{0, 0, 4, 0}}}), "D.dat", cut, "M.dat");
    FAIL() << "no error";
  } catch (const ConversionError& e) {
    EXPECT_STREQ(e.what(),
                 "M.dat: byte offset 0: region 0 holds 4 bytes but the file ends 3 bytes after "
                 "its header");
  }
  std::vector<uint8_t> header_cut(r.begin(), r.begin() + 8);
  std::vector<uint8_t> two = r;
  two.insert(two.end(), header_cut.begin(), header_cut.end());
  try {
    d.load(descriptors({{{0, 0, 4, 0}}}), "D.dat", two, "M.dat");
    FAIL() << "no error";
  } catch (const ConversionError& e) {
    EXPECT_STREQ(e.what(), "M.dat: byte offset 16: truncated region header (8 of 12 bytes)");
  }
  std::vector<uint8_t> desc = descriptors({{{0, 0, 4, 0}}, {{1, 0, 4, 0}}});
  desc.resize(20);
  try {
    d.load(desc, "D.dat", r, "M.dat");
    FAIL() << "no error";
  } catch (const ConversionError& e) {
    EXPECT_STREQ(e.what(), "D.dat: byte offset 16: truncated descriptor record (4 of 16 bytes)");
  }
}

TEST(GliData, MissingFileIsNamedOnFirstUse) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("gli_data_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream o(dir / "BufferDescriptors.dat", std::ios::binary);
    std::vector<uint8_t> b = descriptors({{{0, 0, 1, 0}}});
    o.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
  }
  GliData d(dir.string());
  EXPECT_EQ(error_of(d, 0), (dir / "MemoryRegions.dat").string() +
                                ": the capture's data file is missing (the call reads recorded "
                                "bytes from it)");
  fs::remove_all(dir);
}

TEST(GliData, PointerArguments) {
  EXPECT_EQ(GliData::descriptor_of("*12"), 12u);
  EXPECT_THROW(GliData::descriptor_of("U0x1244544"), ConversionError);
  EXPECT_THROW(GliData::descriptor_of("*"), ConversionError);
}

}  // namespace
}  // namespace gfx::import
