#include "scene_runner/fuzz/fuzz_mutations.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <cstring>

namespace billow::scene_fuzz {

namespace {

using nlohmann::json;

// Numbers at and past every boundary a scene has: zero and signs, denormals and float underflow,
// float and double overflow, 32- and 64-bit integer limits, the grid's bounds.
const std::vector<std::string> kExtremeNumbers = {
    "0", "-0.0", "-1", "1", "0.5", "2", "1e-300", "5e-324", "1e-45", "1e-39", "1e-7", "1e30", "3.5e38", "1e39",
    "1e300", "1.7976931348623157e308", "-1e300", "2147483647", "4294967295", "4294967296", "18446744073709551615",
    "1e19", "16384", "16385", "65535", "1e7", "10000001", "123456789"};
const std::vector<std::string> kWrongTypes = {"\"text\"", "true", "null", "[]", "{}", "[1, 2, 3]", "{\"x\": 1}", "\"\"", "[[0, 0]]"};
const std::vector<std::string> kWords = {"\"periodic\"", "\"water\"", "\"smoke\"", "\"mask\"", "\"multigridPCG\"",
                                         "\"float16\"", "\"dig\"", "\"../../x\"", "\"\\u0000\"", "\"gif\"", "\"mp4\""};
const std::vector<std::string> kNanLike = {"NaN", "nan", "Infinity", "-Infinity", "1e999", "-1e999", "0x10", "+1",
                                           ".5", "1.", "01", "1e", "--1", "1e+", "-"};

std::string deepNesting(size_t depth, bool objects) {
    std::string text;
    for (size_t k = 0; k < depth; ++k) text += objects ? "{\"a\": " : "[";
    text += "1";
    for (size_t k = 0; k < depth; ++k) text += objects ? "}" : "]";
    return text;
}

std::string hugeArray(size_t count) {
    std::string text = "[";
    for (size_t k = 0; k < count; ++k) text += k ? ",0" : "0";
    return text + "]";
}

// Every value's JSON pointer (the document itself excluded).
void collect(const json& value, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
    if (value.is_object())
        for (const auto& [key, child] : value.items()) {
            out.push_back(at / key);
            collect(child, at / key, out);
        }
    if (value.is_array())
        for (size_t k = 0; k < value.size(); ++k) {
            out.push_back(at / k);
            collect(value[k], at / k, out);
        }
}

// The document with the value at `at` replaced by raw text (which may not be valid JSON).
std::string withRawValue(json document, const json::json_pointer& at, const std::string& raw) {
    const std::string hole = "\"@@hole@@\"";
    document[at] = "@@hole@@";
    std::string text = document.dump(1);
    return text.replace(text.find(hole), hole.size(), raw);
}

std::string pick(const std::vector<std::string>& list, Random& random) { return list[random.below(list.size())]; }

uint32_t crc32(const unsigned char* data, size_t size) {
    uint32_t crc = 0xffffffffu;
    for (size_t k = 0; k < size; ++k) {
        crc ^= data[k];
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

void putBigEndian(std::string& bytes, size_t at, uint32_t value) {
    for (int k = 0; k < 4; ++k) bytes[at + k] = static_cast<char>((value >> (24 - 8 * k)) & 0xff);
}

} // namespace

uint64_t Random::next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Mutation mutateStructure(const std::string& sceneText, Random& random) {
    json document = json::parse(sceneText, nullptr, true, true);
    std::vector<json::json_pointer> paths;
    collect(document, json::json_pointer(), paths);
    const json::json_pointer at = paths[random.below(paths.size())];
    const std::string where = at.to_string();
    switch (random.below(10)) {
    case 0: {
        json parent = document[at.parent_pointer()];
        if (parent.is_object()) document[at.parent_pointer()].erase(at.back());
        else document[at.parent_pointer()].erase(std::stoul(at.back()));
        return {"delete " + where, document.dump(1)};
    }
    case 1: {
        const std::string raw = pick(kWrongTypes, random);
        return {where + " = " + raw, withRawValue(document, at, raw)};
    }
    case 2:
    case 3: {
        // Numbers most often: they hide the boundary cases.
        std::string raw = pick(kExtremeNumbers, random);
        if (random.below(3) == 0 && raw[0] != '-') raw = "-" + raw;
        return {where + " = " + raw, withRawValue(document, at, raw)};
    }
    case 4: {
        const std::string raw = pick(kWords, random);
        return {where + " = " + raw, withRawValue(document, at, raw)};
    }
    case 5: {
        static const size_t depths[] = {33, 200, 5000, 100000};
        const size_t depth = depths[random.below(4)];
        const bool objects = random.below(2) == 0;
        return {where + " nested " + std::to_string(depth) + (objects ? " objects" : " arrays") + " deep",
                withRawValue(document, at, deepNesting(depth, objects))};
    }
    case 6: {
        const size_t count = random.below(2) ? 100001 : 5000;
        return {where + " = array of " + std::to_string(count) + " zeros", withRawValue(document, at, hugeArray(count))};
    }
    case 7: {
        const size_t length = random.below(2) ? 4097 : 100000;
        return {where + " = string of " + std::to_string(length), withRawValue(document, at, "\"" + std::string(length, 'x') + "\"")};
    }
    case 8: {
        // A key given twice in its object (or an array element repeated 2000 times).
        json& parent = document[at.parent_pointer()];
        if (parent.is_object()) {
            const std::string key = at.back();
            std::string text = withRawValue(document, at, "1");
            const std::string member = "\"" + key + "\": 1";
            const size_t found = text.find(member);
            if (found != std::string::npos) text.insert(found, member + ", ");
            return {"key " + where + " twice", text};
        }
        const json element = parent[std::stoul(at.back())];
        for (int k = 0; k < 2000; ++k) parent.push_back(element);
        return {where + " repeated 2000 times", document.dump(1)};
    }
    default: {
        json& parent = document[at.parent_pointer()];
        if (parent.is_object()) {
            // A plain typo, or the key itself with a NUL after it (the message must quote it
            // escaped, not cut at the NUL into the valid key).
            const std::string key = random.below(2) ? std::string("unknownKey") : at.back() + std::string(1, '\0');
            parent[key] = 1;
            return {"unknown key beside " + where, document.dump(1)};
        }
        return {where + " = {}", withRawValue(document, at, "{}")};
    }
    }
}

Mutation mutateText(const std::string& sceneText, Random& random) {
    std::string text = sceneText;
    switch (random.below(6)) {
    case 0: {
        const size_t at = random.below(text.size());
        return {"truncated at byte " + std::to_string(at), text.substr(0, at)};
    }
    case 1: {
        std::string what = "bytes flipped at";
        for (size_t n = 1 + random.below(3); n > 0; --n) {
            const size_t at = random.below(text.size());
            text[at] = static_cast<char>(random.below(256));
            what.append(1, ' ').append(std::to_string(at));
        }
        return {what, text};
    }
    case 2:
    case 3: {
        // A number token (a digit not inside a string, roughly) replaced by a NaN-like token.
        std::vector<size_t> digits;
        bool inString = false;
        for (size_t k = 0; k < text.size(); ++k) {
            if (text[k] == '"' && (k == 0 || text[k - 1] != '\\')) inString = !inString;
            if (!inString && text[k] >= '0' && text[k] <= '9' && (k == 0 || !std::isalnum(static_cast<unsigned char>(text[k - 1]))))
                digits.push_back(k);
        }
        if (digits.empty()) return {"unchanged", text};
        size_t start = digits[random.below(digits.size())];
        size_t end = start;
        while (end < text.size() && std::strchr("0123456789.eE+-", text[end])) ++end;
        const std::string token = pick(kNanLike, random);
        return {"number at byte " + std::to_string(start) + " = " + token, text.replace(start, end - start, token)};
    }
    case 4: {
        const size_t at = random.below(text.size());
        const size_t length = 1 + random.below(std::min<size_t>(64, text.size() - at));
        return {"deleted " + std::to_string(length) + " bytes at " + std::to_string(at), text.erase(at, length)};
    }
    default: {
        for (char& c : text)
            if (c == '{' || c == '[') {
                if (random.below(4) == 0) {
                    c = c == '{' ? '[' : '{';
                    break;
                }
            }
        return {"a bracket swapped", text};
    }
    }
}

std::string npyBytes(const std::vector<uint64_t>& shape, float value) {
    std::string dims;
    uint64_t count = 1;
    for (size_t k = 0; k < shape.size(); ++k) {
        dims += (k ? ", " : "") + std::to_string(shape[k]);
        count *= shape[k];
    }
    if (shape.size() == 1) dims += ",";
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims + "), }";
    header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
    header += '\n';
    std::string bytes = "\x93NUMPY";
    bytes += '\x01';
    bytes += '\x00';
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    bytes += header;
    for (uint64_t k = 0; k < count; ++k) bytes.append(reinterpret_cast<const char*>(&value), 4);
    return bytes;
}

Mutation mutateNpy(const std::string& npy, Random& random) {
    std::string bytes = npy;
    const size_t shapeAt = bytes.find("'shape': (");
    const size_t shapeEnd = bytes.find(')', shapeAt);
    auto withShape = [&](const std::string& shape) {
        std::string b = bytes;
        return b.replace(shapeAt + 10, shapeEnd - shapeAt - 10, shape);
    };
    auto withDescr = [&](const std::string& descr) {
        std::string b = bytes;
        return b.replace(b.find("<f4"), 3, descr);
    };
    switch (random.below(12)) {
    case 0: return {"shape wraps to 0 (2^32 x 2^32)", withShape("4294967296, 4294967296")};
    case 1: return {"shape 2^64 wraps", withShape("18446744073709551616,")};
    case 2: return {"shape product overflows", withShape("65536, 65536, 65536, 65536")};
    case 3: return {"scalar shape", withShape("")};
    case 4: return {"negative shape", withShape("-1, 5")};
    case 5: {
        static const char* descrs[] = {"<f2", ">f4", "|u1", "<i4", "<c8", "xyz"};
        const std::string d = descrs[random.below(6)];
        return {"descr " + d, withDescr(d)};
    }
    case 6: {
        bytes[8] = '\xff';
        bytes[9] = '\xff';
        return {"header length 65535", bytes};
    }
    case 7: {
        bytes[6] = static_cast<char>(random.below(2) ? 2 : 4);
        return {"version " + std::to_string(int(bytes[6])), bytes};
    }
    case 8: {
        const size_t at = random.below(bytes.size());
        return {"truncated at byte " + std::to_string(at), bytes.substr(0, at)};
    }
    case 9: {
        // NaN or infinity in the data.
        const float bad = random.below(2) ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
        std::memcpy(&bytes[bytes.size() - 4], &bad, 4);
        return {"a non-finite value", bytes};
    }
    case 10: {
        std::string b = bytes;
        b.replace(b.find("False"), 5, "True ");
        return {"fortran order", b};
    }
    default: {
        std::string what = "header bytes flipped at";
        const size_t headerEnd = bytes.find('\n');
        for (size_t n = 1 + random.below(3); n > 0; --n) {
            const size_t at = random.below(headerEnd);
            bytes[at] = static_cast<char>(random.below(256));
            what.append(1, ' ').append(std::to_string(at));
        }
        return {what, bytes};
    }
    }
}

Mutation mutatePng(const std::string& png, Random& random) {
    std::string bytes = png;
    switch (random.below(6)) {
    case 0: {
        const size_t at = random.below(bytes.size());
        return {"truncated at byte " + std::to_string(at), bytes.substr(0, at)};
    }
    case 1: {
        std::string what = "bytes flipped at";
        for (size_t n = 1 + random.below(4); n > 0; --n) {
            const size_t at = random.below(bytes.size());
            bytes[at] = static_cast<char>(random.below(256));
            what.append(1, ' ').append(std::to_string(at));
        }
        return {what, bytes};
    }
    case 2:
    case 3: {
        // IHDR (bytes 16..28 after the signature and chunk header) claims a huge picture; the
        // chunk's CRC is recomputed so libpng accepts the header and only the size bound remains.
        static const std::array<std::pair<uint32_t, uint32_t>, 4> sizes = {
            {{100000, 100000}, {16384, 16384}, {0x7fffffff, 1}, {1, 0x7fffffff}}};
        const auto [w, h] = sizes[random.below(sizes.size())];
        putBigEndian(bytes, 16, w);
        putBigEndian(bytes, 20, h);
        putBigEndian(bytes, 29, crc32(reinterpret_cast<const unsigned char*>(bytes.data()) + 12, 17));
        return {"header claims " + std::to_string(w) + " x " + std::to_string(h), bytes};
    }
    case 4: return {"empty file", ""};
    default: {
        std::string noise(1 + random.below(200), '\0');
        for (char& c : noise) c = static_cast<char>(random.below(256));
        return {"PNG signature then noise", bytes.substr(0, 8) + noise};
    }
    }
}

} // namespace billow::scene_fuzz
