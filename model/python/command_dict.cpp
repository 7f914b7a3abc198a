// Two visitors over trace/schema.h: ToDict reads a command into a Python dict, FromDict
// fills a command from one. They follow the YAML form's shapes (enum names, render states
// as a name -> value mapping, vertex elements as a list of mappings), but blobs travel as
// Python bytes rather than YAML spellings, since Python code builds them with numpy.
#include "python/command_dict.h"

#include <array>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "common/error.h"
#include "trace/check.h"
#include "trace/command_table.h"
#include "trace/render_states.h"
#include "trace/schema.h"
#include "trace/text_format.h"

namespace gfx::python {

namespace {

using trace::schema::Blob;
using trace::schema::ClearMask;
using trace::schema::Color;
using trace::schema::Levels;

const char* const kClearNames[] = {"target", "zbuffer", "stencil"};

template <class T> struct IsStdArray : std::false_type {};
template <class T, std::size_t N> struct IsStdArray<std::array<T, N>> : std::true_type {};
template <class T> struct IsVector : std::false_type {};
template <class T, class A> struct IsVector<std::vector<T, A>> : std::true_type {};
// The per-element wrapper of vertex declarations (D3DDECLMETHOD of each element, spelt as
// a list of names as in YAML), recognised by its shape so that this file builds with
// schema versions before and after it was added.
template <class T, class = void> struct IsElementMethods : std::false_type {};
template <class T>
struct IsElementMethods<T, std::void_t<decltype(std::declval<T&>().elements[0].method)>>
    : std::true_type {};

// --- command -> dict ---

// A render state's YAML spelling as the Python value a user would write.
py::object render_state_to_py(const trace::RenderStateInfo& rs, uint32_t value) {
  const std::string text = trace::render_state_value_text(rs, value);
  switch (rs.type) {
    case trace::RenderStateType::Bool: return py::bool_(value != 0);
    case trace::RenderStateType::Float: return py::float_(*trace::parse_float(text));
    case trace::RenderStateType::Color:
    case trace::RenderStateType::Mask4: return py::int_(value);
    default: break;
  }
  if (auto u = trace::parse_uint(text, std::numeric_limits<uint32_t>::max())) return py::int_(*u);
  return py::str(text);
}

class ToDict {
 public:
  py::dict out;

  // Its presence tells schema::extension_present to walk every optional tail, so the
  // dict always has every field (a dict compares equal however the command was made).
  void finish() {}

  template <class T> void operator()(const char* name, T&& x, bool = false) {
    out[name] = to_py(x);
  }

  template <class T> void list(const char* name, std::vector<T>& items) {
    py::list l;
    for (T& item : items) {
      ToDict d;
      trace::schema::describe(d, item);
      l.append(std::move(d.out));
    }
    out[name] = std::move(l);
  }

  void render_states(std::vector<trace::RenderStateValue>& states) {
    for (const auto& s : states) {
      const trace::RenderStateInfo* rs = trace::find_render_state(static_cast<uint16_t>(s.id));
      if (rs) out[rs->name] = render_state_to_py(*rs, s.value);
    }
  }

  // Default-constructed create_* commands hold no object yet: show its defaults.
  template <class T> T& resource(std::shared_ptr<const T>& p) {
    if (!p) p = std::make_shared<const T>();
    return const_cast<T&>(*p);
  }

 private:
  template <class T> static py::object to_py(const T& x) {
    if constexpr (std::is_same_v<T, bool>) {
      return py::bool_(x);
    } else if constexpr (std::is_enum_v<T>) {
      return py::str(std::string(api::to_name(x)));
    } else if constexpr (std::is_integral_v<T>) {
      return py::int_(x);
    } else if constexpr (std::is_floating_point_v<T>) {
      return py::float_(x);
    } else if constexpr (std::is_same_v<T, std::string>) {
      return py::str(x);
    } else if constexpr (IsStdArray<T>::value || IsVector<T>::value) {
      py::list l;
      for (const auto& e : x) l.append(to_py(e));
      return std::move(l);
    } else if constexpr (IsElementMethods<T>::value) {
      py::list l;
      for (const auto& e : x.elements) l.append(to_py(e.method));
      return std::move(l);
    } else {
      // A new schema wrapper type: give it a spelling here and in FromDict.
      static_assert(sizeof(T) == 0, "ToDict: a field type without a Python spelling");
      return py::none();
    }
  }
  static py::object to_py(const Blob& b) {
    return py::bytes(reinterpret_cast<const char*>(b.bytes.data()), b.bytes.size());
  }
  static py::object to_py(const Levels& l) {
    py::list out;
    for (const auto& level : l.levels)
      out.append(py::bytes(reinterpret_cast<const char*>(level.data()), level.size()));
    return std::move(out);
  }
  static py::object to_py(const Color& c) { return py::int_(c.value); }
  static py::object to_py(const ClearMask& m) {
    py::list out;
    for (uint32_t i = 0; i < 3; ++i)
      if (m.value & (1u << i)) out.append(kClearNames[i]);
    return std::move(out);
  }
};

// --- dict -> command ---

std::string type_name(const py::handle& o) { return py::str(py::type::of(o).attr("__name__")); }

// numpy arrays (any shape) become flat lists; other sequences stay as they are.
py::object flatten(const py::handle& o) {
  if (py::hasattr(o, "ravel") && py::hasattr(o, "tolist"))
    return o.attr("ravel")().attr("tolist")();
  return py::reinterpret_borrow<py::object>(o);
}

class FromDict {
 public:
  FromDict(const py::dict& fields, std::string where, std::string prefix = "")
      : fields_(fields), where_(std::move(where)), prefix_(std::move(prefix)) {}

  // Present so that optional tails are read by name, as the YAML reader does.
  void finish() {}

  template <class T> void operator()(const char* name, T&& x, bool required = false) {
    known_.push_back(name);
    if (!fields_.contains(name)) {
      if (required) fail(name, "missing (it is required)");
      return;
    }
    from_py(name, fields_[name], x);
  }

  template <class T> void list(const char* name, std::vector<T>& items) {
    known_.push_back(name);
    if (!fields_.contains(name)) fail(name, "missing (it is required)");
    py::object l = fields_[name];
    if (!py::isinstance<py::sequence>(l) || py::isinstance<py::str>(l))
      fail(name, "expected a list of dicts, got " + type_name(l));
    items.clear();
    std::size_t i = 0;
    for (py::handle item : l) {
      const std::string label = std::string(name) + "[" + std::to_string(i++) + "]";
      if (!py::isinstance<py::dict>(item))
        fail(label.c_str(), "expected a dict, got " + type_name(item));
      FromDict d(py::reinterpret_borrow<py::dict>(item), where_, prefix_ + label + ".");
      items.emplace_back();
      trace::schema::describe(d, items.back());
      d.check_unknown();
    }
  }

  void render_states(std::vector<trace::RenderStateValue>& states) {
    render_states_ = true;
    for (auto kv : fields_) {
      const std::string key = py::str(kv.first);
      const trace::RenderStateInfo* rs = trace::find_render_state(key);
      if (!rs) fail(key.c_str(), "unknown render state");
      const std::string text = render_state_text(kv.second);
      auto value = trace::parse_render_state_value(*rs, text);
      if (!value)
        fail(key.c_str(),
             "expected " + trace::render_state_expectation(*rs) + ", got '" + text + "'");
      states.push_back({rs->id, *value});
    }
  }

  template <class T> T& resource(std::shared_ptr<const T>& p) {
    auto fresh = std::make_shared<T>();
    p = fresh;
    return *fresh;
  }

  // A misspelt field must not silently become a default.
  void check_unknown() const {
    if (render_states_) return;
    for (auto kv : fields_) {
      const std::string key = py::str(kv.first);
      bool ok = false;
      for (const char* k : known_) ok = ok || key == k;
      if (!ok) fail(key.c_str(), "unknown field");
    }
  }

 private:
  [[noreturn]] void fail(const char* name, const std::string& problem) const {
    throw Error(where_ + ": field '" + prefix_ + name + "': " + problem);
  }

  static std::string render_state_text(const py::handle& v) {
    if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? "true" : "false";
    if (py::isinstance<py::float_>(v)) return trace::format_float(v.cast<float>());
    return py::str(v);
  }

  template <class I> I integer(const char* name, const py::handle& v) const {
    if (py::isinstance<py::float_>(v) || py::isinstance<py::str>(v) || !py::hasattr(v, "__index__"))
      fail(name, "expected an integer, got " + type_name(v));
    py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(v.ptr()));
    if (!i) throw py::error_already_set();
    long long value = 0;
    try {
      value = i.cast<long long>();
    } catch (const py::cast_error&) {
      value = std::numeric_limits<long long>::max();  // beyond every field's range
    }
    if (value < static_cast<long long>(std::numeric_limits<I>::min()) ||
        (value > 0 && static_cast<unsigned long long>(value) > std::numeric_limits<I>::max()))
      fail(name, "value " + std::string(py::str(v)) + " out of range " +
                     std::to_string(+std::numeric_limits<I>::min()) + ".." +
                     std::to_string(+std::numeric_limits<I>::max()));
    return static_cast<I>(value);
  }

  float real(const char* name, const py::handle& v) const {
    if (py::isinstance<py::str>(v) || !(py::hasattr(v, "__float__") || py::hasattr(v, "__index__")))
      fail(name, "expected a number, got " + type_name(v));
    return static_cast<float>(py::float_(py::reinterpret_borrow<py::object>(v)).cast<double>());
  }

  template <class T> void from_py(const char* name, const py::handle& v, T& x) {
    if constexpr (std::is_same_v<T, bool>) {
      x = integer<uint8_t>(name, v) != 0;
    } else if constexpr (std::is_enum_v<T>) {
      if (py::isinstance<py::str>(v)) {
        auto e = api::from_name<T>(v.cast<std::string>());
        if (!e)
          fail(name, "expected " + trace::enum_expectation<T>() + ", got '" +
                         v.cast<std::string>() + "'");
        x = *e;
      } else {
        const uint32_t raw = integer<uint32_t>(name, v);
        if (!api::is_valid<T>(raw)) fail(name, "expected " + trace::enum_expectation<T>());
        x = static_cast<T>(raw);
      }
    } else if constexpr (std::is_integral_v<T>) {
      x = integer<T>(name, v);
    } else if constexpr (std::is_floating_point_v<T>) {
      x = real(name, v);
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (!py::isinstance<py::str>(v)) fail(name, "expected a str, got " + type_name(v));
      x = v.cast<std::string>();
    } else if constexpr (IsStdArray<T>::value || IsVector<T>::value) {
      py::object seq = flatten(v);
      if (!py::isinstance<py::sequence>(seq) || py::isinstance<py::str>(seq))
        fail(name, "expected a list or an array, got " + type_name(v));
      const std::size_t n = py::len(seq);
      if constexpr (IsStdArray<T>::value) {
        if (n != x.size())
          fail(name, "expected " + std::to_string(x.size()) + " values, got " + std::to_string(n));
      } else {
        x.resize(n);
      }
      std::size_t i = 0;
      for (py::handle e : seq) from_py(name, e, x[i++]);
    } else if constexpr (IsElementMethods<T>::value) {
      if (!py::isinstance<py::sequence>(v) || py::isinstance<py::str>(v) ||
          py::len(v) != x.elements.size())
        fail(name, "expected a list of " + std::to_string(x.elements.size()) +
                       " declaration methods, one per element");
      std::size_t i = 0;
      for (py::handle e : v) from_py(name, e, x.elements[i++].method);
    } else {
      static_assert(sizeof(T) == 0, "FromDict: a field type without a Python spelling");
    }
  }
  void from_py(const char* name, const py::handle& v, Blob b) { blob(name, v, b.bytes); }
  void from_py(const char* name, const py::handle& v, Levels l) {
    if (!py::isinstance<py::sequence>(v) || py::isinstance<py::bytes>(v) ||
        py::isinstance<py::str>(v))
      fail(name, "expected a list of levels (bytes or arrays), got " + type_name(v));
    l.levels.clear();
    for (py::handle level : v) {
      l.levels.emplace_back();
      blob(name, level, l.levels.back());
    }
  }
  void from_py(const char* name, const py::handle& v, Color c) {
    c.value = integer<uint32_t>(name, v);
  }
  void from_py(const char* name, const py::handle& v, ClearMask m) {
    if (py::isinstance<py::int_>(v)) {
      m.value = integer<uint32_t>(name, v);
      if (m.value > 7) fail(name, "expected bits of target=1, zbuffer=2, stencil=4");
      return;
    }
    if (!py::isinstance<py::sequence>(v) || py::isinstance<py::str>(v))
      fail(name, "expected a list of target, zbuffer, stencil");
    m.value = 0;
    for (py::handle item : v) {
      const std::string s = py::str(item);
      uint32_t bit = 0;
      for (uint32_t i = 0; i < 3; ++i)
        if (s == kClearNames[i]) bit = 1u << i;
      if (!bit) fail(name, "expected one of target, zbuffer, stencil, got '" + s + "'");
      m.value |= bit;
    }
  }

  // bytes, bytearray, memoryview, numpy arrays (their raw bytes, in C order), or str
  // (UTF-8, for asm text).
  void blob(const char* name, const py::handle& v, std::vector<uint8_t>& out) const {
    py::object o = py::reinterpret_borrow<py::object>(v);
    if (py::isinstance<py::str>(o))
      o = o.attr("encode")("utf-8");
    else if (!py::isinstance<py::bytes>(o) && py::hasattr(o, "tobytes"))
      o = o.attr("tobytes")();
    if (py::isinstance<py::bytearray>(o)) o = py::bytes(o);
    if (!py::isinstance<py::bytes>(o))
      fail(name, "expected bytes, a bytes-like object or a numpy array, got " + type_name(v));
    char* data = nullptr;
    Py_ssize_t size = 0;
    PyBytes_AsStringAndSize(o.ptr(), &data, &size);
    out.assign(reinterpret_cast<const uint8_t*>(data),
               reinterpret_cast<const uint8_t*>(data) + size);
  }

  py::dict fields_;
  std::string where_, prefix_;
  std::vector<const char*> known_;
  bool render_states_ = false;
};

}  // namespace

py::list command_names() {
  py::list out;
  for (std::size_t i = 0; i < trace::kCommandCount; ++i) out.append(trace::command_info(i).name);
  return out;
}

py::dict command_to_dict(const trace::Command& cmd) {
  ToDict d;
  trace::schema::describe_const(d, cmd);
  return std::move(d.out);
}

py::dict command_defaults(const std::string& name) {
  auto index = trace::command_index_for_name(name);
  if (!index) throw Error("unknown command '" + name + "'");
  return command_to_dict(trace::make_command(*index));
}

trace::Command command_from_dict(const std::string& name, const py::dict& fields,
                                 const std::string& where) {
  auto index = trace::command_index_for_name(name);
  if (!index) throw Error(where + ": unknown command '" + name + "'");
  const std::string at = where + " (" + name + ")";
  trace::Command cmd = trace::make_command(*index);
  FromDict d(fields, at);
  std::visit([&](auto& c) { trace::schema::describe(d, c); }, cmd);
  d.check_unknown();
  try {
    trace::check_command(cmd);
  } catch (const trace::FieldError& e) {
    throw Error(trace::describe_field_error(at, e));
  }
  return cmd;
}

}  // namespace gfx::python
