#pragma once
// A configuration table whose rows bind each key to the field it fills. One row declares a key
// once: its Parameter (path, type, unit, range, default, description) and the struct member the
// loader writes it into, with the unit conversion between them. The table's schema() validates
// documents and generates docs/configuration.md and the JSON Schema; fill() writes a validated
// document into the target struct. Values computed from several keys (geometry products,
// watermarks in blocks) and cross-key rules stay in explicit resolve functions: their inputs are
// bound to fields of the target like any other key.
//
// Adding a key: add one row to the table, next to the keys of its section:
//   field(&FlashControllerConfig::multi_plane, boolean("controller.multi_plane", true, "...")),
//   field(&NandTiming::erase_ns, number("nand.timing.erase_us", ...), kMicrosecondsToNs),
// A member of a nested struct is reached with at(&Outer::inner, &Inner::member) or a group of
// rows lifted with in(&Outer::inner, {...}); a key no struct holds (read from the effective
// document by its consumer, e.g. `workload`) is document_only(...). rows<Target>(...) joins
// them into the table's order.
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <cmath>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "models/common/config/parameter_schema.h"

namespace ssdtlm {

// A key given in one unit filling a whole-number field in another: the value times `factor`,
// rounded to the nearest integer. `from_unit` must be the row's unit (checked when the table is
// built), so a conversion cannot be attached to a key of another unit.
struct UnitConversion {
  const char* from_unit;
  double factor;
  std::uint64_t operator()(const nlohmann::json& value) const {
    return static_cast<std::uint64_t>(std::llround(value.get<double>() * factor));
  }
};

inline constexpr UnitConversion kMicrosecondsToNs{"us", 1000.0};
inline constexpr UnitConversion kMicrosecondsToPs{"us", 1e6};
inline constexpr UnitConversion kNanosecondsToPs{"ns", 1000.0};
// A key in ns filling an integer ns field: rounded to whole nanoseconds.
inline constexpr UnitConversion kWholeNanoseconds{"ns", 1.0};

// Reads a dotted path of `document`; nullptr if absent.
inline const nlohmann::json* find_json_path(const nlohmann::json& document, const std::string& path) {
  const nlohmann::json* node = &document;
  std::size_t start = 0;
  while (true) {
    const auto dot = path.find('.', start);
    if (!node->is_object()) return nullptr;
    const auto child = node->find(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (child == node->end()) return nullptr;
    node = &*child;
    if (dot == std::string::npos) return node;
    start = dot + 1;
  }
}

// One row: the parameter and how its validated value is written into a Target (empty: the key
// fills no field of Target).
template <class Target>
struct ParameterRow {
  using Fill = std::function<void(Target&, const nlohmann::json& value, const std::string& where)>;
  Parameter parameter;
  Fill fill;
  // Set by fields with a UnitConversion: its unit, checked against parameter.unit.
  const char* conversion_unit = nullptr;

  ParameterRow(Parameter p, Fill f, const char* unit = nullptr)
      : parameter(std::move(p)), fill(std::move(f)), conversion_unit(unit) {}
  // A row of a base of Target (the target may gather several structs as its bases).
  template <class Base, class = std::enable_if_t<std::is_base_of_v<Base, Target> && !std::is_same_v<Base, Target>>>
  ParameterRow(ParameterRow<Base> row)  // NOLINT(google-explicit-constructor): rows of bases join the table
      : parameter(std::move(row.parameter)), conversion_unit(row.conversion_unit) {
    if (row.fill) {
      fill = [base_fill = std::move(row.fill)](Target& target, const nlohmann::json& value, const std::string& where) {
        base_fill(static_cast<Base&>(target), value, where);
      };
    }
  }
};

namespace parameter_binding {

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {
  using value_type = T;
};

// A value as the field's type; an optional field holds the value's type.
template <class T>
T read_as(const nlohmann::json& value) {
  if constexpr (is_optional<T>::value) {
    return read_as<typename is_optional<T>::value_type>(value);
  } else {
    return value.get<T>();
  }
}

template <class Convert>
auto convert(const Convert& conversion, const nlohmann::json& value, const std::string& where) {
  if constexpr (std::is_invocable_v<const Convert&, const nlohmann::json&, const std::string&>) {
    return conversion(value, where);
  } else {
    return conversion(value);
  }
}

template <class Object, class Member>
decltype(auto) follow(Object& object, Member member) {
  return (object.*member);
}
template <class Object, class Member, class... Rest>
decltype(auto) follow(Object& object, Member member, Rest... rest) {
  return follow(object.*member, rest...);
}

}  // namespace parameter_binding

// A member of a nested struct: at(&SsdConfig::controller, &FlashControllerConfig::ecc, &EccConfig::latency_ns).
template <class Root, class Leaf>
struct MemberPath {
  std::function<Leaf&(Root&)> get;
};

template <class Root, class First, class... Rest>
auto at(First Root::*first, Rest... rest) {
  using Leaf = std::remove_reference_t<decltype(parameter_binding::follow(std::declval<Root&>(), first, rest...))>;
  return MemberPath<Root, Leaf>{[first, rest...](Root& root) -> Leaf& { return parameter_binding::follow(root, first, rest...); }};
}

// `parameter` fills `path`: the value as the field's type.
template <class Root, class Leaf>
ParameterRow<Root> field(MemberPath<Root, Leaf> path, Parameter parameter) {
  return {std::move(parameter), [get = std::move(path.get)](Root& root, const nlohmann::json& value, const std::string&) {
            get(root) = parameter_binding::read_as<Leaf>(value);
          }};
}

// `parameter` fills `path` with convert(value) or convert(value, where) (where: "source: key").
template <class Root, class Leaf, class Convert>
ParameterRow<Root> field(MemberPath<Root, Leaf> path, Parameter parameter, Convert convert) {
  const char* unit = nullptr;
  if constexpr (std::is_same_v<Convert, UnitConversion>) unit = convert.from_unit;
  return {std::move(parameter),
          [get = std::move(path.get), convert](Root& root, const nlohmann::json& value, const std::string& where) {
            get(root) = parameter_binding::convert(convert, value, where);
          },
          unit};
}

template <class Root, class Leaf>
ParameterRow<Root> field(Leaf Root::*member, Parameter parameter) {
  return field(at(member), std::move(parameter));
}

template <class Root, class Leaf, class Convert>
ParameterRow<Root> field(Leaf Root::*member, Parameter parameter, Convert convert) {
  return field(at(member), std::move(parameter), std::move(convert));
}

// A Choice key filling an enum: `choices` pairs each name with its value, in the documented order.
template <class Root, class Leaf>
ParameterRow<Root> choice_field(MemberPath<Root, Leaf> path, std::string key, std::string default_name,
                                std::vector<std::pair<std::string, Leaf>> choices, std::string description) {
  Parameter p;
  p.path = std::move(key);
  p.kind = ParameterKind::Choice;
  p.default_value = std::move(default_name);
  p.description = std::move(description);
  for (const auto& choice : choices) p.choices.push_back(choice.first);
  return field(std::move(path), std::move(p), [choices = std::move(choices)](const nlohmann::json& value) {
    const auto name = value.get<std::string>();
    for (const auto& choice : choices) {
      if (choice.first == name) return choice.second;
    }
    return choices.front().second;  // unreachable: validation admits only the names above
  });
}

template <class Root, class Leaf>
ParameterRow<Root> choice_field(Leaf Root::*member, std::string key, std::string default_name,
                                std::vector<std::pair<std::string, Leaf>> choices, std::string description) {
  return choice_field(at(member), std::move(key), std::move(default_name), std::move(choices), std::move(description));
}

// A key that fills no field of the target: its consumer reads it from the effective document
// (the workload, the preconditioning mode, the platform's name).
struct DocumentOnly {
  Parameter parameter;
};
inline DocumentOnly document_only(Parameter parameter) { return {std::move(parameter)}; }

// Rows of a nested struct, lifted to rows of its owner: in(&SsdConfig::nand_timing, {...}).
template <class Root, class Inner>
std::vector<ParameterRow<Root>> in(Inner Root::*member, std::vector<ParameterRow<Inner>> rows) {
  std::vector<ParameterRow<Root>> out;
  out.reserve(rows.size());
  for (auto& row : rows) {
    typename ParameterRow<Root>::Fill fill;
    if (row.fill) {
      fill = [member, inner_fill = std::move(row.fill)](Root& root, const nlohmann::json& value, const std::string& where) {
        inner_fill(root.*member, value, where);
      };
    }
    out.emplace_back(std::move(row.parameter), std::move(fill), row.conversion_unit);
  }
  return out;
}

namespace parameter_binding {

template <class Target>
void append(std::vector<ParameterRow<Target>>& out, DocumentOnly item) {
  out.emplace_back(std::move(item.parameter), nullptr);
}
template <class Target, class Source>
void append(std::vector<ParameterRow<Target>>& out, ParameterRow<Source> row) {
  out.emplace_back(std::move(row));
}
template <class Target, class Source>
void append(std::vector<ParameterRow<Target>>& out, std::vector<ParameterRow<Source>> rows) {
  for (auto& row : rows) out.emplace_back(std::move(row));
}

}  // namespace parameter_binding

// The rows of a table over Target, in order (the order of docs/configuration.md): single rows,
// groups from in(...), document_only(...) keys; rows of a base of Target fill that base.
template <class Target, class... Items>
std::vector<ParameterRow<Target>> rows(Items... items) {
  std::vector<ParameterRow<Target>> out;
  out.reserve(sizeof...(items));
  (parameter_binding::append(out, std::move(items)), ...);
  return out;
}

template <class Target>
class ParameterTable {
 public:
  using Row = ParameterRow<Target>;

  // Throws std::logic_error for a key declared twice or a unit conversion from another unit
  // than the key's.
  explicit ParameterTable(std::vector<Row> rows) : schema_(collect(rows)) {
    for (auto& row : rows) fills_.push_back(std::move(row.fill));
  }

  const ParameterSchema& schema() const { return schema_; }

  // Whether `path` is a key of the table that fills a field (not a document_only key).
  bool fills(const std::string& path) const {
    const auto& parameters = schema_.parameters();
    for (std::size_t i = 0; i < parameters.size(); ++i) {
      if (parameters[i].path == path) return static_cast<bool>(fills_[i]);
    }
    return false;
  }

  // Writes every bound key present in `effective` (a document validate_and_fill accepted) into
  // `target`; absent optional keys leave their field as it is. `source` names the document in
  // the errors a conversion may throw ("source: key").
  void fill(Target& target, const nlohmann::json& effective, const std::string& source) const {
    const auto& parameters = schema_.parameters();
    for (std::size_t i = 0; i < parameters.size(); ++i) {
      if (!fills_[i]) continue;
      const nlohmann::json* value = find_json_path(effective, parameters[i].path);
      if (value == nullptr || value->is_null()) continue;
      fills_[i](target, *value, source + ": " + parameters[i].path);
    }
  }

 private:
  static std::vector<Parameter> collect(const std::vector<Row>& rows) {
    std::vector<Parameter> parameters;
    for (const auto& row : rows) {
      for (const auto& p : parameters) {
        if (p.path == row.parameter.path) throw std::logic_error("parameter declared twice: " + p.path);
      }
      if (row.conversion_unit != nullptr && row.parameter.unit != row.conversion_unit) {
        throw std::logic_error("parameter " + row.parameter.path + " in " + row.parameter.unit +
                               " has a conversion from " + row.conversion_unit);
      }
      parameters.push_back(row.parameter);
    }
    return parameters;
  }

  ParameterSchema schema_;
  std::vector<typename Row::Fill> fills_;
};

}  // namespace ssdtlm
