// A small XML reader for the tests: checks that a document is well-formed (one root element,
// tags nested and closed, attributes quoted and unique, entities known, no stray '<' or '&') and
// returns its elements, so tests can count them and read their attributes and text.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rings::test {

struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;  // the character data directly inside it, entities decoded
  std::optional<std::size_t> parent;

  bool has_class(std::string_view cls) const {
    const auto it = attributes.find("class");
    if (it == attributes.end()) return false;
    std::string_view all = it->second;
    while (!all.empty()) {
      const auto space = all.find(' ');
      if (all.substr(0, space) == cls) return true;
      if (space == std::string_view::npos) break;
      all.remove_prefix(space + 1);
    }
    return false;
  }
};

struct XmlDocument {
  std::vector<XmlElement> elements;  // in document order; elements[0] is the root
  std::string error;                 // empty when well-formed

  bool ok() const { return error.empty(); }
  std::vector<const XmlElement*> with_class(std::string_view cls) const {
    std::vector<const XmlElement*> out;
    for (const auto& e : elements)
      if (e.has_class(cls)) out.push_back(&e);
    return out;
  }
  std::vector<const XmlElement*> named(std::string_view name) const {
    std::vector<const XmlElement*> out;
    for (const auto& e : elements)
      if (e.name == name) out.push_back(&e);
    return out;
  }
  /// The children of element `i`.
  std::vector<const XmlElement*> children(std::size_t i) const {
    std::vector<const XmlElement*> out;
    for (const auto& e : elements)
      if (e.parent == i) out.push_back(&e);
    return out;
  }
};

namespace detail {

inline bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == ':' || c == '.' || static_cast<unsigned char>(c) >= 0x80;
}

// Decodes the entities of `raw` into `out`; false on an unknown or unterminated one, or a '<'.
inline bool decode(std::string_view raw, std::string& out) {
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '<') return false;
    if (raw[i] != '&') {
      out += raw[i];
      continue;
    }
    const auto end = raw.find(';', i);
    if (end == std::string_view::npos) return false;
    const auto name = raw.substr(i + 1, end - i - 1);
    if (name == "amp")
      out += '&';
    else if (name == "lt")
      out += '<';
    else if (name == "gt")
      out += '>';
    else if (name == "quot")
      out += '"';
    else if (name == "apos")
      out += '\'';
    else if (name.size() > 1 && name[0] == '#')
      out += '?';  // a character reference
    else
      return false;
    i = end;
  }
  return true;
}

}  // namespace detail

inline XmlDocument parse_xml(std::string_view s) {
  XmlDocument doc;
  std::vector<std::size_t> open;
  std::size_t i = 0;
  bool root_closed = false;
  const auto fail = [&](const std::string& what) {
    doc.error = "offset " + std::to_string(i) + ": " + what;
    return doc;
  };
  const auto skip_space = [&] {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r')) ++i;
  };
  const auto name = [&] {
    const std::size_t start = i;
    while (i < s.size() && detail::is_name_char(s[i])) ++i;
    return std::string(s.substr(start, i - start));
  };
  if (s.substr(0, 5) == "<?xml") {
    i = s.find("?>");
    if (i == std::string_view::npos) return fail("unterminated XML declaration");
    i += 2;
  }
  while (i < s.size()) {
    if (s[i] != '<') {
      const auto next = s.find('<', i);
      const auto raw = s.substr(i, next == std::string_view::npos ? s.npos : next - i);
      std::string text;
      if (!detail::decode(raw, text)) return fail("bad character data");
      if (open.empty() && text.find_first_not_of(" \n\t\r") != std::string::npos)
        return fail("text outside the root element");
      if (!open.empty()) doc.elements[open.back()].text += text;
      i += raw.size();
      continue;
    }
    if (s.substr(i, 4) == "<!--") {
      const auto end = s.find("-->", i);
      if (end == std::string_view::npos) return fail("unterminated comment");
      i = end + 3;
      continue;
    }
    if (s.substr(i, 2) == "</") {
      i += 2;
      const std::string n = name();
      skip_space();
      if (i >= s.size() || s[i] != '>') return fail("expected '>' after </" + n);
      ++i;
      if (open.empty() || doc.elements[open.back()].name != n)
        return fail("unexpected </" + n + ">");
      open.pop_back();
      if (open.empty()) root_closed = true;
      continue;
    }
    ++i;
    if (root_closed) return fail("a second root element");
    XmlElement e;
    e.name = name();
    if (e.name.empty()) return fail("expected an element name after '<'");
    if (!open.empty()) e.parent = open.back();
    for (;;) {
      const std::size_t before = i;
      skip_space();
      if (i >= s.size()) return fail("unterminated tag <" + e.name);
      if (s[i] == '>' || s.substr(i, 2) == "/>") break;
      if (i == before) return fail("expected white space between attributes");
      const std::string attr = name();
      if (attr.empty()) return fail("expected an attribute name");
      skip_space();
      if (i >= s.size() || s[i] != '=') return fail("expected '=' after " + attr);
      ++i;
      skip_space();
      if (i >= s.size() || (s[i] != '"' && s[i] != '\'')) return fail("unquoted attribute " + attr);
      const char q = s[i++];
      const auto end = s.find(q, i);
      if (end == std::string_view::npos) return fail("unterminated attribute " + attr);
      std::string value;
      if (!detail::decode(s.substr(i, end - i), value)) return fail("bad attribute " + attr);
      if (!e.attributes.emplace(attr, value).second) return fail("repeated attribute " + attr);
      i = end + 1;
    }
    const bool empty = s[i] == '/';
    i += empty ? 2 : 1;
    doc.elements.push_back(std::move(e));
    if (empty) {
      if (open.empty()) root_closed = true;
    } else {
      open.push_back(doc.elements.size() - 1);
    }
  }
  if (!open.empty()) return fail("unclosed <" + doc.elements[open.back()].name + ">");
  if (!root_closed) return fail("no root element");
  return doc;
}

}  // namespace rings::test
