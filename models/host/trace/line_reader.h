#pragma once
// Streams a text file line by line through one fixed buffer: a trace of any length costs the
// same memory. POSIX read() rather than iostreams because getline() alone would eat most of
// the one-microsecond budget per line.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ssdtlm {

class LineReader {
 public:
  // A longer line is rejected (ConfigError "<path>:<line>: line longer than ..."): trace lines
  // are a few dozen bytes (a fio log's file name at most PATH_MAX), and without a bound a file
  // with no newline (/dev/zero, a corrupt or binary file) would be buffered until memory runs out.
  static constexpr std::size_t kMaxLineBytes = std::size_t{64} << 10;

  // Throws ConfigError "<path>: cannot open: <reason>".
  explicit LineReader(std::string path);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line without its "\n" or "\r\n"; valid until the next call. A last line
  // without a newline is still a line (a truncated trace keeps its torn tail visible). Throws
  // ConfigError for a line longer than kMaxLineBytes.
  bool next(std::string_view& line);
  std::uint64_t line_number() const { return line_number_; }  // of the line last returned
  void rewind();
  const std::string& path() const { return path_; }

 private:
  bool fill();  // reads more; false at end of file
  [[noreturn]] void line_too_long() const;

  std::string path_;
  int fd_ = -1;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;  // first unread byte
  std::size_t end_ = 0;    // one past the last valid byte
  bool at_eof_ = false;
  std::uint64_t line_number_ = 0;
};

}  // namespace ssdtlm
