#pragma once
// LoopCallback: the callable an EventLoop entry runs. Like std::function<void()> (copyable,
// empty when default-constructed, built implicitly from any lambda), but it keeps callables of
// up to kInlineBytes in place instead of allocating (std::function allocates beyond 16 bytes,
// i.e. for most of the model's lambdas, which capture `this` and two or three more words), and
// a callable that is trivially copyable and destructible (a lambda capturing pointers and
// integers) is moved with a fixed-size copy and destroyed with nothing, without an indirect call.
// The loop runs tens of these per host I/O.
#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace ssdtlm {

class LoopCallback {
 public:
  static constexpr std::size_t kInlineBytes = 48;

  LoopCallback() noexcept = default;
  LoopCallback(std::nullptr_t) noexcept {}  // NOLINT: as std::function

  template <typename F, typename Callable = std::decay_t<F>,
            typename = std::enable_if_t<!std::is_same_v<Callable, LoopCallback> &&
                                        std::is_invocable_r_v<void, Callable&>>>
  LoopCallback(F&& callable) {  // NOLINT: implicit, as std::function
    construct(std::forward<F>(callable));
  }

  // Replaces the callable by `callable` (a lambda, or another LoopCallback), built in place.
  template <typename F>
  void assign(F&& callable) {
    if constexpr (std::is_same_v<std::decay_t<F>, LoopCallback>) {
      *this = std::forward<F>(callable);
    } else {
      reset();
      construct(std::forward<F>(callable));
    }
  }
  // assign() into a callback known to be empty (the event loop's free slots): nothing to release.
  template <typename F>
  void assign_empty(F&& callable) {
    if constexpr (std::is_same_v<std::decay_t<F>, LoopCallback>) {
      *this = std::forward<F>(callable);
    } else {
      construct(std::forward<F>(callable));
    }
  }

  LoopCallback(const LoopCallback& other) : invoke_(other.invoke_), ops_(other.ops_) {
    if (ops_ != nullptr) {
      ops_->copy(other.storage_, storage_);
    } else if (invoke_ != nullptr) {
      std::memcpy(storage_, other.storage_, kInlineBytes);
    }
  }
  LoopCallback(LoopCallback&& other) noexcept : invoke_(other.invoke_), ops_(other.ops_) { relocate_from(other); }
  LoopCallback& operator=(const LoopCallback& other) {
    if (this != &other) {
      LoopCallback copy(other);
      *this = std::move(copy);
    }
    return *this;
  }
  LoopCallback& operator=(LoopCallback&& other) noexcept {
    if (this != &other) {
      reset();
      invoke_ = other.invoke_;
      ops_ = other.ops_;
      relocate_from(other);
    }
    return *this;
  }
  ~LoopCallback() { reset(); }

  explicit operator bool() const noexcept { return invoke_ != nullptr; }
  // Calls the callable (which must be set), as std::function: const, the callable may mutate.
  void operator()() const { invoke_(const_cast<unsigned char*>(storage_)); }
  // Calls the callable once and empties the callback (the event loop's entries).
  void call_and_reset() {
    invoke_(storage_);
    reset();
  }

  void reset() noexcept {
    if (ops_ != nullptr) ops_->destroy(storage_);
    invoke_ = nullptr;
    ops_ = nullptr;
  }

 private:
  // What a callable that is not trivially copyable and destructible needs besides its call.
  struct Ops {
    void (*copy)(const void* from, void* to);
    void (*move)(void* from, void* to);  // leaves `from` destroyed
    void (*destroy)(void* storage);
  };

  template <typename Callable>
  static constexpr bool fits_inline() {
    return sizeof(Callable) <= kInlineBytes && alignof(Callable) <= alignof(std::max_align_t) &&
           std::is_nothrow_move_constructible_v<Callable>;
  }
  template <typename Callable>
  static constexpr bool trivial() {
    return std::is_trivially_copyable_v<Callable> && std::is_trivially_destructible_v<Callable>;
  }

  template <typename Callable>
  static void invoke_inline(void* storage) {
    (*static_cast<Callable*>(storage))();
  }
  template <typename Callable>
  static void invoke_heap(void* storage) {
    (**static_cast<Callable**>(storage))();
  }
  template <typename Callable>
  static constexpr Ops kInlineOps{
      [](const void* from, void* to) { ::new (to) Callable(*static_cast<const Callable*>(from)); },
      [](void* from, void* to) {
        ::new (to) Callable(std::move(*static_cast<Callable*>(from)));
        static_cast<Callable*>(from)->~Callable();
      },
      [](void* storage) { static_cast<Callable*>(storage)->~Callable(); }};
  template <typename Callable>
  static constexpr Ops kHeapOps{
      [](const void* from, void* to) { *static_cast<Callable**>(to) = new Callable(**static_cast<Callable* const*>(from)); },
      [](void* from, void* to) { *static_cast<Callable**>(to) = *static_cast<Callable**>(from); },
      [](void* storage) { delete *static_cast<Callable**>(storage); }};

  template <typename F>
  void construct(F&& callable) {
    using Callable = std::decay_t<F>;
    if constexpr (std::is_same_v<Callable, std::nullptr_t>) {
      return;
    } else if constexpr (fits_inline<Callable>()) {
      ::new (static_cast<void*>(storage_)) Callable(std::forward<F>(callable));
      invoke_ = &invoke_inline<Callable>;
      if constexpr (!trivial<Callable>()) ops_ = &kInlineOps<Callable>;
    } else {
      *reinterpret_cast<Callable**>(storage_) = new Callable(std::forward<F>(callable));
      invoke_ = &invoke_heap<Callable>;
      ops_ = &kHeapOps<Callable>;
    }
  }

  // Takes over `other`'s callable (invoke_ and ops_ already copied from it) and empties `other`.
  void relocate_from(LoopCallback& other) noexcept {
    if (ops_ != nullptr) {
      ops_->move(other.storage_, storage_);
    } else if (invoke_ != nullptr) {
      std::memcpy(storage_, other.storage_, kInlineBytes);
    }
    other.invoke_ = nullptr;
    other.ops_ = nullptr;
  }

  alignas(std::max_align_t) unsigned char storage_[kInlineBytes];
  void (*invoke_)(void* storage) = nullptr;  // nullptr: empty
  // nullptr for a trivially copyable and destructible callable (a lambda capturing pointers and
  // integers): copied with a fixed-size copy, destroyed with nothing, without an indirect call.
  const Ops* ops_ = nullptr;
};

}  // namespace ssdtlm
