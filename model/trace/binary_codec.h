// Payloads of the binary trace records: each command (and the header, record 0) as
// little-endian fields in schema order. Integers and enums take their C++ width, floats
// their IEEE bits, strings/blobs/lists a u32 count first. Decoding checks every length
// against the payload before allocating, and the payload must be used up exactly.
// The file framing (magic, gzip, record headers) is in binary_reader/binary_writer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "trace/commands.h"

namespace gfx::trace::binary {

constexpr char kMagic[8] = {'G', 'F', 'X', 'T', 'R', 'A', 'C', 'E'};
constexpr std::size_t kPreambleSize = 12;     // magic + u32 format version, before the gzip stream
constexpr std::size_t kRecordHeaderSize = 6;  // u16 opcode + u32 payload length

// Both replace the contents of `out`.
void encode_header(const Header& h, std::vector<uint8_t>& out);
void encode(const Command& c, std::vector<uint8_t>& out);

// Both throw FieldError naming the field a short or inconsistent payload breaks in.
void decode_header(const uint8_t* payload, std::size_t size, Header& h);
void decode(std::size_t variant_index, const uint8_t* payload, std::size_t size, Command& out);

}  // namespace gfx::trace::binary
