#include "models/host/trace/line_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "models/common/config/config_error.h"

namespace ssdtlm {
namespace {
constexpr std::size_t kBufferBytes = 1 << 20;
// A partial line never fills the buffer (next() stops it at kMaxLineBytes), so it never grows.
static_assert(kBufferBytes > 2 * (LineReader::kMaxLineBytes + 1));
}

LineReader::LineReader(std::string path) : path_(std::move(path)), buffer_(kBufferBytes) {
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) throw config_error(path_, std::string("cannot open: ") + std::strerror(errno));
}

LineReader::~LineReader() {
  if (fd_ >= 0) ::close(fd_);
}

bool LineReader::fill() {
  if (at_eof_) return false;
  if (begin_ > 0) {  // keep the partial line, make room behind it
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  for (;;) {
    const ssize_t got = ::read(fd_, buffer_.data() + end_, buffer_.size() - end_);
    if (got > 0) {
      end_ += static_cast<std::size_t>(got);
      return true;
    }
    if (got == 0) {
      at_eof_ = true;
      return false;
    }
    if (errno != EINTR) throw config_error(path_, std::string("cannot read: ") + std::strerror(errno));
  }
}

bool LineReader::next(std::string_view& line) {
  std::size_t searched = begin_;
  for (;;) {
    const void* newline = std::memchr(buffer_.data() + searched, '\n', end_ - searched);
    if (newline != nullptr) {
      const std::size_t stop = static_cast<std::size_t>(static_cast<const char*>(newline) - buffer_.data());
      std::size_t length = stop - begin_;
      if (length > 0 && buffer_[stop - 1] == '\r') --length;
      if (length > kMaxLineBytes) line_too_long();
      line = std::string_view(buffer_.data() + begin_, length);
      begin_ = stop + 1;
      ++line_number_;
      return true;
    }
    const std::size_t unread = end_ - begin_;
    if (unread > kMaxLineBytes + 1) line_too_long();  // + 1: room for a "\r" before the "\n"
    if (!fill()) {
      if (begin_ == end_) return false;
      std::size_t length = end_ - begin_;
      if (buffer_[end_ - 1] == '\r') --length;
      if (length > kMaxLineBytes) line_too_long();
      line = std::string_view(buffer_.data() + begin_, length);
      begin_ = end_;
      ++line_number_;
      return true;
    }
    searched = begin_ + unread;  // fill() moved the partial line to the front
  }
}

void LineReader::line_too_long() const {
  throw config_error(path_ + ":" + std::to_string(line_number_ + 1),
                     "line longer than " + std::to_string(kMaxLineBytes) +
                         " bytes (not a text trace, or a corrupt one)");
}

void LineReader::rewind() {
  if (::lseek(fd_, 0, SEEK_SET) < 0) {
    throw config_error(path_, std::string("cannot rewind: ") + std::strerror(errno));
  }
  begin_ = end_ = 0;
  at_eof_ = false;
  line_number_ = 0;
}

}  // namespace ssdtlm
