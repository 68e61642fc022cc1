#pragma once
// ExtentTree: the B+-tree that holds the multi-reference store's translation layer
// ([Weiss et al. 2015] Fig. 1a: index nodes above leaf nodes of extent entries), keyed by the
// extent's logical start.
//   * Leaves hold up to `fanout` extents in logical order and are chained both ways, so a
//     scan walks the leaves without touching the index (the scanner's traversal).
//   * Index nodes hold up to `fanout` separator keys; child i holds the keys in
//     [keys[i-1], keys[i]).
//   * Inserts split full nodes (the upper half moves to a new right sibling).
//   * Deletes free a node only when it becomes empty and do not rebalance: underfull nodes
//     are allowed ("free at empty"), which keeps deletion simple and, for mixed insert/delete
//     workloads, costs little in height; a root index node left with one child is collapsed.
// Iterators stay valid until the next insert or erase.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "models/ftl/multi_reference/extent.h"

namespace ssdtlm::multi_reference {

class ExtentTree {
  struct Inner;
  struct Node {
    explicit Node(bool is_leaf) : leaf(is_leaf) {}
    bool leaf;
    Inner* parent = nullptr;
  };
  struct Leaf : Node {
    Leaf() : Node(true) {}
    std::vector<Extent> items;
    Leaf* prev = nullptr;
    Leaf* next = nullptr;
  };
  struct Inner : Node {
    Inner() : Node(false) {}
    std::vector<Lba> keys;
    std::vector<Node*> children;
  };

 public:
  class Iterator {
   public:
    Iterator() = default;
    const Extent& operator*() const { return leaf_->items[index_]; }
    const Extent* operator->() const { return &leaf_->items[index_]; }
    Iterator& operator++();
    Iterator& operator--();  // from end(): the last extent
    bool operator==(const Iterator& other) const { return leaf_ == other.leaf_ && index_ == other.index_; }
    bool operator!=(const Iterator& other) const { return !(*this == other); }

   private:
    friend class ExtentTree;
    Iterator(const ExtentTree* tree, Leaf* leaf, std::size_t index) : tree_(tree), leaf_(leaf), index_(index) {}
    const ExtentTree* tree_ = nullptr;
    Leaf* leaf_ = nullptr;  // nullptr: end()
    std::size_t index_ = 0;
  };

  explicit ExtentTree(std::size_t fanout = 32);
  ~ExtentTree();
  ExtentTree(const ExtentTree&) = delete;
  ExtentTree& operator=(const ExtentTree&) = delete;

  Iterator begin() const;
  Iterator end() const { return Iterator(this, nullptr, 0); }
  Iterator lower_bound(Lba key) const;  // first extent starting at or after key
  Iterator upper_bound(Lba key) const;  // first extent starting after key
  // The key (logical start) must not be present.
  Iterator insert(const Extent& extent);
  Iterator erase(Iterator it);  // returns the iterator to the next extent
  // Length and physical start may change in place; the logical start (the key) may not.
  Extent& mutable_value(Iterator it) { return it.leaf_->items[it.index_]; }

  std::size_t size() const { return size_; }
  std::size_t height() const;  // 1 for a lone leaf
  std::uint64_t descents() const { return descents_; }  // root-to-leaf walks so far

 private:
  Leaf* find_leaf(Lba key) const;
  template <typename Search>
  Iterator bound(Lba key, Search search) const;
  Leaf* leftmost() const;
  Leaf* rightmost() const;
  void split_leaf(Leaf* leaf);
  void split_inner(Inner* inner);
  void insert_into_parent(Node* left, Lba key, Node* right);
  void remove_child(Inner* parent, Node* child);
  void collapse_root();
  static void destroy(Node* node);

  std::size_t fanout_;
  Node* root_;
  std::size_t size_ = 0;
  mutable std::uint64_t descents_ = 0;
};

}  // namespace ssdtlm::multi_reference
