// The trace forms of the output-merger additions: the header's optional depth_format and
// the stencil / blend / write-mask render states survive YAML -> binary -> YAML exactly,
// and a header that leaves depth_format at d24s8 encodes as before (no tail).
#include <gtest/gtest.h>

#include "test_util.h"
#include "trace/binary_codec.h"
#include "trace/render_states.h"

namespace gfx::test {
namespace {

using namespace gfx::trace;

void expect_round_trip(const std::string& yaml) {
  ScratchDir dir;
  WholeTrace original = read_all(yaml);
  write_all(dir.path("a.gfxt"), original, Form::Binary);
  write_all(dir.path("b.yaml"), read_all(dir.path("a.gfxt")), Form::Yaml);
  WholeTrace back = read_all(dir.path("b.yaml"));
  EXPECT_EQ(back.header.depth_format, original.header.depth_format);
  ASSERT_EQ(back.commands.size(), original.commands.size());
  for (size_t i = 0; i < back.commands.size(); ++i)
    EXPECT_EQ(encoded(back.commands[i]), encoded(original.commands[i])) << "command " << i;
}

TEST(OutputMergerTrace, DepthFormatRoundTrips) {
  const std::string d16 = source_path("tests/e2e/data/rop/depth_d16.yaml");
  EXPECT_EQ(read_all(d16).header.depth_format, api::Format::D16);
  expect_round_trip(d16);
  EXPECT_EQ(read_all(source_path("tests/e2e/data/rop/stencil_ops.yaml")).header.depth_format,
            api::Format::D24S8);
}

TEST(OutputMergerTrace, DefaultDepthFormatAddsNoHeaderBytes) {
  Header h;
  h.name = "t";
  h.width = 8;
  h.height = 4;
  std::vector<uint8_t> out;
  binary::encode_header(h, out);
  EXPECT_EQ(out, header_payload(8, 4, "t"));
  h.depth_format = api::Format::D16;
  binary::encode_header(h, out);
  EXPECT_EQ(out.size(), header_payload(8, 4, "t").size() + 4);  // the u32 format
}

TEST(OutputMergerTrace, SampleCountIsASecondTailThatRoundTrips) {
  const std::string msaa = source_path("tests/e2e/data/msaa/edge_4x.yaml");
  EXPECT_EQ(read_all(msaa).header.sample_count, 4u);
  ScratchDir dir;
  write_all(dir.path("a.gfxt"), read_all(msaa), Form::Binary);
  write_all(dir.path("b.yaml"), read_all(dir.path("a.gfxt")), Form::Yaml);
  EXPECT_EQ(read_all(dir.path("b.yaml")).header.sample_count, 4u);
  EXPECT_EQ(read_all(source_path("tests/e2e/data/msaa/edge_1x.yaml")).header.sample_count, 0u);
  // The sample count brings depth_format along (the tails come in order): two u32.
  Header h;
  h.name = "t";
  h.width = 8;
  h.height = 4;
  h.sample_count = 8;
  std::vector<uint8_t> out;
  binary::encode_header(h, out);
  EXPECT_EQ(out.size(), header_payload(8, 4, "t").size() + 8);
  Header back;
  binary::decode_header(out.data(), out.size(), back);
  EXPECT_EQ(back.sample_count, 8u);
  EXPECT_EQ(back.depth_format, api::Format::D24S8);
}

TEST(OutputMergerTrace, BadSampleCountNamesTheField) {
  ScratchDir dir;
  std::string text = read_text(source_path("tests/e2e/data/msaa/edge_4x.yaml"));
  text.replace(text.find("sample_count: 4"), 15, "sample_count: 6");
  write_text(dir.path("bad.yaml"), text);
  try {
    read_all(dir.path("bad.yaml"));
    FAIL() << "sample_count 6 accepted";
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("bad.yaml"), std::string::npos) << msg;
    EXPECT_NE(msg.find("field 'sample_count': must be 0 or 1 (no MSAA), 2, 4, 8 or 16, not 6"),
              std::string::npos)
        << msg;
  }
}

TEST(OutputMergerTrace, StatesRoundTrip) {
  for (const char* name : {"stencil_ops", "stencil_two_sided", "blend_separate", "write_masks_mrt"})
    expect_round_trip(source_path(std::string("tests/e2e/data/rop/") + name + ".yaml"));
}

TEST(OutputMergerTrace, StateSpellings) {
  const RenderStateInfo* ref = find_render_state("stencil_ref");
  ASSERT_NE(ref, nullptr);
  EXPECT_EQ(uint16_t(ref->id), 57);
  EXPECT_EQ(render_state_value_text(*ref, 0x1C3), "451");
  const RenderStateInfo* mask = find_render_state("stencil_write_mask");
  ASSERT_NE(mask, nullptr);
  EXPECT_EQ(render_state_value_text(*mask, 0xF0), "0x000000F0");
  EXPECT_EQ(parse_render_state_value(*mask, "0xFFFFFFFF"), 0xFFFFFFFFu);
  const RenderStateInfo* op = find_render_state("ccw_stencil_zfail");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(uint16_t(op->id), 187);
  EXPECT_EQ(parse_render_state_value(*op, "decr_sat"), 5u);
  EXPECT_FALSE(render_state_value_valid(*op, 9));
  const RenderStateInfo* blend = find_render_state("src_blend_alpha");
  ASSERT_NE(blend, nullptr);
  EXPECT_EQ(parse_render_state_value(*blend, "inv_blend_factor"), 15u);
  EXPECT_FALSE(render_state_value_valid(*blend, 16));  // D3D9Ex SRCCOLOR2: rejected
  EXPECT_EQ(uint16_t(find_render_state("color_write_mask3")->id), 192);
  EXPECT_EQ(uint16_t(find_render_state("blend_op_alpha")->id), 209);
  EXPECT_EQ(uint16_t(find_render_state("multisample_antialias")->id), 161);
  EXPECT_EQ(uint16_t(find_render_state("multisample_mask")->id), 162);
}

}  // namespace
}  // namespace gfx::test
