// Located errors of the container reader: each names the shader, "DXBC" or the chunk,
// and the dword offset.
#include <gtest/gtest.h>

#include "d3d10/checksum.h"
#include "d3d10/container.h"
#include "test_util.h"

namespace gfx::d3d10 {
namespace {

using test::error_of;

std::string read_error(const test::Dwords& dw, bool checksum = true) {
  ReadOptions o;
  o.name = "ps_color";
  o.verify_checksum = checksum;
  return error_of([&] { read_container(dw, o); });
}

void reseal(test::Dwords& dw) {
  const auto s = dxbc_checksum(reinterpret_cast<const uint8_t*>(dw.data()), dw.size() * 4);
  for (int i = 0; i < 4; ++i) dw[1 + i] = s[i];
}

TEST(ContainerErrors, WrongChecksumSaysComputedAndFound) {
  auto dw = test::load_golden("ps_color");
  dw[2] = 0x12345678;
  EXPECT_EQ(read_error(dw),
            "ps_color: DXBC dword 1: checksum mismatch: computed 0x80F1C810 0xDACBBC8B 0xE07B133E "
            "0x3059CBFA, the header has 0x80F1C810 0x12345678 0xE07B133E 0x3059CBFA");
}

TEST(ContainerErrors, ChangedProgramDwordFailsTheChecksum) {
  auto dw = test::load_golden("ps_color");
  dw.back() = 0x0100003f;  // ret -> retc would be caught by the checksum first
  EXPECT_NE(read_error(dw).find("ps_color: DXBC dword 1: checksum mismatch"), std::string::npos);
}

TEST(ContainerErrors, TruncatedHeader) {
  const test::Dwords dw = {0x43425844, 0, 0, 0, 0};
  EXPECT_EQ(read_error(dw),
            "ps_color: DXBC dword 5: truncated container: 20 bytes, the header alone needs 32");
}

TEST(ContainerErrors, TruncatedContainerDisagreesWithTheHeaderSize) {
  auto dw = test::load_golden("ps_color");
  dw.pop_back();
  EXPECT_EQ(read_error(dw),
            "ps_color: DXBC dword 6: the header says 184 bytes, the container has 180");
}

TEST(ContainerErrors, ChunkRunsPastTheContainer) {
  auto dw = test::load_golden("ps_color");
  const uint32_t shdr_at = dw[10] / 4;  // third chunk offset, in dwords
  dw[shdr_at + 1] += 8;                 // SHDR claims two more dwords than there are
  reseal(dw);
  EXPECT_EQ(read_error(dw), "ps_color: DXBC dword " + std::to_string(shdr_at + 1) +
                                ": truncated chunk 2: 72 bytes run past the end of the container");
}

TEST(ContainerErrors, ChunkOffsetOutsideTheContainer) {
  auto dw = test::load_golden("ps_color");
  dw[9] = 4000;
  reseal(dw);
  EXPECT_EQ(
      read_error(dw),
      "ps_color: DXBC dword 9: chunk 1 offset 4000 is not a dword offset inside the container");
}

TEST(ContainerErrors, NotADxbcContainer) {
  auto dw = test::load_golden("ps_color");
  dw[0] = 0xFFFF0200;  // a D3D9 version token
  EXPECT_EQ(read_error(dw), "ps_color: DXBC dword 0: not a DXBC container: magic 0xFFFF0200");
}

TEST(ContainerErrors, TruncatedSignatureChunk) {
  auto dw = test::load_golden("ps_color");
  const uint32_t osgn_at = dw[9] / 4;
  dw[osgn_at + 2] = 3;  // OSGN: three elements, room for one
  reseal(dw);
  EXPECT_EQ(
      read_error(dw),
      "ps_color: OSGN dword 0: truncated chunk: 3 signature elements of 24 bytes from byte 8 run "
      "past its end (44 bytes)");
}

TEST(ContainerErrors, NoProgramChunk) {
  auto dw = test::load_golden("ps_color");
  const uint32_t shdr_at = dw[10] / 4;
  dw[shdr_at] = fourcc("XXXX");
  reseal(dw);
  EXPECT_EQ(read_error(dw), "ps_color: DXBC dword 7: no SHDR or SHEX chunk");
}

}  // namespace
}  // namespace gfx::d3d10
