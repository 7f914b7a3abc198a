// The PIX run-file reader: call events with their records in event order, the fields of a
// record, and errors that name the file, the call, its number and the byte offset.
#include "import/pix_reader.h"

#include <gtest/gtest.h>

#include "common/error.h"
#include "import/pix_calls.h"
#include "pix_bytes.h"

namespace gfx::import {
namespace {

using testing::PixBytes;

std::string read_error(const std::vector<uint8_t>& bytes) {
  try {
    read_pix("cap.PIXRun", bytes);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

std::string args_error(const PixCall& c, const std::function<void(PixArgs&)>& f) {
  try {
    PixArgs a("cap.PIXRun", c);
    f(a);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(PixReader, CallNamesFollowTheVtables) {
  EXPECT_EQ(pix::call_name(206), "Direct3DCreate9");
  EXPECT_EQ(pix::call_name(235), "IDirect3D9::CreateDevice");
  EXPECT_EQ(pix::call_name(253), "IDirect3DDevice9::Present");
  EXPECT_EQ(pix::call_name(293), "IDirect3DDevice9::SetRenderState");
  EXPECT_EQ(pix::call_name(318), "IDirect3DDevice9::DrawIndexedPrimitive");
  EXPECT_EQ(pix::call_name(354), "IDirect3DDevice9::CreateQuery");
  EXPECT_EQ(pix::call_name(358), "IDirect3DSwapChain9::Present");
  EXPECT_EQ(pix::call_name(385), "IDirect3DTexture9::UnlockRect");
  EXPECT_EQ(pix::call_name(443), "IDirect3DVertexBuffer9::Unlock");
  EXPECT_EQ(pix::call_name(473), "IDirect3DSurface9::UnlockRect");
  EXPECT_EQ(pix::call_name(507), "IDirect3DStateBlock9::Apply");
  EXPECT_EQ(pix::call_name(515), "IDirect3DQuery9::GetData");
  EXPECT_EQ(pix::call_name(516), "unknown call 516");
  EXPECT_EQ(pix::call_name(1), "PIX record 1");
  EXPECT_TRUE(pix::is_ignored(1));
  EXPECT_TRUE(pix::is_ignored(277));   // BeginScene
  EXPECT_TRUE(pix::is_ignored(243));   // GetDeviceCaps
  EXPECT_TRUE(pix::is_ignored(229));   // IDirect3D9::CheckDeviceFormat
  EXPECT_FALSE(pix::is_ignored(235));  // CreateDevice
  EXPECT_FALSE(pix::is_ignored(301));  // SetTexture
  EXPECT_FALSE(pix::is_ignored(507));  // Apply
  EXPECT_FALSE(pix::is_method(206));
  EXPECT_TRUE(pix::is_method(236));
}

TEST(PixReader, ReadsCallsInEventOrderAndSkipsTheRest) {
  PixBytes b;
  b.chunk(0x3E9, {1, 2, 3, 4});  // an attribute descriptor
  b.call(293, {0, 0x100, 22, 1});
  b.event(11);  // the record of event 11 comes after event 12's, as PIX writes children
  b.event(12);
  b.record(12, 1, {0xC, 0x100});
  b.record(11, 317, {0, 0x100, 4, 0, 1});
  b.chunk(0x3EC, {11, 0, 0, 0, 8, 0, 0, 0, 4, 0, 0, 0, 9, 9, 9, 9});  // a duration
  b.chunk(0x3ED, {0, 0, 0, 0});
  PixCapture c = read_pix("cap.PIXRun", b.bytes);
  ASSERT_EQ(c.calls.size(), 3u);
  EXPECT_EQ(c.calls[0].id, 293u);
  EXPECT_EQ(c.calls[0].event_id, 10u);
  // version 12, descriptor 12, event 28, then the record chunk's 20 bytes of header
  EXPECT_EQ(c.calls[0].offset, 12u + 12u + 28u + 20u);
  EXPECT_EQ(c.calls[1].id, 317u);
  EXPECT_EQ(c.calls[1].index, 1u);
  EXPECT_EQ(c.calls[2].id, 1u);
  EXPECT_EQ(c.calls[2].record.size(), 16u);
}

TEST(PixReader, ArgsReadFieldsStructsObjectsAndArrays) {
  PixBytes b;
  std::vector<uint8_t> extra = PixBytes::floats({7.0f, 8.0f});  // a struct after its pointer
  PixBytes::put(extra, 0x40);                                   // out-parameter pointer
  PixBytes::put(extra, 0x5000);                                 // the new object
  std::vector<uint8_t> arr = PixBytes::array({1, 2, 3});
  extra.insert(extra.end(), arr.begin(), arr.end());
  b.call(327, {0, 0x100, PixBytes::bits(2.5f), 0x20}, extra);
  PixCapture c = read_pix("cap.PIXRun", b.bytes);
  PixArgs a("cap.PIXRun", c.calls[0]);
  EXPECT_EQ(a.u32(), 0u);
  EXPECT_EQ(a.u32(), 0x100u);
  EXPECT_EQ(a.f32(), 2.5f);
  uint32_t pointer = 0;
  EXPECT_EQ(a.pointed(8, &pointer), PixBytes::floats({7.0f, 8.0f}));
  EXPECT_EQ(pointer, 0x20u);
  EXPECT_EQ(a.created(), 0x5000u);
  EXPECT_EQ(a.array("shader"), (std::vector<uint8_t>{1, 2, 3}));
  EXPECT_TRUE(a.at_end());
}

TEST(PixReader, TruncatedFileNamesTheCallAndTheOffset) {
  PixBytes b;
  b.call(293, {0, 0x100, 22, 1});  // event at 12, record chunk at 40 (44 bytes long)
  std::vector<uint8_t> cut(b.bytes.begin(), b.bytes.end() - 5);
  EXPECT_EQ(read_error(cut),
            "cap.PIXRun: call 0 (IDirect3DDevice9::SetRenderState): byte offset 40: chunk of 44 "
            "bytes runs past the end of the file (39 bytes left)");
  std::vector<uint8_t> header_cut(b.bytes.begin(), b.bytes.begin() + 44);
  EXPECT_EQ(read_error(header_cut),
            "cap.PIXRun: call 0 (?): byte offset 40: file ends inside a chunk header (4 of 8 "
            "bytes)");
}

TEST(PixReader, UnknownChunkTypeIsAnError) {
  PixBytes b;
  b.call(253, {0, 0x100});
  b.chunk(0x3F0, {0, 0, 0, 0});  // at 12 + 28 + 36 = 76, its type at 80
  EXPECT_EQ(read_error(b.bytes),
            "cap.PIXRun: call 0 (IDirect3DDevice9::Present): byte offset 80: unknown chunk "
            "type 0x3F0");
}

TEST(PixReader, RecordThatOverrunsItsChunkIsAnError) {
  PixBytes b;
  b.event(10);
  // The record claims 40 bytes; its chunk holds 12.
  std::vector<uint8_t> p = {10, 0, 0, 0, 19, 0, 0, 0, 40, 0, 0, 0};
  PixBytes::put(p, 317);
  PixBytes::put(p, 1);
  PixBytes::put(p, 0);
  b.chunk(0x3EC, p);
  EXPECT_EQ(read_error(b.bytes),
            "cap.PIXRun: call 0 (IDirect3DDevice9::DrawPrimitive): byte offset 60: call record "
            "of 40 bytes overruns its chunk (12 bytes)");
}

TEST(PixReader, CallEventWithoutRecordIsAnError) {
  PixBytes b;
  b.call(253, {0, 0x100});
  b.event(11);  // at 12 + 28 + 36 = 76
  EXPECT_EQ(read_error(b.bytes),
            "cap.PIXRun: call 1 (?): byte offset 76: call event 11 has no call record");
}

TEST(PixReader, MissingArrayDataIsAnError) {
  PixBytes b;
  b.call(443, {0, 0x200});  // VB Unlock without its bytes; record at 60, 16 bytes
  b.call(443, {0, 0x200}, {0, 0x10, 0, 0, 64, 0, 0, 0, 0, 0, 0, 0, 64, 0, 0, 0, 1, 2});
  PixCapture c = read_pix("cap.PIXRun", b.bytes);
  auto unlock = [](PixArgs& a) {
    a.u32();
    a.u32();
    a.array("locked bytes");
  };
  EXPECT_EQ(args_error(c.calls[0], unlock),
            "cap.PIXRun: call 0 (IDirect3DVertexBuffer9::Unlock): byte offset 76: the locked "
            "bytes array data is missing");
  // second record at 76 + 28 + 20 = 124; its array header ends at 124 + 16 + 16
  EXPECT_EQ(args_error(c.calls[1], unlock),
            "cap.PIXRun: call 1 (IDirect3DVertexBuffer9::Unlock): byte offset 156: the locked "
            "bytes array data (64 bytes) runs past the call record's end (2 bytes left)");
  EXPECT_EQ(args_error(c.calls[0],
                       [](PixArgs& a) {
                         a.u32();
                         a.u32();
                         a.u32();
                       }),
            "cap.PIXRun: call 0 (IDirect3DVertexBuffer9::Unlock): byte offset 76: call record "
            "ends before its arguments (4 bytes needed, 0 left)");
}

}  // namespace
}  // namespace gfx::import
